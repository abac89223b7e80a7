/**
 * Test and live keys through the real handlers on DynamoDB Local and the S3
 * emulator: a test key rates and ships like a live one, and its rate
 * responses and orders are test ones, marked `"mode": "test"` in every answer
 * about them; a key of one mode gets 404 for the other mode's rate responses
 * and orders (the same answer as an unknown id), while another company's
 * order of the same mode stays 403.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createLabelFileHandler } from '../../functions/label-file/handler';
import { handler as labelsHandler } from '../../functions/labels/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackHandler } from '../../functions/track/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import { renderDocument } from '../../shared/labels/render';
import { getOrder } from '../../shared/store/orders';
import { getRateRequest, getRateResponse } from '../../shared/store/rates';
import { sampleRateBody } from '../support/rate-body';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

type Json = { data?: Record<string, unknown>; error?: { code: string; message: string } };
const call = (handler: Handler, e: APIGatewayProxyEvent) => callHandler<Json | undefined>(handler, e);

/** The mode every CARRIERX call was made under, as its transport saw it (a live connector picks its carrier's environment from it). */
const modesSeen: Array<[string, string | undefined]> = [];
const sandbox = createSandboxTransports({});
const recording = (operation: 'rate' | 'ship' | 'track' | 'cancel') => (request: unknown, options: CarrierCallOptions) => {
  modesSeen.push([operation, options.mode]);
  return sandbox.CARRIERX[operation](request, options);
};
const registry = createCarrierRegistry({
  ...sandbox,
  CARRIERX: { rate: recording('rate'), ship: recording('ship'), track: recording('track'), cancel: recording('cancel') },
});
const rateHandler = createRateHandler(registry);
const shipHandler = createShipHandler(registry);
const labelFileHandler = createLabelFileHandler(renderDocument);
const trackHandler = createTrackHandler(registry);
const cancelHandler = createCancelHandler(registry);

const keys = { live: '', test: '', otherLive: '', otherTest: '' };
let companyId: string;
beforeAll(async () => {
  const company = await stack.createCompany({ pricingGroupId: 'default' });
  companyId = company.companyId;
  keys.live = (await stack.createKey(companyId)).apiKey;
  keys.test = (await stack.createKey(companyId, { mode: 'test' })).apiKey;
  const other = await stack.createCompany({ pricingGroupId: 'default' });
  keys.otherLive = (await stack.createKey(other.companyId)).apiKey;
  keys.otherTest = (await stack.createKey(other.companyId, { mode: 'test' })).apiKey;
});

const rate = async (key: string) => {
  const res = await call(rateHandler, proxyEvent({ method: 'POST', path: '/v1/rate', key, body: sampleRateBody() }));
  expect(res.status).toBe(200);
  const data = res.json!.data as { requestId: string; mode: string; rates: Array<{ rateResponseId: string; carrier: { code: string } }> };
  return { ...data, rateResponseId: data.rates.find((r) => r.carrier.code === 'CARRIERX')!.rateResponseId };
};
const ship = (key: string, rateResponseId: string) =>
  call(shipHandler, proxyEvent({ method: 'POST', path: `/v1/ship/${rateResponseId}`, key, pathParameters: { rateResponseId }, body: {} }));
const labels = (key: string, orderId: string) =>
  call(labelsHandler, proxyEvent({ method: 'GET', path: `/v1/labels/${orderId}`, key, pathParameters: { orderId } }));
const labelFile = (key: string, orderId: string, labelType: string) =>
  call(labelFileHandler, proxyEvent({ method: 'GET', path: `/v1/labels/${orderId}/${labelType}`, key, pathParameters: { orderId, labelType } }));
const track = (key: string, orderId: string) =>
  call(trackHandler, proxyEvent({ method: 'GET', path: `/v1/track/${orderId}`, key, pathParameters: { orderId } }));
const cancel = (key: string, orderId: string) =>
  call(cancelHandler, proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key, pathParameters: { orderId } }));

/** Rates and ships with `key`: the order id. */
const shipped = async (key: string): Promise<string> => {
  const { rateResponseId } = await rate(key);
  const res = await ship(key, rateResponseId);
  expect(res.status).toBe(200);
  return String(res.json!.data!.orderId);
};

const expectNotFound = (res: { status: number; json: Json | undefined }, message: string) => {
  expect({ status: res.status, error: res.json?.error }).toEqual({ status: 404, error: { code: 'NOT_FOUND', message } });
};

describe('a test key', () => {
  it('rates and ships; the rate answer, the stored rate items and the order are test, and every answer about the order says so', async () => {
    const rated = await rate(keys.test);
    expect(rated.mode).toBe('test');
    expect(await getRateRequest(rated.requestId, companyId)).toMatchObject({ status: 'found', item: { mode: 'test' } });
    expect(await getRateResponse(rated.rateResponseId, companyId)).toMatchObject({ status: 'found', item: { mode: 'test' } });

    const shippedRes = await ship(keys.test, rated.rateResponseId);
    expect(shippedRes.status).toBe(200);
    expect(shippedRes.json!.data).toMatchObject({ rateResponseId: rated.rateResponseId, status: 'pending', mode: 'test' });
    const orderId = String(shippedRes.json!.data!.orderId);
    expect((await getOrder(orderId))?.order).toMatchObject({ companyId, mode: 'test' });

    const list = await labels(keys.test, orderId);
    expect(list.status).toBe(200);
    expect(list.json!.data).toMatchObject({
      orderId,
      mode: 'test',
      available: expect.arrayContaining([expect.objectContaining({ code: 'SHIPPING_LABEL_PDF' })]),
    });
    // An unknown label type answers the list, marked too; a known one the file.
    expect(await labelFile(keys.test, orderId, 'NO_SUCH_LABEL')).toMatchObject({ status: 200, json: { data: { orderId, mode: 'test' } } });
    expect((await labelFile(keys.test, orderId, 'SHIPPING_LABEL_PDF')).status).toBe(302);

    const tracked = await track(keys.test, orderId);
    expect(tracked.status).toBe(200);
    expect(tracked.json!.data).toMatchObject({ orderId, transitStatus: 'pending', mode: 'test' });

    const cancelled = await cancel(keys.test, orderId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json!.data).toEqual({ orderId, status: 'cancelled', cancelledAt: expect.any(String), mode: 'test' });
    // Cancelling again answers the same, still marked.
    expect((await cancel(keys.test, orderId)).json!.data).toMatchObject({ mode: 'test' });
  });

  it("a live key of the same company gets 404 for the test rate response, which stays the test key's to ship", async () => {
    const { rateResponseId } = await rate(keys.test);
    expectNotFound(await ship(keys.live, rateResponseId), 'rate response not found');
    const res = await ship(keys.test, rateResponseId);
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    // Once shipped, the live key still gets 404, not the test order as a replay.
    expectNotFound(await ship(keys.live, rateResponseId), 'rate response not found');
  });

  it('a live key of the same company gets 404 for the test order on labels, label file, track and cancel, and the order is left as it was', async () => {
    const orderId = await shipped(keys.test);
    for (const res of [
      await labels(keys.live, orderId),
      await labelFile(keys.live, orderId, 'SHIPPING_LABEL_PDF'),
      await labelFile(keys.live, orderId, 'NO_SUCH_LABEL'),
      await track(keys.live, orderId),
      await cancel(keys.live, orderId),
    ]) {
      expectNotFound(res, 'order not found');
    }
    expect((await getOrder(orderId))?.order).toMatchObject({ status: 'pending', mode: 'test' });
  });

  it("another company's test key gets 403 for a test order (same mode), its live key 404", async () => {
    const orderId = await shipped(keys.test);
    for (const res of [await labels(keys.otherTest, orderId), await track(keys.otherTest, orderId), await cancel(keys.otherTest, orderId)]) {
      expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    }
    for (const res of [await labels(keys.otherLive, orderId), await track(keys.otherLive, orderId), await cancel(keys.otherLive, orderId)]) {
      expectNotFound(res, 'order not found');
    }
  });
});

describe('a live key', () => {
  it('rates and ships live: every answer says "mode": "live", and so does the stored order', async () => {
    const rated = await rate(keys.live);
    expect(rated.mode).toBe('live');
    const res = await ship(keys.live, rated.rateResponseId);
    expect(res.json!.data).toMatchObject({ mode: 'live' });
    const orderId = String(res.json!.data!.orderId);
    expect((await getOrder(orderId))?.order.mode).toBe('live');
    expect((await labels(keys.live, orderId)).json!.data).toMatchObject({ mode: 'live' });
    expect((await track(keys.live, orderId)).json!.data).toMatchObject({ mode: 'live' });
    expect((await cancel(keys.live, orderId)).json!.data).toMatchObject({ status: 'cancelled', mode: 'live' });
  });

  it('a test key of the same company gets 404 for the live rate response and the live order', async () => {
    const { rateResponseId } = await rate(keys.live);
    expectNotFound(await ship(keys.test, rateResponseId), 'rate response not found');
    const res = await ship(keys.live, rateResponseId);
    expect(res.status).toBe(200);
    const orderId = String(res.json!.data!.orderId);
    for (const answer of [
      await labels(keys.test, orderId),
      await labelFile(keys.test, orderId, 'SHIPPING_LABEL_PDF'),
      await track(keys.test, orderId),
      await cancel(keys.test, orderId),
    ]) {
      expectNotFound(answer, 'order not found');
    }
    expect((await getOrder(orderId))?.order.status).toBe('pending');
  });
});

it.each(['test', 'live'] as const)('every carrier call of a %s key and of its order (rate, ship, track, void) is made in that mode', async (mode) => {
  modesSeen.length = 0;
  const { rateResponseId } = await rate(keys[mode]);
  const shipped = await ship(keys[mode], rateResponseId);
  const orderId = (shipped.json!.data as { orderId: string }).orderId;
  expect((await track(keys[mode], orderId)).status).toBe(200);
  expect(
    (await call(cancelHandler, proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key: keys[mode], pathParameters: { orderId } }))).status,
  ).toBe(200);
  expect(modesSeen).toEqual([
    ['rate', mode],
    ['ship', mode],
    ['track', mode],
    ['cancel', mode],
  ]);
});
