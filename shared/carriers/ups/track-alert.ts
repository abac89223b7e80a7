/**
 * UPS Track Alert (UPSTrackAlert.yaml, OpenAPI 3.1): UPS pushes a
 * package's tracking events to us instead of being polled.
 *
 * - Subscribe: `POST /track/v2/subscription/standard/package` under the API
 *   base (`{base}/api/track/v2/...` at UPS's host), through the connector's
 *   client (./http.ts: the account's bearer token, `transId` unique per
 *   request and `transactionSrc`, the mode's base URL, the call's signal).
 *   The body is the document's PackageSubscriptionRequest: `en_US`, the
 *   country, at most 100 tracking numbers. UPS answers which numbers it
 *   subscribed and which it refused; a 400 (PackageSubscriptionErrorResponse,
 *   UPS's VSS codes) is UPS refusing the request as sent, a
 *   UpsTrackAlertRefusal (a CarrierRefusal) with UPS's code and message.
 *   A subscription lasts 14 days (the document's FAQ); subscribing again
 *   renews it, so the request may be repeated.
 * - Pushed events: `parseTrackAlertEvent` reads one TrackingEventRequest
 *   (the document's webhook) with a zod schema written from the document and
 *   maps it with the Tracking mapping (./track.ts, `upsEventOf`), so a pushed
 *   event and the same event polled are one event. A body that is not one is
 *   a TrackAlertEventError naming the field, never echoing the body; bounds
 *   on size, depth and keys come first.
 * - `trackAlertEventKey`: the idempotency key of a pushed event (UPS may
 *   push an event more than once).
 *
 * - Receiving a push (the port's `push`, served by the generic inbound routes
 *   `/v1/carriers/ups/push/token|events`, shared/services/carrier-push.ts):
 *   the token URL and the bearer token are the API's own, the same for every
 *   carrier; UPS's part is `authenticateTrackAlertPush` (`x-api-key` equal to
 *   the token's client id, UPS's User-Agent noted when another) and
 *   `readTrackAlertPush` (the 64 KiB bound, then `parseTrackAlertEvent`).
 */
import { sameSecret } from '../../domain/push-token';
import * as z from '../../zod';
import {
  CarrierError,
  CarrierRefusal,
  type PushAuthentication,
  type PushedEvents,
  type PushHeaders,
  type TrackingEvent,
  type TransitStatus,
} from '../../domain/carrier';
import type { UpsAnswer, UpsApi } from './api';
import { UPS, upsErrorMessage } from './oauth';
import { upsEventOf } from './track';

/** The Track Alert version this connector speaks (the document's only `version`). */
export const UPS_TRACK_ALERT_VERSION = 'v2';
/** UPS pushes a subscribed package's events for this many days (the document's FAQ); then it must be subscribed again. */
export const UPS_TRACK_ALERT_SUBSCRIPTION_DAYS = 14;
export const UPS_TRACK_ALERT_SUBSCRIPTION_MS = UPS_TRACK_ALERT_SUBSCRIPTION_DAYS * 24 * 60 * 60 * 1000;
/** Tracking numbers in one subscription request at most (`trackingNumberList.maxItems`). */
export const UPS_TRACK_ALERT_MAX_NUMBERS = 100;
/** The `User-Agent` UPS sends its pushes with (the webhook's parameters). */
export const UPS_TRACK_ALERT_USER_AGENT = 'UPSPubSubTrackingService';
/** The document's TrackingNumber: a 1Z number, or a Roadie 1R number of 16 or 28 characters. */
export const UPS_TRACK_ALERT_TRACKING_NUMBER = /(^1Z[0-9A-Z]{16}$)|(^1R[0-9A-Z]{14}$)|(^1R[0-9A-Z]{26}$)/;

/** The subscription path under the API base; `standard` events (the `enhanced` type adds photos and preferences we do not use). */
export const upsTrackAlertPath = (type: 'standard' | 'enhanced' = 'standard') => `/track/${UPS_TRACK_ALERT_VERSION}/subscription/${type}/package`;

/** When a subscription made at `subscribedAt` stops pushing. */
export const trackAlertExpiresAt = (subscribedAt: Date): Date => new Date(subscribedAt.getTime() + UPS_TRACK_ALERT_SUBSCRIPTION_MS);

export type TrackAlertSubscriptionInput = {
  /** The packages' tracking numbers (1 to 100; repeats are sent once). */
  trackingNumbers: readonly string[];
  /** ISO 3166 alpha-2, upper case: the country of the subscriber (the shipper's). */
  countryCode: string;
};

/** PackageSubscriptionRequest as this connector sends it. */
export type UpsTrackAlertSubscriptionBody = { locale: 'en_US'; countryCode: string; trackingNumberList: string[] };

/** What UPS subscribed (`valid`) and refused (`invalid`) of one request. */
export type TrackAlertSubscription = { valid: string[]; invalid: string[] };

/** UPS refusing a subscription request as sent (its 400): UPS's code (`VSS210`…) and the numbers it named invalid. */
export class UpsTrackAlertRefusal extends CarrierRefusal {
  constructor(
    reason: string,
    readonly code: string | undefined,
    readonly invalid: readonly string[],
  ) {
    super(UPS, reason);
    this.name = 'UpsTrackAlertRefusal';
  }
}

/** The subscription body of `input`; CarrierRefusal when it cannot be one (no number, more than 100, a bad country). */
export function buildTrackAlertSubscription(input: TrackAlertSubscriptionInput): UpsTrackAlertSubscriptionBody {
  const numbers = [...new Set(input.trackingNumbers.map((n) => n.trim()).filter((n) => n !== ''))];
  if (numbers.length === 0) throw new CarrierRefusal(UPS, 'a Track Alert subscription needs at least one tracking number');
  if (numbers.length > UPS_TRACK_ALERT_MAX_NUMBERS) {
    throw new CarrierRefusal(UPS, `UPS Track Alert subscribes at most ${UPS_TRACK_ALERT_MAX_NUMBERS} tracking numbers per request, got ${numbers.length}`);
  }
  if (!/^[A-Z]{2}$/.test(input.countryCode)) throw new CarrierRefusal(UPS, 'the Track Alert country code must be two upper-case letters (ISO 3166)');
  return { locale: 'en_US', countryCode: input.countryCode, trackingNumberList: numbers };
}

const successSchema = z.object({ validTrackingNumbers: z.optional(z.array(z.string())), invalidTrackingNumbers: z.optional(z.array(z.string())) });
const errorSchema = z.object({
  invalidTrackingNumbers: z.optional(z.array(z.string())),
  response: z.object({ errors: z.array(z.object({ code: z.optional(z.string()), message: z.optional(z.string()) })).check(z.minLength(1)) }),
});

/**
 * UPS's answer to a subscription: the 200's lists; a 400 or 422 is UPS
 * refusing the request as sent (as the other operations read a 4xx with its
 * reason, ./operations.ts); any other status a CarrierError.
 */
export function parseTrackAlertSubscription(answer: UpsAnswer): TrackAlertSubscription {
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = successSchema.safeParse(answer.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CarrierError(
        UPS,
        `UPS answered with a malformed Track Alert subscription response${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}: ${issue?.message ?? 'unreadable'}`,
      );
    }
    return { valid: parsed.data.validTrackingNumbers ?? [], invalid: parsed.data.invalidTrackingNumbers ?? [] };
  }
  const reason = upsErrorMessage(answer.body) ?? `UPS answered HTTP ${answer.status}`;
  if (answer.status === 400 || answer.status === 422) {
    const error = errorSchema.safeParse(answer.body);
    const code = error.success ? error.data.response.errors[0]?.code : undefined;
    throw new UpsTrackAlertRefusal(reason, code, error.success ? (error.data.invalidTrackingNumbers ?? []) : []);
  }
  throw new CarrierError(UPS, `UPS could not subscribe to Track Alert: ${reason}`);
}

/**
 * Subscribes packages to Track Alert under the client's account and mode.
 * Rejects with UpsTrackAlertRefusal (UPS's 400), CarrierRefusal (an input
 * UPS would refuse, never sent), CarrierError, or the signal's reason.
 */
export async function subscribeTrackAlert(input: TrackAlertSubscriptionInput, api: UpsApi, signal: AbortSignal): Promise<TrackAlertSubscription> {
  const body = buildTrackAlertSubscription(input);
  // Retryable: subscribing a number again only renews its 14 days.
  const answer = await api.send({ method: 'POST', path: upsTrackAlertPath('standard'), body, retryable: true }, signal);
  return parseTrackAlertSubscription(answer);
}

// ---------------------------------------------------------------------------
// Pushed events (the document's webhook TrackingEvent, TrackingEventRequest)

/** A pushed body is a few hundred bytes (a standard subscription has no photo); anything past these bounds is refused unread. */
export const TRACK_ALERT_LIMITS = { maxBytes: 64 * 1024, maxDepth: 8, maxNodes: 1_000 } as const;

/** A pushed body that is not a TrackingEventRequest: the field at fault and why, never the body itself. */
export class TrackAlertEventError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`not a UPS Track Alert event: ${field}: ${reason}`);
    this.name = 'TrackAlertEventError';
  }
}

/** A pushed event read: the package, our event, the status it implies, and UPS's own status type and code. */
export type TrackAlertEvent = {
  trackingNumber: string;
  event: TrackingEvent;
  transitStatus: TransitStatus;
  ups: { type?: string; code?: string };
};

export type TrackAlertParseResult = { ok: true; value: TrackAlertEvent } | { ok: false; error: TrackAlertEventError };

// The document's patterns (components.schemas Date, Time, gmtOffset, Country, stateProvince).
const DATE = /^\d{4}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])$/;
const TIME = /^([01]?\d|2[0-3])([0-5]?\d){2}$/;
const GMT_OFFSET = /^[+-]([01]\d|2[0-3])\.[0-5]\d$/;

/** The document says fields are blank until they apply (delivery date, postal code): a blank one is absent. */
const blankIsAbsent = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)),
    z.optional(schema),
  );
const date = blankIsAbsent(z.string().check(z.length(8, 'must be a date YYYYMMDD'), z.regex(DATE, 'must be a date YYYYMMDD')));
const time = blankIsAbsent(z.string().check(z.length(6, 'must be a time HHMMSS (24 h)'), z.regex(TIME, 'must be a time HHMMSS (24 h)')));
/** A location part that breaks its pattern is left out of the location rather than refusing the event. */
const part = (pattern: RegExp) => z.catch(blankIsAbsent(z.string().check(z.regex(pattern))), undefined);

/**
 * TrackingEventRequest: `trackingNumber` and `activityStatus` required, the
 * status type one of the document's (D, I, M, MV, U, X), every date and time
 * in its format. Fields the mapping does not read (postal code, delivery
 * window words, photo, receivedBy, alternate number) are not kept.
 */
const trackingEventSchema = z.object({
  trackingNumber: z.string().check(z.regex(UPS_TRACK_ALERT_TRACKING_NUMBER, 'must be a 1Z or 1R tracking number')),
  localActivityDate: date,
  localActivityTime: time,
  activityLocation: z.optional(
    z.object({
      city: z.catch(blankIsAbsent(z.string()), undefined),
      stateProvince: part(/^[A-Z]{2}$/),
      country: part(/^[A-Z]{2}$/),
    }),
  ),
  activityStatus: z.object({
    type: blankIsAbsent(z.enum(['D', 'I', 'M', 'MV', 'U', 'X'])),
    code: blankIsAbsent(z.string()),
    description: blankIsAbsent(z.string()),
  }),
  scheduledDeliveryDate: date,
  actualDeliveryDate: date,
  actualDeliveryTime: time,
  gmtActivityDate: date,
  gmtActivityTime: time,
  gmtOffset: blankIsAbsent(z.string().check(z.regex(GMT_OFFSET, 'must be an offset (+/-)HH.MM'))),
  deliveryStartTime: time,
  deliveryEndTime: time,
});

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON nesting of `text` deeper than `max` (brackets outside strings), found before JSON.parse builds it. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The body as a JSON value within the bounds, or why not. Iterative: no recursion a deep body could exhaust. */
function boundedJson(body: unknown): { ok: true; value: unknown } | { ok: false; error: TrackAlertEventError } {
  const { maxBytes, maxDepth, maxNodes } = TRACK_ALERT_LIMITS;
  const fail = (reason: string) => ({ ok: false as const, error: new TrackAlertEventError('body', reason) });
  let value = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const bytes = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
    if (bytes > maxBytes) return fail(`larger than ${maxBytes} bytes`);
    const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
    if (nestsDeeperThan(text, maxDepth)) return fail(`nested deeper than ${maxDepth} levels`);
    try {
      value = JSON.parse(text);
    } catch {
      return fail('is not JSON');
    }
  }
  let nodes = 0;
  let chars = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (++nodes > maxNodes) return fail(`more than ${maxNodes} values`);
    if (typeof node === 'string') {
      chars += node.length;
      if (chars > maxBytes) return fail(`larger than ${maxBytes} bytes`);
      continue;
    }
    if (node === null || typeof node !== 'object') {
      if (typeof node === 'number' || typeof node === 'boolean' || node === null) continue;
      return fail('holds a value JSON cannot');
    }
    if (depth >= maxDepth) return fail(`nested deeper than ${maxDepth} levels`);
    const isArray = Array.isArray(node);
    const proto = Object.getPrototypeOf(node) as unknown;
    if (!isArray && proto !== Object.prototype && proto !== null) return fail('holds a value JSON cannot');
    for (const key of Object.keys(node)) {
      if (FORBIDDEN_KEYS.has(key)) return fail(`has a key "${key}"`);
      chars += key.length;
      stack.push({ node: (node as Record<string, unknown>)[key], depth: depth + 1 });
    }
    if (chars > maxBytes) return fail(`larger than ${maxBytes} bytes`);
  }
  return { ok: true, value };
}

/** Milliseconds since the epoch of a date YYYYMMDD and time HHMMSS read as UTC; undefined when no such day (20240230). */
function utcOf(day: string, clock: string): number | undefined {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(4, 6)), Number(day.slice(6, 8))];
  const [hh, mm, ss] = [Number(clock.slice(0, 2)), Number(clock.slice(2, 4)), Number(clock.slice(4, 6))];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const back = new Date(Date.UTC(2000, m - 1, d, hh, mm, ss));
  back.setUTCFullYear(y, m - 1, d);
  const at = back.getTime();
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? at : undefined;
}

type Parsed = z.infer<typeof trackingEventSchema>;

/** The activity's instant: UPS's GMT date and time, else the local ones less the GMT offset; a field-naming reason otherwise. */
function occurredAtOf(p: Parsed): { at: string } | { field: string; reason: string } {
  if (p.gmtActivityDate && p.gmtActivityTime) {
    const at = utcOf(p.gmtActivityDate, p.gmtActivityTime);
    return at === undefined ? { field: 'gmtActivityDate', reason: 'is not a calendar date' } : { at: new Date(at).toISOString() };
  }
  if (p.localActivityDate && p.localActivityTime && p.gmtOffset) {
    const local = utcOf(p.localActivityDate, p.localActivityTime);
    if (local === undefined) return { field: 'localActivityDate', reason: 'is not a calendar date' };
    const sign = p.gmtOffset.startsWith('-') ? -1 : 1;
    const offsetMs = sign * (Number(p.gmtOffset.slice(1, 3)) * 60 + Number(p.gmtOffset.slice(4, 6))) * 60_000;
    // Local time = UTC + offset.
    return { at: new Date(local - offsetMs).toISOString() };
  }
  return {
    field: 'gmtActivityDate',
    reason: 'no activity time: neither gmtActivityDate and gmtActivityTime nor localActivityDate, localActivityTime and gmtOffset',
  };
}

/**
 * One pushed TrackingEventRequest (the raw body, a string or bytes, or its
 * parsed JSON) as our event of the package. Never throws for a bad body: the
 * result says which field and why.
 */
export function parseTrackAlertEvent(body: unknown): TrackAlertParseResult {
  const bounded = boundedJson(body);
  if (!bounded.ok) return bounded;
  const parsed = trackingEventSchema.safeParse(bounded.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    return { ok: false, error: new TrackAlertEventError(field, (issue?.message ?? 'unreadable').slice(0, 200)) };
  }
  const p = parsed.data;
  const when = occurredAtOf(p);
  if (!('at' in when)) return { ok: false, error: new TrackAlertEventError(when.field, when.reason) };
  const location = p.activityLocation;
  const event = upsEventOf({
    type: p.activityStatus.type,
    code: p.activityStatus.code,
    description: p.activityStatus.description,
    occurredAt: when.at,
    location: location && { city: location.city, stateProvince: location.stateProvince, countryCode: location.country },
  });
  return {
    ok: true,
    value: {
      trackingNumber: p.trackingNumber,
      event,
      transitStatus: event.status,
      ups: {
        ...(p.activityStatus.type ? { type: p.activityStatus.type } : {}),
        ...(p.activityStatus.code ? { code: p.activityStatus.code.toUpperCase() } : {}),
      },
    },
  };
}

/**
 * The idempotency key of a pushed event: the tracking number, UPS's status
 * type and code, and the instant in UTC. The same event pushed twice (or
 * pushed once with GMT, once with local time and offset) has the same key.
 */
export const trackAlertEventKey = (e: Pick<TrackAlertEvent, 'trackingNumber' | 'event' | 'ups'>): string =>
  ['UPS', e.trackingNumber, `${e.ups.type ?? '-'}/${encodeURIComponent(e.ups.code ?? '-')}`, e.event.occurredAt].join('|');

// ---------------------------------------------------------------------------
// Receiving pushes: UPS's part of the generic inbound routes (its `push` capability)

/**
 * UPS sends the client id of the token as `x-api-key` beside the bearer token
 * (the webhook's parameters); its User-Agent is a sanity check, not
 * authentication: another one is noted in the log, not refused.
 */
export const authenticateTrackAlertPush = (headers: PushHeaders, clientId: string): PushAuthentication => {
  const apiKey = headers['x-api-key'];
  if (apiKey === undefined || !sameSecret(apiKey, clientId)) return { ok: false, reason: 'x-api-key is not the client id of the token' };
  return { ok: true, warnings: headers['user-agent'] === UPS_TRACK_ALERT_USER_AGENT ? [] : ['a push with an unexpected User-Agent'] };
};

/** One pushed TrackingEventRequest as the report of its package: 413 above TRACK_ALERT_LIMITS.maxBytes, 400 with the parser's reason. */
export const readTrackAlertPush = (body: Uint8Array): PushedEvents => {
  if (body.byteLength > TRACK_ALERT_LIMITS.maxBytes) {
    const reason = `larger than ${TRACK_ALERT_LIMITS.maxBytes} bytes`;
    return { ok: false, status: 413, field: 'body', reason, message: `a Track Alert event is at most ${TRACK_ALERT_LIMITS.maxBytes} bytes` };
  }
  const parsed = parseTrackAlertEvent(body);
  if (!parsed.ok) return { ok: false, status: 400, field: parsed.error.field, reason: parsed.error.reason, message: parsed.error.message };
  const { trackingNumber, event, transitStatus } = parsed.value;
  return { ok: true, reports: [{ trackingNumber, report: { transitStatus, events: [event] }, key: trackAlertEventKey(parsed.value) }] };
};
