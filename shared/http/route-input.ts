/**
 * The request as a route object reads it (shared/contract/route.ts): its path
 * parameters, query and JSON body, each parsed with the route's schema, and
 * every refusal written here, once, as our 400 VALIDATION_FAILED error body:
 * `<path> <text>` per problem joined with `; `, with `details` (the texts of
 * shared/domain/issues.ts, a schema's own message first: `orderId must be a
 * UUID`); a body that is not a JSON object is `body must be a JSON object`
 * (its detail `body`, `must be a JSON object`).
 * An optional body sent as JSON `null` is absent, as an empty one: `{}`.
 * No service checks a path id or a query again.
 */
import type { Route, RouteInput } from '../contract/route';
import { issuesToDetails, issueText, validationError } from '../domain/issues';
import { AppError } from '../errors';
import type * as z from '../zod';
import type { APIGatewayProxyEvent } from './handler-io';

const read = (schema: z.ZodMiniType, value: unknown, where: 'params' | 'query' | 'body'): unknown => {
  const parsed = schema.safeParse(value, { error: issueText });
  if (parsed.success) return parsed.data;
  if (where === 'body' && parsed.error.issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type')) {
    throw new AppError(400, 'VALIDATION_FAILED', 'body must be a JSON object', { details: [{ path: 'body', message: 'must be a JSON object' }] });
  }
  throw validationError(issuesToDetails(parsed.error.issues));
};

/**
 * The route's input of `event`, whose `body` is the JSON body as
 * ./json-body.ts parsed it, or the 400 that says what is wrong.
 */
export const readRouteInput = <R extends Route>(
  route: R,
  event: Pick<APIGatewayProxyEvent, 'pathParameters' | 'queryStringParameters'> & { body: unknown },
): RouteInput<R> => {
  const { params, query, body } = route.request;
  return {
    params: params ? read(params, event.pathParameters ?? {}, 'params') : {},
    query: query ? read(query, event.queryStringParameters ?? {}, 'query') : {},
    body: body ? read(body.schema, event.body === null && !body.required ? {} : event.body, 'body') : undefined,
  } as RouteInput<R>;
};
