/**
 * The admin CLI (docs/configuration.md, "Admin CLI"): the table of its
 * commands, the parse that picks one by its words, and the run on a target
 * (a running `npm start` or a deployed stage). bin/admin.ts is the thin
 * entry point; tests call parseAdminCommand and executeAdminCommand directly.
 */
import { isAppError } from '../shared/errors';
import { ItemNotFound } from '../shared/store/errors';
import { applyEnv } from '../local/env';
import { parseCommand, type AdminContext, type AnyCommandSpec } from './command';
import { batchList } from './commands/batch-list';
import { blacklistAdd } from './commands/blacklist-add';
import { boxCreate } from './commands/box-create';
import { carrierAccountAdd } from './commands/carrier-account-add';
import { carrierAccountList } from './commands/carrier-account-list';
import { carrierAccountPushCredentials } from './commands/carrier-account-push-credentials';
import { carrierAccountRemove } from './commands/carrier-account-remove';
import { companyCreate } from './commands/company-create';
import { keyCreate } from './commands/key-create';
import { keyRevoke } from './commands/key-revoke';
import { manifestList } from './commands/manifest-list';
import { pickupList } from './commands/pickup-list';
import { outboxList } from './commands/outbox-list';
import { pricingGroupSetPlan } from './commands/pricing-group-set-plan';
import { seed } from './commands/seed';
import { shipmentAdvance } from './commands/shipment-advance';
import { shipmentAudit } from './commands/shipment-audit';
import { AdminError, UsageError } from './errors';
import { processIo, type AdminIo } from './io';
import { resolveAdminTarget, targetEnv, type AdminTarget } from './target';
import { adminUsage, commandUsage } from './usage';
import { unsafeCharacter, unsafeRefusal } from './values';

/** Every command, in the order the help lists them. */
export const COMMANDS = [
  companyCreate,
  keyCreate,
  keyRevoke,
  boxCreate,
  blacklistAdd,
  seed,
  shipmentAdvance,
  shipmentAudit,
  manifestList,
  pickupList,
  batchList,
  outboxList,
  carrierAccountAdd,
  carrierAccountList,
  carrierAccountPushCredentials,
  carrierAccountRemove,
  pricingGroupSetPlan,
] as const;

type Parsed<S extends AnyCommandSpec> = S extends unknown ? { kind: S['kind'] } & ReturnType<S['build']> : never;

/** A parsed command; `help` with a command's words asks for that command's options. */
export type AdminCommand = { kind: 'help'; command?: string } | Parsed<(typeof COMMANDS)[number]>;

export const ADMIN_USAGE = adminUsage(COMMANDS);

const HELP = ['help', '--help', '-h'];

/** The command `argv` starts with, and the arguments after its words. */
const commandOf = (argv: string[]): { spec: AnyCommandSpec; args: string[] } => {
  for (const spec of COMMANDS) {
    const words = spec.words.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { spec, args: argv.slice(words.length) };
  }
  const named = argv.slice(0, 2).join(' ');
  const unsafe = unsafeCharacter(named);
  if (unsafe !== undefined) throw new UsageError(unsafeRefusal('the command', unsafe));
  throw new UsageError(`unknown command "${named}"; run \`npm run -s admin -- help\``);
};

/** Parses and validates the arguments after `admin --`; throws UsageError. Pure: no I/O. */
export const parseAdminCommand = (argv: string[]): AdminCommand => {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('no command given; run `npm run -s admin -- help`');
  if (HELP.includes(first)) {
    if (rest.length === 0) return { kind: 'help' };
    const { spec, args } = commandOf(rest);
    if (args.length > 0) throw new UsageError(`help ${spec.words}: takes nothing after the command`);
    return { kind: 'help', command: spec.words };
  }
  const { spec, args } = commandOf(argv);
  return parseCommand(spec, args) as AdminCommand;
};

const usageOf = (command: Extract<AdminCommand, { kind: 'help' }>): string => {
  const spec = COMMANDS.find((c) => c.words === command.command);
  return spec ? commandUsage(spec) : ADMIN_USAGE;
};

/**
 * Runs a parsed command against the table and bucket the environment names,
 * on `target` (resolveAdminTarget) where the command depends on it; returns
 * the JSON to print.
 */
export const executeAdminCommand = async (command: AdminCommand, target?: AdminTarget, io: AdminIo = processIo): Promise<unknown> => {
  if (command.kind === 'help') return { usage: usageOf(command) };
  const spec = COMMANDS.find((c) => c.kind === command.kind)!;
  return (spec.run as (command: AdminCommand, context: AdminContext) => Promise<unknown>)(command, { ...(target ? { target } : {}), io });
};

/** The whole CLI but the exit: the help, or the command's JSON on stdout; throws what describeFailure tells. */
export const runAdminCli = async (argv: string[]): Promise<void> => {
  // The SDK's Node 22 notice would bury this CLI's one-line messages on stderr; npm start still shows it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const command = parseAdminCommand(argv);
  if (command.kind === 'help') {
    process.stdout.write(`${usageOf(command)}\n`);
    return;
  }
  const target = resolveAdminTarget();
  // Before the store modules load: their clients read the endpoints and credentials.
  applyEnv(targetEnv(target));
  const result = await executeAdminCommand(command, target);
  process.stdout.write(`${JSON.stringify(result)}\n`);
};

/** What the operator is told of a failure, and the exit code: 2 for bad arguments, 1 for the rest. */
export const describeFailure = (error: unknown): { message: string; exitCode: number } => {
  if (error instanceof UsageError) return { message: error.message, exitCode: 2 };
  if (error instanceof AdminError) return { message: error.message, exitCode: 1 };
  if (isAppError(error)) return { message: `${error.code}: ${error.message}`, exitCode: 1 };
  if (error instanceof ItemNotFound) return { message: error.message, exitCode: 1 };
  const e = error as { name?: string; message?: string; code?: string };
  if (e.name === 'ResourceNotFoundException') {
    return { message: `${e.message} (does the table ${process.env.TABLE_NAME ?? ''} exist in this account and region?)`, exitCode: 1 };
  }
  if (e.code === 'ECONNREFUSED') return { message: `cannot reach the local emulators (${e.message}); is npm start still running?`, exitCode: 1 };
  return { message: `${e.name ?? 'Error'}: ${e.message ?? String(error)}`, exitCode: 1 };
};
