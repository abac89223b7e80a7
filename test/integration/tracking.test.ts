/**
 * GET /v1/track, DELETE /v1/shipments, the operator's advance and the
 * scheduled refresh against DynamoDB Local, with the sandbox network on an
 * injected clock: tracking moves with time, cancel works before pickup and is
 * refused after, a carrier refusal leaves the order unchanged, another
 * company's order is untouched. The scheduled refresh has its own file
 * (its own table, so no other test's orders are due).
 */
import { GetCommand } from '../../shared/aws/dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createLabelFileHandler } from '../../functions/label-file/handler';
import { handler as labelsHandler } from '../../functions/labels/handler';
import { createTrackHandler } from '../../functions/track/handler';
import { pickupInstant } from '../../shared/carriers/sandbox/tracking';
import { runtimeWith, settingsWith } from '../../shared/process-runtime';
import { createOperatorAdvance } from '../../shared/services/tracking/advance';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys } from '../../shared/store/keys';
import { trackingDueIndex } from '../../shared/store/table';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sandboxOnClock } from '../support/sandbox-clock';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary by endpoint; each test reads what it asserts
const call = (handler: Handler, e: APIGatewayProxyEvent) => callHandler<{ data?: any; error?: { code: string; message: string } } | undefined>(handler, e);

const { state, clock, registry, failing, shipOrder: shipFor } = sandboxOnClock();
/** The sandbox carriers at pace 1, the other settings the environment's. */
const settings = settingsWith({ sandboxTrackingPace: 1 });
const trackHandler = createTrackHandler(registry, { clock, settings });
const cancelHandler = createCancelHandler(registry, { clock, settings });
const tracking = createOperatorAdvance(runtimeWith({ clock, settings }));
let apiKey: string;
let otherKey: string;
beforeAll(async () => {
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  ({ apiKey: otherKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
});

const shipOrder = () => shipFor(apiKey);
const track = (orderId: string, key = apiKey, handler = trackHandler) =>
  call(handler, proxyEvent({ method: 'GET', path: `/v1/track/${orderId}`, key, pathParameters: { orderId } }));
const cancel = (orderId: string, key = apiKey) =>
  call(cancelHandler, proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key, pathParameters: { orderId } }));

const storedItem = async (orderId: string) =>
  (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.order(orderId), ConsistentRead: true }))).Item!;
const storedSchedule = async (orderId: string) =>
  (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.trackingSchedule(orderId), ConsistentRead: true }))).Item!;

/** A moment after the sandbox's pickup of a shipment made at `shippedAt`. */
const afterPickup = (shippedAt: Date, minutes = 30) => new Date(pickupInstant(shippedAt.getTime()) + minutes * 60_000);

beforeEach(() => {
  state.now = new Date();
});

describe('GET /v1/track/{orderId}', () => {
  it('asks the carrier on the first read, then answers the stored tracking until it is due', async () => {
    const { orderId, trackingNumber } = await shipOrder();
    const first = await track(orderId);
    expect(first.status).toBe(200);
    expect(first.json!.data).toMatchObject({ orderId, trackingNumber, transitStatus: 'pending', lastCheckedAt: state.now.toISOString() });
    expect(first.json!.data.events[0]).toMatchObject({ status: 'pending', code: 'LABEL_CREATED' });
    expect(first.json!.data.metadata.trackingUrl).toContain(trackingNumber);
    expect(Date.parse(first.json!.data.nextCheckAt)).toBeGreaterThan(state.now.getTime());

    const checkedAt = state.now.toISOString();
    state.now = new Date(state.now.getTime() + 60_000);
    const second = await track(orderId);
    expect(second.json!.data.lastCheckedAt).toBe(checkedAt);
  });

  it('shows the journey moving with time: in transit after pickup, events newest first, `updated` when the status changed', async () => {
    const { orderId, shippedAt } = await shipOrder();
    await track(orderId);
    state.now = afterPickup(shippedAt, 120);
    const moved = await track(orderId);
    expect(moved.json!.data.transitStatus).toBe('intransit');
    expect(moved.json!.data.updated).toBe(state.now.toISOString());
    const times = (moved.json!.data.events as Array<{ occurredAt: string }>).map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(moved.json!.data.events.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['PICKED_UP', 'LABEL_CREATED']));

    state.now = new Date(shippedAt.getTime() + 30 * 24 * 3600_000);
    const delivered = await track(orderId);
    expect(delivered.json!.data).toMatchObject({ transitStatus: 'delivered', nextCheckAt: null });
    // Final: out of the tracking-due index; the schedule keeps the last check.
    const schedule = await storedSchedule(orderId);
    expect(schedule[trackingDueIndex.partitionKey]).toBeUndefined();
    expect(schedule[trackingDueIndex.sortKey]).toBeUndefined();
    expect(schedule.lastCheckedAt).toBe(state.now.toISOString());
    expect(schedule.check).toBeUndefined();
  });

  it('answers the stored tracking, and when it was last checked, when the carrier fails', async () => {
    const { orderId } = await shipOrder();
    await track(orderId);
    const checkedAt = state.now.toISOString();
    state.now = new Date(state.now.getTime() + 24 * 3600_000);
    const answered = await track(orderId, apiKey, createTrackHandler(failing, { clock, settings }));
    expect(answered.status).toBe(200);
    expect(answered.json!.data).toMatchObject({ transitStatus: 'pending', lastCheckedAt: checkedAt });
  });

  it('another company gets 403 and the order is untouched; an unknown id 404, a malformed one 400', async () => {
    const { orderId } = await shipOrder();
    const before = await storedItem(orderId);
    expect((await track(orderId, otherKey)).json!.error!.code).toBe('FORBIDDEN');
    expect((await track(orderId, otherKey)).status).toBe(403);
    expect((await cancel(orderId, otherKey)).status).toBe(403);
    expect(await storedItem(orderId)).toEqual(before);
    expect((await track('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await track('not-a-uuid')).status).toBe(400);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('DELETE /v1/shipments/{orderId}', () => {
  it('cancels before pickup; again answers the same; track shows cancelled; the labels are void', async () => {
    const { orderId } = await shipOrder();
    const first = await cancel(orderId);
    expect(first.status).toBe(200);
    expect(first.json!.data).toEqual({ orderId, status: 'cancelled', cancelledAt: state.now.toISOString(), mode: 'live' });
    state.now = new Date(state.now.getTime() + 1000);
    const again = await cancel(orderId);
    expect(again.json!.data).toEqual(first.json!.data);

    const tracked = await track(orderId);
    expect(tracked.json!.data).toMatchObject({ transitStatus: 'cancelled', nextCheckAt: null });
    expect(tracked.json!.data.events[0]).toMatchObject({ status: 'cancelled', code: 'CANCELLED' });
    expect((await storedSchedule(orderId))[trackingDueIndex.partitionKey]).toBeUndefined();

    const list = await call(labelsHandler, proxyEvent({ method: 'GET', path: `/v1/labels/${orderId}`, key: apiKey, pathParameters: { orderId } }));
    expect(list.json!.data).toEqual({ orderId, available: [], mode: 'live' });
    const file = await call(
      createLabelFileHandler(async () => {
        throw new Error('a void label must not be rendered');
      }),
      proxyEvent({
        method: 'GET',
        path: `/v1/labels/${orderId}/SHIPPING_LABEL_PDF`,
        key: apiKey,
        pathParameters: { orderId, labelType: 'SHIPPING_LABEL_PDF' },
      }),
    );
    expect(file.status).toBe(200);
    expect(file.json!.data).toEqual({ orderId, available: [], mode: 'live' });
  });

  it("a carrier refusal (picked up, though not yet seen) is 502 with the carrier's reason, the order unchanged; once seen in transit it is 409", async () => {
    const { orderId, shippedAt, trackingNumber } = await shipOrder();
    const before = await storedItem(orderId);
    state.now = afterPickup(shippedAt);
    const refused = await cancel(orderId);
    expect(refused.status).toBe(502);
    expect(refused.json!.error).toMatchObject({ code: 'CARRIER_ERROR' });
    expect(refused.json!.error!.message).toContain(trackingNumber);
    expect(refused.json!.error!.message).toMatch(/picked up/);
    expect(await storedItem(orderId)).toEqual(before);

    expect((await track(orderId)).json!.data.transitStatus).toBe('intransit');
    const late = await cancel(orderId);
    expect(late.status).toBe(409);
    expect(late.json!.error!.code).toBe('NOT_CANCELLABLE');
    expect((await track(orderId)).json!.data.transitStatus).toBe('intransit');
  });
});

describe('the operator moves an order on (admin shipment advance)', () => {
  it('to in transit, exception and delivered, through the same write as a carrier report', async () => {
    const { orderId } = await shipOrder();
    await expect(tracking.advance(orderId, 'intransit')).resolves.toEqual({ orderId, transitStatus: 'intransit' });
    await expect(tracking.advance(orderId, 'exception')).resolves.toEqual({ orderId, transitStatus: 'exception' });
    await expect(tracking.advance(orderId, 'delivered')).resolves.toEqual({ orderId, transitStatus: 'delivered' });
    await expect(tracking.advance(orderId, 'intransit')).rejects.toThrow(/delivered; it cannot move to intransit/);
    const item = await storedItem(orderId);
    expect(item.version).toBe(3);
    expect((await storedSchedule(orderId))[trackingDueIndex.partitionKey]).toBeUndefined();
    expect((await cancel(orderId)).status).toBe(409);
  });

  it('concurrent writers never lose an event: each re-reads on a lost race', async () => {
    const { orderId } = await shipOrder();
    await Promise.all([tracking.advance(orderId, 'intransit'), track(orderId), tracking.advance(orderId, 'intransit')]);
    const item = await storedItem(orderId);
    expect(item.status).toBe('intransit');
    const codes = (item.events as Array<{ code: string }>).map((e) => e.code);
    expect(codes).toEqual(expect.arrayContaining(['DEPARTED', 'LABEL_CREATED']));
  });
});
