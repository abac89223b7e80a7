/**
 * Address validation over HTTP (docs/addresses.md), through npm start's
 * runtime and the typed client, every answer checked against openapi.json:
 * the built-in rules correct a Toronto address written under QC, 100
 * addresses answer in order, hostile bodies get a 4xx, and rate's
 * `strict` refuses an invalid recipient before any carrier rates.
 */
import { api, client, companyWithKey, expectErrorBody, expectTypedError } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const toronto = { personName: 'Jane Doe', addressLine1: '290 Bremner Blvd', city: 'Toronto', provinceCode: 'QC', postalCode: 'm5v3l9', countryCode: 'CA' };
let key: string;
beforeAll(async () => {
  key = (await companyWithKey()).apiKey;
});

const validate = (body: unknown, apiKey = key) =>
  api('/addresses/validate', { key: apiKey, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /v1/addresses/validate', () => {
  it('corrects a Toronto address written under QC to ON, with the normalised address as suggestion', async () => {
    const { data, response } = await client(key).POST('/v1/addresses/validate', { body: { addresses: [toronto] } });
    expect(response.status).toBe(200);
    expect(data!.data.results).toEqual([
      {
        status: 'corrected',
        classification: 'unknown',
        suggestions: [{ ...toronto, provinceCode: 'ON', postalCode: 'M5V 3L9' }],
        messages: [{ code: 'PROVINCE_CORRECTED', field: 'provinceCode', message: 'provinceCode QC does not match: postal code M5V 3L9 is in ON' }],
        validatedBy: 'builtin',
      },
    ]);
  });

  it('answers 100 addresses in order and refuses 101 naming the limit', async () => {
    const addresses = Array.from({ length: 100 }, (_, i) => ({ ...toronto, personName: `Person ${i}` }));
    const { data } = await client(key).POST('/v1/addresses/validate', { body: { addresses } });
    expect(data!.data.results.map((r) => r.suggestions[0]!.personName)).toEqual(addresses.map((a) => a.personName));
    const tooMany = await validate({ addresses: [...addresses, toronto] });
    expectErrorBody(tooMany, 400, 'VALIDATION_FAILED');
    expect(tooMany.text).toContain('at most 100 addresses');
  });

  it('needs the addresses:validate scope', async () => {
    const rateOnly = await companyWithKey({ scopes: 'shipments:rate' });
    expectTypedError(await client(rateOnly.apiKey).POST('/v1/addresses/validate', { body: { addresses: [toronto] } }), 403, 'FORBIDDEN');
  });

  it('answers hostile bodies with a 4xx, never a 5xx', async () => {
    const bodies: unknown[] = [
      { addresses: [{ ...toronto, addressLine1: 'x'.repeat(300_000) }] },
      { addresses: [{ ...toronto, constructor: { prototype: 1 }, __proto__: { polluted: true } }] },
      { addresses: [{ ...toronto, countryCode: '\u0000\u0000' }] },
      { addresses: [toronto], carrierCode: 'CANADAPOST' },
      { addresses: [toronto], carrierCode: '../../etc' },
      { addresses: Array.from({ length: 5000 }, () => toronto) },
      { addresses: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] },
      [],
      'addresses',
    ];
    const statuses = [];
    for (const body of bodies) statuses.push((await validate(body)).status);
    // Over the body limit: 413. Extra keys, `constructor` and `__proto__` among them, are dropped: that address is valid.
    expect(statuses).toEqual([413, 200, 400, 400, 400, 413, 400, 400, 400]);
  });
});

describe('shippingOptions.addressValidation at rate', () => {
  it('validate adds both parties to the answer', async () => {
    const body = sampleRateBody();
    const { data, response } = await client(key).POST('/v1/rate', {
      body: { ...body, shippingOptions: { ...body.shippingOptions, addressValidation: 'validate' } },
    });
    expect(response.status).toBe(200);
    expect(data!.data.addressValidation).toMatchObject({ shipper: { validatedBy: 'builtin' }, recipient: { validatedBy: 'builtin' } });
  });

  it('strict refuses an invalid recipient with 422 ADDRESS_INVALID', async () => {
    const body = sampleRateBody();
    const result = await client(key).POST('/v1/rate', {
      body: { ...body, recipient: { ...body.recipient, postalCode: '12345' }, shippingOptions: { ...body.shippingOptions, addressValidation: 'strict' } },
    });
    expectTypedError(result, 422, 'ADDRESS_INVALID');
  });
});
