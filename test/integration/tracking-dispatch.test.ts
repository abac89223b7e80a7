/**
 * Tracking at scale against DynamoDB Local (its own table, so only this
 * file's orders are due): the dispatcher finds due checks with one Query per
 * shard of the tracking-due index, never a Scan, and writes nothing; the
 * workers check each under the order's lease, so concurrent workers never
 * check one order twice at once; a check left by a crashed worker is found
 * again; a check that finds nothing new writes only the small schedule; an
 * order written before schedules is adopted.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand } from '../../shared/aws/dynamodb';
import type { Context, SQSEvent } from 'aws-lambda';
import { createTrackingCheckHandler } from '../../functions/tracking-check/handler';
import { createTrackingRefreshHandler } from '../../functions/tracking-refresh/handler';
import type { CarrierRegistry } from '../../shared/carriers/registry';
import { logger } from '../../shared/observability/logger';
import { useQueue, type QueuePort } from '../../shared/queues';
import { runtimeWith, settingsWith } from '../../shared/process-runtime';
import { createTrackingWorker } from '../../shared/services/tracking/check';
import { createTrackingDispatcher } from '../../shared/services/tracking/dispatch';
import { createTrackReader } from '../../shared/services/tracking/track';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys, TRACKING_SHARDS } from '../../shared/store/keys';
import { tableDefinition, trackingDueIndex } from '../../shared/store/table';
import { CHECK_LEASE_MS, claimCheck, type DueCheck } from '../../shared/store/tracking-schedule';
import { sandboxOnClock } from '../support/sandbox-clock';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const dynamodb = new DynamoDBClient({});
afterAll(() => dynamodb.destroy());

const { state, clock, registry, failing, shipOrder: shipFor } = sandboxOnClock();
/** The sandbox carriers at pace 1 on the test's clock; every other setting the environment's. */
const settings = settingsWith({ sandboxTrackingPace: 1 });
const runtime = runtimeWith({ clock, settings });
/** A tracking worker of its own (one container's) over `carriers`. */
const workerOf = (carriers: CarrierRegistry) => createTrackingWorker({ registry: carriers, logger, ...runtime });
const dispatcherOf = (queue: QueuePort<DueCheck>) => createTrackingDispatcher({ logger, ...runtime, queue: () => queue });
let apiKey: string;
beforeAll(async () => {
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});
const shipOrder = () => shipFor(apiKey);
// The rate handler prices at the real time, so every test ships at it and moves the clock from there.
beforeEach(() => {
  state.now = new Date();
});

const item = async (key: { pk: string; sk: string }) => (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item;
const order = async (orderId: string) => (await item(keys.order(orderId)))!;
const schedule = async (orderId: string) => (await item(keys.trackingSchedule(orderId)))!;

/** A queue in memory: what the dispatcher sent, and how deep it says it is. */
const memoryQueue = (depth = 0) => {
  const messages: DueCheck[] = [];
  const port: QueuePort<DueCheck> = { send: async (batch) => void messages.push(...batch), depth: async () => depth + messages.length };
  return { messages, port };
};

/** A registry whose carriers answer tracking after `delayMs`, counting the calls per tracking number. */
const counting = (inner: CarrierRegistry, delayMs = 0) => {
  const calls = new Map<string, number>();
  const wrapped = new Proxy(inner, {
    get(target, property, receiver) {
      if (property !== 'port') return Reflect.get(target, property, receiver) as unknown;
      return (code: string) => {
        const carrier = target.port(code);
        if (!carrier) return carrier;
        return new Proxy(carrier, {
          get(a, name, r) {
            if (name !== 'track') return Reflect.get(a, name, r) as unknown;
            return async (...args: Parameters<typeof carrier.track>) => {
              calls.set(args[0].trackingNumber, (calls.get(args[0].trackingNumber) ?? 0) + 1);
              await new Promise((resolve) => setTimeout(resolve, delayMs));
              return carrier.track(...args);
            };
          },
        });
      };
    },
  });
  return { calls, registry: wrapped };
};

/** Records the DynamoDB commands sent while `run` runs. */
const recording = async <T>(run: () => Promise<T>): Promise<{ result: T; commands: string[] }> => {
  const commands: string[] = [];
  const name = `recorder-${Math.random()}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await run(), commands };
  } finally {
    ddb.middlewareStack.remove(name);
  }
};

const sqsEvent = (messages: readonly DueCheck[]): SQSEvent =>
  ({ Records: messages.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {}, messageAttributes: {} })) }) as unknown as SQSEvent;
const context = { functionName: 'tracking-check', awsRequestId: 'test' } as Context;

describe('the tracking-due index', () => {
  it('exists locally exactly as the CDK table declares it, keys only', async () => {
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
    const declared = tableDefinition.globalSecondaryIndexes.map((index) => ({
      name: index.indexName,
      keys: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' }] : [])],
      projection: index.projection,
    }));
    const present = Table?.GlobalSecondaryIndexes?.map((index) => ({
      name: index.IndexName,
      keys: index.KeySchema,
      projection: index.Projection?.ProjectionType,
    }));
    expect(present?.sort((a, b) => a.name!.localeCompare(b.name!))).toEqual(declared.sort((a, b) => a.name.localeCompare(b.name)));
    expect(declared.find((d) => d.name === trackingDueIndex.indexName)?.projection).toBe('KEYS_ONLY');
  });

  it('spreads orders over every shard', () => {
    const shards = new Set(Array.from({ length: 2_000 }, (_, i) => keys.trackingDue(`order-${i}`, '2026-01-01T00:00:00.000Z')[trackingDueIndex.partitionKey]));
    expect([...shards].sort()).toEqual(Array.from({ length: TRACKING_SHARDS }, (_, i) => keys.dueShard(i)).sort());
  });

  it('holds a new order by its schedule item, keys only: the order item stays out of it', async () => {
    const { orderId } = await shipOrder();
    const s = await schedule(orderId);
    expect(s).toMatchObject({ entityType: 'trackingSchedule', orderId, carrierCode: 'CARRIERX', ...keys.trackingDue(orderId, s.dueAt as string) });
    const out = await ddb.send(
      new QueryCommand({
        TableName: stack.tableName,
        IndexName: trackingDueIndex.indexName,
        KeyConditionExpression: '#p = :p AND #s = :s',
        ExpressionAttributeNames: { '#p': trackingDueIndex.partitionKey, '#s': trackingDueIndex.sortKey },
        ExpressionAttributeValues: { ':p': s[trackingDueIndex.partitionKey], ':s': s.dueAt },
      }),
    );
    const entry = out.Items!.find((i) => i.pk === keys.order(orderId).pk)!;
    expect(Object.keys(entry).sort()).toEqual(['dueAt', 'dueShard', 'pk', 'sk']);
  });
});

describe('the dispatcher and the workers', () => {
  it('queues only the due checks, one Query per shard and never a Scan, writing nothing; the workers check them', async () => {
    const base = state.now;
    state.now = base;
    const due = [await shipOrder(), await shipOrder(), await shipOrder()];
    state.now = new Date(base.getTime() + 60 * 60_000);
    const notDue = [await shipOrder(), await shipOrder()];
    const notDueBefore = await Promise.all(notDue.map(async (o) => [await order(o.orderId), await schedule(o.orderId)]));
    // The pending cadence is two hours: at base + 2.5 h the first three are due, the later two not.
    state.now = new Date(base.getTime() + 150 * 60_000);
    const queue = memoryQueue();
    const dispatch = createTrackingRefreshHandler({ clock, settings, queue: () => queue.port }) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
    const { result: summary, commands } = await recording(() => dispatch({}, {}));
    expect(commands).not.toContain('ScanCommand');
    expect(commands.filter((c) => c === 'QueryCommand')).toHaveLength(TRACKING_SHARDS);
    expect(commands.filter((c) => c !== 'QueryCommand')).toEqual([]);
    const mine = queue.messages.filter((m) => [...due, ...notDue].some((o) => o.orderId === m.orderId));
    expect(mine.map((m) => m.orderId).sort()).toEqual(due.map((o) => o.orderId).sort());
    expect(summary).toMatchObject({ queued: queue.messages.length, more: false });

    const worker = createTrackingCheckHandler(registry, { clock, settings });
    const answer = await worker(sqsEvent(mine), context);
    expect(answer).toEqual({ batchItemFailures: [] });
    for (const o of due) {
      const s = await schedule(o.orderId);
      expect(s.lastCheckedAt).toBe(state.now.toISOString());
      expect(Date.parse(s.dueAt as string)).toBeGreaterThan(state.now.getTime());
      expect(s.check).toBeUndefined();
    }
    expect(await Promise.all(notDue.map(async (o) => [await order(o.orderId), await schedule(o.orderId)]))).toEqual(notDueBefore);
  });

  it('a check that finds nothing new writes only the schedule: the order item is untouched', async () => {
    const { orderId } = await shipOrder();
    const tracking = workerOf(registry);
    state.now = new Date(state.now.getTime() + 3 * 3600_000);
    await tracking.checkQueued({ orderId, dueAt: (await schedule(orderId)).dueAt as string });
    const before = await order(orderId);
    // Still pending an hour later (the sandbox picks up later): nothing new to say.
    state.now = new Date(state.now.getTime() + 3 * 3600_000);
    const dueAt = (await schedule(orderId)).dueAt as string;
    const { result, commands } = await recording(() => tracking.checkQueued({ orderId, dueAt }));
    expect(result).toBe('unchanged');
    expect(await order(orderId)).toEqual(before);
    // The read of the order and its schedule, the claim, the completion.
    expect(commands).toEqual(['QueryCommand', 'UpdateItemCommand', 'UpdateItemCommand']);
    expect((await schedule(orderId)).lastCheckedAt).toBe(state.now.toISOString());
  });

  it('a failed check is retried later and leaves the order as it was', async () => {
    const { orderId } = await shipOrder();
    const before = await order(orderId);
    state.now = new Date(state.now.getTime() + 20 * 3600_000);
    const tracking = workerOf(failing);
    expect(await tracking.checkQueued({ orderId, dueAt: (await schedule(orderId)).dueAt as string })).toBe('failed');
    expect(await order(orderId)).toEqual(before);
    const s = await schedule(orderId);
    expect(s.lastCheckedAt).toBeUndefined();
    expect(Date.parse(s.dueAt as string)).toBe(state.now.getTime() + 15 * 60_000);
    expect(s.check).toBeUndefined();
  });

  it('concurrent workers with the same check (queued twice, or by two runs) ask the carrier once', async () => {
    const { orderId, trackingNumber } = await shipOrder();
    state.now = new Date(state.now.getTime() + 3 * 3600_000);
    const dueAt = (await schedule(orderId)).dueAt as string;
    const slow = counting(registry, 100);
    // Ten containers: each its own service, all at once.
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => workerOf(slow.registry).checkQueued({ orderId, dueAt })));
    expect(slow.calls.get(trackingNumber)).toBe(1);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(9);
    // And again later: the messages of the earlier round find the order checked since.
    const again = await workerOf(slow.registry).checkQueued({ orderId, dueAt });
    expect(again).toBe('busy');
    expect(slow.calls.get(trackingNumber)).toBe(1);
  });

  it('GET /track and a worker never check one order at once', async () => {
    const { orderId, trackingNumber } = await shipOrder();
    state.now = new Date(state.now.getTime() + 3 * 3600_000);
    const dueAt = (await schedule(orderId)).dueAt as string;
    const slow = counting(registry, 100);
    const companyId = (await order(orderId)).companyId as string;
    const [worker, reader] = await Promise.all([
      workerOf(slow.registry).checkQueued({ orderId, dueAt }),
      createTrackReader({ registry: slow.registry, logger, ...runtime }).track(companyId, orderId, 'live'),
    ]);
    expect(slow.calls.get(trackingNumber)).toBe(1);
    // Whichever claimed first checked; the other stood back (the worker busy, the reader answering what is stored).
    expect(worker === 'busy' || reader.lastCheckedAt === null).toBe(true);
    expect((await schedule(orderId)).lastCheckedAt).toBe(state.now.toISOString());
  });

  it('an order a crashed worker left is found again once its lease is stale, and checked', async () => {
    const { orderId, trackingNumber } = await shipOrder();
    state.now = new Date(state.now.getTime() + 3 * 3600_000);
    const dueAt = (await schedule(orderId)).dueAt as string;
    // A worker claims the check and dies before it writes.
    await claimCheck(orderId, { token: 'dead-worker', now: state.now, dueAt, staleBefore: new Date(state.now.getTime() - CHECK_LEASE_MS) });
    const seen = counting(registry);
    const tracking = workerOf(seen.registry);
    expect(await tracking.checkQueued({ orderId, dueAt })).toBe('busy');
    expect(seen.calls.get(trackingNumber)).toBeUndefined();

    state.now = new Date(state.now.getTime() + CHECK_LEASE_MS + 1_000);
    const queue = memoryQueue();
    await dispatcherOf(queue.port).dispatchDue();
    const found = queue.messages.find((m) => m.orderId === orderId);
    expect(found).toEqual({ orderId, dueAt });
    expect(await tracking.checkQueued(found!)).not.toBe('busy');
    expect(seen.calls.get(trackingNumber)).toBe(1);
    const s = await schedule(orderId);
    expect(s.check).toBeUndefined();
    expect(s.lastCheckedAt).toBe(state.now.toISOString());
  });

  it('queues nothing while the queue is at its backlog limit, and shares a small room between the shards', async () => {
    for (let i = 0; i < 3; i++) await shipOrder();
    state.now = new Date(state.now.getTime() + 24 * 3600_000);
    const full = memoryQueue(500);
    const service = dispatcherOf;
    expect(await service(full.port).dispatchDue({ backlog: 500 })).toEqual({ queued: 0, backlog: 500, more: true });
    expect(full.messages).toEqual([]);
    const some = memoryQueue();
    const summary = await service(some.port).dispatchDue({ backlog: 1 });
    // One check a shard at most: never more than the shards hold due, and never all when the room is smaller.
    expect(summary.queued).toBeGreaterThanOrEqual(1);
    expect(summary.queued).toBeLessThanOrEqual(TRACKING_SHARDS);
  });

  it('a queue message that is not a check is dropped, not retried', async () => {
    const worker = createTrackingCheckHandler(registry, { clock, settings });
    const event = {
      Records: [
        { messageId: 'x', body: '{"orderId":{"constructor":1}}' },
        { messageId: 'y', body: 'not json' },
      ],
    } as unknown as SQSEvent;
    expect(await worker(event, context)).toEqual({ batchItemFailures: [] });
  });
});

afterAll(() => useQueue('tracking-checks', undefined));
