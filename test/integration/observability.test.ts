/**
 * What an operator reads, produced by a real function bundle (esbuild, the
 * options of lib/bundling.ts that CDK deploys) run by a plain Node process
 * with the environment Lambda gives it (AWS_EXECUTION_ENV, the X-Ray trace
 * header `_X_AMZN_TRACE_ID`, the stage's POWERTOOLS_* names), answering a real
 * POST /v1/rate against DynamoDB Local with the sandbox carriers:
 *
 * - the `trace` line of shared/observability/tracer.ts: every DynamoDB call and every
 *   carrier call with its latency and outcome, the request's keys and the
 *   X-Ray trace id (Lambda's own segments, from active tracing, carry the
 *   same id); written when the trace is sampled, or when a call failed;
 * - `xray_trace_id` on every log line, so logs and traces join;
 * - the EMF metrics the dashboard and alarms read (ColdStart,
 *   RatesReturned, CarrierLatency and CarrierFailures per carrier);
 * - and no X-Ray SDK: cls-hooked never loaded, no async hook installed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildFunction } from '../../lib/bundling';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

let dir: string;
let apiKey: string;
let companyId: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'observability-bundle-'));
  await buildFunction({ entry: 'functions/rate/handler.ts' }, dir);
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  ({ apiKey } = created);
  companyId = created.company.companyId;
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROOT = '1-6745a1b2-0123456789abcdef01234567';
const traceHeader = (sampled: boolean) => `Root=${ROOT};Parent=53995c3f42cd8ad8;Sampled=${sampled ? 1 : 0}`;

/** What lib/ gives a deployed function that reads here, and what Lambda sets. */
const lambdaEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  AWS_LAMBDA_FUNCTION_NAME: 'shipping-test-rate',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  POWERTOOLS_SERVICE_NAME: 'shipping-api',
  POWERTOOLS_METRICS_NAMESPACE: 'ShippingApi/test',
  LOG_LEVEL: 'INFO',
  ...extra,
});

type Line = Record<string, unknown>;

/**
 * One POST /v1/rate with a valid key through the bundle; every JSON line of
 * its stdout, and what the process saw of the X-Ray SDK (cls-hooked sets
 * `process.namespaces`) and of async hooks (`createHook` is counted before
 * the bundle loads).
 */
const invokeRate = (env: Record<string, string>) => {
  const event = {
    httpMethod: 'POST',
    resource: '/v1/rate',
    path: '/v1/rate',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    requestContext: { requestId: 'obs-1' },
    body: JSON.stringify(sampleRateBody()),
    isBase64Encoded: false,
  };
  const script = `
    const hooks = process.getBuiltinModule('node:async_hooks');
    const createHook = hooks.createHook;
    let asyncHooks = 0;
    hooks.createHook = (...args) => (asyncHooks += 1, createHook(...args));
    const { handler } = await import('./index.mjs');
    const response = await handler(${JSON.stringify(event)}, { functionName: 'shipping-test-rate', awsRequestId: 'aws-obs', getRemainingTimeInMillis: () => 15000 });
    console.log(JSON.stringify({ result: response.statusCode, clsHooked: process.namespaces !== undefined, asyncHooks }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
      AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      AWS_ENDPOINT_URL_S3: process.env.AWS_ENDPOINT_URL_S3,
      TABLE_NAME: stack.tableName,
      BUCKET_NAME: stack.bucketName,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`the bundle failed: ${child.stderr}`);
  // Powertools writes warnings and errors to stderr, the rest to stdout: Lambda sends both to the function's log.
  const lines = `${child.stdout}\n${child.stderr}`
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
  const last = lines.find((l) => 'clsHooked' in l) as { result: number; clsHooked: boolean; asyncHooks: number };
  lines.splice(lines.indexOf(last), 1);
  return { ...last, lines, logs: lines.filter((l) => 'level' in l), emf: lines.filter((l) => '_aws' in l) };
};

type Call = { service: string; operation: string; resource?: string; carrier?: string; at: number; ms: number; outcome: string; attempts?: number };

describe('as deployed (Lambda, sampled trace)', () => {
  let run: ReturnType<typeof invokeRate>;
  beforeAll(() => {
    run = invokeRate(lambdaEnv({ _X_AMZN_TRACE_ID: traceHeader(true) }));
  }, 60_000);

  it('answers, without the X-Ray SDK: cls-hooked is never loaded and no async hook is installed', () => {
    expect(run.result).toBe(200);
    expect(run.clsHooked).toBe(false);
    expect(run.asyncHooks).toBe(0);
  });

  it('one trace line: the request, its DynamoDB calls and each carrier call, with latency and outcome, under the X-Ray trace id', () => {
    const traces = run.logs.filter((l) => l.message === 'trace');
    expect(traces).toHaveLength(1);
    const trace = traces[0]!;
    expect(trace).toMatchObject({
      level: 'INFO',
      xray_trace_id: ROOT,
      requestId: 'obs-1',
      function: 'rate',
      companyId,
      function_name: 'shipping-test-rate',
      function_request_id: 'aws-obs',
      cold_start: true,
      status: 200,
      sampled: true,
    });
    expect(trace.durationMs).toEqual(expect.any(Number));
    const calls = trace.calls as Call[];
    const dynamodb = calls.filter((c) => c.service === 'DynamoDB');
    // The API key's lookup (with the reference data's Query beside it), the rates written last.
    expect(dynamodb.find((c) => c.operation === 'GetItem')).toMatchObject({ resource: stack.tableName, outcome: 'ok', attempts: 1 });
    expect(dynamodb.at(-1)!.operation).toBe('BatchWriteItem');
    expect(dynamodb.find((c) => c.operation === 'BatchWriteItem')).toMatchObject({ resource: stack.tableName, outcome: 'ok' });
    const carriers = calls.filter((c) => c.service === 'carrier');
    expect(carriers.length).toBeGreaterThanOrEqual(2);
    for (const call of carriers)
      expect(call).toMatchObject({ operation: 'rate', carrier: expect.stringMatching(/^[A-Z0-9_]+$/), outcome: expect.stringMatching(/^(answered|refused)$/) });
    for (const call of calls) {
      expect(call.ms).toBeGreaterThanOrEqual(0);
      expect(call.at).toBeGreaterThanOrEqual(0);
      expect(call.at + call.ms).toBeLessThanOrEqual((trace.durationMs as number) + 0.2);
    }
  });

  it('every log line carries the X-Ray trace id', () => {
    // A successful request writes its trace line and no other (no request line: the access log has it).
    expect(run.logs.length).toBeGreaterThan(0);
    for (const line of run.logs) expect(line.xray_trace_id).toBe(ROOT);
  });

  it('the metrics the dashboard and alarms read: ColdStart, RatesReturned, CarrierLatency and CarrierFailures per carrier', () => {
    const names = run.emf.flatMap((l) =>
      (l._aws as { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> }).CloudWatchMetrics.flatMap((m) =>
        m.Metrics.map((x) => `${m.Namespace} ${x.Name}`),
      ),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'ShippingApi/test ColdStart',
        'ShippingApi/test RatesReturned',
        'ShippingApi/test CarrierLatency',
        'ShippingApi/test CarrierFailures',
      ]),
    );
    const carrierLines = run.emf.filter((l) => 'carrier' in l);
    const traced = (run.logs.find((l) => l.message === 'trace')!.calls as Call[]).filter((c) => c.service === 'carrier');
    expect(carrierLines.map((l) => l.carrier).sort()).toEqual(traced.map((c) => c.carrier).sort());
  });
});

it('unsampled: no trace line, the trace id still on every line', () => {
  const run = invokeRate(lambdaEnv({ _X_AMZN_TRACE_ID: traceHeader(false) }));
  expect(run.result).toBe(200);
  expect(run.logs.filter((l) => l.message === 'trace')).toEqual([]);
  for (const line of run.logs) expect(line.xray_trace_id).toBe(ROOT);
}, 60_000);

it('unsampled, a carrier failing: the trace line is written all the same, as a warning naming the failed call', () => {
  const run = invokeRate(lambdaEnv({ _X_AMZN_TRACE_ID: traceHeader(false), SANDBOX_FAULTS: JSON.stringify({ CARRIERZ: { error: 'http500' } }) }));
  expect(run.result).toBe(200);
  const [trace] = run.logs.filter((l) => l.message === 'trace');
  expect(trace).toMatchObject({ level: 'WARN', sampled: false, xray_trace_id: ROOT });
  expect((trace!.calls as Call[]).find((c) => c.carrier === 'CARRIERZ')).toMatchObject({ service: 'carrier', outcome: 'error' });
}, 60_000);

it('POWERTOOLS_TRACE_ENABLED=false, and outside Lambda: no trace line, no metrics outside Lambda', () => {
  const off = invokeRate(lambdaEnv({ _X_AMZN_TRACE_ID: traceHeader(true), POWERTOOLS_TRACE_ENABLED: 'false' }));
  expect(off.result).toBe(200);
  expect(off.logs.filter((l) => l.message === 'trace')).toEqual([]);
  const local = invokeRate({ LOG_LEVEL: 'INFO' });
  expect(local.result).toBe(200);
  expect(local.logs.filter((l) => l.message === 'trace')).toEqual([]);
  expect(local.emf).toEqual([]);
}, 60_000);
