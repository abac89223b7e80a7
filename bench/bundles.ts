/**
 * The cold start a caller feels, as deployed (issue 35): each HTTP function
 * of the manifest and a baseline bundle, all built by lib/bundling.ts (what
 * CDK deploys), run in fresh Node processes against DynamoDB Local and
 * s3rver with the environment lib/ gives a deployed function (the prod
 * stage's, tracing and metrics on, the X-Ray trace header Lambda sets).
 *
 *   - cold penalty = (import + first request) − (the same request warm):
 *     each child imports the bundle, answers one request, then WARM more of
 *     the same kind (a fresh order, rate or webhook each where the request
 *     changes state; WARM_COMPARED for rate, ship and track), and the penalty is import + first − the median of the
 *     warm ones. The baseline's request is one GetItem of a document client it
 *     creates. Target ≤ 1.4 × the baseline's, label-file ≤ 2 ×. Each function
 *     child runs right after a baseline child; the ratio is the median of the
 *     ROUNDS ratios of these pairs, so the drift of a shared machine falls on
 *     both halves of a pair.
 *   - the same function with observability off (no tracing, no metrics, log
 *     level SILENT), right after, against the same baseline sample: the cost
 *     of observability is its own row;
 *   - warm p50 of rate, ship and track in these children, as deployed and
 *     off (ms against DynamoDB Local, and CPU time per request, which leaves
 *     DynamoDB Local's time out);
 *   - size: the bytes the import loads, against the baseline's (target ≤ 1.3).
 *
 * The requests are real: an API key of a company with a pricing group, the
 * sample rate body, orders shipped beforehand through the handlers in this
 * process (from source), webhooks and a manifest made beforehand. One
 * function, webhook-retry, gets a request its data here cannot serve (no
 * delivery is made) and answers it 404 after the key and the reads (see
 * NOT_FOUND_REQUESTS).
 *
 * Runs in a child of the bench (bench/part-child.ts): it builds the store's
 * clients against its own emulators. Every child process is killed and every
 * directory removed when the run ends or is abandoned (ctx.defer).
 *
 *   npx tsx bench/bundles.ts          this part alone
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Metafile } from 'esbuild';
import { FUNCTION_NODE_OPTIONS, buildFunction, projectRoot } from '../lib/bundling';
import { carrierSecretsEnvironment, stageEnvironment, stages } from '../lib/stages';
import { buildContext, buildEvent, manifestRoutes, matchRoute, type Route } from '../local/api-gateway';
import { applyEnv, LOCAL_CREDENTIALS, LOCAL_REGION, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { ensureTableAndBucket } from '../local/provision';
import { startLocalStack } from '../local/stack';
import { SERVICE_NAME } from '../shared/observability';
import { httpFunctions } from '../shared/functions';
import { check, type BenchContext, type BenchPart } from './checks';
import { domestic } from './fixtures';
import { fmt, round, table } from './stats';

// Targets, as ratios to the baseline.
const SIZE_RATIO_MAX = 1.3;
const PENALTY_RATIO_MAX = 1.4;
/** The label-file function, which carries the S3 client and the renderer its first request needs, is held to 2 ×. */
const PENALTY_RATIO_MAX_OF: Readonly<Record<string, number>> = { 'label-file': 2 };
const penaltyRatioMax = (name: string): number => PENALTY_RATIO_MAX_OF[name] ?? PENALTY_RATIO_MAX;
/** Warm p50 as deployed against observability off (issue 35), for these functions. */
const WARM_OBSERVABILITY_MAX = 1.1;
const WARM_FUNCTIONS = ['rate', 'ship', 'track'] as const;

// Workload.
/** Rounds of (baseline, function as deployed, function with observability off) fresh processes (odd: the median is one of them). */
const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS) || 9;
/** BENCH_ONLY: a comma-separated list of the HTTP functions to measure; all of them when unset. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
/** Warm requests after the first, in each child; more where the warm p50 as deployed and off is compared. */
const WARM = 4;
const WARM_COMPARED = 36;
const warmOf = (name: string): number => ((WARM_FUNCTIONS as readonly string[]).includes(name) ? WARM_COMPARED : WARM);
/** A child that takes longer has hung. */
const CHILD_TIMEOUT_MS = 30_000;

/** The floor: the smallest useful function of this stack, built the same way; its request is one GetItem. */
const BASELINE_KEY = { pk: 'BENCH#BASELINE', sk: 'BENCH' };
const BASELINE_SOURCE = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
let client;
export const handler = async () => {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: ${JSON.stringify(BASELINE_KEY)} }));
  return { statusCode: Item ? 200 : 404, body: '' };
};
`;

/**
 * Shown beside the baseline, not a target: the same GetItem with the
 * service's own light client (shared/aws/dynamodb.ts), the floor a function
 * of this service now stands on (docs/decisions.md, "A light DynamoDB and S3
 * client"). The targets stay against the SDK's baseline, as issue 35 set them.
 */
const LIGHT_FLOOR_SOURCE = `import { DynamoClient, GetCommand } from './shared/aws/dynamodb';
let client;
export const handler = async () => {
  client ??= new DynamoClient();
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: ${JSON.stringify(BASELINE_KEY)} }));
  return { statusCode: Item ? 200 : 404, body: '' };
};
`;
const LIGHT_FLOOR = 'light-floor';

/**
 * Functions whose success needs data this bench does not make (a webhook
 * delivery): each is asked for one that does not exist and answers 404 after
 * authentication and its reads, so its first request loads less than a
 * success would.
 */
const NOT_FOUND_REQUESTS = ['webhook-retry'] as const;

/**
 * The child: reads its requests, then times the import, the first request
 * and each warm one (wall and thread CPU), and reports on fd 3 (stdout is
 * the function's own log). `performance` and `process` are globals, so
 * timing loads nothing before the bundle.
 */
const CHILD_SCRIPT = `
const [file, requestsFile] = process.argv.slice(1);
const fs = process.getBuiltinModule('node:fs');
const events = JSON.parse(fs.readFileSync(requestsFile, 'utf8'));
const context = (i) => ({ functionName: 'bench', awsRequestId: 'bench-' + i, getRemainingTimeInMillis: () => 15000 });
const statuses = [];
const t0 = performance.now();
const mod = await import(file);
const importMs = performance.now() - t0;
let response = await mod.handler(events[0], context(0));
statuses.push(response?.statusCode);
const firstMs = performance.now() - t0 - importMs;
const warmMs = [];
const warmCpuMs = [];
for (let i = 1; i < events.length; i += 1) {
  const c = process.threadCpuUsage();
  const t = performance.now();
  response = await mod.handler(events[i], context(i));
  warmMs.push(performance.now() - t);
  const d = process.threadCpuUsage(c);
  warmCpuMs.push((d.user + d.system) / 1000);
  statuses.push(response?.statusCode);
}
fs.writeSync(3, JSON.stringify({ importMs, firstMs, warmMs, warmCpuMs, statuses }));
`;

type Mode = 'deployed' | 'off';
type Sample = { importMs: number; firstMs: number; warmMs: number[]; warmCpuMs: number[]; statuses: number[] };
type Measured = Sample & { penaltyMs: number; warmP50Ms: number };

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const measured = (s: Sample): Measured => {
  const warmP50Ms = median(s.warmMs);
  return { ...s, warmP50Ms, penaltyMs: s.importMs + s.firstMs - warmP50Ms };
};

export const runBundleBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'shipping-bundles-'));
  ctx.defer('bundle bench: temporary directory', () => rmSync(dir, { recursive: true, force: true }));
  const children = new Set<ChildProcess>();
  ctx.defer('bundle bench: child processes', () => {
    for (const child of children) child.kill('SIGKILL');
  });

  // Build: the baseline and every HTTP function, with the functions' options.
  // BENCH_ONLY=rate,cancel measures those alone (with BENCH_COLD_ROUNDS=21, a pair of trees run side by side in minutes).
  const functions = httpFunctions().filter((f) => !ONLY || ONLY.includes(f.name));
  ctx.log(`bundles: building the baseline and ${functions.length} functions with lib/bundling.ts`);
  const outdir = (name: string) => path.join(dir, 'functions', name);
  const metafiles = await Promise.all([
    buildFunction({ stdin: { contents: BASELINE_SOURCE, resolveDir: projectRoot, sourcefile: 'baseline.mjs', loader: 'js' } }, outdir('baseline')),
    buildFunction({ stdin: { contents: LIGHT_FLOOR_SOURCE, resolveDir: projectRoot, sourcefile: 'light-floor.mjs', loader: 'js' } }, outdir(LIGHT_FLOOR)),
    ...functions.map((f) => buildFunction({ entry: f.entry }, outdir(f.name))),
  ]);
  /** `index.mjs` and every chunk it imports statically, transitively: what the import loads and compiles. */
  const importedBytes = (metafile: Metafile, entry: string): number => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of metafile.outputs[file]?.imports ?? []) if (dep.kind === 'import-statement' && !dep.external) visit(dep.path);
    };
    visit(path.relative(projectRoot, entry));
    return [...seen].reduce((sum, file) => sum + metafile.outputs[file]!.bytes, 0);
  };
  const directoryBytes = (name: string): number =>
    readdirSync(outdir(name))
      .filter((file) => file.endsWith('.mjs'))
      .reduce((sum, file) => sum + statSync(path.join(outdir(name), file)).size, 0);
  const names = ['baseline', LIGHT_FLOOR, ...functions.map((f) => f.name)];
  const sizes = new Map(
    names.map((name, i) => [name, { bytes: importedBytes(metafiles[i]!, path.join(outdir(name), 'index.mjs')), totalBytes: directoryBytes(name) }]),
  );

  // The emulators and the data the requests need, made through the handlers from source.
  ctx.log('bundles: starting DynamoDB Local (in memory) and s3rver, making the data the requests need ...');
  const stack = await startLocalStack();
  ctx.defer('bundle bench emulators', () => stack.stop());
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const tableName = `bench-cold-${suffix}`;
  const bucketName = `bench-cold-${suffix}`;
  const secrets = path.join(dir, 'secrets');
  mkdirSync(secrets, { mode: 0o700 });
  const webhookSecretKeyFile = path.join(secrets, 'webhook-secret.key');
  const deployed = stages.prod;
  applyEnv({
    ...localAwsEnv({ dynamodbEndpoint: stack.dynamodb.endpoint, s3Endpoint: stack.s3.endpoint, tableName, bucketName }),
    WEBHOOK_SECRET_KEY_FILE: webhookSecretKeyFile,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  });
  await ensureTableAndBucket();
  const { seedReferenceData } = await import('../shared/store/seed');
  const { createCompany } = await import('../shared/store/companies');
  const { createApiKey } = await import('../shared/store/api-keys');
  const { ddb } = await import('../shared/aws');
  const { PutCommand } = await import('../shared/aws');
  await seedReferenceData();
  await ddb.send(new PutCommand({ TableName: tableName, Item: { ...BASELINE_KEY, entityType: 'bench' } }));
  const company = await createCompany({ name: 'Cold Bench', pricingGroupId: 'default', billing: 'account', withUser: true });
  // A test key: the prod stage's sandbox carriers answer test keys only (SANDBOX_CARRIERS=test).
  const { apiKey } = await createApiKey({ companyId: company.companyId, scopes: [], mode: 'test' });

  allowRequireOfEsmOnlyPackages();
  type HttpHandler = (event: APIGatewayProxyEvent, context: ReturnType<typeof buildContext>) => Promise<APIGatewayProxyResult>;
  const handlers: Record<string, HttpHandler> = {
    rate: (await import('../functions/rate/handler')).handler,
    ship: (await import('../functions/ship/handler')).handler,
    'webhooks-create': (await import('../functions/webhooks-create/handler')).handler,
    'manifests-create': (await import('../functions/manifests-create/handler')).handler,
  };
  const routes = new Map(manifestRoutes().map((r) => [r.name, r] as const));
  /** The API Gateway event of `name` for `url`, as the local API Gateway builds it. */
  const eventOf = (name: string, url: string, body?: unknown, key = apiKey): APIGatewayProxyEvent => {
    const route = routes.get(name) as Route;
    const match = matchRoute([route], route.method, new URL(url, 'http://localhost').pathname);
    if (match.kind !== 'found') throw new Error(`${url} does not match ${route.path}`);
    return buildEvent(
      {
        method: route.method,
        url,
        rawHeaders: ['Host', 'api.example.com', 'X-API-Key', key, ...(body === undefined ? [] : ['Content-Type', 'application/json'])],
        body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
        sourceIp: '203.0.113.10',
      },
      match,
      { requestId: randomUUID(), stage: 'prod', now: new Date() },
    );
  };
  const call = async (name: string, url: string, body?: unknown, key = apiKey): Promise<unknown> => {
    const event = eventOf(name, url, body, key);
    const result = await handlers[name]!(event, buildContext(routes.get(name)!, { awsRequestId: randomUUID(), timeoutMs: 15_000, region: LOCAL_REGION }));
    if (result.statusCode >= 400) throw new Error(`${name} ${url}: HTTP ${result.statusCode} ${result.body.slice(0, 300)}`);
    return result.body ? (JSON.parse(result.body) as { data: unknown }).data : undefined;
  };

  // Each child asks 1 + warmOf(name) requests; every function gets an unmeasured child first, then one per round and mode.
  const perFunction = (1 + WARM) * (1 + 2 * ROUNDS);
  const perComparedFunction = (1 + WARM_COMPARED) * (1 + 2 * ROUNDS);
  const rateBody = () => ({ ...domestic.body, shippingOptions: { ...(domestic.body as { shippingOptions: object }).shippingOptions } });
  const rateIds: string[] = [];
  const needRates = perComparedFunction * 2 + perFunction * 3 + 2;
  while (rateIds.length < needRates) {
    const rated = (await call('rate', '/v1/rate', rateBody())) as { rates: Array<{ rateResponseId: string; carrier: { code: string } }> };
    // One carrier's rates, so every ship asks the same carrier.
    rateIds.push(...rated.rates.filter((r) => r.carrier.code === 'CARRIERX').map((r) => r.rateResponseId));
  }
  const shipOne = async (): Promise<string> => ((await call('ship', `/v1/ship/${rateIds.pop()!}`, {})) as { orderId: string }).orderId;
  const orders = async (n: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await shipOne());
    return ids;
  };
  ctx.log(`bundles: shipping ${perComparedFunction + perFunction * 3 + 2} orders ...`);
  const fresh = {
    track: await orders(perComparedFunction),
    cancel: await orders(perFunction),
    labelFile: await orders(perFunction),
    manifest: await orders(perFunction),
  };
  const [labelsOrder] = await orders(1);
  // A company has at most 10 webhooks: each child that creates or deletes them gets a company of its own.
  const webhookUrl = 'http://127.0.0.1:9/hooks';
  const childrenPerFunction = 1 + 2 * ROUNDS;
  const newKey = async (): Promise<string> => {
    const other = await createCompany({ name: 'Cold Bench Webhooks', pricingGroupId: 'default', billing: 'account', withUser: true });
    return (await createApiKey({ companyId: other.companyId, scopes: [], mode: 'test' })).apiKey;
  };
  const createKeys: string[] = [];
  for (let i = 0; i < childrenPerFunction; i++) createKeys.push(await newKey());
  const deletions: Array<{ key: string; ids: string[] }> = [];
  for (let i = 0; i < childrenPerFunction; i++) {
    const key = await newKey();
    const ids: string[] = [];
    for (let j = 0; j < 1 + WARM; j++) ids.push(((await call('webhooks-create', '/v1/webhooks', { url: webhookUrl }, key)) as { id: string }).id);
    deletions.push({ key, ids });
  }
  const kept = ((await call('webhooks-create', '/v1/webhooks', { url: webhookUrl })) as { id: string }).id;
  const manifestOrder = (await orders(1))[0]!;
  // The orders ship on the rate body's date (tomorrow): the close is for that day.
  const shipDate = (domestic.body as { shippingOptions: { shippingDate: string } }).shippingOptions.shippingDate;
  const manifest = (await call('manifests-create', '/v1/manifests', { carrierCode: 'CARRIERX', shipDate, orderIds: [manifestOrder] })) as {
    manifestId: string;
    documents: Array<{ code: string }>;
  };
  const unknownDelivery = `msg_${'0'.repeat(26)}`;

  /** The requests of one child of `name`: 1 + WARM events. */
  const requestsOf = (name: string): APIGatewayProxyEvent[] => {
    const n = 1 + warmOf(name);
    const same = (url: string, body?: unknown) => Array.from({ length: n }, () => eventOf(name, url, body));
    const each = (ids: string[], url: (id: string) => string, body?: (id: string) => unknown) =>
      ids.splice(0, n).map((id) => eventOf(name, url(id), body?.(id)));
    switch (name) {
      case 'packaging-types':
        return same('/v1/packaging-types');
      case 'carriers':
        return same('/v1/carriers');
      case 'carrier-services':
        return same('/v1/carrier-services?carrierCode=CARRIERX');
      case 'rate':
        return Array.from({ length: n }, () => eventOf(name, '/v1/rate', rateBody()));
      case 'ship':
        return each(
          rateIds,
          (id) => `/v1/ship/${id}`,
          () => ({}),
        );
      case 'labels':
        return same(`/v1/labels/${labelsOrder}`);
      case 'label-file':
        return each(fresh.labelFile, (id) => `/v1/labels/${id}/SHIPPING_LABEL_PDF`);
      case 'track':
        return each(fresh.track, (id) => `/v1/track/${id}`);
      case 'cancel':
        return each(fresh.cancel, (id) => `/v1/shipments/${id}`);
      case 'manifests-create':
        return each(
          fresh.manifest,
          () => '/v1/manifests',
          (id) => ({ carrierCode: 'CARRIERX', shipDate, orderIds: [id] }),
        );
      case 'manifests-list':
        return same('/v1/manifests');
      case 'manifest-get':
        return same(`/v1/manifests/${manifest.manifestId}`);
      case 'manifest-file':
        return same(`/v1/manifests/${manifest.manifestId}/${manifest.documents[0]!.code}`);
      case 'webhooks-create': {
        const key = createKeys.pop()!;
        return Array.from({ length: n }, () => eventOf(name, '/v1/webhooks', { url: webhookUrl }, key));
      }
      case 'webhooks-list':
        return same('/v1/webhooks');
      case 'webhook-get':
        return same(`/v1/webhooks/${kept}`);
      case 'webhook-deliveries':
        return same(`/v1/webhooks/${kept}/deliveries`);
      case 'webhook-delete': {
        const { key, ids } = deletions.pop()!;
        return ids.map((id) => eventOf(name, `/v1/webhooks/${id}`, undefined, key));
      }
      case 'webhook-retry':
        return same(`/v1/webhooks/${kept}/deliveries/${unknownDelivery}/retry`);
      default:
        throw new Error(`bundle bench: no request for ${name}; add one`);
    }
  };

  // Where the X-Ray SDK (an older build) would send its segments: a UDP socket that counts them.
  const daemon = createSocket('udp4');
  let xrayDatagrams = 0;
  daemon.on('message', () => (xrayDatagrams += 1));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  ctx.defer('bundle bench: X-Ray daemon socket', () => void daemon.close());
  const daemonAddress = `127.0.0.1:${daemon.address().port}`;

  /** What lib/ (lib/shipping-stack.ts, lib/stages.ts prod) and Lambda give the function; `off` turns observability off. */
  const carrierFunctions = new Set(functions.filter((f) => f.access.carrierSecrets).map((f) => f.name));
  const childEnv = (name: string, mode: Mode): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    TABLE_NAME: tableName,
    BUCKET_NAME: bucketName,
    ...stageEnvironment(deployed, SERVICE_NAME),
    ...(carrierFunctions.has(name) ? carrierSecretsEnvironment(deployed) : {}),
    // Lambda's own variables.
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_SESSION_TOKEN: 'bench-session-token',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: `shipping-prod-${name}`,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(deployed.lambda.memoryMb),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    LAMBDA_TASK_ROOT: outdir(name),
    _X_AMZN_TRACE_ID: `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=1`,
    AWS_XRAY_DAEMON_ADDRESS: daemonAddress,
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    // The emulators instead of AWS, and the local runtime's webhook sealing key instead of KMS.
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamodb.endpoint,
    AWS_ENDPOINT_URL_S3: stack.s3.endpoint,
    WEBHOOK_SECRET_KEY_FILE: webhookSecretKeyFile,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...(FUNCTION_NODE_OPTIONS ? { NODE_OPTIONS: FUNCTION_NODE_OPTIONS } : {}),
    ...(mode === 'off' ? { POWERTOOLS_TRACE_ENABLED: 'false', POWERTOOLS_METRICS_DISABLED: 'true', LOG_LEVEL: 'SILENT' } : {}),
  });

  const requestsDir = path.join(dir, 'requests');
  mkdirSync(requestsDir);
  let requestFiles = 0;
  /** Runs one child of `name`; `log` keeps its stdout (the function's log lines). */
  const runChild = (name: string, mode: Mode, log?: string[]): Promise<Sample> =>
    new Promise((resolve, reject) => {
      const floor = name === 'baseline' || name === LIGHT_FLOOR;
      const events = floor ? Array.from({ length: 1 + WARM }, () => ({})) : requestsOf(name);
      if (events.length !== (floor ? 1 + WARM : 1 + warmOf(name))) throw new Error(`bundle bench: ran out of prepared data for ${name}`);
      const requestsFile = path.join(requestsDir, `${(requestFiles += 1)}.json`);
      writeFileSync(requestsFile, JSON.stringify(events));
      const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD_SCRIPT, path.join(outdir(name), 'index.mjs'), requestsFile], {
        cwd: outdir(name),
        env: childEnv(name, mode),
        stdio: ['ignore', log ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let report = '';
      let errors = '';
      child.stdio[3]!.on('data', (chunk: Buffer) => (report += chunk.toString()));
      child.stdout?.on('data', (chunk: Buffer) => log?.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
        log?.push(chunk.toString());
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        children.delete(child);
        rmSync(requestsFile, { force: true });
        if (code === 0 && report) resolve(JSON.parse(report) as Sample);
        else reject(new Error(`${name}: child exited with ${signal ?? code}: ${errors.trim().split('\n').slice(-5).join(' | ')}`));
      });
    });

  // One unmeasured child of each, as deployed (file cache; a bundle that fails, answers an error or writes no trace line fails here).
  const measuredFunctions = functions.map((f) => f.name);
  const expectedStatus = (name: string): number =>
    name === 'baseline' || name === LIGHT_FLOOR ? 200 : (NOT_FOUND_REQUESTS as readonly string[]).includes(name) ? 404 : 0;
  let traceLines = 0;
  for (const name of ['baseline', LIGHT_FLOOR, ...measuredFunctions]) {
    const log: string[] = [];
    const sample = await runChild(name, 'deployed', log);
    const expected = expectedStatus(name);
    const bad = sample.statuses.filter((s) => (expected ? s !== expected : !(s >= 200 && s < 400)));
    if (bad.length > 0) throw new Error(`${name} answered ${sample.statuses.join(', ')} (expected ${expected || '2xx or 3xx'}): ${log.join('').slice(-600)}`);
    if (name !== 'baseline' && name !== LIGHT_FLOOR) {
      const traces = log
        .join('')
        .split('\n')
        .filter((line) => line.includes('"message":"trace"')).length;
      if (traces !== sample.statuses.length) throw new Error(`${name} wrote ${traces} trace lines for ${sample.statuses.length} sampled requests`);
      traceLines += traces;
    }
  }

  ctx.log(`bundles: ${ROUNDS} rounds of ${measuredFunctions.length} triples (baseline, as deployed, observability off) of fresh processes`);
  const samples = new Map<string, Measured[]>(
    ['baseline', LIGHT_FLOOR, ...measuredFunctions.flatMap((n) => [`${n} deployed`, `${n} off`])].map((key) => [key, []]),
  );
  const ratios = new Map<string, number[]>(
    measuredFunctions.flatMap((n) => [
      [`${n} deployed`, []],
      [`${n} off`, []],
    ]),
  );
  const floorRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // The light floor once a round, paired with a baseline of its own.
    const floorBase = measured(await runChild('baseline', 'deployed'));
    const floor = measured(await runChild(LIGHT_FLOOR, 'deployed'));
    samples.get(LIGHT_FLOOR)!.push(floor);
    floorRatios.push(floor.penaltyMs / floorBase.penaltyMs);
    for (let i = 0; i < measuredFunctions.length; i += 1) {
      if (ctx.stopped()) throw new Error('bundle bench stopped');
      const name = measuredFunctions[(round + i) % measuredFunctions.length]!;
      const base = measured(await runChild('baseline', 'deployed'));
      samples.get('baseline')!.push(base);
      // The order of the two modes turns every round, so neither always runs right after the baseline.
      const modes: Mode[] = round % 2 === 0 ? ['deployed', 'off'] : ['off', 'deployed'];
      for (const mode of modes) {
        const sample = measured(await runChild(name, mode));
        samples.get(`${name} ${mode}`)!.push(sample);
        ratios.get(`${name} ${mode}`)!.push(sample.penaltyMs / base.penaltyMs);
      }
    }
  }

  const stat = (key: string) => {
    const s = samples.get(key)!;
    return {
      importMs: median(s.map((x) => x.importMs)),
      firstMs: median(s.map((x) => x.firstMs)),
      warmP50Ms: median(s.flatMap((x) => x.warmMs)),
      warmCpuMs: median(s.flatMap((x) => x.warmCpuMs)),
      penaltyMs: median(s.map((x) => x.penaltyMs)),
      ratio: key === 'baseline' ? 1 : key === LIGHT_FLOOR ? median(floorRatios) : median(ratios.get(key)!),
    };
  };
  const base = stat('baseline');
  const baseSize = sizes.get('baseline')!;
  const lightFloor = stat(LIGHT_FLOOR);
  const lightFloorSize = sizes.get(LIGHT_FLOOR)!;
  const rows = measuredFunctions.map((name) => ({ name, size: sizes.get(name)!, deployed: stat(`${name} deployed`), off: stat(`${name} off`) }));
  const warmRows = rows.filter((r) => (WARM_FUNCTIONS as readonly string[]).includes(r.name));
  const wallMs = performance.now() - started;

  const kb = (bytes: number) => `${fmt(bytes / 1024)} KB`;
  const ms = (v: number) => `${fmt(v)} ms`;
  /** One row of the table: size, the times and the ratio as deployed, and the penalty with observability off where measured. */
  const row = (name: string, bytes: number, m: ReturnType<typeof stat>, off?: ReturnType<typeof stat>): string[] => [
    name,
    kb(bytes),
    fmt(bytes / baseSize.bytes),
    ms(m.importMs),
    ms(m.firstMs),
    ms(m.warmP50Ms),
    ms(m.penaltyMs),
    fmt(m.ratio),
    off ? ms(off.penaltyMs) : '',
    off ? fmt(off.ratio) : '',
  ];
  const details = [
    table(
      [
        'bundle',
        'size at import',
        '/ baseline',
        'import p50',
        'first request p50',
        'warm p50',
        'cold penalty p50',
        'penalty / baseline',
        'observability off: penalty',
        'off / baseline',
      ],
      [
        row('baseline (GetItem, the SDK)', baseSize.bytes, base),
        row("light floor (GetItem, the service's client; not a target)", lightFloorSize.bytes, lightFloor),
        ...rows.map((r) => row(`${r.name}${(NOT_FOUND_REQUESTS as readonly string[]).includes(r.name) ? ' (404)' : ''}`, r.size.bytes, r.deployed, r.off)),
      ],
    ),
    table(
      ['warm, in these children', 'as deployed p50', 'off p50', 'deployed / off', 'CPU per request, deployed', 'off', 'CPU deployed / off'],
      warmRows.map((r) => [
        r.name,
        ms(r.deployed.warmP50Ms),
        ms(r.off.warmP50Ms),
        fmt(r.deployed.warmP50Ms / r.off.warmP50Ms),
        ms(r.deployed.warmCpuMs),
        ms(r.off.warmCpuMs),
        fmt(r.deployed.warmCpuMs / r.off.warmCpuMs),
      ]),
    ),
    `(lib/bundling.ts options; fresh Node ${process.version} processes against DynamoDB Local and s3rver, the prod stage's environment, tracing and metrics on, trace header Sampled=1 (${traceLines} trace lines checked in the unmeasured children; ${xrayDatagrams} X-Ray datagrams received); ` +
      `cold penalty = import + first request - median of ${WARM} warm requests of the same kind (${WARM_COMPARED} for ${WARM_FUNCTIONS.join(', ')}); ratio: median of ${ROUNDS} (baseline, function) pairs, round-robin; ms: medians; off = POWERTOOLS_TRACE_ENABLED=false, POWERTOOLS_METRICS_DISABLED=true, LOG_LEVEL=SILENT; ` +
      `targets: penalty <= ${PENALTY_RATIO_MAX}x the baseline's (label-file ${PENALTY_RATIO_MAX_OF['label-file']}x), warm deployed <= ${WARM_OBSERVABILITY_MAX}x off, size <= ${SIZE_RATIO_MAX}x; ${fmt(wallMs / 1000)} s)`,
  ];

  return {
    name: 'bundles',
    checks: [
      ...rows.flatMap((r) => [
        check(
          `${r.name} cold penalty`,
          r.deployed.ratio,
          'max',
          penaltyRatioMax(r.name),
          'x',
          `${ms(r.deployed.penaltyMs)} / ${ms(base.penaltyMs)}; observability off ${fmt(r.off.ratio)}x`,
        ),
        check(`${r.name} bundle`, r.size.bytes / baseSize.bytes, 'max', SIZE_RATIO_MAX, 'x', `${kb(r.size.bytes)} / ${kb(baseSize.bytes)}`),
      ]),
      ...warmRows.map((r) =>
        check(
          `warm ${r.name} p50 as deployed / off`,
          r.deployed.warmP50Ms / r.off.warmP50Ms,
          'max',
          WARM_OBSERVABILITY_MAX,
          'x',
          `${ms(r.deployed.warmP50Ms)} / ${ms(r.off.warmP50Ms)} (DynamoDB Local); CPU ${fmt(r.deployed.warmCpuMs / r.off.warmCpuMs)}x`,
        ),
      ),
    ],
    details,
    figures: {
      rounds: ROUNDS,
      warmRequests: WARM,
      warmRequestsCompared: WARM_COMPARED,
      node: process.version,
      nodeOptions: FUNCTION_NODE_OPTIONS ?? null,
      traceLinesChecked: traceLines,
      xrayDatagrams,
      baseline: { bytes: baseSize.bytes, ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, round(v)])) },
      lightFloor: { bytes: lightFloorSize.bytes, ...Object.fromEntries(Object.entries(lightFloor).map(([k, v]) => [k, round(v)])) },
      functions: Object.fromEntries(
        rows.map((r) => [
          r.name,
          {
            bytes: r.size.bytes,
            totalBytes: r.size.totalBytes,
            sizeRatio: round(r.size.bytes / baseSize.bytes),
            deployed: Object.fromEntries(Object.entries(r.deployed).map(([k, v]) => [k, round(v)])),
            off: Object.fromEntries(Object.entries(r.off).map(([k, v]) => [k, round(v)])),
          },
        ]),
      ),
      wallMs: round(wallMs),
    },
  };
};

if (require.main === module) {
  // This part alone: `npx tsx bench/bundles.ts`; Ctrl-C kills the children and removes the directory.
  const cleanups: Array<() => Promise<void> | void> = [];
  let stopped = false;
  const cleanup = async () => {
    for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) await fn();
  };
  const ctx: BenchContext = { log: (line) => process.stderr.write(`${line}\n`), defer: (_name, fn) => cleanups.push(fn), stopped: () => stopped };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopped = true;
      void cleanup().finally(() => process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const)[signal]));
    });
  }
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  runBundleBench(ctx)
    .then(async (part) => {
      await cleanup();
      process.stdout.write(`${part.details.join('\n')}\n`);
      for (const c of part.checks)
        process.stdout.write(`${c.name}: ${fmt(c.measured)} ${c.unit} (limit ${c.target}) ${c.ok ? 'ok' : 'MISSED'}; ${c.note ?? ''}\n`);
      process.stdout.write(`${JSON.stringify(part.figures)}\n`);
      process.exit(part.checks.every((c) => c.ok) ? 0 : 1);
    })
    .catch(async (error: unknown) => {
      await cleanup();
      process.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`);
      process.exit(1);
    });
}
