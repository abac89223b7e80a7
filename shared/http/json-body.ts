/**
 * JSON body handling. Hand-written rather than @middy/http-json-body-parser
 * because the interface needs exact statuses that the library maps
 * differently: malformed JSON is 400 (the library says 422), a POST without
 * `Content-Type: application/json` is 415, and whether an empty body is
 * allowed depends on the route (the ship body may be empty, the rate body may not).
 */
import { jsonDepthExceeds } from '../domain/json';
import { AppError } from '../errors';
import type { BodyPolicy } from '../contract/route';

export type { BodyPolicy };

/**
 * Limits of every JSON body, checked by the function itself so that a deployed
 * stage (API Gateway takes up to 10 MB) answers exactly as the local runtime.
 * A larger body is 413 PAYLOAD_TOO_LARGE; deeper nesting is 400, because
 * JSON.parse accepts tens of thousands of levels that JSON.stringify, a
 * recursive walk or DynamoDB (32 levels) would then fail on.
 */
export const BODY_LIMITS = { bytes: 128 * 1024, depth: 32 } as const;

const tooLarge = (limit: number) => new AppError(413, 'PAYLOAD_TOO_LARGE', `request body exceeds ${limit} bytes (${limit / 1024} KiB)`);

/** The body as text, refused before decoding when it cannot fit `limit` bytes. */
const bodyText = (body: string, isBase64Encoded: boolean, limit: number): string => {
  // Base64 carries 3 bytes in 4 characters; a UTF-8 character takes at least one byte.
  if (body.length > (isBase64Encoded ? Math.ceil((limit * 4) / 3) + 4 : limit)) throw tooLarge(limit);
  const bytes = isBase64Encoded ? Buffer.from(body, 'base64') : undefined;
  if ((bytes ? bytes.length : Buffer.byteLength(body, 'utf8')) > limit) throw tooLarge(limit);
  return bytes ? bytes.toString('utf8') : body;
};

const isJsonContentType = (value: string | undefined) => value !== undefined && /^application\/(.+\+)?json\s*(;|$)/i.test(value.trim());

/** `limit`: the route's own body limit (POST /v1/batches), BODY_LIMITS.bytes otherwise. */
export const parseJsonBody = (
  headers: Record<string, string | undefined>,
  body: string | null,
  isBase64Encoded: boolean,
  policy: BodyPolicy,
  limit: number = BODY_LIMITS.bytes,
): unknown => {
  if (policy === 'none') return undefined;
  const text = body === null || body === undefined ? '' : bodyText(body, isBase64Encoded, limit);
  if (text.trim() === '') {
    if (policy === 'optional') return {};
    throw new AppError(400, 'VALIDATION_FAILED', 'request body is required (JSON)');
  }
  if (!isJsonContentType(headers['content-type'])) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'request body is not valid JSON');
  }
  if (jsonDepthExceeds(parsed, BODY_LIMITS.depth)) {
    throw new AppError(400, 'VALIDATION_FAILED', `request body is nested more than ${BODY_LIMITS.depth} levels deep`);
  }
  return parsed;
};
