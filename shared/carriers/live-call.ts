/**
 * One call of a live connector (one operation of the carrier port: a rate, a
 * ship, a void…), as the shared live-client layer sees it. ./connector.ts
 * makes one per operation and gives it to the connector's client along with
 * the call's account; every error and every string of the answer leave the
 * operation through `scrub`. A carrier added later keeps its credentials out
 * of answers, logs and the table by using the layer (docs/decisions.md,
 * "No credential in a carrier's text"):
 *
 * - every value of the account's credentials read during the call is
 *   registered (`account`), and so is what the client builds from them: the
 *   Basic header (`basic`: user:password and its base64, each part), a
 *   bearer token (`bearer`), any other value it sends (`sends`: a client id
 *   and secret in a form body);
 * - `scrub` replaces every run of MIN_CREDENTIAL_CHARS or more characters
 *   (ASCII case ignored) of any registered value, in any form a carrier may
 *   echo it in (raw, base64 and base64url, URL- and form-encoded, JSON- and
 *   XML-escaped), so a truncated echo goes as a whole one does; and the
 *   userinfo of every URL;
 * - a value the call sends is at least MIN_CREDENTIAL_CHARS long, or the
 *   account is unusable and nothing is sent: a shorter one could not be told
 *   from the carrier's own words;
 * - `unusable`: the error of an account that cannot be used, logged here with
 *   the account's id (the error's message names none). It is
 *   CarrierAccountUnusable, no unknown outcome, while no request of the call
 *   may have acted at the carrier (`mayHaveActed`: one that was not only a
 *   read, answered or lost); after one, it is a CarrierError of the same
 *   words.
 *
 * Hand-written (docs/decisions.md, hand-written pieces): redaction libraries
 * (fast-redact, pino's `redact`) remove values by their path in an object,
 * secret scanners find secrets by their shape; neither knows the values of
 * one call in the forms a carrier echoes them.
 */
import { CarrierAccountUnusable, CarrierError, type CarrierAccount } from '../domain/carrier';
import { logger } from '../observability';

/** The shortest credential a call sends, and the shortest run of one that is scrubbed. */
export const MIN_CREDENTIAL_CHARS = 8;
export const REDACTED = '[redacted]';

const K = MIN_CREDENTIAL_CHARS;
/** Lower case for ASCII letters only: the same length, so a match's place in the lowered text is its place in the text. */
const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
const xmlEscaped = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
/** A URL's userinfo (`scheme://user:password@`): up to the last `@` before the host's end. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * A rolling hash of K characters (ASCII letters lowered; 32-bit arithmetic,
 * kept to 30 bits so the set holds small integers), so a text is searched
 * for every run of every form in one pass without cutting it into strings;
 * a hit is checked against the forms themselves.
 */
const BASE = 131;
const TOP = Array.from({ length: K - 1 }).reduce<number>((power) => Math.imul(power, BASE), 1);
const codeAt = (text: string, i: number): number => {
  const code = text.charCodeAt(i);
  return code >= 65 && code <= 90 ? code + 32 : code;
};
/** The hash of every run of K characters of `text`, with its start, in order (none when it is shorter). */
const runHashes = (text: string, each: (hash: number, start: number) => void): void => {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    if (i >= K) hash = (hash - Math.imul(codeAt(text, i - K), TOP)) | 0;
    hash = (Math.imul(hash, BASE) + codeAt(text, i)) | 0;
    if (i >= K - 1) each(hash & 0x3fffffff, i - K + 1);
  }
};

/** The forms a carrier may echo `value` in. */
export const formsOf = (value: string): string[] => {
  const bytes = Buffer.from(value, 'utf8');
  return [
    ...new Set([
      value,
      encodeURIComponent(value),
      new URLSearchParams({ v: value }).toString().slice('v='.length),
      JSON.stringify(value).slice(1, -1),
      xmlEscaped(value),
      bytes.toString('base64'),
      bytes.toString('base64url'),
    ]),
  ];
};

const DEPTH = 32;

export class LiveCall {
  /** The values registered; every form of each, lowered, and the hashes of their runs of K characters. */
  private readonly values = new Set<string>();
  private readonly forms: string[] = [];
  private readonly hashes = new Set<number>();
  private acted = false;

  constructor(
    readonly carrierCode: string,
    readonly carrierAccountId?: string,
  ) {}

  /** The account whose credentials, when the client reads them, are registered. */
  account(account: CarrierAccount): CarrierAccount {
    return {
      ...account,
      credentials: async () => {
        const credentials = await account.credentials();
        for (const value of Object.values(credentials)) this.register(value);
        return credentials;
      },
    };
  }

  /** Registers values the call sends; a shorter one than MIN_CREDENTIAL_CHARS makes the account unusable (nothing is sent). */
  sends(...values: string[]): void {
    if (values.some((value) => value.length < K)) {
      throw this.unusable(`a credential of the ${this.carrierCode} carrier account is shorter than ${K} characters, too short to keep out of answers and logs`);
    }
    for (const value of values) this.register(value);
  }

  /** The Authorization header value of HTTP Basic authentication, every part registered. */
  basic(user: string, password: string): string {
    this.sends(user, password);
    const pair = `${user}:${password}`;
    this.register(pair);
    return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }

  /** The Authorization header value of a bearer token, the token registered. */
  bearer(token: string): string {
    if (token.length < K) throw new CarrierError(this.carrierCode, `${this.carrierCode} issued a token shorter than ${K} characters; it is not sent`);
    this.register(token);
    return `Bearer ${token}`;
  }

  /** A request of the call may have acted at the carrier: it did more than read, and was answered other than by refusing the credentials, or its answer was lost. */
  mayHaveActed(): void {
    this.acted = true;
  }

  /** The error of an account that cannot be used (`reason` without its id), logged with its id. */
  unusable(reason: string): CarrierError {
    const said = this.scrub(reason);
    logger.warn('carrier account unusable', {
      carrierCode: this.carrierCode,
      ...(this.carrierAccountId ? { carrierAccountId: this.carrierAccountId } : {}),
      reason: said,
      ...(this.acted ? { afterActingRequests: true } : {}),
    });
    return this.settle(new CarrierAccountUnusable(this.carrierCode, said, this.carrierAccountId));
  }

  /** An unusable account's error as this call ends with it: unchanged while nothing may have acted at the carrier, else a CarrierError of the same words. */
  settle(error: CarrierAccountUnusable): CarrierError {
    return this.acted ? new CarrierError(error.carrierCode, error.message) : error;
  }

  /** `text` without any registered value (runs of K characters and more) and without the userinfo of its URLs. */
  scrub(text: string): string {
    let out = text;
    if (this.hashes.size > 0 && text.length >= K) {
      const pieces: string[] = [];
      let kept = 0;
      let end = -1;
      runHashes(text, (hash, start) => {
        if (!this.hashes.has(hash)) return;
        const run = asciiLower(text.slice(start, start + K));
        if (!this.forms.some((form) => form.includes(run))) return;
        if (start > end) {
          if (end >= 0) pieces.push(REDACTED);
          pieces.push(text.slice(kept, start));
        }
        end = start + K;
        kept = end;
      });
      if (end >= 0) out = `${pieces.join('')}${REDACTED}${text.slice(kept)}`;
    }
    return out.includes('://') ? out.replace(USERINFO, `$1${REDACTED}@`) : out;
  }

  /** Runs one operation of the call: its error and every string of its answer scrubbed (buffers, dates and class instances as they are). */
  async run<T>(operation: () => Promise<T>): Promise<T> {
    let answer: T;
    try {
      answer = await operation();
    } catch (error) {
      throw this.cleaned(error, 0);
    }
    return this.scrubbed(answer, 0) as T;
  }

  private register(value: string): void {
    // A client reads the credentials for each request: each value once.
    if (this.values.has(value)) return;
    this.values.add(value);
    for (const form of formsOf(value)) {
      if (form.length < K) continue;
      this.forms.push(asciiLower(form));
      runHashes(form, (hash) => this.hashes.add(hash));
    }
  }

  /** The error with its message, stack and causes scrubbed, in place (the same error goes on). */
  private cleaned(error: unknown, depth: number): unknown {
    if (!(error instanceof Error) || depth > 4) return error;
    for (const field of ['message', 'stack'] as const) {
      const text = error[field];
      if (typeof text !== 'string') continue;
      const scrubbed = this.scrub(text);
      if (scrubbed !== text) Object.defineProperty(error, field, { value: scrubbed, writable: true, configurable: true, enumerable: false });
    }
    this.cleaned(error.cause, depth + 1);
    return error;
  }

  /** `value` with its strings scrubbed: the same value where nothing changed, a copy of what holds a change. */
  private scrubbed(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (value === null || typeof value !== 'object' || depth > DEPTH) return value;
    if (Array.isArray(value)) {
      const items = value.map((item) => this.scrubbed(item, depth + 1));
      return items.some((item, i) => item !== value[i]) ? items : value;
    }
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return value;
    const entries = Object.entries(value);
    const scrubbed = entries.map(([key, item]) => [key, this.scrubbed(item, depth + 1)] as const);
    return scrubbed.some(([, item], i) => item !== entries[i]![1]) ? Object.fromEntries(scrubbed) : value;
  }
}
