/**
 * The HTTP layer every HTTP function shares (docs/architecture.md: fixed middleware order):
 * request id and normalizers, observability (X-Ray handler segment, the
 * Lambda context on every log line, the metrics flush), logging context,
 * API-key auth and scopes, JSON body, then the handler's `main`, whose reply
 * is wrapped in the `{data}` envelope; the error handler wraps them all. The
 * required scopes come from the function manifest, so a route and its scope
 * cannot drift apart.
 *
 * Auth runs before body parsing, so an unauthenticated caller gets 401 and
 * learns nothing from validation.
 */
import { randomUUID } from 'node:crypto';
import middy, { type MiddlewareObj } from '@middy/core';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { logger } from '../logger';
import { manifest, type HttpTrigger } from '../manifest';
import { metrics } from '../metrics';
import type { Preload } from '../services/preload';
import { withRequestScope } from '../store/request-scope';
import { activeTracer, loadTracer } from '../tracer';
import { authenticate } from './auth';
import { errorHandler } from './errors-middleware';
import { jsonBody } from './json-body';
import { jsonResponse } from './respond';
import type { HttpContext, HttpEvent, HttpReply, Main } from './handler-io';

export const requestIdMiddleware = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  before: async (request) => {
    request.context.requestId = request.event.requestContext?.requestId || randomUUID();
  },
  after: async (request) => {
    if (request.response) {
      request.response.headers = { ...request.response.headers, 'x-request-id': request.context.requestId };
    }
  },
});

/**
 * Powertools' handler segment when tracing is on (decided at the first
 * request, not at import; the Tracer is loaded then, before any AWS client is
 * created: shared/tracer.ts `loadTracer`). A request the error handler already answered
 * below 500 (a 401, a 400) closes the segment as a success: it is the API
 * working, not an X-Ray fault. The response is not recorded: it may carry
 * addresses.
 */
export const tracing = (): MiddlewareObj => {
  let inner: MiddlewareObj | null | undefined;
  const middleware = () => {
    if (inner === undefined) {
      const tracer = activeTracer();
      inner = tracer ? (captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj) : null;
    }
    return inner;
  };
  return {
    before: async (request) => {
      await loadTracer();
      return middleware()?.before?.(request);
    },
    after: (request) => middleware()?.after?.(request),
    onError: (request) => {
      const answered = (request.response as APIGatewayProxyResult | undefined)?.statusCode;
      const m = middleware();
      return answered !== undefined && answered < 500 ? m?.after?.(request) : m?.onError?.(request);
    },
  };
};

export const loggingContext = (functionName: string): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  before: async (request) => {
    logger.appendKeys({ requestId: request.context.requestId, function: functionName });
    // Method and route only: headers (the API key) and bodies are never logged.
    logger.info('request', { method: request.event.httpMethod, resource: request.event.resource });
  },
});

const authMiddleware = (trigger: HttpTrigger, preload: Preload): MiddlewareObj<HttpEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  before: async (request) => {
    // API Gateway may send `headers: null` (no headers at all).
    const { beforeCaller, withCompany } = preload;
    const event = request.event;
    const caller = await authenticate(request.event.headers?.['x-api-key'], trigger.scopes, new Date(), {
      ...(beforeCaller ? { beforeCaller: () => beforeCaller(event) } : {}),
      ...(withCompany ? { withCompany } : {}),
    });
    request.context.caller = caller;
    logger.appendKeys({ companyId: caller.company.companyId, keyId: caller.apiKey.keyId });
    activeTracer()?.putAnnotation('companyId', caller.company.companyId);
  },
});

export const toResult = (reply: HttpReply, requestId: string): APIGatewayProxyResult => {
  if ('location' in reply) {
    return { statusCode: reply.status, headers: { location: reply.location, 'x-request-id': requestId, ...reply.headers }, body: '' };
  }
  return jsonResponse(reply.status ?? 200, { data: reply.data }, requestId, reply.headers);
};

const triggerOf = (functionName: string): HttpTrigger => {
  const entry = manifest.find((f) => f.name === functionName);
  if (!entry || entry.trigger.kind !== 'http') throw new Error(`${functionName} is not an HTTP function of the manifest`);
  return entry.trigger;
};

/**
 * The middlewares every function behind API Gateway starts with, API-key
 * routes and inbound routes alike: request id, normalized headers and event,
 * tracing, the Lambda context in the logger (resetKeys: the request and
 * company keys end with the request; logEvent off: the event holds keys,
 * tokens and the body), metrics, the function's log context.
 */
export const frontMiddlewares = (functionName: string): MiddlewareObj[] => [
  requestIdMiddleware() as MiddlewareObj,
  httpHeaderNormalizer() as MiddlewareObj,
  httpEventNormalizer() as MiddlewareObj,
  tracing() as MiddlewareObj,
  injectLambdaContext(logger, { resetKeys: true, logEvent: false }) as MiddlewareObj,
  logMetrics(metrics, { captureColdStartMetric: true }) as MiddlewareObj,
  loggingContext(functionName) as MiddlewareObj,
];

/**
 * Builds the Lambda handler of the manifest's HTTP function `functionName`
 * around `main`. `preload` names the reads `main` will make, started alongside
 * authentication (shared/services/preload.ts); each invocation gets its own
 * set of shared reads.
 */
export const httpHandler = (functionName: string, main: Main, preload: Preload = {}) => {
  const trigger = triggerOf(functionName);
  const bodyPolicy = trigger.body;
  const core = async (event: HttpEvent, context: HttpContext): Promise<APIGatewayProxyResult> => {
    const reply = await main(event, context.caller!, context);
    return toResult(reply, context.requestId);
  };
  const handler = middy(core as unknown as (e: APIGatewayProxyEvent, c: Context) => Promise<APIGatewayProxyResult>)
    .use(frontMiddlewares(functionName))
    .use(authMiddleware(trigger, preload) as MiddlewareObj)
    .use(jsonBody(bodyPolicy) as MiddlewareObj)
    .use(errorHandler() as MiddlewareObj) as unknown as (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
  return (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => withRequestScope(() => handler(event, context));
};
