/**
 * Observability inside a real function bundle (esbuild, the options of
 * lib/bundling.ts that CDK deploys), run by a plain Node process as Lambda would:
 * tracing loads the X-Ray SDK only when on, the Lambda context reaches the
 * logs, and the ColdStart metric is written in embedded metric format. The
 * request has no API key, so nothing leaves the process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildFunction } from '../../lib/bundling';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'observability-bundle-'));
  await buildFunction({ entry: 'functions/carriers/handler.ts' }, dir);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LAMBDA = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  AWS_LAMBDA_FUNCTION_NAME: 'shipping-test-carriers',
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  POWERTOOLS_METRICS_NAMESPACE: 'ShippingApi/test',
  // No X-Ray daemon or segment here.
  AWS_XRAY_CONTEXT_MISSING: 'IGNORE_ERROR',
};

/** One request without an API key; the process's stdout lines, parsed, and whether the X-Ray SDK was loaded. */
const invoke = (env: Record<string, string>) => {
  const script = `
    const { handler } = await import('./index.mjs');
    const response = await handler({ httpMethod: 'GET', resource: '/v1/carriers', path: '/v1/carriers', headers: {}, requestContext: { requestId: 'obs-1' }, body: null, isBase64Encoded: false },
      { functionName: 'shipping-test-carriers', awsRequestId: 'aws-obs' });
    console.log(JSON.stringify({ result: response.statusCode, xray: Object.keys(process.namespaces ?? {}).includes('AWSXRay') }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', LOG_LEVEL: 'INFO', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    encoding: 'utf8',
  });
  const lines = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  const last = lines.pop() as { result: number; xray: boolean };
  return { status: last.result, xray: last.xray, lines };
};

it('in Lambda: X-Ray SDK loaded, the Lambda context on every log line, ColdStart written as EMF', () => {
  const { status, xray, lines } = invoke(LAMBDA);
  expect(status).toBe(401);
  expect(xray).toBe(true);
  const logs = lines.filter((l) => 'level' in l);
  expect(logs.length).toBeGreaterThan(0);
  for (const log of logs) expect(log).toMatchObject({ function_name: 'shipping-test-carriers', function_request_id: 'aws-obs', cold_start: true, requestId: 'obs-1' });
  expect(lines.filter((l) => '_aws' in l)).toEqual([
    expect.objectContaining({ ColdStart: 1, function_name: 'shipping-test-carriers', service: 'shipping-api' }),
  ]);
}, 30_000);

it('POWERTOOLS_TRACE_ENABLED=false: the X-Ray SDK is never loaded', () => {
  expect(invoke({ ...LAMBDA, POWERTOOLS_TRACE_ENABLED: 'false' }).xray).toBe(false);
}, 30_000);

it('outside Lambda (no AWS_EXECUTION_ENV, no function name): no X-Ray SDK and no metrics', () => {
  const { status, xray, lines } = invoke({});
  expect(status).toBe(401);
  expect(xray).toBe(false);
  expect(lines.filter((l) => '_aws' in l)).toEqual([]);
}, 30_000);
