/**
 * The UPS client over HTTP (./api.ts), with Node's fetch:
 *
 * - a bearer token of the account and mode from the container's token cache
 *   (./oauth.ts); a 401 drops that token and the request is sent once more
 *   with a new one; a second 401 is the account's credentials refused: the
 *   call's `unusable` error (../live-call.ts), as are credentials without a
 *   clientId and clientSecret, read on the first request;
 * - UPS's transaction headers: `transId` (unique per request, 32 characters
 *   as the documents say) and `transactionSrc`;
 * - a 429 is sent again (UPS answers it before doing anything), honouring
 *   `Retry-After`; a 5xx or a lost connection only when the request is
 *   `retryable` (never a ship: it may have been bought); attempts and the
 *   total wait are bounded, the waits are full-jitter exponential, and the
 *   call's signal ends them;
 * - an answer body is read up to a bound (a label answer is a few hundred KB;
 *   an error answer a few KB), so a runaway answer cannot grow memory.
 *
 * UPS's own error text is the only thing passed on, and the call scrubs
 * every credential and token from it (../live-call.ts). Hand-written retries
 * (docs/decisions.md, hand-written pieces): no retry library is among the
 * dependencies, and these few lines need the request's own retry rule.
 */
import { randomUUID } from 'node:crypto';
import { CarrierError, type CarrierAccountUnusable } from '../../domain/carrier';
import { LiveCall } from '../live-call';
import { liveHttpDefaults, readBounded, retryAfterMs, RetryableFailure, sendWithBearer, type LiveHttpDependencies } from '../live-http';
import type { UpsAnswer, UpsApi, UpsApiTarget, UpsRequest } from './api';
import { upsApiUrl } from './config';
import { UPS, upsErrorMessage, upsTokens, type UpsTokenCache } from './oauth';

/** What the client is made of; tests replace fetch, the token cache and the waits. */
export type UpsHttpDependencies = LiveHttpDependencies & { tokens?: UpsTokenCache };

/** `transactionSrc`: who calls (UPS asks for the client application's name). */
export const UPS_TRANSACTION_SOURCE = 'shipping-api';

// Retry-After, as live carriers send it (../live-http.ts); exported for its tests.
export { retryAfterMs };

const parseJson = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function createUpsApi(target: UpsApiTarget, deps: UpsHttpDependencies = {}): UpsApi {
  const { fetch: fetchImpl, maxBodyBytes, ...policy } = liveHttpDefaults(deps);
  const tokens = deps.tokens ?? upsTokens;
  const { mode, account } = target;
  const call = target.call ?? new LiveCall(UPS, account.carrierAccountId);
  let checked = false;

  /** The account's client id and secret, registered with the call (they are what a token request sends); once per client. */
  async function checkCredentials(): Promise<void> {
    if (checked) return;
    const { clientId, clientSecret } = await account.credentials();
    if (!clientId || !clientSecret) throw call.unusable('the carrier account’s credentials have no UPS clientId and clientSecret');
    call.sends(clientId, clientSecret);
    checked = true;
  }

  /** A token of the account from the container's cache; a refused or incomplete account's error as this call ends with it. */
  async function tokenFor(signal: AbortSignal): Promise<string> {
    try {
      return await tokens.token({ signal, mode, account });
    } catch (error) {
      if (error instanceof Error && error.name === 'CarrierAccountUnusable') throw call.settle(error as CarrierAccountUnusable);
      throw error;
    }
  }

  /** One attempt: resolves UPS's answer, throws RetryableFailure when the request may go again, CarrierError otherwise. */
  async function attempt(request: UpsRequest, token: string, signal: AbortSignal): Promise<UpsAnswer> {
    const url = new URL(upsApiUrl(mode, request.path));
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers: {
          ...request.headers,
          authorization: call.bearer(token),
          accept: 'application/json',
          transId: randomUUID().replaceAll('-', ''),
          transactionSrc: UPS_TRANSACTION_SOURCE,
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        redirect: 'error',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // The request may have gone out before the connection failed.
      if (request.method !== 'GET') call.mayHaveActed();
      const reason = `UPS could not be reached: ${error instanceof Error ? error.message : String(error)}`;
      if (request.retryable) throw new RetryableFailure(reason);
      throw new CarrierError(UPS, reason);
    }
    // Anything but a 401 was answered by UPS's operation, which may have acted unless it only read.
    if (response.status !== 401 && request.method !== 'GET') call.mayHaveActed();
    const bytes = await readBounded(response, maxBodyBytes);
    const truncated = bytes === undefined;
    const text = bytes?.toString('utf8') ?? '';
    if (truncated) throw new CarrierError(UPS, `UPS answered HTTP ${response.status} with a body above ${maxBodyBytes} bytes`);
    const body = parseJson(text);
    const said = upsErrorMessage(body);
    if (response.status === 429)
      throw new RetryableFailure(`UPS is rate limiting (HTTP 429)${said ? `: ${said}` : ''}`, retryAfterMs(response.headers.get('retry-after')));
    if (response.status >= 500) {
      const reason = `UPS answered HTTP ${response.status}${said ? `: ${said}` : ''}`;
      if (request.retryable) throw new RetryableFailure(reason, retryAfterMs(response.headers.get('retry-after')));
      throw new CarrierError(UPS, reason);
    }
    if (response.ok && body === undefined && text !== '') throw new CarrierError(UPS, `UPS answered HTTP ${response.status} with a body that is not JSON`);
    return { status: response.status, body };
  }

  return {
    mode,
    async send(request, signal) {
      await checkCredentials();
      return sendWithBearer<UpsAnswer>(
        {
          token: tokenFor,
          attempt: (token, signal) => attempt(request, token, signal),
          invalidate: (token) => tokens.invalidate({ mode, account }, token),
          // Refused before UPS acted on it: the call has done nothing unless an earlier request of it may have.
          refused: () => call.unusable('UPS refused the carrier account’s credentials (HTTP 401)'),
          gaveUp: (reason, attempts) => new CarrierError(UPS, `${reason} (gave up after ${attempts} attempts)`),
        },
        policy,
        signal,
      );
    },
  };
}
