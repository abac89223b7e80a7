/**
 * What every command of the admin CLI gets from its declaration in the table
 * (admin/command.ts, admin/cli.ts), whatever its options: the synopsis of the
 * help, its own help, the required options, blank and unknown options, and
 * the refusal of unsafe characters in any value.
 */
import { ADMIN_USAGE, COMMANDS, executeAdminCommand, parseAdminCommand } from '../../../admin/cli';
import { UsageError } from '../../../admin/errors';

const refusal = (argv: string[]): string => {
  try {
    parseAdminCommand(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`${JSON.stringify(argv)} was accepted`);
};

it('the table is the whole CLI: unique words and kinds, each command in the help', () => {
  expect(COMMANDS.length).toBeGreaterThanOrEqual(15);
  expect(new Set(COMMANDS.map((c) => c.words)).size).toBe(COMMANDS.length);
  expect(new Set(COMMANDS.map((c) => c.kind)).size).toBe(COMMANDS.length);
  for (const command of COMMANDS) expect(ADMIN_USAGE).toContain(`\n  ${command.words}`);
});

/** A command's string options that are not aliases: the ones whose text is checked. */
const textOptions = (command: (typeof COMMANDS)[number]) =>
  Object.entries(command.options).flatMap(([name, option]) =>
    option.type === 'string' && option.aliasOf === undefined ? [{ name, required: option.required === true }] : [],
  );

/** Every required option of `command` but `except`, with a text the text checks pass (the value checks come after them). */
const requiredBut = (command: (typeof COMMANDS)[number], except: string) =>
  textOptions(command)
    .filter((o) => o.required && o.name !== except)
    .flatMap((o) => [`--${o.name}`, 'x']);

describe.each(COMMANDS.map((command) => [command.words, command] as const))('%s', (words, command) => {
  const argv = words.split(' ');
  const options = Object.entries(command.options);
  const strings = textOptions(command);

  it('the help synopsis names every option but the aliases: required ones bare, the others in brackets', () => {
    const line = ADMIN_USAGE.split('\n').find((l) => l.startsWith(`  ${words} `) || l === `  ${words}`)!;
    for (const [name, option] of options) {
      if (option.type === 'boolean') expect(line).toContain(`[--${name}]`);
      else if (option.aliasOf !== undefined) expect(line).not.toContain(`--${name} `);
      else expect(line).toContain(option.required ? ` --${name} ${option.value}` : `[--${name} ${option.value}]`);
    }
  });

  it('help with its words gives its options, aliases too, each with what it means', async () => {
    expect(parseAdminCommand(['help', ...argv])).toEqual({ kind: 'help', command: words });
    const { usage } = (await executeAdminCommand({ kind: 'help', command: words })) as { usage: string };
    expect(usage.split('\n')[0]).toMatch(new RegExp(`^Usage: npm run -s admin -- ${words}`));
    for (const [name, option] of options)
      expect(usage).toMatch(new RegExp(`--${name}\\b[^\\n]*\\n?\\s*${option.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('without options, the first required one is asked for; a command without any takes none', () => {
    const first = strings.find((o) => o.required);
    if (first) expect(refusal(argv)).toBe(`${words}: --${first.name} is required`);
    else expect(parseAdminCommand(argv)).toEqual({ kind: command.kind });
  });

  it('an unknown option is refused', () => {
    expect(refusal([...argv, '--colour', 'red'])).toMatch(new RegExp(`^${words}: (Unknown|unknown) option '?--colour`));
  });
});

const withText = COMMANDS.flatMap((command) => textOptions(command).map((option) => [command.words, option.name, option.required, command] as const));

it.each(withText)('%s: a blank --%s is refused, as missing when it is required (%s)', (words, name, required, command) => {
  expect(refusal([...words.split(' '), ...requiredBut(command, name), `--${name}=  `])).toBe(
    `${words}: --${name} ${required ? 'is required' : 'may not be blank; leave it out instead'}`,
  );
});

const withString = COMMANDS.flatMap((command) =>
  Object.entries(command.options).flatMap(([name, option]) => (option.type === 'string' ? [[command.words, name, command] as const] : [])),
);

it.each(withString)('%s: an escape character in --%s is refused, naming it and never showing the value', (words, name, command) => {
  expect(refusal([...words.split(' '), ...requiredBut(command, name), `--${name}`, 'a\u001b[2Jb'])).toBe(
    `${words}: --${name} may not hold control, bidirectional or invisible characters; it holds U+001B at character 2`,
  );
});
