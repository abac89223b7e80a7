/**
 * Property of the suite: fifty concurrent requests of every HTTP endpoint of
 * the function list at one resource (one rate response, one order), mixed with the
 * operator's `shipment advance` and a tracking worker's check, never answer 5xx
 * and leave one consistent state. The requests go through the real handlers
 * of two "containers" (each function's module loaded twice, so no cache or
 * lock in memory is shared) against one table on DynamoDB Local.
 *
 * A function added to the function list fails the first test until it has a
 * recipe here: every endpoint gets the property.
 */
import path from 'node:path';
import { GetCommand, QueryCommand } from '../../shared/aws/dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { httpFunctions } from '../../shared/functions';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys } from '../../shared/store/keys';
import { trackingDueIndex } from '../../shared/store/table';
import { getSchedule } from '../../shared/store/tracking-schedule';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const CONCURRENCY = 50;
const CONTAINERS = 2;

type Resource = { apiKey: string; rateResponseId: string; orderId: string; webhookId: string };

/** The request each HTTP function gets at the shared resource. */
const RECIPES: Record<string, (r: Resource) => Parameters<typeof proxyEvent>[0]> = {
  'packaging-types': (r) => ({ method: 'GET', path: '/v1/packaging-types', key: r.apiKey }),
  carriers: (r) => ({ method: 'GET', path: '/v1/carriers', key: r.apiKey }),
  'carrier-services': (r) => ({ method: 'GET', path: '/v1/carrier-services', key: r.apiKey }),
  rate: (r) => ({ method: 'POST', path: '/v1/rate', key: r.apiKey, body: sampleRateBody() }),
  ship: (r) => ({ method: 'POST', path: `/v1/ship/${r.rateResponseId}`, key: r.apiKey, pathParameters: { rateResponseId: r.rateResponseId }, body: {} }),
  labels: (r) => ({ method: 'GET', path: `/v1/labels/${r.orderId}`, key: r.apiKey, pathParameters: { orderId: r.orderId } }),
  'label-file': (r) => ({
    method: 'GET',
    path: `/v1/labels/${r.orderId}/SHIPPING_LABEL_PDF`,
    key: r.apiKey,
    pathParameters: { orderId: r.orderId, labelType: 'SHIPPING_LABEL_PDF' },
  }),
  track: (r) => ({ method: 'GET', path: `/v1/track/${r.orderId}`, key: r.apiKey, pathParameters: { orderId: r.orderId } }),
  cancel: (r) => ({ method: 'DELETE', path: `/v1/shipments/${r.orderId}`, key: r.apiKey, pathParameters: { orderId: r.orderId } }),
  // The webhook endpoints at one endpoint of the company (fifty creates race the limit of 10 endpoints).
  'webhooks-create': (r) => ({ method: 'POST', path: '/v1/webhooks', key: r.apiKey, body: { url: 'http://127.0.0.1:9/hooks' } }),
  'webhooks-list': (r) => ({ method: 'GET', path: '/v1/webhooks', key: r.apiKey }),
  'webhook-get': (r) => ({ method: 'GET', path: `/v1/webhooks/${r.webhookId}`, key: r.apiKey, pathParameters: { webhookId: r.webhookId } }),
  'webhook-deliveries': (r) => ({ method: 'GET', path: `/v1/webhooks/${r.webhookId}/deliveries`, key: r.apiKey, pathParameters: { webhookId: r.webhookId } }),
  'webhook-retry': (r) => ({
    method: 'POST',
    path: `/v1/webhooks/${r.webhookId}/deliveries/msg_00000000000000000000000000/retry`,
    key: r.apiKey,
    pathParameters: { webhookId: r.webhookId, deliveryId: 'msg_00000000000000000000000000' },
  }),
  'webhook-delete': (r) => ({ method: 'DELETE', path: `/v1/webhooks/${r.webhookId}`, key: r.apiKey, pathParameters: { webhookId: r.webhookId } }),
  // The day's close of the order's carrier races its cancel: the order ends on a manifest or cancelled, never both.
  'manifests-create': (r) => ({
    method: 'POST',
    path: '/v1/manifests',
    key: r.apiKey,
    body: { carrierCode: 'CARRIERX', orderIds: [r.orderId], shipDate: tomorrow() },
  }),
  'manifests-list': (r) => ({ method: 'GET', path: '/v1/manifests', key: r.apiKey }),
  // The order's id is no manifest's: a 404 read under the load.
  'manifest-get': (r) => ({ method: 'GET', path: `/v1/manifests/${r.orderId}`, key: r.apiKey, pathParameters: { manifestId: r.orderId } }),
  'manifest-file': (r) => ({
    method: 'GET',
    path: `/v1/manifests/${r.orderId}/MANIFEST_PDF`,
    key: r.apiKey,
    pathParameters: { manifestId: r.orderId, documentCode: 'MANIFEST_PDF' },
  }),
  // A pickup of the order races its cancel (a cancelled order is 400) and the identical creates race each other: one booking.
  'pickups-create': (r) => ({
    method: 'POST',
    path: '/v1/pickups',
    key: r.apiKey,
    body: { carrierCode: 'CARRIERX', pickupDate: nextWeekday(), readyTime: '10:00', closeTime: '16:00', orderIds: [r.orderId] },
  }),
  'pickups-availability': (r) => ({ method: 'GET', path: '/v1/pickups/availability', key: r.apiKey }),
  'pickups-list': (r) => ({ method: 'GET', path: '/v1/pickups', key: r.apiKey }),
  // The order's id is no pickup's: 404 reads and cancels under the load.
  'pickup-get': (r) => ({ method: 'GET', path: `/v1/pickups/${r.orderId}`, key: r.apiKey, pathParameters: { pickupId: r.orderId } }),
  'pickup-cancel': (r) => ({ method: 'DELETE', path: `/v1/pickups/${r.orderId}`, key: r.apiKey, pathParameters: { pickupId: r.orderId } }),
  // The rate's recipient: validated by the built-in rules, no write.
  'addresses-validate': (r) => ({ method: 'POST', path: '/v1/addresses/validate', key: r.apiKey, body: { addresses: [sampleRateBody().recipient] } }),
  // Fifty posts of one reference at the rate: one batch (its message goes to the container's queue, which keeps nothing).
  'batches-create': (r) => ({
    method: 'POST',
    path: '/v1/batches',
    key: r.apiKey,
    body: { items: [{ rateResponseId: r.rateResponseId }], reference: 'concurrency' },
  }),
  // The order's id is no batch's: 404 reads and a 404 cancel under the load.
  'batch-get': (r) => ({ method: 'GET', path: `/v1/batches/${r.orderId}`, key: r.apiKey, pathParameters: { batchId: r.orderId } }),
  'batch-items': (r) => ({ method: 'GET', path: `/v1/batches/${r.orderId}/items`, key: r.apiKey, pathParameters: { batchId: r.orderId } }),
  'batch-cancel': (r) => ({ method: 'POST', path: `/v1/batches/${r.orderId}/cancel`, key: r.apiKey, pathParameters: { batchId: r.orderId } }),
  'batch-labels': (r) => ({
    method: 'GET',
    path: `/v1/batches/${r.orderId}/labels/PDF`,
    key: r.apiKey,
    pathParameters: { batchId: r.orderId, format: 'PDF' },
  }),
};

/** The sample rate body ships tomorrow or later; a close of that day takes it. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** carrier-services needs its query; the recipes above leave it to this. */
/** The first weekday after today (UTC): the sandbox carriers pick up on weekdays. */
const nextWeekday = () => {
  let day = new Date(Date.now() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
};

const withQuery = (name: string, event: APIGatewayProxyEvent): APIGatewayProxyEvent =>
  name === 'carrier-services'
    ? { ...event, queryStringParameters: { carrierCode: 'CARRIERX' } }
    : name === 'pickups-availability'
      ? { ...event, queryStringParameters: { carrierCode: 'CARRIERX', postalCode: 'M5X 1A9', date: nextWeekday() } }
      : event;

const root = path.resolve(__dirname, '../..');
type Container = {
  handlers: Map<string, Handler>;
  /** The operator's advance and a tracking worker of the container. */
  tracking: {
    advance: import('../../shared/services/tracking/advance').OperatorAdvance['advance'];
    checkQueued: import('../../shared/services/tracking/check').TrackingWorker['checkQueued'];
  };
};

/** One container: every module loaded afresh, so nothing in memory is shared with another. */
const loadContainer = (): Container => {
  let container: Container | undefined;
  jest.isolateModules(() => {
    const handlers = new Map<string, Handler>();
    for (const f of httpFunctions()) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- modules loaded per container by the function list's entry
      handlers.set(f.name, (require(path.join(root, f.entry)) as { handler: Handler }).handler);
    }
    /* eslint-disable @typescript-eslint/no-require-imports -- the same container's registry and logger */
    const { createOperatorAdvance } = require('../../shared/services/tracking/advance') as typeof import('../../shared/services/tracking/advance');
    const { createTrackingWorker } = require('../../shared/services/tracking/check') as typeof import('../../shared/services/tracking/check');
    const { processRuntime } = require('../../shared/process-runtime') as typeof import('../../shared/process-runtime');
    const { defaultRegistry } = require('../../shared/carriers/registry') as typeof import('../../shared/carriers/registry');
    const { logger } = require('../../shared/observability/logger') as typeof import('../../shared/observability/logger');
    /* eslint-enable @typescript-eslint/no-require-imports */
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the container's own queue port
    (require('../../shared/queues') as typeof import('../../shared/queues')).useQueue('batch-items', { send: async () => undefined });
    const { advance } = createOperatorAdvance(processRuntime);
    const { checkQueued } = createTrackingWorker({ registry: defaultRegistry, logger, ...processRuntime });
    container = { handlers, tracking: { advance, checkQueued } };
  });
  return container!;
};

let containers: Container[];
let apiKey: string;
let webhookId: string;
beforeAll(async () => {
  containers = Array.from({ length: CONTAINERS }, loadContainer);
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  const created = await send(0, 'webhooks-create', { apiKey, rateResponseId: '', orderId: '', webhookId: '' });
  expect(created.status).toBe(201);
  webhookId = (created.json.data as unknown as { id: string }).id;
}, 60_000);

const send = (i: number, name: string, resource: Resource) => {
  const handler = containers[i % CONTAINERS]!.handlers.get(name)!;
  return callHandler<{ data?: { orderId?: string; status?: string; transitStatus?: string; cancelledAt?: string }; error?: { code: string } }>(
    handler,
    withQuery(name, proxyEvent(RECIPES[name]!(resource))),
  );
};

const rateOnce = async (): Promise<string> => {
  const rated = await send(0, 'rate', { apiKey, rateResponseId: '', orderId: '', webhookId: '' });
  const rates = (rated.json.data as unknown as { rates: Array<{ rateResponseId: string; carrier: { code: string } }> }).rates;
  return rates.find((r) => r.carrier.code === 'CARRIERX')!.rateResponseId;
};

const fivexx = (answers: Array<{ status: number; json: unknown }>, label: string) =>
  answers.filter((a) => a.status >= 500).map((a) => `${label}: ${a.status} ${JSON.stringify(a.json)}`);

it('every HTTP function of the function list has a recipe here', () => {
  expect(
    httpFunctions()
      .map((f) => f.name)
      .filter((name) => !RECIPES[name]),
  ).toEqual([]);
});

it(`${CONCURRENCY} concurrent ships of one rate response make one order, never a 5xx`, async () => {
  const rateResponseId = await rateOnce();
  const answers = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => send(i, 'ship', { apiKey, rateResponseId, orderId: '', webhookId: '' })));
  expect(fivexx(answers, 'ship')).toEqual([]);
  const shipped = answers.filter((a) => a.status === 200);
  expect(shipped.length).toBeGreaterThan(0);
  expect(new Set(shipped.map((a) => a.json.data!.orderId)).size).toBe(1);
  for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, json: { error: { code: 'SHIPMENT_IN_PROGRESS' } } });
  const state = await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.rateResponse(rateResponseId), ConsistentRead: true }));
  expect(state.Item!.orderId).toBe(shipped[0]!.json.data!.orderId);
}, 60_000);

it.each([...Object.keys(RECIPES).map((name) => [name, [name]] as const), ['every kind at once, with advance and the refresh', Object.keys(RECIPES)] as const])(
  `${CONCURRENCY} concurrent requests of %s on one order never answer 5xx and leave one consistent state`,
  async (_label, names) => {
    const rateResponseId = await rateOnce();
    const first = await send(0, 'ship', { apiKey, rateResponseId, orderId: '', webhookId: '' });
    expect(first.status).toBe(200);
    const orderId = first.json.data!.orderId!;
    const resource = { apiKey, rateResponseId, orderId, webhookId };
    const mixed = names.length > 1;

    const calls: Array<Promise<{ label: string; status: number; json: { data?: { status?: string; cancelledAt?: string }; error?: { code: string } } }>> = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      // Fifty in all: one endpoint fifty times, or every kind in turn.
      const name = names[i % names.length]!;
      calls.push(send(i, name, resource).then((a) => ({ label: name, ...a })));
      if (mixed && i % 5 === 0) {
        const { tracking } = containers[i % CONTAINERS]!;
        // The operator and the scheduled refresh race the requests; a refused advance (the order moved on or was cancelled) is not a 5xx.
        calls.push(
          tracking.advance(orderId, i % 2 === 0 ? 'intransit' : 'exception').then(
            () => ({ label: 'advance', status: 200, json: {} }),
            (error: Error) => ({ label: 'advance', status: /cannot move/.test(error.message) ? 409 : 500, json: { error: { code: error.message } } }),
          ),
        );
        if (i % 25 === 0) {
          calls.push(
            // A tracking worker's check of the order, as the dispatcher would queue it.
            getSchedule(orderId)
              .then((schedule) => (schedule?.dueAt ? tracking.checkQueued({ orderId, dueAt: schedule.dueAt }) : 'final'))
              .then(
                () => ({ label: 'refresh', status: 200, json: {} }),
                (error: Error) => ({ label: 'refresh', status: 500, json: { error: { code: error.message } } }),
              ),
          );
        }
      }
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.label}: ${a.status} ${JSON.stringify(a.json)}`)).toEqual([]);

    // One consistent state: the stored order is what every answer agrees on.
    const stored = (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.order(orderId), ConsistentRead: true }))).Item!;
    const cancels = answers.filter((a) => a.label === 'cancel');
    const cancelled = cancels.filter((a) => a.status === 200);
    if (stored.status === 'cancelled') {
      expect(cancelled.length).toBeGreaterThan(0);
      expect(new Set(cancelled.map((a) => a.json.data!.cancelledAt))).toEqual(new Set([stored.cancelledAt]));
      expect((stored.events as Array<{ code: string }>).filter((e) => e.code === 'CANCELLED')).toHaveLength(1);
      const schedule = (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.trackingSchedule(orderId), ConsistentRead: true }))).Item!;
      expect(schedule[trackingDueIndex.partitionKey]).toBeUndefined();
    } else {
      // The operator moved it on first: no cancel may claim success.
      expect(cancelled).toEqual([]);
      for (const a of cancels) expect(a).toMatchObject({ status: 409, json: { error: { code: 'NOT_CANCELLABLE' } } });
    }
    // On a manifest or cancelled, never both; a manifested order's cancels all answered 409.
    if (stored.manifestId) {
      expect(stored.status).not.toBe('cancelled');
      const manifestItems = await ddb.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :list)',
          ExpressionAttributeValues: { ':pk': `MANIFEST#${stored.companyId as string}`, ':list': 'LIST#' },
          ConsistentRead: true,
        }),
      );
      expect((manifestItems.Items ?? []).filter((m) => (m.orders as string[]).includes(orderId)).map((m) => m.manifestId)).toEqual([stored.manifestId]);
    }
    // The status is the newest event's, never behind it.
    // An order nobody tracked yet has no events and is still pending.
    const events = stored.events as Array<{ status: string; occurredAt: string }>;
    if (events.length === 0) expect(stored.status).toBe('pending');
    else {
      expect([...events].sort((a, b) => (a.occurredAt < b.occurredAt ? 1 : -1))[0]!.occurredAt).toBe(events[0]!.occurredAt);
      if (stored.status !== 'cancelled') expect(stored.status).toBe(events[0]!.status);
    }

    // One label file per type: the render marker let one request render it.
    const labelItems = await ddb.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :label)',
        ExpressionAttributeValues: { ':pk': keys.order(orderId).pk, ':label': 'LABEL#' },
        ConsistentRead: true,
      }),
    );
    for (const item of labelItems.Items ?? []) expect(item.state).toBe('stored');
  },
  120_000,
);
