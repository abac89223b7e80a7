/**
 * DynamoDB Local, the official emulator, whose jar ships in the npm package
 * `amplify-dynamodb-simulator` (docs/decisions.md, dependencies). Started as a child process on
 * a free (or given) port, persisted in a directory or in memory.
 *
 * Its heap is bounded (DEFAULT_DYNAMODB_LOCAL_HEAP, or DYNAMODB_LOCAL_HEAP).
 *
 * Private: the jar's own main listens on every interface and has no option
 * to change that, so it is started through LoopbackDynamoDBLocal.java, which
 * builds the same server with the jar's own classes and binds it to
 * 127.0.0.1 (compiled once into node_modules/.cache). Only a Java runtime
 * without a compiler falls back to the jar's main, with a loud warning.
 * Files it creates under `dbPath` are private to the user (umask 077).
 *
 * The child never outlives its parent: `stop()` ends it, an `exit` hook ends
 * it when the parent exits without stopping it (crash, process.exit), and a
 * tiny watchdog shell ends it when the parent is killed outright (SIGKILL),
 * where no JavaScript runs any more. It runs in its own process group, so a
 * Ctrl-C or a signal to the runtime's group reaches only the runtime, which
 * stops it after the requests in flight. When it exits without being asked,
 * `exited` says so (`expected: false`).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { compileJavaOnce, requireJava, type JavaProgram } from './java';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import { freePort, waitUntil } from './ports';

export type DynamoDbLocalOptions = ({ inMemory: true; dbPath?: undefined } | { inMemory?: false; dbPath: string }) & {
  port?: number;
  /** The JVM's maximum heap (`-Xmx`), e.g. `512m`; default DYNAMODB_LOCAL_HEAP, else DEFAULT_DYNAMODB_LOCAL_HEAP. */
  heap?: string;
  startTimeoutMs?: number;
  /** Where a warning goes (default stderr); used when DynamoDB Local cannot be kept on 127.0.0.1. */
  warn?: (message: string) => void;
};

export type DynamoDbLocalExit = {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when stop() asked for it (or the parent is exiting); false when it died on its own. */
  expected: boolean;
  /** The last lines it printed. */
  output: string;
};

export type DynamoDbLocal = {
  endpoint: string;
  port: number;
  pid: number;
  /** The address it listens on: 127.0.0.1, or 0.0.0.0 (every interface) in the no-compiler fallback. */
  listenAddress: '127.0.0.1' | '0.0.0.0';
  /** Resolves once the process has exited, for whatever reason. */
  exited: Promise<DynamoDbLocalExit>;
  /** Ends the emulator and waits until it is gone. Safe to call twice. */
  stop: () => Promise<void>;
};

/** The folder holding DynamoDBLocal.jar and DynamoDBLocal_lib. */
export const emulatorDir = (): string => path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

export const LAUNCHER_SOURCE = path.join(__dirname, 'LoopbackDynamoDBLocal.java');
export const LAUNCHER_CLASS = 'LoopbackDynamoDBLocal';

/** node_modules/.cache/shipping-api/dynamodb-local: the compiled launcher, per launcher and jar version. */
export const launcherCacheDir = (): string =>
  path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), '..', '.cache', 'shipping-api', 'dynamodb-local');

const emulatorClasspath = (dir: string) => [path.join(dir, 'DynamoDBLocal.jar'), path.join(dir, 'DynamoDBLocal_lib', '*')];

/** The emulator's own command-line options, the same whichever way it is started. */
export const emulatorOptions = (port: number, options: Pick<DynamoDbLocalOptions, 'inMemory' | 'dbPath'>): string[] => [
  '-port',
  String(port),
  ...(options.inMemory ? ['-inMemory'] : ['-dbPath', options.dbPath!]),
  // One database whatever the credentials and region, so the runtime, the admin CLI and other tools see the same tables.
  '-sharedDb',
  '-disableTelemetry',
];

/**
 * The JVM's maximum heap. Unbounded, a JVM takes up to a quarter of the
 * machine's memory and, collecting rarely, grows towards it (4.4 GB over a
 * long run with 27 MB live). DynamoDB Local keeps its data in SQLite (a file,
 * or native memory with -inMemory), outside the heap, so its heap holds only
 * requests in flight: 512 MB leaves ample room for the integration tests and
 * the benchmarks on a 2-core machine or a CI runner.
 */
export const DEFAULT_DYNAMODB_LOCAL_HEAP = '512m';

/** A whole, positive number of kilobytes, megabytes or gigabytes, as `-Xmx` takes it. */
const HEAP_SIZE = /^[1-9]\d*[kmg]$/i;

/** The heap from DYNAMODB_LOCAL_HEAP (`768m`, `1g`), else the default; anything else is refused before java starts. */
export const dynamoDbLocalHeap = (env: NodeJS.ProcessEnv = process.env): string => {
  const raw = env.DYNAMODB_LOCAL_HEAP;
  if (raw === undefined || raw.trim() === '') return DEFAULT_DYNAMODB_LOCAL_HEAP;
  const heap = raw.trim();
  if (!HEAP_SIZE.test(heap)) {
    throw new Error(`DYNAMODB_LOCAL_HEAP must be a heap size such as 512m or 1g (a whole number of k, m or g), got "${raw}"`);
  }
  return heap;
};

/** The java arguments: the loopback launcher (compiled or as a source file), or the jar's own main as the fallback. */
export const dynamoDbLocalArgs = (
  dir: string,
  port: number,
  options: Pick<DynamoDbLocalOptions, 'inMemory' | 'dbPath' | 'heap'>,
  program: JavaProgram,
): string[] => {
  const jvm = [
    `-Xmx${options.heap ?? DEFAULT_DYNAMODB_LOCAL_HEAP}`,
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    // A plain IPv4 socket on 127.0.0.1 (otherwise an IPv6 socket on ::ffff:127.0.0.1).
    '-Djava.net.preferIPv4Stack=true',
  ];
  const classpath = emulatorClasspath(dir);
  switch (program.kind) {
    case 'compiled':
      return [...jvm, '-cp', [program.classDir, ...classpath].join(path.delimiter), LAUNCHER_CLASS, ...emulatorOptions(port, options)];
    case 'source':
      return [...jvm, '-cp', classpath.join(path.delimiter), LAUNCHER_SOURCE, ...emulatorOptions(port, options)];
    case 'no-compiler':
      return [...jvm, '-jar', path.join(dir, 'DynamoDBLocal.jar'), ...emulatorOptions(port, options)];
  }
};

/** How to start the launcher with this Java: compiled once into the cache when possible. */
export const launcherProgram = (java: string, dir = emulatorDir()): JavaProgram => {
  const jar = statSync(path.join(dir, 'DynamoDBLocal.jar'));
  return compileJavaOnce({
    java,
    source: LAUNCHER_SOURCE,
    classpath: emulatorClasspath(dir),
    cacheDir: launcherCacheDir(),
    fingerprint: `${jar.size}:${jar.mtimeMs}`,
  });
};

export const exposureWarning = (endpoint: string, reason: string) =>
  [
    '',
    '!!! WARNING: DynamoDB Local listens on EVERY network interface, without authentication !!!',
    `!!! Anyone who can reach this machine on port ${new URL(endpoint).port} can read and write the local table. !!!`,
    `!!! Why: ${reason}; the loopback launcher needs a Java runtime with the jdk.compiler module (any JDK). !!!`,
    '',
  ].join('\n');

/** Ends `childPid` once `parentPid` is gone; ends itself when the child is gone. */
const startWatchdog = (parentPid: number, childPid: number): ChildProcess => {
  const script = 'while kill -0 "$1" 2>/dev/null; do kill -0 "$2" 2>/dev/null || exit 0; sleep 1; done; kill -TERM "$2" 2>/dev/null';
  // Its own process group, like the child: a signal to the runtime's group must not end it before the runtime has stopped.
  const watchdog = spawn('sh', ['-c', script, 'watchdog', String(parentPid), String(childPid)], { stdio: 'ignore', detached: true });
  watchdog.on('error', () => undefined);
  watchdog.unref();
  return watchdog;
};

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Spawns with umask 077 (files private to the user); the child keeps it, this process gets its own back at once. */
const spawnPrivate = (command: string, args: string[], options: SpawnOptions): ChildProcess => {
  let previous: number | undefined;
  try {
    previous = process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; the files then get the process's own.
  }
  try {
    return spawn(command, args, options);
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
};

export const startDynamoDbLocal = async (options: DynamoDbLocalOptions): Promise<DynamoDbLocal> => {
  const heap = options.heap ?? dynamoDbLocalHeap();
  const java = requireJava();
  const port = options.port ?? (await freePort());
  const endpoint = `http://127.0.0.1:${port}`;
  const dir = emulatorDir();
  const program = launcherProgram(java.command, dir);
  const listenAddress = program.kind === 'no-compiler' ? '0.0.0.0' : '127.0.0.1';
  if (program.kind === 'no-compiler') (options.warn ?? ((m: string) => process.stderr.write(`${m}\n`)))(exposureWarning(endpoint, program.reason));

  // DynamoDB Local extracts its SQLite native library (~900 KB) into java.io.tmpdir at every start: give it a directory that stop() removes.
  const javaTmp = mkdtempSync(path.join(os.tmpdir(), 'dynamodb-local-'));
  const child = spawnPrivate(java.command, [`-Djava.io.tmpdir=${javaTmp}`, ...dynamoDbLocalArgs(dir, port, { ...options, heap }, program)], {
    cwd: options.dbPath ?? os.tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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
  let stopRequested = false;
  const exited = new Promise<DynamoDbLocalExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, expected: stopRequested, output: output.join('\n') })),
  );

  const killOnExit = () => {
    stopRequested = true;
    if (isRunning(child)) child.kill('SIGTERM');
  };
  process.on('exit', killOnExit);
  const watchdog = child.pid ? startWatchdog(process.pid, child.pid) : undefined;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      stopRequested = true;
      process.off('exit', killOnExit);
      if (isRunning(child)) {
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const done = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), 5_000);
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
      rmSync(javaTmp, { recursive: true, force: true });
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
  return { endpoint, port, pid: child.pid!, listenAddress, exited, stop };
};
