/**
 * A command of the admin CLI, declared once: its words, its options (each
 * with its type, whether it is required, its placeholder, what it means and
 * how its value is checked), its help lines, and its handler. The parsing
 * (node:util parseArgs, docs/decisions.md "The admin CLI's parser"), the
 * checks every value gets and the synopsis are derived from the declaration.
 */
import { parseArgs } from 'node:util';
import { UsageError } from './errors';
import type { AdminIo } from './io';
import type { AdminTarget } from './target';
import { InvalidValue, unsafeCharacter, unsafeRefusal, type ValueParser } from './values';

export type OptionSpec =
  | { readonly type: 'boolean'; readonly description: string }
  | {
      readonly type: 'string';
      /** The value's placeholder in the synopsis: `N`, `ID`, `live|test`. */
      readonly value: string;
      readonly description: string;
      readonly required?: boolean;
      /** Checks and converts the value (given trimmed, never blank); without it the value is the text. */
      readonly parse?: ValueParser<unknown>;
      /** This option is another name of the option `aliasOf` (left out of the synopsis); giving both is refused. */
      readonly aliasOf?: string;
    };

export type Options = Readonly<Record<string, OptionSpec>>;

type ValueOf<S> = S extends { type: 'boolean' }
  ? boolean
  : (S extends { parse: ValueParser<infer T> } ? T : string) | (S extends { required: true } ? never : undefined);

/** The checked values of a command's options, by option name. */
export type Values<O extends Options> = { [K in keyof O]: ValueOf<O[K]> };

/** Where a command acts and what it reads besides its arguments. */
export type AdminContext = { target?: AdminTarget; io: AdminIo };

export type CommandSpec<K extends string, O extends Options, C> = {
  /** The parsed command's `kind`. */
  readonly kind: K;
  /** The words that name it: `company create`. */
  readonly words: string;
  readonly options: O;
  /**
   * Near credentials: an unknown option or a stray argument is refused
   * without being shown (it may be a credential pasted in the wrong place),
   * and an option that looks like a credential with the ways credentials are given.
   */
  readonly quiet?: boolean;
  /** The help's lines under the synopsis: what it prints, what it means. */
  readonly help: readonly string[];
  /** The command from its checked values: the rules across options; throws InvalidValue. */
  readonly build: (values: Values<O>) => C;
  readonly run: (command: C, context: AdminContext) => Promise<unknown>;
};

/** Any command of the table, whatever its options and its parsed form. */
export type AnyCommandSpec = {
  readonly kind: string;
  readonly words: string;
  readonly options: Options;
  readonly quiet?: boolean;
  readonly help: readonly string[];
  readonly build: (values: never) => unknown;
  readonly run: (command: never, context: AdminContext) => Promise<unknown>;
};

/** Declares a command, its types inferred from the declaration. */
export const defineCommand = <const K extends string, const O extends Options, C>(spec: CommandSpec<K, O, C>): CommandSpec<K, O, C> => spec;

type ParseArgsOptions = Record<string, { type: 'string' | 'boolean' }>;

/** Refuses any argument after the command that holds an unsafe character, naming its option (or its place), never showing it. */
const refuseUnsafeArguments = (command: string, args: string[], options: ParseArgsOptions): void => {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'option' && Object.hasOwn(options, token.name)) {
      const found = unsafeCharacter(token.value ?? '');
      if (found !== undefined) throw new UsageError(`${command}: ${unsafeRefusal(`--${token.name}`, found)}`);
    } else {
      const found = unsafeCharacter(args[token.index]!);
      if (found !== undefined) throw new UsageError(`${command}: ${unsafeRefusal(`argument #${token.index + 1} after "${command}"`, found)}`);
    }
  }
};

/** Option names that would carry a secret on the command line, where it stays in the shell history and shows in the process list. */
const SECRET_OPTION = /secret|password|passwd|credential|token|api[-_]?key|private[-_]?key|^key$/i;

/** What a quiet command refuses before the strict parse, whose messages quote what they refuse. */
const refuseQuietly = (command: string, args: string[], options: ParseArgsOptions): void => {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option' && !Object.hasOwn(options, token.name)) {
      if (SECRET_OPTION.test(token.name)) {
        throw new UsageError(
          `${command}: credentials are never taken from an argument (${token.rawName}): it would stay in the shell history and show in the process list. ` +
            'Put them in a file and give --credentials-file FILE, or pipe the JSON on stdin.',
        );
      }
      throw new UsageError(`${command}: unknown option ${token.rawName}`);
    }
    if (token.kind === 'positional')
      throw new UsageError(
        `${command}: unexpected argument #${token.index + 1} after "${command}" (not shown: it could be a credential); this command takes options only`,
      );
    if (token.kind === 'option-terminator') throw new UsageError(`${command}: unexpected "--"; this command takes options only`);
  }
};

/** The values of a command's options in `args` (what follows its words), every check of its table applied. */
const readValues = (spec: AnyCommandSpec, args: string[]): Record<string, unknown> => {
  const { words: command } = spec;
  const options = Object.entries(spec.options);
  const config: ParseArgsOptions = Object.fromEntries(options.map(([name, option]) => [name, { type: option.type }]));
  refuseUnsafeArguments(command, args, config);
  if (spec.quiet) refuseQuietly(command, args, config);
  let given: Record<string, string | boolean | undefined>;
  try {
    given = { ...parseArgs({ args, options: config, strict: true, allowPositionals: false }).values };
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message.replace(/\n/g, ' ')}`);
  }
  for (const [name, option] of options) {
    if (option.type !== 'string' || option.aliasOf === undefined || given[name] === undefined) continue;
    if (given[option.aliasOf] !== undefined) throw new InvalidValue(`give --${option.aliasOf} or --${name}, not both`);
    given[option.aliasOf] = given[name];
  }
  const texts = new Map<string, string>();
  for (const [name, option] of options) {
    if (option.type !== 'string' || option.aliasOf !== undefined) continue;
    const text = given[name] === undefined ? '' : String(given[name]).trim();
    if (text !== '') texts.set(name, text);
    else if (option.required) throw new InvalidValue(`--${name} is required`);
    else if (given[name] !== undefined) throw new InvalidValue(`--${name} may not be blank; leave it out instead`);
  }
  const values: Record<string, unknown> = {};
  for (const [name, option] of options) {
    if (option.type === 'boolean') values[name] = given[name] === true;
    const text = texts.get(name);
    if (option.type === 'string' && text !== undefined) values[name] = option.parse ? option.parse(text, `--${name}`) : text;
  }
  return values;
};

/** The parsed command of `spec` from `args` (what follows its words); throws UsageError. Pure: no I/O. */
export const parseCommand = (spec: AnyCommandSpec, args: string[]): { kind: string } => {
  try {
    const values = readValues(spec, args);
    return { kind: spec.kind, ...(spec.build as (values: Record<string, unknown>) => object)(values) };
  } catch (e) {
    if (e instanceof InvalidValue) throw new UsageError(`${spec.words}: ${e.message}`);
    throw e;
  }
};

const shownOptions = (spec: AnyCommandSpec) => Object.entries(spec.options).filter(([, option]) => option.type === 'boolean' || option.aliasOf === undefined);

/** The option as the synopsis writes it: `--name N`, `[--billing account|prepaid]`, `[--metric]`. */
const optionSynopsis = (name: string, option: OptionSpec): string => {
  if (option.type === 'boolean') return `[--${name}]`;
  const text = `--${name} ${option.value}`;
  return option.required ? text : `[${text}]`;
};

/** `company create --name N [--pricing-group default|parcel] ...`: the words, then each option but the aliases. */
export const synopsis = (spec: AnyCommandSpec): string => [spec.words, ...shownOptions(spec).map(([name, option]) => optionSynopsis(name, option))].join(' ');

/** Widest option column of a command's help; a longer option has its description on the next line. */
const OPTION_COLUMN = 24;

/** Every option of a command with what it means, aliases too: the help of one command. */
export const optionLines = (spec: AnyCommandSpec): string[] => {
  const rows = Object.entries(spec.options).map(
    ([name, option]) => [option.type === 'boolean' ? `--${name}` : `--${name} ${option.value}`, option.description] as const,
  );
  const width = Math.min(OPTION_COLUMN, Math.max(0, ...rows.map(([left]) => left.length)));
  return rows.flatMap(([left, description]) =>
    left.length > width ? [left, `${' '.repeat(width)}  ${description}`] : [`${left.padEnd(width)}  ${description}`],
  );
};
