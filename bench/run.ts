/**
 * `npm run bench`: the speed and memory targets of the project (they live
 * here, never in timed unit tests, because CI machines are noisy).
 *
 *   1. the pure rating pipeline (no I/O) for a domestic and a multi-piece
 *      international request;
 *   2. GET /v1/carriers and POST /v1/rate end to end over HTTP on 127.0.0.1,
 *      through the local API server, DynamoDB Local (in memory) and s3rver,
 *      with the process's peak memory.
 *
 * Progress goes to stderr; stdout gets a table and, as its last line, a JSON
 * summary (`npm run -s bench | tail -n 1`). Exit code: 0 when every target
 * is met, 1 when one is missed or the benchmark fails, 128+n on a signal.
 * The emulators are always stopped (finally block, SIGINT/SIGTERM/SIGHUP, and
 * a hard deadline). Needs Java 17+ for DynamoDB Local.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { scenarios, domestic } from './fixtures';
import type { HttpBenchResult, RouteResult } from './http';
import { runPureBench, type PureBenchResult } from './pure';
import { check, type Check } from './checks';
import { fmt, mib, round, roundSummary, table } from './stats';

// ---------------------------------------------------------------------------
// Targets. Calibrated on a 2-core Linux VM (Node 20, OpenJDK 17) over ten
// runs, some while other test suites ran (load average up to 6): each limit is
// about 3x the worst value seen there after the warm-up, so a noisy CI machine
// passes and a real regression (an accidental O(n²), a client or schema built
// per request, a leak) does not.
// ---------------------------------------------------------------------------

/** Pure pipeline, p95 per request (both scenarios). Measured 0.21–0.52 ms; 2 ms leaves room for GC pauses on a busy machine. */
const PURE_P95_MS = 2;
/** Pure pipeline, sequential requests per second (both scenarios). Measured 3,000–5,400. */
const PURE_MIN_OPS_PER_SEC = 1_000;
/**
 * POST /v1/rate end to end, p95 at HTTP_CONCURRENCY. Measured 130–290 ms. At
 * concurrency 8 on 2 cores Node and DynamoDB Local (Java) saturate the CPU, so
 * this is mostly queueing: one request alone takes ≈30 ms (11 DynamoDB Local
 * calls: key and company, 8 catalog reads, one batch write of 13 items).
 */
const HTTP_RATE_P95_MS = 900;
/** GET /v1/carriers end to end, p95 at HTTP_CONCURRENCY. Measured 55–180 ms (≈7 ms, 4 DynamoDB Local calls, for one request alone). */
const HTTP_CARRIERS_P95_MS = 500;
/** Peak RSS of the Node process over the whole run (handlers, SDK clients, s3rver in process; not the Java child). Measured 210–260 MiB. */
const PEAK_RSS_MIB = 768;
/** Peak V8 heap used during the HTTP benchmark (includes garbage not yet collected). Measured 105–150 MiB. */
const PEAK_HEAP_USED_MIB = 450;

// Workload (not targets).
/** Pure pipeline: unmeasured warm-up (both minimums apply), then up to PURE_MAX_OPS or PURE_MAX_MS per scenario. */
const PURE_WARMUP_OPS = 300;
const PURE_WARMUP_MS = 500;
const PURE_MIN_OPS = 200;
const PURE_MAX_OPS = 5_000;
const PURE_MAX_MS = 2_000;
/** End to end: measured requests per route, in flight at once, and unmeasured warm-up requests per route. */
const HTTP_REQUESTS = 300;
const HTTP_CONCURRENCY = 8;
const HTTP_WARMUP_REQUESTS = 100;
const HTTP_REQUEST_TIMEOUT_MS = 10_000;
/** The whole run is abandoned (emulators stopped, exit 1) after this long. */
const HARD_DEADLINE_MS = 120_000;

// ---------------------------------------------------------------------------

const log = (line: string) => process.stderr.write(`${line}\n`);
const out = (line = '') => process.stdout.write(`${line}\n`);

// Cleanup steps registered while starting things; run in reverse, once.
const cleanups: { name: string; fn: () => Promise<void> | void }[] = [];
const defer = (name: string, fn: () => Promise<void> | void) => {
  cleanups.push({ name, fn });
};
let cleaning: Promise<void> | undefined;
const cleanup = () =>
  (cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.fn();
      } catch (error) {
        log(`bench: could not stop ${step.name}: ${(error as Error)?.message ?? String(error)}`);
      }
    }
  })());

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
/** Exit code once a signal arrived: the run stops, nothing is reported. */
let interruptedExit: number | undefined;
for (const [signal, number] of Object.entries(SIGNALS)) {
  process.on(signal, () => {
    if (interruptedExit !== undefined) process.exit(128 + number);
    interruptedExit = 128 + number;
    log(`\nbench: ${signal}, stopping the emulators ...`);
    void cleanup().finally(() => process.exit(128 + number));
  });
}
const deadline = setTimeout(() => {
  log(`bench: not finished after ${HARD_DEADLINE_MS / 1000} s, giving up`);
  void cleanup().finally(() => process.exit(1));
}, HARD_DEADLINE_MS);
deadline.unref();

const routeRow = (label: string, r: RouteResult): string[] => [
  label,
  String(r.count),
  fmt(r.opsPerSec),
  fmt(r.p50Ms),
  fmt(r.p95Ms),
  fmt(r.p99Ms),
  fmt(r.maxMs),
  `${String(r.errors)} err, cold ${fmt(r.coldMs)} ms`,
];

const report = (pure: PureBenchResult[], http: HttpBenchResult, checks: Check[], durationMs: number) => {
  out('');
  out(`Benchmarks: node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs, ${(durationMs / 1000).toFixed(1)} s`);
  out('');
  const rows = [
    ...pure.map((p) => [`pure ${p.scenario} (${p.description})`, String(p.count), fmt(p.opsPerSec), fmt(p.p50Ms), fmt(p.p95Ms), fmt(p.p99Ms), fmt(p.maxMs), `${p.rates} rates`]),
    routeRow(`http ${http.routes.carriers.route}`, http.routes.carriers),
    routeRow(`http ${http.routes.rate.route} (${domestic.name})`, http.routes.rate),
  ];
  out(table(['benchmark', 'n', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'notes'], rows));
  out(`(http: concurrency ${http.concurrency}, after ${HTTP_WARMUP_REQUESTS} warm-up requests per route; pure: sequential, after a warm-up)`);
  out('');
  const m = http.memory;
  out(
    `memory: peak RSS ${fmt(mib(m.peakRssBytes))} MiB, peak heap used ${fmt(mib(m.peakHeapUsedBytes))} MiB, at end RSS ${fmt(mib(m.endRssBytes))} MiB / heap ${fmt(mib(m.endHeapUsedBytes))} MiB` +
      (m.retainedHeapBytes !== undefined ? ` (${fmt(mib(m.retainedHeapBytes))} MiB after a full GC)` : '') +
      (m.dynamodbPeakRssBytes !== undefined ? `; DynamoDB Local (Java) peak RSS ${fmt(mib(m.dynamodbPeakRssBytes))} MiB` : ''),
  );
  out('');
  out(
    table(
      ['target', 'measured', 'limit', 'result'],
      checks.map((c) => [c.name, `${fmt(c.measured)} ${c.unit}`, `${c.kind === 'max' ? '<=' : '>='} ${fmt(c.target)} ${c.unit}`, c.ok ? 'ok' : 'MISSED']),
    ),
  );
  out('');
};

const main = async (): Promise<number> => {
  const started = performance.now();
  // Before any project module that reads them at load time (the logger, the SDK clients).
  process.env.LOG_LEVEL = 'ERROR';
  process.env.POWERTOOLS_TRACE_ENABLED = 'false';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  const pure: PureBenchResult[] = [];
  for (const scenario of scenarios) {
    if (interruptedExit !== undefined) return interruptedExit;
    log(`pure pipeline, ${scenario.name}: warm-up, then up to ${PURE_MAX_OPS} requests or ${PURE_MAX_MS / 1000} s ...`);
    pure.push(
      await runPureBench(scenario, {
        warmupOps: PURE_WARMUP_OPS,
        warmupMs: PURE_WARMUP_MS,
        minOps: PURE_MIN_OPS,
        maxOps: PURE_MAX_OPS,
        maxMs: PURE_MAX_MS,
      }),
    );
  }

  // Loaded only now, after the environment above is set.
  const { runHttpBench } = await import('./http');
  const http = await runHttpBench({
    requests: HTTP_REQUESTS,
    concurrency: HTTP_CONCURRENCY,
    warmupRequests: HTTP_WARMUP_REQUESTS,
    requestTimeoutMs: HTTP_REQUEST_TIMEOUT_MS,
    rateBody: domestic.body,
    defer,
    log,
    stopped: () => interruptedExit !== undefined,
  });
  if (interruptedExit !== undefined) return interruptedExit;
  log('stopping the emulators ...');
  await cleanup();

  const { carriers, rate } = http.routes;
  const checks: Check[] = [
    ...pure.flatMap((p) => [
      check(`pure ${p.scenario} p95`, p.p95Ms, 'max', PURE_P95_MS, 'ms'),
      check(`pure ${p.scenario} throughput`, p.opsPerSec, 'min', PURE_MIN_OPS_PER_SEC, 'ops/s'),
    ]),
    check('GET /v1/carriers p95', carriers.p95Ms, 'max', HTTP_CARRIERS_P95_MS, 'ms'),
    check('POST /v1/rate p95', rate.p95Ms, 'max', HTTP_RATE_P95_MS, 'ms'),
    check('HTTP failed requests', carriers.errors + rate.errors, 'max', 0, 'req'),
    check('peak RSS', mib(http.memory.peakRssBytes), 'max', PEAK_RSS_MIB, 'MiB'),
    check('peak heap used', mib(http.memory.peakHeapUsedBytes), 'max', PEAK_HEAP_USED_MIB, 'MiB'),
  ];
  for (const r of [carriers, rate]) if (r.firstError) log(`${r.route}: ${r.errors} failed, first: ${r.firstError}`);

  const durationMs = performance.now() - started;
  report(pure, http, checks, durationMs);
  const ok = checks.every((c) => c.ok);
  const mem = http.memory;
  const summary = {
    ok,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    durationMs: Math.round(durationMs),
    pure: pure.map((p) => ({ scenario: p.scenario, description: p.description, rates: p.rates, carriers: p.carriers, ...roundSummary(p) })),
    http: {
      concurrency: http.concurrency,
      warmupRequests: HTTP_WARMUP_REQUESTS,
      setupMs: Math.round(http.setupMs),
      routes: [carriers, rate].map((r) => ({ route: r.route, coldMs: round(r.coldMs), errors: r.errors, ...roundSummary(r) })),
      memory: {
        peakRssMiB: round(mib(mem.peakRssBytes)),
        peakHeapUsedMiB: round(mib(mem.peakHeapUsedBytes)),
        endRssMiB: round(mib(mem.endRssBytes)),
        endHeapUsedMiB: round(mib(mem.endHeapUsedBytes)),
        ...(mem.retainedHeapBytes !== undefined ? { retainedHeapMiB: round(mib(mem.retainedHeapBytes)) } : {}),
        ...(mem.dynamodbPeakRssBytes !== undefined ? { dynamodbPeakRssMiB: round(mib(mem.dynamodbPeakRssBytes)) } : {}),
      },
    },
    checks: checks.map((c) => ({ ...c, measured: round(c.measured) })),
  };
  out(ok ? 'All targets met.' : `Targets missed: ${checks.filter((c) => !c.ok).map((c) => c.name).join(', ')}`);
  out(JSON.stringify(summary));
  return ok ? 0 : 1;
};

main()
  .catch((error: unknown) => {
    // After a signal, whatever failed failed because the emulators were stopped under it.
    if (interruptedExit === undefined) log(`bench failed: ${(error as Error)?.stack ?? String(error)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    process.exit(interruptedExit ?? code);
  });
