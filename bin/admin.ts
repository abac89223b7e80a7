/**
 * Admin CLI (docs/configuration.md): `npm run -s admin -- <command>`. JSON on stdout;
 * on failure a message on stderr and exit 1 (2 for bad arguments).
 * Acts on the running `npm start` of DATA_DIR when there is one, otherwise on
 * the deployed stage named by TABLE_NAME / BUCKET_NAME.
 */
import { isAppError } from '../shared/errors';
import {
  ADMIN_USAGE,
  AdminError,
  UsageError,
  executeAdminCommand,
  parseAdminCommand,
  resolveAdminTarget,
  targetEnv,
} from '../local/admin';
import { applyEnv } from '../local/env';
import { ItemNotFound } from '../shared/store/errors';

const main = async (): Promise<number> => {
  // The SDK's Node 22 notice would bury this CLI's one-line messages on stderr; npm start still shows it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const command = parseAdminCommand(process.argv.slice(2));
  if (command.kind === 'help') {
    process.stdout.write(`${ADMIN_USAGE}\n`);
    return 0;
  }
  const target = resolveAdminTarget();
  // Before the store modules load: their clients read the endpoints and credentials.
  applyEnv(targetEnv(target));
  const result = await executeAdminCommand(command, target);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
};

const describe = (error: unknown): { message: string; exitCode: number } => {
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

// Exit explicitly once the output is flushed: idle keep-alive sockets of the SDK must not hold the CLI open.
main().then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (error: unknown) => {
    const { message, exitCode } = describe(error);
    process.stderr.write(`admin: ${message}\n`, () => process.exit(exitCode));
  },
);
