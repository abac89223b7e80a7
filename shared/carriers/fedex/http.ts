/**
 * The FedEx client over HTTP (./api.ts), with Node's fetch:
 *
 * - a bearer token of the account and mode from the container's cache
 *   (./oauth.ts); a 401 drops that token and the request goes once more with
 *   a new one; a second 401, or a 403 (the credentials may not act for this
 *   account number), is the call's `unusable` error: FedEx refused before
 *   acting;
 * - `x-customer-transaction-id` (unique per request, FedEx echoes it) and
 *   `x-locale`;
 * - a 429 is sent again (FedEx answers it before doing anything); a 5xx or a
 *   lost connection only when the request is `retryable` (never a ship);
 *   attempts and waits are bounded (../live-http.ts), the signal ends them;
 * - an answer body is read up to a bound (8 MiB: a 40-piece ship answer
 *   carries 40 base64 labels of a few KB each).
 *
 * FedEx's own error text is the only thing passed on, and the call scrubs
 * every credential and token from it (../live-call.ts).
 */
import { randomUUID } from 'node:crypto';
import { CarrierError, type CarrierAccount, type CarrierAccountUnusable, type CarrierMode } from '../../domain/carrier';
import type { LiveCall } from '../live-call';
import { liveHttpDefaults, readBounded, retryAfterMs, RetryableFailure, sendWithBearer, type LiveHttpDependencies } from '../live-http';
import type { FedexAnswer, FedexApi, FedexRequest } from './api';
import { fedexUrl } from './config';
import { FEDEX, fedexErrorMessage } from './errors';
import { fedexTokens, INCOMPLETE_CREDENTIALS, tokenFormOf, type FedexTokenCache } from './oauth';

export type FedexHttpDependencies = LiveHttpDependencies & { tokens?: FedexTokenCache };

const parseJson = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function createFedexApi(target: { mode: CarrierMode; account: CarrierAccount; call: LiveCall }, deps: FedexHttpDependencies = {}): FedexApi {
  const { fetch: fetchImpl, maxBodyBytes, ...policy } = liveHttpDefaults(deps);
  const tokens = deps.tokens ?? fedexTokens;
  const { mode, account, call } = target;
  let checked = false;

  /** The account's credentials, registered with the call (a token request sends them); once per client. */
  async function checkCredentials(): Promise<void> {
    if (checked) return;
    const form = tokenFormOf(await account.credentials());
    if (!form) throw call.unusable(INCOMPLETE_CREDENTIALS);
    call.sends(...[form.client_id, form.client_secret, form.child_Key, form.child_secret].filter((v): v is string => v !== undefined));
    checked = true;
  }

  async function tokenFor(signal: AbortSignal): Promise<string> {
    try {
      return await tokens.token({ signal, mode, account });
    } catch (error) {
      if (error instanceof Error && error.name === 'CarrierAccountUnusable') throw call.settle(error as CarrierAccountUnusable);
      throw error;
    }
  }

  async function attempt(request: FedexRequest, token: string, signal: AbortSignal): Promise<FedexAnswer> {
    let response: Response;
    try {
      response = await fetchImpl(fedexUrl(mode, request.path), {
        method: request.method,
        headers: {
          authorization: call.bearer(token),
          accept: 'application/json',
          'content-type': 'application/json',
          'x-customer-transaction-id': randomUUID(),
          'x-locale': 'en_US',
        },
        body: JSON.stringify(request.body),
        redirect: 'error',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // The request may have gone out before the connection failed.
      if (!request.readOnly) call.mayHaveActed();
      const reason = `FedEx could not be reached: ${error instanceof Error ? error.message : String(error)}`;
      if (request.retryable) throw new RetryableFailure(reason);
      throw new CarrierError(FEDEX, reason);
    }
    // Anything but a refusal of the token or the rate limit was answered by FedEx's operation, which may have acted unless it only read.
    if (!request.readOnly && response.status !== 401 && response.status !== 403 && response.status !== 429) call.mayHaveActed();
    const bytes = await readBounded(response, maxBodyBytes);
    if (bytes === undefined) throw new CarrierError(FEDEX, `FedEx answered HTTP ${response.status} with a body above ${maxBodyBytes} bytes`);
    const text = bytes.toString('utf8');
    const body = parseJson(text);
    const said = fedexErrorMessage(body);
    if (response.status === 429)
      throw new RetryableFailure(`FedEx is rate limiting (HTTP 429)${said ? `: ${said}` : ''}`, retryAfterMs(response.headers.get('retry-after')));
    if (response.status >= 500) {
      const reason = `FedEx answered HTTP ${response.status}${said ? `: ${said}` : ''}`;
      if (request.retryable) throw new RetryableFailure(reason, retryAfterMs(response.headers.get('retry-after')));
      throw new CarrierError(FEDEX, reason);
    }
    if (response.ok && body === undefined) throw new CarrierError(FEDEX, `FedEx answered HTTP ${response.status} with a body that is not JSON`);
    return { status: response.status, body };
  }

  return {
    mode,
    scrub: (text) => call.scrub(text),
    async send(request, signal) {
      await checkCredentials();
      return sendWithBearer<FedexAnswer>(
        {
          token: tokenFor,
          attempt: (token, signal) => attempt(request, token, signal),
          invalidate: (token) => tokens.invalidate({ mode, account }, token),
          refused: () => call.unusable('FedEx refused the carrier account’s credentials (HTTP 401)'),
          gaveUp: (reason, attempts) => new CarrierError(FEDEX, `${reason} (gave up after ${attempts} attempts)`),
          inspect(answer) {
            if (answer.status !== 403) return;
            const said = fedexErrorMessage(answer.body);
            throw call.unusable(`FedEx refused the carrier account’s credentials for its account number (HTTP 403${said ? `: ${said}` : ''})`);
          },
        },
        policy,
        signal,
      );
    },
  };
}
