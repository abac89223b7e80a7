/** Runs the project's entry points (bin/*.ts) through tsx as child processes, as a user would. */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..');
export const TSX = path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'tsx');

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * `npm run -s admin -- <args>` without npm: tsx bin/admin.ts with the given
 * environment; `stdin` is piped in (and stdin closed), as `... | npm run admin` would.
 */
export const runAdminCli = (args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = execFile(TSX, ['bin/admin.ts', ...args], { cwd: REPOSITORY_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        // An Error by its shape: Node types it with Omit<>, which the lint's Error check does not see through.
        const failure: Error = error;
        reject(failure);
        return;
      }
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });

/** The JSON a successful admin command printed; fails with its stderr otherwise. */
export const adminJson = async <T = Record<string, unknown>>(args: string[], env: NodeJS.ProcessEnv): Promise<T> => {
  const result = await runAdminCli(args, env);
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
};

/**
 * Connects a live carrier as an operator does, against the stack of
 * `dataDir`: `admin carrier-account add` with `accountArgs` (account number,
 * contract id, name…) and `credentials` from a file readable by its owner
 * only (removed at once), then the default pricing group's plan of
 * `carrierCode` bound to the account. The account's id.
 */
export const connectCarrierAccount = async (
  dataDir: string,
  carrierCode: string,
  accountArgs: readonly string[],
  credentials: Record<string, string>,
): Promise<string> => {
  const { runtimeEnv } = await import('./runtime');
  const env = runtimeEnv(dataDir);
  const file = path.join(dataDir, `${carrierCode.toLowerCase()}-credentials.json`);
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  let carrierAccountId: string;
  try {
    ({ carrierAccountId } = await adminJson<{ carrierAccountId: string }>(
      ['carrier-account', 'add', '--carrier', carrierCode, ...accountArgs, '--credentials-file', file],
      env,
    ));
  } finally {
    rmSync(file, { force: true });
  }
  await adminJson(['pricing-group', 'set-plan', '--group', 'default', '--carrier', carrierCode, '--carrier-account', carrierAccountId], env);
  return carrierAccountId;
};
