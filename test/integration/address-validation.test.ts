/**
 * Address validation on DynamoDB Local (docs/addresses.md): the built-in
 * rules with no carrier declaring `validateAddresses` (the seed today), and
 * a registry where CARRIERX declares it (for the US, at most 2 a call):
 * provider choice, chunks in order, the day's cache per company and mode,
 * the fallback on failure and timeout with partial results, a hostile
 * answer bounded, and the route's limits and scope.
 */
import { createAddressesValidateHandler } from '../../functions/addresses-validate/handler';
import type { PortCapability } from '../../shared/carriers/port';
import { createCarrierRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import type { AddressValidation, AddressValidationInput, CarrierCallOptions } from '../../shared/domain/carrier';
import type { Company } from '../../shared/domain/entities';
import type { Address } from '../../shared/domain/rate/schema';
import { AppError } from '../../shared/errors';
import { createAddressValidationService } from '../../shared/services/address-validation';
import { createRatingService } from '../../shared/services/rating';
import { getRateRequest } from '../../shared/store/rates';
import type { RateRequestBody } from '../../shared/domain/rate/schema';
import { sampleRateBody } from '../support/rate-body';
import { callHandler, proxyEvent } from '../support/lambda';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const sandbox = createCarrierRegistry(createSandboxTransports());
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

type Call = { addresses: readonly Address[]; mode: CarrierCallOptions['mode'] };
type Answer = (input: AddressValidationInput, options: CarrierCallOptions) => Promise<AddressValidation[]>;

const verified = (address: Address): AddressValidation => ({
  status: 'verified',
  classification: 'residential',
  suggestions: [{ ...address, addressLine1: address.addressLine1.toUpperCase() }],
  messages: [],
});

/** The sandbox registry with CARRIERX validating US addresses, 2 a call, answering with `answer`; its calls are recorded. */
const registryWith = (answer: Answer = async ({ addresses }) => addresses.map(verified)) => {
  const calls: Call[] = [];
  const capability: PortCapability<'validateAddresses'> = {
    countries: ['US'],
    maxPerCall: 2,
    validate: (input, options) => {
      calls.push({ addresses: input.addresses, mode: options.mode });
      return answer(input, options);
    },
  };
  const carrierX = { ...sandbox.port('CARRIERX')!, validateAddresses: capability };
  const registry: CarrierRegistry = { ...sandbox, port: (code) => (code.toUpperCase() === 'CARRIERX' ? carrierX : sandbox.port(code)) };
  return { registry, calls };
};

const us = (n: number): Address => ({
  personName: `P ${n}`,
  addressLine1: `${n} Main St`,
  city: 'Springfield',
  provinceCode: 'IL',
  postalCode: '62701',
  countryCode: 'US',
});
const torontoUnderQuebec: Address = {
  personName: 'Jane',
  addressLine1: '290 Bremner Blvd',
  city: 'Toronto',
  provinceCode: 'QC',
  postalCode: 'M5V 3L9',
  countryCode: 'CA',
};

let company: Company;
let other: Company;
beforeAll(async () => {
  company = await stack.createCompany({ pricingGroupId: 'default' });
  other = await stack.createCompany({ pricingGroupId: 'default' });
});

describe('address validation service', () => {
  it('answers with the built-in rules when no carrier validates addresses', async () => {
    const service = createAddressValidationService({ registry: sandbox, logger: silent });
    const [result] = await service.validate(company, [torontoUnderQuebec], 'live');
    expect(result).toMatchObject({
      status: 'corrected',
      validatedBy: 'builtin',
      suggestions: [{ provinceCode: 'ON' }],
      messages: [{ code: 'PROVINCE_CORRECTED' }],
    });
  });

  it('sends the addresses a carrier covers to it in chunks of its maxPerCall, in order, the rest to the built-in rules, in the key mode', async () => {
    const { registry, calls } = registryWith();
    const service = createAddressValidationService({ registry, logger: silent });
    const addresses = [us(1), torontoUnderQuebec, us(2), us(3), us(4), us(5)];
    const results = await service.validate(company, addresses, 'test');
    expect(results.map((r) => r.validatedBy)).toEqual(['CARRIERX', 'builtin', 'CARRIERX', 'CARRIERX', 'CARRIERX', 'CARRIERX']);
    expect(results.map((r) => r.suggestions[0]?.addressLine1)).toEqual(['1 MAIN ST', '290 Bremner Blvd', '2 MAIN ST', '3 MAIN ST', '4 MAIN ST', '5 MAIN ST']);
    expect(calls.map((c) => c.addresses.length)).toEqual([2, 2, 1]);
    expect(calls.every((c) => c.mode === 'test')).toBe(true);
  });

  it('asks the carrier nothing for an address it validated for the company and mode within a day; another company, mode or day asks again', async () => {
    const { registry, calls } = registryWith();
    let now = new Date('2026-11-20T10:00:00Z');
    const service = createAddressValidationService({ registry, logger: silent, clock: () => now });
    const address = us(100);
    await service.validate(company, [address], 'live');
    expect(calls).toHaveLength(1);
    // The same address, written with other white space and case, twice in one request.
    const again = await service.validate(company, [{ ...address, city: '  springfield ' }, address], 'live');
    expect(calls).toHaveLength(2);
    expect(again.map((r) => r.validatedBy)).toEqual(['CARRIERX', 'CARRIERX']);
    await service.validate(company, [address, address], 'live');
    expect(calls).toHaveLength(2);
    await service.validate(other, [address], 'live');
    expect(calls).toHaveLength(3);
    await service.validate(company, [address], 'test');
    expect(calls).toHaveLength(4);
    now = new Date('2026-11-21T10:00:01Z');
    await service.validate(company, [address], 'live');
    expect(calls).toHaveLength(5);
  });

  it('falls back to the built-in rules, saying so, when the carrier fails; caches nothing of it', async () => {
    const { registry, calls } = registryWith(() => Promise.reject(new Error('secret token abc in a stack trace')));
    const service = createAddressValidationService({ registry, logger: silent });
    const [result] = await service.validate(company, [{ ...us(200), provinceCode: 'NY' }], 'live');
    expect(result).toMatchObject({ validatedBy: 'builtin', status: 'corrected', suggestions: [{ provinceCode: 'IL' }] });
    expect(result!.messages.map((m) => m.code)).toEqual(['PROVINCE_CORRECTED', 'CARRIER_UNAVAILABLE']);
    expect(JSON.stringify(result)).not.toContain('secret');
    await service.validate(company, [{ ...us(200), provinceCode: 'NY' }], 'live');
    expect(calls).toHaveLength(2);
  });

  it('answers within the carrier timeout: what the carrier answered in time, the built-in rules for the rest', async () => {
    const { registry } = registryWith(({ addresses }) =>
      addresses[0]!.addressLine1.startsWith('30') ? new Promise<never>(() => undefined) : Promise.resolve(addresses.map(verified)),
    );
    const service = createAddressValidationService({ registry, logger: silent, timeoutMs: 200 });
    const results = await service.validate(company, [us(31), us(32), us(301), us(302)], 'live');
    expect(results.map((r) => r.validatedBy)).toEqual(['CARRIERX', 'CARRIERX', 'builtin', 'builtin']);
    expect(results[2]!.messages).toEqual([{ code: 'CARRIER_UNAVAILABLE', message: 'CARRIERX did not answer in time; the built-in rules answered' }]);
  });

  it("bounds a carrier's answer and takes an answer of the wrong length as a failure", async () => {
    const noisy = registryWith(async ({ addresses }) =>
      addresses.map((a) => ({
        ...verified(a),
        suggestions: Array.from({ length: 50 }, () => a),
        messages: Array.from({ length: 50 }, () => ({ code: 'SOMETHING_ELSE', message: 'x'.repeat(10_000) })),
      })),
    );
    const [result] = await createAddressValidationService({ registry: noisy.registry, logger: silent }).validate(company, [us(400)], 'live');
    expect(result!.suggestions).toHaveLength(5);
    expect(result!.messages).toHaveLength(10);
    expect(result!.messages[0]!.code).toBe('CARRIER_NOTE');
    expect(result!.messages[0]!.message.length).toBeLessThanOrEqual(300);
    const terse = registryWith(async ({ addresses }) =>
      addresses.map((a) => ({ ...verified(a), suggestions: [{ addressLine1: 'ONE MAIN ST', city: 'SPRINGFIELD' } as Address] })),
    );
    const [merged] = await createAddressValidationService({ registry: terse.registry, logger: silent }).validate(company, [us(402)], 'live');
    expect(merged!.suggestions).toEqual([{ ...us(402), addressLine1: 'ONE MAIN ST', city: 'SPRINGFIELD' }]);
    const short = registryWith(async () => []);
    const [fallback] = await createAddressValidationService({ registry: short.registry, logger: silent }).validate(company, [us(401)], 'live');
    expect(fallback!.validatedBy).toBe('builtin');
  });

  it('takes a named carrier for the countries it covers, and refuses one outside the group or without an address service', async () => {
    const { registry } = registryWith();
    const service = createAddressValidationService({ registry, logger: silent });
    const results = await service.validate(company, [us(500), torontoUnderQuebec], 'live', 'carrierx');
    expect(results.map((r) => r.validatedBy)).toEqual(['CARRIERX', 'builtin']);
    expect(results[1]!.messages.map((m) => m.code)).toEqual(['PROVINCE_CORRECTED', 'CARRIER_COUNTRY_NOT_COVERED']);
    await expect(service.validate(company, [us(500)], 'live', 'CARRIERY')).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    await expect(service.validate(company, [us(500)], 'live', 'constructor')).rejects.toBeInstanceOf(AppError);
  });
});

describe('POST /v1/addresses/validate', () => {
  const handler = createAddressesValidateHandler(sandbox);
  const post = (key: string, body: unknown) =>
    callHandler<{ data?: { results: unknown[] }; error?: { code: string; message: string } }>(
      handler,
      proxyEvent({ method: 'POST', path: '/v1/addresses/validate', key, body }),
    );

  it('answers 100 addresses in order, refuses 101 naming the limit, and none', async () => {
    const { apiKey } = await stack.createKey(company.companyId);
    const addresses = Array.from({ length: 100 }, (_, i) => ({ ...torontoUnderQuebec, personName: `N${i}` }));
    const ok = await post(apiKey, { addresses });
    expect(ok.status).toBe(200);
    expect((ok.json.data!.results as Array<{ suggestions: Address[] }>).map((r) => r.suggestions[0]!.personName)).toEqual(addresses.map((a) => a.personName));
    const tooMany = await post(apiKey, { addresses: [...addresses, torontoUnderQuebec] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error!.message).toContain('at most 100 addresses');
    expect((await post(apiKey, { addresses: [] })).status).toBe(400);
  });

  it('needs the addresses:validate scope; a key with no scopes has it', async () => {
    const scoped = await stack.createKey(company.companyId, { scopes: ['shipments:rate'] });
    expect((await post(scoped.apiKey, { addresses: [torontoUnderQuebec] })).status).toBe(403);
    const validating = await stack.createKey(company.companyId, { scopes: ['addresses:validate'] });
    expect((await post(validating.apiKey, { addresses: [torontoUnderQuebec] })).status).toBe(200);
  });

  it('answers hostile bodies with a 4xx', async () => {
    const { apiKey } = await stack.createKey(company.companyId);
    for (const body of [
      { addresses: [{ ...torontoUnderQuebec, personName: 'x'.repeat(400_000) }] },
      { addresses: [{ constructor: 1, __proto__: { a: 1 } }] },
      { addresses: 'all' },
      { addresses: [torontoUnderQuebec], carrierCode: 'x'.repeat(1000) },
      { addresses: [torontoUnderQuebec], carrierCode: 'NOPE' },
      { addresses: [{ ...torontoUnderQuebec, countryCode: 'ZZ' }], extra: [] },
    ]) {
      const res = await post(apiKey, body);
      expect([JSON.stringify(body).slice(0, 80), res.status < 500]).toEqual([JSON.stringify(body).slice(0, 80), true]);
    }
  });
});

describe('shippingOptions.addressValidation at rate', () => {
  /** The sandbox registry, CARRIERX validating `countries` as `classification`, every rate call counted. */
  const rating = (classification: AddressValidation['classification'] = 'residential', countries: string[] | '*' = '*') => {
    const validations = registryWith(async ({ addresses }) => addresses.map((a) => ({ ...verified(a), classification })));
    (validations.registry.port('CARRIERX')!.validateAddresses as { countries: unknown }).countries = countries;
    let rateCalls = 0;
    const registry: CarrierRegistry = {
      ...validations.registry,
      port: (code) => {
        const port = validations.registry.port(code);
        return port && { ...port, rate: (...args: Parameters<typeof port.rate>) => (rateCalls++, port.rate(...args)) };
      },
    };
    return { service: createRatingService({ registry, logger: silent }), validations: validations.calls, rateCalls: () => rateCalls };
  };
  const body = (addressValidation?: 'none' | 'validate' | 'strict') => {
    const sample = sampleRateBody() as RateRequestBody;
    delete sample.recipient.residential;
    return { ...sample, shippingOptions: { ...sample.shippingOptions, ...(addressValidation ? { addressValidation } : {}) } };
  };

  it('none, the default, validates nothing and answers as before', async () => {
    const { service, validations } = rating();
    for (const option of [undefined, 'none'] as const) expect(await service.rate(company, body(option), 'live')).not.toHaveProperty('addressValidation');
    expect(validations).toHaveLength(0);
  });

  it("validate answers both parties, fills the recipient's residential from its classification, and stores the validation with the rate", async () => {
    const { service } = rating('commercial');
    const data = await service.rate(company, body('validate'), 'live');
    expect(data.addressValidation).toMatchObject({
      shipper: { validatedBy: 'CARRIERX' },
      recipient: { validatedBy: 'CARRIERX', classification: 'commercial' },
    });
    const stored = await getRateRequest(data.requestId, company.companyId, new Date());
    expect(stored).toMatchObject({
      status: 'found',
      item: { request: { recipient: { residential: false } }, addressValidation: { recipient: { classification: 'commercial' } } },
    });
    const sent = { ...body('validate'), recipient: { ...body('validate').recipient, residential: true } };
    const kept = await service.rate(company, sent, 'live');
    expect((await getRateRequest(kept.requestId, company.companyId, new Date())) as unknown).toMatchObject({
      item: { request: { recipient: { residential: true } } },
    });
  });

  it('strict refuses an invalid recipient with 422 ADDRESS_INVALID before any carrier rates', async () => {
    const { service, rateCalls } = rating('residential', []);
    const sent = body('strict');
    const refused = service.rate(company, { ...sent, recipient: { ...sent.recipient, countryCode: 'CA', postalCode: 'NOT A CODE' } }, 'live');
    await expect(refused).rejects.toMatchObject({
      status: 422,
      code: 'ADDRESS_INVALID',
      message: expect.stringContaining('The recipient address is invalid: postalCode'),
    });
    expect(rateCalls()).toBe(0);
  });
});
