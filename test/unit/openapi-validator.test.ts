/**
 * The validator every e2e answer goes through (test/support/openapi-validator.ts)
 * refuses what departs from the document, so it cannot pass everything: a
 * wrong type, a missing required field, an undocumented status, a wrong
 * content type, a missing required header, a body where none is documented,
 * an unknown path answered other than 404, a wrong method answered other
 * than 405/404. Checked on a small document and on the repository's own.
 */
import createClient from 'openapi-fetch';
import {
  createOpenApiValidator,
  documentValidator,
  OpenApiMismatch,
  pathBelow,
  validationMiddleware,
  type OpenApiDocument,
  type ObservedResponse,
} from '../support/openapi-validator';

const json = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r-1' };
const errorBody = { error: { code: 'NOT_FOUND', message: 'no' } };

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  paths: {
    '/v1/items/{id}': {
      get: {
        responses: {
          200: {
            description: 'ok',
            headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
            content: { 'application/json': { schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Item' } }, required: ['data'] } } },
          },
          302: {
            description: 'file',
            headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' }, Location: { required: true, schema: { type: 'string', format: 'uri' } } },
          },
          404: { $ref: '#/components/responses/NotFound' },
          409: {
            description: 'busy',
            headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' }, 'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
    '/v1/items/special': {
      get: { responses: { 200: { description: 'the literal path wins', content: { 'text/plain': { schema: { type: 'string' } } } } } },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          count: { type: 'integer', minimum: 0, exclusiveMinimum: true, example: 3 },
          note: { type: 'string', nullable: true },
          kind: { type: 'string', enum: ['box', 'tube'] },
          owner: { type: 'string', format: 'email' },
        },
        required: ['id', 'count', 'note'],
      },
      Error: {
        type: 'object',
        properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
        required: ['error'],
      },
    },
    headers: { RequestId: { required: true, schema: { type: 'string' } } },
    responses: {
      NotFound: {
        description: 'none',
        headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      MethodNotAllowed: {
        description: 'wrong method',
        headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' }, Allow: { required: true, schema: { type: 'string' } } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

const validator = createOpenApiValidator(doc, { outsideDocument: (p) => p === '/docs' });
const answer = (over: Partial<Omit<ObservedResponse, 'headers'>> & { json?: unknown; headers?: Record<string, string> | Headers }): ObservedResponse => {
  const { json: body, headers, ...rest } = over;
  return {
    method: 'GET',
    path: '/v1/items/abc',
    status: 200,
    body: body === undefined ? '' : JSON.stringify(body),
    ...rest,
    headers: headers instanceof Headers ? headers : new Headers(headers ?? json),
  };
};
const item = { id: 'abc', count: 2, note: null };

describe('an answer that fits the document', () => {
  it('passes: $ref to components, nullable, example, OpenAPI 3.0 exclusiveMinimum', () => {
    expect(validator.check(answer({ json: { data: item } }))).toEqual([]);
    expect(validator.check(answer({ json: { data: { ...item, note: 'fragile', kind: 'tube', owner: 'a@b.co' } } }))).toEqual([]);
  });

  it('passes a 302 with its Location and no body, a 409 with a numeric Retry-After', () => {
    expect(validator.check(answer({ status: 302, headers: { 'x-request-id': 'r', location: 'https://bucket.example/file?sig=1' } }))).toEqual([]);
    expect(validator.check(answer({ status: 409, json: errorBody, headers: { ...json, 'retry-after': '2' } }))).toEqual([]);
  });

  it('matches the literal path before a template, and ignores the query', () => {
    expect(validator.match('/v1/items/special')).toBe('/v1/items/special');
    expect(validator.match('/v1/items/x%2F..%2Fy')).toBe('/v1/items/{id}');
    expect(validator.check(answer({ path: '/v1/items/special?x=1', headers: { 'content-type': 'text/plain' }, body: 'hi' }))).toEqual([]);
  });
});

describe('an answer that departs from the document fails', () => {
  const fails = (observed: ObservedResponse, pattern: RegExp) => {
    const problems = validator.check(observed);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
    expect(() => validator.assertDocumented(observed)).toThrow(OpenApiMismatch);
  };

  it('a field of the wrong type', () => fails(answer({ json: { data: { ...item, count: '2' } } }), /\/data\/count must be integer/));
  it('a missing required field', () => fails(answer({ json: { data: { id: 'abc', count: 1 } } }), /must have required property 'note'/));
  it('null where the field is not nullable', () => fails(answer({ json: { data: { ...item, id: null } } }), /\/data\/id must be string/));
  it('a value outside the enum, a bad format, a bound excluded', () => {
    fails(answer({ json: { data: { ...item, kind: 'crate' } } }), /\/data\/kind must be equal to one of the allowed values/);
    fails(answer({ json: { data: { ...item, owner: 'nobody' } } }), /\/data\/owner must match format "email"/);
    fails(answer({ json: { data: { ...item, count: 0 } } }), /\/data\/count must be > 0/);
  });
  it('a status the operation does not document', () =>
    fails(answer({ status: 500, json: errorBody }), /status 500 is not documented \(documented: 200, 302, 404, 409\)/));
  it('a content type not documented, or a JSON body that is not JSON', () => {
    fails(answer({ headers: { 'content-type': 'text/html', 'x-request-id': 'r' }, body: '<p>' }), /content type "text\/html" is not one documented/);
    fails(answer({ body: '{"data":' }), /body is not JSON/);
  });
  it('a required header missing, or not of its schema', () => {
    fails(answer({ json: { data: item }, headers: { 'content-type': 'application/json' } }), /required header x-request-id is missing/);
    fails(answer({ status: 409, json: errorBody, headers: json }), /required header Retry-After is missing/);
    fails(answer({ status: 409, json: errorBody, headers: { ...json, 'retry-after': 'soon' } }), /header Retry-After: "soon" .*must be integer/);
    fails(answer({ status: 302, headers: { 'x-request-id': 'r', location: 'not a uri' } }), /header Location.*must match format "uri"/);
  });
  it('a body where none is documented', () =>
    fails(answer({ status: 302, headers: { 'x-request-id': 'r', location: 'https://x.example/f' }, body: 'moved' }), /documents no body/));
  it('a documented error status with the wrong body', () => fails(answer({ status: 404, json: { message: 'no' } }), /must have required property 'error'/));
});

describe('closedObjects', () => {
  const closed = createOpenApiValidator(doc, { closedObjects: true });
  const extra = answer({ json: { data: { ...item, secret: 'pk' } } });

  it('refuses a property the schema does not list, at any depth, through $ref', () => {
    expect(validator.check(extra)).toEqual([]);
    expect(closed.check(extra)).toEqual([expect.stringMatching(/\/data must NOT have additional properties \{"additionalProperty":"secret"\}/)]);
    expect(closed.check(answer({ json: { data: item, meta: 1 } }))).toEqual([expect.stringMatching(/\(root\) must NOT have additional properties/)]);
    expect(closed.check(answer({ json: { data: item } }))).toEqual([]);
  });

  it('keeps what the schema says of other properties', () => {
    const open = createOpenApiValidator(
      {
        openapi: '3.0.3',
        paths: {
          '/m': {
            get: {
              responses: {
                200: {
                  description: 'ok',
                  content: {
                    'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
      { closedObjects: true },
    );
    const observed = (body: unknown) => answer({ path: '/m', json: body, headers: { 'content-type': 'application/json' } });
    expect(open.check(observed({ a: 'x', b: 'y' }))).toEqual([]);
    expect(open.check(observed({ a: 'x', b: 1 }))).toEqual([expect.stringMatching(/\/b must be string/)]);
  });
});

describe("the router's own answers", () => {
  it('an unknown path: 404 with the Error body passes; anything else fails', () => {
    expect(validator.check(answer({ path: '/v1/nothing', status: 404, json: errorBody }))).toEqual([]);
    expect(validator.check(answer({ path: '/v1/nothing', status: 200, json: { data: item } }))).toEqual([
      expect.stringMatching(/no path of the document matches \/v1\/nothing/),
    ]);
    expect(validator.check(answer({ path: '/v1/nothing', status: 404, json: { oops: true } }))).toEqual([
      expect.stringMatching(/must have required property 'error'/),
    ]);
  });

  it('a method the path lacks: 405 as MethodNotAllowed (Allow required) or 404; anything else fails', () => {
    expect(validator.check(answer({ method: 'DELETE', status: 405, json: errorBody, headers: { ...json, allow: 'GET' } }))).toEqual([]);
    expect(validator.check(answer({ method: 'DELETE', status: 404, json: errorBody }))).toEqual([]);
    expect(validator.check(answer({ method: 'DELETE', status: 405, json: errorBody }))).toEqual([expect.stringMatching(/required header Allow is missing/)]);
    expect(validator.check(answer({ method: 'DELETE', status: 200, json: { data: item } }))).toEqual([
      expect.stringMatching(/must be the router's 405 or 404/),
    ]);
  });

  it("the request limit's 429 comes before routing: any path, as the Throttled response (Retry-After required)", () => {
    const repository = documentValidator();
    const throttled = (headers: Record<string, string>) =>
      answer({ path: '/v1/no-such-thing', status: 429, json: { error: { code: 'THROTTLED', message: 'slow down' } }, headers });
    expect(repository.check(throttled({ 'content-type': 'application/json', 'retry-after': '60' }))).toEqual([]);
    expect(repository.check({ ...throttled({ 'content-type': 'application/json', 'retry-after': '60' }), method: 'DELETE', path: '/v1/carriers' })).toEqual([]);
    expect(repository.check(throttled({ 'content-type': 'application/json' }))).toEqual([expect.stringMatching(/required header Retry-After is missing/)]);
    expect(validator.check(answer({ path: '/v1/nothing', status: 429, json: errorBody }))).toEqual([expect.stringMatching(/not the router's 404/)]);
  });

  it('skips the paths the caller names as outside the document', () => {
    expect(validator.check(answer({ path: '/docs', status: 200, headers: { 'content-type': 'text/html' }, body: '<html>' }))).toEqual([]);
  });
});

describe('OpenAPI 3.1', () => {
  it('takes JSON Schema 2020-12 as it is: type arrays for null', () => {
    const v31 = createOpenApiValidator({
      openapi: '3.1.0',
      paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } } } } },
      components: { schemas: { A: { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'] } } },
    });
    const observed = (n: unknown) => answer({ path: '/a', json: { n }, headers: { 'content-type': 'application/json' } });
    expect(v31.check(observed(null))).toEqual([]);
    expect(v31.check(observed(1))).toEqual([]);
    expect(v31.check(observed('1'))).toEqual([expect.stringMatching(/\/n must be integer,null/)]);
  });

  it('refuses a Swagger 2 document', () => {
    expect(() => createOpenApiValidator({ openapi: '2.0', paths: {} })).toThrow(/not supported/);
  });
});

describe("the repository's openapi.json", () => {
  const repository = documentValidator();
  const shipment = {
    orderId: '0b3c1e9e-8a4f-4c5e-9a51-111111111111',
    rateResponseId: '0b3c1e9e-8a4f-4c5e-9a51-222222222222',
    trackingNumber: '1Z0001',
    status: 'pending',
    carrier: { code: 'CARRIERX', fullName: { en: 'X' }, shortName: { en: 'X' } },
    service: { code: 'GROUND', fullName: { en: 'Ground' }, shortName: { en: 'Ground' } },
    metadata: { trackingUrl: 'https://track.example/1Z0001' },
    labels: { available: [{ code: 'SHIPPING_LABEL_PDF', name: 'Shipping label', format: 'PDF', contentType: 'application/pdf' }] },
    pieces: [{ trackingNumber: '1Z0001' }],
    createdDate: '2026-11-23T12:00:00.000Z',
    mode: 'live',
  };
  const ship = (data: unknown, status = 200) => answer({ method: 'POST', path: `/v1/ship/${shipment.rateResponseId}`, status, json: data });

  it('passes a shipment and refuses one with a status outside its enum or without orderId', () => {
    expect(repository.check(ship({ data: shipment }))).toEqual([]);
    expect(repository.check(ship({ data: { ...shipment, status: 'shipped' } }))).toEqual([
      expect.stringMatching(/\/data\/status must be equal to one of the allowed values/),
    ]);
    const { orderId: _orderId, ...withoutId } = shipment;
    expect(repository.check(ship({ data: withoutId }))).toEqual([expect.stringMatching(/must have required property 'orderId'/)]);
  });

  it('a shipment says its mode: live or test, nothing else, never left out', () => {
    expect(repository.check(ship({ data: { ...shipment, mode: 'test' } }))).toEqual([]);
    expect(repository.check(ship({ data: { ...shipment, mode: 'sandbox' } }))).toEqual([
      expect.stringMatching(/\/data\/mode must be equal to one of the allowed values/),
    ]);
    const { mode: _mode, ...withoutMode } = shipment;
    expect(repository.check(ship({ data: withoutMode }))).toEqual([expect.stringMatching(/must have required property 'mode'/)]);
  });

  it('with closedObjects, refuses a field the document does not list (a store attribute leaking)', () => {
    const closed = documentValidator({ closedObjects: true });
    expect(closed.check(ship({ data: shipment }))).toEqual([]);
    expect(closed.check(ship({ data: { ...shipment, pk: 'ORDER#1' } }))).toEqual([
      expect.stringMatching(/\/data must NOT have additional properties \{"additionalProperty":"pk"\}/),
    ]);
    expect(closed.check(ship({ data: { ...shipment, carrier: { ...shipment.carrier, accountNumber: '123' } } }))).toEqual([
      expect.stringMatching(/\/data\/carrier must NOT have additional properties/),
    ]);
  });

  it('refuses an error code the document does not know, and a status no route answers', () => {
    expect(repository.check(ship({ error: { code: 'NOT_FOUND', message: 'rate response not found' } }, 404))).toEqual([]);
    expect(repository.check(ship({ error: { code: 'TEAPOT', message: 'x' } }, 404))).toEqual([
      expect.stringMatching(/\/error\/code must be equal to one of the allowed values/),
    ]);
    expect(repository.check(ship({ error: { code: 'INTERNAL', message: 'x' } }, 418))).toEqual([expect.stringMatching(/status 418 is not documented/)]);
  });

  it('a label file 302 needs its Location', () => {
    const path = `/v1/labels/${shipment.orderId}/SHIPPING_LABEL_PDF`;
    expect(repository.check(answer({ path, status: 302, headers: { 'x-request-id': 'r', location: 'http://127.0.0.1:4569/b/k?X-Amz-Signature=1' } }))).toEqual(
      [],
    );
    expect(repository.check(answer({ path, status: 302, headers: { 'x-request-id': 'r' } }))).toEqual([
      expect.stringMatching(/required header Location is missing/),
    ]);
  });
});

describe('validationMiddleware on an openapi-fetch client', () => {
  const clientAnswering = (response: () => Response, baseUrl = 'http://127.0.0.1:3000') => {
    const client = createClient<Record<string, never>>({ baseUrl, fetch: async () => response() });
    client.use(validationMiddleware(validator));
    return client as unknown as { GET: (path: string, init?: object) => Promise<{ data?: unknown; response: Response }> };
  };

  it('lets a documented answer through, its body still readable', async () => {
    const client = clientAnswering(() => new Response(JSON.stringify({ data: item }), { status: 200, headers: json }));
    const { data } = await client.GET('/v1/items/abc');
    expect(data).toEqual({ data: item });
  });

  it('makes the call fail on an answer the document does not describe', async () => {
    const client = clientAnswering(() => new Response(JSON.stringify({ data: { id: 1 } }), { status: 200, headers: json }));
    await expect(client.GET('/v1/items/abc')).rejects.toThrow(OpenApiMismatch);
    const undocumented = clientAnswering(() => new Response(JSON.stringify(errorBody), { status: 418, headers: json }));
    await expect(undocumented.GET('/v1/items/abc')).rejects.toThrow(/status 418 is not documented/);
  });

  it("matches the path below the server URL's own path (a stage)", async () => {
    expect(pathBelow('https://x.execute-api.eu-west-1.amazonaws.com/dev/v1/items/a', '/dev')).toBe('/v1/items/a');
    expect(pathBelow('http://127.0.0.1:3000/v1/items/a', '/')).toBe('/v1/items/a');
    const staged = clientAnswering(() => new Response(JSON.stringify({ data: { id: 1 } }), { status: 200, headers: json }), 'https://x.example/dev');
    await expect(staged.GET('/v1/items/abc')).rejects.toThrow(/GET \/v1\/items\/abc answered 200/);
  });
});
