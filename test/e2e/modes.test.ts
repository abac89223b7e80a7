/**
 * The demo test key `npm start` prints, over HTTP on the real local runtime:
 * rate → ship → labels → label file → track → cancel through the typed
 * client, every answer about the test order saying `"mode": "test"` (and each
 * checked against openapi.json, closed objects); the demo live key, of the
 * same company, gets 404 for the test rate response and the test order, and
 * the test key 404 for the live ones. The test order's status e-mail is marked.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RateRequest } from '../../client';
import { dataPaths } from '../../local/runtime-files';
import { listOutbox } from '../../shared/notify/outbox';
import { client, e2e, expectTypedError } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rates `body` with `key` and picks a CARRIERX rate. */
const rateWith = async (key: string, body: RateRequest = sampleRateBody()) => {
  const rated = await client(key).POST('/v1/rate', { body });
  expect(rated.response.status).toBe(200);
  const { requestId, mode, rates } = rated.data!.data;
  return { requestId, mode, rateResponseId: (rates.find((r) => r.carrier.code === 'CARRIERX') ?? rates[0]!).rateResponseId };
};

const shipWith = (key: string, rateResponseId: string) => client(key).POST('/v1/ship/{rateResponseId}', { params: { path: { rateResponseId } }, body: {} });

it('the demo test key and the demo key are of the same company, with the test and the live prefix', () => {
  expect(e2e.testApiKey).toMatch(/^shiptest_api_[0-9a-f]{32}$/);
  expect(e2e.apiKey).toMatch(/^ship_api_[0-9a-f]{32}$/);
});

it('the demo test key: rate → ship → labels → label file → track → cancel, every answer marked "mode": "test"', async () => {
  const typed = client(e2e.testApiKey);
  const body = sampleRateBody();
  body.shippingNotificationOptions = { shippingNotificationStatuses: ['pending'], shippingNotificationEmail: 'tester@example.com' };
  const rated = await rateWith(e2e.testApiKey, body);
  expect(rated.mode).toBe('test');

  const shipped = await shipWith(e2e.testApiKey, rated.rateResponseId);
  expect(shipped.response.status).toBe(200);
  expect(shipped.data!.data).toMatchObject({ rateResponseId: rated.rateResponseId, status: 'pending', mode: 'test' });
  const { orderId } = shipped.data!.data;

  const listed = await typed.GET('/v1/labels/{orderId}', { params: { path: { orderId } } });
  expect(listed.data!.data).toMatchObject({ orderId, mode: 'test' });
  const [first] = listed.data!.data.available;
  const file = await typed.GET('/v1/labels/{orderId}/{labelType}', { params: { path: { orderId, labelType: first!.code } }, redirect: 'manual' });
  expect(file.response.status).toBe(302);
  expect((await fetch(file.response.headers.get('location')!)).status).toBe(200);
  const unknownType = await typed.GET('/v1/labels/{orderId}/{labelType}', { params: { path: { orderId, labelType: 'NO_SUCH_LABEL' } }, redirect: 'manual' });
  expect(unknownType.data!.data).toMatchObject({ orderId, mode: 'test' });

  const tracked = await typed.GET('/v1/track/{orderId}', { params: { path: { orderId } } });
  expect(tracked.data!.data).toMatchObject({ orderId, transitStatus: 'pending', mode: 'test' });

  // The pending e-mail of a test order, sent through the table stream, says it is a test.
  const mine = () => listOutbox(dataPaths(e2e.dataDir).outbox).filter((e) => e.orderId === orderId);
  const deadline = Date.now() + 10_000;
  while (mine().length === 0 && Date.now() < deadline) await sleep(200);
  expect(mine().map((e) => e.subject)).toEqual([expect.stringMatching(/^\[TEST\] Your shipment has been created: /)]);
  const outbox = dataPaths(e2e.dataDir).outbox;
  const files = readdirSync(outbox).filter((name) => readFileSync(path.join(outbox, name), 'utf8').includes(orderId));
  expect(files).toHaveLength(1);
  expect((JSON.parse(readFileSync(path.join(outbox, files[0]!), 'utf8')) as { text: string }).text).toMatch(/^This is a test shipment/);

  const cancelled = await typed.DELETE('/v1/shipments/{orderId}', { params: { path: { orderId } } });
  expect(cancelled.data!.data).toEqual({ orderId, status: 'cancelled', cancelledAt: expect.any(String), mode: 'test' });
}, 30_000);

it('the demo live key gets 404 for the test rate response and the test order; the test key 404 for the live ones', async () => {
  const test = await rateWith(e2e.testApiKey);
  expectTypedError(await shipWith(e2e.apiKey, test.rateResponseId), 404, 'NOT_FOUND');
  const testOrder = (await shipWith(e2e.testApiKey, test.rateResponseId)).data!.data.orderId;

  const live = await rateWith(e2e.apiKey);
  expect(live.mode).toBe('live');
  expectTypedError(await shipWith(e2e.testApiKey, live.rateResponseId), 404, 'NOT_FOUND');
  const liveShip = await shipWith(e2e.apiKey, live.rateResponseId);
  expect(liveShip.data!.data.mode).toBe('live');
  const liveOrder = liveShip.data!.data.orderId;

  for (const [key, orderId] of [
    [e2e.apiKey, testOrder],
    [e2e.testApiKey, liveOrder],
  ] as const) {
    const typed = client(key);
    const params = { params: { path: { orderId } } };
    expectTypedError(await typed.GET('/v1/labels/{orderId}', params), 404, 'NOT_FOUND');
    expectTypedError(
      await typed.GET('/v1/labels/{orderId}/{labelType}', { params: { path: { orderId, labelType: 'SHIPPING_LABEL_PDF' } }, redirect: 'manual' }),
      404,
      'NOT_FOUND',
    );
    expectTypedError(await typed.GET('/v1/track/{orderId}', params), 404, 'NOT_FOUND');
    expectTypedError(await typed.DELETE('/v1/shipments/{orderId}', params), 404, 'NOT_FOUND');
  }
  // Neither order was touched by the other mode's cancel.
  expect((await client(e2e.testApiKey).GET('/v1/track/{orderId}', { params: { path: { orderId: testOrder } } })).data!.data.transitStatus).toBe('pending');
  expect((await client().GET('/v1/track/{orderId}', { params: { path: { orderId: liveOrder } } })).data!.data.transitStatus).toBe('pending');
}, 30_000);
