/**
 * Pickups (docs/pickups.md) through the real handlers on DynamoDB Local,
 * over the sandbox network: a pickup booked for the day's orders, read,
 * listed and cancelled; a declared load; the carrier's windows; its refusal
 * and its cut-off; another company and the other mode seeing none of it;
 * hostile bodies answered 4xx with our error body, never 5xx; and exactly
 * once: twenty identical creates across two containers make one booking,
 * and a carrier answering after our timeout leaves one booked pickup once
 * the reconciler has run.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, DynamoDBRecord, SQSEvent } from 'aws-lambda';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { createPickupCancelHandler } from '../../functions/pickup-cancel/handler';
import { createPickupsAvailabilityHandler } from '../../functions/pickups-availability/handler';
import { createPickupsCreateHandler } from '../../functions/pickups-create/handler';
import { createTrackingCheckHandler } from '../../functions/tracking-check/handler';
import { createTrackingRefreshHandler } from '../../functions/tracking-refresh/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports, type SandboxTransports } from '../../shared/carriers/sandbox/network';
import type { SandboxFaults } from '../../shared/carriers/sandbox/faults';
import { dayNumber, isoDate, utcDayNumber, weekday } from '../../shared/domain/dates';
import type { DueCheck } from '../../shared/domain/due-check';
import { settingsWith } from '../../shared/process-runtime';
import type { QueuePort } from '../../shared/queues';
import { logger } from '../../shared/observability';
import { createWebhookDeliveryService } from '../../shared/services/webhook-delivery';
import { keys } from '../../shared/store/keys';
import { getPickupReconcile } from '../../shared/store/pickups';
import { queryItems } from '../../shared/store/table-ops';
import { latestDeliveries } from '../../shared/store/webhooks';
import { useDeliveryQueue } from '../../shared/webhooks/queue';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type Json = Record<string, unknown>;
type Answer = { status: number; headers: Record<string, unknown>; json: { data?: Json & { pickups?: Json[] }; error?: { code: string; message: string } } };

/** The first weekday at least `days` days after today (UTC), as the sandbox carriers pick up. */
const weekdayIn = (days: number): string => {
  let day = utcDayNumber(new Date()) + days;
  while (weekday(day) === 0 || weekday(day) === 6) day += 1;
  return isoDate(day);
};
const saturdayAfter = (days: number): string => {
  let day = utcDayNumber(new Date()) + days;
  while (weekday(day) !== 6) day += 1;
  return isoDate(day);
};
const PICKUP_DAY = weekdayIn(1);

/** The sandbox carriers' clock, which the cut-off test moves to the pickup's day. */
let carrierNow: Date | undefined;
const network = (faults: SandboxFaults = {}) => createSandboxTransports({ faults, clock: () => carrierNow ?? new Date() });
const transports: SandboxTransports = network();
const registry = createCarrierRegistry(transports);

/* eslint-disable @typescript-eslint/no-require-imports -- the handlers over this test's registry */
const rate = (require('../../functions/rate/handler') as typeof import('../../functions/rate/handler')).createRateHandler(registry);
const ship = (require('../../functions/ship/handler') as typeof import('../../functions/ship/handler')).createShipHandler(registry);
const cancelOrder = (require('../../functions/cancel/handler') as typeof import('../../functions/cancel/handler')).createCancelHandler(registry);
const webhooksCreate = (require('../../functions/webhooks-create/handler') as typeof import('../../functions/webhooks-create/handler')).handler;
const list = (require('../../functions/pickups-list/handler') as typeof import('../../functions/pickups-list/handler')).handler;
const get = (require('../../functions/pickup-get/handler') as typeof import('../../functions/pickup-get/handler')).handler;
/* eslint-enable @typescript-eslint/no-require-imports */
/** Two "containers": separate service instances over one table and one carrier. */
const creates = [0, 1].map(() => createPickupsCreateHandler(registry));
const cancel = createPickupCancelHandler(registry);
const availability = createPickupsAvailabilityHandler(registry);

const call = async (
  handler: Handler,
  method: string,
  p: string,
  key: string,
  options: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> => {
  const result = await handler(
    {
      httpMethod: method,
      path: p,
      resource: p,
      headers: { 'X-API-Key': key, ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      multiValueHeaders: null,
      queryStringParameters: options.query ?? null,
      pathParameters: options.params ?? null,
      body: options.body === undefined ? null : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      isBase64Encoded: false,
      requestContext: { requestId: 'pickups' },
    } as unknown as APIGatewayProxyEvent,
    {} as Context,
  );
  return { status: result.statusCode, headers: result.headers ?? {}, json: result.body ? (JSON.parse(result.body) as Answer['json']) : {} };
};

const shipCarrier = async (key: string, carrierCode = 'CARRIERX'): Promise<string> => {
  const rated = await call(rate, 'POST', '/v1/rate', key, { body: sampleRateBody() });
  const rates = (rated.json.data as unknown as { rates: Array<{ rateResponseId: string; carrier: { code: string } }> }).rates;
  const id = rates.find((r) => r.carrier.code === carrierCode)!.rateResponseId;
  const shipped = await call(ship, 'POST', `/v1/ship/${id}`, key, { params: { rateResponseId: id }, body: {} });
  expect(shipped.status).toBe(200);
  return shipped.json.data!.orderId as string;
};

const create = (key: string, body: unknown, i = 0) => call(creates[i % 2]!, 'POST', '/v1/pickups', key, { body });
const getPickup = (key: string, pickupId: string) => call(get, 'GET', `/v1/pickups/${pickupId}`, key, { params: { pickupId } });
const cancelPickup = (key: string, pickupId: string) => call(cancel, 'DELETE', `/v1/pickups/${pickupId}`, key, { params: { pickupId } });

const place = {
  personName: 'Dock 4',
  companyName: 'Maple Goods',
  addressLine1: '100 King St W',
  city: 'Toronto',
  provinceCode: 'ON',
  postalCode: 'M5X 1A9',
  countryCode: 'CA',
};
const declared = (overrides: Json = {}) => ({
  carrierCode: 'CARRIERY',
  pickupDate: PICKUP_DAY,
  readyTime: '10:00',
  closeTime: '16:00',
  location: place,
  packageCount: 3,
  totalWeight: { value: 12.5, unit: 'kg' },
  ...overrides,
});

let liveKey: string;
let testKey: string;
let otherKey: string;
let companyId: string;
beforeAll(async () => {
  const { company, apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  liveKey = apiKey;
  companyId = company.companyId;
  testKey = (await stack.createKey(company.companyId, { mode: 'test' })).apiKey;
  otherKey = (await stack.createCompanyWithKey({ pricingGroupId: 'default' })).apiKey;
}, 60_000);

afterEach(() => {
  carrierNow = undefined;
});
beforeAll(() => useDeliveryQueue({ send: async () => undefined }));
afterAll(() => useDeliveryQueue(undefined));

it("books a pickup for the day's orders at their shipper, reads it back, lists it and cancels it; cancelling again answers the same", async () => {
  const orders = [await shipCarrier(liveKey), await shipCarrier(liveKey)];
  const booked = await create(liveKey, { carrierCode: 'carrierx', pickupDate: PICKUP_DAY, readyTime: '08:00', closeTime: '16:00', orderIds: orders });
  expect(booked.status).toBe(201);
  const pickup = booked.json.data!;
  expect(pickup).toMatchObject({
    carrier: { code: 'CARRIERX' },
    mode: 'live',
    status: 'scheduled',
    pickupDate: PICKUP_DAY,
    // Carrier X picks up from 09:00: the window it booked.
    window: { readyTime: '09:00', closeTime: '16:00' },
    location: { addressLine1: '100 King St W', postalCode: 'M5X 1A9', countryCode: 'CA' },
    orders,
    // The sample rate body: one package of 2.5 kg per order.
    packageCount: 2,
    totalWeight: { value: 5, unit: 'kg' },
    instructions: null,
    cancelledAt: null,
  });
  expect(pickup.confirmationNumber).toMatch(/^PX\d{8}$/);
  expect(pickup).not.toHaveProperty('charges');
  const pickupId = pickup.pickupId as string;
  expect(transports.CARRIERX.ledger.pickups.get(pickup.confirmationNumber as string)).toMatchObject({ reference: expect.stringMatching(/^PU[0-9A-F]{12}$/) });

  expect((await getPickup(liveKey, pickupId.toUpperCase())).json.data).toEqual(pickup);
  const listed = await call(list, 'GET', '/v1/pickups', liveKey);
  expect(listed.json.data!.pickups![0]).toEqual(pickup);

  const cancelled = await cancelPickup(liveKey, pickupId);
  expect(cancelled.status).toBe(200);
  expect(cancelled.json.data).toMatchObject({ pickupId, status: 'cancelled', cancelledAt: expect.any(String) });
  expect(transports.CARRIERX.ledger.pickups.get(pickup.confirmationNumber as string)!.cancelled).toBe(true);
  expect(await cancelPickup(liveKey, pickupId)).toMatchObject({ status: 200, json: { data: cancelled.json.data } });
  expect((await getPickup(liveKey, pickupId)).json.data).toEqual(cancelled.json.data);
});

it("a declared load at a given place; carrier Y bills it as money; the list is newest first, a page at a time, and a carrier's filter", async () => {
  const first = await create(liveKey, declared({ instructions: 'Back door' }));
  expect(first.status).toBe(201);
  expect(first.json.data).toMatchObject({
    carrier: { code: 'CARRIERY' },
    packageCount: 3,
    totalWeight: { value: 12.5, unit: 'kg' },
    orders: [],
    instructions: 'Back door',
    charges: { amount: 4.5, currency: 'CAD' },
    location: place,
  });
  const second = await create(liveKey, declared({ packageCount: 4 }));
  expect(second.status).toBe(201);
  const page = await call(list, 'GET', '/v1/pickups', liveKey, { query: { limit: '1', carrierCode: 'carriery' } });
  expect(page.json.data!.pickups!.map((p) => p.pickupId)).toEqual([second.json.data!.pickupId]);
  const next = await call(list, 'GET', '/v1/pickups', liveKey, {
    query: { limit: '1', carrierCode: 'CARRIERY', cursor: page.json.data!.nextCursor as string },
  });
  expect(next.json.data!.pickups!.map((p) => p.pickupId)).toEqual([first.json.data!.pickupId]);
  expect((await call(list, 'GET', '/v1/pickups', liveKey, { query: { cursor: 'bm90LW91cnM' } })).json.error).toMatchObject({ code: 'VALIDATION_FAILED' });
  // The operator's list: every page, of that carrier.
  const listed = (await executeAdminCommand(parseAdminCommand(['pickup', 'list', '--company', companyId, '--carrier', 'carriery']))) as Json[];
  expect(listed.slice(0, 2).map((p) => [p.pickupId, p.carrierCode, p.status])).toEqual([
    [second.json.data!.pickupId, 'CARRIERY', 'scheduled'],
    [first.json.data!.pickupId, 'CARRIERY', 'scheduled'],
  ]);
  expect((await executeAdminCommand(parseAdminCommand(['pickup', 'list', '--company', companyId, '--mode', 'test']))) as Json[]).not.toContainEqual(
    expect.objectContaining({ pickupId: first.json.data!.pickupId }),
  );
});

it("the carrier's windows for a place and day: its hours on a weekday, none on a Saturday", async () => {
  const weekdayWindows = await call(availability, 'GET', '/v1/pickups/availability', liveKey, {
    query: { carrierCode: 'CARRIERZ', postalCode: 'M5X 1A9', date: PICKUP_DAY },
  });
  expect(weekdayWindows).toMatchObject({
    status: 200,
    json: { data: { windows: [{ date: PICKUP_DAY, readyTime: '09:00', closeTime: '17:00' }], cutoffTime: '15:00' } },
  });
  const saturday = await call(availability, 'GET', '/v1/pickups/availability', liveKey, {
    query: { carrierCode: 'CARRIERZ', postalCode: 'M5X 1A9', date: saturdayAfter(1), countryCode: 'ca' },
  });
  expect(saturday).toMatchObject({ status: 200, json: { data: { windows: [] } } });
  for (const query of [
    { carrierCode: 'CARRIERZ', postalCode: 'M5X 1A9', date: '9999-12-31' },
    { carrierCode: 'CARRIERZ', postalCode: '<script>', date: PICKUP_DAY },
    { carrierCode: 'CARRIERZ', postalCode: 'M5X', date: '2026-02-30' },
    { carrierCode: 'CARRIERF', postalCode: 'M5X', date: PICKUP_DAY },
  ]) {
    const refused = await call(availability, 'GET', '/v1/pickups/availability', liveKey, { query });
    expect([query, refused.status, refused.json.error?.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
  }
  expect(
    (await call(availability, 'GET', '/v1/pickups/availability', liveKey, { query: { carrierCode: 'CARRIERQ', postalCode: 'M5X', date: PICKUP_DAY } })).status,
  ).toBe(404);
});

it("the carrier's refusal is 422 with its reason and leaves no pickup; past its cut-off a cancel is 409 with its reason and the pickup stays", async () => {
  const before = (await call(list, 'GET', '/v1/pickups', testKey)).json.data!.pickups!.length;
  const saturday = await create(testKey, declared({ carrierCode: 'CARRIERX', pickupDate: saturdayAfter(1) }));
  expect(saturday).toMatchObject({ status: 422, json: { error: { code: 'CARRIER_REJECTED', message: expect.stringContaining('weekdays only') } } });
  expect((await call(list, 'GET', '/v1/pickups', testKey)).json.data!.pickups).toHaveLength(before);

  const booked = await create(testKey, declared({ carrierCode: 'CARRIERX' }));
  expect(booked.json.data).toMatchObject({ status: 'scheduled', mode: 'test' });
  const pickupId = booked.json.data!.pickupId as string;
  carrierNow = new Date(`${PICKUP_DAY}T10:00:00Z`);
  const late = await cancelPickup(testKey, pickupId);
  expect(late).toMatchObject({ status: 409, json: { error: { code: 'PICKUP_NOT_CANCELLABLE', message: expect.stringContaining('driver is dispatched') } } });
  expect((await getPickup(testKey, pickupId)).json.data).toMatchObject({ status: 'scheduled' });
});

it("another company's pickup, and one of the other mode, is 404; their lists do not hold it", async () => {
  const booked = await create(liveKey, declared({ carrierCode: 'CARRIERZ', instructions: 'tenancy' }));
  const pickupId = booked.json.data!.pickupId as string;
  for (const key of [otherKey, testKey]) {
    expect(await getPickup(key, pickupId)).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'pickup not found' } } });
    expect(await cancelPickup(key, pickupId)).toMatchObject({ status: 404 });
    const theirs = (await call(list, 'GET', '/v1/pickups', key)).json.data!.pickups!;
    expect(theirs.map((p) => p.pickupId)).not.toContain(pickupId);
  }
  expect((await getPickup(liveKey, pickupId)).json.data).toMatchObject({ status: 'scheduled' });
});

it('hostile bodies get a 4xx with our error body, never a 5xx, and book nothing', async () => {
  const mine = await shipCarrier(liveKey);
  const cancelledOrder = await shipCarrier(liveKey);
  expect((await call(cancelOrder, 'DELETE', `/v1/shipments/${cancelledOrder}`, liveKey, { params: { orderId: cancelledOrder } })).status).toBe(200);
  const theirs = await shipCarrier(otherKey);
  const ofCarrierY = await shipCarrier(liveKey, 'CARRIERY');
  const calls = transports.CARRIERY.ledger.pickupCalls.create + transports.CARRIERX.ledger.pickupCalls.create;
  const cases: Array<[string, unknown, number]> = [
    ['year 9999', declared({ pickupDate: '9999-01-04' }), 400],
    ['a date in the past', declared({ pickupDate: '2020-01-06' }), 400],
    ['not a calendar date', declared({ pickupDate: '2026-02-30' }), 400],
    ['a 400 KB string', declared({ instructions: 'x'.repeat(400_000) }), 413],
    ['long instructions', declared({ instructions: 'x'.repeat(201) }), 400],
    ['a billion packages', declared({ packageCount: 1_000_000_000 }), 400],
    ['a fraction of a package', declared({ packageCount: 1.5 }), 400],
    ['a negative weight', declared({ totalWeight: { value: -1, unit: 'kg' } }), 400],
    // DynamoDB refuses to store a number this small (it was a 500).
    ['a weight of 1e-300', declared({ totalWeight: { value: 1e-300, unit: 'kg' } }), 400],
    [
      'an infinite weight',
      '{"carrierCode":"CARRIERY","pickupDate":"' +
        PICKUP_DAY +
        '","readyTime":"10:00","closeTime":"16:00","packageCount":1,"totalWeight":{"value":1e999,"unit":"kg"}}',
      400,
    ],
    ['readyTime after closeTime', declared({ readyTime: '16:00', closeTime: '10:00' }), 400],
    ['not a time', declared({ readyTime: '25:00' }), 400],
    ['both orders and a load', declared({ orderIds: [mine] }), 400],
    ['neither orders nor a load', declared({ packageCount: undefined, totalWeight: undefined }), 400],
    ['a count without a weight', declared({ totalWeight: undefined }), 400],
    ['no location without orders', declared({ location: undefined }), 400],
    ['an order twice', { carrierCode: 'CARRIERX', pickupDate: PICKUP_DAY, readyTime: '10:00', closeTime: '16:00', orderIds: [mine, mine.toUpperCase()] }, 400],
    [
      '501 orders',
      { carrierCode: 'CARRIERX', pickupDate: PICKUP_DAY, readyTime: '10:00', closeTime: '16:00', orderIds: Array.from({ length: 501 }, () => mine) },
      400,
    ],
    ['a cancelled order', { carrierCode: 'CARRIERX', pickupDate: PICKUP_DAY, readyTime: '10:00', closeTime: '16:00', orderIds: [mine, cancelledOrder] }, 400],
    ["another company's order", { carrierCode: 'CARRIERX', pickupDate: PICKUP_DAY, readyTime: '10:00', closeTime: '16:00', orderIds: [theirs] }, 404],
    ["another carrier's order", { carrierCode: 'CARRIERX', pickupDate: PICKUP_DAY, readyTime: '10:00', closeTime: '16:00', orderIds: [ofCarrierY] }, 404],
    [
      'an unknown order',
      { carrierCode: 'CARRIERX', pickupDate: PICKUP_DAY, readyTime: '10:00', closeTime: '16:00', orderIds: ['00000000-0000-4000-8000-000000000000'] },
      404,
    ],
    ['a carrier not in the group', declared({ carrierCode: 'CARRIERQ' }), 404],
    ['a carrier without pickups', declared({ carrierCode: 'CARRIERF' }), 400],
    ['constructor keys', '{"constructor":{"prototype":{"x":1}},"__proto__":{"admin":true},"carrierCode":"toString"}', 400],
    ['a prototype key only', '{"__proto__":{"carrierCode":"CARRIERY"}}', 400],
    ['an array', '[]', 400],
    ['not JSON', '{"carrierCode":', 400],
    ['a location without a street', declared({ location: { personName: 'x', countryCode: 'CA' } }), 400],
  ];
  for (const [name, body, status] of cases) {
    const answer = await create(liveKey, body);
    expect([name, answer.status, typeof answer.json.error?.code]).toEqual([name, status, 'string']);
  }
  expect(transports.CARRIERY.ledger.pickupCalls.create + transports.CARRIERX.ledger.pickupCalls.create).toBe(calls);
  expect((await getPickup(liveKey, 'not-a-uuid')).status).toBe(400);
  expect((await cancelPickup(liveKey, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  expect((await call(list, 'GET', '/v1/pickups', liveKey, { query: { limit: '51' } })).status).toBe(400);
});

it('a pickup booked, then cancelled, makes pickup.scheduled then pickup.cancelled from the stream; other changes make none', async () => {
  const endpoint = await call(webhooksCreate, 'POST', '/v1/webhooks', liveKey, {
    body: { url: 'http://127.0.0.1:9/hooks', events: ['pickup.scheduled', 'pickup.cancelled'] },
  });
  expect(endpoint.status).toBe(201);
  const webhookId = endpoint.json.data!.id as string;
  const booked = await create(liveKey, declared({ carrierCode: 'CARRIERX', instructions: 'events' }));
  const pickupId = booked.json.data!.pickupId as string;
  const stored = async () => (await queryItems(keys.pickupId(companyId, pickupId).pk)).find((i) => i.pickupId === pickupId && i.entityType === 'pickup')!;
  const scheduled = await stored();
  const events = createWebhookDeliveryService({ logger, policy: { allowHttp: true, allowPrivate: true }, schedule: [5] });
  const image = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true }) as never;
  const streamRecord = (sequence: string, newImage: Record<string, unknown>, oldImage?: Record<string, unknown>) =>
    ({
      eventID: `p-${sequence}`,
      eventName: oldImage ? 'MODIFY' : 'INSERT',
      dynamodb: { SequenceNumber: sequence, NewImage: image(newImage), ...(oldImage ? { OldImage: image(oldImage) } : {}) },
    }) as DynamoDBRecord;
  expect(await events.handleStreamRecord(streamRecord('1', scheduled, { ...scheduled, status: 'booking' }))).toBe(1);
  // The same status again (a save that changed nothing the events say) makes none.
  expect(await events.handleStreamRecord(streamRecord('2', scheduled, scheduled))).toBe(0);
  await cancelPickup(liveKey, pickupId);
  expect(await events.handleStreamRecord(streamRecord('3', await stored(), scheduled))).toBe(1);
  const deliveries = await latestDeliveries(companyId, webhookId, 10);
  expect(deliveries.map((d) => d.type).sort()).toEqual(['pickup.cancelled', 'pickup.scheduled']);
  const cancelledBody = JSON.parse(deliveries.find((d) => d.type === 'pickup.cancelled')!.body) as { data: Json };
  expect(cancelledBody.data).toMatchObject({ pickupId, status: 'cancelled' });
});

describe('exactly once', () => {
  it('twenty identical creates across two containers make one booking: one 201, the others its pickup with Idempotent-Replayed', async () => {
    const body = declared({ carrierCode: 'CARRIERZ', instructions: 'twenty at once' });
    const before = transports.CARRIERZ.ledger.pickupCalls.create;
    const bookings = transports.CARRIERZ.ledger.pickups.size;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(liveKey, body, i)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.json.data!.pickupId)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(transports.CARRIERZ.ledger.pickupCalls.create - before).toBe(1);
    expect(transports.CARRIERZ.ledger.pickups.size - bookings).toBe(1);
    // The same request later: the same pickup, replayed; another request (another day) is another pickup.
    expect(await create(liveKey, body)).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
    expect((await create(liveKey, { ...body, pickupDate: weekdayIn(2 + (dayNumber(PICKUP_DAY) - utcDayNumber(new Date()))) })).status).toBe(201);
  });

  describe('a carrier answering after our timeout', () => {
    const late = network({ CARRIERY: { error: 'late', operations: ['pickupCreate'] } });
    const lateRegistry = createCarrierRegistry(late);
    const settings = settingsWith({ carrierShipTimeoutMs: 150 });
    const createLate = createPickupsCreateHandler(lateRegistry, { settings });
    const context = { functionName: 'tracking-check', awsRequestId: 'test' } as Context;

    /** What the deployed schedule does at `at`: the dispatcher queues what is due, the tracking worker runs this pickup's round. */
    const reconcileAt = async (pickupId: string, at: Date): Promise<DueCheck[]> => {
      const messages: DueCheck[] = [];
      const port: QueuePort<DueCheck> = { send: async (batch) => void messages.push(...batch), depth: async () => 0 };
      const dispatch = createTrackingRefreshHandler({ clock: () => at, queue: () => port }) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
      await dispatch({}, {});
      const mine = messages.filter((m) => m.orderId === pickupId && m.reconcile === 'PICKUP');
      const worker = createTrackingCheckHandler(lateRegistry, { clock: () => at, settings });
      const event = {
        Records: mine.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {}, messageAttributes: {} })),
      } as unknown as SQSEvent;
      expect(await worker(event, context)).toEqual({ batchItemFailures: [] });
      return mine;
    };

    it('answers 502 with the outcome unknown; the reconciler finds the booking and the pickup is scheduled: one booking', async () => {
      const body = declared({ instructions: 'late answer' });
      const first = await call(createLate, 'POST', '/v1/pickups', liveKey, { body });
      expect(first).toMatchObject({ status: 502, json: { error: { code: 'CARRIER_ERROR', message: expect.stringContaining('outcome is unknown') } } });
      expect(late.CARRIERY.ledger.pickups.size).toBe(1);
      const [pickup] = (await call(list, 'GET', '/v1/pickups', liveKey, { query: { limit: '1' } })).json.data!.pickups!;
      expect(pickup).toMatchObject({ status: 'booking', confirmationNumber: null, instructions: 'late answer' });
      const pickupId = pickup!.pickupId as string;

      const rounds = await reconcileAt(pickupId, new Date(Date.now() + 3_600_000));
      expect(rounds).toHaveLength(1);
      const [booking] = [...late.CARRIERY.ledger.pickups.values()];
      expect((await getPickup(liveKey, pickupId)).json.data).toMatchObject({ status: 'scheduled', confirmationNumber: booking!.confirmationNumber });
      expect(late.CARRIERY.ledger.pickups.size).toBe(1);
      // Settled: out of the index.
      expect((await getPickupReconcile(companyId, pickupId))?.dueAt).toBeUndefined();
      // The same request again answers the adopted pickup.
      expect(await call(createLate, 'POST', '/v1/pickups', liveKey, { body })).toMatchObject({
        status: 200,
        json: { data: { pickupId, status: 'scheduled' } },
      });
    });

    it('the same request again asks the carrier first (mayExist): it finds the late booking and books no second', async () => {
      // Late at the first booking only: the draw decides a fail rate between 0 and 1.
      let draw = 0;
      const once = createSandboxTransports({ faults: { CARRIERY: { error: 'late', failRate: 0.5, operations: ['pickupCreate'] } }, random: () => draw });
      const handler = createPickupsCreateHandler(createCarrierRegistry(once), { settings });
      const body = declared({ instructions: 'retried' });
      expect((await call(handler, 'POST', '/v1/pickups', liveKey, { body })).status).toBe(502);
      expect(once.CARRIERY.ledger.pickups.size).toBe(1);
      draw = 0.99;
      const retry = await call(handler, 'POST', '/v1/pickups', liveKey, { body });
      expect(retry).toMatchObject({ status: 201, json: { data: { status: 'scheduled' } } });
      expect(once.CARRIERY.ledger.pickups.size).toBe(1);
      expect(retry.json.data!.confirmationNumber).toBe([...once.CARRIERY.ledger.pickups.keys()][0]);
    });
  });
});
