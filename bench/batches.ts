/**
 * `npm run bench -- batches` (docs/batches.md, docs/performance.md): a
 * batch of BATCH_BENCH_ITEMS (default 1,000) sandbox rates through the real
 * handlers in process against DynamoDB Local and s3rver: POST /v1/batches,
 * then the batch worker fed by the local FIFO queue of `npm start`
 * (local/delivery-queue.ts, with its queue file as npm start keeps it), W
 * groups of the one sandbox account at once: BATCH_CONCURRENCY_PER_ACCOUNT,
 * by default at most one per core (the lanes share the cores with DynamoDB
 * Local; the ideal assumes independent lanes, as a stage's Lambdas are).
 *
 * - Throughput: the batch's time from the post to its end, against the
 *   ideal items × p50 of a single POST /v1/ship / W, that p50 measured in
 *   the same run (SINGLE_SHIPS ships one after another). Target: at most
 *   1.3 × ideal.
 * - Write units: what DynamoDB Local reports consumed
 *   (ReturnConsumedCapacity) per item, the post and the worker together,
 *   against a single ship's. Target: at most a single ship's + 3.
 *
 * Wall times are this machine's (DynamoDB Local shares its cores with the
 * bench); the units are what AWS would bill.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ddb } from '../shared/aws';
import { applyEnv, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { ensureTableAndBucket } from '../local/provision';
import { startLocalStack } from '../local/stack';
import { startLocalQueue } from '../local/delivery-queue';
import { config } from '../shared/config';
import { useQueue } from '../shared/queues';
import { createApiKey } from '../shared/store/api-keys';
import { createCompany } from '../shared/store/companies';
import { seedReferenceData } from '../shared/store/seed';
import { sampleRateBody } from '../test/support/rate-body';
import { commandCapacity } from './capacity';
import { check, type BenchContext, type BenchPart } from './checks';
import { recordCommands, WRITES, type Recorded } from './dynamodb';
import { fmt, percentile, round, table } from './stats';

// The handlers are required as CommonJS; middy 7 is ESM-only.
allowRequireOfEsmOnlyPackages();

/** The batch's time over the ideal (items × single-ship p50 / W), at most (issue 48). */
const MAX_IDEAL_RATIO = 1.3;
/** Write units per batch item beyond a single ship's, at most (issue 48). */
const MAX_EXTRA_WRITE_UNITS = 3;
const SINGLE_SHIPS = 40;
const CARRIER = 'CARRIERX';
/** The batch must end within this, or the part fails (a stuck item). */
const BATCH_DEADLINE_MS = 300_000;

const itemsOf = (): number => {
  const raw = process.env.BATCH_BENCH_ITEMS;
  const n = raw === undefined ? 1000 : Number(raw);
  if (!Number.isInteger(n) || n < 10 || n > 1000) throw new Error(`BATCH_BENCH_ITEMS must be a whole number from 10 to 1000, got ${raw}`);
  return n;
};

type Json = { data?: Record<string, unknown>; error?: { code: string } };

const proxy = (method: string, path: string, key: string, body?: unknown, pathParameters: Record<string, string> | null = null): APIGatewayProxyEvent => ({
  httpMethod: method,
  path,
  resource: path,
  headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  multiValueHeaders: {},
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  pathParameters,
  stageVariables: null,
  body: body === undefined ? null : JSON.stringify(body),
  isBase64Encoded: false,
  requestContext: { requestId: `bench-${randomBytes(4).toString('hex')}` } as APIGatewayProxyEvent['requestContext'],
});

export const runBatchesBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const { log } = ctx;
  const items = itemsOf();
  log('batches: starting DynamoDB Local (in memory) and s3rver ...');
  const stack = await startLocalStack({ dynamodbHeap: process.env.DYNAMODB_LOCAL_HEAP ?? '1g' });
  ctx.defer('batches bench emulators', () => stack.stop());
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  applyEnv(
    localAwsEnv({
      dynamodbEndpoint: stack.dynamodb.endpoint,
      s3Endpoint: stack.s3.endpoint,
      tableName: `bench-batch-${suffix}`,
      bucketName: `bench-batch-${suffix}`,
    }),
  );
  await ensureTableAndBucket();
  await seedReferenceData();
  const company = await createCompany({ name: 'Bench Company', pricingGroupId: 'default', billing: 'account', withUser: true });
  const { apiKey } = await createApiKey({ companyId: company.companyId, scopes: [] });

  const { createCarrierRegistry } = await import('../shared/carriers/registry');
  const { createSandboxTransports } = await import('../shared/carriers/sandbox/network');
  const registry = () => createCarrierRegistry(createSandboxTransports({}));
  const rate = (await import('../functions/rate/handler')).createRateHandler(registry());
  const ship = (await import('../functions/ship/handler')).createShipHandler(registry());
  const post = (await import('../functions/batches-create/handler')).createBatchesCreateHandler();
  const get = (await import('../functions/batch-get/handler')).handler;
  const worker = (await import('../functions/batch-worker/handler')).createBatchWorkerHandler(registry());
  const call = async (handler: (e: APIGatewayProxyEvent, c: Context) => Promise<APIGatewayProxyResult>, event: APIGatewayProxyEvent) => {
    const res = await handler(event, {} as Context);
    return { status: res.statusCode, json: (res.body ? JSON.parse(res.body) : {}) as Json };
  };

  /** Fresh CARRIERX rate responses, from as many rate requests as it takes. */
  const rates = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    while (ids.length < count) {
      const res = await call(rate, proxy('POST', '/v1/rate', apiKey, sampleRateBody()));
      if (res.status !== 200) throw new Error(`rate answered ${res.status} ${res.json.error?.code ?? ''}`);
      for (const r of res.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string } }>)
        if (r.carrier.code === CARRIER) ids.push(r.rateResponseId);
    }
    return ids.slice(0, count);
  };

  const recorded: Recorded[] = [];
  recordCommands(ddb, recorded, (command) => (WRITES.has(command) ? 'TOTAL' : undefined), 'batchesRecorder');
  const writeUnits = (from: number) =>
    recorded.slice(from).reduce((sum, r) => sum + (WRITES.has(r.command) ? commandCapacity(r).tableWrite + commandCapacity(r).transactionalWrite : 0), 0);

  // ---- Single ships: the p50 the ideal is made of, and their write units.
  log(`batches: ${SINGLE_SHIPS} single ships, one after another ...`);
  const singles = await rates(SINGLE_SHIPS + 5);
  for (const id of singles.slice(0, 5)) await call(ship, proxy('POST', `/v1/ship/${id}`, apiKey, {}, { rateResponseId: id }));
  const shipTimes: number[] = [];
  const shipFrom = recorded.length;
  for (const id of singles.slice(5)) {
    const started = performance.now();
    const res = await call(ship, proxy('POST', `/v1/ship/${id}`, apiKey, {}, { rateResponseId: id }));
    shipTimes.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`ship answered ${res.status} ${res.json.error?.code ?? ''}`);
  }
  const shipUnits = writeUnits(shipFrom) / SINGLE_SHIPS;
  const p50 = percentile(
    [...shipTimes].sort((a, b) => a - b),
    50,
  );

  // ---- The batch, through the local FIFO queue.
  log(`batches: ${items} rates ...`);
  const ids = await rates(items);
  // W: the lanes the one account's items run on. The ideal assumes they run independently, as deployed (a Lambda
  // each, waiting on the carrier); here they share the machine's cores with DynamoDB Local, so the default is at most
  // one lane a core (on 2 cores, 4 lanes take as long as 2: docs/performance.md). BATCH_CONCURRENCY_PER_ACCOUNT sets it.
  process.env.BATCH_CONCURRENCY_PER_ACCOUNT ??= String(Math.min(4, os.cpus().length));
  const lanes = config.batchConcurrencyPerAccount;
  // Durable as in npm start: the queue file under a temporary DATA_DIR, rewritten at each change.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-batches-'));
  ctx.defer('batches queue file', () => rmSync(dataDir, { recursive: true, force: true }));
  const queue = startLocalQueue({
    name: 'batch-items',
    fifo: true,
    file: path.join(dataDir, 'batch-items.json'),
    fn: { name: 'batch-worker', entry: 'functions/batch-worker/handler.ts', batchSize: 1, maxReceives: 5 },
    loadHandler: () => worker,
    warn: (line) => log(`batches: ${line}`),
  });
  ctx.defer('batches queue', () => queue.stop());
  useQueue('batch-items', queue);
  log(`batches: a batch of ${items} items, ${lanes} lanes (W) ...`);
  const batchFrom = recorded.length;
  const started = performance.now();
  const created = await call(post, proxy('POST', '/v1/batches', apiKey, { items: ids.map((rateResponseId) => ({ rateResponseId })) }));
  if (created.status !== 202) throw new Error(`POST /v1/batches answered ${created.status} ${created.json.error?.code ?? ''}`);
  const batchId = String(created.json.data!.batchId);
  let status = '';
  let counts: Record<string, number> = {};
  while (performance.now() - started < BATCH_DEADLINE_MS && !ctx.stopped()) {
    await queue.drain();
    const res = await call(get, proxy('GET', `/v1/batches/${batchId}`, apiKey, undefined, { batchId }));
    ({ status } = res.json.data as { status: string });
    counts = (res.json.data as { counts: Record<string, number> }).counts;
    if (status === 'completed' || status === 'completed_with_errors') break;
  }
  const elapsed = performance.now() - started;
  const batchUnits = writeUnits(batchFrom) / items;
  useQueue('batch-items', undefined);
  if (status !== 'completed') throw new Error(`the batch did not complete: ${status} ${JSON.stringify(counts)}`);

  const ideal = (items * p50) / lanes;
  const ratio = elapsed / ideal;
  const figures = {
    items,
    lanes,
    singleShipP50Ms: round(p50),
    idealMs: round(ideal),
    batchMs: round(elapsed),
    ratio: round(ratio),
    singleShipWriteUnits: round(shipUnits),
    batchWriteUnitsPerItem: round(batchUnits),
  };
  return {
    name: 'batches',
    checks: [
      check(`batch of ${items} / ideal (items × ship p50 / W=${lanes})`, ratio, 'max', MAX_IDEAL_RATIO, '×'),
      check('batch write units per item − single ship', batchUnits - shipUnits, 'max', MAX_EXTRA_WRITE_UNITS, 'WCU'),
    ],
    details: [
      table(
        ['figure', 'value'],
        [
          ['items, lanes (W)', `${items}, ${lanes}`],
          ['single ship p50', `${fmt(p50)} ms`],
          ['ideal (items × p50 / W)', `${fmt(ideal / 1000)} s`],
          ['batch, post to end', `${fmt(elapsed / 1000)} s (${fmt(ratio)} × ideal)`],
          ['write units: single ship', fmt(shipUnits)],
          ['write units: batch, per item (post + worker)', fmt(batchUnits)],
        ],
      ),
    ],
    figures,
  };
};
