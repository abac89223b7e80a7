/**
 * DynamoDB Local, the official emulator, whose jar ships in the npm package
 * `amplify-dynamodb-simulator` (DESIGN.md §2). Started as a child process on
 * 127.0.0.1 and a free (or given) port, persisted in a directory or in memory.
 *
 * The child never outlives its parent: `stop()` ends it, an `exit` hook ends
 * it when the parent exits without stopping it (crash, process.exit), and a
 * tiny watchdog shell ends it when the parent is killed outright (SIGKILL),
 * where no JavaScript runs any more.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { requireJava } from './java';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import { freePort, waitUntil } from './ports';

export type DynamoDbLocalOptions =
  | { inMemory: true; dbPath?: undefined; port?: number; startTimeoutMs?: number }
  | { inMemory?: false; dbPath: string; port?: number; startTimeoutMs?: number };

export type DynamoDbLocal = {
  endpoint: string;
  port: number;
  pid: number;
  /** Ends the emulator and waits until it is gone. Safe to call twice. */
  stop: () => Promise<void>;
};

/** The folder holding DynamoDBLocal.jar and DynamoDBLocal_lib. */
export const emulatorDir = (): string =>
  path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

export const dynamoDbLocalArgs = (dir: string, port: number, options: DynamoDbLocalOptions): string[] => [
  `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
  '-jar',
  path.join(dir, 'DynamoDBLocal.jar'),
  '-port',
  String(port),
  ...(options.inMemory ? ['-inMemory'] : ['-dbPath', options.dbPath]),
  // One database whatever the credentials and region, so the runtime, the admin CLI and other tools see the same tables.
  '-sharedDb',
  '-disableTelemetry',
];

/** Ends `childPid` once `parentPid` is gone; ends itself when the child is gone. */
const startWatchdog = (parentPid: number, childPid: number): ChildProcess => {
  const script = 'while kill -0 "$1" 2>/dev/null; do kill -0 "$2" 2>/dev/null || exit 0; sleep 1; done; kill -TERM "$2" 2>/dev/null';
  const watchdog = spawn('sh', ['-c', script, 'watchdog', String(parentPid), String(childPid)], { stdio: 'ignore' });
  watchdog.on('error', () => undefined);
  watchdog.unref();
  return watchdog;
};

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export const startDynamoDbLocal = async (options: DynamoDbLocalOptions): Promise<DynamoDbLocal> => {
  const java = requireJava();
  const port = options.port ?? (await freePort());
  const endpoint = `http://127.0.0.1:${port}`;
  const dir = emulatorDir();

  const child = spawn(java.command, dynamoDbLocalArgs(dir, port, options), {
    cwd: options.dbPath ?? os.tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.on('error', (e) => (spawnError = e));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const killOnExit = () => {
    if (isRunning(child)) child.kill('SIGTERM');
  };
  process.on('exit', killOnExit);
  const watchdog = child.pid ? startWatchdog(process.pid, child.pid) : undefined;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (isRunning(child)) {
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const done = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), 10_000);
          }),
        ]);
        clearTimeout(timer);
        if (!done) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      if (watchdog && watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill('SIGTERM');
      child.stdout?.destroy();
      child.stderr?.destroy();
    })());

  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 3000 },
  });
  try {
    await waitUntil(
      `DynamoDB Local on ${endpoint}`,
      async () => {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return true;
      },
      {
        timeoutMs: options.startTimeoutMs ?? 60_000,
        abort: () => {
          if (spawnError) return `could not start ${java.command}: ${spawnError.message}`;
          if (!isRunning(child)) return `java exited (${child.exitCode ?? child.signalCode}) before answering:\n${output.join('\n')}`;
          return undefined;
        },
      },
    );
  } catch (e) {
    await stop();
    throw e;
  } finally {
    client.destroy();
  }
  return { endpoint, port, pid: child.pid!, stop };
};
