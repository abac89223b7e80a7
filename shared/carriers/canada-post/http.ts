/**
 * The Canada Post client over HTTP (./api.ts), with Node's fetch:
 *
 * - `Authorization: Basic base64(username:password)` from the account's
 *   credentials (read on each request from the account, which caches
 *   nothing here), built by the call (../live-call.ts), which so knows
 *   every form of them to scrub; `Accept-language: en-CA`, the request's
 *   versioned media types;
 * - a documented endpoint is resolved under the mode's base (./config.ts); a
 *   link Canada Post returned is followed as given, but only on the base's
 *   own origin: the credentials never go to a host the base does not name.
 *   A userinfo in the link is dropped (our credentials go in the header; fetch
 *   would refuse the link and quote it whole in its error);
 * - a 5xx, a 429 or a lost connection is sent again only when the request
 *   is `retryable` (a GET, a void; never a create or a refund request:
 *   Canada Post has no idempotency key); attempts and waits are bounded,
 *   the waits full-jitter exponential, and the call's signal ends them;
 * - a 401 is the account's key refused (or a test key against production:
 *   Canada Post's AA002), and credentials without a username and password
 *   are refused before sending: the call's `unusable` error, which names no
 *   account; it is never sent again;
 * - an answer body is read up to a bound (a label is tens of KB).
 *
 * Canada Post's own codes and words are the only thing passed on, and the
 * call scrubs every credential from them (../live-call.ts).
 */
import { CarrierError } from '../../domain/carrier';
import { LiveCall } from '../live-call';
import { liveHttpDefaults, nextWait, readBounded, retryAfterMs, RetryableFailure, type LiveHttpDependencies } from '../live-http';
import type { CanadaPostAnswer, CanadaPostApi, CanadaPostApiTarget, CanadaPostRequest } from './api';
import { canadaPostBaseUrl } from './config';
import { reasonOf } from './messages';
import { CANADAPOST } from './xml';

/** What the client is made of; tests replace fetch and the waits. */
export type CanadaPostHttpDependencies = LiveHttpDependencies;

/** The URL of a request: a documented path under the base, or a link on the base's origin (without a userinfo). */
export function urlOf(request: CanadaPostRequest, base: string): URL {
  if ('link' in request.target) {
    let url: URL;
    try {
      url = new URL(request.target.link);
    } catch {
      throw new CarrierError(CANADAPOST, 'Canada Post returned a link that is not an absolute URL');
    }
    // The link is Canada Post's text: no part of it goes into a message.
    if (url.origin !== new URL(base).origin) throw new CarrierError(CANADAPOST, 'Canada Post returned a link to another host; it is not followed');
    url.username = '';
    url.password = '';
    return url;
  }
  const url = new URL(`${base}${request.target.path.startsWith('/') ? '' : '/'}${request.target.path}`);
  for (const [name, value] of Object.entries(request.target.query ?? {})) url.searchParams.set(name, value);
  return url;
}

export function createCanadaPostApi(target: CanadaPostApiTarget, deps: CanadaPostHttpDependencies = {}): CanadaPostApi {
  const { fetch: fetchImpl, sleep, random, maxAttempts, baseDelayMs, maxDelayMs, maxBodyBytes } = liveHttpDefaults(deps);
  const { mode, account } = target;
  const call = target.call ?? new LiveCall(CANADAPOST, account.carrierAccountId);

  async function authorization(): Promise<string> {
    const { username, password } = await account.credentials();
    if (!username || !password) throw call.unusable('the carrier account’s credentials have no Canada Post username and password');
    return call.basic(username, password);
  }

  async function attempt(request: CanadaPostRequest, url: URL, auth: string, signal: AbortSignal): Promise<CanadaPostAnswer> {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: request.method,
        headers: {
          authorization: auth,
          accept: request.accept,
          'accept-language': 'en-CA',
          ...(request.body ? { 'content-type': request.body.contentType } : {}),
        },
        ...(request.body ? { body: request.body.xml } : {}),
        redirect: 'error',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // The request may have gone out before the connection failed.
      if (request.method !== 'GET') call.mayHaveActed();
      // fetch's own message names the cause (ECONNREFUSED, a TLS error); what it may quote of a header, the call scrubs.
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      const reason = `Canada Post could not be reached: ${cause}`;
      if (request.retryable) throw new RetryableFailure(reason);
      throw new CarrierError(CANADAPOST, reason);
    }
    // Anything but a 401 was answered by Canada Post's operation, which may have acted unless it only read.
    if (response.status !== 401 && request.method !== 'GET') call.mayHaveActed();
    const body = await readBounded(response, maxBodyBytes);
    if (!body) throw new CarrierError(CANADAPOST, `Canada Post answered HTTP ${response.status} with a body above ${maxBodyBytes} bytes`);
    const answer: CanadaPostAnswer = { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
    // Refused before Canada Post acted on it: the call has done nothing unless an earlier request of it may have.
    if (response.status === 401) throw call.unusable(`Canada Post refused the carrier account’s credentials (HTTP 401: ${reasonOf(answer)})`);
    if (response.status === 429 || response.status >= 500) {
      const reason = reasonOf(answer);
      if (request.retryable) throw new RetryableFailure(reason, retryAfterMs(response.headers.get('retry-after')));
      throw new CarrierError(CANADAPOST, reason);
    }
    return answer;
  }

  return {
    mode,
    customerNumber: account.accountNumber,
    ...(account.contractId ? { contractId: account.contractId } : {}),
    refundEmail: async () => (await account.credentials()).refundEmail?.trim() || undefined,
    async send(request, signal) {
      if (signal.aborted) throw signal.reason;
      const url = urlOf(request, canadaPostBaseUrl(mode));
      const auth = await authorization();
      let lastReason = 'no attempt';
      for (let n = 1; n <= maxAttempts; n++) {
        if (signal.aborted) throw signal.reason;
        try {
          return await attempt(request, url, auth, signal);
        } catch (error) {
          if (!(error instanceof RetryableFailure)) throw error;
          lastReason = error.reason;
          const wait = nextWait(n, error, { maxAttempts, baseDelayMs, maxDelayMs, random });
          if (wait === undefined) break;
          await sleep(wait, signal);
        }
      }
      throw new CarrierError(CANADAPOST, `${lastReason} (gave up after ${maxAttempts} attempts)`);
    },
  };
}
