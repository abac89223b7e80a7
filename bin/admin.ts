/**
 * Admin CLI (admin/cli.ts, docs/configuration.md): `npm run -s admin -- <command>`.
 * JSON on stdout; on failure a message on stderr and exit 1 (2 for bad arguments).
 * Acts on the running `npm start` of DATA_DIR when there is one, otherwise on
 * the deployed stage named by TABLE_NAME / BUCKET_NAME.
 */
import { describeFailure, runAdminCli } from '../admin/cli';

// Exit explicitly once the output is flushed: idle keep-alive sockets of the SDK must not hold the CLI open.
runAdminCli(process.argv.slice(2)).then(
  () => process.stdout.write('', () => process.exit(0)),
  (error: unknown) => {
    const { message, exitCode } = describeFailure(error);
    process.stderr.write(`admin: ${message}\n`, () => process.exit(exitCode));
  },
);
