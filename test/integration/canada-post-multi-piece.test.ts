/**
 * An order of several parcels with Canada Post (docs/canada-post.md,
 * "Multi-piece"): the rate, ship, cancel and close functions on DynamoDB
 * Local with the Canada Post connector over HTTP to the local Canada Post
 * (local/canada-post/, every request validated against Canada Post's
 * schemas). Canada Post prices and makes one parcel per shipment, so a
 * piece of quantity 2 and another are three Get Rates summed, and three
 * shipments under one order.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import type { Context, SQSEvent } from 'aws-lambda';
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { createCanadaPostSimulator } from '../../local/canada-post/simulator';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { createCancelHandler } from '../../functions/cancel/handler';
import { createManifestsCreateHandler } from '../../functions/manifests-create/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createTrackHandler } from '../../functions/track/handler';
import { createTrackingCheckHandler } from '../../functions/tracking-check/handler';
import { createTrackingRefreshHandler } from '../../functions/tracking-refresh/handler';
import type { QueuePort } from '../../shared/queues';
import { getOrder, getShipState } from '../../shared/store/orders';
import { auditTrail } from '../../shared/store/reconciliation';
import type { DueCheck } from '../../shared/store/tracking-schedule';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody, shippingDateIn } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

// Several Canada Post calls a parcel, over HTTP to the stand-in: seconds on a busy machine.
jest.setTimeout(60_000);

const stack = useFreshStack();
const CLIENT = { username: 'it-cp-user-3b1f', password: 'it-cp-password-Jq84' };
const CUSTOMER_NUMBER = '2004381';

let dataDir: string;
let apiKey: string;
let mock: CanadaPostMock;
const saved = { test: process.env.CANADAPOST_API_BASE_URL_TEST, live: process.env.CANADAPOST_API_BASE_URL_LIVE };

const registry = (): CarrierRegistry => createCarrierRegistry(createSandboxTransports({}));

type Rate = {
  rateResponseId: string;
  carrier: { code: string };
  service: { code: string };
  rate: { charges: Array<{ code: string; retail: { amount: number } }> };
};
type Json = { data?: Record<string, unknown> & { rates?: Rate[] }; error?: { code: string; message: string } };
const post = (handler: Handler, route: string, body: unknown, pathParameters: Record<string, string> | null = null) =>
  callHandler<Json>(handler, proxyEvent({ method: 'POST', path: route, key: apiKey, body, pathParameters, contentType: true }));

/** Ottawa-area shipper (Canada Post needs its phone) to Montréal; `pieces` as the interface takes them. */
const bodyOf = (pieces: Array<{ quantity: number; weight: number }>) => {
  const body = sampleRateBody() as Record<string, unknown> & { shipper: Record<string, unknown> };
  return {
    ...body,
    shipper: { ...body.shipper, phoneNumber: '613-555-0100' },
    packages: { unitOfMeasure: 'metric', pieces: pieces.map((p) => ({ ...p, length: 30, width: 20, height: 15, packagingType: 'GENERIC_BOX' })) },
  };
};

const rateCanadaPost = async (pieces: Array<{ quantity: number; weight: number }>): Promise<Rate[]> => {
  const rated = await post(createRateHandler(registry()), '/v1/rate', bodyOf(pieces));
  expect(rated.status).toBe(200);
  return rated.json.data!.rates!.filter((r) => r.carrier.code === 'CANADAPOST');
};

const THREE = [
  { quantity: 2, weight: 2 },
  { quantity: 1, weight: 6 },
];

/** A fresh company (its own orders and manifests) and its Expedited Parcel rate of `pieces`. */
const rateExpedited = async (pieces = THREE): Promise<string> => {
  ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  const rate = (await rateCanadaPost(pieces)).find((r) => r.service.code === 'CANADAPOST_EXPEDITED_PARCEL');
  expect(rate).toBeDefined();
  return rate!.rateResponseId;
};
const ship = (rateResponseId: string, options: Parameters<typeof createShipHandler>[1] = {}) =>
  post(createShipHandler(registry(), options), `/v1/ship/${rateResponseId}`, {}, { rateResponseId });
const crash = () => ({
  afterCarrierShip: () => {
    throw new Error('injected crash');
  },
});
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

/** What the deployed schedule does at `at` (as test/integration/reconciliation.test.ts): the dispatcher finds the order's due reconciliation, the tracking worker runs it. */
const reconcileAt = async (orderId: string, at: Date): Promise<DueCheck[]> => {
  const messages: DueCheck[] = [];
  const port: QueuePort<DueCheck> = { send: async (batch) => void messages.push(...batch), depth: async () => 0 };
  const clock = () => at;
  const dispatch = createTrackingRefreshHandler({ clock, queue: () => port }) as unknown as (e: unknown, c: unknown) => Promise<unknown>;
  await dispatch({}, {});
  const mine = messages.filter((m) => m.orderId === orderId && m.reconcile);
  const worker = createTrackingCheckHandler(registry(), { clock });
  const event = {
    Records: mine.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {}, messageAttributes: {} })),
  } as unknown as SQSEvent;
  expect(await worker(event, { functionName: 'tracking-check', awsRequestId: 'test' } as Context)).toEqual({ batchItemFailures: [] });
  return mine;
};
const cancel = (orderId: string) =>
  callHandler<Json>(
    createCancelHandler(registry()),
    proxyEvent({ method: 'DELETE', path: `/v1/shipments/${orderId}`, key: apiKey, pathParameters: { orderId } }),
  );
const track = (orderId: string) =>
  callHandler<Json>(createTrackHandler(registry()), proxyEvent({ method: 'GET', path: `/v1/track/${orderId}`, key: apiKey, pathParameters: { orderId } }));
/** Shipments made under the order's reference (`<32 hex>-<n>`), billable ones (neither voided nor refunded). */
const madeFor = (rateResponseId: string) => mock.simulator.shipments.filter((s) => s.customerRequestId?.startsWith(rateResponseId.replaceAll('-', '')));
const billableFor = (rateResponseId: string) => madeFor(rateResponseId).filter((s) => !s.voided && !s.refund);

const schemas = canadaPostXsdAvailable() || process.env.CI === 'true';
const maybe = schemas ? describe : describe.skip;

maybe('Canada Post, an order of several parcels', () => {
  beforeAll(async () => {
    mock = await startCanadaPostMock({ clients: [CLIENT] });
    process.env.CANADAPOST_API_BASE_URL_TEST = mock.url;
    process.env.CANADAPOST_API_BASE_URL_LIVE = mock.url;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-multi-'));
    process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
    const file = path.join(dataDir, 'cp.json');
    writeFileSync(file, JSON.stringify({ ...CLIENT, refundEmail: 'ops@example.com' }), { mode: 0o600 });
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const { carrierAccountId } = (await executeAdminCommand(
      parseAdminCommand([
        'carrier-account',
        'add',
        '--carrier',
        'CANADAPOST',
        '--customer-number',
        CUSTOMER_NUMBER,
        '--contract-id',
        '42708517',
        '--credentials-file',
        file,
      ]),
      undefined,
      io,
    )) as { carrierAccountId: string };
    await executeAdminCommand(
      parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CANADAPOST', '--carrier-account', carrierAccountId]),
      undefined,
      io,
    );
    ({ apiKey } = await stack.createCompanyWithKey({ pricingGroupId: 'default' }));
  });
  afterAll(async () => {
    await mock?.close();
    for (const [mode, value] of Object.entries(saved)) {
      const name = `CANADAPOST_API_BASE_URL_${mode.toUpperCase()}`;
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    delete process.env.CARRIER_SECRETS_DIR;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('rates a piece of quantity 2 and another as three parcels: one Get Rates per piece, each price the sum of its parcels', async () => {
    const single = async (weight: number) => new Map((await rateCanadaPost([{ quantity: 1, weight }])).map((r) => [r.service.code, r]));
    const [light, heavy] = [await single(2), await single(6)];
    const before = mock.seen.length;
    const rates = await rateCanadaPost([
      { quantity: 2, weight: 2 },
      { quantity: 1, weight: 6 },
    ]);
    expect(mock.seen.slice(before).filter((s) => s.path === '/rs/ship/price')).toHaveLength(2);
    expect(rates.map((r) => r.service.code)).toEqual(expect.arrayContaining(['CANADAPOST_EXPEDITED_PARCEL', 'CANADAPOST_PRIORITY']));
    const cents = (r: Rate) => Math.round(r.rate.charges.reduce((sum, c) => sum + c.retail.amount, 0) * 100);
    for (const rate of rates) expect(cents(rate)).toBe(2 * cents(light.get(rate.service.code)!) + cents(heavy.get(rate.service.code)!));
  });

  it('ships three parcels as three Canada Post shipments under one order, each under its own reference, the labels in parcel order', async () => {
    const id = await rateExpedited();
    const shipped = await ship(id);
    expect([shipped.status, shipped.json.error?.message]).toEqual([200, undefined]);
    const made = madeFor(id);
    const ref = id.replaceAll('-', '');
    expect(made.map((s) => s.customerRequestId)).toEqual([`${ref}-1`, `${ref}-2`, `${ref}-3`]);
    expect(made.map((s) => s.customerRef1)).toEqual([`${ref}-1`, `${ref}-2`, `${ref}-3`]);
    const pins = made.map((s) => s.trackingPin);
    expect(shipped.json.data).toMatchObject({ trackingNumber: pins[0] });
    const { order } = (await getOrder(String(shipped.json.data!.orderId)))!;
    expect(order).toMatchObject({ trackingNumber: pins[0], pieceTrackingNumbers: pins, carrierShipmentId: made[0]!.shipmentId });
    expect(order.carrierDocuments?.filter((d) => d.type === 'label').map((d) => d.packageIndex)).toEqual([0, 1, 2]);
  });

  it('a refusal at the second parcel voids the first and answers 502; shipping again makes the three', async () => {
    const id = await rateExpedited();
    mock.simulator.failNext('refuse', 1, 'createShipment', 1);
    const refused = await ship(id);
    expect(refused.status).toBe(502);
    expect(refused.json.error?.message).toMatch(/refused parcel 2 of 3.*the 1 parcel\(s\) made before it were voided/);
    expect(madeFor(id)).toHaveLength(1);
    expect(billableFor(id)).toHaveLength(0);
    const again = await ship(id);
    expect(again.status).toBe(200);
    expect(billableFor(id)).toHaveLength(3);
  });

  it("the second parcel's answer lost: shipping again adopts the first two and buys the third once", async () => {
    const id = await rateExpedited();
    mock.simulator.failNext('lose-answer', 1, 'createShipment', 1);
    const lost = await ship(id);
    expect(lost.status).toBe(502);
    expect(billableFor(id)).toHaveLength(2);
    const again = await ship(id);
    expect(again.status).toBe(200);
    const made = madeFor(id);
    expect(made).toHaveLength(3);
    expect(billableFor(id)).toHaveLength(3);
    const { order } = (await getOrder(String(again.json.data!.orderId)))!;
    expect(order.pieceTrackingNumbers).toEqual(made.map((s) => s.trackingPin));
  });

  it("tracks every parcel's PIN, the order as far as its least advanced parcel", async () => {
    const id = await rateExpedited();
    const shipped = await ship(id);
    const orderId = String(shipped.json.data!.orderId);
    const pins = madeFor(id).map((s) => s.trackingPin);
    const before = mock.seen.length;
    for (const pin of pins) mock.simulator.advance(pin);
    mock.simulator.advance(pins[0]!);
    mock.simulator.advance(pins[2]!);
    const tracked = await track(orderId);
    expect(tracked.status).toBe(200);
    expect(
      mock.seen
        .slice(before)
        .filter((s) => s.path.startsWith('/vis/track/pin/'))
        .map((s) => s.path.split('/')[4])
        .sort(),
    ).toEqual([...pins].sort());
    expect(tracked.json.data).toMatchObject({ trackingNumber: pins[0], transitStatus: 'intransit' });
  });

  it('one cancel voids every parcel', async () => {
    const id = await rateExpedited();
    const shipped = await ship(id);
    const orderId = String(shipped.json.data!.orderId);
    const cancelled = await cancel(orderId);
    expect([cancelled.status, cancelled.json.error?.message]).toEqual([200, undefined]);
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled' });
    expect(madeFor(id).map((s) => s.voided)).toEqual([true, true, true]);
  });

  it('a cancel that voids only some parcels answers 502 naming the rest; cancelling again finishes', async () => {
    const id = await rateExpedited();
    const orderId = String((await ship(id)).json.data!.orderId);
    mock.simulator.failNext('refuse', 1, 'voidShipment', 1);
    const partial = await cancel(orderId);
    expect(partial.status).toBe(502);
    expect(partial.json.error?.message).toMatch(/1 of 3 parcels not cancelled/);
    expect(madeFor(id).map((s) => s.voided)).toEqual([true, false, true]);
    expect((await getOrder(orderId))!.order.status).toBe('pending');
    const again = await cancel(orderId);
    expect(again.status).toBe(200);
    expect(billableFor(id)).toHaveLength(0);
  });

  it("the day's close transmits every parcel's shipment; a cancel afterwards refunds each", async () => {
    const id = await rateExpedited();
    const orderId = String((await ship(id)).json.data!.orderId);
    const closed = await callHandler<Json>(
      createManifestsCreateHandler(),
      proxyEvent({ method: 'POST', path: '/v1/manifests', key: apiKey, body: { carrierCode: 'CANADAPOST', shipDate: shippingDateIn(1) }, contentType: true }),
    );
    expect([closed.status, closed.json.error?.message]).toEqual([201, undefined]);
    expect(madeFor(id).map((s) => s.status)).toEqual(['transmitted', 'transmitted', 'transmitted']);
    const cancelled = await cancel(orderId);
    expect([cancelled.status, cancelled.json.error?.message]).toEqual([200, undefined]);
    expect(madeFor(id).every((s) => s.refund !== undefined)).toBe(true);
  });

  describe('the reconciler', () => {
    it('a crash after the three parcels were bought, the caller never retries: the order adopts all three', async () => {
      const id = await rateExpedited();
      expect((await ship(id, crash())).status).toBe(500);
      expect(billableFor(id)).toHaveLength(3);
      const orderId = (await getShipState(id))!.claim!.orderId;
      expect(await reconcileAt(orderId, minutes(7))).toEqual([expect.objectContaining({ reconcile: 'SHIP' })]);
      const stored = await getOrder(orderId);
      expect(stored?.order.pieceTrackingNumbers).toEqual(madeFor(id).map((s) => s.trackingPin));
      expect(billableFor(id)).toHaveLength(3);
      expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['orphan-adopted']);
    });

    it('the second parcel’s answer lost and no retry: no order is made of two parcels; once the rate is given up both are voided', async () => {
      const id = await rateExpedited();
      mock.simulator.failNext('lose-answer', 1, 'createShipment', 1);
      expect((await ship(id)).status).toBe(502);
      expect(billableFor(id)).toHaveLength(2);
      const orderId = (await getShipState(id))!.uncertainAttempt!.orderId;
      // Adopting needs every parcel: the two are left for the caller's retry to adopt (it then buys the third).
      expect(await reconcileAt(orderId, minutes(7))).toHaveLength(1);
      expect(await getOrder(orderId)).toBeUndefined();
      expect(billableFor(id)).toHaveLength(2);
      // The rate expired: nobody can adopt them now.
      expect(await reconcileAt(orderId, minutes(25 * 60))).toHaveLength(1);
      expect(billableFor(id)).toHaveLength(0);
      expect((await auditTrail(orderId)).map((e) => e.action)).toEqual(['orphan-voided', 'orphan-voided']);
    });

    it('a cancel whose void of one parcel had no clear answer: the void round voids that parcel too, then the order is cancelled', async () => {
      const id = await rateExpedited();
      const orderId = String((await ship(id)).json.data!.orderId);
      // The last parcel is voided first: its three attempts answer 500, the outcome unknown.
      mock.simulator.failNext('http500', 3, 'voidShipment');
      const unclear = await cancel(orderId);
      expect(unclear.status).toBe(502);
      expect(madeFor(id).map((s) => s.voided)).toEqual([true, true, false]);
      expect(await reconcileAt(orderId, minutes(7))).toEqual([expect.objectContaining({ reconcile: 'VOID' })]);
      expect(billableFor(id)).toHaveLength(0);
      expect((await getOrder(orderId))!.order.status).toBe('cancelled');
    });

    it('a retry that bought the three again while the first ones were not listed yet: the late duplicates are voided, the order keeps its own', async () => {
      // A shipment is listed a minute after it is made, by the simulator's clock, which the test moves on when it is
      // time: the first three stay unlisted through the retry however slow the machine.
      let listedAhead = 0;
      const late = await startCanadaPostMock({
        clients: [CLIENT],
        simulator: createCanadaPostSimulator({ clients: [CLIENT], listAfterMs: 60_000, now: () => new Date(Date.now() + listedAhead) }),
      });
      process.env.CANADAPOST_API_BASE_URL_TEST = late.url;
      process.env.CANADAPOST_API_BASE_URL_LIVE = late.url;
      try {
        const id = await rateExpedited();
        expect((await ship(id, crash())).status).toBe(500);
        const retried = await ship(id, { clock: () => minutes(1) });
        expect(retried.status).toBe(200);
        const orderId = String(retried.json.data!.orderId);
        const ours = late.simulator.shipments.filter((s) => s.customerRequestId?.startsWith(id.replaceAll('-', '')));
        expect(ours).toHaveLength(6);
        listedAhead = 61_000;
        await reconcileAt(orderId, minutes(7));
        const billable = ours.filter((s) => !s.voided && !s.refund).map((s) => s.trackingPin);
        expect(billable).toEqual((await getOrder(orderId))!.order.pieceTrackingNumbers);
        expect(billable).toEqual(ours.slice(3).map((s) => s.trackingPin));
      } finally {
        process.env.CANADAPOST_API_BASE_URL_TEST = mock.url;
        process.env.CANADAPOST_API_BASE_URL_LIVE = mock.url;
        await late.close();
      }
    });
  });
});
