/**
 * The documentation the local runtime serves beside the API, without a key
 * and outside the functions (API Gateway would serve it from a mock or S3,
 * not from a Lambda function):
 *
 * - `GET /v1/openapi.json`: the repository's openapi.json, byte for byte
 *   (`npm run openapi` writes it, a unit test keeps it in sync with the
 *   function list), read once on first request.
 * - `GET /docs`: swagger-ui from the swagger-ui-dist package, its assets
 *   served from node_modules under `/docs/assets/<file>` (a fixed list, never
 *   a path made from the request), its initializer a served script so the
 *   Content-Security-Policy needs no inline script. Nothing loads from
 *   outside the runtime's origin.
 * - `/docs/`, `/v1/docs` and `/v1/docs/` answer 302 to `/docs` (a newcomer
 *   types the base URL plus /docs); temporary, so a browser does not keep a
 *   redirect for 127.0.0.1:3000 that another project may serve later.
 *
 * Every answer carries a strong ETag and `Cache-Control: no-cache`: a
 * browser revalidates and gets 304 while the file is unchanged, and sees a
 * regenerated document or an upgraded swagger-ui-dist at once (the asset
 * URLs carry no version to bust a long-lived cache).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type DocsResponse = { statusCode: number; headers: Record<string, string>; body: Buffer };

export type DocsAnswer = { kind: 'response'; response: DocsResponse } | { kind: 'method-not-allowed'; allow: string[] };

export type DocsRequest = { method: string; pathname: string; ifNoneMatch?: string | undefined; requestId: string };

export const OPENAPI_PATH = '/v1/openapi.json';
export const DOCS_PATH = '/docs';
export const ASSETS_PREFIX = '/docs/assets/';
const REDIRECTS = new Set(['/docs/', '/v1/docs', '/v1/docs/']);
const ALLOWED_METHODS = ['GET', 'HEAD'];

/**
 * swagger-ui's BaseLayout needs its bundle and stylesheet only (no
 * standalone preset: its top bar is a box to load another document's URL).
 */
const SWAGGER_ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};
const INITIALIZER = 'docs.js';

/**
 * script-src 'self' without 'unsafe-inline' or 'unsafe-eval'; style-src
 * 'self' (swagger-ui sets styles through the DOM, which CSP allows); the
 * stylesheet's icons are data: URLs; connect-src 'self', so "Try it out"
 * reaches this runtime and nothing else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Loads /v1/openapi.json and renders it. The origin the page came from is
 * put first among the document's servers (or the document's own entry for
 * it moved first), so "Try it out" calls this runtime whatever PORT it
 * listens on; /v1/openapi.json itself stays the file on disk.
 */
const initializerScript = `'use strict';
(function () {
  var root = document.getElementById('swagger-ui');
  var fail = function (message) {
    root.textContent = 'The API document could not be loaded: ' + message;
  };
  fetch(${JSON.stringify(OPENAPI_PATH)}, { headers: { accept: 'application/json' } })
    .then(function (response) {
      if (!response.ok) throw new Error('GET ${OPENAPI_PATH} answered ' + response.status);
      return response.json();
    })
    .then(function (spec) {
      var origin = window.location.origin;
      var servers = Array.isArray(spec.servers) ? spec.servers : [];
      var isHere = function (server) { return typeof server.url === 'string' && server.url.replace(/\\/+$/, '') === origin; };
      var here = servers.filter(isHere)[0] || { url: origin, description: 'This local runtime (where this page came from)' };
      spec.servers = [here].concat(servers.filter(function (server) { return !isHere(server); }));
      window.ui = SwaggerUIBundle({
        spec: spec,
        dom_id: '#swagger-ui',
        deepLinking: true,
        layout: 'BaseLayout',
        presets: [SwaggerUIBundle.presets.apis],
        validatorUrl: null,
        displayRequestDuration: true,
        persistAuthorization: false
      });
    })
    .catch(function (error) { fail(error && error.message ? error.message : String(error)); });
})();
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
<link rel="stylesheet" href="${ASSETS_PREFIX}index.css">
<link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui"><noscript>This page needs JavaScript; the document itself is <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript></div>
<script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
<script src="${ASSETS_PREFIX}${INITIALIZER}"></script>
</body>
</html>
`;

type Resource = { body: Buffer; contentType: string; etag: string; extraHeaders: Record<string, string> };

const resource = (body: Buffer, contentType: string, extraHeaders: Record<string, string> = {}): Resource => ({
  body,
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  extraHeaders,
});

/** RFC 9110 13.1.2: weak comparison, a list of tags or `*`. */
const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });

const respond = (r: Resource, request: DocsRequest): DocsAnswer => {
  const headers: Record<string, string> = {
    'x-request-id': request.requestId,
    etag: r.etag,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...r.extraHeaders,
  };
  if (matchesEtag(request.ifNoneMatch, r.etag)) return { kind: 'response', response: { statusCode: 304, headers, body: Buffer.alloc(0) } };
  return { kind: 'response', response: { statusCode: 200, headers: { ...headers, 'content-type': r.contentType }, body: r.body } };
};

export type DocsOptions = {
  /** The document served at /v1/openapi.json; the repository's openapi.json by default. */
  openApiFile?: string;
  /** Where swagger-ui-dist's files are; the installed package by default. */
  swaggerUiDir?: string;
};

/** Memoizes an async load; a failed load is tried again on the next request. */
const once = <T>(load: () => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
    return pending;
  };
};

/**
 * The docs routes: an answer for the paths they own, `undefined` for every
 * other path (the caller routes it as before, so an unknown asset name is the
 * router's ordinary 404). A known path with a method other than GET or HEAD
 * is method-not-allowed. HEAD gets GET's headers; the HTTP server drops the
 * body.
 */
export const createDocsRoutes = (options: DocsOptions = {}) => {
  const openApiFile = options.openApiFile ?? path.resolve(__dirname, '..', 'openapi.json');
  const swaggerUiDir = options.swaggerUiDir ?? path.dirname(require.resolve('swagger-ui-dist/package.json'));

  const document = once(async () => {
    const body = await readFile(openApiFile);
    // Parsed once so a broken file fails here, loudly, rather than in every integrator's browser.
    const parsed = JSON.parse(body.toString('utf8')) as { info?: { title?: unknown } };
    // The document is public and carries no credentials: any origin may read it (editors, code generators in a browser).
    return {
      file: resource(body, 'application/json; charset=utf-8', { 'access-control-allow-origin': '*' }),
      title: typeof parsed.info?.title === 'string' ? parsed.info.title : 'API',
    };
  });
  const html = once(async () =>
    resource(Buffer.from(page(`${(await document()).title} · docs`)), 'text/html; charset=utf-8', {
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    }),
  );
  const initializer = resource(Buffer.from(initializerScript), 'text/javascript; charset=utf-8');
  const assets = new Map<string, () => Promise<Resource>>(
    Object.entries(SWAGGER_ASSETS).map(([name, contentType]) => [name, once(async () => resource(await readFile(path.join(swaggerUiDir, name)), contentType))]),
  );
  assets.set(INITIALIZER, () => Promise.resolve(initializer));

  const lookup = (pathname: string): (() => Promise<Resource>) | 'redirect' | undefined => {
    if (pathname === OPENAPI_PATH) return async () => (await document()).file;
    if (pathname === DOCS_PATH) return html;
    if (REDIRECTS.has(pathname)) return 'redirect';
    // An exact name of the list: `..`, `%2e%2e`, `%00`, `/` or a long name never name a file.
    if (pathname.startsWith(ASSETS_PREFIX)) return assets.get(pathname.slice(ASSETS_PREFIX.length));
    return undefined;
  };

  return async (request: DocsRequest): Promise<DocsAnswer | undefined> => {
    const found = lookup(request.pathname);
    if (!found) return undefined;
    if (!ALLOWED_METHODS.includes(request.method.toUpperCase())) return { kind: 'method-not-allowed', allow: ALLOWED_METHODS };
    if (found === 'redirect') {
      return {
        kind: 'response',
        response: { statusCode: 302, headers: { location: DOCS_PATH, 'x-request-id': request.requestId, 'cache-control': 'no-cache' }, body: Buffer.alloc(0) },
      };
    }
    return respond(await found(), request);
  };
};
