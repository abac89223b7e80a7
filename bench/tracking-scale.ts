/**
 * `npm run bench -- tracking-scale`: the tracking pipeline (docs/tracking.md)
 * at the size of a busy stage, against DynamoDB Local (in memory, started
 * here, stopped at the end and on a signal), for the capacity model of
 * docs/operations.md.
 *
 * 1. Load: TRACKING_SCALE_ORDERS (default 100,000) active orders' schedule
 *    items (`ORDER#<id>` / `TRACK`, the keys of `keys.trackingSchedule` and
 *    `keys.trackingDue`, so spread over the 32 shards as the stage spreads
 *    them) by BatchWriteItem, their due times spread evenly over the two
 *    hours around the bench's clock so that TRACKING_SCALE_DUE of them
 *    (default 0.6) are due. The orders the workers check also get their order
 *    item (about 2 KB, a sandbox order as ship writes it).
 * 2. Discovery and dispatch: the dispatcher's real handler
 *    (functions/tracking-refresh) with an in-process tracking-checks queue
 *    (`useQueue`), a backlog and a budget wide enough to take every due check,
 *    so the run reads every due entry of every shard with the real Query
 *    pages. Measured: due checks found per second, messages queued per second,
 *    the SQS SendMessageBatch calls the same sends would make, Query pages and
 *    read units per due check (ReturnConsumedCapacity INDEXES). The dispatcher
 *    writes nothing, so the same run is made again with a queue that takes
 *    TRACKING_SCALE_SQS_MS (default 10 ms) per SendMessageBatch, as SQS does:
 *    what a run costs when the sends, not the reads, are the work.
 * 3. Workers: the worker's real handler (functions/tracking-check) on
 *    TRACKING_SCALE_CHECKS (default 2,000) of the queued messages, in batches
 *    of 10 as SQS hands them, WORKERS invocations at once, against an
 *    in-process carrier that answers at once (one order in ten gets a new
 *    status, the others nothing new): checks per second and read and write
 *    units per check, with real DynamoDB Local writes. Then a few batches
 *    with a carrier that answers in CARRIER_LATENCY_MS (300 ms): how long one
 *    invocation of 10 takes when the carrier, not the store, is the wait.
 *
 * Wall times are DynamoDB Local's on this machine (one Java process sharing
 * the cores with the bench), not AWS's; the units and the counts are what
 * AWS would bill and make. Bounded: the load, each dispatcher run and the
 * workers stop at their own time limits.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { BatchWriteCommand, ddb } from '../shared/aws';
import type { Context, ScheduledEvent, SQSEvent } from 'aws-lambda';
import { applyEnv, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { ensureTableAndBucket } from '../local/provision';
import { startLocalStack } from '../local/stack';
import type { CarrierRegistry } from '../shared/carriers/registry';
import type { CarrierTracking } from '../shared/domain/carrier';
import type { CarrierPort } from '../shared/carriers/port';
import type { DispatchSummary } from '../shared/services/tracking/dispatch';
import { keys, TRACKING_SHARDS } from '../shared/store/keys';
import { itemSize } from '../shared/store/item-size';
import type { DueCheck } from '../shared/store/tracking-schedule';
import { commandCapacity } from './capacity';
import { check, type BenchContext, type BenchPart } from './checks';
import { recordCommands, type Recorded } from './dynamodb';
import { domestic } from './fixtures';
import { fmt, percentile, round, table } from './stats';

/** A whole number from the environment, else `fallback`; anything else is refused before the emulator starts. */
const envInt = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
};
const envShare = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!(value > 0 && value <= 1)) throw new Error(`${name} must be a share above 0 and at most 1, got "${raw}"`);
  return value;
};

/** Due times spread over this window around the clock: the pending interval, the longest of an order on its way. */
const DUE_WINDOW_MS = 2 * 3_600_000;
/** BatchWriteItem takes 25 items; this many in flight at once while loading. */
const WRITE_BATCH = 25;
const LOAD_CONCURRENCY = 8;
/** SQS SendMessageBatch takes at most 10 messages (shared/queues.ts), and the worker's event source hands batches of 10. */
const SQS_BATCH = 10;
/** Worker invocations at once in process (each checks its 10 messages side by side, as the handler does). */
const WORKERS = 8;
/** One order in this many gets a new status from the carrier; the rest, nothing new (the commonest check). */
const CHANGE_EVERY = 10;
/** A carrier's track call, as docs/operations.md assumes it. */
const CARRIER_LATENCY_MS = 300;
/** Batches of 10 timed with the slow carrier. */
const SLOW_BATCHES = 20;
/** Time limits: the load, each dispatcher run, the worker sample. */
const LOAD_LIMIT_MS = 240_000;
const DISPATCH_LIMIT_MS = 60_000;
const WORKER_LIMIT_MS = 60_000;

/** A sandbox order as ship stores it (about 2 KB), pending, with its label event. */
const orderItem = (orderId: string, createdDate: string, requestGzip: Uint8Array) => {
  const trackingNumber = `1X${orderId.replace(/-/g, '').slice(0, 16).toUpperCase()}`;
  return {
    ...keys.order(orderId),
    entityType: 'order',
    orderId,
    companyId: '5c1d9a52-2b8e-4a51-9f3c-0d6a4e7b9c11',
    rateResponseId: randomUUID(),
    rateRequestId: randomUUID(),
    pricingGroupId: 'default',
    carrierCode: 'CARRIERX',
    serviceCode: 'CARRIERX_GROUND',
    trackingNumber,
    pieceTrackingNumbers: [trackingNumber],
    trackingUrl: `https://sandbox.example.com/track/${trackingNumber}`,
    carrierShipmentId: `SHP-${trackingNumber}`,
    status: 'pending',
    labels: [
      { code: 'SHIPPING_LABEL_PDF', name: 'Shipping label', format: 'PDF', contentType: 'application/pdf' },
      { code: 'SHIPPING_LABEL_ZPL', name: 'Shipping label (thermal)', format: 'ZPL', contentType: 'application/zpl' },
    ],
    price: { currency: 'CAD', total: 2417 },
    notification: { email: 'tracking-scale@example.com', statuses: ['intransit', 'delivered'] },
    createdDate,
    commitment: { commitDate: createdDate.slice(0, 10), commitTime: '17:00', timezoneCode: 'America/Toronto', guaranteed: false },
    events: [{ status: 'pending', code: 'LABEL_CREATED', description: 'Shipping label created', location: 'Montreal, QC, CA', occurredAt: createdDate }],
    updated: createdDate,
    lastCheckedAt: createdDate,
    version: 1,
    mode: 'live',
    requestGzip,
  };
};

/** A carrier that answers every track at once (or after `latencyMs`): a new status for the orders in `changing`, else what the order has. */
const instantCarrier = (changing: ReadonlySet<string>, createdDate: string, now: Date, latencyMs: () => number): CarrierRegistry => {
  const labelEvent = {
    status: 'pending' as const,
    code: 'LABEL_CREATED' as const,
    description: 'Shipping label created',
    location: 'Montreal, QC, CA',
    occurredAt: createdDate,
  };
  const carrier = {
    code: 'CARRIERX',
    async track(shipment: { trackingNumber: string }): Promise<CarrierTracking> {
      const ms = latencyMs();
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      if (!changing.has(shipment.trackingNumber)) return { trackingNumber: shipment.trackingNumber, transitStatus: 'pending', events: [labelEvent] };
      return {
        trackingNumber: shipment.trackingNumber,
        transitStatus: 'intransit',
        events: [
          {
            status: 'intransit',
            code: 'PICKED_UP',
            description: 'Picked up',
            location: 'Montreal, QC, CA',
            occurredAt: new Date(now.getTime() - 60_000).toISOString(),
          },
          labelEvent,
        ],
      };
    },
  } as unknown as CarrierPort;
  return { ports: [carrier], sandboxPorts: [], packagingRequiredBy: [], port: (code) => (code.toUpperCase() === 'CARRIERX' ? carrier : undefined) };
};

/** The per-check units of `commands`: reads and writes, table and index apart (AWS's rule: no transactions here). */
const unitsOf = (commands: readonly Recorded[]) => {
  const caps = commands.map(commandCapacity);
  const sum = (f: (c: ReturnType<typeof commandCapacity>) => number) => caps.reduce((s, c) => s + f(c), 0);
  return {
    commands: commands.length,
    rruTable: sum((c) => c.tableRead.strong + c.tableRead.eventual + c.tableRead.transactional),
    rruIndex: sum((c) => Object.values(c.indexRead).reduce((s, v) => s + v, 0)),
    wruTable: sum((c) => c.tableWrite),
    wruIndex: sum((c) => Object.values(c.indexWrite).reduce((s, v) => s + v, 0)),
    computed: caps.some((c) => c.computed),
    zeroUnitReads: caps.filter((c) => c.zeroUnitRead).length,
  };
};

const r2 = (v: number) => Math.round(v * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const runTrackingScaleBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const { log } = ctx;
  const orders = envInt('TRACKING_SCALE_ORDERS', 100_000, 1_000);
  const dueShare = envShare('TRACKING_SCALE_DUE', 0.6);
  const sqsMs = envInt('TRACKING_SCALE_SQS_MS', 10, 0);
  const due = Math.round(orders * dueShare);
  const sampleChecks = Math.min(envInt('TRACKING_SCALE_CHECKS', 2_000, SQS_BATCH), due - SLOW_BATCHES * SQS_BATCH);
  if (sampleChecks < SQS_BATCH) throw new Error('tracking-scale: too few due orders for the worker sample');

  log(`tracking-scale: starting DynamoDB Local (in memory, 1 GB heap) ...`);
  const stack = await startLocalStack({ dynamodbHeap: process.env.DYNAMODB_LOCAL_HEAP ?? '1g' });
  ctx.defer('tracking-scale emulators', () => stack.stop());
  const suffix = `${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
  const tableName = `bench-track-${suffix}`;
  applyEnv(localAwsEnv({ dynamodbEndpoint: stack.dynamodb.endpoint, s3Endpoint: stack.s3.endpoint, tableName, bucketName: `bench-track-${suffix}` }));
  await ensureTableAndBucket();

  // ---- 1. Load. Order i is due at now - due window share + i's place in the window: exactly `due` are due.
  const now = new Date();
  const nowMs = now.getTime();
  const createdDate = new Date(nowMs - 6 * 3_600_000).toISOString();
  const dueAtOf = (i: number) => new Date(nowMs - Math.round(DUE_WINDOW_MS * dueShare) + Math.floor(((i + 0.5) / orders) * DUE_WINDOW_MS)).toISOString();
  const ids: string[] = Array.from({ length: orders }, () => randomUUID());
  const dueCount = ids.filter((_, i) => dueAtOf(i) <= now.toISOString()).length;
  // The worker sample: due orders spread over the window, each with its order item.
  const sampled = Array.from({ length: sampleChecks + SLOW_BATCHES * SQS_BATCH }, (_, k) =>
    Math.floor((k * dueCount) / (sampleChecks + SLOW_BATCHES * SQS_BATCH)),
  );
  const sampledSet = new Set(sampled.map((i) => ids[i]!));
  const requestGzip = gzipSync(JSON.stringify(domestic.body));
  const changingNumbers = new Set<string>();
  const items: Array<Record<string, unknown>> = [];
  let sampleIndex = 0;
  for (const [i, orderId] of ids.entries()) {
    const dueAt = dueAtOf(i);
    items.push({
      ...keys.trackingSchedule(orderId),
      entityType: 'trackingSchedule',
      orderId,
      carrierCode: 'CARRIERX',
      lastCheckedAt: createdDate,
      ...keys.trackingDue(orderId, dueAt),
    });
    if (sampledSet.has(orderId)) {
      const order = orderItem(orderId, createdDate, requestGzip);
      if (sampleIndex++ % CHANGE_EVERY === 0) changingNumbers.add(order.trackingNumber);
      items.push(order);
    }
  }
  const scheduleBytes = itemSize(items[0]!);
  const orderBytes = itemSize(items.find((item) => item.entityType === 'order')!);
  log(`tracking-scale: loading ${fmt(orders)} schedule items (${fmt(dueCount)} due) and ${fmt(sampledSet.size)} order items ...`);
  const loadStarted = performance.now();
  let next = 0;
  let writeCalls = 0;
  const loader = async () => {
    for (;;) {
      if (ctx.stopped()) throw new Error('tracking-scale: stopped');
      if (performance.now() - loadStarted > LOAD_LIMIT_MS)
        throw new Error(`tracking-scale: the load took over ${LOAD_LIMIT_MS / 1000} s; try a smaller TRACKING_SCALE_ORDERS`);
      const start = next;
      next += WRITE_BATCH;
      if (start >= items.length) return;
      let requests = items.slice(start, start + WRITE_BATCH).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        writeCalls += 1;
        const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        if (requests.length > 0) await sleep(Math.min(1_000, 20 * 2 ** attempt));
      }
    }
  };
  const progress = setInterval(() => log(`tracking-scale: ${fmt(Math.min(next, items.length))} of ${fmt(items.length)} items written ...`), 10_000);
  try {
    await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, loader));
  } finally {
    clearInterval(progress);
  }
  const loadMs = performance.now() - loadStarted;
  log(`tracking-scale: loaded in ${(loadMs / 1000).toFixed(1)} s (${fmt(Math.round(items.length / (loadMs / 1000)))} items/s)`);

  // ---- Handlers after the environment (the clients and the logger read it when first used).
  allowRequireOfEsmOnlyPackages();
  const { createTrackingRefreshHandler } = await import('../functions/tracking-refresh/handler');
  const { createTrackingCheckHandler } = await import('../functions/tracking-check/handler');
  const { useQueue } = await import('../shared/queues');
  let carrierLatencyMs = 0;
  const registry = instantCarrier(changingNumbers, createdDate, now, () => carrierLatencyMs);
  const clock = () => now;

  const recorded: Recorded[] = [];
  recordCommands(ddb, recorded, () => 'INDEXES', 'trackingScaleRecorder');

  // ---- 2. Discovery and dispatch: every due check, with an instant queue, then with SQS's pace per batch.
  const queue = { messages: [] as DueCheck[], sends: 0, batches: 0, latencyMs: 0 };
  useQueue<DueCheck>('tracking-checks', {
    async send(messages) {
      queue.sends += 1;
      // One SendMessageBatch after the other, as shared/queues.ts sends a page.
      for (let i = 0; i < messages.length; i += SQS_BATCH) {
        queue.batches += 1;
        if (queue.latencyMs > 0) await sleep(queue.latencyMs);
      }
      queue.messages.push(...messages);
    },
    // Empty at the start of a run: the workers kept up.
    depth: async () => 0,
  });
  ctx.defer('tracking-scale queue', () => useQueue('tracking-checks', undefined));
  const dispatcher = createTrackingRefreshHandler({ clock, dispatch: { backlog: 2 * orders, budgetMs: DISPATCH_LIMIT_MS } }) as unknown as (
    e: ScheduledEvent,
    c: Context,
  ) => Promise<DispatchSummary>;
  const dispatchRun = async (latencyMs: number) => {
    queue.messages = [];
    queue.sends = 0;
    queue.batches = 0;
    queue.latencyMs = latencyMs;
    recorded.length = 0;
    const started = performance.now();
    const summary = await dispatcher({} as ScheduledEvent, {} as Context);
    const ms = performance.now() - started;
    const queries = recorded.filter((r) => r.command === 'QueryCommand');
    const pages = queries.map((r) => (Array.isArray(r.output?.Items) ? (r.output.Items as unknown[]).length : 0));
    const units = unitsOf(recorded);
    recorded.length = 0;
    return {
      sqsMsPerBatch: latencyMs,
      ...summary,
      ms: round(ms),
      foundPerSecond: Math.round(summary.queued / (ms / 1000)),
      sends: queue.sends,
      sqsSendMessageBatch: queue.batches,
      queries: queries.length,
      fullPages: pages.filter((n) => n >= 1_000).length,
      largestPage: Math.max(0, ...pages),
      emptyQueries: pages.filter((n) => n === 0).length,
      rruIndex: r2(units.rruIndex),
      rruPerDueCheck: Math.round((units.rruIndex / Math.max(1, summary.queued)) * 10_000) / 10_000,
      writes: units.wruTable + units.wruIndex,
      messages: queue.messages,
    };
  };
  log(`tracking-scale: dispatcher run, instant queue ...`);
  const instant = await dispatchRun(0);
  log(`tracking-scale: queued ${fmt(instant.queued)} in ${fmt(instant.ms)} ms; again at ${sqsMs} ms per SendMessageBatch ...`);
  const paced = await dispatchRun(sqsMs);
  log(`tracking-scale: queued ${fmt(paced.queued)} in ${fmt(paced.ms)} ms`);

  // ---- 3. Workers: batches of 10 through the real handler, WORKERS at once.
  const worker = createTrackingCheckHandler(registry, { clock });
  const mine = instant.messages.filter((m) => sampledSet.has(m.orderId));
  const fast = mine.slice(0, sampleChecks);
  const slow = mine.slice(sampleChecks, sampleChecks + SLOW_BATCHES * SQS_BATCH);
  const batchesOf = (messages: readonly DueCheck[]) =>
    Array.from({ length: Math.ceil(messages.length / SQS_BATCH) }, (_, b) => messages.slice(b * SQS_BATCH, (b + 1) * SQS_BATCH));
  const invoke = async (batch: readonly DueCheck[]) => {
    const event = {
      Records: batch.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {}, messageAttributes: {} })),
    } as unknown as SQSEvent;
    const started = performance.now();
    const answer = await worker(event, { functionName: 'tracking-check', awsRequestId: randomUUID() } as Context);
    return { ms: performance.now() - started, failures: answer.batchItemFailures.length };
  };
  const runWorkers = async (batches: ReadonlyArray<readonly DueCheck[]>, concurrency: number) => {
    let nextBatch = 0;
    const durations: number[] = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (nextBatch < batches.length && performance.now() - started < WORKER_LIMIT_MS && !ctx.stopped()) {
          const result = await invoke(batches[nextBatch++]!);
          durations.push(result.ms);
          failures += result.failures;
        }
      }),
    );
    return {
      ms: performance.now() - started,
      durations: durations.sort((a, b) => a - b),
      failures,
      checks: Math.min(batches.length, durations.length) * SQS_BATCH,
    };
  };
  log(`tracking-scale: workers: ${fmt(fast.length)} checks in batches of ${SQS_BATCH}, ${WORKERS} invocations at once, instant carrier ...`);
  recorded.length = 0;
  const fastRun = await runWorkers(batchesOf(fast), WORKERS);
  // Per check, by what it found: the commands of each order (the recorder keeps each command's input).
  const orderOf = (r: Recorded): string | undefined => {
    const key = (r.input.Key ?? r.input.ExpressionAttributeValues) as Record<string, unknown> | undefined;
    const pk = key ? Object.values(key).find((v) => typeof v === 'string' && v.startsWith('ORDER#')) : undefined;
    return typeof pk === 'string' ? pk.slice('ORDER#'.length) : undefined;
  };
  const byOrder = new Map<string, Recorded[]>();
  for (const r of recorded) {
    const orderId = orderOf(r);
    if (orderId) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), r]);
  }
  const unattributed = recorded.filter((r) => !orderOf(r)).length;
  recorded.length = 0;
  const numberOf = new Map(items.filter((item) => item.entityType === 'order').map((item) => [String(item.orderId), String(item.trackingNumber)] as const));
  const kinds = { 'new status': [] as ReturnType<typeof unitsOf>[], 'nothing new': [] as ReturnType<typeof unitsOf>[] };
  for (const m of fast) {
    const commands = byOrder.get(m.orderId) ?? [];
    kinds[changingNumbers.has(numberOf.get(m.orderId) ?? '') ? 'new status' : 'nothing new'].push(unitsOf(commands));
  }
  const perCheck = Object.entries(kinds).map(([kind, list]) => {
    const mean = (f: (u: ReturnType<typeof unitsOf>) => number) => r2(list.reduce((s, u) => s + f(u), 0) / Math.max(1, list.length));
    return {
      kind,
      checks: list.length,
      commands: mean((u) => u.commands),
      rruTable: mean((u) => u.rruTable),
      rruIndex: mean((u) => u.rruIndex),
      wruTable: mean((u) => u.wruTable),
      wruIndex: mean((u) => u.wruIndex),
      wru: mean((u) => u.wruTable + u.wruIndex),
      computed: list.some((u) => u.computed),
    };
  });
  const allChecks = [...kinds['new status'], ...kinds['nothing new']];
  const meanWru = r2(allChecks.reduce((s, u) => s + u.wruTable + u.wruIndex, 0) / Math.max(1, allChecks.length));

  log(`tracking-scale: ${SLOW_BATCHES} batches of ${SQS_BATCH} with a carrier at ${CARRIER_LATENCY_MS} ms, ${SLOW_BATCHES / 2} at once ...`);
  carrierLatencyMs = CARRIER_LATENCY_MS;
  const slowRun = await runWorkers(batchesOf(slow), SLOW_BATCHES / 2);
  carrierLatencyMs = 0;
  recorded.length = 0;

  // ---- Figures.
  const workerFigures = (run: typeof fastRun, concurrency: number) => ({
    checks: run.checks,
    invocationsAtOnce: concurrency,
    ms: round(run.ms),
    checksPerSecond: Math.round(run.checks / (run.ms / 1000)),
    batchMs: { p50: round(percentile(run.durations, 50)), p95: round(percentile(run.durations, 95)), max: round(run.durations.at(-1) ?? Number.NaN) },
    checksPerInvocationSecond: r2(SQS_BATCH / (percentile(run.durations, 50) / 1000)),
    failures: run.failures,
  });
  const dispatchFigures = ({ messages: _messages, ...run }: typeof instant) => run;
  const figures = {
    orders,
    dueShare,
    due: dueCount,
    shards: TRACKING_SHARDS,
    scheduleItemBytes: scheduleBytes,
    orderItemBytes: orderBytes,
    load: {
      items: items.length,
      ms: round(loadMs),
      itemsPerSecond: Math.round(items.length / (loadMs / 1000)),
      batchWriteItem: writeCalls,
      concurrency: LOAD_CONCURRENCY,
    },
    dispatch: [dispatchFigures(instant), dispatchFigures(paced)],
    workers: {
      instant: workerFigures(fastRun, WORKERS),
      carrierAt300ms: { carrierMs: CARRIER_LATENCY_MS, ...workerFigures(slowRun, SLOW_BATCHES / 2) },
      perCheck,
      meanWruPerCheck: meanWru,
      newStatusShare: r2(kinds['new status'].length / Math.max(1, allChecks.length)),
      unattributedCommands: unattributed,
    },
    notes: [
      'wall times are DynamoDB Local on this machine (2 cores shared with the bench), not AWS',
      'dispatch: backlog (twice the orders: a run shares it between the 36 shards of both indexes) and budget wide enough to queue every due check; depth reported 0 (the workers kept up)',
      'rruPerDueCheck: index read units (eventually consistent, KEYS_ONLY entries) per due check queued, including the empty Queries of the legacy index',
      `dispatch[1]: the same run with ${sqsMs} ms per SendMessageBatch of 10, one after the other per page as shared/queues.ts sends`,
      `workers: batches of ${SQS_BATCH} through functions/tracking-check; one order in ${CHANGE_EVERY} gets a new status`,
    ],
  };

  const checks = [
    check('tracking-scale: dispatcher found every due check', instant.queued, 'min', dueCount, 'checks'),
    check('tracking-scale: dispatcher writes nothing', instant.writes + paced.writes, 'max', 0, 'WRU'),
    check('tracking-scale: worker failures', fastRun.failures + slowRun.failures, 'max', 0, 'messages'),
    check(
      'tracking-scale: write units per check that finds nothing new',
      perCheck.find((p) => p.kind === 'nothing new')?.wru ?? Number.NaN,
      'max',
      4,
      'WRU',
      'was 7.5 with the active-orders index',
    ),
  ];
  const details = [
    `${fmt(orders)} active orders (schedule items of ${scheduleBytes} bytes, ${TRACKING_SHARDS} shards), ${fmt(dueCount)} due (${dueShare * 100} %); ` +
      `loaded in ${fmt(round(loadMs / 1000))} s (${fmt(figures.load.itemsPerSecond)} items/s, ${fmt(writeCalls)} BatchWriteItem, ${LOAD_CONCURRENCY} at once)`,
    table(
      ['dispatcher run', 'queued', 'ms', 'found/s', 'Query', 'full pages', 'empty', 'RRU (GSI)', 'RRU per check', 'SendMessageBatch', 'more'],
      [instant, paced].map((d) => [
        d.sqsMsPerBatch === 0 ? 'instant queue' : `${d.sqsMsPerBatch} ms per SendMessageBatch`,
        fmt(d.queued),
        fmt(d.ms),
        fmt(d.foundPerSecond),
        String(d.queries),
        String(d.fullPages),
        String(d.emptyQueries),
        fmt(d.rruIndex),
        fmt(d.rruPerDueCheck),
        fmt(d.sqsSendMessageBatch),
        String(d.more),
      ]),
    ),
    table(
      ['worker run', 'checks', 'at once', 'ms', 'checks/s', 'batch p50 ms', 'batch p95 ms', 'checks per invocation-second', 'failures'],
      (
        [
          ['instant carrier', figures.workers.instant],
          [`carrier at ${CARRIER_LATENCY_MS} ms`, figures.workers.carrierAt300ms],
        ] as const
      ).map(([label, f]: readonly [string, ReturnType<typeof workerFigures>]) => {
        return [
          label,
          fmt(f.checks),
          String(f.invocationsAtOnce),
          fmt(f.ms),
          fmt(f.checksPerSecond),
          fmt(f.batchMs.p50),
          fmt(f.batchMs.p95),
          fmt(f.checksPerInvocationSecond),
          String(f.failures),
        ];
      }),
    ),
    table(
      ['per check', 'n', 'cmds', 'RRU table', 'RRU GSI', 'WRU table', 'WRU GSI', 'WRU'],
      perCheck.map((p) => [
        p.kind,
        String(p.checks),
        fmt(p.commands),
        fmt(p.rruTable),
        fmt(p.rruIndex),
        fmt(p.wruTable),
        fmt(p.wruIndex),
        `${fmt(p.wru)}${p.computed ? ' (some computed)' : ''}`,
      ]),
    ),
    `(mean write units per check at one in ${CHANGE_EVERY} with a new status: ${fmt(meanWru)}, against 7.5 before the schedule item; wall times are DynamoDB Local's on this machine)`,
  ];
  return { name: 'tracking-scale', checks, details, figures };
};
