/**
 * The function list's write prefixes are the writes the functions really make: each
 * HTTP function runs its sample event (events/<name>.json) with a valid key
 * against DynamoDB Local, and every item it created or changed has a
 * partition key within the prefixes its function entry declares, which is
 * all that its IAM grant lets it write on a deployed stage.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScanCommand } from '../../shared/aws/dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, SQSRecord } from 'aws-lambda';
import { httpFunctions } from '../../shared/functions';
import { ddb } from '../../shared/aws/dynamodb-client';
import { PK_PREFIX } from '../../shared/store/keys';
import { putDelivery } from '../../shared/store/webhooks';
import { useDeliveryQueue, type DeliveryMessage } from '../../shared/webhooks/queue';
import { useQueue } from '../../shared/queues';
import type { BatchMessage } from '../../shared/services/batches';
import { createBatchWorkerHandler } from '../../functions/batch-worker/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const root = join(__dirname, '..', '..');

/** Every item of the table as JSON, by `pk sk`. */
const snapshot = async (): Promise<Map<string, string>> => {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: stack.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) items.set(`${String(item.pk)} ${String(item.sk)}`, JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

let apiKey: string;
let companyId: string;
/** What the functions queue (the queue is not the table: its messages are not table writes). */
const queued: DeliveryMessage[] = [];
beforeAll(async () => {
  let company: { companyId: string };
  ({ apiKey, company } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  companyId = company.companyId;
  useDeliveryQueue({ send: async (messages) => void queued.push(...messages) });
  // The batch items' messages, handed to a batch worker where a sample needs an ended batch.
  useQueue<BatchMessage>('batch-items', { send: async (messages) => void batchMessages.push(...messages) });
});
afterAll(() => {
  useDeliveryQueue(undefined);
  useQueue('batch-items', undefined);
});

type Handler = (e: APIGatewayProxyEvent, c: Context) => Promise<APIGatewayProxyResult>;
const handlerOf = async (name: string): Promise<Handler> =>
  ((await import(join(root, httpFunctions().find((f) => f.name === name)!.entry))) as { handler: Handler }).handler;
const sample = (name: string) => JSON.parse(readFileSync(join(root, 'events', `${name}.json`), 'utf8')) as APIGatewayProxyEvent;
const withKey = (event: APIGatewayProxyEvent) => ({
  ...event,
  headers: { ...event.headers, 'X-API-Key': apiKey },
  multiValueHeaders: { ...event.multiValueHeaders, 'X-API-Key': [apiKey] },
});
const answer = async (name: string, event: APIGatewayProxyEvent) =>
  JSON.parse((await (await handlerOf(name))(withKey(event), { awsRequestId: `fences-setup-${name}` } as Context)).body) as { data: Record<string, unknown> };

/** A fresh rate response of this company, made before the measured call. */
const rateResponseId = async () => {
  const event = sample('rate');
  event.body = JSON.stringify(sampleRateBody());
  return ((await answer('rate', event)).data.rates as Array<{ rateResponseId: string }>)[0]!.rateResponseId;
};
/** A fresh order of this company. */
const orderId = async () => {
  const id = await rateResponseId();
  return (await answer('ship', { ...sample('ship'), path: `/v1/ship/${id}`, pathParameters: { rateResponseId: id } })).data.orderId as string;
};

/** A fresh CARRIERX order (a parcel carrier's: it is open to a manifest) and its close's body, shipping tomorrow as the sample rate does. */
const carrierXOrder = async () => {
  const event = sample('rate');
  event.body = JSON.stringify(sampleRateBody());
  const id = ((await answer('rate', event)).data.rates as Array<{ rateResponseId: string; carrier: { code: string } }>).find(
    (r) => r.carrier.code === 'CARRIERX',
  )!.rateResponseId;
  return (await answer('ship', { ...sample('ship'), path: `/v1/ship/${id}`, pathParameters: { rateResponseId: id } })).data.orderId as string;
};
const closeBody = (orderId: string) =>
  JSON.stringify({ carrierCode: 'CARRIERX', orderIds: [orderId], shipDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) });
/** A fresh manifest of this company. */
const manifestId = async () =>
  (await answer('manifests-create', { ...sample('manifests-create'), body: closeBody(await carrierXOrder()) })).data.manifestId as string;

/** The first weekday after today (UTC): the sandbox carriers pick up on weekdays. */
const nextWeekday = () => {
  let day = new Date(Date.now() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
};
/** A pickup body of a fresh CARRIERX order, on a day the sandbox carriers pick up (the sample's day is fixed). */
const pickupBody = async () =>
  JSON.stringify({ carrierCode: 'CARRIERX', pickupDate: nextWeekday(), readyTime: '10:00', closeTime: '16:00', orderIds: [await carrierXOrder()] });
/** A fresh pickup of this company. */
const pickupId = async () => (await answer('pickups-create', { ...sample('pickups-create'), body: await pickupBody() })).data.pickupId as string;

/** A fresh webhook endpoint of this company. */
const webhookId = async () => (await answer('webhooks-create', sample('webhooks-create'))).data.id as string;
/** A fresh endpoint with one delivered delivery. */
const delivered = async () => {
  const id = await webhookId();
  const deliveryId = 'msg_01KAQZ8R00000000000000000A';
  const now = new Date();
  await putDelivery(
    { deliveryId, webhookId: id, companyId, type: 'shipment.created', createdDate: now.toISOString(), body: '{}', attempts: 1, status: 'delivered' },
    now,
  );
  return { webhookId: id, deliveryId };
};

const batchMessages: BatchMessage[] = [];
/** A fresh batch of this company. */
const batchId = async () => (await answer('batches-create', sample('batches-create'))).data.batchId as string;
/** A fresh batch whose one item (a CARRIERX rate) has shipped: the batch has ended, with a label to print. */
const endedBatchId = async () => {
  const body = JSON.stringify({ items: [{ rateResponseId: await rateResponseId() }] });
  const id = (await answer('batches-create', { ...sample('batches-create'), body })).data.batchId as string;
  const worker = createBatchWorkerHandler(createCarrierRegistry(createSandboxTransports({})));
  for (const message of batchMessages.splice(0))
    await worker({ Records: [{ body: JSON.stringify(message), messageId: message.dedupeId } as SQSRecord] }, {} as Context);
  return id;
};

/** The sample events hold placeholder ids; the measured call gets real ones of the caller. */
const prepare: Record<string, (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyEvent>> = {
  // The stored sample's shipping date would leave the accepted window as time passes.
  rate: async (event) => ({ ...event, body: JSON.stringify(sampleRateBody()) }),
  ship: async (event) => {
    const id = await rateResponseId();
    return { ...event, pathParameters: { rateResponseId: id } };
  },
  labels: async (event) => ({ ...event, pathParameters: { orderId: await orderId() } }),
  'label-file': async (event) => ({ ...event, pathParameters: { ...event.pathParameters, orderId: await orderId() } }),
  track: async (event) => ({ ...event, pathParameters: { orderId: await orderId() } }),
  // A parcel order: its cancel takes its open entry (MANIFEST#) before the void.
  cancel: async (event) => ({ ...event, pathParameters: { orderId: await carrierXOrder() } }),
  'manifests-create': async (event) => ({ ...event, body: closeBody(await carrierXOrder()) }),
  'manifest-get': async (event) => ({ ...event, pathParameters: { manifestId: await manifestId() } }),
  'manifest-file': async (event) => ({ ...event, pathParameters: { manifestId: await manifestId(), documentCode: 'MANIFEST_PDF' } }),
  'pickups-create': async (event) => ({ ...event, body: await pickupBody() }),
  'pickups-availability': async (event) => ({ ...event, queryStringParameters: { carrierCode: 'CARRIERX', postalCode: 'M5X1A9', date: nextWeekday() } }),
  'pickup-get': async (event) => ({ ...event, pathParameters: { pickupId: await pickupId() } }),
  'pickup-cancel': async (event) => ({ ...event, pathParameters: { pickupId: await pickupId() } }),
  'webhook-get': async (event) => ({ ...event, pathParameters: { webhookId: await webhookId() } }),
  'webhook-delete': async (event) => ({ ...event, pathParameters: { webhookId: await webhookId() } }),
  'webhook-deliveries': async (event) => ({ ...event, pathParameters: { webhookId: await webhookId() } }),
  'webhook-retry': async (event) => ({ ...event, pathParameters: await delivered() }),
  'batch-get': async (event) => ({ ...event, pathParameters: { batchId: await batchId() } }),
  'batch-items': async (event) => ({ ...event, pathParameters: { batchId: await batchId() } }),
  'batch-cancel': async (event) => ({ ...event, pathParameters: { batchId: await batchId() } }),
  'batch-labels': async (event) => ({ ...event, pathParameters: { batchId: await endedBatchId(), format: 'PDF' } }),
};

/**
 * Prefixes written only for a live carrier, which the sandbox samples do not
 * reach: the ship's tracking-number pointer of a carrier that pushes tracking
 * (UPS; test/integration/ups-track-alert.test.ts sees the ship write it), and
 * the address validation cache, which keeps carriers' answers only (no
 * sandbox carrier validates addresses; test/integration/address-validation.test.ts
 * sees it written).
 */
const LIVE_CARRIER_ONLY: Record<string, readonly string[]> = {
  ship: [PK_PREFIX.trackingNumber],
  'addresses-validate': [PK_PREFIX.addressValidation],
  rate: [PK_PREFIX.addressValidation],
};

describe.each(httpFunctions().map((f) => [f.name, f] as const))('%s', (name, f) => {
  it(`writes only items under ${f.access.writes.join(', ') || 'no prefix'}`, async () => {
    const event = withKey(await (prepare[name] ?? (async (e) => e))(sample(name)));
    const handler = await handlerOf(name);

    const before = await snapshot();
    const response = await handler(event, { awsRequestId: `fences-${name}` } as Context);
    // 302: the label file's redirect; 201 a new webhook endpoint; 202 a retry accepted.
    expect([200, 201, 202, 302]).toContain(response.statusCode);
    const after = await snapshot();

    const written = [...after].filter(([key, item]) => before.get(key) !== item).map(([key]) => key.split(' ')[0]!);
    const removed = [...before.keys()].filter((key) => !after.has(key)).map((key) => key.split(' ')[0]!);
    const outside = [...written, ...removed].filter((pk) => !f.access.writes.some((prefix) => pk.startsWith(prefix)));
    expect(outside).toEqual([]);
    // The sample events exercise the writes: a declared prefix that is never written would be a grant nobody needs.
    // A delete is a write too (the cancel only deletes its order's open entry under MANIFEST#).
    for (const prefix of f.access.writes.filter((p) => !LIVE_CARRIER_ONLY[name]?.includes(p)))
      expect([...written, ...removed].some((pk) => pk.startsWith(prefix))).toBe(true);
  });
});
