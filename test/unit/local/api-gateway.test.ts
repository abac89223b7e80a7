/**
 * The local API Gateway: routing by the manifest's templates, the REST proxy
 * event it builds, the response it writes from a proxy result, and the
 * server's own answers (404, 405, 408, 413, 500, 502, 504), and its access log
 * line, which tells a client that left from an answer.
 */
import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import {
  accessLogLine,
  buildContext,
  buildEvent,
  createApiServer,
  isTextMediaType,
  localBodyTimeoutMs,
  manifestRoutes,
  matchRoute,
  toHttpResponse,
  type AccessLogEntry,
  type LambdaHandler,
  type Route,
} from '../../../local/api-gateway';
import { httpFunctions } from '../../../shared/functions';

const route = (method: string, path: string, name = `${method} ${path}`): Route => ({ name, entry: `functions/${name}/handler.ts`, method, path });

const routes: Route[] = [
  route('GET', '/v1/carriers'),
  route('POST', '/v1/rate'),
  route('GET', '/v1/labels/{orderId}'),
  route('GET', '/v1/labels/{orderId}/{labelType}'),
  route('GET', '/v1/track/{orderId}'),
  route('DELETE', '/v1/shipments/{orderId}'),
  route('GET', '/v1/shipments/{orderId}'),
  route('GET', '/v1/labels/summary'),
  route('GET', '/v1/files/{path+}'),
];

describe('matchRoute', () => {
  it('matches a literal path and method', () => {
    expect(matchRoute(routes, 'GET', '/v1/carriers')).toEqual({ kind: 'found', route: routes[0], pathParameters: {} });
  });

  it('extracts path parameters, URL-decoded', () => {
    expect(matchRoute(routes, 'GET', '/v1/labels/ord%2F1/PDF')).toEqual({
      kind: 'found',
      route: routes[3],
      pathParameters: { orderId: 'ord/1', labelType: 'PDF' },
    });
  });

  it('prefers a literal segment over a parameter, as API Gateway does', () => {
    const match = matchRoute(routes, 'GET', '/v1/labels/summary');
    expect(match).toMatchObject({ kind: 'found', route: { path: '/v1/labels/summary' }, pathParameters: {} });
  });

  it('a greedy {path+} takes the rest of the path', () => {
    expect(matchRoute(routes, 'GET', '/v1/files/a/b/c.pdf')).toMatchObject({ kind: 'found', pathParameters: { path: 'a/b/c.pdf' } });
  });

  it('picks the method among the routes of one resource', () => {
    expect(matchRoute(routes, 'delete', '/v1/shipments/42')).toMatchObject({ kind: 'found', route: { method: 'DELETE' }, pathParameters: { orderId: '42' } });
  });

  it('a known path with another method is "method not allowed", with the methods it allows', () => {
    expect(matchRoute(routes, 'PUT', '/v1/shipments/42')).toEqual({ kind: 'method-not-allowed', allow: ['DELETE', 'GET'] });
    expect(matchRoute(routes, 'GET', '/v1/rate')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
  });

  it.each([['/v1/nothing'], ['/v1/carriers/extra'], ['/v1/labels/'], ['/v1/carriers/'], ['/carriers'], ['/'], ['/v1/track']])('%s is not found', (path) => {
    expect(matchRoute(routes, 'GET', path)).toEqual({ kind: 'not-found' });
  });

  it('routes every HTTP function of the manifest to its own entry', () => {
    for (const f of httpFunctions()) {
      const path = f.trigger.path.replace(/\{[^}]+\}/g, 'x1');
      expect(matchRoute(manifestRoutes(), f.trigger.method, path)).toMatchObject({ kind: 'found', route: { name: f.name, entry: f.entry } });
    }
  });
});

describe('isTextMediaType', () => {
  it.each([
    [undefined, true],
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/xml', true],
    ['text/plain', true],
    ['application/x-www-form-urlencoded', true],
    ['application/pdf', false],
    ['application/octet-stream', false],
    ['image/png', false],
    ['multipart/form-data; boundary=x', false],
  ])('%s -> text %s', (type, text) => {
    expect(isTextMediaType(type)).toBe(text);
  });
});

describe('buildEvent', () => {
  const now = new Date('2030-01-02T03:04:05.678Z');
  const build = (
    over: Partial<Parameters<typeof buildEvent>[0]> = {},
    match: { route: Route; pathParameters: Record<string, string> } = { route: routes[3]!, pathParameters: { orderId: 'o1', labelType: 'PDF' } },
  ) =>
    buildEvent(
      {
        method: 'GET',
        url: '/v1/labels/o1/PDF?a=1&b=x%20y&a=2',
        rawHeaders: ['Host', '127.0.0.1:3000', 'X-API-Key', 'ship_api_k', 'Accept', 'a', 'Accept', 'b', 'User-Agent', 'curl/8'],
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
        ...over,
      },
      match,
      { requestId: 'req-1', stage: 'local', now },
    );

  it('carries method, path, resource template and path parameters', () => {
    const event = build();
    expect(event).toMatchObject({
      httpMethod: 'GET',
      path: '/v1/labels/o1/PDF',
      resource: '/v1/labels/{orderId}/{labelType}',
      pathParameters: { orderId: 'o1', labelType: 'PDF' },
      stageVariables: null,
    });
  });

  it('gives query parameters single-valued (last wins) and multi-valued, decoded', () => {
    const event = build();
    expect(event.queryStringParameters).toEqual({ a: '2', b: 'x y' });
    expect(event.multiValueQueryStringParameters).toEqual({ a: ['1', '2'], b: ['x y'] });
  });

  it('gives null query parameters and path parameters when there are none', () => {
    const event = build({ url: '/v1/carriers' }, { route: routes[0]!, pathParameters: {} });
    expect(event.queryStringParameters).toBeNull();
    expect(event.multiValueQueryStringParameters).toBeNull();
    expect(event.pathParameters).toBeNull();
  });

  it('keeps header names as sent, single-valued (last wins) and multi-valued, plus the X-Forwarded headers', () => {
    const event = build();
    expect(event.headers).toEqual({
      Host: '127.0.0.1:3000',
      'X-API-Key': 'ship_api_k',
      Accept: 'b',
      'User-Agent': 'curl/8',
      'X-Forwarded-For': '127.0.0.1',
      'X-Forwarded-Proto': 'http',
    });
    expect(event.multiValueHeaders.Accept).toEqual(['a', 'b']);
    expect(event.multiValueHeaders['X-API-Key']).toEqual(['ship_api_k']);
  });

  it('has no body for an empty request', () => {
    const event = build();
    expect(event.body).toBeNull();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes a JSON body as text', () => {
    const event = build({ method: 'POST', rawHeaders: ['Content-Type', 'application/json'], body: Buffer.from('{"é":1}') });
    expect(event.body).toBe('{"é":1}');
    expect(event.isBase64Encoded).toBe(false);
  });

  it('passes a binary body base64-encoded with isBase64Encoded', () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const event = build({ method: 'POST', rawHeaders: ['Content-Type', 'application/pdf'], body: bytes });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });

  it('passes a "text" body that is not UTF-8 base64-encoded rather than mangling it', () => {
    const bytes = Buffer.from([0xc3, 0x28]);
    const event = build({ method: 'POST', rawHeaders: ['Content-Type', 'text/plain'], body: bytes });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });

  it('fills the request context like a REST API stage', () => {
    const { requestContext } = build();
    expect(requestContext).toMatchObject({
      requestId: 'req-1',
      stage: 'local',
      httpMethod: 'GET',
      resourcePath: '/v1/labels/{orderId}/{labelType}',
      path: '/local/v1/labels/o1/PDF',
      protocol: 'HTTP/1.1',
      requestTimeEpoch: now.getTime(),
      requestTime: '02/Jan/2030:03:04:05 +0000',
      identity: { sourceIp: '127.0.0.1', userAgent: 'curl/8' },
    });
  });
});

describe('buildContext', () => {
  it('counts the remaining time down from the timeout and names the function', () => {
    const context = buildContext(routes[0]!, { awsRequestId: 'aws-1', timeoutMs: 5000, region: 'us-east-1' });
    expect(context.awsRequestId).toBe('aws-1');
    expect(context.functionName).toBe('local-GET /v1/carriers');
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(4000);
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(5000);
  });
});

describe('toHttpResponse', () => {
  it('writes status, headers and a text body', () => {
    const response = toHttpResponse({ statusCode: 201, headers: { 'content-type': 'application/json', 'x-request-id': 'r' }, body: '{"data":1}' }, 'r');
    expect(response.statusCode).toBe(201);
    expect(response.headers).toEqual({ 'content-type': 'application/json', 'x-request-id': 'r' });
    expect(response.body.toString()).toBe('{"data":1}');
  });

  it('decodes a base64 body when isBase64Encoded', () => {
    const bytes = Buffer.from([0, 1, 2, 255]);
    const response = toHttpResponse(
      { statusCode: 200, headers: { 'content-type': 'application/pdf' }, body: bytes.toString('base64'), isBase64Encoded: true },
      'r',
    );
    expect(response.body).toEqual(bytes);
  });

  it('keeps a 302 with its Location and an empty body', () => {
    const response = toHttpResponse({ statusCode: 302, headers: { location: 'http://s3/label.pdf?sig=1', 'x-request-id': 'r' }, body: '' }, 'r');
    expect(response).toEqual({ statusCode: 302, headers: { location: 'http://s3/label.pdf?sig=1', 'x-request-id': 'r' }, body: Buffer.alloc(0) });
  });

  it('merges multiValueHeaders, which win over headers of the same name', () => {
    const response = toHttpResponse(
      { statusCode: 200, headers: { 'Set-Cookie': 'a=1', 'x-one': 1 }, multiValueHeaders: { 'set-cookie': ['b=2', 'c=3'], vary: ['Accept'] }, body: '' },
      'r',
    );
    expect(response.headers).toEqual({ 'set-cookie': ['b=2', 'c=3'], 'x-one': '1', vary: ['Accept'] });
  });

  it('drops hop-by-hop headers; the server sets them from what it writes', () => {
    const response = toHttpResponse({ statusCode: 200, headers: { 'Content-Length': '999', Connection: 'close', a: 'b' }, body: 'x' }, 'r');
    expect(response.headers).toEqual({ a: 'b' });
  });

  it.each([
    ['no object', undefined],
    ['no status', { body: '' }],
    ['status out of range', { statusCode: 99, body: '' }],
    ['a body that is no string', { statusCode: 200, body: { a: 1 } }],
    ['a header that is an object', { statusCode: 200, headers: { a: { b: 1 } } }],
    ['multiValueHeaders that are not arrays', { statusCode: 200, multiValueHeaders: { a: 'b' } }],
  ])('%s is a malformed proxy response: 502 JSON with the request id', (_name, result) => {
    const response = toHttpResponse(result, 'req-9');
    expect(response.statusCode).toBe(502);
    expect(response.headers['x-request-id']).toBe('req-9');
    expect(JSON.parse(response.body.toString())).toEqual({ error: { code: 'INTERNAL', message: 'Malformed Lambda proxy response' } });
  });
});

describe('createApiServer', () => {
  let server: Server;
  let base: string;
  let lastEvent: APIGatewayProxyEvent | undefined;
  let lastContext: Context | undefined;
  const handlers: Record<string, LambdaHandler> = {
    echo: async (event, context) => {
      lastEvent = event;
      lastContext = context;
      return {
        statusCode: 200,
        headers: { 'content-type': 'application/json', 'x-request-id': event.requestContext.requestId },
        body: JSON.stringify({ body: event.body }),
      };
    },
    boom: async () => {
      throw new Error('secret table name shipping-prod');
    },
    slow: () => new Promise(() => undefined),
    redirect: async () => ({ statusCode: 302, headers: { Location: 'http://127.0.0.1:9/labels/a.pdf?X-Amz-Signature=s' }, body: '' }),
    binary: async () => ({
      statusCode: 200,
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.from([37, 80, 68, 70, 0, 255]).toString('base64'),
      isBase64Encoded: true,
    }),
  };
  const serverRoutes: Route[] = [
    { name: 'echo', entry: 'echo', method: 'POST', path: '/v1/echo/{id}' },
    { name: 'boom', entry: 'boom', method: 'GET', path: '/v1/boom' },
    { name: 'slow', entry: 'slow', method: 'GET', path: '/v1/slow' },
    { name: 'redirect', entry: 'redirect', method: 'GET', path: '/v1/labels/{orderId}/{labelType}' },
    { name: 'binary', entry: 'binary', method: 'GET', path: '/v1/binary' },
    { name: 'missing', entry: 'missing', method: 'GET', path: '/v1/missing' },
  ];
  const logged: AccessLogEntry[] = [];

  beforeAll(async () => {
    server = createApiServer({
      routes: serverRoutes,
      loadHandler: (r) => {
        const h = handlers[r.entry];
        if (!h) throw new Error(`cannot load ${r.entry}`);
        return h;
      },
      maxBodyBytes: 1024,
      timeoutMs: 300,
      bodyTimeoutMs: 400,
      onResponse: (entry) => logged.push(entry),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const expectJsonError = async (response: Response, status: number, code: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code, message: expect.any(String) } });
    return body;
  };

  it('invokes the handler with the event and a context, and writes its result', async () => {
    const response = await fetch(`${base}/v1/echo/abc?q=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: '{"x":1}' });
    expect(lastEvent).toMatchObject({ httpMethod: 'POST', pathParameters: { id: 'abc' }, queryStringParameters: { q: '1' }, resource: '/v1/echo/{id}' });
    expect(response.headers.get('x-request-id')).toBe(lastEvent?.requestContext.requestId);
    expect(lastContext?.getRemainingTimeInMillis()).toBeGreaterThan(0);
  });

  it.each(['constructor', 'toString', '__proto__', 'valueOf'])('a header and a query parameter named %s are plain names in the event', async (name) => {
    // Written by hand: fetch drops a header named __proto__.
    const port = (server.address() as AddressInfo).port;
    const response = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.end(
          `POST /v1/echo/abc?${name}=1&${name}=2 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${name}: v\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(Object.getOwnPropertyDescriptor(lastEvent!.queryStringParameters, name)?.value).toBe('2');
    expect(Object.getOwnPropertyDescriptor(lastEvent!.multiValueQueryStringParameters, name)?.value).toEqual(['1', '2']);
    expect(Object.getOwnPropertyDescriptor(lastEvent!.headers, name)?.value).toBe('v');
    expect(Object.getOwnPropertyDescriptor(lastEvent!.multiValueHeaders, name)?.value).toEqual(['v']);
  });

  it('answers an unknown path with a JSON 404', async () => {
    const body = await expectJsonError(await fetch(`${base}/v1/nope`), 404, 'NOT_FOUND');
    expect(body.error.message).toContain('/v1/nope');
  });

  it('answers a known path with another method with a JSON 405 and an Allow header', async () => {
    const response = await fetch(`${base}/v1/echo/abc`, { method: 'DELETE' });
    expect(response.headers.get('allow')).toBe('POST');
    await expectJsonError(response, 405, 'METHOD_NOT_ALLOWED');
  });

  it('answers a body above the limit with a JSON 413, without calling the handler', async () => {
    lastEvent = undefined;
    const response = await fetch(`${base}/v1/echo/abc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2048) });
    await expectJsonError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(lastEvent).toBeUndefined();
  });

  it('turns a throwing handler into a JSON 500 that says nothing of the internals', async () => {
    const response = await fetch(`${base}/v1/boom`);
    const body = await expectJsonError(response, 500, 'INTERNAL');
    expect(JSON.stringify(body)).not.toContain('shipping-prod');
    expect((logged.at(-1)?.error as Error).message).toContain('shipping-prod');
  });

  it('turns a handler module that cannot load into a JSON 500', async () => {
    await expectJsonError(await fetch(`${base}/v1/missing`), 500, 'INTERNAL');
  });

  it('answers 504 when the handler outlives the timeout', async () => {
    await expectJsonError(await fetch(`${base}/v1/slow`), 504, 'TIMEOUT');
  });

  it('keeps a 302 and its Location', async () => {
    const response = await fetch(`${base}/v1/labels/o1/PDF`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:9/labels/a.pdf?X-Amz-Signature=s');
  });

  it('writes a base64 result as bytes', async () => {
    const response = await fetch(`${base}/v1/binary`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([37, 80, 68, 70, 0, 255]));
    expect(response.headers.get('content-length')).toBe('6');
  });

  /** Opens a raw connection, writes `request` without ending it; resolves with the socket and what the server writes, when it closes. */
  const rawRequest = (request: string) => {
    const port = (server.address() as AddressInfo).port;
    const url = request.split(' ')[1];
    // Resolves once the server has the request's head: a client that leaves after this left mid-request, whatever the machine's load.
    const received = new Promise<void>((resolve) => {
      const onRequest = (req: { url?: string }) => {
        if (req.url !== url) return;
        server.off('request', onRequest);
        resolve();
      };
      server.on('request', onRequest);
    });
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    return { socket, answer, received };
  };
  const entryOf = async (url: string) => {
    const deadline = Date.now() + 3_000;
    let entry: (typeof logged)[number] | undefined;
    while (!(entry = logged.find((e) => e.url === url)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return entry;
  };

  it('answers a body that stops short of its Content-Length with a JSON 408 once it stalls, and closes the connection', async () => {
    lastEvent = undefined;
    const started = Date.now();
    const { socket, answer } = rawRequest(
      'POST /v1/echo/stalled HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"x":12345',
    );
    // Node's own request timeout would take 300 s and more: give up long before.
    const guard = setTimeout(() => socket.destroy(), 5_000);
    const text = await answer.finally(() => clearTimeout(guard));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'REQUEST_TIMEOUT', message: expect.stringContaining('400 ms') } });
    expect(lastEvent).toBeUndefined();
    expect(await entryOf('/v1/echo/stalled')).toMatchObject({ statusCode: 408 });
  });

  it('a body that keeps arriving, however slowly, is no stalled body', async () => {
    const { socket, answer } = rawRequest(
      'POST /v1/echo/trickle HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\nConnection: close\r\n\r\n',
    );
    // Longer in all than the body timeout (400 ms), never that long without a byte.
    for (const piece of ['{"x"', ':', '1', '}']) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      socket.write(piece);
    }
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(lastEvent?.body).toBe('{"x":1}');
  });

  it('a client that leaves mid-body is logged as an abort: one line, no 500, no stack', async () => {
    const { socket, answer, received } = rawRequest(
      'POST /v1/echo/left HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"x":12345',
    );
    await received;
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await answer;
    const entry = await entryOf('/v1/echo/left');
    expect(entry).toMatchObject({ aborted: true });
    expect(entry?.error).toBeUndefined();
    const line = accessLogLine(entry!);
    expect(line).toMatch(/^POST \/v1\/echo\/left -> client aborted /);
    expect(line).not.toMatch(/500/);
    expect(line).not.toContain('\n');
  });

  it('a client that leaves while the function runs is logged as an abort too, with the answer it missed', async () => {
    const { socket, answer, received } = rawRequest('GET /v1/slow?left=1 HTTP/1.1\r\nHost: x\r\n\r\n');
    await received;
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await answer;
    const entry = await entryOf('/v1/slow?left=1');
    expect(entry).toMatchObject({ aborted: true, statusCode: 504 });
    expect(accessLogLine(entry!)).toMatch(/^GET \/v1\/slow\?left=1 -> client aborted .*504/);
  });
});

describe('accessLogLine', () => {
  const entry = { method: 'GET', url: '/v1/carriers', ms: 12, requestId: 'r-1' };
  it('an answer: its status', () => {
    expect(accessLogLine({ ...entry, statusCode: 500, error: new Error('boom') })).toBe('GET /v1/carriers -> 500 (12 ms, request r-1)');
  });
  it('a client gone before any answer was made', () => {
    expect(accessLogLine({ ...entry, aborted: true })).toBe('GET /v1/carriers -> client aborted (12 ms, request r-1)');
  });
});

describe('localBodyTimeoutMs', () => {
  it('is 5000 unless LOCAL_BODY_TIMEOUT_MS is set', () => {
    expect(localBodyTimeoutMs({})).toBe(5_000);
    expect(localBodyTimeoutMs({ LOCAL_BODY_TIMEOUT_MS: ' ' })).toBe(5_000);
    expect(localBodyTimeoutMs({ LOCAL_BODY_TIMEOUT_MS: '1500' })).toBe(1_500);
  });

  it.each(['0', '99', '2.5', 'soon', '600001'])('refuses %s: whole milliseconds from 100 to 600000', (raw) => {
    expect(() => localBodyTimeoutMs({ LOCAL_BODY_TIMEOUT_MS: raw })).toThrow(/LOCAL_BODY_TIMEOUT_MS/);
  });
});
