/**
 * Batches against DynamoDB Local (docs/batches.md): the real handlers, store
 * and sandbox carriers, the batch-items queue captured in memory and handed
 * to batch worker instances as SQS events. Each item ships exactly once
 * across redeliveries, duplicate messages and separate worker instances; a
 * worker that died holding an item's lease leaves it to the next delivery
 * once the lease is stale; a carrier failing some items ends the batch
 * `completed_with_errors`, naming each; 20 concurrent posts of one reference
 * make one batch; another company gets 404.
 */
import type { APIGatewayProxyEvent, Context, SQSEvent } from 'aws-lambda';
import { createBatchesCreateHandler } from '../../functions/batches-create/handler';
import { handler as batchGet } from '../../functions/batch-get/handler';
import { handler as batchItems } from '../../functions/batch-items/handler';
import { handler as batchCancel } from '../../functions/batch-cancel/handler';
import { createBatchWorkerHandler } from '../../functions/batch-worker/handler';
import { createBatchLabelsHandler } from '../../functions/batch-labels/handler';
import { writeBatchLabelFile } from '../../shared/labels/batch-file';
import type { BatchLabelWriter } from '../../shared/services/batch-labels';
import { createRateHandler } from '../../functions/rate/handler';
import { createManifestsCreateHandler } from '../../functions/manifests-create/handler';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { compileEventFilter } from '../../local/event-filter';
import { batchCompletions } from '../../shared/functions';
import { logger } from '../../shared/observability';
import { createWebhookDeliveryService } from '../../shared/services/webhook-delivery';
import { createWebhookRegistration } from '../../shared/services/webhook-registration';
import { keys } from '../../shared/store/keys';
import { getItem } from '../../shared/store/table-ops';
import { latestDeliveries } from '../../shared/store/webhooks';
import { useDeliveryQueue } from '../../shared/webhooks/queue';
import * as z from '../../shared/zod';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { SandboxFaults } from '../../shared/carriers/sandbox/faults';
import { MAX_BATCH_ITEMS } from '../../shared/domain/batch';
import { useQueue } from '../../shared/queues';
import type { BatchMessage } from '../../shared/services/batches';
import { claimItem } from '../../shared/store/batches';
import { getOrder, getShipState } from '../../shared/store/orders';
import { sampleRateBody } from '../support/rate-body';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

type Item = {
  index: number;
  status: string;
  reference: string | null;
  rateResponseId: string;
  orderId: string;
  trackingNumber: string;
  error: { code: string; message: string };
};
type Json = { data?: Record<string, unknown> & { items?: Item[]; nextCursor?: string | null; batchId?: string }; error?: { code: string; message: string } };

const rateHandler = createRateHandler(createCarrierRegistry(createSandboxTransports({})));
const createHandler = createBatchesCreateHandler();

/** The batch-items queue: every message sent, in order. */
let sent: BatchMessage[] = [];
beforeEach(() => {
  sent = [];
  useQueue<BatchMessage>('batch-items', { send: async (messages) => void sent.push(...messages) });
});
afterAll(() => useQueue('batch-items', undefined));

let apiKey: string;
let companyId: string;
let otherKey: string;
beforeAll(async () => {
  ({
    apiKey,
    company: { companyId },
  } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  ({ apiKey: otherKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});

const call = (handler: Handler, e: APIGatewayProxyEvent) => callHandler<Json>(handler, e);
const post = (body: unknown, key = apiKey) => call(createHandler, proxyEvent({ method: 'POST', path: '/v1/batches', key, body }));
const get = (batchId: string, key = apiKey) => call(batchGet, proxyEvent({ method: 'GET', path: `/v1/batches/${batchId}`, key, pathParameters: { batchId } }));
const items = async (batchId: string, key = apiKey) => {
  const all: Item[] = [];
  let cursor: string | null = null;
  do {
    const e = proxyEvent({ method: 'GET', path: `/v1/batches/${batchId}/items`, key, pathParameters: { batchId } });
    if (cursor) e.queryStringParameters = { cursor };
    const res = await call(batchItems, e);
    expect(res.status).toBe(200);
    all.push(...res.json.data!.items!);
    cursor = res.json.data!.nextCursor ?? null;
  } while (cursor);
  return all;
};

/** Rates of one sample body, `carrier`'s first. */
const rateOf = async (carrier = 'CARRIERX', key = apiKey): Promise<string> => {
  const res = await call(rateHandler, proxyEvent({ method: 'POST', path: '/v1/rate', key, body: sampleRateBody() }));
  expect(res.status).toBe(200);
  return (res.json.data!.rates as Array<{ rateResponseId: string; carrier: { code: string } }>).find((r) => r.carrier.code === carrier)!.rateResponseId;
};

/** A batch worker as one container would have it: its own registry and module state. */
const worker = (faults: SandboxFaults = {}, options: Parameters<typeof createBatchWorkerHandler>[1] = {}) =>
  createBatchWorkerHandler(createCarrierRegistry(createSandboxTransports({ faults })), options);

const sqsEvent = (message: BatchMessage): SQSEvent => ({
  Records: [
    {
      messageId: message.dedupeId,
      receiptHandle: 'r',
      body: JSON.stringify(message),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'test', ApproximateFirstReceiveTimestamp: '0' },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:batch-items.fifo',
      awsRegion: 'us-east-1',
    },
  ],
});

/** Hands `message` to `handler`; true when it failed (the queue would hand it again: a failure reported, or the whole batch failed). */
const deliver = async (handler: ReturnType<typeof worker>, message: BatchMessage): Promise<boolean> => {
  try {
    return (await handler(sqsEvent(message), {} as Context)).batchItemFailures.length > 0;
  } catch {
    return true;
  }
};

describe('POST /v1/batches', () => {
  it('queues the items at once, then the worker ships each: real orders, in order, and the batch completes', async () => {
    const ids = [await rateOf(), await rateOf('CARRIERY')];
    const res = await post({
      items: [
        { rateResponseId: ids[0], reference: 'first' },
        { rate: sampleRateBody(), select: { carrier: 'CARRIERX', rule: 'cheapest' } },
        { rateResponseId: ids[1] },
      ],
      reference: 'day-1',
    });
    expect(res.status).toBe(202);
    expect(res.json.data).toMatchObject({ status: 'queued', reference: 'day-1', counts: { total: 3, shipped: 0, failed: 0, cancelled: 0, pending: 3 } });
    const batchId = String(res.json.data!.batchId);
    expect(sent.map((m) => m.index)).toEqual([0, 1, 2]);
    expect((await items(batchId)).map((i) => i.status)).toEqual(['pending', 'pending', 'pending']);

    const handler = worker();
    for (const message of sent) expect(await deliver(handler, message)).toBe(false);

    const done = await get(batchId);
    expect(done.json.data).toMatchObject({
      status: 'completed',
      counts: { total: 3, shipped: 3, failed: 0, cancelled: 0, pending: 0 },
      completedDate: expect.any(String),
    });
    const listed = await items(batchId);
    expect(listed.map((i) => [i.index, i.status, i.reference])).toEqual([
      [0, 'shipped', 'first'],
      [1, 'shipped', null],
      [2, 'shipped', null],
    ]);
    for (const item of listed) {
      const order = await getOrder(String(item.orderId));
      expect(order?.order).toMatchObject({ companyId, rateResponseId: item.rateResponseId, trackingNumber: item.trackingNumber });
    }
    expect(listed[0]!.rateResponseId).toBe(ids[0]);
  });

  it('ships each item once when every message is delivered twice, to two workers at once, and again after', async () => {
    const ids = await Promise.all([rateOf(), rateOf(), rateOf()]);
    const res = await post({ items: [...ids.map((rateResponseId) => ({ rateResponseId })), { rate: sampleRateBody(), select: { rule: 'fastest' } }] });
    const batchId = String(res.json.data!.batchId);
    const [a, b] = [worker(), worker()];
    // Two workers at once: one holds an item, the other finds it held (handed again later) or done.
    await Promise.all(sent.flatMap((m) => [deliver(a, m), deliver(b, m)]));
    for (const message of sent) expect(await deliver(worker(), message)).toBe(false);

    const listed = await items(batchId);
    expect(listed.every((i) => i.status === 'shipped')).toBe(true);
    expect(new Set(listed.map((i) => i.orderId)).size).toBe(4);
    // Each rate has the one order the item names: no second ship of it.
    for (const item of listed) expect((await getShipState(String(item.rateResponseId)))?.orderId).toBe(item.orderId);
    expect((await get(batchId)).json.data).toMatchObject({ status: 'completed', counts: { shipped: 4, pending: 0 } });
  });

  it('an item whose worker died holding its lease waits for the lease to go stale, then ships once', async () => {
    const id = await rateOf();
    const res = await post({ items: [{ rateResponseId: id }] });
    const batchId = String(res.json.data!.batchId);
    const dead = new Date();
    await claimItem(companyId, batchId, 0, 'dead-worker', dead, new Date(0));
    expect(await deliver(worker(), sent[0]!)).toBe(true);
    expect((await items(batchId))[0]).toMatchObject({ status: 'pending', orderId: null });
    const later = () => new Date(dead.getTime() + 61_000);
    expect(await deliver(worker({}, { clock: later }), sent[0]!)).toBe(false);
    expect((await items(batchId))[0]).toMatchObject({ status: 'shipped', orderId: expect.any(String) });
  });

  it('a worker that dies after the carrier shipped leaves the item to the next delivery, which adopts that shipment', async () => {
    const id = await rateOf();
    const res = await post({ items: [{ rateResponseId: id }] });
    const batchId = String(res.json.data!.batchId);
    const crash = worker(
      {},
      {
        afterCarrierShip: () => {
          throw new Error('killed after the carrier shipped');
        },
      },
    );
    expect(await deliver(crash, sent[0]!)).toBe(true);
    expect((await getShipState(id))?.orderId).toBeUndefined();
    // The ship claim the dead ship left goes stale (SHIP_CLAIM_STALE_SECONDS); the next delivery takes it over.
    expect(await deliver(worker({}, { clock: () => new Date(Date.now() + 61_000) }), sent[0]!)).toBe(false);
    const [item] = await items(batchId);
    expect(item).toMatchObject({ status: 'shipped' });
    expect((await getShipState(id))?.orderId).toBe(item!.orderId);
  });

  it('a carrier failing some items ends the batch completed_with_errors, naming each failed item; the shipped ones stay', async () => {
    const x = await Promise.all(Array.from({ length: 9 }, () => rateOf('CARRIERX')));
    const y = await rateOf('CARRIERY');
    const res = await post({ items: [...x.slice(0, 4), y, ...x.slice(4)].map((rateResponseId) => ({ rateResponseId })) });
    const batchId = String(res.json.data!.batchId);
    const handler = worker({ CARRIERY: { error: 'http500' } });
    for (const message of sent) expect(await deliver(handler, message)).toBe(false);
    expect((await get(batchId)).json.data).toMatchObject({ status: 'completed_with_errors', counts: { total: 10, shipped: 9, failed: 1, pending: 0 } });
    const listed = await items(batchId);
    expect(listed.filter((i) => i.status === 'failed').map((i) => [i.index, i.error.code])).toEqual([[4, 'CARRIER_ERROR']]);
    expect(listed[4]!.error.message).toContain('CARRIERY');
    expect(listed.filter((i) => i.status === 'shipped')).toHaveLength(9);
  });

  it('a batch none of whose items shipped has no label file: 404 saying so, nothing rendered', async () => {
    const res = await post({ items: [{ rateResponseId: await rateOf('CARRIERY') }] });
    const batchId = String(res.json.data!.batchId);
    const handler = worker({ CARRIERY: { error: 'http500' } });
    for (const message of sent) expect(await deliver(handler, message)).toBe(false);
    expect((await get(batchId)).json.data).toMatchObject({ status: 'completed_with_errors', counts: { shipped: 0, failed: 1 } });
    let renders = 0;
    const labels = createBatchLabelsHandler(async (format, docs, write) => {
      renders += 1;
      return writeBatchLabelFile(format, docs, write);
    });
    const answer = await call(
      labels,
      proxyEvent({ method: 'GET', path: `/v1/batches/${batchId}/labels/PDF`, key: apiKey, pathParameters: { batchId, format: 'PDF' } }),
    );
    expect([answer.status, answer.json.error?.code, answer.json.error?.message]).toEqual([
      404,
      'NOT_FOUND',
      'no item of this batch shipped: it has no label file',
    ]);
    expect(renders).toBe(0);
  });

  it('20 concurrent posts of one reference make one batch, its items queued once each', async () => {
    const id = await rateOf();
    const body = { items: [{ rateResponseId: id }], reference: 'concurrent' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(new Set(answers.map((a) => a.json.data!.batchId)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(new Set(sent.map((m) => m.dedupeId)).size).toBe(1);
  });

  it('cancel: items not yet started end cancelled, not failed, and nothing ships', async () => {
    const ids = await Promise.all([rateOf(), rateOf()]);
    const res = await post({ items: ids.map((rateResponseId) => ({ rateResponseId })) });
    const batchId = String(res.json.data!.batchId);
    const cancelled = await call(batchCancel, proxyEvent({ method: 'POST', path: `/v1/batches/${batchId}/cancel`, key: apiKey, pathParameters: { batchId } }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled' });
    const handler = worker();
    for (const message of sent) expect(await deliver(handler, message)).toBe(false);
    expect((await get(batchId)).json.data).toMatchObject({
      status: 'cancelled',
      counts: { cancelled: 2, failed: 0, shipped: 0, pending: 0 },
      completedDate: expect.any(String),
    });
    for (const id of ids) expect((await getShipState(id))?.orderId).toBeUndefined();
  });

  it("another company's batch is 404 on every route", async () => {
    const res = await post({ items: [{ rateResponseId: await rateOf() }] });
    const batchId = String(res.json.data!.batchId);
    expect((await get(batchId, otherKey)).status).toBe(404);
    const listed = await call(batchItems, proxyEvent({ method: 'GET', path: `/v1/batches/${batchId}/items`, key: otherKey, pathParameters: { batchId } }));
    expect(listed.status).toBe(404);
    const cancel = await call(batchCancel, proxyEvent({ method: 'POST', path: `/v1/batches/${batchId}/cancel`, key: otherKey, pathParameters: { batchId } }));
    expect(cancel.status).toBe(404);
    expect((await get(batchId)).json.data).toMatchObject({ status: 'queued' });
  });

  it('refuses 1,001 items naming the limit, and takes a body above the API-wide 128 KiB', async () => {
    const many = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => ({ rateResponseId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    const refused = await post({ items: many });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(`at most ${MAX_BATCH_ITEMS}`) });
    expect(sent).toHaveLength(0);
    const large = { items: Array.from({ length: 300 }, () => ({ rate: sampleRateBody(), select: {} })) };
    expect(JSON.stringify(large).length).toBeGreaterThan(128 * 1024);
    const accepted = await post(large);
    expect(accepted.status).toBe(202);
    expect(sent).toHaveLength(300);
  });

  it('labels: 409 until the batch ends, then one file of every shipped label in item order, made once (202 meanwhile) and then served from storage', async () => {
    const ids = await Promise.all([rateOf(), rateOf('CARRIERY'), rateOf()]);
    const res = await post({ items: ids.map((rateResponseId) => ({ rateResponseId })) });
    const batchId = String(res.json.data!.batchId);
    const documents: string[][] = [];
    let renders = 0;
    const counting: BatchLabelWriter = async (format, docs, write) => {
      renders += 1;
      const seen: string[] = [];
      documents.push(seen);
      async function* tap() {
        for await (const document of docs) {
          seen.push(document.orderId);
          yield document;
        }
      }
      return writeBatchLabelFile(format, tap(), write);
    };
    const labels = (format: string, handler = createBatchLabelsHandler(counting)) =>
      call(handler, proxyEvent({ method: 'GET', path: `/v1/batches/${batchId}/labels/${format}`, key: apiKey, pathParameters: { batchId, format } }));
    const early = await labels('PDF');
    expect(early.status).toBe(409);
    expect(early.json.error?.code).toBe('BATCH_IN_PROGRESS');
    const handler = worker({ CARRIERY: { error: 'http500' } });
    for (const message of sent) expect(await deliver(handler, message)).toBe(false);

    // Two at once: one makes the file (302), the other is told it is being made (202) or finds it made (302).
    const both = await Promise.all([labels('PDF'), labels('PDF', createBatchLabelsHandler(counting))]);
    const first = both.find((answer) => answer.status === 302)!;
    expect(both.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([302]));
    expect(both.every((answer) => answer.status === 302 || (answer.status === 202 && answer.json.data?.status === 'rendering'))).toBe(true);
    const file = await fetch(String(first.headers.location ?? first.headers.Location));
    const pdf = Buffer.from(await file.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(renders).toBe(1);
    const listed = await items(batchId);
    // The failed item (index 1) has no label; the others in item order.
    expect(documents[0]).toEqual([listed[0]!.orderId, listed[2]!.orderId]);
    expect((await labels('PDF')).status).toBe(302);
    expect(renders).toBe(1);
    const zpl = await labels('ZPL');
    expect(zpl.status).toBe(302);
    const text = await (await fetch(String(zpl.headers.location ?? zpl.headers.Location))).text();
    expect(text.match(/\^XA/g)).toHaveLength(2);
    expect((await labels('PDF', createBatchLabelsHandler(counting))).status).toBe(302);
    expect(renders).toBe(2);
  });

  it('a close with the batch id manifests its shipped orders of that carrier, and only those', async () => {
    const ids = [await rateOf(), await rateOf('CARRIERY'), await rateOf(), await rateOf()];
    const res = await post({ items: ids.map((rateResponseId) => ({ rateResponseId })) });
    const batchId = String(res.json.data!.batchId);
    const handler = worker();
    for (const message of sent) expect(await deliver(handler, message)).toBe(false);
    const listed = await items(batchId);
    const shipDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const close = (body: unknown, key = apiKey) => call(createManifestsCreateHandler(), proxyEvent({ method: 'POST', path: '/v1/manifests', key, body }));
    expect((await close({ carrierCode: 'CARRIERX', shipDate, batchId }, otherKey)).status).toBe(404);
    const closed = await close({ carrierCode: 'CARRIERX', shipDate, batchId });
    expect(closed.status).toBe(201);
    expect(closed.json.data!.orders).toEqual([listed[0]!.orderId, listed[2]!.orderId, listed[3]!.orderId]);
    const both = await close({ carrierCode: 'CARRIERX', shipDate, batchId, orderIds: [listed[0]!.orderId] });
    expect(both.status).toBe(400);
  });

  it('admin batch list prints the company’s batches with their counts, newest first', async () => {
    const { company } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    const none = await executeAdminCommand(parseAdminCommand(['batch', 'list', '--company', company.companyId]));
    expect(none).toEqual([]);
    const res = await post({ items: [{ rateResponseId: await rateOf() }, { rateResponseId: await rateOf() }], reference: 'admin-list' });
    const batchId = String(res.json.data!.batchId);
    await deliver(worker(), sent[0]!);
    const listed = (await executeAdminCommand(parseAdminCommand(['batch', 'list', '--company', companyId]))) as Array<Record<string, unknown>>;
    expect(listed[0]).toMatchObject({ batchId, reference: 'admin-list', status: 'processing', counts: { total: 2, shipped: 1, pending: 1 } });
  });

  it('batch.completed: the end of a batch, and only it, makes one delivery per subscribed endpoint, with the batch as data', async () => {
    const local = { allowHttp: true, allowPrivate: true };
    const endpoint = await createWebhookRegistration({ policy: local }).create(companyId, { url: 'http://127.0.0.1:9/hook', events: ['batch.completed'] });
    useDeliveryQueue({ send: async () => undefined });
    try {
      const res = await post({ items: [{ rateResponseId: await rateOf() }] });
      const batchId = String(res.json.data!.batchId);
      const before = await getItem(keys.batch(companyId, batchId), z.looseObject({}), true);
      for (const message of sent) expect(await deliver(worker(), message)).toBe(false);
      const after = await getItem(keys.batch(companyId, batchId), z.looseObject({}), true);
      const record = (sequence: string, oldImage: unknown, newImage: unknown): DynamoDBRecord => ({
        eventID: `e-${sequence}`,
        eventName: 'MODIFY',
        dynamodb: {
          Keys: marshall(keys.batch(companyId, batchId)) as never,
          SequenceNumber: sequence,
          OldImage: marshall(oldImage, { removeUndefinedValues: true }) as never,
          NewImage: marshall(newImage, { removeUndefinedValues: true }) as never,
        },
      });
      const ended = record('900', before, after);
      const passes = compileEventFilter(batchCompletions());
      expect(passes(ended)).toBe(true);
      expect(passes(record('901', after, after))).toBe(false);
      const events = createWebhookDeliveryService({ logger, policy: local, schedule: [1] });
      expect(await events.handleStreamRecord(ended)).toBe(1);
      expect(await events.handleStreamRecord(ended)).toBe(0);
      const [delivery] = await latestDeliveries(companyId, endpoint.id, 10);
      expect(delivery).toMatchObject({ type: 'batch.completed' });
      expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'batch.completed', data: { batchId, status: 'completed', counts: { shipped: 1 } } });
    } finally {
      useDeliveryQueue(undefined);
    }
  });
});
