/**
 * The HTTP layer of an inbound route (shared/functions.ts `inbound`: a carrier
 * pushing us events): the same middleware as every HTTP function
 * (./handler.ts) without the API-key authentication and the JSON body
 * parsing, which the carrier's own protocol replaces, and without the `{data}`
 * envelope: `main` answers the exact body the carrier's protocol wants (an
 * OAuth token answer, say). An AppError still becomes the error body.
 * Headers and bodies are never logged. `functionName` is the function list's name
 * of the function (test/unit/functions.test.ts holds them equal); the function list,
 * which reads every route object, stays out of the bundle.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { inInvocation } from '../observability';
import { withRequestScope } from '../store/request-scope';
import { errorHandler } from './errors-middleware';
import { established, frontMiddlewares } from './handler';
import { jsonResponse } from './respond';

/** What an inbound route answers: a status, a JSON body as is, headers. */
export type InboundReply = { status: number; body: unknown; headers?: Record<string, string> };
export type InboundMain = (event: APIGatewayProxyEvent) => Promise<InboundReply>;

export const inboundHandler = (functionName: string, main: InboundMain) => {
  const core = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const { requestId } = established(context);
    const reply = await main(event);
    return jsonResponse(reply.status, reply.body, requestId, reply.headers);
  };
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>(core).use(frontMiddlewares(functionName)).use(errorHandler());
  return inInvocation((event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => withRequestScope(() => handler(event, context)));
};
