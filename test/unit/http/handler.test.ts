import { mockDynamo, GetCommand, QueryCommand } from '../../support/dynamo-mock';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { handler as packagingTypes } from '../../../functions/packaging-types/handler';
import { handler as carrierServices } from '../../../functions/carrier-services/handler';
import { clearAuthCache } from '../../../shared/http/auth';
import { parseJsonBody } from '../../../shared/http/json-body';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';
import { AppError } from '../../../shared/errors';
import { defaultPackagingTypes } from '../../../shared/reference/packaging';
import { services } from '../../../shared/reference/carriers';
import { referenceItems } from '../../../shared/store/seed';

const ddbMock = mockDynamo();
const KEY = 'ship_api_00000000000000000000000000000001';

const event = (over: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent => ({
  httpMethod: 'GET',
  path: '/v1/packaging-types',
  resource: '/v1/packaging-types',
  headers: { 'X-API-Key': KEY },
  multiValueHeaders: {},
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  pathParameters: null,
  stageVariables: null,
  body: null,
  isBase64Encoded: false,
  requestContext: { requestId: 'req-123' } as APIGatewayProxyEvent['requestContext'],
  ...over,
});

const ctx = {} as Context;

beforeEach(() => {
  clearAuthCache();
  ddbMock.reset();
  ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).resolves({
    Item: {
      ...keys.apiKey(hashApiKey(KEY)),
      keyId: 'k1',
      keyHash: hashApiKey(KEY),
      companyId: 'c1',
      integrationType: 'public-api',
      scopes: [],
      active: true,
      createdDate: '2026-01-01T00:00:00Z',
    },
  });
  ddbMock.on(GetCommand, { Key: keys.company('c1') }).resolves({
    Item: {
      ...keys.company('c1'),
      companyId: 'c1',
      name: 'Acme',
      userId: 'u',
      pricingGroupId: 'parcel',
      billing: 'account',
      blacklist: [],
      createdDate: '2026-01-01T00:00:00Z',
    },
  });
});

describe('the shared HTTP layer', () => {
  it('a key failure is 401 with the error body and an x-request-id', async () => {
    const res = await packagingTypes(event({ headers: {} }), ctx);
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    expect(res.headers?.['x-request-id']).toBe('req-123');
  });

  it('tolerates `headers: null`, as API Gateway sends for a request without headers: 401, not 500', async () => {
    const res = await packagingTypes(
      event({ headers: null as unknown as APIGatewayProxyEvent['headers'], multiValueHeaders: null as unknown as APIGatewayProxyEvent['multiValueHeaders'] }),
      ctx,
    );
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('a header and a query parameter named %s are just names', async (name) => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const headers = JSON.parse(`{"X-API-Key": "${KEY}", "${name}": "x"}`);
    const query = JSON.parse(`{"${name}": "x"}`);
    const res = await packagingTypes(event({ headers, queryStringParameters: query, multiValueQueryStringParameters: JSON.parse(`{"${name}": ["x"]}`) }), ctx);
    expect(res.statusCode).toBe(200);
  });

  it('the header name is case-insensitive', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    const res = await packagingTypes(event({ headers: { 'x-api-key': KEY } }), ctx);
    expect(res.statusCode).toBe(200);
  });

  it('wraps a success in the {data} envelope, stripping store-only fields', async () => {
    ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'REFERENCE' } }).resolves({ Items: referenceItems() });
    ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'COMPANY#c1', ':sk': 'PACKAGING#' } }).resolves({
      Items: [
        {
          ...keys.companyPackaging('c1', 'b1'),
          entityType: 'packagingType',
          companyId: 'c1',
          id: 'b1',
          code: 'GENERIC_BOX',
          name: 'Mine',
          categoryName: 'Generic',
          carrierId: null,
          isEnvelope: false,
          createdDate: '2026-02-01T00:00:00Z',
        },
      ],
    });
    const res = await packagingTypes(event(), ctx);
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(res.body);
    expect(body.data).toHaveLength(defaultPackagingTypes.length + 1);
    expect(body.data.at(-1)).toMatchObject({ id: 'b1', categoryName: 'Generic' });
    for (const entry of body.data) {
      for (const f of ['pk', 'sk', 'companyId', 'entityType']) expect(entry).not.toHaveProperty(f);
    }
  });

  it('an unexpected error is a 500 INTERNAL that reveals nothing', async () => {
    ddbMock.on(QueryCommand).rejects(new Error('table xyz exploded at 10.0.0.1'));
    const res = await packagingTypes(event(), ctx);
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'INTERNAL', message: 'Internal error' } });
    expect(res.body).not.toContain('exploded');
  });

  it('a malformed stored item fails loudly as a 500, not as bad data', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [{ pk: 'REFERENCE', sk: 'PACKAGING#x', code: 1 }] });
    const res = await packagingTypes(event(), ctx);
    expect(res.statusCode).toBe(500);
  });
});

describe('GET /v1/carrier-services', () => {
  const withPlans = () => {
    ddbMock.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'REFERENCE' } }).resolves({ Items: referenceItems() });
  };
  it('400 without carrierCode', async () => {
    const res = await carrierServices(event({ path: '/v1/carrier-services', resource: '/v1/carrier-services' }), ctx);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('VALIDATION_FAILED');
  });
  it('404 for a carrier outside the pricing group', async () => {
    withPlans();
    const res = await carrierServices(event({ queryStringParameters: { carrierCode: 'CARRIERF' } }), ctx);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).error.code).toBe('NOT_FOUND');
  });
  it('404 for an unknown carrierCode of 10 KB repeats its first 64 characters and an ellipsis, never half an emoji', async () => {
    withPlans();
    const carrierCode = `${'Q'.repeat(63)}\u{1F4E6}${'Z'.repeat(10_000)}`;
    const res = await carrierServices(event({ queryStringParameters: { carrierCode } }), ctx);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).error).toEqual({ code: 'NOT_FOUND', message: `carrier not found in your pricing group: ${'Q'.repeat(63)}…` });
    const short = await carrierServices(event({ queryStringParameters: { carrierCode: 'CARRIERF' } }), ctx);
    expect(JSON.parse(short.body).error.message).toBe('carrier not found in your pricing group: CARRIERF');
  });
  it('default first, disabled services excluded', async () => {
    withPlans();
    const res = await carrierServices(event({ queryStringParameters: { carrierCode: 'carrierx' } }), ctx);
    expect(res.statusCode).toBe(200);
    const codes = JSON.parse(res.body).data.map((s: { code: string }) => s.code);
    expect(codes[0]).toBe('default');
    expect(codes).not.toContain('CARRIERX_FIRST_OVERNIGHT');
    expect(codes).toHaveLength(1 + services.filter((s) => s.carrierCode === 'CARRIERX' && !s.isDisabled).length);
  });
});

describe('JSON body rules', () => {
  const json = { 'content-type': 'application/json' };
  it('malformed JSON is 400', () => {
    expect(() => parseJsonBody(json, '{"a":', false, 'required')).toThrow(expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED' }));
  });
  it('a body without a JSON content type is 415', () => {
    expect(() => parseJsonBody({ 'content-type': 'text/plain' }, '{}', false, 'required')).toThrow(expect.objectContaining({ status: 415 }));
  });
  it('an empty required body is 400', () => {
    expect(() => parseJsonBody(json, '', false, 'required')).toThrow(AppError);
  });
  it('an empty optional body is {}', () => {
    expect(parseJsonBody({}, null, false, 'optional')).toEqual({});
  });
  it('a body over 128 KiB is 413 PAYLOAD_TOO_LARGE, as text or base64', () => {
    const big = JSON.stringify({ pad: 'x'.repeat(128 * 1024) });
    expect(() => parseJsonBody(json, big, false, 'required')).toThrow(expect.objectContaining({ status: 413, code: 'PAYLOAD_TOO_LARGE' }));
    expect(() => parseJsonBody(json, Buffer.from(big).toString('base64'), true, 'required')).toThrow(expect.objectContaining({ status: 413 }));
    // Multi-byte characters count as bytes: 50,000 × 3 bytes is over the limit in under 64 K characters.
    expect(() => parseJsonBody(json, JSON.stringify({ pad: '€'.repeat(50_000) }), false, 'required')).toThrow(expect.objectContaining({ status: 413 }));
  });
  it('a body of exactly 128 KiB is parsed', () => {
    const exact = `{"pad":"${'x'.repeat(128 * 1024 - 10)}"}`;
    expect(Buffer.byteLength(exact)).toBe(128 * 1024);
    expect(parseJsonBody(json, exact, false, 'required')).toEqual({ pad: expect.any(String) });
  });
  it('nesting deeper than 32 levels is 400; 32 levels parse', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    expect(() => parseJsonBody(json, `{"extra": ${nested(60_000)}}`, false, 'required')).toThrow(
      expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED', message: 'request body is nested more than 32 levels deep' }),
    );
    expect(parseJsonBody(json, nested(32), false, 'required')).toBeDefined();
    expect(() => parseJsonBody(json, nested(33), false, 'required')).toThrow(expect.objectContaining({ status: 400 }));
  });
  it('base64 bodies are decoded', () => {
    expect(parseJsonBody({ 'content-type': 'application/json; charset=utf-8' }, Buffer.from('{"a":1}').toString('base64'), true, 'required')).toEqual({ a: 1 });
  });
});
