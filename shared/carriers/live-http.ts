/**
 * What every live carrier's HTTP client needs besides its own protocol
 * (./ups/http.ts, ./canada-post/http.ts): what it is made of, the wait
 * before its next attempt, `Retry-After` read as milliseconds, an answer
 * body read up to a bound, and the production guard of a test base; the
 * signal-bound wait is ./signals.ts.
 *
 * Hand-written, and why it stays: no library reads a fetch body up to a
 * bound without buffering it whole first, and none knows which host is a
 * carrier's production. The attempts' loop of a carrier that authorizes
 * with a bearer token (UPS, FedEx) is `sendWithBearer`: it renews the token
 * on a 401 without counting an attempt, which no retry library knows
 * (docs/decisions.md).
 */
import { carrierBaseUrlOverride } from '../config';
import { sleepFor } from './signals';

/** What a live carrier's HTTP client is made of; tests replace fetch and the waits. */
export type LiveHttpDependencies = {
  fetch?: typeof globalThis.fetch;
  /** Waits `ms` or until the signal aborts (then rejects with its reason). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Attempts of one request, the first included. */
  maxAttempts?: number;
  /** The first backoff's ceiling; doubles per attempt. */
  baseDelayMs?: number;
  /** No single wait is longer; a Retry-After beyond it is not waited for. */
  maxDelayMs?: number;
  /** Bytes read of an answer body at most. */
  maxBodyBytes?: number;
};

/** The dependencies with the defaults of a deployed client: the global fetch, three attempts, 200 ms first backoff, 5 s ceiling, 8 MiB bodies. */
export const liveHttpDefaults = (deps: LiveHttpDependencies): Required<LiveHttpDependencies> => ({
  fetch: deps.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args)),
  sleep: deps.sleep ?? sleepFor,
  random: deps.random ?? Math.random,
  maxAttempts: deps.maxAttempts ?? 3,
  baseDelayMs: deps.baseDelayMs ?? 200,
  maxDelayMs: deps.maxDelayMs ?? 5_000,
  maxBodyBytes: deps.maxBodyBytes ?? 8 * 1024 * 1024,
});

/** An attempt that failed in a way that lets the request go again; `afterMs`, the carrier's Retry-After. */
export class RetryableFailure extends Error {
  constructor(
    readonly reason: string,
    readonly afterMs?: number,
  ) {
    super(reason);
  }
}

/**
 * How long to wait after attempt `n` (from 1) failed with `failure`: the
 * carrier's Retry-After, else a full-jitter exponential backoff; undefined
 * when there is no next attempt, or when the wait would pass `maxDelayMs`
 * (give up now rather than hold the caller).
 */
export function nextWait(
  n: number,
  failure: RetryableFailure,
  policy: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; random: () => number },
): number | undefined {
  if (n >= policy.maxAttempts) return undefined;
  const wait = failure.afterMs ?? policy.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  return wait > policy.maxDelayMs ? undefined : wait;
}

/** The policy of one request's attempts (liveHttpDefaults gives a deployed client's). */
export type AttemptPolicy = Pick<Required<LiveHttpDependencies>, 'sleep' | 'random' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>;

/** One request to a carrier that authorizes with a bearer token, as its client sends it. */
export type BearerRequest<Answer extends { status: number }> = {
  /** The account's token (cached or fetched). */
  token(signal: AbortSignal): Promise<string>;
  /** One attempt with this token: its answer, or RetryableFailure when it may go again; any other error ends the request. */
  attempt(token: string, signal: AbortSignal): Promise<Answer>;
  /** Forgets a token the carrier refused (401). */
  invalidate(token: string): void;
  /** The error when a renewed token is refused too: the account's credentials (the call's `unusable`). */
  refused(): Error;
  /** The error when every attempt failed, from the last one's reason. */
  gaveUp(reason: string, attempts: number): Error;
  /** Throws when an answer is a refusal of the account rather than an answer (FedEx's 403). */
  inspect?(answer: Answer): void;
};

/**
 * Sends one request: attempts up to the policy's, waiting `nextWait` between
 * them; a 401 drops the token and goes once more with a new one, which is
 * not an attempt (the carrier refused before acting); a second 401 is
 * `refused()`. The signal ends the waits and the attempts.
 */
export async function sendWithBearer<Answer extends { status: number }>(
  request: BearerRequest<Answer>,
  policy: AttemptPolicy,
  signal: AbortSignal,
): Promise<Answer> {
  let renewed = false;
  let lastReason = 'no attempt';
  for (let n = 1; n <= policy.maxAttempts; n++) {
    if (signal.aborted) throw signal.reason;
    const token = await request.token(signal);
    let answer: Answer;
    try {
      answer = await request.attempt(token, signal);
    } catch (error) {
      if (!(error instanceof RetryableFailure)) throw error;
      lastReason = error.reason;
      const wait = nextWait(n, error, policy);
      if (wait === undefined) break;
      await policy.sleep(wait, signal);
      continue;
    }
    request.inspect?.(answer);
    if (answer.status !== 401) return answer;
    request.invalidate(token);
    if (renewed) throw request.refused();
    renewed = true;
    n--; // A renewed token is not a retry.
  }
  throw request.gaveUp(lastReason, policy.maxAttempts);
}

/** The body of an answer as JSON, read up to `limit` bytes: undefined when empty, too large or not JSON. */
export async function readJsonBounded(response: Response, limit: number): Promise<unknown> {
  const bytes = await readBounded(response, limit).catch(() => undefined);
  if (!bytes || bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds or as an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d{1,7}$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** At most `limit` bytes of an answer's body; undefined past it (the rest is not read: the stream is cancelled). */
export async function readBounded(response: Response, limit: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A live carrier's API base for one mode, read from the environment at each
 * call (a test or the local runtime may set it late): `env[mode]` overrides
 * `defaults[mode]`. A test base that names the carrier's production is
 * refused in any spelling of its host: the URL parser has already lowered
 * it, decoded its percent-escapes and mapped full-width and IDN forms; the
 * trailing dots of a fully qualified name are dropped, and the port is not
 * part of it. Without a trailing slash.
 */
export function liveBaseUrl(
  carrier: { name: string; defaults: Readonly<Record<'test' | 'live', string>>; env: Readonly<Record<'test' | 'live', string>> },
  mode: 'test' | 'live',
): string {
  const name = carrier.env[mode];
  const raw = carrierBaseUrlOverride(name) ?? carrier.defaults[mode];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  const production = normalisedHost(new URL(carrier.defaults.live));
  if (mode === 'test' && normalisedHost(url) === production) {
    throw new Error(`${name} names ${carrier.name} production (${production}): a test key never reaches it`);
  }
  return raw.replace(/\/+$/, '');
}

const normalisedHost = (url: URL): string => url.hostname.replace(/\.+$/, '');
