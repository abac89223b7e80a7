/** API Gateway proxy events for tests that call handlers directly, and a call that parses the answer. */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export type ProxyEventInput = {
  method: string;
  path: string;
  key: string;
  pathParameters?: Record<string, string> | null;
  /** A value sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** Sends `Content-Type: application/json` (by default when there is a body). */
  contentType?: boolean;
};

export const proxyEvent = ({ method, path, key, pathParameters = null, body, contentType = body !== undefined }: ProxyEventInput): APIGatewayProxyEvent => ({
  httpMethod: method,
  path,
  resource: path,
  headers: { 'x-api-key': key, ...(contentType ? { 'content-type': 'application/json' } : {}) },
  multiValueHeaders: {},
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  pathParameters,
  stageVariables: null,
  body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  isBase64Encoded: false,
  requestContext: { requestId: `req-${Math.random()}` } as APIGatewayProxyEvent['requestContext'],
});

/** Calls `handler` and parses its JSON body (undefined for a redirect). */
export const callHandler = async <J = unknown>(handler: Handler, event: APIGatewayProxyEvent) => {
  const res = await handler(event, {} as Context);
  return { status: res.statusCode, headers: res.headers ?? {}, json: (res.body ? JSON.parse(res.body) : undefined) as J };
};
