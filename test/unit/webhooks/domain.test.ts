/** The pure part of webhooks: which change makes which event, message ids, and what an attempt's outcome does. */
import {
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  DELIVERY_ID_PATTERN,
  MAX_RETRY_AFTER_SECONDS,
  afterAttempt,
  deliveryIdOf,
  eventsOfOrderChange,
  newWebhookSecret,
  parseRetrySchedule,
  webhookBody,
} from '../../../shared/domain/webhooks';

const event = (status: string, occurredAt: string, code = 'X') => ({ status, code, description: 'd', occurredAt }) as never;
const order = (status: string, events: unknown[] = []) => ({ status, events }) as never;

describe('eventsOfOrderChange', () => {
  it('makes shipment.created for a new order', () => expect(eventsOfOrderChange(undefined, order('pending'))).toEqual(['shipment.created']));
  it('makes shipment.cancelled, and only it, when an order is cancelled', () =>
    expect(eventsOfOrderChange(order('pending'), order('cancelled', [event('cancelled', '2026-11-24T10:00:00Z', 'CANCELLED')]))).toEqual([
      'shipment.cancelled',
    ]));
  it('makes nothing more once cancelled', () => expect(eventsOfOrderChange(order('cancelled'), order('cancelled'))).toEqual([]));
  it('makes tracking.updated on a status change', () => expect(eventsOfOrderChange(order('pending'), order('intransit'))).toEqual(['tracking.updated']));
  it('makes tracking.updated on a new event with the same status', () =>
    expect(
      eventsOfOrderChange(
        order('intransit', [event('intransit', '2026-11-24T10:00:00Z')]),
        order('intransit', [event('intransit', '2026-11-24T10:00:00Z'), event('intransit', '2026-11-24T12:00:00Z')]),
      ),
    ).toEqual(['tracking.updated']));
  it('makes tracking.updated when the newest event changed although the count stayed (events are capped)', () =>
    expect(
      eventsOfOrderChange(order('intransit', [event('intransit', '2026-11-24T10:00:00Z')]), order('intransit', [event('intransit', '2026-11-24T11:00:00Z')])),
    ).toEqual(['tracking.updated']));
  it('makes nothing for a check that found nothing new', () =>
    expect(
      eventsOfOrderChange(order('intransit', [event('intransit', '2026-11-24T10:00:00Z')]), order('intransit', [event('intransit', '2026-11-24T10:00:00Z')])),
    ).toEqual([]));
});

describe('deliveryIdOf', () => {
  const base = { eventAt: new Date('2026-11-24T10:00:00Z'), sourceId: 'order:seq1', webhookId: 'w1', type: 'shipment.created' as const };
  it('is msg_ and 26 Crockford characters', () => expect(deliveryIdOf(base)).toMatch(DELIVERY_ID_PATTERN));
  it('is the same for the same record, endpoint and type', () => expect(deliveryIdOf({ ...base })).toBe(deliveryIdOf(base)));
  it('differs by endpoint, record and type', () => {
    const ids = new Set([
      deliveryIdOf(base),
      deliveryIdOf({ ...base, webhookId: 'w2' }),
      deliveryIdOf({ ...base, sourceId: 'order:seq2' }),
      deliveryIdOf({ ...base, type: 'tracking.updated' }),
    ]);
    expect(ids.size).toBe(4);
  });
  it('sorts by time: a later event has a greater id', () => {
    const later = deliveryIdOf({ ...base, eventAt: new Date('2026-11-24T10:00:01Z'), sourceId: 'zzz' });
    expect(later > deliveryIdOf(base)).toBe(true);
  });
  it('survives year 9999 and the epoch', () => {
    expect(deliveryIdOf({ ...base, eventAt: new Date('9999-12-31T23:59:59Z') })).toMatch(DELIVERY_ID_PATTERN);
    expect(deliveryIdOf({ ...base, eventAt: new Date(0) })).toMatch(DELIVERY_ID_PATTERN);
  });
});

describe('webhookBody', () => {
  it('is {type, timestamp, data}, numbers kept as they are', () => {
    const body = webhookBody('shipment.created', new Date('2026-11-24T10:00:00Z'), { amount: 136.5 });
    expect(JSON.parse(body)).toEqual({ type: 'shipment.created', timestamp: '2026-11-24T10:00:00.000Z', data: { amount: 136.5 } });
  });
});

describe('afterAttempt', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const schedule = [5, 300];
  it('2xx: delivered', () =>
    expect(afterAttempt(0, { kind: 'response', status: 204 }, now, schedule)).toEqual({ status: 'delivered', attempts: 1, lastResponseStatus: 204 }));
  it('410: failed and the endpoint disabled, whatever attempts remain', () =>
    expect(afterAttempt(0, { kind: 'response', status: 410 }, now, schedule)).toEqual({
      status: 'failed',
      attempts: 1,
      lastResponseStatus: 410,
      disableEndpoint: true,
    }));
  it('500: retried after the next delay of the schedule', () =>
    expect(afterAttempt(1, { kind: 'response', status: 500 }, now, schedule)).toEqual({
      status: 'pending',
      attempts: 2,
      lastResponseStatus: 500,
      nextAttemptAt: '2026-11-24T10:05:00.000Z',
    }));
  it('a 3xx is not followed: retried', () => expect(afterAttempt(0, { kind: 'response', status: 302 }, now, schedule).status).toBe('pending'));
  it('no answer: retried, with the reason', () =>
    expect(afterAttempt(0, { kind: 'failed', reason: 'timeout' }, now, schedule)).toEqual({
      status: 'pending',
      attempts: 1,
      lastError: 'timeout',
      nextAttemptAt: '2026-11-24T10:00:05.000Z',
    }));
  it('honours a longer Retry-After, at most a day', () => {
    expect(afterAttempt(0, { kind: 'response', status: 429, retryAfterSeconds: 60 }, now, schedule).nextAttemptAt).toBe('2026-11-24T10:01:00.000Z');
    expect(afterAttempt(0, { kind: 'response', status: 429, retryAfterSeconds: 1e9 }, now, schedule).nextAttemptAt).toBe(
      new Date(now.getTime() + MAX_RETRY_AFTER_SECONDS * 1000).toISOString(),
    );
    // A shorter one does not hurry the schedule.
    expect(afterAttempt(1, { kind: 'response', status: 503, retryAfterSeconds: 1 }, now, schedule).nextAttemptAt).toBe('2026-11-24T10:05:00.000Z');
  });
  it('fails after the last retry', () =>
    expect(afterAttempt(2, { kind: 'response', status: 500 }, now, schedule)).toEqual({ status: 'failed', attempts: 3, lastResponseStatus: 500 }));
  it('a manual retry is one attempt', () => expect(afterAttempt(8, { kind: 'response', status: 500 }, now, schedule, true).status).toBe('failed'));
  it('the default schedule spans about a day', () => {
    const total = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
    expect(total / 3600).toBeGreaterThan(24);
    expect(total / 3600).toBeLessThan(30);
  });
});

describe('parseRetrySchedule', () => {
  it('takes comma-separated whole seconds', () => expect(parseRetrySchedule(' 1, 2 ,3')).toEqual([1, 2, 3]));
  it('defaults when unset or blank', () => {
    expect(parseRetrySchedule(undefined)).toBe(DEFAULT_RETRY_SCHEDULE_SECONDS);
    expect(parseRetrySchedule('  ')).toBe(DEFAULT_RETRY_SCHEDULE_SECONDS);
  });
  it.each(['1,,2', '-1', '1.5', 'abc', '86401', Array.from({ length: 21 }, () => '1').join(','), '1e3'])('refuses %s', (raw) =>
    expect(() => parseRetrySchedule(raw)).toThrow(/WEBHOOK_RETRY_SCHEDULE_SECONDS/),
  );
});

describe('newWebhookSecret', () => {
  it('is whsec_ and base64 of 32 bytes', () => {
    const secret = newWebhookSecret(() => Buffer.alloc(32, 7));
    expect(secret).toBe(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });
});
