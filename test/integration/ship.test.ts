/**
 * POST /v1/ship/{rateResponseId} against DynamoDB Local: the real handlers,
 * store and sandbox carriers. Exactly once per rate response across separate
 * handler instances (no shared memory), a carrier failure leaves the rate
 * shippable, an injected crash after the carrier call is recovered by a retry
 * with one carrier shipment, and tenant isolation.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { SandboxFaults } from '../../shared/carriers/sandbox/faults';
import { addToBlacklist } from '../../shared/store/companies';
import { CarrierRefusal, CarrierTimeout, type ShipInput } from '../../shared/domain/carrier';
import type { CarrierPort } from '../../shared/carriers/port';
import { getOrder, getShipState } from '../../shared/store/orders';
import { sampleRateBody } from '../support/rate-body';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

type Json = {
  data?: Record<string, unknown> & { rates?: Array<{ rateResponseId: string; carrier: { code: string } }> };
  error?: { code: string; message: string };
};

const event = (path: string, key: string, body?: unknown, pathParameters: Record<string, string> | null = null) =>
  proxyEvent({ method: 'POST', path, key, body, pathParameters, contentType: true });
const call = (handler: Handler, e: APIGatewayProxyEvent) => callHandler<Json>(handler, e);

const rateHandler = createRateHandler(createCarrierRegistry(createSandboxTransports({})));
/** A ship function as one container would have it: its own registry, its own module state. */
const shipHandler = (faults: SandboxFaults = {}, options: Parameters<typeof createShipHandler>[1] = {}) =>
  createShipHandler(createCarrierRegistry(createSandboxTransports({ faults })), options);

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

const rateOne = async (carrier = 'CARRIERX', key = apiKey): Promise<string> => {
  const res = await call(rateHandler, event('/v1/rate', key, sampleRateBody()));
  expect(res.status).toBe(200);
  const rate = res.json.data!.rates!.find((r) => r.carrier.code === carrier);
  return rate!.rateResponseId;
};

const ship = (handler: Handler, rateResponseId: string, key = apiKey, body: unknown = {}) =>
  call(handler, event(`/v1/ship/${rateResponseId}`, key, body, { rateResponseId }));

describe('POST /v1/ship', () => {
  it('ships a rate: order, tracking, labels; a repeat is the same shipment, replayed', async () => {
    const id = await rateOne();
    const handler = shipHandler();
    const first = await ship(handler, id);
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json.data).toMatchObject({
      rateResponseId: id,
      status: 'pending',
      carrier: { code: 'CARRIERX' },
      metadata: { trackingUrl: expect.stringContaining(String(first.json.data!.trackingNumber)) },
      labels: {
        available: expect.arrayContaining([expect.objectContaining({ code: 'SHIPPING_LABEL_PDF' }), expect.objectContaining({ code: 'SHIPPING_LABEL_ZPL' })]),
      },
    });
    const again = await ship(shipHandler(), id);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json.data).toEqual(first.json.data);
    const stored = await getOrder(String(first.json.data!.orderId));
    expect(stored?.order).toMatchObject({ companyId, rateResponseId: id, trackingNumber: first.json.data!.trackingNumber });
    expect(stored?.request).toMatchObject({ shipper: { countryCode: 'CA' } });
  });

  it('20 parallel ships of one rate response across separate handler instances create exactly one order', async () => {
    const id = await rateOne('CARRIERY');
    const results = await Promise.all(Array.from({ length: 20 }, () => ship(shipHandler({ CARRIERY: { latencyMs: 200 } }), id)));
    const ok = results.filter((r) => r.status === 200);
    const busy = results.filter((r) => r.status === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(new Set(ok.map((r) => r.json.data!.orderId)).size).toBe(1);
    for (const r of busy) {
      expect(r.json.error?.code).toBe('SHIPMENT_IN_PROGRESS');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const settled = await ship(shipHandler(), id);
    expect(settled.json.data!.orderId).toBe(ok[0]!.json.data!.orderId);
  });

  it('a carrier failure answers 502 CARRIER_ERROR and leaves the rate shippable', async () => {
    const id = await rateOne('CARRIERZ');
    const failed = await ship(shipHandler({ CARRIERZ: { error: 'http500' } }), id);
    expect(failed.status).toBe(502);
    expect(failed.json.error?.code).toBe('CARRIER_ERROR');
    const retried = await ship(shipHandler(), id);
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  /** A ship function whose carriers hear every ShipInput, and answer `fail`'s error first when given. */
  const watchedShipHandler = (inputs: ShipInput[], fail?: () => Error) => {
    const registry = createCarrierRegistry(createSandboxTransports({}));
    let failed = false;
    const watched = (port: CarrierPort): CarrierPort => ({
      ...port,
      ship: async (input, options) => {
        inputs.push(input);
        if (fail && !failed) {
          failed = true;
          throw fail();
        }
        return port.ship(input, options);
      },
    });
    return createShipHandler({
      ...registry,
      port: (code) => {
        const found = registry.port(code);
        return found && watched(found);
      },
    });
  };

  it('a carrier failure without a clear answer makes the next ship ask the carrier for the shipment first (mayExist), to the same ship time and order id', async () => {
    const id = await rateOne('CARRIERZ');
    const inputs: ShipInput[] = [];
    const failed = await ship(
      watchedShipHandler(inputs, () => new CarrierTimeout('CARRIERZ', 'no answer in time')),
      id,
    );
    expect(failed.status).toBe(502);
    expect(failed.json.error?.code).toBe('CARRIER_ERROR');
    expect(inputs[0]!.mayExist).toBeUndefined();
    const retried = await ship(watchedShipHandler(inputs), id);
    expect(retried.status).toBe(200);
    expect(inputs[1]).toMatchObject({ reference: id, mayExist: true, shipTime: inputs[0]!.shipTime });
    // The note is gone with the order: a replay never reaches the carrier.
    const state = await getShipState(id);
    expect(state).toMatchObject({ orderId: retried.json.data!.orderId });
    expect(state?.uncertainAttempt).toBeUndefined();
  });

  it("the carrier's refusal is 422 CARRIER_REJECTED with its reason, leaves the rate shippable and no doubt behind", async () => {
    const id = await rateOne('CARRIERZ');
    const inputs: ShipInput[] = [];
    const refused = await ship(
      watchedShipHandler(inputs, () => new CarrierRefusal('CARRIERZ', 'the consignee postal code does not match the city')),
      id,
    );
    expect(refused.status).toBe(422);
    expect(refused.json.error).toEqual({
      code: 'CARRIER_REJECTED',
      message: 'CARRIERZ rejected the shipment: the consignee postal code does not match the city',
    });
    expect((await getShipState(id))?.uncertainAttempt).toBeUndefined();
    const retried = await ship(watchedShipHandler(inputs), id);
    expect(retried.status).toBe(200);
    expect(inputs[1]!.mayExist).toBeUndefined();
  });

  it('a crash after the carrier call is recovered by a retry once the claim is stale: same carrier shipment, one order', async () => {
    const id = await rateOne('CARRIERX');
    let crashed: string | undefined;
    const crashing = shipHandler(
      {},
      {
        afterCarrierShip: (shipment) => {
          crashed = shipment.trackingNumber;
          throw new Error('injected crash');
        },
      },
    );
    expect((await ship(crashing, id)).status).toBe(500);
    expect(crashed).toBeDefined();
    // While the claim is fresh, a retry is told to wait.
    expect((await ship(shipHandler(), id)).status).toBe(409);
    const later = new Date(Date.now() + 60_000);
    const retried = await ship(shipHandler({}, { clock: () => later }), id);
    expect(retried.status).toBe(200);
    expect(retried.json.data!.trackingNumber).toBe(crashed);
  });

  it("another company's rate response is 404 and stays untouched; an unknown or malformed id is 404 or 400", async () => {
    const id = await rateOne();
    const handler = shipHandler();
    expect((await ship(handler, id, otherKey)).status).toBe(404);
    expect((await ship(handler, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const bad of ['not-a-uuid', '..%2F..%2Fetc', 'x'.repeat(500)]) expect((await ship(handler, bad)).status).toBe(400);
    expect((await ship(handler, id.toUpperCase())).status).toBe(200);
    expect((await ship(handler, id)).headers['idempotent-replayed']).toBe('true');
  });

  it('an expired rate is 410 RATE_EXPIRED; a shipped one still answers its shipment after expiry', async () => {
    const fresh = await rateOne();
    const shipped = await rateOne('CARRIERY');
    const first = await ship(shipHandler(), shipped);
    const dayAfter = new Date(Date.now() + 25 * 3600 * 1000);
    const expired = await ship(shipHandler({}, { clock: () => dayAfter }), fresh);
    expect(expired.status).toBe(410);
    expect(expired.json.error?.code).toBe('RATE_EXPIRED');
    const replay = await ship(shipHandler({}, { clock: () => dayAfter }), shipped);
    expect(replay.status).toBe(200);
    expect(replay.json.data!.orderId).toBe(first.json.data!.orderId);
  });

  it('a third-party account blacklisted after rating is refused at ship (400) before the carrier is asked', async () => {
    const company = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
    const body = { ...sampleRateBody(), billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'TP-777', carrierCode: 'CARRIERY' } };
    const rated = await call(rateHandler, event('/v1/rate', company.apiKey, body));
    expect(rated.status).toBe(200);
    const id = rated.json.data!.rates![0]!.rateResponseId;
    await addToBlacklist(company.company.companyId, 'tp 777');
    const refused = await ship(shipHandler(), id, company.apiKey);
    expect(refused.status).toBe(400);
    expect(refused.json.error?.message).toContain('billingOptions.thirdPartyShipperNumber');
    // Refused before the carrier: the claim was released, a second try is refused the same way, not 409.
    expect((await ship(shipHandler(), id, company.apiKey)).status).toBe(400);
  });

  it('a prepaid organization gets 402; a body that is not an object is 400', async () => {
    const prepaid = await stack.createCompanyWithKey({ pricingGroupId: 'default', billing: 'prepaid' });
    const id = await rateOne('CARRIERX', prepaid.apiKey);
    const res = await ship(shipHandler(), id, prepaid.apiKey);
    expect(res.status).toBe(402);
    expect(res.json.error?.code).toBe('ACCOUNT_BILLING_REQUIRED');
    const mine = await rateOne();
    expect((await ship(shipHandler(), mine, apiKey, [1, 2])).status).toBe(400);
    expect((await ship(shipHandler(), mine, apiKey, { labelFormat: 'GIF' })).status).toBe(400);
  });
});
