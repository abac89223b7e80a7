/**
 * The local API Gateway over real HTTP: unknown routes and wrong methods
 * answer JSON like the functions do, every answer carries x-request-id, and
 * request bodies are bounded. Every answer, raw or typed, is checked against
 * openapi.json; the router's own 404 and 405 against the shared Error body.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { httpFunctions } from '../../shared/functions';
import { api, client, e2e, expectErrorBody, openApi } from '../support/e2e';
import { createOpenApiValidator, OpenApiMismatch, type OpenApiDocument } from '../support/openapi-validator';

/**
 * fetch refuses a body on GET; node:http sends one, declared by length or
 * chunked (the catalog routes are all GET).
 */
const sendBody = (url: string, body: Buffer, framing: 'length' | 'chunked'): Promise<{ status: number; requestId: string | undefined; json: unknown }> =>
  new Promise((resolve, reject) => {
    const headers = {
      'content-type': 'application/json',
      'x-api-key': e2e.apiKey,
      ...(framing === 'length' ? { 'content-length': String(body.length) } : { 'transfer-encoding': 'chunked' }),
    };
    const req = request(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          requestId: res.headers['x-request-id'] as string | undefined,
          json: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });

describe('routing', () => {
  it('an unknown path is 404 NOT_FOUND in the JSON error body', async () => {
    expectErrorBody(await api('/no-such-thing'), 404, 'NOT_FOUND');
    expectErrorBody(await api('/carriers/extra'), 404, 'NOT_FOUND');
  });

  it('a path outside /v1 is 404 too', async () => {
    const response = await fetch(new URL('/carriers', e2e.baseUrl));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('a known path with another method is 405 METHOD_NOT_ALLOWED with an Allow header', async () => {
    const response = await api('/carriers', { method: 'DELETE' });
    expectErrorBody(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe('GET');
  });

  it.each(['length', 'chunked'] as const)('a request body above 1 MiB (%s) is 413 in the JSON error body; one below passes', async (framing) => {
    const big = await sendBody(`${e2e.baseUrl}/carriers`, Buffer.alloc(1024 * 1024 + 1, 0x20), framing);
    expect(big).toEqual({ status: 413, requestId: expect.any(String), json: { error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } } });
    const small = await sendBody(`${e2e.baseUrl}/carriers`, Buffer.alloc(1024, 0x20), framing);
    expect(small.status).toBe(200);
  });
});

describe('x-request-id', () => {
  it.each(httpFunctions().map((f) => [`${f.trigger.method} ${f.trigger.path}`, f] as const))(
    'is on the answer of %s, with and without a key',
    async (_name, f) => {
      const path = f.trigger.path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, 'x');
      for (const key of [undefined, null]) {
        const response = await api(path, {
          key,
          method: f.trigger.method,
          headers: { 'content-type': 'application/json' },
          body: f.trigger.method === 'GET' ? undefined : '{}',
        });
        expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    },
  );

  it('differs from one request to the next', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await api('/carriers')).headers.get('x-request-id')));
    expect(new Set(ids).size).toBe(3);
  });
});

describe('every answer is checked against openapi.json', () => {
  afterEach(() => jest.restoreAllMocks());

  /** The repository's document with GET /v1/carriers documenting no 200: the runtime's real answer then departs from it. */
  const withoutCarriers200 = () => {
    const doc = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as OpenApiDocument & {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    delete doc.paths['/v1/carriers']!.get.responses['200'];
    return createOpenApiValidator(doc);
  };

  it('raw api() and the typed client both go through the validator, and fail on an answer the document does not describe', async () => {
    const validator = openApi();
    const spy = jest.spyOn(validator, 'assertDocumented');
    await api('/carriers');
    await client().GET('/v1/carriers');
    expect(spy.mock.calls.map(([observed]) => [observed.method, observed.path, observed.status])).toEqual([
      ['GET', '/v1/carriers', 200],
      ['GET', '/v1/carriers', 200],
    ]);

    spy.mockImplementation(withoutCarriers200().assertDocumented);
    await expect(api('/carriers')).rejects.toThrow(OpenApiMismatch);
    await expect(client().GET('/v1/carriers')).rejects.toThrow(/status 200 is not documented/);
  });

  it("the router's 404 and 405 fit the shared Error body (no operation documents them)", async () => {
    expect(openApi().check({ method: 'GET', path: '/v1/no-such-thing', status: 200, headers: new Headers(), body: '' })).not.toEqual([]);
    const unknown = await api('/no-such-thing');
    const wrongMethod = await api('/carriers', { method: 'DELETE' });
    expect([unknown.status, wrongMethod.status]).toEqual([404, 405]);
  });
});
