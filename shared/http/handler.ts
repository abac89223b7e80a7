/**
 * The HTTP layer every HTTP function shares (docs/architecture.md: fixed middleware order):
 * request id and normalizers, observability (the Lambda context on every log
 * line, the metrics flush), logging context, the invocation's trace line,
 * API-key auth and scopes; then the JSON body (./json-body.ts) and the
 * route's input read with its schemas (./route-input.ts), and the handler's
 * `main`, whose reply is wrapped in the `{data}` envelope; the error handler
 * wraps them all. Every middleware is typed by the API Gateway event, the
 * result and the context it reads (./handler-io.ts), so middy checks them. The
 * required scopes, the body policy and the schemas come from the function's
 * route object (shared/contract/route.ts), the one its OpenAPI operation and
 * function entry are made of, so they cannot drift apart.
 *
 * Auth runs before body parsing, so an unauthenticated caller gets 401 and
 * learns nothing from validation.
 */
import { randomUUID } from 'node:crypto';
import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { inInvocation, injectLambdaContext, logger, logMetrics, metrics, traceInvocation } from '../observability';
import { bodyPolicyOf, type Route } from '../contract/route';
import type { Preload } from '../services/preload';
import { withRequestScope } from '../store/request-scope';
import { authenticate } from './auth';
import { errorHandler } from './errors-middleware';
import { parseJsonBody } from './json-body';
import { jsonResponse } from './respond';
import { readRouteInput } from './route-input';
import type { Caller, HttpContext, HttpReply, Main } from './handler-io';

/** A middleware of every function behind API Gateway. */
export type HttpMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;

/**
 * The request id and the caller the middlewares established: both are set
 * before any handler runs (the first middleware, then authentication), so
 * their absence is a wiring mistake, a 500.
 */
export const established = (context: HttpContext): { requestId: string; caller?: Caller } => {
  if (context.requestId === undefined) throw new Error('the request id middleware did not run');
  return { requestId: context.requestId, ...(context.caller ? { caller: context.caller } : {}) };
};

export const requestIdMiddleware = (): HttpMiddleware => ({
  before: async (request) => {
    request.context.requestId = request.event.requestContext?.requestId || randomUUID();
  },
  after: async (request) => {
    if (request.response) {
      request.response.headers = { ...request.response.headers, 'x-request-id': established(request.context).requestId };
    }
  },
});

/**
 * The request's keys on every line the function writes for it. No line of its
 * own: API Gateway's access log (lib/api.ts; the local runtime's, locally)
 * has one per request already, with the request id, method, route, path,
 * status, latencies, the X-Ray trace id and the Lambda request id
 * (`lambdaRequestId`, each line's `function_request_id`), so a request
 * leads from there to its lines and back (docs/decisions.md, "Logging").
 */
export const loggingContext = (functionName: string): HttpMiddleware => ({
  before: async (request) => {
    logger.appendKeys({ requestId: request.context.requestId, function: functionName });
  },
});

const authMiddleware = (route: Pick<Route, 'scopes'>, preload: Preload): HttpMiddleware => ({
  before: async (request) => {
    // API Gateway may send `headers: null` (no headers at all).
    const { beforeCaller, withCompany } = preload;
    const event = request.event;
    const caller = await authenticate(request.event.headers?.['x-api-key'], route.scopes, new Date(), {
      ...(beforeCaller ? { beforeCaller: () => beforeCaller(event) } : {}),
      ...(withCompany ? { withCompany } : {}),
    });
    request.context.caller = caller;
    logger.appendKeys({ companyId: caller.company.companyId, keyId: caller.apiKey.keyId });
  },
});

export const toResult = (reply: HttpReply, requestId: string): APIGatewayProxyResult => {
  if ('location' in reply) {
    return { statusCode: reply.status, headers: { location: reply.location, 'x-request-id': requestId, ...reply.headers }, body: '' };
  }
  return jsonResponse(reply.status ?? 200, { data: reply.data }, requestId, reply.headers);
};

/**
 * The middlewares every function behind API Gateway starts with, API-key
 * routes and inbound routes alike: request id, normalized headers and event,
 * the Lambda context in the logger (the request and company keys end with
 * the request; the event, which holds keys, tokens and the body, is never
 * logged), metrics, the function's log context, then the invocation's trace
 * (shared/observability/tracer.ts: inside the logger's, so its line has the request's keys).
 */
export const frontMiddlewares = (functionName: string): HttpMiddleware[] => [
  requestIdMiddleware(),
  httpHeaderNormalizer(),
  injectLambdaContext(logger),
  logMetrics(metrics),
  loggingContext(functionName),
  traceInvocation(),
];

/**
 * Builds the Lambda handler of the HTTP function of `route` (its contract
 * file's route object) around `main`, which gets the route's path, query and
 * body as its schemas read them and answers `data` of its answer schemas.
 * The body is parsed after authentication, with the route's body policy
 * (415, 400 for malformed JSON, 413). `preload` names the reads `main` will
 * make, started alongside authentication (shared/services/preload.ts). Each
 * invocation has its own set of shared reads, and its own log context, held
 * lines and trace (shared/observability/invocation.ts).
 */
export const httpHandler = <R extends Route>(route: R, main: Main<R>, preload: Preload = {}) => {
  const policy = bodyPolicyOf(route);
  const core = async (event: APIGatewayProxyEvent, context: HttpContext): Promise<APIGatewayProxyResult> => {
    const { requestId, caller } = established(context);
    if (!caller) throw new Error('the auth middleware did not run');
    const body = parseJsonBody(event.headers ?? {}, event.body, event.isBase64Encoded, policy, route.request.body?.maxBytes);
    const reply = await main(readRouteInput(route, { pathParameters: event.pathParameters, queryStringParameters: event.queryStringParameters, body }), caller);
    return toResult(reply, requestId);
  };
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>(core)
    .use(frontMiddlewares(route.name))
    .use(authMiddleware(route, preload))
    .use(errorHandler());
  return inInvocation((event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => withRequestScope(() => handler(event, context)));
};
