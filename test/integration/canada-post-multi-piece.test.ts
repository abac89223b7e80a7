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
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { createRateHandler } from '../../functions/rate/handler';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { callHandler, proxyEvent, type Handler } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const CLIENT = { username: 'it-cp-user-3b1f', password: 'it-cp-password-Jq84' };
const CUSTOMER_NUMBER = '2004381';

let dataDir: string;
let apiKey: string;
let mock: CanadaPostMock;
const saved = { test: process.env.CANADAPOST_API_BASE_URL_TEST, live: process.env.CANADAPOST_API_BASE_URL_LIVE };

const registry = (): CarrierRegistry => createCarrierRegistry(createSandboxTransports({}));

type Rate = { rateResponseId: string; carrier: { code: string }; service: { code: string }; rate: { charges: Array<{ code: string; retail: { amount: number } }> } };
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
  const rated = await post(createRateHandler(registry()) as unknown as Handler, '/v1/rate', bodyOf(pieces));
  expect(rated.status).toBe(200);
  return rated.json.data!.rates!.filter((r) => r.carrier.code === 'CANADAPOST');
};

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
      parseAdminCommand(['carrier-account', 'add', '--carrier', 'CANADAPOST', '--customer-number', CUSTOMER_NUMBER, '--contract-id', '42708517', '--credentials-file', file]),
      undefined,
      io,
    )) as { carrierAccountId: string };
    await executeAdminCommand(parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CANADAPOST', '--carrier-account', carrierAccountId]), undefined, io);
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
});
