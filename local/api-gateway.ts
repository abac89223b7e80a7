/**
 * A local stand-in for API Gateway's REST API with Lambda proxy integration:
 * routes by the function list's HTTP triggers, turns a request into an
 * `APIGatewayProxyEvent`, invokes the function's unchanged `handler` in this
 * process and writes its `APIGatewayProxyResult` back.
 *
 * Hand-written: the libraries that do this (serverless-offline, SAM local)
 * bring their own framework or Docker; this is a few hundred lines that read
 * our function list directly.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { httpFunctions, inboundFunctions, PUSH_ROUTES } from '../shared/functions';
import { createDocsRoutes } from './docs';
import type { LimitDecision, RequestLimiter } from './request-limiter';
import { localHandlerOverride } from './sandbox-hooks';

export type Route = { name: string; entry: string; method: string; path: string };

export type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export type RouteMatch =
  { kind: 'found'; route: Route; pathParameters: Record<string, string> } | { kind: 'method-not-allowed'; allow: string[] } | { kind: 'not-found' };

/** The HTTP routes of the function list: its HTTP triggers and its inbound (carrier push) routes. */
export const manifestRoutes = (): Route[] =>
  [...httpFunctions(), ...inboundFunctions()].map((f) => ({ name: f.name, entry: f.entry, method: f.trigger.method, path: f.trigger.path }));

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'greedy'; name: string };

const parseTemplate = (template: string): Segment[] =>
  template
    .split('/')
    .slice(1)
    .map((s): Segment => {
      const param = /^\{([A-Za-z0-9_.-]+)(\+?)\}$/.exec(s);
      if (!param) return { kind: 'literal', value: s };
      return param[2] ? { kind: 'greedy', name: param[1]! } : { kind: 'param', name: param[1]! };
    });

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Path parameters when `pathname` fits the template, with a rank: literal segments outrank parameters, like API Gateway. */
const matchTemplate = (template: string, pathname: string): { params: Record<string, string>; rank: number[] } | undefined => {
  const segments = parseTemplate(template);
  const parts = pathname.split('/').slice(1);
  const params = Object.create(null) as Record<string, string>;
  const rank: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i];
    if (part === undefined || part === '') return undefined;
    if (segment.kind === 'literal') {
      if (part !== segment.value) return undefined;
      rank.push(2);
    } else if (segment.kind === 'param') {
      params[segment.name] = decode(part);
      rank.push(1);
    } else {
      params[segment.name] = parts.slice(i).map(decode).join('/');
      rank.push(0);
      return params[segment.name] ? { params, rank } : undefined;
    }
  }
  return parts.length === segments.length ? { params, rank } : undefined;
};

const outranks = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return a.length > b.length;
};

/** API Gateway's choice: the most specific resource whose template fits the path, then the method on it. */
export const matchRoute = (routes: Route[], method: string, pathname: string): RouteMatch => {
  let best: { template: string; params: Record<string, string>; rank: number[] } | undefined;
  for (const template of new Set(routes.map((r) => r.path))) {
    const m = matchTemplate(template, pathname);
    if (m && (!best || outranks(m.rank, best.rank))) best = { template, ...m };
  }
  if (!best) return { kind: 'not-found' };
  const onResource = routes.filter((r) => r.path === best.template);
  const route = onResource.find((r) => r.method === method.toUpperCase());
  if (!route) return { kind: 'method-not-allowed', allow: [...new Set(onResource.map((r) => r.method))].sort() };
  return { kind: 'found', route, pathParameters: best.params };
};

/** Media types passed to the function as text; every other body arrives base64-encoded with isBase64Encoded. */
export const isTextMediaType = (contentType: string | undefined): boolean => {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    /^application\/([\w.-]+\+)?(json|xml)$/.test(type) ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript' ||
    type === 'application/graphql'
  );
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

export type IncomingHttpRequest = {
  method: string;
  /** Path and query as received, e.g. `/v1/carrier-services?carrierCode=X`. */
  url: string;
  /** Alternating names and values with their original case (Node's `rawHeaders`). */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
};

const apiGatewayTime = (at: Date) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(at.getUTCDate())}/${months[at.getUTCMonth()]}/${at.getUTCFullYear()}:${p(at.getUTCHours())}:${p(at.getUTCMinutes())}:${p(at.getUTCSeconds())} +0000`;
};

/**
 * A dictionary for names the caller chooses (headers, query parameters): no
 * prototype, so `constructor`, `toString` or `__proto__` are plain names, as
 * they are in the JSON event API Gateway sends a function.
 */
const dictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** The REST API (v1) proxy event API Gateway would send for this request. */
export const buildEvent = (
  request: IncomingHttpRequest,
  match: { route: Route; pathParameters: Record<string, string> },
  options: { requestId: string; stage: string; now: Date },
): APIGatewayProxyEvent => {
  const url = new URL(request.url, 'http://localhost');
  const headers = dictionary<string>();
  const multiValueHeaders = dictionary<string[]>();
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!;
    const value = request.rawHeaders[i + 1]!;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const hasHeader = (name: string) => Object.keys(headers).some((h) => h.toLowerCase() === name);
  const forwarded: Record<string, string> = { 'X-Forwarded-For': request.sourceIp, 'X-Forwarded-Proto': 'http' };
  for (const [name, value] of Object.entries(forwarded)) {
    if (!hasHeader(name.toLowerCase())) {
      headers[name] = value;
      multiValueHeaders[name] = [value];
    }
  }

  const query = dictionary<string>();
  const multiValueQuery = dictionary<string[]>();
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    (multiValueQuery[name] ??= []).push(value);
  }
  const hasQuery = Object.keys(query).length > 0;

  const contentType = Object.entries(headers).find(([h]) => h.toLowerCase() === 'content-type')?.[1];
  let body: string | null = null;
  let isBase64Encoded = false;
  if (request.body.length > 0) {
    let text: string | undefined;
    if (isTextMediaType(contentType)) {
      try {
        text = utf8.decode(request.body);
      } catch {
        text = undefined;
      }
    }
    if (text === undefined) {
      body = request.body.toString('base64');
      isBase64Encoded = true;
    } else body = text;
  }

  const userAgent = Object.entries(headers).find(([h]) => h.toLowerCase() === 'user-agent')?.[1] ?? null;
  const host = Object.entries(headers).find(([h]) => h.toLowerCase() === 'host')?.[1] ?? 'localhost';
  const hasParams = Object.keys(match.pathParameters).length > 0;
  return {
    resource: match.route.path,
    path: url.pathname,
    httpMethod: request.method.toUpperCase(),
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiValueQuery : null,
    pathParameters: hasParams ? match.pathParameters : null,
    stageVariables: null,
    body,
    isBase64Encoded,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      authorizer: undefined,
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      extendedRequestId: options.requestId,
      httpMethod: request.method.toUpperCase(),
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent,
        userArn: null,
      },
      path: `/${options.stage}${url.pathname}`,
      protocol: 'HTTP/1.1',
      requestId: options.requestId,
      requestTime: apiGatewayTime(options.now),
      requestTimeEpoch: options.now.getTime(),
      resourceId: match.route.name,
      resourcePath: match.route.path,
      stage: options.stage,
    },
  };
};

/** A Lambda context for one invocation; the remaining time counts down from `timeoutMs`. */
export const buildContext = (route: Route, options: { awsRequestId: string; timeoutMs: number; region: string }): Context => {
  const deadline = Date.now() + options.timeoutMs;
  const functionName = `local-${route.name}`;
  const unsupported = () => {
    throw new Error('callback-style context methods are not supported; return a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${options.region}:123456789012:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: options.awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
};

export type HttpResponse = { statusCode: number; headers: Record<string, string | string[]>; body: Buffer };

export const errorResponse = (statusCode: number, code: string, message: string, requestId: string, extra: Record<string, string> = {}): HttpResponse => {
  const body = Buffer.from(JSON.stringify({ error: { code, message } }));
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, ...extra },
    body,
  };
};

/** Headers the server sets itself from the body it writes. */
const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHeaderValue = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

/**
 * The HTTP response API Gateway makes of a proxy result: `headers` merged
 * with `multiValueHeaders` (which win for the same name), the body decoded
 * from base64 when `isBase64Encoded`. A result of the wrong shape is a 502,
 * as in API Gateway ("Malformed Lambda proxy response").
 */
export const toHttpResponse = (result: unknown, requestId: string): HttpResponse => {
  const malformed = () => errorResponse(502, 'INTERNAL', 'Malformed Lambda proxy response', requestId);
  if (!isRecord(result)) return malformed();
  const { statusCode, headers = {}, multiValueHeaders = {}, body, isBase64Encoded } = result;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) return malformed();
  if (!isRecord(headers) || !isRecord(multiValueHeaders)) return malformed();
  if (body !== undefined && body !== null && typeof body !== 'string') return malformed();
  if (isBase64Encoded !== undefined && typeof isBase64Encoded !== 'boolean') return malformed();

  const merged = new Map<string, { name: string; value: string | string[] }>();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (!isHeaderValue(value)) return malformed();
    merged.set(name.toLowerCase(), { name, value: String(value) });
  }
  for (const [name, values] of Object.entries(multiValueHeaders)) {
    if (values === undefined) continue;
    if (!Array.isArray(values) || !values.every(isHeaderValue)) return malformed();
    merged.set(name.toLowerCase(), { name, value: values.map(String) });
  }
  const out: Record<string, string | string[]> = {};
  for (const [lower, { name, value }] of merged) if (!HOP_BY_HOP.has(lower)) out[name] = value;
  const text = body ?? '';
  return { statusCode, headers: out, body: isBase64Encoded ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8') };
};

export type ApiServerOptions = {
  routes?: Route[];
  /** Loads a function entry's `handler`; defaults to requiring it from the repository root, once. */
  loadHandler?: (route: Route) => LambdaHandler;
  stage?: string;
  /** Request bodies above this size get 413 (API Gateway's own limit is 10 MB). */
  maxBodyBytes?: number;
  /** Like API Gateway's integration timeout: a slower function gets 504. */
  timeoutMs?: number;
  /** Longest pause in a request body before it gets 408 (LOCAL_BODY_TIMEOUT_MS); default 5 s. */
  bodyTimeoutMs?: number;
  region?: string;
  /**
   * The stage's per-key and per-IP limits (local/request-limiter.ts), checked
   * before routing as WAF checks before API Gateway; none when left out.
   */
  limiter?: RequestLimiter;
  /** Called once per request after the response is written, or once the client has gone without it (access log). */
  onResponse?: (entry: AccessLogEntry) => void;
};

export type AccessLogEntry = {
  method: string;
  url: string;
  /** The status written; with `aborted`, the one the client left before (none when it left before one was made). */
  statusCode?: number;
  ms: number;
  requestId: string;
  error?: unknown;
  /** The client closed the connection before its answer: nobody saw a status. */
  aborted?: boolean;
};

/** The line the local runtime (runtime.ts) logs per request: the status written, or that the client left before it. */
export const accessLogLine = ({ method, url, statusCode, ms, requestId, aborted }: AccessLogEntry): string => {
  const timing = `${ms} ms, request ${requestId}`;
  if (!aborted) return `${method} ${url} -> ${statusCode} (${timing})`;
  return statusCode === undefined
    ? `${method} ${url} -> client aborted (${timing})`
    : `${method} ${url} -> client aborted before its ${statusCode} (${timing})`;
};

export const DEFAULT_BODY_TIMEOUT_MS = 5_000;

/** LOCAL_BODY_TIMEOUT_MS: milliseconds a request body may pause before 408, 100 to 600000, default 5000. */
export const localBodyTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const raw = env.LOCAL_BODY_TIMEOUT_MS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_BODY_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000)
    throw new Error(`LOCAL_BODY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${raw}"`);
  return ms;
};

const REPOSITORY_ROOT = path.resolve(__dirname, '..');

/** A header Node gave as a list (sent more than once) counts by its first value, like API Gateway's single-value headers. */
const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Requires each handler module once, on first use, like a Lambda cold start. */
export const requireHandlerLoader = (root = REPOSITORY_ROOT) => {
  const cache = new Map<string, LambdaHandler>();
  return (route: Route): LambdaHandler => {
    const cached = cache.get(route.entry);
    if (cached) return cached;
    const override = localHandlerOverride(route);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy per-route load of a .ts module (tsx or Jest transform it)
    const mod = override ? { handler: override } : (require(path.resolve(root, route.entry)) as { handler?: unknown });
    if (typeof mod.handler !== 'function') throw new Error(`${route.entry} does not export a handler function`);
    const handler = mod.handler as LambdaHandler;
    cache.set(route.entry, handler);
    return handler;
  };
};

class BodyTooLarge extends Error {}
class BodyStalled extends Error {}
class ClientAborted extends Error {}

/**
 * What is read and dropped of a body over the cap before the 413 is written:
 * closing a connection whose request is still arriving makes the kernel
 * answer the rest with a reset, and a client that sends its whole request
 * before reading (Python's http.client; curl after its 100-continue) then
 * sees the reset, not the 413. Bounded, so a client cannot keep the runtime
 * reading: past either bound the 413 is written anyway and the connection
 * closed (docs/decisions.md, "Behaviour decided here").
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

/**
 * The request body, up to `limit` bytes. A body that pauses for `idleMs`
 * (a Content-Length above what the client sends) fails as stalled. Node's
 * own `requestTimeout` would answer a bare 408 without our error body,
 * counts the whole upload rather than a pause, and is checked every
 * `connectionsCheckingInterval` (30 s): the timer here answers in time,
 * through the same path as every other refusal. A body over `limit` (by its
 * Content-Length or as it arrives) is read to its end and dropped, within
 * DRAIN_MAX_BYTES and DRAIN_MAX_MS, before it fails as too large.
 */
const readBody = (req: IncomingMessage, limit: number, idleMs: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    if (req.destroyed && !req.complete) {
      reject(new ClientAborted());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    let drainDeadline: NodeJS.Timeout | undefined;
    /** Once over the limit: bytes dropped since. */
    let drained: number | undefined;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(drainDeadline);
      chunks.length = 0;
      if (error) reject(error);
    };
    const tooLarge = () => settle(new BodyTooLarge());
    const startDraining = () => {
      drained = 0;
      chunks.length = 0;
      drainDeadline = setTimeout(tooLarge, DRAIN_MAX_MS);
    };
    const waitForMore = () => {
      clearTimeout(idle);
      // A body known to be too large that pauses gets its 413 rather than a 408.
      idle = setTimeout(() => (drained === undefined ? settle(new BodyStalled()) : tooLarge()), idleMs);
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) startDraining();
    waitForMore();
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      waitForMore();
      if (drained !== undefined) {
        drained += chunk.length;
        if (drained > DRAIN_MAX_BYTES) tooLarge();
        return;
      }
      size += chunk.length;
      if (size > limit) {
        startDraining();
        drained = size - limit;
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (settled) return;
      if (drained !== undefined) return tooLarge();
      const body = Buffer.concat(chunks);
      settle();
      resolve(body);
    });
    // The connection closed before the body ended: the client has gone.
    req.on('error', () => settle(new ClientAborted()));
    req.on('close', () => {
      if (!req.complete) settle(new ClientAborted());
    });
  });

const send = (res: ServerResponse, response: HttpResponse) => {
  res.statusCode = response.statusCode;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  // A 304 has no body, and its Content-Length may only be the 200's (RFC 9110 8.6): none.
  if (response.statusCode !== 304) res.setHeader('content-length', response.body.length);
  res.end(response.body);
};

class Timeout extends Error {}

const methodNotAllowed = (method: string, pathname: string, allow: string[], requestId: string) =>
  errorResponse(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${pathname}; allowed: ${allow.join(', ')}`, requestId, { allow: allow.join(', ') });

/** The HTTP server; the caller listens (127.0.0.1 and PORT in runtime.ts). */
export const createApiServer = (options: ApiServerOptions = {}): Server => {
  const routes = options.routes ?? manifestRoutes();
  const loadHandler = options.loadHandler ?? requireHandlerLoader();
  const stage = options.stage ?? 'local';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 29_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const docs = createDocsRoutes();
  // An inbound route's paths, whatever carrier `{carrier}` names (as WAF matches them, lib/waf.ts): the method aside.
  const inboundTemplates = inboundFunctions().map((f) => f.trigger.path);
  const isInbound = (pathname: string) => inboundTemplates.some((template) => matchTemplate(template, pathname) !== undefined);
  const isPushToken = (pathname: string) => matchTemplate(PUSH_ROUTES.token, pathname) !== undefined;

  /** The answer to write; none when the client left before one was made. */
  const handle = async (req: IncomingMessage, requestId: string): Promise<{ response?: HttpResponse; error?: unknown }> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    let pathname: string;
    try {
      pathname = new URL(url, 'http://localhost').pathname;
    } catch {
      // An absolute-form target that is no URL (`GET http://[ HTTP/1.1`): the client's fault, not a 500.
      req.resume();
      return { response: errorResponse(400, 'VALIDATION_FAILED', 'The request target is not a valid URL', requestId) };
    }
    // The document and the docs page (local/docs.ts): no key, no function, no limit.
    const docsAnswer = await docs({ method, pathname, ifNoneMatch: req.headers['if-none-match'], requestId });
    if (docsAnswer) {
      req.resume();
      return { response: docsAnswer.kind === 'response' ? docsAnswer.response : methodNotAllowed(method, pathname, docsAnswer.allow, requestId) };
    }
    const throttled = (decision: Exclude<LimitDecision, { allowed: true }>, what: string, who: string): HttpResponse =>
      // lib/limits.ts's RATE_LIMIT_STATUS and RATE_LIMIT_ERROR_CODE, written out so test/unit/openapi-error-codes.test.ts can read them.
      errorResponse(
        429,
        'THROTTLED',
        `Rate limit exceeded: at most ${decision.limit} ${what} per ${decision.windowSeconds} s for ${who}; retry after ${decision.retryAfterSeconds} s`,
        requestId,
        {
          'retry-after': String(decision.retryAfterSeconds),
        },
      );
    const ip = req.socket.remoteAddress ?? '127.0.0.1';
    // As WAF's keyless rule (lib/waf.ts), the limiter leaves out a carrier's pushes: they carry no API key by design.
    if (options.limiter && !isInbound(pathname)) {
      const decision = options.limiter.check({ apiKey: headerValue(req.headers['x-api-key']), ip });
      if (!decision.allowed) {
        req.resume();
        return { response: throttled(decision, 'requests', decision.rule === 'key' ? 'this API key' : 'this IP address without a valid API key') };
      }
    }
    // A push token URL's refused attempts, per client id and per IP (local/request-limiter.ts): no other secret is checked past the budget.
    const pushToken =
      options.limiter && isPushToken(pathname) ? options.limiter.pushTokenAttempt({ authorization: headerValue(req.headers.authorization), ip }) : undefined;
    if (pushToken && !pushToken.decision.allowed) {
      req.resume();
      const { decision } = pushToken;
      return { response: throttled(decision, 'refused token requests', decision.rule === 'client' ? 'this client id' : 'this IP address') };
    }
    const match = matchRoute(routes, method, pathname);
    if (match.kind === 'not-found') {
      req.resume();
      return { response: errorResponse(404, 'NOT_FOUND', `No route for ${method} ${pathname}`, requestId) };
    }
    if (match.kind === 'method-not-allowed') {
      req.resume();
      return { response: methodNotAllowed(method, pathname, match.allow, requestId) };
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBodyBytes, bodyTimeoutMs);
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        return { response: errorResponse(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${maxBodyBytes} bytes`, requestId, { connection: 'close' }) };
      }
      if (e instanceof BodyStalled) {
        // The rest of the body may still come: the connection cannot carry another request.
        const message = `Request body incomplete: nothing arrived for ${bodyTimeoutMs} ms (is Content-Length larger than the body?)`;
        return { response: errorResponse(408, 'REQUEST_TIMEOUT', message, requestId, { connection: 'close' }) };
      }
      if (e instanceof ClientAborted) return {};
      throw e;
    }
    const event = buildEvent({ method, url, rawHeaders: req.rawHeaders, body, sourceIp: req.socket.remoteAddress ?? '127.0.0.1' }, match, {
      requestId,
      stage,
      now: new Date(),
    });
    const context = buildContext(match.route, { awsRequestId: randomUUID(), timeoutMs, region });
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = loadHandler(match.route);
      const result = await Promise.race([
        // Each invocation keeps its own log context and trace (shared/observability/invocation.ts): requests, the stream poller and the timer run side by side here.
        handler(event, context),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Timeout()), timeoutMs);
        }),
      ]);
      const response = toHttpResponse(result, requestId);
      pushToken?.answered(response.statusCode);
      return { response };
    } catch (error) {
      if (error instanceof Timeout) {
        return { response: errorResponse(504, 'TIMEOUT', `The function did not answer within ${timeoutMs} ms`, requestId), error };
      }
      return { response: errorResponse(500, 'INTERNAL', 'Internal error', requestId), error };
    } finally {
      clearTimeout(timer);
    }
  };

  // The listener returns its work, so local/lifecycle.ts's drainingGate can wait for a handler whose client has gone.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- returned on purpose, see above
  return createServer((req, res) => {
    const started = Date.now();
    const requestId = randomUUID();
    const socket = req.socket;
    return handle(req, requestId)
      .catch((error: unknown) => ({ response: errorResponse(500, 'INTERNAL', 'Internal error', requestId), error }))
      .then(({ response, error }) => {
        const entry = { method: req.method ?? 'GET', url: req.url ?? '/', ms: Date.now() - started, requestId, error };
        // Gone mid-body, or while the function ran: nobody reads this answer, so it is logged as what it is.
        if (!response || socket.destroyed || !socket.writable) {
          options.onResponse?.({ ...entry, statusCode: response?.statusCode, aborted: true });
          return;
        }
        send(res, response);
        options.onResponse?.({ ...entry, statusCode: response.statusCode });
      })
      .catch(() => res.destroy());
  });
};
