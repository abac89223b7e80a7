/**
 * Property: no request body makes the rate handler answer 5xx. The handler
 * runs whole (middleware, domain, sandbox carriers) with the table mocked by
 * aws-sdk-client-mock and loaded with the real reference data.
 */
import fc from 'fast-check';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createRateHandler } from '../../../functions/rate/handler';
import { createCarrierRegistry, createSandboxTransports } from '../../../shared/carriers/registry';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';
import { referenceItems } from '../../../shared/store/seed';
import { fullBody, minimalBody } from '../domain/rate/fixtures';

const ddbMock = mockClient(DynamoDBDocumentClient);
const KEY = 'ship_api_feedfacefeedfacefeedfacefeedface';
const items = referenceItems();
const handler = createRateHandler(createCarrierRegistry(createSandboxTransports()));

beforeAll(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).resolves({
    Item: { keyId: 'k1', keyHash: hashApiKey(KEY), companyId: 'c1', integrationType: 'public-api', scopes: [], active: true, createdDate: '2026-01-01T00:00:00Z' },
  });
  ddbMock.on(GetCommand, { Key: keys.company('c1') }).resolves({
    Item: { companyId: 'c1', name: 'Acme', userId: 'u1', pricingGroupId: 'default', billing: 'account', blacklist: ['BAD-1'], createdDate: '2026-01-01T00:00:00Z' },
  });
  ddbMock.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => {
    const pk = input.ExpressionAttributeValues[':pk'];
    const prefix = input.ExpressionAttributeValues[':sk'] ?? '';
    return { Items: items.filter((i) => i.pk === pk && i.sk.startsWith(prefix)) };
  });
  ddbMock.on(BatchWriteCommand).resolves({});
});

const call = async (body: string) => {
  const event = {
    httpMethod: 'POST',
    path: '/v1/rate',
    resource: '/v1/rate',
    headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'prop' },
  } as unknown as APIGatewayProxyEvent;
  return handler(event, {} as Context);
};

describe('POST /v1/rate never answers 5xx for any body', () => {
  it('a valid body is rated (the property below is not vacuous)', async () => {
    const res = await call(JSON.stringify(minimalBody()));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data.rates.length).toBeGreaterThan(0);
  });

  it('arbitrary JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const res = await call(JSON.stringify(value));
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('valid bodies with one field replaced by an arbitrary value', async () => {
    const base = fullBody();
    const paths: (string | number)[][] = [
      ['shippingOptions', 'shippingDate'],
      ['shippingOptions', 'insurance'],
      ['shipper', 'countryCode'],
      ['recipient', 'provinceCode'],
      ['packages', 'pieces'],
      ['packages', 'pieces', 0, 'weight'],
      ['packages', 'pieces', 0, 'quantity'],
      ['packages', 'pieces', 0, 'packagingType'],
      ['internationalOptions'],
      ['commercialInvoice', 'invoiceItems'],
      ['freightOptions'],
      ['billingOptions'],
      ['shippingType'],
      ['sort'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 3 }), async (path, value) => {
        const body = structuredClone(base) as Record<string, unknown>;
        let node = body as Record<string | number, unknown>;
        for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
        node[path.at(-1)!] = value;
        const res = await call(JSON.stringify(body));
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
