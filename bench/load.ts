/**
 * Load run (issue 8): the real `npm start`, exactly as a user runs it, with a
 * fresh temporary DATA_DIR and free ports, then autocannon (a maintained load
 * generator, used programmatically) on GET /v1/carriers and POST /v1/rate, one
 * route after the other: a short unmeasured warm-up, then a fixed duration at
 * a fixed number of connections. Reported per route: requests/s, p50, p99,
 * non-2xx and connection errors (timeouts among them); the target is zero
 * non-2xx and zero errors under load.
 *
 * Stopping: `npm start` runs detached, in a process group of its own (npm,
 * the runtime node, tsx's esbuild); the whole group gets SIGTERM (the runtime
 * drains and stops DynamoDB Local, which has its own group, itself), and the
 * stop waits until no process of the group is left and nothing started with
 * the temporary DATA_DIR on its command line (DynamoDB Local) still runs;
 * SIGKILL after a deadline. This runs at the end of the part, when it fails,
 * and (through ctx.defer) when a signal reaches the bench. The temporary
 * DATA_DIR is removed afterwards. A small shell watchdog does the same if the
 * bench process dies without doing it (SIGKILL, or an exit at a second signal).
 *
 * Between runs the part waits until the runtime has answered every request
 * autocannon sent: autocannon closes its connections with a request still in
 * flight on each, and the runtime goes on with those.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import { localAwsEnv } from '../local/env';
import { freePort, sleep, waitUntil } from '../local/ports';
import { readDemoFile, readRuntimeFile } from '../local/runtime-files';
import { sampleRateBody } from '../test/support/rate-body';
import { check, type BenchContext, type BenchPart, type Check } from './checks';
import { fmt, mib, round, table } from './stats';

export type LoadOptions = {
  /** Concurrent connections (autocannon keeps each one busy: one request in flight per connection). */
  connections: number;
  /** Unmeasured seconds per route first (handler loading, V8 and DynamoDB Local JIT). */
  warmupS: number;
  /** Measured seconds per route. */
  durationS: number;
  /** autocannon's per-request timeout, seconds: a slower answer counts as a timeout (an error). */
  timeoutS: number;
  /** How long `npm start` may take to answer (the first start on a machine compiles the DynamoDB Local launcher). */
  startTimeoutMs: number;
  /** How long the runtime may take to stop after SIGTERM before its group gets SIGKILL (the runtime gives up itself after 15 s). */
  stopTimeoutMs: number;
};

/**
 * 10 connections: on a 2-core machine the runtime (one node process) and
 * DynamoDB Local (Java) already saturate the CPU there, so more only queues;
 * 10 s per route after 2 s of warm-up: the whole part takes about 40 s, most
 * of the rest being the start of DynamoDB Local.
 */
export const LOAD_OPTIONS: LoadOptions = { connections: 10, warmupS: 2, durationS: 10, timeoutS: 10, startTimeoutMs: 60_000, stopTimeoutMs: 20_000 };

/**
 * Variables the bench sets in its own process for its in-process parts:
 * bench/run.ts (quieter logs, no tracing or metrics), the emulator settings
 * of local/env.ts (endpoints, credentials, a bench table and bucket) and the
 * cache TTLs of the DynamoDB part. The runtime under load gets the
 * environment a user's `npm start` has instead.
 */
export const BENCH_ONLY_ENV: readonly string[] = [
  'LOG_LEVEL',
  'POWERTOOLS_TRACE_ENABLED',
  'POWERTOOLS_METRICS_DISABLED',
  ...Object.keys(localAwsEnv({ dynamodbEndpoint: '', s3Endpoint: '', tableName: 'table', bucketName: 'bucket' })),
  'API_KEY_CACHE_SECONDS',
  'REFERENCE_CACHE_SECONDS',
];

/** The environment of the `npm start` under load. */
export const runtimeEnv = (base: NodeJS.ProcessEnv, target: { dataDir: string; port: number; dynamodbPort: number; s3Port: number }): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of BENCH_ONLY_ENV) delete env[name];
  return {
    ...env,
    DATA_DIR: target.dataDir,
    PORT: String(target.port),
    DYNAMODB_PORT: String(target.dynamodbPort),
    S3_PORT: String(target.s3Port),
    // The load is one key at a thousand requests a minute: the per-key limit (dev's 300 a minute) would answer most of it 429.
    LOCAL_RATE_LIMIT_PER_KEY: 'off',
    LOCAL_RATE_LIMIT_PER_IP: 'off',
  };
};

/** What one autocannon run measured on one route. */
export type RouteLoad = {
  route: string;
  connections: number;
  /** Seconds, as autocannon measured them. */
  durationS: number;
  /** Completed requests (any status). */
  requests: number;
  requestsPerSec: number;
  /** Response times (autocannon records whole milliseconds), every status included. */
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Responses outside 200–299. */
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Responses per status code. */
  statusCodes: Record<string, number>;
  /** The first connection error's message, if any. */
  firstError?: string;
};

export const summarizeRun = (route: string, r: autocannon.Result, firstError?: string): RouteLoad => ({
  route,
  connections: r.connections,
  durationS: r.duration,
  requests: r.requests.total,
  requestsPerSec: r.duration > 0 ? r.requests.total / r.duration : Number.NaN,
  meanMs: r.latency.mean,
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  maxMs: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count])),
  ...(firstError ? { firstError } : {}),
});

const statusNote = (r: RouteLoad): string | undefined => {
  const bad = Object.entries(r.statusCodes).filter(([code]) => !code.startsWith('2'));
  const parts = [
    ...bad.map(([code, count]) => `${count}× ${code}`),
    ...(r.errors > r.timeouts ? [`${r.errors - r.timeouts} connection errors${r.firstError ? ` (${r.firstError})` : ''}`] : []),
    ...(r.timeouts > 0 ? [`${r.timeouts} timeouts`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : r.requests === 0 ? 'no response at all' : undefined;
};

/** Zero non-2xx and zero errors per route; a route that got no response at all misses too. */
export const loadChecks = (routes: readonly RouteLoad[]): Check[] =>
  routes.map((r) => check(`load ${r.route} non-2xx + errors`, r.requests > 0 ? r.non2xx + r.errors : Number.NaN, 'max', 0, 'req', statusNote(r)));

export type RuntimeFigures = {
  /** The machine's 1-minute load average when the run started: other work on the machine shows in every figure here. */
  loadAverage: number;
  startupMs: number;
  stopMs?: number;
  /** npm's exit: 0 after a clean stop. */
  exit?: string;
  /** Peak resident set size (VmHWM) of the runtime's node process and of DynamoDB Local, Linux only. */
  runtimePeakRssBytes?: number;
  dynamodbPeakRssBytes?: number;
  /** Responses per status as the runtime logged them, the readiness probes and the requests a closed connection left behind included. */
  responses: Record<string, number>;
  /** Lines the runtime wrote to stderr (npm's own warnings left out): handler errors show here. */
  stderrLines: number;
  /** The first of them, shortened (stderrSummary). */
  firstStderr: string[];
};

/** Responses outside 200–299 among `responses`. */
export const non2xxOf = (responses: Record<string, number>): number =>
  Object.entries(responses).reduce((sum, [code, count]) => sum + (code.startsWith('2') ? 0 : count), 0);

export const loadDetails = (routes: readonly RouteLoad[], options: LoadOptions, runtime: RuntimeFigures): string[] => [
  `load: npm start with autocannon, ${options.connections} connections, ${options.durationS} s per route after a ${options.warmupS} s warm-up`,
  table(
    ['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'timeouts'],
    routes.map((r) => [
      r.route,
      String(r.requests),
      fmt(r.requestsPerSec),
      fmt(r.p50Ms),
      fmt(r.p99Ms),
      fmt(r.maxMs),
      String(r.non2xx),
      String(r.errors),
      String(r.timeouts),
    ]),
  ),
  [
    `runtime: ready in ${fmt(runtime.startupMs / 1000)} s (load average ${fmt(runtime.loadAverage)})`,
    ...(runtime.stopMs !== undefined ? [`stopped in ${fmt(runtime.stopMs / 1000)} s (${runtime.exit ?? '?'})`] : []),
    ...(runtime.runtimePeakRssBytes !== undefined ? [`node peak RSS ${fmt(mib(runtime.runtimePeakRssBytes))} MiB`] : []),
    ...(runtime.dynamodbPeakRssBytes !== undefined ? [`DynamoDB Local peak RSS ${fmt(mib(runtime.dynamodbPeakRssBytes))} MiB`] : []),
    `${non2xxOf(runtime.responses)} non-2xx of ${Object.values(runtime.responses).reduce((a, b) => a + b, 0)} responses in its log`,
    `${runtime.stderrLines} stderr lines`,
  ].join(', '),
  ...runtime.firstStderr.map((line) => `  stderr: ${line}`),
];

export const loadFigures = (routes: readonly RouteLoad[], options: LoadOptions, runtime: RuntimeFigures, warmup: readonly RouteLoad[]) => ({
  connections: options.connections,
  warmupS: options.warmupS,
  durationS: options.durationS,
  timeoutS: options.timeoutS,
  routes: routes.map((r) => ({
    route: r.route,
    durationS: r.durationS,
    requests: r.requests,
    requestsPerSec: round(r.requestsPerSec),
    meanMs: round(r.meanMs),
    p50Ms: round(r.p50Ms),
    p99Ms: round(r.p99Ms),
    maxMs: round(r.maxMs),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: r.statusCodes,
    ...(r.firstError ? { firstError: r.firstError } : {}),
  })),
  warmup: warmup.map((r) => ({ route: r.route, requests: r.requests, non2xx: r.non2xx, errors: r.errors })),
  runtime: {
    loadAverage1m: round(runtime.loadAverage),
    startupMs: Math.round(runtime.startupMs),
    ...(runtime.stopMs !== undefined ? { stopMs: Math.round(runtime.stopMs) } : {}),
    ...(runtime.exit !== undefined ? { exit: runtime.exit } : {}),
    ...(runtime.runtimePeakRssBytes !== undefined ? { nodePeakRssMiB: round(mib(runtime.runtimePeakRssBytes)) } : {}),
    ...(runtime.dynamodbPeakRssBytes !== undefined ? { dynamodbPeakRssMiB: round(mib(runtime.dynamodbPeakRssBytes)) } : {}),
    responses: runtime.responses,
    stderrLines: runtime.stderrLines,
    ...(runtime.firstStderr.length > 0 ? { firstStderr: runtime.firstStderr } : {}),
  },
});

/** Splits a stream's chunks into whole lines. */
export const lineSplitter = (onLine: (line: string) => void) => {
  let rest = '';
  return {
    push: (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line.replace(/\r$/, ''));
    },
    end: () => {
      if (rest) onLine(rest);
      rest = '';
    },
  };
};

/** The status of a response line of the runtime's log (`POST /v1/rate -> 200 (35 ms, request …)`), or undefined for any other line. */
export const responseStatus = (line: string): string | undefined => /^[A-Z]+ \S+ -> (\d{3}) \(/.exec(line)?.[1];

/** One stderr line of the runtime, short: a structured log line as `LEVEL message: error message`, anything else cut to 300 characters. */
export const stderrSummary = (line: string): string => {
  try {
    const entry = JSON.parse(line) as { level?: unknown; message?: unknown; error?: { message?: unknown } };
    if (entry && typeof entry === 'object' && typeof entry.message === 'string') {
      const error = typeof entry.error?.message === 'string' ? `: ${entry.error.message}` : '';
      return `${typeof entry.level === 'string' ? `${entry.level} ` : ''}${entry.message}${error}`.slice(0, 300);
    }
  } catch {
    // Not JSON.
  }
  return line.slice(0, 300);
};

/** State and process group from the text of /proc/<pid>/stat (the command name may hold spaces and parentheses). */
export const parseStatGroup = (stat: string): { state: string; pgid: number } | undefined => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgid = Number(fields[2]);
  return fields[0] && Number.isInteger(pgid) ? { state: fields[0], pgid } : undefined;
};

const procPids = (): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

const readProc = (pid: number, file: string): string | undefined => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
};

/** True while a process of group `pgid` runs (zombies, which only wait to be reaped, do not count). */
const groupAlive = (pgid: number): boolean => {
  if (process.platform !== 'linux') {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  return procPids().some((pid) => {
    const stat = readProc(pid, 'stat');
    const info = stat ? parseStatGroup(stat) : undefined;
    return info?.pgid === pgid && info.state !== 'Z';
  });
};

/** Processes (not this one) with `marker` on their command line: what the runtime started with the temporary DATA_DIR (DynamoDB Local). Linux only. */
const processesWith = (marker: string): number[] =>
  process.platform !== 'linux'
    ? []
    : procPids().filter((pid) => {
        if (pid === process.pid) return false;
        const stat = readProc(pid, 'stat');
        return stat !== undefined && parseStatGroup(stat)?.state !== 'Z' && (readProc(pid, 'cmdline') ?? '').includes(marker);
      });

/** Peak RSS (VmHWM) of a Linux process, bytes. */
const peakRss = (pid: number | undefined): number | undefined => {
  const kb = pid ? /^VmHWM:\s+(\d+)\s+kB/m.exec(readProc(pid, 'status') ?? '')?.[1] : undefined;
  return kb ? Number(kb) * 1024 : undefined;
};

const signalGroup = (pgid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Gone already.
  }
};

const signalPids = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
};

const waitFor = async (done: () => boolean, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
};

/**
 * Stops the `npm start` group and removes DATA_DIR once the bench process is
 * gone without doing it itself (killed outright, or exiting at a second signal
 * before its cleanup finished): nothing else would, since the group is
 * detached and the runtime only watches its launchers up to npm. Ends by
 * itself when the group is gone. Its own process group, like the runtime's.
 */
export const WATCHDOG_SCRIPT = [
  'while kill -0 "$1" 2>/dev/null; do kill -0 -"$2" 2>/dev/null || exit 0; sleep 1; done',
  'kill -TERM -"$2" 2>/dev/null',
  'n=0; while kill -0 -"$2" 2>/dev/null && [ "$n" -lt 30 ]; do sleep 1; n=$((n + 1)); done',
  'kill -KILL -"$2" 2>/dev/null',
  'sleep 2; rm -rf "$3"',
].join('\n');

const REPO_ROOT = path.resolve(__dirname, '..');
const STDERR_KEPT = 5;

class LoadRunError extends Error {}

export const runLoadBench = async (ctx: BenchContext, options: LoadOptions = LOAD_OPTIONS): Promise<BenchPart> => {
  const { log } = ctx;
  const { default: fire } = await import('autocannon');
  const { version: autocannonVersion } = JSON.parse(readFileSync(require.resolve('autocannon/package.json'), 'utf8')) as { version: string };

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shipping-load-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  ctx.defer('load: temporary DATA_DIR', removeDataDir);

  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const [port, dynamodbPort, s3Port] = [...ports] as [number, number, number];
  const base = `http://127.0.0.1:${port}/v1`;
  log(`load: npm start (PORT ${port}, DYNAMODB_PORT ${dynamodbPort}, S3_PORT ${s3Port}, DATA_DIR ${dataDir}) ...`);
  const loadAverage = os.loadavg()[0] ?? Number.NaN;
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: runtimeEnv(process.env, { dataDir, port, dynamodbPort, s3Port }),
    // Its own process group, signalled as a whole to stop.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watchdog =
    child.pid !== undefined
      ? spawn('sh', ['-c', WATCHDOG_SCRIPT, 'load-watchdog', String(process.pid), String(child.pid), dataDir], { stdio: 'ignore', detached: true })
      : undefined;
  watchdog?.on('error', () => undefined);
  watchdog?.unref();
  let exit: string | undefined;
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve();
    });
    child.once('error', (e) => {
      spawnError = e;
      exit ??= `could not start: ${e.message}`;
      resolve();
    });
  });

  // The runtime logs every request to stdout: read it all (a full pipe would stall it), keep the last lines for a failed start.
  const lastOutput: string[] = [];
  const keep = (line: string) => {
    lastOutput.push(line);
    lastOutput.splice(0, Math.max(0, lastOutput.length - 30));
  };
  let stderrLines = 0;
  const firstStderr: string[] = [];
  const responses: Record<string, number> = {};
  let responsesLogged = 0;
  const stdout = lineSplitter((line) => {
    keep(line);
    const status = responseStatus(line);
    if (status === undefined) return;
    responses[status] = (responses[status] ?? 0) + 1;
    responsesLogged += 1;
  });
  const stderr = lineSplitter((line) => {
    keep(line);
    if (!line.trim() || /^npm (warn|notice)/i.test(line)) return;
    stderrLines += 1;
    if (firstStderr.length < STDERR_KEPT) firstStderr.push(stderrSummary(line));
  });
  child.stdout?.setEncoding('utf8').on('data', stdout.push).on('end', stdout.end);
  child.stderr?.setEncoding('utf8').on('data', stderr.push).on('end', stderr.end);

  let stopping: Promise<number> | undefined;
  /** Stops everything `npm start` started; resolves to how long that took. Once. */
  const stopRuntime = () =>
    (stopping ??= (async () => {
      const t0 = performance.now();
      const pgid = child.pid;
      if (pgid !== undefined && !spawnError) {
        signalGroup(pgid, 'SIGTERM');
        if (!(await waitFor(() => exit !== undefined && !groupAlive(pgid), options.stopTimeoutMs))) {
          log(`load: npm start still running ${options.stopTimeoutMs / 1000} s after SIGTERM: SIGKILL to its process group`);
          signalGroup(pgid, 'SIGKILL');
          await waitFor(() => !groupAlive(pgid), 5_000);
        }
      }
      // DynamoDB Local runs in a group of its own; the runtime stops it, but not when the runtime itself was killed.
      if (!(await waitFor(() => processesWith(dataDir).length === 0, 5_000))) {
        log(`load: DynamoDB Local still running after the runtime stopped: SIGTERM`);
        signalPids(processesWith(dataDir), 'SIGTERM');
        if (!(await waitFor(() => processesWith(dataDir).length === 0, 5_000))) signalPids(processesWith(dataDir), 'SIGKILL');
      }
      await Promise.race([exited, sleep(1_000)]);
      if (watchdog && watchdog.exitCode === null && watchdog.signalCode === null) watchdog.kill('SIGTERM');
      return performance.now() - t0;
    })());
  ctx.defer('load: npm start', async () => {
    await stopRuntime();
  });
  let running: autocannon.Instance | undefined;
  ctx.defer('load: autocannon', () => running?.stop());

  const alive = (): string | undefined =>
    exit !== undefined ? `npm start ended (${exit}); its last output:\n${lastOutput.map((l) => `  ${l}`).join('\n')}` : undefined;
  const interrupted = () => {
    if (ctx.stopped()) throw new LoadRunError('load: interrupted');
  };

  try {
    await waitUntil(
      'npm start',
      async () => {
        const demo = readRuntimeFile(dataDir) ? readDemoFile(dataDir) : undefined;
        if (!demo) return false;
        const res = await fetch(`${base}/carriers`, { headers: { 'x-api-key': demo.apiKey }, signal: AbortSignal.timeout(5_000) });
        await res.arrayBuffer();
        return res.status === 200;
      },
      { timeoutMs: options.startTimeoutMs, intervalMs: 200, abort: () => alive() ?? (ctx.stopped() ? 'interrupted' : undefined) },
    );
    const startupMs = performance.now() - startedAt;
    const apiKey = readDemoFile(dataDir)!.apiKey;
    const runtimeFile = readRuntimeFile(dataDir)!;
    log(`load: npm start answers after ${(startupMs / 1000).toFixed(1)} s`);

    const rateBody = JSON.stringify(sampleRateBody());
    const routes = [
      { route: 'GET /v1/carriers', path: '/carriers', method: 'GET' as const },
      { route: 'POST /v1/rate', path: '/rate', method: 'POST' as const, body: rateBody },
    ];
    const load = async (r: (typeof routes)[number], durationS: number): Promise<RouteLoad> => {
      interrupted();
      const problem = alive();
      if (problem) throw new LoadRunError(problem);
      const instance = fire({
        url: `${base}${r.path}`,
        method: r.method,
        headers: { 'x-api-key': apiKey, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        ...(r.body ? { body: r.body } : {}),
        connections: options.connections,
        duration: durationS,
        timeout: options.timeoutS,
      });
      running = instance;
      const loggedBefore = responsesLogged;
      let firstError: string | undefined;
      instance.on('reqError', (e: Error) => {
        firstError ??= e.message;
      });
      try {
        const result = await instance;
        interrupted();
        // autocannon closes its connections with a request in flight on each; the runtime still answers those.
        // Wait until it logged an answer to every request sent (at most the request timeout), so that they
        // neither load the next run nor meet a runtime that stops under them.
        const answered = () => responsesLogged - loggedBefore >= result.requests.sent;
        if (!(await waitFor(() => answered() || exit !== undefined, options.timeoutS * 1000))) {
          log(`load: ${r.route}: ${result.requests.sent - (responsesLogged - loggedBefore)} request(s) still unanswered ${options.timeoutS} s after the run`);
        }
        return summarizeRun(r.route, result, firstError);
      } finally {
        running = undefined;
      }
    };

    const measured: RouteLoad[] = [];
    const warmup: RouteLoad[] = [];
    for (const r of routes) {
      log(`load: ${r.route}: ${options.warmupS} s warm-up, then ${options.durationS} s at ${options.connections} connections ...`);
      warmup.push(await load(r, options.warmupS));
      const m = await load(r, options.durationS);
      measured.push(m);
      log(`load: ${r.route}: ${fmt(m.requestsPerSec)} req/s, p50 ${fmt(m.p50Ms)} ms, p99 ${fmt(m.p99Ms)} ms, ${m.non2xx} non-2xx, ${m.errors} errors`);
    }

    const runtimePeakRssBytes = peakRss(runtimeFile.pid);
    const dynamodbPeakRssBytes = peakRss(runtimeFile.dynamodb.pid);
    log('load: stopping npm start ...');
    const stopMs = await stopRuntime();
    removeDataDir();

    const runtime: RuntimeFigures = {
      loadAverage,
      startupMs,
      stopMs,
      ...(exit !== undefined ? { exit } : {}),
      ...(runtimePeakRssBytes !== undefined ? { runtimePeakRssBytes } : {}),
      ...(dynamodbPeakRssBytes !== undefined ? { dynamodbPeakRssBytes } : {}),
      responses,
      stderrLines,
      firstStderr,
    };
    return {
      name: 'load',
      checks: loadChecks(measured),
      details: loadDetails(measured, options, runtime),
      figures: { autocannon: autocannonVersion, ...loadFigures(measured, options, runtime, warmup) },
    };
  } finally {
    running?.stop();
    await stopRuntime();
    removeDataDir();
  }
};
