/**
 * The warm rate handler against its floor, in process (issue 8: warm p50 at
 * most 8× the floor).
 *
 * Both are the deployed code: the rate function built as the stack builds
 * it (lib/bundling.ts; `deployedRateBundle` below), not the sources through
 * tsx.
 *
 * - Floor: what any implementation of POST /v1/rate must do per request for
 *   this payload: JSON.parse of the body, the validation of the rate request
 *   as the handler does it (the route's schema, readRouteInput; then the
 *   service's resolvePackagingTypes and checkShippingDate), and
 *   JSON.stringify of the response body.
 * - Warm handler: `functions/rate/handler.ts`'s `handler`, invoked with an API
 *   Gateway proxy event (local/api-gateway.ts builds it) and a Lambda
 *   context, configured as the prod stage deploys it (lib/stages.ts: caches,
 *   log level, limits; tracing on with the trace sampled and metrics on, as
 *   deployed; then again in a second child with all of it off), its
 *   structured log going to /dev/null, the sandbox carriers without faults.
 *   Its DynamoDB client is the bundle's own (shared/aws/dynamodb-client.ts:
 *   marshalling, middleware stack, SigV4 signing, parsing)
 *   with an instant in-process transport in place of the network: the reads
 *   answered with responses recorded from DynamoDB Local a moment before,
 *   keyed by target and request body, the writes with an empty success.
 *   Anything else fails the bench.
 *
 * It runs in child processes (this file, WARM_BENCH_CHILD=1), PAIRS pairs of
 * them (as deployed, off), and each ratio is the median of the pairs': the store's
 * clients, the logger and the configuration are per process and built from
 * the environment on first use, so the child gets the deployed environment
 * without touching the bench's other parts. It starts DynamoDB Local (in
 * memory, needs Java 17+), seeds it through the store's public functions,
 * rates once to record the reads, stops it, then warms up and measures floor
 * and handler alternately.
 *
 *   npx tsx bench/warm.ts                       this part alone
 *   WARM_BENCH_CPU_PROFILE=/tmp/warm.cpuprofile npx tsx bench/warm.ts
 *                                               also profiles a loop of warm handler calls
 *                                               in each child (/tmp/warm.deployed.cpuprofile, /tmp/warm.off.cpuprofile)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { findSourceMap, SourceMap, type SourceMapPayload } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { check, type BenchContext, type BenchPart } from './checks';
import { childExit } from './child-exit';
import { fmt, round, roundSummary, summarize, table, type LatencySummary } from './stats';
import type { HttpRequest } from '../shared/aws';

/** Target of issue 8: the warm handler's p50 at most this many times the floor's. */
const WARM_RATIO_MAX = 8;

// Workload (not targets).
/** Unmeasured warm-up: at least this many handler calls and this long. */
const WARMUP_OPS = 500;
const WARMUP_MS = 2_000;
/** Measured: floor and handler alternately, until MEASURE_OPS pairs or MEASURE_MAX_MS (at least MEASURE_MIN_OPS). */
const MEASURE_MIN_OPS = 300;
const MEASURE_OPS = 3_000;
const MEASURE_MAX_MS = 6_000;
/** Each DynamoDB call of a warm request sent again on its own: warm-up, then measured sends. */
const SDK_CALL_WARMUP = 100;
const SDK_CALL_OPS = 300;
/** Profile mode only: how long the profiled loop of handler calls runs. */
const PROFILE_MS = 5_000;
/** The child is killed after this long. */
const CHILD_DEADLINE_MS = 90_000;

const CHILD_FLAG = 'WARM_BENCH_CHILD';
const MODE_VARIABLE = 'WARM_BENCH_MODE';
const PAIRED_VARIABLE = 'WARM_BENCH_PAIRED';
/** Issue 35: the warm handler with observability as deployed at most this many times the same with it off. */
const OBSERVABILITY_RATIO_MAX = 1.1;
/**
 * Pairs of children (as deployed, off), one after the other; each ratio is
 * the median of the pairs' (odd: it is one of them). One pair's
 * observability ratio moved 1.07-1.12 between pairs on 2026-11-26 for the
 * same code, where two children both with observability off stayed within
 * 0.997-1.016 of each other: what a process pays for its lines varies from
 * one process to the next (code placement, the JIT's choices), and one pair
 * tells more of which processes it drew than of the code.
 */
const PAIRS = Number(process.env.WARM_BENCH_PAIRS) || 3;

/** What the child measures. */
export type WarmResult = {
  floor: LatencySummary;
  handler: LatencySummary;
  /** handler p50 / floor p50, handler p99 / floor p99. */
  ratioP50: number;
  ratioP99: number;
  /** Mean main-thread CPU time per call: a cross-check of the ratio on a busy machine, where waiting for the CPU inflates the handler's wall time more than the floor's. */
  floorCpuMeanMs: number;
  handlerCpuMeanMs: number;
  /** 1-minute load average when the measurement ended. */
  loadAverage: number;
  /** Rates in the response (a sanity check that real work was done). */
  rates: number;
  requestBytes: number;
  responseBytes: number;
  /** DynamoDB calls of one warm request, by target, and the bytes of their request bodies. */
  dynamodbCallsPerRequest: Record<string, number>;
  dynamodbRequestBytesPerRequest: Record<string, number>;
  /** p50 of each of those calls sent again on its own through the same client, answered instantly: the client's own cost. */
  sdkCallMs: Record<string, number>;
  /** The environment the handler ran with (the prod stage's values). */
  stage: Record<string, string>;
  profile?: string;
};

// ---------------------------------------------------------------------------
// Parent side: the bench part.
// ---------------------------------------------------------------------------

/** `deployed`: tracing, metrics and log level as the prod stage deploys them, the trace sampled; `off`: none of them. */
type Mode = 'deployed' | 'off';

type ChildMessage = { result?: WarmResult; error?: string; ready?: boolean; stepped?: boolean };

/**
 * One child of `mode`. Paired (`pair`), it stops after its warm-up and takes
 * one measured step (floor, then handler) each time `pair.step` is called,
 * until `pair.done`: the parent alternates the steps of the two modes' children.
 */
const runChild = (
  ctx: BenchContext,
  mode: Mode,
  pair?: { ready: () => void; stepped: () => void; control: (send: (message: object) => void) => void },
): Promise<WarmResult> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = fork(__filename, [], {
      cwd: path.resolve(__dirname, '..'),
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [CHILD_FLAG]: '1', [MODE_VARIABLE]: mode, ...(pair ? { [PAIRED_VARIABLE]: '1' } : {}) },
      // stdout is the handler's log sink: /dev/null.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    ctx.defer('warm bench child', () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    let result: WarmResult | undefined;
    let failure: string | undefined;
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const lines = stderr.split('\n');
      stderr = lines.pop() ?? '';
      for (const line of lines) if (line) ctx.log(`  ${line}`);
    });
    pair?.control((message) => child.send(message));
    child.on('message', (message: ChildMessage) => {
      if (message.result) result = message.result;
      if (message.error) {
        failure = message.error;
        child.kill('SIGKILL');
      }
      if (message.ready) pair?.ready();
      if (message.stepped) pair?.stepped();
    });
    const exited = childExit(ctx, child, CHILD_DEADLINE_MS, () => {
      failure ??= `not finished after ${CHILD_DEADLINE_MS / 1000} s`;
    });
    exited.then(({ code, signal }) => {
      if (stderr) ctx.log(`  ${stderr}`);
      if (result && code === 0) resolve(result);
      else reject(new Error(`warm bench: ${failure ?? `child exited with ${signal ?? `code ${code}`}`}`));
    }, reject);
  });

/** The two modes' children side by side, their measured steps alternating (as deployed, off, as deployed, …). */
const runPaired = async (ctx: BenchContext): Promise<[WarmResult, WarmResult]> => {
  const sides = (['deployed', 'off'] as const).map((mode) => {
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let onStep: () => void = () => undefined;
    let send: (message: object) => void = () => undefined;
    const result = runChild(ctx, mode, { ready: () => markReady(), stepped: () => onStep(), control: (s) => (send = s) });
    const step = () =>
      new Promise<void>((resolve, reject) => {
        onStep = resolve;
        result.catch(reject);
        send({ step: true });
      });
    return { ready, result, step, done: () => send({ done: true }) };
  });
  await Promise.race([Promise.all(sides.map((side) => side.ready)), ...sides.map((side) => side.result)]);
  const deadline = performance.now() + 2 * MEASURE_MAX_MS;
  for (let i = 0; i < MEASURE_OPS && (i < MEASURE_MIN_OPS || performance.now() < deadline); i++) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) await side.step();
  }
  for (const side of sides) side.done();
  return [await sides[0]!.result, await sides[1]!.result];
};

const summaryRow = (label: string, s: LatencySummary, extra: string): string[] => [
  label,
  String(s.count),
  fmt(s.p50Ms),
  fmt(s.p95Ms),
  fmt(s.p99Ms),
  fmt(s.maxMs),
  extra,
];

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const runWarmBench = async (ctx: BenchContext): Promise<BenchPart> => {
  ctx.log(
    `warm rate handler vs floor, observability as deployed and off (${PAIRS} pairs of child processes, one pair after the other, the steps of a pair's two alternated: DynamoDB Local to record reads, then an instant in-process DynamoDB) ...`,
  );
  const pairs: Array<[WarmResult, WarmResult]> = [];
  for (let i = 0; i < PAIRS; i += 1) pairs.push(await runPaired(ctx));
  const observabilityRatios = pairs.map(([deployed, off]) => deployed.handler.p50Ms / off.handler.p50Ms);
  const floorRatios = pairs.map(([deployed]) => deployed.ratioP50);
  const observabilityRatio = median(observabilityRatios);
  const floorRatio = median(floorRatios);
  // The tables show the pair whose observability ratio is the median.
  const [r, off] = pairs[observabilityRatios.indexOf(observabilityRatio)]!;
  const calls = Object.entries(r.dynamodbCallsPerRequest)
    .map(([target, n]) => `${n} ${target} (${fmt(r.dynamodbRequestBytesPerRequest[target]! / 1024)} KiB)`)
    .join(', ');
  const sdkRows = Object.entries(r.sdkCallMs).map(([target, ms]) => [
    `  DynamoDB ${target} alone (client only)`,
    '',
    fmt(ms),
    '',
    '',
    '',
    `${fmt((100 * ms * (r.dynamodbCallsPerRequest[target] ?? 0)) / r.handler.p50Ms)}% of the handler's p50 per request`,
  ]);
  const details = [
    table(
      ['warm in process', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'notes'],
      [
        summaryRow('floor (parse, validate, stringify)', r.floor, `body ${r.requestBytes} B, response ${r.responseBytes} B`),
        summaryRow('rate handler (instant DynamoDB), observability as deployed', r.handler, `${r.rates} rates; per request ${calls}`),
        summaryRow(
          'rate handler, observability off',
          off.handler,
          `floor in that child p50 ${fmt(off.floor.p50Ms)} ms; mean main-thread CPU ${fmt(off.handlerCpuMeanMs)} ms`,
        ),
        [
          'ratio as deployed / off',
          '',
          fmt(observabilityRatio),
          '',
          fmt(r.handler.p99Ms / off.handler.p99Ms),
          '',
          `target p50 <= ${OBSERVABILITY_RATIO_MAX}: the median of ${PAIRS} pairs (${observabilityRatios.map((v) => fmt(v)).join(', ')}); mean CPU ${fmt(r.handlerCpuMeanMs / off.handlerCpuMeanMs)}`,
        ],
        ...sdkRows,
        [
          'ratio handler / floor',
          '',
          fmt(floorRatio),
          '',
          fmt(r.ratioP99),
          '',
          `target p50 <= ${WARM_RATIO_MAX}: the median of ${PAIRS} pairs (${floorRatios.map((v) => fmt(v)).join(', ')}); mean main-thread CPU ${fmt(r.handlerCpuMeanMs)} / ${fmt(r.floorCpuMeanMs)} ms = ${fmt(r.handlerCpuMeanMs / r.floorCpuMeanMs)}`,
        ],
      ],
    ),
    `(sequential, alternating floor and handler, after ${WARMUP_OPS} warm-up calls; load average ${fmt(r.loadAverage)} on ${os.cpus().length} CPUs; stage prod: LOG_LEVEL ${r.stage.LOG_LEVEL}, API_KEY_CACHE_SECONDS ${r.stage.API_KEY_CACHE_SECONDS}, REFERENCE_CACHE_SECONDS ${r.stage.REFERENCE_CACHE_SECONDS}; ` +
      `as deployed: tracing on with the trace sampled (a trace line per request), EMF metrics on, log lines to /dev/null; off: POWERTOOLS_TRACE_ENABLED=false, POWERTOOLS_METRICS_DISABLED=true, LOG_LEVEL=SILENT)`,
  ];
  return {
    name: 'warm',
    checks: [
      check(
        'warm rate p50 / floor (as deployed)',
        floorRatio,
        'max',
        WARM_RATIO_MAX,
        'x',
        `median of ${PAIRS} pairs (${floorRatios.map((v) => fmt(v)).join(', ')}); that pair ${fmt(pairs[floorRatios.indexOf(floorRatio)]![0].handler.p50Ms)} ms / ${fmt(pairs[floorRatios.indexOf(floorRatio)]![0].floor.p50Ms)} ms`,
      ),
      check(
        'warm rate p50 as deployed / off (instant DynamoDB)',
        observabilityRatio,
        'max',
        OBSERVABILITY_RATIO_MAX,
        'x',
        `median of ${PAIRS} pairs (${observabilityRatios.map((v) => fmt(v)).join(', ')}); that pair ${fmt(r.handler.p50Ms)} ms / ${fmt(off.handler.p50Ms)} ms`,
      ),
    ],
    details,
    figures: {
      floor: roundSummary(r.floor),
      handler: roundSummary(r.handler),
      handlerObservabilityOff: roundSummary(off.handler),
      floorObservabilityOff: roundSummary(off.floor),
      observabilityRatioP50: round(observabilityRatio),
      observabilityRatiosP50: observabilityRatios.map(round),
      ratioP50: round(floorRatio),
      ratiosP50: floorRatios.map(round),
      ratioP99: round(r.ratioP99),
      cpuMeanMs: { floor: round(r.floorCpuMeanMs), handler: round(r.handlerCpuMeanMs), ratio: round(r.handlerCpuMeanMs / r.floorCpuMeanMs) },
      loadAverage: round(r.loadAverage),
      rates: r.rates,
      requestBytes: r.requestBytes,
      responseBytes: r.responseBytes,
      dynamodbCallsPerRequest: r.dynamodbCallsPerRequest,
      dynamodbRequestBytesPerRequest: r.dynamodbRequestBytesPerRequest,
      sdkCallMs: Object.fromEntries(Object.entries(r.sdkCallMs).map(([k, v]) => [k, round(v)])),
      stage: r.stage,
    },
  };
};

// ---------------------------------------------------------------------------
// Child side: the measurement.
// ---------------------------------------------------------------------------

type Recorded = { statusCode: number; headers: Record<string, string>; body: Buffer };
type SdkRequest = HttpRequest;

const READS = new Set(['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems', 'Scan']);
/** Writes are answered at once with DynamoDB's empty success. */
const WRITES: Record<string, string> = {
  PutItem: '{}',
  DeleteItem: '{}',
  TransactWriteItems: '{}',
  BatchWriteItem: '{"UnprocessedItems":{}}',
};
const WRITE_HEADERS = { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'warm-bench' };

/**
 * The request body as bytes, without copying (a string from the service's client; the SDK's JSON codec handed a
 * Uint8Array subclass whose valueOf/toString decode it (with a warning), so
 * it is viewed through its buffer, never passed to Buffer.from as it is).
 */
const bodyBytes = (body: unknown): Buffer => {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error(`warm bench: unexpected request body type ${typeof body}`);
};

/**
 * The DynamoDB client's request handler (`{ handle(request) }`, shared/aws/signed-http.ts): first forwarding to
 * DynamoDB Local and recording the answers to reads, then answering from the
 * recording at once. Counts what it is asked per target.
 */
const createInstantDynamoDB = () => {
  let forwardTo: URL | undefined;
  const recorded = new Map<string, Recorded>();
  const unexpected: string[] = [];
  const counts = new Map<string, { calls: number; bytes: number }>();
  const last = new Map<string, Buffer>();

  const forward = async (request: SdkRequest, body: Buffer): Promise<Recorded> => {
    const { request: httpRequest } = await import('node:http');
    return new Promise((resolve, reject) => {
      const headers = { ...request.headers, host: forwardTo!.host };
      const req = httpRequest({ host: forwardTo!.hostname, port: forwardTo!.port, method: request.method, path: request.path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out[name] = value;
          resolve({ statusCode: res.statusCode ?? 500, headers: out, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  };

  const answer = async (request: SdkRequest): Promise<Recorded> => {
    const targetHeader = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'x-amz-target')?.[1];
    const target = (targetHeader ?? '').replace(/^DynamoDB_\d+\./, '');
    const body = bodyBytes(request.body);
    const count = counts.get(target) ?? { calls: 0, bytes: 0 };
    count.calls += 1;
    count.bytes += body.length;
    counts.set(target, count);
    last.set(target, body);
    if (forwardTo) {
      const response = await forward(request, body);
      if (READS.has(target) && response.statusCode === 200) recorded.set(`${target}\n${body.toString('utf8')}`, response);
      return response;
    }
    const write = WRITES[target];
    if (write !== undefined) return { statusCode: 200, headers: WRITE_HEADERS, body: Buffer.from(write) };
    const hit = READS.has(target) ? recorded.get(`${target}\n${body.toString('utf8')}`) : undefined;
    if (hit) return hit;
    const problem = `${target || '(no target)'} ${body.toString('utf8', 0, 300)}`;
    unexpected.push(problem);
    throw new Error(`warm bench: no instant answer for DynamoDB ${problem}`);
  };

  return {
    /** Forward to this endpoint and record (DynamoDB Local), or, with undefined, answer from the recording. */
    forwardTo: (endpoint: string | undefined) => {
      forwardTo = endpoint ? new URL(endpoint) : undefined;
    },
    resetCounts: () => counts.clear(),
    /** The last request body sent for each target, as JSON. */
    lastRequest: (target: string): Record<string, unknown> | undefined => {
      const body = last.get(target);
      return body ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : undefined;
    },
    counts: () => new Map([...counts].map(([target, c]) => [target, { ...c }])),
    unexpected,
    requestHandler: {
      handle: async (request: SdkRequest) => {
        const r = await answer(request);
        return { statusCode: r.statusCode, headers: { ...r.headers }, body: r.body };
      },
    },
  };
};

/** The Lambda environment of the rate function on the prod stage (lib/shipping-stack.ts), without AWS. */
const deployedEnvironment = async (mode: Mode): Promise<Record<string, string>> => {
  const { stageEnvironment, stages } = await import('../lib/stages');
  const { SERVICE_NAME } = await import('../shared/observability');
  const stage = stages.prod;
  return {
    TABLE_NAME: 'warm-bench-table',
    BUCKET_NAME: 'warm-bench-bucket',
    ...stageEnvironment(stage, SERVICE_NAME),
    // As deployed: the trace line of each sampled request (shared/observability/tracer.ts), the EMF lines; or none of it, nor any log line.
    ...(mode === 'deployed'
      ? {
          _X_AMZN_TRACE_ID: 'Root=1-6745a1b2-0123456789abcdef01234567;Parent=53995c3f42cd8ad8;Sampled=1',
          AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
          // What Lambda sets for X-Ray (an X-Ray SDK, were one loaded, would send its segments there: nothing listens).
          LAMBDA_TASK_ROOT: path.resolve(__dirname, '..'),
          AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
          AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
        }
      : { POWERTOOLS_TRACE_ENABLED: 'false', POWERTOOLS_METRICS_DISABLED: 'true', LOG_LEVEL: 'SILENT' }),
    // What Lambda sets (credentials are fake: nothing leaves the process but the recording run to DynamoDB Local).
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'ASIAWARMBENCH0000000',
    AWS_SECRET_ACCESS_KEY: 'warm-bench-secret-access-key-0000000000',
    AWS_SESSION_TOKEN: 'warm-bench-session-token',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: `shipping-${stage.name}-rate`,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(stage.lambda.memoryMb),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
};

type Json = Record<string, unknown>;

/**
 * The document client's command that sends `input` (a DynamoDB JSON request
 * body as the transport saw it) again: its attribute values unmarshalled, so
 * the document client marshals them as the store did. Undefined for targets
 * the rate path does not use.
 */
const documentCommand = async (target: string, input: Json) => {
  const lib = await import('../shared/aws');
  const { unmarshall } = await import('@aws-sdk/util-dynamodb');
  type Av = Parameters<typeof unmarshall>[0];
  const u = (value: unknown) => (value === undefined ? undefined : unmarshall(value as Av));
  const mapValues = (record: unknown, f: (v: never) => unknown) => Object.fromEntries(Object.entries(record as Json).map(([k, v]) => [k, f(v as never)]));
  const values = (x: Json) => ({ ...x, ...(x.ExpressionAttributeValues ? { ExpressionAttributeValues: u(x.ExpressionAttributeValues) } : {}) });
  switch (target) {
    case 'GetItem':
      return new lib.GetCommand({ ...input, Key: u(input.Key) } as never);
    case 'Query':
      return new lib.QueryCommand({ ...values(input), ...(input.ExclusiveStartKey ? { ExclusiveStartKey: u(input.ExclusiveStartKey) } : {}) } as never);
    case 'PutItem':
      return new lib.PutCommand({ ...values(input), Item: u(input.Item) } as never);
    case 'BatchGetItem':
      return new lib.BatchGetCommand({ RequestItems: mapValues(input.RequestItems, (r: Json) => ({ ...r, Keys: (r.Keys as unknown[]).map(u) })) as never });
    case 'BatchWriteItem':
      return new lib.BatchWriteCommand({
        RequestItems: mapValues(input.RequestItems, (requests: Json[]) =>
          requests.map((r) => {
            const put = r.PutRequest as Json | undefined;
            return put ? { PutRequest: { Item: u(put.Item) } } : { DeleteRequest: { Key: u((r.DeleteRequest as Json).Key) } };
          }),
        ) as never,
      });
    case 'TransactWriteItems':
      return new lib.TransactWriteCommand({
        TransactItems: (input.TransactItems as Json[]).map((item) =>
          mapValues(item, (w: Json) => ({ ...values(w), ...(w.Item ? { Item: u(w.Item) } : {}), ...(w.Key ? { Key: u(w.Key) } : {}) })),
        ),
      });
    default:
      return undefined;
  }
};

type ProfileNode = { callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };

/** The source map of a profiled file: the external map esbuild writes beside a bundle (`<file>.map`, no comment points at it), else the one Node loaded (tsx's, for the bench's own sources). */
const profileMaps = new Map<string, SourceMap | undefined>();
const profileMapOf = (file: string): SourceMap | undefined => {
  if (!profileMaps.has(file)) {
    const external = `${file}.map`;
    profileMaps.set(file, existsSync(external) ? new SourceMap(JSON.parse(readFileSync(external, 'utf8')) as SourceMapPayload) : findSourceMap(file));
  }
  return profileMaps.get(file);
};

/**
 * The project's frames of a CPU profile moved to their TypeScript source
 * (V8 reports positions in the minified bundle): the original file, line and
 * column, and the function's original name where the map has one.
 */
const withSourcePositions = <T extends { nodes: ProfileNode[] }>(profile: T): T => {
  for (const { callFrame } of profile.nodes) {
    if (!callFrame.url.startsWith('file://') || callFrame.url.includes('/node_modules/')) continue;
    // findEntry answers `{}` where no mapping covers the position.
    const entry: { originalSource?: string; originalLine?: number; originalColumn?: number; name?: string } | undefined = profileMapOf(
      fileURLToPath(callFrame.url),
    )?.findEntry(callFrame.lineNumber, callFrame.columnNumber);
    if (!entry || entry.originalLine === undefined) continue;
    if (entry.originalSource) callFrame.url = entry.originalSource.replace(/^(\.\.\/)+/, '');
    if (entry.name) callFrame.functionName = `${entry.name} (${callFrame.functionName || 'anonymous'})`;
    callFrame.lineNumber = entry.originalLine;
    callFrame.columnNumber = entry.originalColumn ?? 0;
  }
  return profile;
};

/** What the bench takes from the rate function's deployed bundle: its handler, its DynamoDB client and the floor's steps. */
type DeployedRate = {
  handler: (typeof import('../functions/rate/handler'))['handler'];
  ddb: (typeof import('../shared/aws'))['ddb'];
  readRouteInput: (typeof import('../shared/http/route-input'))['readRouteInput'];
  rateRoute: (typeof import('../shared/contract/rate'))['rateRoute'];
  resolvePackagingTypes: (typeof import('../shared/domain/rate'))['resolvePackagingTypes'];
  checkShippingDate: (typeof import('../shared/domain/rate'))['checkShippingDate'];
  defaultPackagingTypes: (typeof import('../shared/reference/packaging'))['defaultPackagingTypes'];
};

/**
 * The rate function's code as it deploys: built by lib/bundling.ts's
 * `buildFunction` (the same esbuild options and merge as the stack's assets:
 * minified, ESM, node24) from an entry that exports the handler together
 * with the client it sends with and the floor's steps, so all of them are the
 * bundle's one copy. Not the sources through tsx: tsx compiles with
 * `keepNames`, a `__name` call for every function a request creates, which
 * no deployed function pays (about 30 us of a warm rate request).
 */
const deployedRateBundle = async (): Promise<{ module: DeployedRate; dir: string }> => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const { buildFunction, projectRoot } = await import('../lib/bundling');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'warm-bench-rate-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  await buildFunction(
    {
      stdin: {
        contents: [
          "export { handler } from './functions/rate/handler';",
          "export { ddb } from './shared/aws/dynamodb-client';",
          "export { rateRoute } from './shared/contract/rate';",
          "export { readRouteInput } from './shared/http/route-input';",
          "export { checkShippingDate, resolvePackagingTypes } from './shared/domain/rate';",
          "export { defaultPackagingTypes } from './shared/reference/packaging';",
        ].join('\n'),
        resolveDir: projectRoot,
        sourcefile: 'warm-bench-rate.ts',
        loader: 'ts',
      },
    },
    dir,
  );
  if (process.env.WARM_BENCH_CPU_PROFILE) process.setSourceMapsEnabled(true);
  const module = (await import(pathToFileURL(path.join(dir, 'index.mjs')).href)) as DeployedRate;
  // tsx must not have compiled it again: no `__name` (its keepNames helper) in what was loaded.
  if (/__name\(/.test(module.handler.toString()) || /__name\(/.test(module.resolvePackagingTypes.toString())) {
    throw new Error('the deployed bundle was recompiled with keepNames on import');
  }
  return { module, dir };
};

const childMain = async (): Promise<WarmResult> => {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const stage = await deployedEnvironment(process.env[MODE_VARIABLE] === 'off' ? 'off' : 'deployed');
  for (const name of Object.keys(process.env)) {
    if (/^(AWS_|POWERTOOLS_)/.test(name) || ['SANDBOX_FAULTS', 'NODE_ENV', 'TABLE_NAME', 'BUCKET_NAME', 'LOG_LEVEL'].includes(name)) delete process.env[name];
  }
  Object.assign(process.env, stage);

  const { allowRequireOfEsmOnlyPackages } = await import('../local/esm-only-packages');
  allowRequireOfEsmOnlyPackages();
  const { startDynamoDbLocal } = await import('../local/dynamodb-local');
  const { createTableInput } = await import('../local/provision');
  const { LOCAL_CREDENTIALS } = await import('../local/env');
  const { buildContext, buildEvent } = await import('../local/api-gateway');
  const { CreateTableCommand, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { ddb: sourceDdb } = await import('../shared/aws');
  const { createApiKey } = await import('../shared/store/api-keys');
  const { createCompany } = await import('../shared/store/companies');
  const { seedReferenceData } = await import('../shared/store/seed');
  log('  building the rate function as it deploys (lib/bundling.ts) ...');
  const deployed = await deployedRateBundle();
  const { ddb, readRouteInput, rateRoute, resolvePackagingTypes, checkShippingDate, defaultPackagingTypes } = deployed.module;
  const { domestic } = await import('./fixtures');

  // The real document client, its transport replaced.
  const instant = createInstantDynamoDB();
  // The bundle's client serves the handler; the source's seeds the table (both through the instant transport).
  for (const client of [ddb, sourceDdb]) (client.config as { requestHandler: unknown }).requestHandler = instant.requestHandler;

  log('  starting DynamoDB Local (in memory) to record the reads ...');
  const local = await startDynamoDbLocal({ inMemory: true, warn: log });
  let apiKey: string;
  let rate: DeployedRate['handler'];
  try {
    const admin = new DynamoDBClient({ endpoint: local.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
    await admin.send(new CreateTableCommand(createTableInput(stage.TABLE_NAME!)));
    admin.destroy();
    instant.forwardTo(local.endpoint);
    await seedReferenceData();
    const company = await createCompany({ name: 'Warm Bench Company', pricingGroupId: 'default', billing: 'account', withUser: true });
    // A test key: on prod the seed's sandbox carriers answer test keys only (SANDBOX_CARRIERS=test), and a live key would rate nothing.
    ({ apiKey } = await createApiKey({ companyId: company.companyId, scopes: [], mode: 'test' }));
    rate = deployed.module.handler;
  } catch (error) {
    await local.stop();
    throw error;
  }

  const route = { name: 'rate', entry: 'functions/rate/handler.ts', method: 'POST', path: '/v1/rate' };
  const requestBody = JSON.stringify(domestic.body);
  const rawHeaders = [
    'Host',
    'api.example.com',
    'User-Agent',
    'warm-bench/1.0',
    'Accept',
    'application/json',
    'Content-Type',
    'application/json',
    'Content-Length',
    String(Buffer.byteLength(requestBody)),
    'X-API-Key',
    apiKey,
    'X-Amzn-Trace-Id',
    'Root=1-00000000-000000000000000000000000',
    'X-Forwarded-Port',
    '443',
  ];
  let n = 0;
  const invocation = () => {
    n += 1;
    const requestId = `warm-${n}`;
    const event = buildEvent(
      { method: 'POST', url: '/v1/rate', rawHeaders, body: Buffer.from(requestBody), sourceIp: '203.0.113.10' },
      { route, pathParameters: {} },
      { requestId, stage: 'prod', now: new Date() },
    );
    const context = buildContext(route, { awsRequestId: requestId, timeoutMs: 15_000, region: 'us-east-1' });
    return { event, context };
  };
  let expectedRates = -1;
  const callHandler = async (): Promise<{ ms: number; body: string }> => {
    const { event, context } = invocation();
    const t0 = performance.now();
    const result = await rate(event, context);
    const ms = performance.now() - t0;
    if (result.statusCode !== 200) {
      throw new Error(
        `rate answered ${result.statusCode}: ${result.body.slice(0, 300)}${instant.unexpected.length ? `; unexpected DynamoDB calls: ${instant.unexpected.join(' | ')}` : ''}`,
      );
    }
    return { ms, body: result.body };
  };

  // The first request reads everything (caches empty); the next ones find the key and reference data cached.
  let first: string;
  try {
    first = (await callHandler()).body;
    for (let i = 0; i < 3; i++) await callHandler();
  } finally {
    instant.forwardTo(undefined);
    await local.stop();
  }
  const response = JSON.parse(first) as { data: { rates: unknown[] } };
  expectedRates = response.data.rates.length;
  if (expectedRates === 0) throw new Error('the rate handler returned no rates');
  const checkRates = (body: string) => {
    // Cheap shape check; the full parse is done once above.
    if (!body.startsWith('{"data":{"requestId":')) throw new Error(`unexpected response ${body.slice(0, 200)}`);
  };

  const catalog = { defaults: defaultPackagingTypes, companyBoxes: [] };
  const floor = () => {
    const parsed = JSON.parse(requestBody) as unknown;
    const request = resolvePackagingTypes(readRouteInput(rateRoute, { pathParameters: null, queryStringParameters: null, body: parsed }).body, catalog);
    checkShippingDate(request, new Date());
    return JSON.stringify(response);
  };
  if (floor().length !== first.length) throw new Error('the floor does not stringify the response the handler returned');

  log(`  warm-up: ${WARMUP_OPS} calls and ${WARMUP_MS / 1000} s ...`);
  const warmupEnd = performance.now() + WARMUP_MS;
  for (let i = 0; i < WARMUP_OPS || performance.now() < warmupEnd; i++) {
    floor();
    checkRates((await callHandler()).body);
  }

  log(`  measuring: up to ${MEASURE_OPS} calls or ${MEASURE_MAX_MS / 1000} s ...`);
  instant.resetCounts();
  const floorSamples: number[] = [];
  const handlerSamples: number[] = [];
  const started = performance.now();
  const deadline = started + MEASURE_MAX_MS;
  let floorWallMs = 0;
  let handlerWallMs = 0;
  // Main-thread CPU time, summed: tick-grained per call, but its mean over many calls does not grow when other processes take the CPU.
  let floorCpuUs = 0;
  let handlerCpuUs = 0;
  const cpuSince = (start: NodeJS.CpuUsage) => {
    const d = process.threadCpuUsage(start);
    return d.user + d.system;
  };
  const step = async () => {
    const c0 = process.threadCpuUsage();
    const t0 = performance.now();
    floor();
    const floorMs = performance.now() - t0;
    floorCpuUs += cpuSince(c0);
    floorSamples.push(floorMs);
    floorWallMs += floorMs;
    const c1 = process.threadCpuUsage();
    const { ms, body } = await callHandler();
    handlerCpuUs += cpuSince(c1);
    handlerSamples.push(ms);
    handlerWallMs += ms;
    checkRates(body);
  };
  if (process.env[PAIRED_VARIABLE] === '1') {
    // Paired with the other mode's child: the parent alternates steps between the two, so both meet the same machine.
    await new Promise<void>((resolve) => {
      process.on('message', (message: { step?: boolean; done?: boolean }) => {
        if (message.done) resolve();
        else if (message.step)
          step().then(
            () => process.send!({ stepped: true }),
            (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }),
          );
      });
      process.send!({ ready: true });
    });
  } else {
    while (handlerSamples.length < MEASURE_OPS && (handlerSamples.length < MEASURE_MIN_OPS || performance.now() < deadline)) await step();
  }
  const perRequest = (v: number) => round(v / handlerSamples.length);
  const counts = instant.counts();
  const floorSummary = summarize(floorSamples, floorWallMs);
  const handlerSummary = summarize(handlerSamples, handlerWallMs);

  // What each DynamoDB call of a warm request costs the client alone: the last one of each target sent again, answered instantly.
  const sdkCallMs: Record<string, number> = {};
  for (const target of counts.keys()) {
    const input = instant.lastRequest(target);
    const command = input && (await documentCommand(target, input));
    if (!command) continue;
    const samples: number[] = [];
    for (let i = 0; i < SDK_CALL_WARMUP + SDK_CALL_OPS; i++) {
      const t0 = performance.now();
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: a union of commands is no one command
      await ddb.send(command as never);
      if (i >= SDK_CALL_WARMUP) samples.push(performance.now() - t0);
    }
    sdkCallMs[target] = summarize(samples, 0).p50Ms;
  }

  let profile: string | undefined;
  // One file per child: `<name>.deployed.cpuprofile` and `<name>.off.cpuprofile`.
  const profileFile = process.env.WARM_BENCH_CPU_PROFILE?.replace(
    /(\.cpuprofile)?$/,
    `.${process.env[MODE_VARIABLE] === 'off' ? 'off' : 'deployed'}.cpuprofile`,
  );
  if (profileFile) {
    log(`  profiling ${PROFILE_MS / 1000} s of warm handler calls into ${profileFile} ...`);
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const end = performance.now() + PROFILE_MS;
    let profiledCalls = 0;
    for (; performance.now() < end; profiledCalls++) await callHandler();
    log(`  profiled ${profiledCalls} calls: ${fmt((PROFILE_MS * 1000) / profiledCalls)} us a call, sampling included`);
    const { profile: cpuProfile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(withSourcePositions(cpuProfile)));
    session.disconnect();
    profile = profileFile;
  }

  return {
    floor: floorSummary,
    handler: handlerSummary,
    ratioP50: handlerSummary.p50Ms / floorSummary.p50Ms,
    ratioP99: handlerSummary.p99Ms / floorSummary.p99Ms,
    floorCpuMeanMs: floorCpuUs / 1000 / floorSamples.length,
    handlerCpuMeanMs: handlerCpuUs / 1000 / handlerSamples.length,
    loadAverage: os.loadavg()[0]!,
    rates: expectedRates,
    requestBytes: Buffer.byteLength(requestBody),
    responseBytes: Buffer.byteLength(first),
    dynamodbCallsPerRequest: Object.fromEntries([...counts].map(([target, c]) => [target, perRequest(c.calls)])),
    dynamodbRequestBytesPerRequest: Object.fromEntries([...counts].map(([target, c]) => [target, perRequest(c.bytes)])),
    sdkCallMs,
    stage: Object.fromEntries(['LOG_LEVEL', 'API_KEY_CACHE_SECONDS', 'REFERENCE_CACHE_SECONDS'].map((k) => [k, stage[k]!])),
    ...(profile ? { profile } : {}),
  };
};

if (require.main === module) {
  if (process.env[CHILD_FLAG] === '1') {
    childMain().then(
      (result) => {
        if (process.send) process.send({ result }, () => process.exit(0));
        else {
          process.stderr.write(`${JSON.stringify(result)}\n`);
          process.exit(0);
        }
      },
      (error: unknown) => {
        const message = (error as Error)?.stack ?? String(error);
        process.stderr.write(`${message}\n`);
        if (process.send) process.send({ error: (error as Error)?.message ?? String(error) }, () => process.exit(1));
        else process.exit(1);
      },
    );
  } else {
    // This part alone: `npx tsx bench/warm.ts`.
    const cleanups: Array<() => Promise<void> | void> = [];
    const ctx: BenchContext = {
      log: (line) => process.stderr.write(`${line}\n`),
      defer: (_name, fn) => cleanups.push(fn),
      stopped: () => false,
    };
    void runWarmBench(ctx)
      .then((part) => {
        process.stdout.write(`${part.details.join('\n')}\n`);
        for (const c of part.checks) process.stdout.write(`${c.name}: ${fmt(c.measured)} ${c.unit} (limit ${c.target}) ${c.ok ? 'ok' : 'MISSED'}\n`);
        process.stdout.write(`${JSON.stringify(part.figures)}\n`);
        return part.checks.every((c) => c.ok) ? 0 : 1;
      })
      .catch((error: unknown) => {
        process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
        return 1;
      })
      .then(async (code) => {
        for (const fn of cleanups.reverse()) await fn();
        process.exit(code);
      });
  }
}
