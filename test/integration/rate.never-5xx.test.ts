/**
 * Property: no request body makes POST /v1/rate answer 5xx, hang, or lose
 * the ability to answer. It runs the real handler (middleware, domain,
 * sandbox carriers) and the real store on DynamoDB Local: a mocked store
 * cannot fail the way DynamoDB does (item size, nesting, number range,
 * attribute names), which is where the 500s were.
 *
 * Then one case per defect the hardening issue reproduced, each stating what
 * the service must answer instead.
 */
import fc from 'fast-check';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { createRateHandler } from '../../functions/rate/handler';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports } from '../../shared/carriers/sandbox/network';
import { getRateRequest } from '../../shared/store/rates';
import { fullBody, minimalBody } from '../unit/domain/rate/fixtures';
import { sampleRateBody, shippingDateIn } from '../support/rate-body';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const handler = createRateHandler(createCarrierRegistry(createSandboxTransports()));
let apiKey: string;
let companyId: string;

beforeAll(async () => {
  const created = await stack.createCompanyWithKey({ pricingGroupId: 'default' });
  apiKey = created.apiKey;
  companyId = created.company.companyId;
});

const call = async (body: string): Promise<APIGatewayProxyResult> => {
  const event = {
    httpMethod: 'POST',
    path: '/v1/rate',
    resource: '/v1/rate',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    multiValueHeaders: null,
    queryStringParameters: null,
    pathParameters: null,
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'never-5xx' },
  } as unknown as APIGatewayProxyEvent;
  return handler(event, {} as Context);
};

const json = (value: unknown) => JSON.stringify(value);
type Body = Record<string, unknown>;

/** The fixtures' bodies shipping tomorrow, so a valid body is rated and stored. */
const current = (body: Body): Body => {
  const copy = structuredClone(body);
  (copy.shippingOptions as Body).shippingDate = shippingDateIn(1);
  return copy;
};
const setAt = (body: Body, path: (string | number)[], value: unknown): Body => {
  const copy = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
};

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** Names and values an attacker reaches for. */
const hostileKey = fc.constantFrom('constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '', ' ', 'a.b', '$', '#pk');
const hostileValue = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    5e-324,
    -5e-324,
    1e21,
    1e9,
    2 ** 53 + 2,
    -0,
    0.1 + 0.2,
    '9999-12-31',
    '0000-01-01',
    '2024-02-30',
    '',
    'x'.repeat(70_000),
    '\u0000\ud800',
    nested(40),
    nested(10),
    { constructor: 'x' },
    { constructor: { name: 'Set' } },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    [],
    null,
    true,
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: -1e9, max: 1e12 }),
  fc.double(),
);

const rateablePaths: (string | number)[][] = [
  ['shippingOptions', 'shippingDate'],
  ['shippingOptions', 'insurance'],
  ['shippingOptions', 'insurance', 'amount'],
  ['shippingOptions', 'references'],
  ['shipper', 'countryCode'],
  ['shipper', 'personName'],
  ['recipient', 'provinceCode'],
  ['recipient', 'postalCode'],
  ['packages', 'pieces'],
  ['packages', 'pieces', 0, 'quantity'],
  ['packages', 'pieces', 0, 'weight'],
  ['packages', 'pieces', 0, 'length'],
  ['packages', 'pieces', 0, 'itemCount'],
  ['packages', 'pieces', 0, 'packagingType'],
  ['internationalOptions'],
  ['internationalOptions', 'declaredValue'],
  ['commercialInvoice', 'invoiceItems'],
  ['commercialInvoice', 'invoiceItems', 0, 'quantity'],
  ['commercialInvoice', 'invoiceItems', 0, 'value'],
  ['commercialInvoice', 'invoiceItems', 0, 'selectedTemplateId'],
  ['commercialInvoice', 'customsValue'],
  ['freightOptions'],
  ['billingOptions'],
  ['billingOptions', 'soldTo'],
  ['billingOptions', 'thirdPartyShipperNumber'],
  ['shippingNotificationOptions'],
  ['shippingType'],
  ['sort'],
];

const expectNo5xx = async (body: string) => {
  const res = await call(body);
  if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body} for ${body.slice(0, 300)}`);
  return res;
};

describe('POST /v1/rate never answers 5xx, on DynamoDB Local', () => {
  it('valid bodies are rated and stored (the properties below are not vacuous)', async () => {
    for (const body of [sampleRateBody(), current(minimalBody()), current(fullBody())]) {
      const res = await call(json(body));
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body).data.rates.length).toBeGreaterThan(0);
    }
  });

  it('arbitrary JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        await expectNo5xx(json(value));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('valid bodies with one field replaced by a hostile or arbitrary value', async () => {
    const bases = [current(fullBody()), sampleRateBody()];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bases), fc.constantFrom(...rateablePaths), hostileValue, async (base, path, value) => {
        const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], base);
        if (typeof parent !== 'object' || parent === null) return;
        await expectNo5xx(json(setAt(base, path, value)));
      }),
      { numRuns: 700 },
    );
  }, 300_000);

  it('extra root properties and billingOptions keys named like Object members, with hostile values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 4 }),
        fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 4 }),
        async (extra, billing) => {
          const body = { ...sampleRateBody(), ...JSON.parse(json(extra)), billingOptions: JSON.parse(json(billing)) };
          await expectNo5xx(json(body));
        },
      ),
      { numRuns: 400 },
    );
  }, 300_000);

  it('pieces: any number of lines, any quantities', async () => {
    const piece = fc.record({
      quantity: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constantFrom(1e6, 5e6, 1e9, 1e308)),
      weight: fc.oneof(fc.double({ min: 0, max: 30_000, noNaN: true }), fc.constant(5e-324)),
      length: fc.double({ min: 0, max: 1200, noNaN: true }),
      width: fc.double({ min: 0, max: 1200, noNaN: true }),
      height: fc.double({ min: 0, max: 1200, noNaN: true }),
      packagingType: fc.constantFrom('GENERIC_BOX', 'CARRIERX_PAK', 'CARRIERX_TUBE', 'GENERIC_ENVELOPE'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 60 }), async (pieces) => {
        await expectNo5xx(json(setAt(sampleRateBody(), ['packages', 'pieces'], pieces)));
      }),
      { numRuns: 150 },
    );
  }, 300_000);
});

describe('the defects the hardening issue reproduced', () => {
  const rate = async (body: unknown) => {
    const res = await call(typeof body === 'string' ? body : json(body));
    return { status: res.statusCode, body: JSON.parse(res.body) as { data?: { requestId: string }; error?: { code: string; message: string } } };
  };
  const withField = (path: (string | number)[], value: unknown) => setAt(sampleRateBody(), path, value);

  it('a shipping date in year 9999 is a 400 naming the window, and the next request is answered', async () => {
    const res = await rate(withField(['shippingOptions', 'shippingDate'], '9999-12-31'));
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toMatch(/^shippingOptions\.shippingDate must be between /);
    expect((await rate(sampleRateBody())).status).toBe(200);
  });

  it.each([1e6, 5e6, 1e9])('a quantity of %d is a 400 at once, not an array of that many packages', async (quantity) => {
    const res = await rate(withField(['packages', 'pieces', 0, 'quantity'], quantity));
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toBe('packages.pieces[0].quantity must be <= 200');
  });

  it('200 packages in one piece line are rated', async () => {
    expect((await rate(withField(['packages', 'pieces', 0, 'quantity'], 200))).status).toBe(200);
  });

  it('a thousand pieces are a 400 naming the limit; a few thousand are over the body limit', async () => {
    const pieces = (n: number) => Array.from({ length: n }, () => ({ quantity: 1, weight: 1, length: 1, width: 1, height: 1, packagingType: 'GENERIC_BOX' }));
    const res = await rate(withField(['packages', 'pieces'], pieces(1000)));
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toBe('packages.pieces must have at most 50 items');
    expect((await rate(withField(['packages', 'pieces'], pieces(3000)))).status).toBe(413);
  });

  it('an extra root field of a few hundred KB is a 413 from the function itself', async () => {
    const res = await rate({ ...sampleRateBody(), padding: 'x'.repeat(300_000) });
    expect(res.status).toBe(413);
    expect(res.body.error!.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an extra root field under the body limit is accepted and not stored; nor is a root key named constructor', async () => {
    const res = await rate({ ...sampleRateBody(), padding: 'x'.repeat(100_000), constructor: 'x', toString: { a: 1 } });
    expect(res.status).toBe(200);
    const stored = await getRateRequest(res.body.data!.requestId, companyId);
    expect(stored.status).toBe('found');
    const request = stored.status === 'found' ? stored.item.request : {};
    expect(Object.keys(request).sort()).toEqual(['packages', 'recipient', 'shipper', 'shippingOptions']);
  });

  it('deep nesting inside an extra field or billingOptions is a 400', async () => {
    // Written as text: JSON.stringify itself overflows the stack on such nesting.
    const inExtra = await rate(`${json(sampleRateBody()).slice(0, -1)},"extra":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`);
    expect(inExtra.status).toBe(400);
    expect(inExtra.body.error!.message).toBe('request body is nested more than 32 levels deep');
    const inBilling = await rate({ ...sampleRateBody(), billingOptions: { soldTo: nested(20) } });
    expect(inBilling.status).toBe(400);
    expect(inBilling.body.error!.message).toBe('billingOptions must not be nested more than 8 levels deep');
  });

  it('billingOptions with keys and numbers the DynamoDB marshaller refuses is stored as it was sent', async () => {
    const billingOptions = { soldTo: { constructor: { name: 'Set' }, toString: 'x', postalCode: 1e308, tiny: 5e-324 } };
    const res = await rate({ ...sampleRateBody(), billingOptions });
    expect(res.status).toBe(200);
    const stored = await getRateRequest(res.body.data!.requestId, companyId);
    expect(stored.status === 'found' && stored.item.request.billingOptions).toEqual(billingOptions);
  });

  it.each([
    [['packages', 'pieces', 0, 'itemCount'], 1e308, 'packages.pieces[0].itemCount must be <= 1000000'],
    [['packages', 'pieces', 0, 'weight'], 5e-324, 'packages.pieces[0].weight must be 0 or at least 0.001'],
  ])('%j = %p is a 400: %s', async (path, value, message) => {
    const res = await rate(withField(path, value));
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toBe(message);
  });
});
