/**
 * The Canada Post client over HTTP (./api.ts), with Node's fetch:
 *
 * - `Authorization: Basic base64(username:password)` from the account's
 *   credentials (read on each request from the account, which caches
 *   nothing here), `Accept-language: en-CA`, the request's versioned media
 *   types;
 * - a documented endpoint is resolved under the mode's base (./config.ts); a
 *   link Canada Post returned is followed as given, but only on the base's
 *   own origin: the credentials never go to a host the base does not name;
 * - a 5xx, a 429 or a lost connection is sent again only when the request
 *   is `retryable` (a GET, a void; never a create or a refund request:
 *   Canada Post has no idempotency key); attempts and waits are bounded,
 *   the waits full-jitter exponential, and the call's signal ends them;
 * - a 401 is a CarrierError (the account's key is refused, or a test key
 *   against production: Canada Post's AA002); it is never sent again;
 * - an answer body is read up to a bound (a label is tens of KB).
 *
 * No message carries a credential or the Authorization header: Canada
 * Post's own codes and words are the only thing passed on.
 */
import { CarrierError } from '../../domain/carrier';
import { liveHttpDefaults, nextWait, readBounded, retryAfterMs, RetryableFailure, type LiveHttpDependencies } from '../live-http';
import type { CanadaPostAnswer, CanadaPostApi, CanadaPostApiTarget, CanadaPostRequest } from './api';
import { canadaPostBaseUrl } from './config';
import { reasonOf } from './messages';
import { CANADAPOST } from './xml';

/** What the client is made of; tests replace fetch and the waits. */
export type CanadaPostHttpDependencies = LiveHttpDependencies;

/** The URL of a request: a documented path under the base, or a link on the base's origin. */
export function urlOf(request: CanadaPostRequest, base: string): URL {
  if ('link' in request.target) {
    let url: URL;
    try {
      url = new URL(request.target.link);
    } catch {
      throw new CarrierError(CANADAPOST, 'Canada Post returned a link that is not an absolute URL');
    }
    if (url.origin !== new URL(base).origin) throw new CarrierError(CANADAPOST, `Canada Post returned a link to another host (${url.host}); it is not followed`);
    return url;
  }
  const url = new URL(`${base}${request.target.path.startsWith('/') ? '' : '/'}${request.target.path}`);
  for (const [name, value] of Object.entries(request.target.query ?? {})) url.searchParams.set(name, value);
  return url;
}

export function createCanadaPostApi(target: CanadaPostApiTarget, deps: CanadaPostHttpDependencies = {}): CanadaPostApi {
  const { fetch: fetchImpl, sleep, random, maxAttempts, baseDelayMs, maxDelayMs, maxBodyBytes } = liveHttpDefaults(deps);
  const { mode, account } = target;

  async function authorization(): Promise<string> {
    const credentials = await account.credentials();
    const { username, password } = credentials;
    if (!username || !password) throw new CarrierError(CANADAPOST, `carrier account ${account.carrierAccountId ?? '(none)'} has no Canada Post username and password`);
    return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
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
      // fetch's own message names the cause (ECONNREFUSED, a TLS error); it never holds the headers.
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      const reason = `Canada Post could not be reached: ${cause}`;
      if (request.retryable) throw new RetryableFailure(reason);
      throw new CarrierError(CANADAPOST, reason);
    }
    const body = await readBounded(response, maxBodyBytes);
    if (!body) throw new CarrierError(CANADAPOST, `Canada Post answered HTTP ${response.status} with a body above ${maxBodyBytes} bytes`);
    const answer: CanadaPostAnswer = { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
    if (response.status === 401) {
      throw new CarrierError(CANADAPOST, `Canada Post refused the credentials of carrier account ${account.carrierAccountId ?? '(none)'} (HTTP 401: ${reasonOf(answer)})`);
    }
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
