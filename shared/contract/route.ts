/**
 * The route object: everything about one HTTP endpoint in one place (method,
 * path, scopes, the zod schemas of its path, query and body, its answers with
 * their statuses and its own refusals with their error codes). Each lives
 * beside its schemas in the endpoint's contract file (shared/contract/ship.ts
 * `shipRoute`...) and ./routes.ts lists them all by function name. Three
 * readers, one object:
 * - shared/functions.ts derives each HTTP function's trigger (method, path,
 *   scopes, body policy) from it;
 * - the HTTP wrapper (shared/http/handler.ts) validates path, query and body
 *   with its schemas and types `main`'s input and answer by them;
 * - tooling/openapi.ts documents the operation from it.
 *
 * A function bundle imports its own route's contract file only, never
 * ./routes.ts nor the function list (test/unit/boundaries.test.ts): its route's
 * texts and schemas, answers included, are what a cold start pays for (a
 * few KB, within the noise of the cold-import measurement), the other
 * routes' are not.
 */
import type * as z from '../zod';
import type { ErrorCode } from '../errors';

export type Scope =
  | 'shipments:rate'
  | 'shipments:create'
  | 'shipments:labels'
  | 'shipments:track'
  | 'shipments:cancel'
  | 'shipments:manifest'
  | 'shipments:pickup'
  | 'webhooks:manage'
  | 'addresses:validate';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Whether a function reads a JSON body: never, always (400 when empty) or when sent (empty is `{}`). */
export type BodyPolicy = 'none' | 'required' | 'optional';

/** Names of the OpenAPI header components a successful answer may carry (tooling/openapi.ts `HEADERS`). */
export type AnswerHeader = 'IdempotentReplayed' | 'ManifestReplayed' | 'Location';

export type ErrorExample = { code: ErrorCode; message: string };

/** The statuses a route documents as its own refusals; auth, size, media type, throttling and 5xx come from the method and body. */
export type OwnStatus = 400 | 402 | 403 | 404 | 409 | 410 | 422 | 502;

export type RouteError = {
  description: string;
  /** Examples by name; a single one is written as `example`. */
  examples: Record<string, ErrorExample>;
  /** The answer carries `Retry-After` (`busy`: only with ORDER_BUSY, `in-progress`: only with SHIPMENT_IN_PROGRESS). */
  retryAfter?: true | 'busy' | 'in-progress';
};

/** A successful answer: its status, and the schema of its `data` (none for a redirect). */
export type Answer = { status: number; description: string; schema?: z.ZodMiniType; headers?: Record<string, AnswerHeader> };

export type Route = {
  /** The function's name in shared/functions.ts (functions/<name>/handler.ts). */
  name: string;
  method: HttpMethod;
  /** API Gateway resource path, with `{param}` placeholders, under /v1 (OpenAPI shares the syntax). */
  path: string;
  /** Any one of these scopes is enough; empty means any valid key. */
  scopes: readonly Scope[];
  /** One line: the function list's description of the function, the operation's description. */
  description: string;
  /** The operation's summary. */
  summary: string;
  request: {
    /** Path parameters, exactly those of `path`. */
    params?: z.ZodMiniObject;
    query?: z.ZodMiniObject;
    /**
     * The JSON body; `required: false`: an empty body is `{}`. `maxBytes`: this
     * route's own size limit instead of the API's 128 KiB (POST /v1/batches).
     */
    body?: { schema: z.ZodMiniType; required: boolean; maxBytes?: number };
  };
  ok: Answer;
  /** Other successful answers (GET /v1/labels/{orderId}/{labelType} answers 200 with the list for an unknown type). */
  alternatives?: Record<number, Omit<Answer, 'status'> & { schema: z.ZodMiniType }>;
  /** The route's own refusals; a documented 502 replaces the shared one. */
  errors: Partial<Record<OwnStatus, RouteError>>;
};

/**
 * A route object, its schema types kept. Free of side effects, and each call
 * is marked `/* @__PURE__ *\/` where it is made (esbuild honours a function's
 * own mark only in its file, esbuild issue 4369): a bundle that imports one
 * route of a contract file drops the others and their schemas.
 */
/* @__NO_SIDE_EFFECTS__ */ export function defineRoute<const R extends Route>(route: R): R {
  return route;
}

/** The body policy a route's request declares. */
export const bodyPolicyOf = (route: Pick<Route, 'request'>): BodyPolicy =>
  route.request.body === undefined ? 'none' : route.request.body.required ? 'required' : 'optional';

type Output<S> = S extends z.ZodMiniType ? z.output<S> : never;

/** What the wrapper hands a route's `main`: its path, query and body as its schemas read them. */
export type RouteInput<R extends Route> = {
  params: R['request']['params'] extends z.ZodMiniObject ? Output<R['request']['params']> : Record<string, never>;
  query: R['request']['query'] extends z.ZodMiniObject ? Output<R['request']['query']> : Record<string, never>;
  body: R['request']['body'] extends { schema: infer S } ? Output<S> : undefined;
};

/** The `data` of a route's successful answers (unknown for a route not known yet: `Route` itself). */
export type RouteData<R extends Route> = Route extends R
  ? unknown
  : | (R['ok']['schema'] extends z.ZodMiniType ? Output<R['ok']['schema']> : never)
    | (R['alternatives'] extends Record<number, { schema: infer S }> ? Output<S> : never);
