/**
 * A rate whose Canada Post quote is refused names Canada Post in
 * `data.unavailable` with the reason (issue 45): through the rate handler
 * and Canada Post's live connector, against its local stand-in
 * (local/canada-post/mock-server.ts) behind a front that can answer in its
 * place (test/support/carrier-front.ts), on DynamoDB Local. The account is
 * connected as an operator does it, with the admin CLI, on the default
 * group's Canada Post plan.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { startCanadaPostMock, type CanadaPostMock } from '../../local/canada-post/mock-server';
import { canadaPostXsdAvailable } from '../../local/canada-post/xsd';
import { createRateHandler } from '../../functions/rate/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { rateResponse, type RateResponse } from '../../shared/contract/rate';
import { startCarrierFront, type CarrierFront } from '../support/carrier-front';
import { callHandler, proxyEvent } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
jest.setTimeout(30_000);

const CP_CLIENT = { username: 'it-cp-user-2c7e', password: 'it-cp-Hn5Qw8-Lk2x' };
const CUSTOMER_NUMBER = '2004381';
const CONTRACT_ID = '42708517';

let cpMock: CanadaPostMock;
let cpFront: CarrierFront;
let dataDir: string;
let apiKey: string;
let carrierAccountId: string;

const registry = createCarrierRegistry(createSandboxTransports({}));

/** A parcel from Ottawa to Montréal, one package: Canada Post quotes it when the sender has a phone. */
const canadianBody = (phoneNumber?: string) => {
  const body = sampleRateBody() as Record<string, unknown> & { shipper: Record<string, unknown>; packages: { pieces: Array<Record<string, unknown>> } };
  return {
    ...body,
    shipper: { ...body.shipper, ...(phoneNumber ? { phoneNumber } : {}) },
    packages: { ...body.packages, pieces: body.packages.pieces.slice(0, 1).map((p) => ({ ...p, quantity: 1 })) },
  };
};

const rate = async (body: Record<string, unknown>): Promise<{ raw: string; data: RateResponse }> => {
  const answer = await callHandler<{ data?: unknown; error?: unknown }>(
    createRateHandler(registry),
    proxyEvent({ method: 'POST', path: '/v1/rate', key: apiKey, body }),
  );
  expect([answer.status, answer.json.error]).toEqual([200, undefined]);
  return { raw: JSON.stringify(answer.json), data: rateResponse.parse(answer.json.data) };
};
const canadaPostEntry = (data: RateResponse) => data.unavailable.find((u) => u.carrier.code === 'CANADAPOST');

const schemas = canadaPostXsdAvailable() || process.env.CI === 'true';
const maybe = schemas ? describe : describe.skip;
if (!schemas) process.stderr.write("skipped: Canada Post refusal: Canada Post's XML schemas are absent (set CANADAPOST_XSD_DIR)\n");

maybe('a refused Canada Post quote in data.unavailable', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rating-cp-refused-'));
    process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
    cpMock = await startCanadaPostMock({ clients: [CP_CLIENT] });
    cpFront = await startCarrierFront(cpMock.url);
    process.env.CANADAPOST_API_BASE_URL_LIVE = cpFront.url;
    const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
    const file = path.join(dataDir, 'canada-post.json');
    writeFileSync(file, JSON.stringify(CP_CLIENT), { mode: 0o600 });
    const added = (await executeAdminCommand(
      parseAdminCommand([
        'carrier-account',
        'add',
        '--carrier',
        'CANADAPOST',
        '--account-number',
        CUSTOMER_NUMBER,
        '--contract-id',
        CONTRACT_ID,
        '--credentials-file',
        file,
      ]),
      undefined,
      io,
    )) as { carrierAccountId: string };
    carrierAccountId = added.carrierAccountId;
    await executeAdminCommand(
      parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'CANADAPOST', '--carrier-account', carrierAccountId]),
      undefined,
      io,
    );
    apiKey = (await stack.createCompanyWithKey({ pricingGroupId: 'default' })).apiKey;
  }, 60_000);

  afterAll(async () => {
    await cpFront?.close();
    await cpMock?.close();
    delete process.env.CANADAPOST_API_BASE_URL_LIVE;
    delete process.env.CARRIER_SECRETS_DIR;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => {
    delete cpFront.answer;
  });

  it("with the shipper's phone, Canada Post quotes: it is not in unavailable", async () => {
    const { data } = await rate(canadianBody('613-555-0100'));
    expect(data.rates.some((r) => r.carrier.code === 'CANADAPOST')).toBe(true);
    expect(canadaPostEntry(data)).toBeUndefined();
  });

  it("without the shipper's phone, Canada Post is REFUSED with the reason; the other carriers still rate", async () => {
    const { data } = await rate(canadianBody());
    expect(data.rates.length).toBeGreaterThan(0);
    expect(data.rates.some((r) => r.carrier.code === 'CANADAPOST')).toBe(false);
    expect(canadaPostEntry(data)).toEqual({
      carrier: { code: 'CANADAPOST', fullName: { en: 'Canada Post', fr: 'Postes Canada' }, shortName: { en: 'Canada Post', fr: 'Postes Canada' } },
      code: 'REFUSED',
      message: 'Canada Post needs shipper.phoneNumber',
    });
  });

  it("Canada Post's own refusal is passed on with its words, without our customer number, contract id or credentials", async () => {
    cpFront.answer = (request) =>
      request.method === 'POST' && request.path.includes('/rs/ship/price')
        ? {
            status: 400,
            contentType: 'application/vnd.cpc.ship.rate-v4+xml',
            body: `<?xml version="1.0" encoding="UTF-8"?><messages xmlns="http://www.canadapost.ca/ws/messages"><message><code>9122</code><description>Customer ${CUSTOMER_NUMBER} under contract ${CONTRACT_ID}: the parcel\u0007 is over the\n\nmaximum weight for this service. ${'x'.repeat(600)}</description></message></messages>`,
          }
        : undefined;
    const { data, raw } = await rate(canadianBody('613-555-0100'));
    const entry = canadaPostEntry(data);
    expect(entry?.code).toBe('REFUSED');
    expect(entry?.message).toMatch(
      /^Canada Post refused to rate the shipment: 9122: Customer \[redacted\] under contract \[redacted\]: the parcel is over the maximum weight for this service\. x+…$/,
    );
    expect(entry?.message.length).toBeLessThanOrEqual(300);
    for (const value of [CUSTOMER_NUMBER, CONTRACT_ID, carrierAccountId, CP_CLIENT.username, CP_CLIENT.password]) expect(raw).not.toContain(value);
  });
});
