/**
 * Webhooks, the pure part (docs/webhooks.md): which events an order's change
 * makes, the message ids, the body, and what one delivery attempt's outcome
 * does to the delivery. No store, no clock of its own, no network.
 */
import { createHash } from 'node:crypto';
import type { Order } from './entities';

export const WEBHOOK_EVENT_TYPES = [
  'shipment.created',
  'tracking.updated',
  'shipment.cancelled',
  'manifest.created',
  'pickup.scheduled',
  'pickup.cancelled',
  'batch.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a pickup's change makes: `pickup.scheduled` when it becomes scheduled (booked, or adopted by the reconciler), `pickup.cancelled` when cancelled. */
export const eventOfPickupChange = (before: string | undefined, after: string): WebhookEventType | undefined => {
  if (after === before) return undefined;
  return after === 'scheduled' ? 'pickup.scheduled' : after === 'cancelled' ? 'pickup.cancelled' : undefined;
};

/** Endpoints a company may register. */
export const MAX_WEBHOOKS_PER_COMPANY = 10;

/**
 * Seconds to wait before each retry after a failed attempt: 7 retries after
 * the first attempt, about 27.6 hours in all. WEBHOOK_RETRY_SCHEDULE_SECONDS
 * replaces it (a demo shows retries in seconds).
 */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** Longest `Retry-After` honoured: a day. */
export const MAX_RETRY_AFTER_SECONDS = 86_400;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** Whether each type is due for this change of an order: none for a change that moves neither its status nor its events. */
export const eventsOfOrderChange = (before: Pick<Order, 'status' | 'events'> | undefined, after: Pick<Order, 'status' | 'events'>): WebhookEventType[] => {
  if (!before) return ['shipment.created'];
  if (after.status === 'cancelled' && before.status !== 'cancelled') return ['shipment.cancelled'];
  if (after.status === 'cancelled') return [];
  const newEvent = after.events.length > before.events.length || lastEventKey(after) !== lastEventKey(before);
  return after.status !== before.status || newEvent ? ['tracking.updated'] : [];
};

const lastEventKey = (order: Pick<Order, 'events'>): string => {
  const last = order.events.at(-1);
  return last ? `${last.occurredAt}|${last.code}|${last.status}` : '';
};

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const base32 = (bytes: Uint8Array, length: number): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out.padEnd(length, '0');
};

/** 10 Crockford characters of a millisecond time: ids made later sort later (as ULIDs do). */
const timePart = (ms: number): string => {
  let out = '';
  let rest = Math.max(0, Math.floor(ms));
  for (let i = 0; i < 10; i += 1) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
};

/**
 * The id of one message to one endpoint, sent as `webhook-id` on every
 * attempt and used as the delivery's id: `msg_` + 26 characters, the first 10
 * the event's time (so an endpoint's deliveries sort by time), the rest a hash
 * of what makes the message (the stream record, the endpoint, the type). The
 * same record handled twice makes the same id, so a redelivered stream batch
 * finds its deliveries already there.
 */
export const deliveryIdOf = (source: { eventAt: Date; sourceId: string; webhookId: string; type: WebhookEventType }): string =>
  `msg_${timePart(source.eventAt.getTime())}${base32(createHash('sha256').update(`${source.sourceId}\n${source.webhookId}\n${source.type}`).digest(), 16)}`;

export const DELIVERY_ID_PATTERN = /^msg_[0-9A-HJKMNP-TV-Z]{26}$/;

/** The body sent: serialised once, stored, and sent byte for byte on every attempt (the signature covers these bytes). */
export const webhookBody = (type: WebhookEventType, timestamp: Date, data: unknown): string =>
  JSON.stringify({ type, timestamp: timestamp.toISOString(), data });

/** What one attempt came to: an HTTP answer, or none (timeout, refused, address not allowed). */
export type AttemptOutcome = { kind: 'response'; status: number; retryAfterSeconds?: number } | { kind: 'failed'; reason: string };

export type DeliveryProgress = {
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt?: string;
  lastResponseStatus?: number;
  lastError?: string;
  /** The endpoint answered 410 Gone: it is disabled. */
  disableEndpoint?: boolean;
};

/**
 * The delivery after an attempt. 2xx: delivered. 410: failed, and the
 * endpoint is disabled. Anything else: retried after the schedule's next
 * delay, or the `Retry-After` the endpoint asked for when that is longer (at
 * most a day); after the last retry, failed. A manual retry (`manual`) is one
 * attempt: failed again when it fails.
 */
export const afterAttempt = (attemptsBefore: number, outcome: AttemptOutcome, now: Date, schedule: readonly number[], manual = false): DeliveryProgress => {
  const attempts = attemptsBefore + 1;
  const answered = outcome.kind === 'response' ? { lastResponseStatus: outcome.status } : { lastError: outcome.reason };
  if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) return { status: 'delivered', attempts, ...answered };
  if (outcome.kind === 'response' && outcome.status === 410) return { status: 'failed', attempts, ...answered, disableEndpoint: true };
  const retry = manual ? undefined : schedule[attemptsBefore];
  if (retry === undefined) return { status: 'failed', attempts, ...answered };
  const asked = outcome.kind === 'response' ? Math.min(outcome.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS) : 0;
  const waitSeconds = Math.max(retry, asked);
  return { status: 'pending', attempts, nextAttemptAt: new Date(now.getTime() + waitSeconds * 1000).toISOString(), ...answered };
};

/** `WEBHOOK_RETRY_SCHEDULE_SECONDS`: comma-separated whole seconds, each 0 to a day, at most 20. */
export const parseRetrySchedule = (raw: string | undefined): readonly number[] => {
  if (raw === undefined || raw.trim() === '') return DEFAULT_RETRY_SCHEDULE_SECONDS;
  const parts = raw.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length > 20 || values.some((v, i) => !/^\d{1,6}$/.test(parts[i]!) || v > MAX_RETRY_AFTER_SECONDS)) {
    throw new Error(
      `WEBHOOK_RETRY_SCHEDULE_SECONDS must be at most 20 comma-separated whole seconds from 0 to ${MAX_RETRY_AFTER_SECONDS}, got "${raw.slice(0, 80)}"`,
    );
  }
  return values;
};

/** The secret shown once at creation: `whsec_` + base64 of 32 random bytes (the form Standard Webhooks libraries take). */
export const newWebhookSecret = (random: (size: number) => Buffer): string => `whsec_${random(32).toString('base64')}`;
