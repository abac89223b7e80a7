/**
 * `npm run bench`: the speed and memory targets of the project (they live
 * here, never in timed unit tests, because CI machines are noisy). One run,
 * one table of targets, then each part's own detail:
 *
 *   1. pure: the rating pipeline without I/O, a domestic and a multi-piece
 *      international request;
 *   2. bundles: each HTTP function's cold penalty (import + first request −
 *      the same request warm) as deployed and with observability off, against
 *      a baseline that creates the DynamoDB client and makes one GetItem, in
 *      fresh processes against DynamoDB Local, and its bundle size
 *      (bench/bundles.ts);
 *      compile-cache: what Node's compile cache would save a function's
 *      cold start if it matched, and that one that does not only loses the
 *      speed-up (bench/compile-cache.ts; not shipped, docs/performance.md);
 *   3. dynamodb: commands and the longest chain of round trips per endpoint,
 *      caches empty and warm, and the write units of a rate request
 *      (bench/dynamodb.ts);
 *   4. warm: the rate handler in process against its floor, its DynamoDB
 *      client answered by an instant endpoint, with observability as deployed
 *      and off, side by side (bench/warm.ts);
 *   5. fanout: every carrier at 300 ms, and one carrier that never answers
 *      against all healthy, with the circuit breaker (bench/fanout.ts);
 *   6. http: GET /v1/carriers and POST /v1/rate over HTTP through the local
 *      API server and DynamoDB Local, with the process's peak memory;
 *   7. load: autocannon against `npm start` (bench/load.ts);
 *   8. capacity: DynamoDB read and write units (table and index, by read
 *      consistency), stored item sizes, S3 requests and bytes and e-mails of
 *      each step of a shipment's life, through the handlers in process
 *      against DynamoDB Local and s3rver (bench/capacity.ts); its figures also
 *      go to bench/results/capacity.json, alone or in a full run;
 *   9. tracking-scale: DynamoDB Local loaded with 100,000 active orders'
 *      tracking schedules (TRACKING_SCALE_ORDERS for a quicker run), then the
 *      dispatcher's discovery and dispatch throughput and the workers' checks
 *      per second and units per check (bench/tracking-scale.ts); figures also
 *      in bench/results/tracking-scale.json;
 *  10. labels: a label file made of a carrier's hostile documents (the
 *      images and PDFs of issue 43) and of images or PDFs that spend a
 *      file's whole budget, each in a fresh process: time and peak RSS
 *      (bench/labels.ts);
 *  11. scope: what scoping an invocation's state with AsyncLocalStorage
 *      costs in a loop, against explicit passing and a module variable
 *      (bench/invocation-scope.ts);
 *  12. batch-file: a batch's merged label file of 1,000 orders (own labels,
 *      carrier PNGs, carrier PDFs) in a fresh process: wall time and peak
 *      RSS above its idle (bench/batch-file.ts);
 *  13. batches: a 1,000-item batch through the batch worker and the local
 *      FIFO queue against its ideal (items × single-ship p50 / W), and its
 *      write units per item against a single ship's (bench/batches.ts);
 *      figures also in bench/results/batches.json.
 *
 * Progress goes to stderr; stdout gets the tables and, as its last line, a
 * JSON summary (`npm run -s bench | tail -n 1`), also written to
 * bench/results/latest.json. `npm run bench -- dynamodb fanout` runs only
 * the parts named. Exit code: 0 when every target is met, 1 when one is
 * missed or the benchmark fails, 128+n on a signal. Every process and
 * emulator a part starts is stopped when the part ends, on
 * SIGINT/SIGTERM/SIGHUP and at a hard deadline. Needs Java 17+ for DynamoDB
 * Local.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { check, type BenchContext, type BenchPart, type Check } from './checks';
import { scenarios, domestic } from './fixtures';
import type { HttpBenchResult, RouteResult } from './http';
import { runPureBench, type PureBenchResult } from './pure';
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
const HARD_DEADLINE_MS = 1_200_000;

const PARTS = [
  'pure',
  'bundles',
  'compile-cache',
  'dynamodb',
  'warm',
  'fanout',
  'http',
  'load',
  'capacity',
  'tracking-scale',
  'labels',
  'scope',
  'batch-file',
  'batches',
] as const;
type PartName = (typeof PARTS)[number];

// ---------------------------------------------------------------------------

const log = (line: string) => process.stderr.write(`${line}\n`);
const out = (line = '') => process.stdout.write(`${line}\n`);

// Cleanup steps registered while starting things; run in reverse, once.
const cleanups: { name: string; fn: () => Promise<void> | void }[] = [];
const defer = (name: string, fn: () => Promise<void> | void) => {
  cleanups.push({ name, fn });
};
let cleaning: Promise<void> | undefined;
/** Runs the cleanup steps registered after the first `keep`, newest first. */
const unwind = async (keep: number) => {
  while (cleanups.length > keep) {
    const step = cleanups.pop()!;
    try {
      await step.fn();
    } catch (error) {
      log(`bench: could not stop ${step.name}: ${(error as Error)?.message ?? String(error)}`);
    }
  }
};
const cleanup = () => (cleaning ??= unwind(0));

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
/** Exit code once a signal arrived: the run stops, nothing is reported. */
let interruptedExit: number | undefined;
/** A second signal within this long is the same Ctrl-C reaching us twice (the terminal's group, then a relay), not an insistence. */
const REPEATED_SIGNAL_MS = 1_000;
let firstSignalAt = 0;
for (const [signal, number] of Object.entries(SIGNALS)) {
  process.on(signal, () => {
    if (interruptedExit !== undefined) {
      // Insisting (a signal after a second) exits at once, without waiting for the emulators.
      if (performance.now() - firstSignalAt > REPEATED_SIGNAL_MS) process.exit(128 + number);
      return;
    }
    firstSignalAt = performance.now();
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

/** The pure and HTTP benchmarks, as a part like the others. */
const latencyDetails = (pure: PureBenchResult[], http: HttpBenchResult | undefined): string[] => {
  const rows = [
    ...pure.map((p) => [
      `pure ${p.scenario} (${p.description})`,
      String(p.count),
      fmt(p.opsPerSec),
      fmt(p.p50Ms),
      fmt(p.p95Ms),
      fmt(p.p99Ms),
      fmt(p.maxMs),
      `${p.rates} rates`,
    ]),
    ...(http
      ? [routeRow(`http ${http.routes.carriers.route}`, http.routes.carriers), routeRow(`http ${http.routes.rate.route} (${domestic.name})`, http.routes.rate)]
      : []),
  ];
  const lines = [
    table(['benchmark', 'n', 'ops/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'notes'], rows),
    `(${http ? `http: concurrency ${http.concurrency}, after ${HTTP_WARMUP_REQUESTS} warm-up requests per route; ` : ''}pure: sequential, after a warm-up)`,
  ];
  if (http) {
    const m = http.memory;
    lines.push(
      `memory: peak RSS ${fmt(mib(m.peakRssBytes))} MiB, peak heap used ${fmt(mib(m.peakHeapUsedBytes))} MiB, at end RSS ${fmt(mib(m.endRssBytes))} MiB / heap ${fmt(mib(m.endHeapUsedBytes))} MiB` +
        (m.retainedHeapBytes !== undefined ? ` (${fmt(mib(m.retainedHeapBytes))} MiB after a full GC)` : '') +
        (m.dynamodbPeakRssBytes !== undefined ? `; DynamoDB Local (Java) peak RSS ${fmt(mib(m.dynamodbPeakRssBytes))} MiB` : ''),
    );
  }
  return lines;
};

const runPure = async (): Promise<BenchPart> => {
  const pure: PureBenchResult[] = [];
  for (const scenario of scenarios) {
    if (interruptedExit !== undefined) break;
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
  return {
    name: 'pure',
    checks: pure.flatMap((p) => [
      check(`pure ${p.scenario} p95`, p.p95Ms, 'max', PURE_P95_MS, 'ms'),
      check(`pure ${p.scenario} throughput`, p.opsPerSec, 'min', PURE_MIN_OPS_PER_SEC, 'ops/s'),
    ]),
    details: latencyDetails(pure, undefined),
    figures: { scenarios: pure.map((p) => ({ scenario: p.scenario, description: p.description, rates: p.rates, carriers: p.carriers, ...roundSummary(p) })) },
  };
};

const runHttp = async (ctx: BenchContext): Promise<BenchPart> => {
  // Loaded only now, after the environment is set.
  const { runHttpBench } = await import('./http');
  const http = await runHttpBench({
    requests: HTTP_REQUESTS,
    concurrency: HTTP_CONCURRENCY,
    warmupRequests: HTTP_WARMUP_REQUESTS,
    requestTimeoutMs: HTTP_REQUEST_TIMEOUT_MS,
    rateBody: domestic.body,
    defer: ctx.defer,
    log: ctx.log,
    stopped: ctx.stopped,
  });
  const { carriers, rate } = http.routes;
  for (const r of [carriers, rate]) if (r.firstError) log(`${r.route}: ${r.errors} failed, first: ${r.firstError}`);
  const mem = http.memory;
  return {
    name: 'http',
    checks: [
      check('GET /v1/carriers p95', carriers.p95Ms, 'max', HTTP_CARRIERS_P95_MS, 'ms'),
      check('POST /v1/rate p95', rate.p95Ms, 'max', HTTP_RATE_P95_MS, 'ms'),
      check('HTTP failed requests', carriers.errors + rate.errors, 'max', 0, 'req'),
      check('peak RSS', mib(mem.peakRssBytes), 'max', PEAK_RSS_MIB, 'MiB'),
      check('peak heap used', mib(mem.peakHeapUsedBytes), 'max', PEAK_HEAP_USED_MIB, 'MiB'),
    ],
    details: latencyDetails([], http),
    figures: {
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
  };
};

const PART_RUNNERS: Record<PartName, (ctx: BenchContext) => Promise<BenchPart>> = {
  pure: runPure,
  // In a child too: it makes the requests' data through the store, against its own emulators (about 5 minutes on 2 cores).
  bundles: async (ctx) => (await import('./part-child')).runPartInChild(ctx, 'bundles.ts', 'runBundleBench', 600_000),
  'compile-cache': async (ctx) => (await import('./compile-cache')).runCompileCacheBench(ctx),
  // In a child: it builds the store's clients against its own emulators (bench/part-child.ts).
  dynamodb: async (ctx) => (await import('./part-child')).runPartInChild(ctx, 'dynamodb.ts', 'runDynamodbBench'),
  warm: async (ctx) => (await import('./warm')).runWarmBench(ctx),
  fanout: async (ctx) => (await import('./fanout')).runFanoutBench(ctx),
  http: runHttp,
  load: async (ctx) => (await import('./load')).runLoadBench(ctx),
  // In a child, like dynamodb: it builds the store's clients against its own emulators.
  capacity: async (ctx) => (await import('./part-child')).runPartInChild(ctx, 'capacity.ts', 'runCapacityBench'),
  // In a child too; its load of DynamoDB Local takes most of its time (about a minute for 100,000 orders on 2 cores).
  'tracking-scale': async (ctx) => (await import('./part-child')).runPartInChild(ctx, 'tracking-scale.ts', 'runTrackingScaleBench', 420_000),
  // Each case in a process of its own (bench/labels.ts), for its peak RSS.
  labels: async (ctx) => (await import('./labels')).runLabelsBench(ctx),
  scope: async (ctx) => (await import('./invocation-scope')).runInvocationScopeBench(ctx),
  // In a process of its own (bench/batch-file.ts), for its peak RSS.
  'batch-file': async (ctx) => (await import('./batch-file')).runBatchFileBench(ctx),
  // In a child, like capacity: its own emulators and the store's clients built against them.
  batches: async (ctx) => (await import('./part-child')).runPartInChild(ctx, 'batches.ts', 'runBatchesBench', 420_000),
};

const report = (parts: BenchPart[], checks: Check[], durationMs: number) => {
  out('');
  out(`Benchmarks: node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs, ${(durationMs / 1000).toFixed(1)} s`);
  out('');
  out(
    table(
      ['target', 'measured', 'limit', 'result', 'note'],
      checks.map((c) => [
        c.name,
        `${fmt(c.measured)} ${c.unit}`,
        `${c.kind === 'max' ? '<=' : '>='} ${fmt(c.target)} ${c.unit}`,
        c.ok ? 'ok' : 'MISSED',
        c.note ?? '',
      ]),
    ),
  );
  for (const part of parts) {
    out('');
    out(`## ${part.name}`);
    for (const line of part.details) out(line);
  }
  out('');
};

/** The parts named on the command line, in the bench's order; all of them by default. */
const selectedParts = (args: readonly string[]): PartName[] => {
  const unknown = args.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown bench part(s): ${unknown.join(', ')}; known: ${PARTS.join(', ')}`);
  return args.length === 0 ? [...PARTS] : PARTS.filter((p) => args.includes(p));
};

const RESULTS_FILE = path.join(__dirname, 'results', 'latest.json');
/**
 * The own files of the capacity parts and of labels: latest.json is replaced
 * only by a full run, and their figures (docs/operations.md and
 * docs/performance.md are built from them) are worth keeping from a run of
 * that part alone.
 */
const PART_RESULTS_FILES: Partial<Record<PartName, string>> = {
  capacity: path.join(__dirname, 'results', 'capacity.json'),
  'tracking-scale': path.join(__dirname, 'results', 'tracking-scale.json'),
  labels: path.join(__dirname, 'results', 'labels.json'),
  'batch-file': path.join(__dirname, 'results', 'batch-file.json'),
  batches: path.join(__dirname, 'results', 'batches.json'),
};

const main = async (): Promise<number> => {
  const started = performance.now();
  const selected = selectedParts(process.argv.slice(2));
  // Before any project module that reads them at load time (the logger, the SDK clients).
  process.env.LOG_LEVEL = 'ERROR';
  process.env.POWERTOOLS_TRACE_ENABLED = 'false';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

  const ctx: BenchContext = { log, defer, stopped: () => interruptedExit !== undefined };
  const parts: BenchPart[] = [];
  for (const name of selected) {
    if (interruptedExit !== undefined) return interruptedExit;
    const partStarted = performance.now();
    const keep = cleanups.length;
    try {
      parts.push(await PART_RUNNERS[name](ctx));
    } finally {
      // What the part started stops now, not at the end of the run.
      await unwind(keep);
    }
    log(`${name}: done in ${((performance.now() - partStarted) / 1000).toFixed(1)} s`);
  }
  if (interruptedExit !== undefined) return interruptedExit;

  const checks = parts.flatMap((p) => p.checks);
  const durationMs = performance.now() - started;
  report(parts, checks, durationMs);
  const ok = checks.every((c) => c.ok);
  const summary = {
    ok,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    at: new Date().toISOString(),
    durationMs: Math.round(durationMs),
    parts: Object.fromEntries(parts.map((p) => [p.name, p.figures])),
    checks: checks.map((c) => ({ ...c, measured: round(c.measured) })),
  };
  out(
    ok
      ? 'All targets met.'
      : `Targets missed: ${checks
          .filter((c) => !c.ok)
          .map((c) => c.name)
          .join(', ')}`,
  );
  const json = JSON.stringify(summary);
  // Only a full run replaces the results docs/performance.md quotes.
  if (selected.length === PARTS.length) {
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(summary, null, 2)}\n`);
    log(`results written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  }
  for (const part of parts) {
    const resultsFile = PART_RESULTS_FILES[part.name as PartName];
    if (!resultsFile) continue;
    const { parts: _parts, checks: _checks, ...run } = summary;
    const partChecks = part.checks.map((c) => ({ ...c, measured: round(c.measured) }));
    const file = { ...run, ok: part.checks.every((c) => c.ok), [part.name]: part.figures, checks: partChecks };
    mkdirSync(path.dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(file, null, 2)}\n`);
    log(`${part.name} figures written to ${path.relative(process.cwd(), resultsFile)}`);
  }
  out(json);
  return ok ? 0 : 1;
};

void main()
  .catch((error: unknown) => {
    // After a signal, whatever failed failed because the emulators were stopped under it.
    if (interruptedExit === undefined) log(`bench failed: ${(error as Error)?.stack ?? String(error)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    process.exit(interruptedExit ?? code);
  });
