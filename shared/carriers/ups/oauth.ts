/**
 * UPS OAuth 2 client credentials (OAuthClientCredentials.yaml,
 * `POST /security/v1/oauth/token`): a bearer token per carrier account and
 * mode, cached in the container until shortly before it expires.
 *
 * - The request is a form body `grant_type=client_credentials` with HTTP
 *   Basic auth `clientId:clientSecret` (the account's credentials, read only
 *   when a token is needed) and `x-merchant-id`, the UPS account number.
 * - Tokens are cached by (mode, carrierAccountId): a test key's token is
 *   never used for a live call, nor one account's for another. The cache is
 *   bounded (least recently used entries leave first).
 * - Concurrent callers of one key share one token request. That request is
 *   not tied to any one caller's signal (one caller giving up must not fail
 *   the others): it has its own timeout, and each caller stops waiting when
 *   its own signal aborts.
 * - `invalidate` drops a token UPS refused (a 401 on an API call), so the
 *   retry gets a new one; it only drops that token, never a newer one.
 *
 * A token request is a call of its own (../live-call.ts): its Basic header
 * is built by the call, and UPS's own error messages are passed on scrubbed
 * of every form of the credentials. Credentials without a clientId and
 * clientSecret, and credentials UPS refuses (401, or 403 "Blocked
 * Merchant"), are the call's `unusable` error, logged there with the
 * account's id; nothing else here logs.
 *
 * No OAuth library: oauth4webapi (the maintained low-level client) rejects
 * UPS's answer, whose `expires_in` is a string, and the caching and sharing
 * above are this module's job either way.
 */
import * as z from '../../zod';
import { LiveCall } from '../live-call';
import { readJsonBounded } from '../live-http';
import { createTokenCache, renewAt, type TokenCache, type TokenEntry } from '../token-cache';
import { CarrierError, type CarrierAccount, type CarrierMode } from '../../domain/carrier';
import { upsTokenUrl } from './config';
import type { Documented, Mismatches, OAuth, Rating, Shipping, TokenForm, Tracking } from './documents';

export const UPS = 'UPS';

/**
 * The token answer (tokenSuccessResponse). Every field of the document is a
 * string; `access_token` and `expires_in` are the ones a token needs.
 */
export const upsTokenResponseSchema = z.object({
  token_type: z.optional(z.string()),
  issued_at: z.optional(z.string()),
  client_id: z.optional(z.string()),
  access_token: z.string().check(z.minLength(1)),
  scope: z.optional(z.string()),
  expires_in: z.string().check(z.regex(/^\d{1,9}$/, 'must be a whole number of seconds')),
  refresh_count: z.optional(z.string()),
  status: z.optional(z.string()),
});

/** UPS's error answer (tokenErrorResponse, and every API's ErrorResponse). */
const upsErrorSchema = z.object({
  response: z.object({
    errors: z.array(z.object({ code: z.optional(z.string()), message: z.optional(z.string()) })).check(z.minLength(1)),
  }),
});

// What the schemas read is the documents' (./documents.ts): the token answer, and the error answer of the token and of each API.
type _TokenDocumented = Documented<Mismatches<z.input<typeof upsTokenResponseSchema>, OAuth['tokenSuccessResponse']>>;
type _TokenErrorDocumented = Documented<Mismatches<z.input<typeof upsErrorSchema>, OAuth['tokenErrorResponse']>>;
type _RatingErrorDocumented = Documented<Mismatches<z.input<typeof upsErrorSchema>, Rating['ErrorResponse']>>;
type _ShippingErrorDocumented = Documented<Mismatches<z.input<typeof upsErrorSchema>, Shipping['ErrorResponse']>>;
type _TrackingErrorDocumented = Documented<Mismatches<z.input<typeof upsErrorSchema>, Tracking['Response']>>;

/** `code: message` of UPS's error answer, when the body is one. */
export function upsErrorMessage(body: unknown): string | undefined {
  const parsed = upsErrorSchema.safeParse(body);
  if (!parsed.success) return undefined;
  return (
    parsed.data.response.errors
      .map((e) => [e.code, e.message].filter((part) => part !== undefined && part !== '').join(': '))
      .filter((text) => text !== '')
      .join('; ')
      .slice(0, 500) || undefined
  );
}

/** The container's UPS tokens (../token-cache.ts). */
export type UpsTokenCache = TokenCache;

export type UpsTokenCacheOptions = {
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** A token is renewed this long before UPS says it expires. */
  marginMs?: number;
  /** At most this many tokens are kept. */
  maxEntries?: number;
  /** The token request gives up after this long. */
  timeoutMs?: number;
};

/** Bytes read of a token answer at most (a token is a few KB). */
const TOKEN_ANSWER_BYTES = 64 * 1024;

export function createUpsTokenCache(options: UpsTokenCacheOptions = {}): UpsTokenCache {
  const {
    fetch: fetchImpl = (...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args),
    now = Date.now,
    marginMs = 60_000,
    maxEntries = 200,
    timeoutMs = 10_000,
  } = options;

  async function requestToken(mode: CarrierMode, account: CarrierAccount): Promise<TokenEntry> {
    const call = new LiveCall(UPS, account.carrierAccountId);
    const { clientId, clientSecret } = await account.credentials();
    if (!clientId || !clientSecret) throw call.unusable('the carrier account’s credentials have no UPS clientId and clientSecret');
    const authorization = call.basic(clientId, clientSecret);
    const fail = (message: string) => new CarrierError(UPS, call.scrub(message));
    const requestedAt = now();
    let response: Response;
    try {
      response = await fetchImpl(upsTokenUrl(mode), {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'x-merchant-id': account.accountNumber,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' } satisfies TokenForm).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw fail(`UPS token request failed: ${reason}`);
    }
    const body = await readJsonBounded(response, TOKEN_ANSWER_BYTES);
    if (!response.ok) {
      const said = upsErrorMessage(body);
      if (response.status === 401 || response.status === 403)
        throw call.unusable(`UPS refused the carrier account’s credentials (HTTP ${response.status}${said ? `: ${said}` : ''})`);
      throw fail(`UPS refused the token request (HTTP ${response.status})${said ? `: ${said}` : ''}`);
    }
    const parsed = upsTokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fail(`UPS answered the token request with a malformed token${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}`);
    }
    return { token: parsed.data.access_token, renewAt: renewAt(requestedAt, Number(parsed.data.expires_in) * 1000, marginMs) };
  }

  return createTokenCache({ code: UPS, name: 'UPS' }, requestToken, { now, maxEntries });
}

/** The token cache of this container. */
export const upsTokens: UpsTokenCache = createUpsTokenCache();
