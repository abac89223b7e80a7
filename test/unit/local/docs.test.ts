/**
 * The docs routes of the local API Gateway (local/docs.ts) over real HTTP:
 * the document and the page without a key and without calling a function,
 * GET and HEAD only, revalidation by ETag, a strict Content-Security-Policy,
 * and asset names that are a fixed list, whatever the request path spells.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApiServer, type Route } from '../../../local/api-gateway';
import { ASSETS_PREFIX, CONTENT_SECURITY_POLICY, createDocsRoutes } from '../../../local/docs';

const root = path.resolve(__dirname, '..', '..', '..');
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http sends the path as written (fetch would resolve `..` first). */
const raw = (port: number, pathAsSent: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAsSent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

const errorCode = (r: Raw) => (JSON.parse(r.body.toString()) as { error: { code: string; message: string } }).error.code;

let server: Server;
let port: number;
let invoked: string[];

beforeAll(async () => {
  invoked = [];
  const routes: Route[] = [{ name: 'carriers', entry: 'functions/carriers/handler.ts', method: 'GET', path: '/v1/carriers' }];
  server = createApiServer({
    routes,
    loadHandler: (route) => async () => {
      invoked.push(route.name);
      return { statusCode: 401, body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'key' } }) };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('GET /v1/openapi.json', () => {
  it('answers the repository openapi.json byte for byte, without a key and without any function', async () => {
    const r = await raw(port, '/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.body.equals(readFileSync(path.join(root, 'openapi.json')))).toBe(true);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(invoked).toEqual([]);
  });

  it('answers 304 with no body to If-None-Match with its ETag (strong or weak, alone or in a list), 200 to another tag', async () => {
    const etag = (await raw(port, '/v1/openapi.json')).headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const r = await raw(port, '/v1/openapi.json', { headers: { 'if-none-match': ifNoneMatch } });
      expect({ ifNoneMatch, status: r.status, length: r.body.length, etag: r.headers.etag, contentLength: r.headers['content-length'] }).toEqual({
        ifNoneMatch,
        status: 304,
        length: 0,
        etag,
        contentLength: undefined,
      });
    }
    expect((await raw(port, '/v1/openapi.json', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('HEAD answers the headers of GET and no body', async () => {
    const get = await raw(port, '/v1/openapi.json');
    const head = await raw(port, '/v1/openapi.json', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s is 405 METHOD_NOT_ALLOWED with Allow: GET, HEAD', async (method) => {
    const r = await raw(port, '/v1/openapi.json', { method });
    expect({ status: r.status, allow: r.headers.allow, code: errorCode(r) }).toEqual({ status: 405, allow: 'GET, HEAD', code: 'METHOD_NOT_ALLOWED' });
    expect(r.headers['content-type']).toMatch(/^application\/json/);
  });

  it('the router answers as before beside it: other paths 404 NOT_FOUND, the functions still run', async () => {
    for (const p of ['/openapi.json', '/v1/openapi.yaml', '/v1/openapi.json/x', '/v2/openapi.json']) {
      const r = await raw(port, p);
      expect({ p, status: r.status, code: errorCode(r) }).toEqual({ p, status: 404, code: 'NOT_FOUND' });
    }
    expect((await raw(port, '/v1/carriers')).status).toBe(401);
    expect(invoked).toEqual(['carriers']);
  });
});

describe('the request target the docs routes and the router parse', () => {
  /** Writes the request line itself: node:http refuses to send such a target. */
  const requestLine = (target: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });

  it('a target that is no URL is 400 VALIDATION_FAILED, not a 500', async () => {
    const text = await requestLine('http://[');
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(text.split('\r\n\r\n')[1]!)).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });

  it('an absolute-form target is routed by its path', async () => {
    expect((await requestLine('http://elsewhere.example/docs')).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});

describe('GET /docs', () => {
  it('is an HTML page with a strict Content-Security-Policy, no inline script and no URL outside the runtime', async () => {
    const r = await raw(port, '/docs');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-|https?:|\*/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const html = r.body.toString();
    expect(html).not.toMatch(/\/\/|\bhttps?:/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/docs\/assets\/[^"]+"/);
      expect(content!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=|style=/i);
  });

  it('every asset the page names is served, with its type, and swagger-ui files are the installed ones', async () => {
    const html = (await raw(port, '/docs')).body.toString();
    const names = [...html.matchAll(/(?:src|href)="\/docs\/assets\/([^"]+)"/g)].map((m) => m[1]!);
    expect(names).toEqual(expect.arrayContaining(['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js']));
    const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, png: /^image\/png$/ };
    for (const name of names) {
      const r = await raw(port, `${ASSETS_PREFIX}${name}`);
      expect({ name, status: r.status, type: types[name.split('.').pop()!]!.test(String(r.headers['content-type'])) }).toEqual({
        name,
        status: 200,
        type: true,
      });
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      if (name !== 'docs.js') expect(r.body.equals(readFileSync(path.join(swaggerUiDir, name)))).toBe(true);
    }
  });

  it('the initializer loads /v1/openapi.json from the same origin and nothing from elsewhere', async () => {
    const js = (await raw(port, '/docs/assets/docs.js')).body.toString();
    expect(js).toContain('"/v1/openapi.json"');
    expect(js).not.toMatch(/https?:|\/\/[a-z]/i);
    expect(js).toMatch(/validatorUrl: null/);
  });

  it.each(['/docs/', '/v1/docs', '/v1/docs/'])('%s answers 302 to /docs', async (p) => {
    const r = await raw(port, p);
    expect({ status: r.status, location: r.headers.location }).toEqual({ status: 302, location: '/docs' });
  });

  it('a query string does not change the page', async () => {
    expect((await raw(port, '/docs?x=1')).body.equals((await raw(port, '/docs')).body)).toBe(true);
  });

  it('POST /docs and DELETE on an asset are 405 with Allow: GET, HEAD', async () => {
    for (const [method, p] of [
      ['POST', '/docs'],
      ['DELETE', '/docs/assets/swagger-ui.css'],
      ['PUT', '/docs/'],
    ]) {
      const r = await raw(port, p!, { method });
      expect({ p, status: r.status, allow: r.headers.allow, code: errorCode(r) }).toEqual({ p, status: 405, allow: 'GET, HEAD', code: 'METHOD_NOT_ALLOWED' });
    }
  });
});

describe('asset names are a fixed list', () => {
  const attempts = [
    '/docs/assets/../../package.json',
    '/docs/assets/%2e%2e/%2e%2e/package.json',
    '/docs/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/docs/assets/..%2f..%2fopenapi.json',
    '/docs/assets/..%5c..%5cpackage.json',
    '/docs/assets/..\\..\\package.json',
    '/docs/assets/%252e%252e/package.json',
    '/docs/assets//etc/passwd',
    '/docs/assets/%2Fetc%2Fpasswd',
    '/docs/assets/swagger-ui.css%00',
    '/docs/assets/swagger-ui.css%00.png',
    '/docs/assets/swagger-ui.css/',
    '/docs/assets/./swagger-ui.css/..',
    '/docs/assets/SWAGGER-UI.CSS',
    '/docs/assets/index.html',
    '/docs/assets/package.json',
    '/docs/assets/swagger-ui-bundle.js.map',
    '/docs/assets/swagger-initializer.js',
    '/docs/assets/__proto__',
    '/docs/assets/constructor',
    '/docs/assets/',
    `/docs/assets/${'a'.repeat(4000)}.js`,
    `/docs/assets/${'../'.repeat(500)}etc/passwd`,
  ];

  it.each(attempts.map((a) => [a.length > 60 ? `${a.slice(0, 60)}... (${a.length} chars)` : a, a]))(
    '%s is 404 NOT_FOUND in the JSON error body',
    async (_name, attempt) => {
      const r = await raw(port, attempt);
      expect({ status: r.status, code: errorCode(r) }).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect(r.headers['x-request-id']).toBeTruthy();
    },
  );

  it('a path that resolves to an asset, as a browser would resolve it, is that asset', async () => {
    const r = await raw(port, '/docs/assets/x/../swagger-ui.css');
    expect(r.status).toBe(200);
    expect(r.body.equals(readFileSync(path.join(swaggerUiDir, 'swagger-ui.css')))).toBe(true);
  });
});

describe('createDocsRoutes', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the document once: a change on disk shows on the next start, not mid-run', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify({ openapi: '3.0.0', info: { title: 'First <b>', version: '1' }, paths: {} }));
    const docs = createDocsRoutes({ openApiFile: file, swaggerUiDir });
    const get = async (pathname: string) => {
      const answer = await docs({ method: 'GET', pathname, requestId: 'r' });
      if (answer?.kind !== 'response') throw new Error(`no response for ${pathname}`);
      return answer.response;
    };
    const first = await get('/v1/openapi.json');
    writeFileSync(file, JSON.stringify({ openapi: '3.0.0', info: { title: 'Second', version: '1' }, paths: {} }));
    expect((await get('/v1/openapi.json')).body.equals(first.body)).toBe(true);
    expect((await get('/docs')).body.toString()).toContain('<title>First &#60;b&#62; · docs</title>');
    const restarted = createDocsRoutes({ openApiFile: file, swaggerUiDir });
    const again = await restarted({ method: 'GET', pathname: '/v1/openapi.json', requestId: 'r' });
    expect(again?.kind === 'response' && JSON.parse(again.response.body.toString()).info.title).toBe('Second');
  });

  it('a document that is not JSON fails the request (a 500 of the runtime), and is read again on the next one', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{"openapi": ');
    const docs = createDocsRoutes({ openApiFile: file, swaggerUiDir });
    await expect(docs({ method: 'GET', pathname: '/v1/openapi.json', requestId: 'r' })).rejects.toThrow(SyntaxError);
    writeFileSync(file, '{"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {}}');
    await expect(docs({ method: 'GET', pathname: '/v1/openapi.json', requestId: 'r' })).resolves.toMatchObject({
      kind: 'response',
      response: { statusCode: 200 },
    });
  });

  it('leaves every other path to the router', async () => {
    const docs = createDocsRoutes({ swaggerUiDir });
    for (const pathname of ['/v1/carriers', '/docsx', '/docs/assets/nope.js', '/v1/openapi', '/']) {
      await expect(docs({ method: 'GET', pathname, requestId: 'r' })).resolves.toBeUndefined();
    }
  });
});
