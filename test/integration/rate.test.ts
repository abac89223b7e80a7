/**
 * POST /v1/rate through the local API Gateway adapter, against DynamoDB Local:
 * the real handler, store and sandbox carrier network, with faults injected
 * per carrier.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { GetCommand } from '../../shared/aws/dynamodb';
import { createApiServer, requireHandlerLoader } from '../../local/api-gateway';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { SandboxFaults } from '../../shared/carriers/sandbox/faults';
import { createRateHandler } from '../../functions/rate/handler';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys } from '../../shared/store/keys';
import { createCustomBox } from '../../shared/services/catalog';
import { itemSize, writeUnits } from '../../shared/store/item-size';
import { getRateRequest, getRateResponse } from '../../shared/store/rates';
import { addToBlacklist } from '../../shared/store/companies';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const baseBody = sampleRateBody();
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

type Rate = {
  rateResponseId: string;
  rateRequestId: string;
  carrier: { code: string };
  service: { code: string };
  rate: { totals: { discounted: { total: { amount: number } }; retail: { total: { amount: number } } } };
  isBestPrice: boolean;
};

const servers: Server[] = [];
/** A local API server whose rate function uses a sandbox network with these faults. */
const startServer = async (faults: SandboxFaults = {}) => {
  const rate = createRateHandler(createCarrierRegistry(createSandboxTransports({ faults })));
  const defaultLoader = requireHandlerLoader();
  const server = createApiServer({ loadHandler: (route) => (route.name === 'rate' ? rate : defaultLoader(route)) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
};
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

let url: string;
let apiKey: string;
let companyId: string;
beforeAll(async () => {
  url = await startServer();
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  apiKey = created.apiKey;
  companyId = created.company.companyId;
});

const rate = async (body: unknown, options: { base?: string; key?: string } = {}) => {
  const res = await fetch(`${options.base ?? url}/rate`, {
    method: 'POST',
    headers: { 'x-api-key': options.key ?? apiKey, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    json: (await res.json()) as { data?: { requestId: string; rates: Rate[] }; error?: { code: string; message: string } },
  };
};

describe('POST /v1/rate against DynamoDB Local', () => {
  it('a domestic CA→CA request gets rates from every carrier of the default group, sorted by discounted total', async () => {
    const res = await rate(baseBody);
    expect(res.status).toBe(200);
    const rates = res.json.data!.rates;
    expect(new Set(rates.map((r) => r.carrier.code))).toEqual(new Set(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF']));
    expect(new Set(rates.map((r) => r.rateResponseId)).size).toBe(rates.length);
    const totals = rates.map((r) => r.rate.totals.discounted.total.amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(rates.every((r) => r.rateRequestId === res.json.data!.requestId)).toBe(true);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('a parcel-group company is never quoted CARRIERF', async () => {
    const parcel = await stack.createCompanyWithKey({ pricingGroupId: 'parcel' });
    const res = await rate(baseBody, { key: parcel.apiKey });
    expect(res.status).toBe(200);
    expect(res.json.data!.rates.map((r) => r.carrier.code)).not.toContain('CARRIERF');
  });

  it('stores the rate request and each compact internal rate response (one write unit each) with a 24-hour expiry', async () => {
    const before = Date.now();
    const res = await rate(baseBody);
    const [first] = res.json.data!.rates;
    const stored = await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.rateResponse(first!.rateResponseId) }));
    expect(stored.Item).toMatchObject({
      companyId,
      rateResponseId: first!.rateResponseId,
      rateRequestId: res.json.data!.requestId,
      carrierCode: first!.carrier.code,
      serviceCode: first!.service.code,
      accountNumber: expect.any(String),
      totals: { discounted: [expect.any(Number), expect.any(Number), Math.round(first!.rate.totals.discounted.total.amount * 100)] },
    });
    expect(itemSize(stored.Item!)).toBeLessThanOrEqual(1024);
    const found = await getRateResponse(first!.rateResponseId, companyId);
    expect(found).toMatchObject({
      status: 'found',
      item: { carrierCode: first!.carrier.code, charges: expect.arrayContaining([expect.arrayContaining(['BASE'])]) },
    });
    for (const other of res.json.data!.rates) {
      const item = (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: keys.rateResponse(other.rateResponseId) }))).Item!;
      expect(writeUnits(item)).toBe(1);
    }
    const ttl = stored.Item!.expiresAtEpoch as number;
    expect(ttl * 1000).toBeGreaterThanOrEqual(before + 24 * 3600 * 1000 - 2000);
    expect(ttl * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000 + 2000);
    const request = await getRateRequest(res.json.data!.requestId, companyId);
    expect(request).toMatchObject({ status: 'found', item: { companyId, request: { shipper: { countryCode: 'CA' } } } });
  });

  it('the response carries nothing the interface removes', async () => {
    const res = await rate(baseBody);
    const text = JSON.stringify(res.json);
    for (const banned of ['"pk"', '"sk"', 'isThirdParty', 'carrierAccount', 'accountNumber', 'credentials', 'margin', '"companyId"', 'expiresAt']) {
      expect(text).not.toContain(banned);
    }
  });

  it('cheapest returns a single rate, the lowest total of all', async () => {
    const all = (await rate(baseBody)).json.data!.rates;
    const res = await rate({ ...clone(baseBody), shippingType: { carrier: 'cheapest' } });
    expect(res.json.data!.rates).toHaveLength(1);
    expect(res.json.data!.rates[0]!.rate.totals.discounted.total.amount).toBe(Math.min(...all.map((r) => r.rate.totals.discounted.total.amount)));
  });

  it('a custom box of the caller resolves by id; another company gets packagingType not found', async () => {
    const box = await createCustomBox(companyId, { name: 'Mine', length: 30, width: 20, height: 10, isMetric: true });
    const body = clone(baseBody);
    body.packages.pieces[0].packagingType = box.id;
    expect((await rate(body)).status).toBe(200);
    const other = await stack.createCompanyWithKey();
    const res = await rate(body, { key: other.apiKey });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: 'VALIDATION_FAILED', message: `packagingType not found: ${box.id}`, details: expect.anything() });
  });

  it('an unknown packaging code is 400 packagingType not found', async () => {
    const body = clone(baseBody);
    body.packages.pieces[0].packagingType = 'NOPE_BOX';
    const res = await rate(body);
    expect(res.status).toBe(400);
    expect(res.json.error!.message).toBe('packagingType not found: NOPE_BOX');
  });

  it('a blacklisted third-party account is 400', async () => {
    await addToBlacklist(companyId, 'TP-999');
    const res = await rate({ ...clone(baseBody), billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'TP-999', carrierCode: 'CARRIERY' } });
    expect(res.status).toBe(400);
    expect(res.json.error!.code).toBe('VALIDATION_FAILED');
  });

  it('an organization without a user is 400', async () => {
    const noUser = await stack.createCompanyWithKey({ withUser: false });
    const res = await rate(baseBody, { key: noUser.apiKey });
    expect(res.status).toBe(400);
  });

  it('a key without shipments:rate is 403', async () => {
    const key = await stack.createKey(companyId, { scopes: ['shipments:track'] });
    const res = await rate(baseBody, { key: key.apiKey });
    expect(res.status).toBe(403);
    expect(res.json.error!.code).toBe('FORBIDDEN');
  });

  it('validation problems are all reported, joined with "; "', async () => {
    const body = clone(baseBody);
    body.packages.pieces[0].weight = -1;
    body.shipper.countryCode = 'CAN';
    const res = await rate(body);
    expect(res.status).toBe(400);
    expect(res.json.error!.message).toContain('; ');
    expect(res.json.error!.message).toContain('packages.pieces[0].weight');
    expect(res.json.error!.message).toContain('shipper.countryCode');
  });

  it('a currency that is not ISO 4217 is 400 naming the field, not 422 NO_RATES', async () => {
    const body = { ...clone(baseBody), shippingOptions: { ...clone(baseBody.shippingOptions), insurance: { amount: 100, currency: 'XYZ' } } };
    const res = await rate(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'shippingOptions.insurance.currency must be an ISO 4217 currency code' });
    const lower = { ...clone(baseBody), shippingOptions: { ...clone(baseBody.shippingOptions), insurance: { amount: 100, currency: 'usd' } } };
    expect((await rate(lower)).status).toBe(200);
  });

  it('malformed JSON is 400, never 500', async () => {
    const res = await rate('{"shippingOptions": ');
    expect(res.status).toBe(400);
  });
});

describe('fan-out with faulty carriers', () => {
  it("a carrier that times out still yields the other carriers' rates", async () => {
    process.env.CARRIER_TIMEOUT_MS = '300';
    try {
      const base = await startServer({ CARRIERY: { latencyMs: 5_000 } });
      const res = await rate(baseBody, { base });
      expect(res.status).toBe(200);
      const codes = new Set(res.json.data!.rates.map((r) => r.carrier.code));
      expect(codes.has('CARRIERY')).toBe(false);
      expect(codes).toEqual(new Set(['CARRIERX', 'CARRIERZ', 'CARRIERF']));
    } finally {
      delete process.env.CARRIER_TIMEOUT_MS;
    }
  });

  it('a failing carrier is left out and the others answer', async () => {
    const base = await startServer({ CARRIERX: { error: 'http500' }, CARRIERZ: { error: 'malformed' } });
    const res = await rate(baseBody, { base });
    expect(res.status).toBe(200);
    expect(new Set(res.json.data!.rates.map((r) => r.carrier.code))).toEqual(new Set(['CARRIERY', 'CARRIERF']));
  });

  it('when no carrier returns a rate the answer is 422 NO_RATES', async () => {
    process.env.CARRIER_TIMEOUT_MS = '300';
    const base = await startServer({
      CARRIERX: { error: 'http500' },
      CARRIERY: { error: 'http500' },
      CARRIERZ: { error: 'timeout' },
      CARRIERF: { error: 'malformed' },
    });
    const res = await rate(baseBody, { base });
    delete process.env.CARRIER_TIMEOUT_MS;
    expect(res.status).toBe(422);
    expect(res.json.error!.code).toBe('NO_RATES');
  });
});
