/**
 * `data.unavailable` of POST /v1/rate through the rate handler on DynamoDB
 * Local: every carrier of the pricing group without a rate is named once,
 * with why, in the rate's carrier shape; no internal id in it. The sandbox
 * carriers are fault-injected (a timeout, an HTTP 500, a refusal), a
 * carrier's breaker opens (CARRIER_BREAKER_FAILURES=1 here), and UPS is in
 * the group on a carrier account whose credentials are gone.
 */
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeAdminCommand, parseAdminCommand } from '../../admin/cli';
import { createRateHandler } from '../../functions/rate/handler';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports, type SandboxNetworkOptions } from '../../shared/carriers/sandbox/network';
import type { CarrierPort } from '../../shared/carriers/port';
import { rateResponse, type RateResponse } from '../../shared/contract/rate';
import { callHandler, proxyEvent } from '../support/lambda';
import { sampleRateBody } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
jest.setTimeout(30_000);

const saved = { timeout: process.env.CARRIER_TIMEOUT_MS, failures: process.env.CARRIER_BREAKER_FAILURES };
let apiKey: string;
let companyId: string;
let dataDir: string;
let carrierAccountId: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rating-unavailable-'));
  process.env.CARRIER_SECRETS_DIR = path.join(dataDir, 'secrets');
  process.env.CARRIER_TIMEOUT_MS = '100';
  process.env.CARRIER_BREAKER_FAILURES = '1';
  // A live carrier in the group on a carrier account whose secret is then lost: nothing to call it with.
  const io = { readStdin: () => Promise.reject(new Error('no stdin')) };
  const file = path.join(dataDir, 'ups.json');
  writeFileSync(file, JSON.stringify({ clientId: 'it-ups-client-8Hq2', clientSecret: 'it-ups-secret-Pz4Kd1' }), { mode: 0o600 });
  const added = (await executeAdminCommand(
    parseAdminCommand(['carrier-account', 'add', '--carrier', 'UPS', '--account-number', 'U7K2Q9', '--credentials-file', file]),
    undefined,
    io,
  )) as { carrierAccountId: string };
  carrierAccountId = added.carrierAccountId;
  await executeAdminCommand(
    parseAdminCommand(['pricing-group', 'set-plan', '--group', 'default', '--carrier', 'UPS', '--carrier-account', carrierAccountId]),
    undefined,
    io,
  );
  unlinkSync(path.join(dataDir, 'secrets', `${carrierAccountId}.json`));
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  apiKey = created.apiKey;
  companyId = created.company.companyId;
});
afterAll(() => {
  for (const [name, value] of [
    ['CARRIER_TIMEOUT_MS', saved.timeout],
    ['CARRIER_BREAKER_FAILURES', saved.failures],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  delete process.env.CARRIER_SECRETS_DIR;
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; raw: string; data: RateResponse };
const rate = async (registry: CarrierRegistry, body: Record<string, unknown>): Promise<Answer> => {
  const answer = await callHandler<{ data?: unknown; error?: unknown }>(
    createRateHandler(registry),
    proxyEvent({ method: 'POST', path: '/v1/rate', key: apiKey, body }),
  );
  expect([answer.status, answer.json.error]).toEqual([200, undefined]);
  // The answer is what the contract (and so openapi.json) says.
  return { status: answer.status, raw: JSON.stringify(answer.json), data: rateResponse.parse(answer.json.data) };
};
const sandbox = (options: SandboxNetworkOptions = {}) => createCarrierRegistry(createSandboxTransports(options));
const codes = (data: RateResponse) => data.unavailable.map((u) => [u.carrier.code, u.code]);
const ratedCarriers = (data: RateResponse) => [...new Set(data.rates.map((r) => r.carrier.code))].sort();

const UPS_NOT_CONFIGURED = {
  carrier: { code: 'UPS', fullName: expect.any(Object), shortName: expect.any(Object) },
  code: 'NOT_CONFIGURED',
  message: 'UPS has no usable carrier account in your pricing group; the operator must configure it',
};

describe('data.unavailable', () => {
  it('names a carrier that times out, one that fails and one without a usable account; the others rate', async () => {
    const { data, raw } = await rate(sandbox({ faults: { CARRIERY: { error: 'timeout' }, CARRIERZ: { error: 'http500' } } }), sampleRateBody());
    expect(ratedCarriers(data)).toEqual(['CARRIERF', 'CARRIERX']);
    expect(data.unavailable).toEqual(
      expect.arrayContaining([
        {
          carrier: { code: 'CARRIERY', fullName: expect.objectContaining({ en: expect.any(String) }), shortName: expect.any(Object) },
          code: 'TIMEOUT',
          message: 'CARRIERY did not answer within 100 ms',
        },
        expect.objectContaining({
          carrier: expect.objectContaining({ code: 'CARRIERZ' }),
          code: 'ERROR',
          message: 'CARRIERZ could not be rated: an error, or an answer that could not be read',
        }),
        UPS_NOT_CONFIGURED,
      ]),
    );
    expect(data.unavailable).toHaveLength(3);
    // No internal id: not the company's, not the pricing group's.
    expect(raw).not.toContain(companyId);
    expect(raw).not.toContain(carrierAccountId);
    expect(raw).not.toMatch(/pricingGroupId|carrierAccountId|"default"|U7K2Q9/);
  });

  it('the next request finds the breaker of the carrier that timed out open: UNAVAILABLE, not asked', async () => {
    const { data } = await rate(sandbox({ faults: { CARRIERY: { error: 'timeout' } } }), sampleRateBody());
    expect(data.unavailable).toContainEqual({
      carrier: expect.objectContaining({ code: 'CARRIERY' }),
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^CARRIERY is skipped after 1 timeout in a row; probed again in \d+ s$/),
    });
  });

  it('carriers that refuse the shipment are REFUSED with their reason', async () => {
    const body = sampleRateBody();
    body.shippingOptions.nonConveyable = true;
    const { data } = await rate(sandbox(), body);
    expect(ratedCarriers(data)).toEqual(['CARRIERF']);
    expect(data.unavailable.map((u) => [u.carrier.code, u.code, u.message])).toEqual(
      ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'UPS'].map((code) => [code, 'REFUSED', `${code} is a parcel carrier and does not quote non-conveyable shipments`]),
    );
  });

  it('carriers the request does not ask are NOT_APPLICABLE', async () => {
    const { data } = await rate(sandbox(), { ...sampleRateBody(), shippingType: { carrier: 'CARRIERX' } });
    expect(ratedCarriers(data)).toEqual(['CARRIERX']);
    expect(codes(data)).toEqual([
      ['CARRIERF', 'NOT_APPLICABLE'],
      ['CARRIERY', 'NOT_APPLICABLE'],
      ['CARRIERZ', 'NOT_APPLICABLE'],
      ['UPS', 'NOT_APPLICABLE'],
    ]);
  });

  it('a carrier that answers with no service we offer is NO_SERVICE; one whose rates the selection left out is not listed', async () => {
    const real = sandbox();
    const carrierX = real.port('CARRIERX')!;
    const empty: CarrierPort = { ...carrierX, rate: async () => [] };
    const ports = real.ports.map((port) => (port.code === 'CARRIERX' ? empty : port));
    const registry: CarrierRegistry = { ...real, ports, port: (code) => ports.find((p) => p.code === code.toUpperCase()) };
    const { data } = await rate(registry, { ...sampleRateBody(), shippingType: { carrier: 'cheapest' } });
    expect(data.rates).toHaveLength(1);
    expect(codes(data)).toContainEqual(['CARRIERX', 'NO_SERVICE']);
    expect(codes(data).map(([code]) => code)).not.toContain(data.rates[0]!.carrier.code);
    expect(codes(data).map(([code]) => code)).not.toEqual(expect.arrayContaining(['CARRIERY', 'CARRIERZ', 'CARRIERF']));
  });
});
