import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { ApiKeyRecord, Company, KeyMode } from '../domain/entities';

/**
 * The caller, established by the auth middleware. `mode` is the key's mode:
 * what it rates and ships is of that mode, and it sees nothing of the other.
 */
export type Caller = { company: Company; apiKey: Omit<ApiKeyRecord, 'keyHash'>; mode: KeyMode };

/** What a handler's `main` returns; the envelope middleware turns it into the HTTP response. */
export type HttpReply =
  | { status?: number; data: unknown; headers?: Record<string, string> }
  | { status: 301 | 302 | 303 | 307; location: string; headers?: Record<string, string> };

export type HttpEvent = Omit<APIGatewayProxyEvent, 'body'> & {
  /** Parsed JSON body (POST), or undefined when there is none. */
  body: unknown;
  rawBody: string | null;
};

export type HttpContext = Context & { requestId: string; caller?: Caller };

export type Main = (event: HttpEvent, caller: Caller, context: HttpContext) => Promise<HttpReply>;

export type { APIGatewayProxyEvent, APIGatewayProxyResult };
