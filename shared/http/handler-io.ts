import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Route, RouteData, RouteInput } from '../contract/route';
import type { ApiKeyRecord, Company, KeyMode } from '../domain/entities';

/**
 * The caller, established by the auth middleware. `mode` is the key's mode:
 * what it rates and ships is of that mode, and it sees nothing of the other.
 */
export type Caller = { company: Company; apiKey: Omit<ApiKeyRecord, 'keyHash'>; mode: KeyMode };

/**
 * What a handler's `main` returns; the wrapper turns it into the HTTP
 * response, `data` in the `{data}` envelope. `data` is typed by the route's
 * answer schemas (shared/contract/route.ts `RouteData`).
 */
export type HttpReply<Data = unknown> =
  { status?: number; data: Data; headers?: Record<string, string> } | { status: 301 | 302 | 303 | 307; location: string; headers?: Record<string, string> };

/**
 * Lambda's context as the HTTP layer's middlewares leave it: the request id
 * (the first middleware) and, once authenticated, the caller. Optional in the
 * type, since Lambda hands the handler a context without them.
 */
export type HttpContext = Context & { requestId?: string; caller?: Caller };

/** What `main` runs with: the route's input as its schemas read it (shared/http/route-input.ts), and the caller. */
export type Main<R extends Route = Route> = (input: RouteInput<R>, caller: Caller) => Promise<HttpReply<RouteData<R>>>;

export type { APIGatewayProxyEvent, APIGatewayProxyResult };
