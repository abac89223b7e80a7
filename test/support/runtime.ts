/**
 * Starting and stopping the real local runtime as a child process, for the
 * e2e project: `tsx bin/local.ts` (what `npm start` runs) or `npm start`
 * itself. The child leads its own process group; stopping it signals that
 * group and then ends whatever is left of the process tree it started
 * (DynamoDB Local and its watchdog run in their own group), so every process
 * a test starts is gone even when the test fails. Being a group of its own,
 * the runtime would outlive a test process killed outright (Jest stopped
 * with SIGTERM, say): LOCAL_WATCH_PID names the test process, and the runtime
 * stops when it is gone (local/lifecycle.ts).
 *
 * Also what the lifecycle tests look at: the process tree (from /proc, or
 * `ps` elsewhere) and the TCP sockets those processes listen on (Linux).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { sleep, waitUntil } from '../../local/ports';
import { isProcessAlive, readRuntimeFile, type RuntimeFile } from '../../local/runtime-files';
import { REPOSITORY_ROOT, TSX } from './cli';

export type RunningRuntime = { child: ChildProcess; runtime: RuntimeFile; logFile: string };

/** Variables a parent (Jest with the integration project, a developer's shell) may hold that must not leak into the runtime. */
const SCRUBBED = ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3', 'TABLE_NAME', 'BUCKET_NAME', 'AWS_PROFILE', 'AWS_SESSION_TOKEN'];

/**
 * The runtime's environment. The per-key and per-IP limits (local/request-limiter.ts)
 * are off unless `extra` sets them: the tests send hundreds of requests a minute
 * with one key and without any; test/e2e/limits.test.ts turns them on.
 */
export const runtimeEnv = (dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOCAL_RATE_LIMIT_PER_KEY: 'off', LOCAL_RATE_LIMIT_PER_IP: 'off', ...extra };
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
 * The carrier timeouts of a runtime whose live carriers are mocks in the test's own process (local/ups,
 * local/canada-post), which check every request against the carrier's documents: on a loaded machine they answer
 * in seconds, and at the defaults a rate leaves the carrier out after 3 s and the reconciler's rounds never
 * complete. A rate waits 10 s (its budget 12 s), a search or a void 8 s: within the local function timeouts (15 s;
 * 30 s for a queue function, whose reconciliation round is a search and a void or two).
 */
export const MOCK_CARRIER_TIMEOUTS = {
  CARRIER_TIMEOUT_MS: '10000',
  RATE_BUDGET_MS: '12000',
  CARRIER_TRACK_TIMEOUT_MS: '8000',
  CARRIER_CANCEL_TIMEOUT_MS: '8000',
} as const;

export type StartOptions = { port?: number; timeoutMs?: number; env?: NodeJS.ProcessEnv };

/** Spawns `command` as the leader of a new process group, output to a log file under DATA_DIR, and waits until it serves HTTP. */
const startServing = async (command: string, args: string[], dataDir: string, options: StartOptions): Promise<RunningRuntime> => {
  const logFile = path.join(dataDir, `runtime-${Date.now()}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: REPOSITORY_ROOT,
    env: runtimeEnv(dataDir, { PORT: String(options.port ?? 0), LOCAL_WATCH_PID: String(process.pid), ...options.env }),
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
        abort: () =>
          child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode}):\n${logTail(logFile)}` : undefined,
      },
    );
  } catch (e) {
    await stopRuntime({ child });
    throw e;
  }
  return { child, runtime: runtime!, logFile };
};

/**
 * Starts `tsx bin/local.ts` with DATA_DIR (and PORT 0: the OS picks a free
 * port, read back from runtime.json) and waits until it serves HTTP.
 */
export const startRuntime = (dataDir: string, options: StartOptions = {}): Promise<RunningRuntime> => startServing(TSX, ['bin/local.ts'], dataDir, options);

/** Starts `npm start` itself (npm → sh → tsx → node), like a user or a process manager does. */
export const startNpmStart = (dataDir: string, options: StartOptions = {}): Promise<RunningRuntime> =>
  startServing(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], dataDir, options);

export type ProcessEntry = { pid: number; ppid: number; startTime: string; command: string };

/** Every process now running: pid, parent, start time (to tell a reused pid) and command. */
export const processTable = (): ProcessEntry[] => {
  if (process.platform === 'linux') {
    const entries: ProcessEntry[] = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        entries.push({ pid: Number(name), ppid: Number(fields[1]), startTime: fields[19] ?? '', command });
      } catch {
        // Gone meanwhile.
      }
    }
    return entries;
  }
  const run = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,lstart=,comm='], { encoding: 'utf8' });
  return (run.stdout ?? '')
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+\s+\S+\s+\d+\s+[\d:]+\s+\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), startTime: m[3]!, command: m[4]! }));
};

/** `rootPid` and all its descendants. */
export const processTree = (rootPid: number): ProcessEntry[] => {
  const table = processTable();
  const tree = table.filter((p) => p.pid === rootPid);
  for (let i = 0; i < tree.length; i++) tree.push(...table.filter((p) => p.ppid === tree[i]!.pid));
  return tree;
};

/** The entries whose process still runs (same pid and start time). */
export const stillRunning = (entries: ProcessEntry[]): ProcessEntry[] => {
  const now = new Map(processTable().map((p) => [p.pid, p.startTime]));
  return entries.filter((p) => now.get(p.pid) === p.startTime);
};

/** Waits until none of `entries` runs; resolves with those still running after `timeoutMs`. */
export const waitUntilGone = async (entries: ProcessEntry[], timeoutMs: number): Promise<ProcessEntry[]> => {
  const deadline = Date.now() + timeoutMs;
  let left = stillRunning(entries);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(100);
    left = stillRunning(left);
  }
  return left;
};

const killAll = (entries: ProcessEntry[]) => {
  for (const p of stillRunning(entries)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
};

/**
 * SIGTERM to the whole process group (a graceful stop: runtime.json removed,
 * DynamoDB Local stopped), then SIGKILL to whatever is left of the group and
 * of the process tree after the grace period. Resolves when none remains.
 */
export const stopRuntime = async (running: Pick<RunningRuntime, 'child'>, graceMs = 15_000): Promise<void> => {
  const pgid = running.child.pid;
  if (pgid === undefined) return;
  const tree = processTree(pgid);
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  const left = await waitUntilGone(tree, Math.max(0, deadline - Date.now()));
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  killAll(left);
  while (groupAlive(pgid)) await sleep(50);
  await waitUntilGone(left, 5_000);
};

/** Ends every process of `entries` at once (SIGKILL): the cleanup of a test that signalled a runtime itself. */
export const killProcesses = async (entries: ProcessEntry[]): Promise<void> => {
  killAll(entries);
  await waitUntilGone(entries, 5_000);
};

export const runtimeLog = (running: Pick<RunningRuntime, 'logFile'>) => logTail(running.logFile);

export type ListeningSocket = { address: string; port: number; inode: string };

/** `0100007F:1F90` of /proc/net/tcp (IPv4, little-endian words) or tcp6 as an address and a port. */
export const parseProcNetAddress = (hex: string): { address: string; port: number } => {
  const [ip, port] = hex.split(':') as [string, string];
  const words = ip.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((word) => (word.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return { address: bytes.join('.'), port: parseInt(port, 16) };
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  const address = groups.join(':');
  // ::ffff:a.b.c.d, an IPv4 address on an IPv6 socket.
  const mapped = /^0:0:0:0:0:ffff:/.test(address) ? `::ffff:${bytes.slice(12).join('.')}` : address.replace(/^0:0:0:0:0:0:0:/, '::');
  return { address: mapped === '::0' ? '::' : mapped, port: parseInt(port, 16) };
};

/** The listening (state 0A) sockets of /proc/net/tcp-format text. */
export const parseListeningSockets = (text: string): ListeningSocket[] =>
  text
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length > 9 && f[3] === '0A')
    .map((f) => ({ ...parseProcNetAddress(f[1]!), inode: f[9]! }));

/** The TCP sockets these processes listen on (Linux: /proc/net/tcp and tcp6, matched through /proc/<pid>/fd). */
export const listeningSocketsOf = (pids: number[]): Array<ListeningSocket & { pid: number }> => {
  const owner = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) owner.set(match[1]!, pid);
      } catch {
        // Closed meanwhile.
      }
    }
  }
  const sockets = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => parseListeningSockets(readFileSync(file, 'utf8')));
  return sockets.filter((s) => owner.has(s.inode)).map((s) => ({ ...s, pid: owner.get(s.inode)! }));
};

/**
 * Whether the server end of the TCP connection from `clientPort` to
 * `serverPort` has read everything sent to it (Linux: its receive queue in
 * /proc/net/tcp or tcp6 is empty). Once a request is written whole, this says
 * the server holds it: Node parses what it reads at once, so its 'request'
 * event has fired.
 */
export const serverHasRead = (serverPort: number, clientPort: number): boolean =>
  ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .some(
      (f) =>
        f.length > 9 && f[3] === '01' && parseProcNetAddress(f[1]!).port === serverPort && parseProcNetAddress(f[2]!).port === clientPort && /:0+$/.test(f[4]!),
    );

export const isLoopback = (address: string) => address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');

/** Polls `probe` every 200 ms until it gives a value (not undefined or false); throws naming `what` after `timeoutMs`. */
export const waitFor = async <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
