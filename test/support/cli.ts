/** Runs the project's entry points (bin/*.ts) through tsx as child processes, as a user would. */
import { execFile } from 'node:child_process';
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
        reject(error);
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
