/**
 * JSON body handling. Hand-written rather than @middy/http-json-body-parser
 * because the interface needs exact statuses that the library maps
 * differently: malformed JSON is 400 (the library says 422), a POST without
 * `Content-Type: application/json` is 415, and whether an empty body is
 * allowed depends on the route (the ship body may be empty, the rate body may not).
 */
import type { MiddlewareObj } from '@middy/core';
import { AppError } from '../errors';
import type { HttpContext } from './types';

export type BodyPolicy = 'none' | 'required' | 'optional';

const isJsonContentType = (value: string | undefined) =>
  value !== undefined && /^application\/(.+\+)?json\s*(;|$)/i.test(value.trim());

export const parseJsonBody = (
  headers: Record<string, string | undefined>,
  body: string | null,
  isBase64Encoded: boolean,
  policy: BodyPolicy,
): { body: unknown; rawBody: string | null } => {
  if (policy === 'none') return { body: undefined, rawBody: body };
  const text = body === null || body === undefined ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (text.trim() === '') {
    if (policy === 'optional') return { body: {}, rawBody: text };
    throw new AppError(400, 'VALIDATION_FAILED', 'request body is required (JSON)');
  }
  if (!isJsonContentType(headers['content-type'])) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  try {
    return { body: JSON.parse(text), rawBody: text };
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'request body is not valid JSON');
  }
};

export const jsonBody = (policy: BodyPolicy): MiddlewareObj<{ headers: Record<string, string | undefined>; body: unknown; isBase64Encoded?: boolean; rawBody?: unknown }, unknown, Error, HttpContext> => ({
  before: async (request) => {
    const event = request.event;
    const parsed = parseJsonBody(event.headers ?? {}, (event.body as string | null) ?? null, Boolean(event.isBase64Encoded), policy);
    event.rawBody = parsed.rawBody;
    event.body = parsed.body;
  },
});
