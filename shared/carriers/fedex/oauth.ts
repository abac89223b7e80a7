/**
 * FedEx OAuth (API Authorization, `POST /oauth/token`): a bearer token per
 * carrier account and mode, cached in the container until shortly before it
 * expires (FedEx's last an hour).
 *
 * - The request is a form body: `grant_type=client_credentials` with the
 *   account's `client_id` and `client_secret`; an account that acts for a
 *   customer's (credentials with `childKey` and `childSecret`) sends
 *   `csp_credentials` with FedEx's `child_Key` and `child_secret`, as the
 *   document spells them. Every value sent is registered with the call, so
 *   FedEx's words come back scrubbed of them (../live-call.ts).
 * - Cached by (mode, carrierAccountId), bounded; concurrent callers of one
 *   key share one request, which has its own timeout; `invalidate` drops a
 *   token FedEx refused.
 * - A 401 or 403 of the token request is the account's credentials refused:
 *   the call's `unusable` error.
 *
 * No OAuth library, as for UPS (docs/decisions.md): the caching and sharing
 * are this module's job either way, and the request is one form post.
 */
import * as z from '../../zod';
import { LiveCall } from '../live-call';
import { readJsonBounded } from '../live-http';
import { createTokenCache, renewAt, type TokenCache, type TokenEntry } from '../token-cache';
import { CarrierError, type CarrierAccount, type CarrierMode } from '../../domain/carrier';
import { fedexUrl } from './config';
import { FEDEX, fedexErrorMessage } from './errors';

/** The token answer (API Authorization's `Response`): `access_token` and `expires_in` are what a token needs. */
const tokenSchema = z.object({
  access_token: z.string().check(z.minLength(1), z.maxLength(8192)),
  token_type: z.optional(z.string()),
  expires_in: z.number().check(z.int(), z.minimum(1), z.maximum(86_400 * 30)),
  scope: z.optional(z.string()),
});

/** The form FedEx's token endpoint takes (its `FullSchema`). */
export type FedexTokenForm = {
  grant_type: 'client_credentials' | 'csp_credentials';
  client_id: string;
  client_secret: string;
  child_Key?: string;
  child_secret?: string;
};

/** The token form of an account's credentials; undefined when they lack a client id and secret, or have half a child pair. */
export function tokenFormOf(credentials: Record<string, string>): FedexTokenForm | undefined {
  const { clientId, clientSecret, childKey, childSecret } = credentials;
  if (!clientId || !clientSecret) return undefined;
  if (Boolean(childKey) !== Boolean(childSecret)) return undefined;
  return childKey && childSecret
    ? { grant_type: 'csp_credentials', client_id: clientId, client_secret: clientSecret, child_Key: childKey, child_secret: childSecret }
    : { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret };
}

export const INCOMPLETE_CREDENTIALS = 'the carrier account’s credentials have no FedEx clientId and clientSecret (and a childKey only with its childSecret)';

/** The container's FedEx tokens (../token-cache.ts). */
export type FedexTokenCache = TokenCache;

/** Bytes read of a token answer at most (a token is a few KB). */
const TOKEN_ANSWER_BYTES = 64 * 1024;

export function createFedexTokenCache(
  options: { fetch?: typeof globalThis.fetch; now?: () => number; maxEntries?: number; timeoutMs?: number } = {},
): FedexTokenCache {
  const {
    fetch: fetchImpl = (...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args),
    now = Date.now,
    maxEntries = 200,
    timeoutMs = 10_000,
  } = options;

  async function requestToken(mode: CarrierMode, account: CarrierAccount): Promise<TokenEntry> {
    const call = new LiveCall(FEDEX, account.carrierAccountId);
    const form = tokenFormOf(await account.credentials());
    if (!form) throw call.unusable(INCOMPLETE_CREDENTIALS);
    call.sends(...[form.client_id, form.client_secret, form.child_Key, form.child_secret].filter((v): v is string => v !== undefined));
    const fail = (message: string) => new CarrierError(FEDEX, call.scrub(message));
    const requestedAt = now();
    let response: Response;
    try {
      response = await fetchImpl(fedexUrl(mode, '/oauth/token'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw fail(`FedEx token request failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
    const body = await readJsonBounded(response, TOKEN_ANSWER_BYTES);
    if (!response.ok) {
      const said = fedexErrorMessage(body);
      if (response.status === 401 || response.status === 403)
        throw call.unusable(call.scrub(`FedEx refused the carrier account’s credentials (HTTP ${response.status}${said ? `: ${said}` : ''})`));
      throw fail(`FedEx refused the token request (HTTP ${response.status})${said ? `: ${said}` : ''}`);
    }
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw fail('FedEx answered the token request with a malformed token');
    return { token: parsed.data.access_token, renewAt: renewAt(requestedAt, parsed.data.expires_in * 1000) };
  }

  return createTokenCache({ code: FEDEX, name: 'FedEx' }, requestToken, { now, maxEntries });
}

/** The token cache of this container. */
export const fedexTokens: FedexTokenCache = createFedexTokenCache();
