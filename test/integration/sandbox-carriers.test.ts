/**
 * SANDBOX_CARRIERS through the real handlers on DynamoDB Local: with `test`
 * (the prod stage's setting) a live key never sees a sandbox carrier, in the
 * catalog, its packaging, its rates or its ship, while a test key sees them
 * all; with `off` no key does; with `all` (dev, local) every key does. A
 * live carrier (UPS, on its simulator) answers every key, whatever the
 * setting. A carrier the setting hides answers as one outside the pricing
 * group: absent (from a rate's `unavailable` too), 404.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { createUpsSimulator } from '../../local/ups/simulator';
import { handler as carrierServicesHandler } from '../../functions/carrier-services/handler';
import { handler as carriersHandler } from '../../functions/carriers/handler';
import { handler as packagingTypesHandler } from '../../functions/packaging-types/handler';
import { createRateHandler } from '../../functions/rate/handler';
import { createShipHandler } from '../../functions/ship/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { CarrierCallOptions } from '../../shared/domain/carrier';
import type { UpsApi, UpsRequest } from '../../shared/carriers/ups/api';
import { carriers as referenceCarriers } from '../../shared/reference/carriers';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

const SANDBOX = referenceCarriers
  .filter((c) => c.network === 'sandbox')
  .map((c) => c.code)
  .sort();

const simulator = createUpsSimulator();
const registry = createCarrierRegistry(createSandboxTransports({}), {
  clientFor: async (_connector, options: CarrierCallOptions): Promise<UpsApi> => ({
    mode: options.mode ?? 'live',
    send: async (request: UpsRequest) =>
      JSON.parse(JSON.stringify(simulator.send(JSON.parse(JSON.stringify(request)) as UpsRequest))) as { status: number; body: unknown },
  }),
});
const rateHandler = createRateHandler(registry);
const shipHandler = createShipHandler(registry);

type Json = { data?: unknown; error?: { code: string; message: string } };
const call = (handler: unknown, e: APIGatewayProxyEvent) => callHandler<Json | undefined>(handler as Handler, e);
const get = (handler: unknown, route: string, key: string, query: Record<string, string> | null = null) =>
  call(handler, { ...proxyEvent({ method: 'GET', path: route, key }), queryStringParameters: query });

const keys = { live: '', test: '' };
let dataDir: string;
beforeAll(async () => {
  // A live carrier in the group beside the sandbox ones: UPS, on an account, answered by the simulator.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-carriers-'));
  process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
  const file = path.join(dataDir, 'ups.json');
  writeFileSync(file, JSON.stringify({ clientId: 'it-client', clientSecret: 'it-secret-value' }), { mode: 0o600 });
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  const { carrierAccountId } = (await executeAdminCommand(
    parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'A1B2C3', '--credentials-file', file]),
    undefined,
    io,
  )) as { carrierAccountId: string };
  await executeAdminCommand(
    parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId]),
    undefined,
    io,
  );

  const company = await stack.createCompany({ pricingGroupId: 'default' });
  keys.live = (await stack.createKey(company.companyId)).apiKey;
  keys.test = (await stack.createKey(company.companyId, { mode: 'test' })).apiKey;
});
afterAll(() => {
  delete process.env.CARRIER_SECRETS_DIR;
  delete process.env.SANDBOX_CARRIERS;
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.SANDBOX_CARRIERS;
});
const setting = (value: 'all' | 'test' | 'off') => {
  process.env.SANDBOX_CARRIERS = value;
};

/** What a key sees of the carriers: GET /v1/carriers, each carrier's GET /v1/carrier-services, the carriers of GET /v1/packaging-types and of POST /v1/rate. */
const seenBy = async (key: string) => {
  const listed = await get(carriersHandler, '/v1/carriers', key);
  expect(listed.status).toBe(200);
  const carriers = (listed.json!.data as Array<{ code: string }>).map((c) => c.code).sort();

  const withServices: string[] = [];
  for (const code of [...SANDBOX, 'UPS']) {
    const services = await get(carrierServicesHandler, '/v1/carrier-services', key, { carrierCode: code });
    if (services.status === 200) withServices.push(code);
    else
      expect({ status: services.status, error: services.json?.error }).toEqual({
        status: 404,
        error: { code: 'NOT_FOUND', message: `carrier not found in your pricing group: ${code}` },
      });
  }

  const packaging = await get(packagingTypesHandler, '/v1/packaging-types', key);
  expect(packaging.status).toBe(200);
  const packagingCarriers = [
    ...new Set((packaging.json!.data as Array<{ carrierId: string | null }>).flatMap((p) => (p.carrierId ? [p.carrierId] : []))),
  ].sort();

  const rated = await call(rateHandler, proxyEvent({ method: 'POST', path: '/v1/rate', key, body: sampleRateBody() }));
  expect(rated.status).toBe(200);
  const { rates, unavailable } = rated.json!.data as {
    rates: Array<{ rateResponseId: string; carrier: { code: string } }>;
    unavailable: Array<{ carrier: { code: string } }>;
  };
  const rateCarriers = [...new Set(rates.map((r) => r.carrier.code))].sort();
  return { carriers, withServices: withServices.sort(), packagingCarriers, rateCarriers, rates, unavailableCarriers: unavailable.map((u) => u.carrier.code) };
};

const ship = (key: string, rateResponseId: string) =>
  call(shipHandler, proxyEvent({ method: 'POST', path: `/v1/ship/${rateResponseId}`, key, pathParameters: { rateResponseId }, body: {} }));

const expectNotFound = (res: { status: number; json: Json | undefined }) =>
  expect({ status: res.status, error: res.json?.error }).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: 'rate response not found' } });

describe('SANDBOX_CARRIERS=test (prod)', () => {
  it('a live key sees no sandbox carrier in carriers, carrier-services, packaging-types or rate, UPS only; a test key sees and ships them all', async () => {
    setting('test');
    // Not even as missing from the rate answer: a hidden carrier is outside the key's pricing group.
    expect(await seenBy(keys.live)).toMatchObject({
      carriers: ['UPS'],
      withServices: ['UPS'],
      packagingCarriers: ['CANADAPOST', 'FEDEX', 'UPS'],
      rateCarriers: ['UPS'],
      unavailableCarriers: [],
    });

    const seen = await seenBy(keys.test);
    const all = [...SANDBOX, 'UPS'].sort();
    expect(seen).toMatchObject({ carriers: all, withServices: all });
    expect(seen.packagingCarriers).toEqual(expect.arrayContaining(['CARRIERX', 'UPS']));
    expect(seen.rateCarriers).toEqual(expect.arrayContaining(['CARRIERX', 'CARRIERY', 'UPS']));
    const shipped = await ship(keys.test, seen.rates.find((r) => r.carrier.code === 'CARRIERX')!.rateResponseId);
    expect(shipped.status).toBe(200);
    expect(shipped.json!.data).toMatchObject({ mode: 'test' });
  });

  it("a live key cannot ship a sandbox carrier's rate quoted under `all` (dev's setting) once it is `test`: 404, nothing claimed; its UPS rate ships", async () => {
    setting('all');
    const before = await seenBy(keys.live);
    expect(before.carriers).toEqual([...SANDBOX, 'UPS'].sort());
    const sandboxRate = before.rates.find((r) => r.carrier.code === 'CARRIERX')!;
    const upsRate = before.rates.find((r) => r.carrier.code === 'UPS')!;
    setting('test');
    expectNotFound(await ship(keys.live, sandboxRate.rateResponseId));
    expect((await ship(keys.live, upsRate.rateResponseId)).status).toBe(200);
    // Refused before any claim: with the setting back, the same rate ships once.
    setting('all');
    expect((await ship(keys.live, sandboxRate.rateResponseId)).status).toBe(200);
  });
});

describe('SANDBOX_CARRIERS=off', () => {
  it('neither a live key nor a test key sees a sandbox carrier, or ships one', async () => {
    setting('all');
    const quoted = await seenBy(keys.test);
    const sandboxRate = quoted.rates.find((r) => r.carrier.code === 'CARRIERY')!;
    setting('off');
    for (const key of [keys.live, keys.test]) {
      expect(await seenBy(key)).toMatchObject({
        carriers: ['UPS'],
        withServices: ['UPS'],
        packagingCarriers: ['CANADAPOST', 'FEDEX', 'UPS'],
        rateCarriers: ['UPS'],
      });
    }
    expectNotFound(await ship(keys.test, sandboxRate.rateResponseId));
  });
});

it('an unknown SANDBOX_CARRIERS fails every request (500), never served as one of the values', async () => {
  process.env.SANDBOX_CARRIERS = 'live';
  expect((await get(carriersHandler, '/v1/carriers', keys.live)).status).toBe(500);
});
