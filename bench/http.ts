/**
 * End to end: GET /v1/carriers and POST /v1/rate over HTTP on 127.0.0.1,
 * through the in-process local API server (local/api-gateway.ts) and
 * the unchanged handlers, against DynamoDB Local (in memory, child process)
 * and s3rver (in process, temporary directory) — what `npm start` runs.
 */
import { inspect } from 'node:util';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createApiServer } from '../local/api-gateway';
import { applyEnv, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { ensureTableAndBucket } from '../local/provision';
import { startLocalStack } from '../local/stack';
import { createApiKey } from '../shared/store/api-keys';
import { createCompany } from '../shared/store/companies';
import { seedReferenceData } from '../shared/store/seed';
import { summarize, type LatencySummary } from './stats';

// The handlers are required as CommonJS; middy 7 is ESM-only.
allowRequireOfEsmOnlyPackages();

export type HttpBenchOptions = {
  /** Measured requests per route. */
  requests: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Unmeasured requests per route first (handler module loading, V8 and DynamoDB Local JIT). */
  warmupRequests: number;
  /** Per-request timeout. */
  requestTimeoutMs: number;
  /** Body of POST /v1/rate. */
  rateBody: unknown;
  /** Registers a cleanup step; the caller runs them (in reverse) in its finally block and on SIGINT. */
  defer: (name: string, fn: () => Promise<void> | void) => void;
  log: (line: string) => void;
  /** True once the run is being abandoned (a signal): no further requests are sent. */
  stopped: () => boolean;
};

export type RouteResult = LatencySummary & {
  route: string;
  /** The first request to the route: it loads the handler module (a local "cold start"). Informational. */
  coldMs: number;
  /** Non-2xx answers and transport errors among the measured requests. */
  errors: number;
  firstError?: string;
};

export type MemoryResult = {
  /** Peak resident set size of this Node process over its whole life (getrusage maxrss), bytes. Includes s3rver, which runs in process. */
  peakRssBytes: number;
  /** Highest V8 heap used seen while the HTTP benchmark ran (sampled every few ms), bytes. */
  peakHeapUsedBytes: number;
  /** RSS and heap used once the benchmark finished, bytes. */
  endRssBytes: number;
  endHeapUsedBytes: number;
  /** Heap used after a full GC at the end (what the process really keeps; a leak shows here). Informational; absent when gc cannot be exposed. */
  retainedHeapBytes?: number;
  /** DynamoDB Local (Java child): peak RSS from /proc when available, bytes. Informational. */
  dynamodbPeakRssBytes?: number;
};

export type HttpBenchResult = {
  setupMs: number;
  concurrency: number;
  routes: { carriers: RouteResult; rate: RouteResult };
  memory: MemoryResult;
};

type Answer = { status: number; text: string };

/** `count` calls of `send`, at most `concurrency` at a time; latency of each, failures counted. */
const load = async (
  stopped: () => boolean,
  count: number,
  concurrency: number,
  send: () => Promise<Answer>,
  check: (answer: Answer) => string | undefined,
): Promise<{ summary: LatencySummary; errors: number; firstError?: string }> => {
  const samples: number[] = [];
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const fail = (message: string) => {
    errors += 1;
    firstError ??= message;
  };
  const worker = async () => {
    while (issued < count && !stopped()) {
      issued += 1;
      const t0 = performance.now();
      try {
        const answer = await send();
        samples.push(performance.now() - t0);
        const problem = check(answer);
        if (problem) fail(problem);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { summary: summarize(samples, performance.now() - started), errors, firstError };
};

/** Peak RSS of a Linux process (VmHWM), or undefined elsewhere. */
const procPeakRss = (pid: number): number | undefined => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
};

/** A full garbage collection, when V8 lets us expose gc() at run time (`npm run bench` cannot pass --expose-gc). */
const fullGc = (): boolean => {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    if (typeof gc !== 'function') return false;
    (gc as () => void)();
    return true;
  } catch {
    return false;
  }
};

const listen = (server: Server): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

export const runHttpBench = async (options: HttpBenchOptions): Promise<HttpBenchResult> => {
  const { log, defer } = options;
  const setupStarted = performance.now();

  log('starting DynamoDB Local (in memory) and s3rver ...');
  const stack = await startLocalStack();
  defer('emulators', () => stack.stop());
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  applyEnv(
    localAwsEnv({
      dynamodbEndpoint: stack.dynamodb.endpoint,
      s3Endpoint: stack.s3.endpoint,
      tableName: `bench-table-${suffix}`,
      bucketName: `bench-bucket-${suffix}`,
    }),
  );

  await ensureTableAndBucket();
  await seedReferenceData();
  const company = await createCompany({ name: 'Bench Company', pricingGroupId: 'default', billing: 'account', withUser: true });
  const { apiKey } = await createApiKey({ companyId: company.companyId, scopes: [] });

  const server = createApiServer({
    onResponse: ({ error }) => {
      if (error) log(`  handler error: ${inspect(error)}`);
    },
  });
  const port = await listen(server);
  defer('api server', () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const base = `http://127.0.0.1:${port}/v1`;
  const setupMs = performance.now() - setupStarted;
  log(`stack ready in ${(setupMs / 1000).toFixed(1)} s; API on ${base}`);

  const rateBody = JSON.stringify(options.rateBody);
  const request = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'x-api-key': apiKey, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      signal: AbortSignal.timeout(options.requestTimeoutMs),
    });
    return { status: res.status, text: await res.text() };
  };
  const routes = {
    carriers: {
      route: 'GET /v1/carriers',
      send: () => request('/carriers'),
      check: (a: Answer) => {
        if (a.status !== 200) return `HTTP ${a.status}: ${a.text.slice(0, 300)}`;
        const data = (JSON.parse(a.text) as { data?: unknown[] }).data;
        return Array.isArray(data) && data.length === 4 ? undefined : `expected 4 carriers, got ${a.text.slice(0, 300)}`;
      },
    },
    rate: {
      route: 'POST /v1/rate',
      send: () => request('/rate', { method: 'POST', body: rateBody }),
      check: (a: Answer) => {
        if (a.status !== 200) return `HTTP ${a.status}: ${a.text.slice(0, 300)}`;
        const rates = (JSON.parse(a.text) as { data?: { rates?: unknown[] } }).data?.rates;
        return Array.isArray(rates) && rates.length > 0 ? undefined : `no rates in ${a.text.slice(0, 300)}`;
      },
    },
  };

  let peakHeapUsed = 0;
  const sampleMemory = () => {
    peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sampleMemory, 10);
  sampler.unref();

  try {
    const results = {} as Record<keyof typeof routes, RouteResult>;
    for (const key of ['carriers', 'rate'] as const) {
      const { route, send, check } = routes[key];
      const t0 = performance.now();
      const cold = await send();
      const coldMs = performance.now() - t0;
      const coldProblem = check(cold);
      if (coldProblem) throw new Error(`${route}: ${coldProblem}`);

      log(`${route}: warm-up ${options.warmupRequests}, then ${options.requests} requests at concurrency ${options.concurrency} ...`);
      const warm = await load(options.stopped, options.warmupRequests, options.concurrency, send, check);
      if (warm.errors > 0) throw new Error(`${route}: ${warm.errors} failed warm-up requests, first: ${warm.firstError}`);
      const measured = await load(options.stopped, options.requests, options.concurrency, send, check);
      results[key] = { route, coldMs, ...measured.summary, errors: measured.errors, ...(measured.firstError ? { firstError: measured.firstError } : {}) };
    }
    sampleMemory();
    const end = process.memoryUsage();
    const dynamodbPeak = procPeakRss(stack.dynamodb.pid);
    const retainedHeap = fullGc() ? process.memoryUsage().heapUsed : undefined;
    return {
      setupMs,
      concurrency: options.concurrency,
      routes: results,
      memory: {
        peakRssBytes: Math.max(process.resourceUsage().maxRSS * 1024, end.rss),
        peakHeapUsedBytes: peakHeapUsed,
        endRssBytes: end.rss,
        endHeapUsedBytes: end.heapUsed,
        ...(retainedHeap !== undefined ? { retainedHeapBytes: retainedHeap } : {}),
        ...(dynamodbPeak !== undefined ? { dynamodbPeakRssBytes: dynamodbPeak } : {}),
      },
    };
  } finally {
    clearInterval(sampler);
  }
};
