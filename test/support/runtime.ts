/**
 * Starting and stopping the real local runtime (`npm start`'s entry,
 * `tsx bin/local.ts`) as a child process, for the e2e project. The child
 * leads its own process group so that stopping it ends the whole tree:
 * tsx, the node process it runs, DynamoDB Local and its watchdog.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sleep, waitUntil } from '../../shared/local/ports';
import { isProcessAlive, readRuntimeFile, type RuntimeFile } from '../../shared/local/runtime-files';
import { REPOSITORY_ROOT, TSX } from './cli';

export type RunningRuntime = { child: ChildProcess; runtime: RuntimeFile; logFile: string };

/** Variables a parent (Jest with the integration project, a developer's shell) may hold that must not leak into the runtime. */
const SCRUBBED = ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3', 'TABLE_NAME', 'BUCKET_NAME', 'AWS_PROFILE', 'AWS_SESSION_TOKEN'];

export const runtimeEnv = (dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const name of SCRUBBED) delete env[name];
  return env;
};

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

const logTail = (logFile: string) => {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
};

/**
 * Starts `tsx bin/local.ts` with DATA_DIR (and PORT 0: the OS picks a free
 * port, read back from runtime.json) and waits until it serves HTTP.
 */
export const startRuntime = async (dataDir: string, options: { port?: number; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<RunningRuntime> => {
  const logFile = path.join(dataDir, `runtime-${Date.now()}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(TSX, ['bin/local.ts'], {
    cwd: REPOSITORY_ROOT,
    env: runtimeEnv(dataDir, { PORT: String(options.port ?? 0), ...options.env }),
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let runtime: RuntimeFile | undefined;
  try {
    await waitUntil(
      `local runtime (DATA_DIR ${dataDir})`,
      async () => {
        runtime = readRuntimeFile(dataDir);
        if (!runtime || !isProcessAlive(runtime.pid)) return false;
        const response = await fetch(`${runtime.apiUrl}/`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        return response.headers.has('x-request-id');
      },
      {
        timeoutMs: options.timeoutMs ?? 120_000,
        intervalMs: 200,
        abort: () => (child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode}):\n${logTail(logFile)}` : undefined),
      },
    );
  } catch (e) {
    await stopRuntime({ child });
    throw e;
  }
  return { child, runtime: runtime!, logFile };
};

/**
 * SIGTERM to the whole process group (a graceful stop: runtime.json removed,
 * DynamoDB Local stopped), then SIGKILL to whatever is left after the grace
 * period. Resolves when no process of the group remains.
 */
export const stopRuntime = async (running: Pick<RunningRuntime, 'child'>, graceMs = 15_000): Promise<void> => {
  const pgid = running.child.pid;
  if (pgid === undefined) return;
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) {
    process.kill(-pgid, 'SIGKILL');
    while (groupAlive(pgid)) await sleep(50);
  }
};

export const runtimeLog = (running: Pick<RunningRuntime, 'logFile'>) => logTail(running.logFile);
