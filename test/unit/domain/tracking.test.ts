import fc from 'fast-check';
import {
  applyReport,
  credibleEvents,
  CHECK_INTERVAL_MS,
  cancelledUpdate,
  EARLIEST_EVENT_AT,
  addsToOrder,
  isPushed,
  retryCheckAt,
  isCancellable,
  isStale,
  leastAdvancedStatus,
  MAX_EVENT_DESCRIPTION,
  MAX_EVENT_LOCATION,
  MAX_TRACKING_EVENTS,
  mergeEvents,
  MIN_CHECK_INTERVAL_MS,
  nextCheckAt,
  nextStatus,
  operatorReport,
  shipmentRefOf,
  toCancelResponse,
  toTrackResponse,
} from '../../../shared/domain/tracking';
import { orderSchema, type Order, type TrackingEvent, type TransitStatus } from '../../../shared/domain/entities';

const T0 = new Date('2026-11-23T15:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const order = (overrides: Partial<Order> = {}): Order =>
  orderSchema.parse({
    orderId: '11111111-1111-4111-8111-111111111111',
    companyId: 'c1',
    rateResponseId: '22222222-2222-4222-8222-222222222222',
    rateRequestId: 'r1',
    pricingGroupId: 'default',
    carrierCode: 'CARRIERX',
    serviceCode: 'GROUND',
    trackingNumber: '1ZTEST',
    pieceTrackingNumbers: ['1ZTEST'],
    trackingUrl: 'https://track.sandbox.example/CARRIERX/1ZTEST',
    status: 'pending',
    labels: [],
    price: { currency: 'CAD', total: 1000 },
    notification: { statuses: [] },
    createdDate: T0.toISOString(),
    ...overrides,
  });

const event = (status: TransitStatus, minutes: number, code: TrackingEvent['code'] = 'DEPARTED'): TrackingEvent => ({
  status,
  code,
  description: `${code} at +${minutes}`,
  occurredAt: at(minutes).toISOString(),
});

describe('status moves only forward', () => {
  it.each([
    ['pending', 'intransit', 'intransit'],
    ['pending', 'delivered', 'delivered'],
    ['intransit', 'pending', 'intransit'],
    ['intransit', 'exception', 'exception'],
    ['exception', 'intransit', 'intransit'],
    ['exception', 'pending', 'exception'],
    ['delivered', 'intransit', 'delivered'],
    ['delivered', 'exception', 'delivered'],
    ['cancelled', 'intransit', 'cancelled'],
    // Only a cancel makes an order cancelled, never a carrier report.
    ['pending', 'cancelled', 'pending'],
  ] as const)('%s reported %s stays or becomes %s', (from, reported, expected) => {
    expect(nextStatus(from, reported)).toBe(expected);
  });

  it('a final status never changes, whatever the reports (property)', () => {
    const statuses = fc.constantFrom<TransitStatus>('pending', 'intransit', 'delivered', 'cancelled', 'exception');
    fc.assert(
      fc.property(fc.constantFrom<TransitStatus>('delivered', 'cancelled'), fc.array(statuses), (start, reports) => {
        expect(reports.reduce(nextStatus, start)).toBe(start);
      }),
    );
  });
});

describe('only a shipment not yet picked up can be cancelled', () => {
  it.each([
    ['pending', true],
    ['intransit', false],
    ['exception', false],
    ['delivered', false],
    ['cancelled', false],
  ] as const)('%s: %s', (status, expected) => expect(isCancellable(status)).toBe(expected));
});

describe('events', () => {
  it('merge without duplicates, newest first', () => {
    const stored = [event('intransit', 60, 'PICKED_UP'), event('pending', 0, 'LABEL_CREATED')];
    const reported = [event('intransit', 120), event('intransit', 60, 'PICKED_UP'), event('pending', 0, 'LABEL_CREATED')];
    expect(mergeEvents(stored, reported).map((e) => e.code)).toEqual(['DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
  });

  it(`keep at most ${MAX_TRACKING_EVENTS}, the newest, however many a carrier reports`, () => {
    const many = Array.from({ length: 10_000 }, (_, i) => event('intransit', i));
    const merged = mergeEvents([], many);
    expect(merged).toHaveLength(MAX_TRACKING_EVENTS);
    expect(merged[0]!.occurredAt).toBe(at(9_999).toISOString());
    expect(merged[MAX_TRACKING_EVENTS - 1]!.occurredAt).toBe(at(10_000 - MAX_TRACKING_EVENTS).toISOString());
  });
});

describe('a report moves the order', () => {
  it('to the status of the newest event, and says it changed', () => {
    const update = applyReport(
      order(),
      { transitStatus: 'intransit', events: [event('intransit', 60, 'PICKED_UP'), event('pending', 0, 'LABEL_CREATED')] },
      at(90),
      1,
    );
    expect(update).toMatchObject({ status: 'intransit', changed: true, updated: at(90).toISOString(), lastCheckedAt: at(90).toISOString() });
    expect(update.events).toHaveLength(2);
  });

  it('keeps `updated` when the status stays (a check that found nothing new)', () => {
    const o = order({ status: 'intransit', updated: at(60).toISOString(), events: [event('intransit', 60, 'PICKED_UP')] });
    const update = applyReport(o, { transitStatus: 'intransit', events: [event('intransit', 60, 'PICKED_UP')] }, at(120), 1);
    expect(update).toMatchObject({ status: 'intransit', changed: false, updated: at(60).toISOString(), lastCheckedAt: at(120).toISOString() });
  });

  it('an event dated more than a day ahead is not taken: it cannot outrank the delivery reported after it', () => {
    const o = order({ status: 'intransit', events: [event('intransit', 60, 'PICKED_UP')] });
    const year9999: TrackingEvent = { ...event('intransit', 0, 'ARRIVED'), occurredAt: '9999-12-31T15:15:00.000Z' };
    const first = applyReport(o, { transitStatus: 'intransit', events: [year9999] }, at(90), 1);
    expect(first.events.map((e) => e.occurredAt)).toEqual([at(60).toISOString()]);
    const delivered = applyReport(
      order({ status: first.status, events: first.events }),
      { transitStatus: 'delivered', events: [event('delivered', 100, 'DELIVERED')] },
      at(110),
      1,
    );
    expect(delivered.status).toBe('delivered');
    // Within a day ahead (a local time read as UTC, clock skew) it is taken.
    const soon = applyReport(o, { transitStatus: 'intransit', events: [event('intransit', 90 + 23 * 60, 'ARRIVED')] }, at(90), 1);
    expect(soon.events).toHaveLength(2);
    expect(credibleEvents([event('intransit', 90 + 24 * 60 + 1, 'ARRIVED')], at(90))).toEqual([]);
  });

  it(`an event dated before ${new Date(EARLIEST_EVENT_AT).toISOString()} is not taken: year 0000, the epoch and the like are a wrong clock or field`, () => {
    const o = order({ status: 'intransit', events: [event('intransit', 60, 'PICKED_UP')] });
    const dated = (occurredAt: string): TrackingEvent => ({ ...event('intransit', 0, 'ARRIVED'), occurredAt });
    for (const occurredAt of ['0000-01-01T00:00:00.000Z', '-000001-12-31T00:00:00.000Z', '1970-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z']) {
      expect(applyReport(o, { transitStatus: 'intransit', events: [dated(occurredAt)] }, at(90), 1).events.map((e) => e.occurredAt)).toEqual([
        at(60).toISOString(),
      ]);
    }
    expect(credibleEvents([dated('2000-01-01T00:00:00.000Z')], at(90))).toHaveLength(1);
  });

  it('a report whose every event is refused for its date moves nothing, even an order with no event yet', () => {
    for (const occurredAt of ['0000-01-01T00:00:00.000Z', '9999-12-31T15:15:00.000Z']) {
      const delivered: TrackingEvent = { ...event('delivered', 0, 'DELIVERED'), occurredAt };
      expect(applyReport(order(), { transitStatus: 'delivered', events: [delivered] }, at(90), 1)).toMatchObject({
        status: 'pending',
        events: [],
        changed: false,
      });
    }
  });

  it("a carrier's long text is cut to what an order keeps, short text is kept as it is", () => {
    const long: TrackingEvent = { ...event('intransit', 60, 'ARRIVED'), description: 'd'.repeat(60_000), location: 'l'.repeat(5_000) };
    const short = event('intransit', 30, 'PICKED_UP');
    const [cut, kept] = applyReport(order(), { transitStatus: 'intransit', events: [long, { ...short, location: 'Toronto, ON, CA' }] }, at(90), 1).events;
    expect(cut!.description).toHaveLength(MAX_EVENT_DESCRIPTION);
    expect(cut!.description.endsWith('…')).toBe(true);
    expect(cut!.location).toHaveLength(MAX_EVENT_LOCATION);
    expect(kept).toEqual({ ...short, location: 'Toronto, ON, CA' });
    // Emoji (two UTF-16 units each) are never cut in half: no lone surrogate is kept.
    for (const prefix of ['', 'x']) {
      const emoji: TrackingEvent = { ...long, description: prefix + '📦'.repeat(MAX_EVENT_DESCRIPTION), location: prefix + '📍'.repeat(MAX_EVENT_LOCATION) };
      const [e] = applyReport(order(), { transitStatus: 'intransit', events: [emoji] }, at(90), 1).events;
      for (const text of [e!.description, e!.location!]) {
        expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        expect(text.endsWith('…')).toBe(true);
      }
      expect(e!.description.length).toBeLessThanOrEqual(MAX_EVENT_DESCRIPTION);
      expect(e!.description.length).toBeGreaterThanOrEqual(MAX_EVENT_DESCRIPTION - 1);
    }
    // A full order of such events stays far below DynamoDB's 400 KB item.
    const many = Array.from({ length: MAX_TRACKING_EVENTS + 5 }, (_, i) => ({ ...long, occurredAt: at(i).toISOString() }));
    expect(JSON.stringify(applyReport(order(), { transitStatus: 'intransit', events: many }, at(200), 1).events).length).toBeLessThan(40_000);
  });

  it("an operator's exception stays until the carrier reports something newer", () => {
    const advanced = applyReport(
      order({ status: 'intransit', events: [event('intransit', 60, 'PICKED_UP')] }),
      operatorReport('exception', at(100)),
      at(100),
      1,
    );
    const o = order({ status: advanced.status, events: advanced.events });
    // The carrier knows only the older pickup: the exception stays.
    expect(applyReport(o, { transitStatus: 'intransit', events: [event('intransit', 60, 'PICKED_UP')] }, at(110), 1).status).toBe('exception');
    // The carrier reports a newer scan: the exception has cleared.
    expect(applyReport(o, { transitStatus: 'intransit', events: [event('intransit', 130, 'ARRIVED')] }, at(140), 1).status).toBe('intransit');
  });

  it('never back to pending, and delivered is final', () => {
    expect(applyReport(order({ status: 'intransit' }), { transitStatus: 'pending', events: [event('pending', 500, 'LABEL_CREATED')] }, at(600), 1).status).toBe(
      'intransit',
    );
    const delivered = applyReport(order({ status: 'delivered' }), { transitStatus: 'intransit', events: [event('intransit', 900)] }, at(901), 1);
    expect(delivered).toMatchObject({ status: 'delivered', changed: false, nextCheckAt: undefined });
  });

  it('without events, the reported status counts', () => {
    expect(applyReport(order(), { transitStatus: 'intransit', events: [] }, at(1), 1).status).toBe('intransit');
  });
});

describe('the next check', () => {
  const due = (o: Parameters<typeof nextCheckAt>[0], now: Date, pace = 1) => Date.parse(nextCheckAt(o, now, pace)!) - now.getTime();

  it('comes sooner when out for delivery, later in transit, rarely while pending and very rarely once idle for a week', () => {
    const base = { createdDate: T0.toISOString() };
    expect(due({ ...base, status: 'intransit', events: [event('intransit', 0, 'OUT_FOR_DELIVERY')] }, at(1))).toBe(CHECK_INTERVAL_MS.outForDelivery);
    expect(due({ ...base, status: 'intransit', events: [event('intransit', 0)] }, at(1))).toBe(CHECK_INTERVAL_MS.intransit);
    expect(due({ ...base, status: 'exception', events: [] }, at(1))).toBe(CHECK_INTERVAL_MS.exception);
    expect(due({ ...base, status: 'pending', events: [] }, at(1))).toBe(CHECK_INTERVAL_MS.pending);
    expect(due({ ...base, status: 'pending', events: [] }, at(8 * 24 * 60))).toBe(CHECK_INTERVAL_MS.idle);
  });

  it('shrinks with the sandbox pace, never below the minimum', () => {
    const o = { createdDate: T0.toISOString(), status: 'intransit' as const, events: [] };
    expect(due(o, at(1), 60)).toBe(CHECK_INTERVAL_MS.intransit / 60);
    expect(due(o, at(1), 1_000_000)).toBe(MIN_CHECK_INTERVAL_MS);
  });

  it('after a failed check: due again after the retry interval, whatever the status', () => {
    expect(retryCheckAt(at(10), 1)).toBe(new Date(at(10).getTime() + CHECK_INTERVAL_MS.retry).toISOString());
    expect(retryCheckAt(at(10), 1_000_000)).toBe(new Date(at(10).getTime() + MIN_CHECK_INTERVAL_MS).toISOString());
  });

  it('while the carrier pushes: a slow safety poll, never sooner than the status asks', () => {
    const base = { createdDate: T0.toISOString() };
    const pushed = (o: Parameters<typeof nextCheckAt>[0]) => Date.parse(nextCheckAt(o, at(1), 1, { pushed: true })!) - at(1).getTime();
    expect(pushed({ ...base, status: 'intransit', events: [event('intransit', 0, 'OUT_FOR_DELIVERY')] })).toBe(CHECK_INTERVAL_MS.pushed);
    expect(pushed({ ...base, status: 'pending', events: [] })).toBe(CHECK_INTERVAL_MS.pushed);
    expect(Date.parse(nextCheckAt({ ...base, status: 'pending', events: [] }, at(8 * 24 * 60), 1, { pushed: true })!) - at(8 * 24 * 60).getTime()).toBe(
      CHECK_INTERVAL_MS.idle,
    );
    const seen = at(1).toISOString();
    expect(isPushed({ pushedUntil: at(5).toISOString(), pushSeenAt: seen }, at(4))).toBe(true);
    expect(isPushed({ pushedUntil: at(5).toISOString(), pushSeenAt: seen }, at(5))).toBe(false);
    // Subscribed, but no push has arrived yet: nothing shows the carrier can reach us.
    expect(isPushed({ pushedUntil: at(5).toISOString() }, at(4))).toBe(false);
    expect(isPushed({ pushSeenAt: seen }, at(4))).toBe(false);
    expect(isPushed(undefined, at(5))).toBe(false);
  });

  it('a report adds to the order when it brings a status or an event the order lacks', () => {
    const o = order({ status: 'intransit', events: [event('intransit', 1)] });
    expect(addsToOrder(o, { status: 'intransit', events: [event('intransit', 1)] })).toBe(false);
    expect(addsToOrder(o, { status: 'delivered', events: [event('intransit', 1)] })).toBe(true);
    expect(addsToOrder(o, { status: 'intransit', events: [event('intransit', 2), event('intransit', 1)] })).toBe(true);
    expect(addsToOrder(o, { status: 'intransit', events: [event('intransit', 2)] })).toBe(true);
  });

  it('is none once final', () => {
    expect(nextCheckAt({ createdDate: T0.toISOString(), status: 'delivered', events: [] }, at(1), 1)).toBeUndefined();
    expect(nextCheckAt({ createdDate: T0.toISOString(), status: 'cancelled', events: [] }, at(1), 1)).toBeUndefined();
  });

  it('an order is stale when never checked or due, never when final', () => {
    expect(isStale(order(), at(1))).toBe(true);
    expect(isStale(order({ lastCheckedAt: at(0).toISOString(), nextCheckAt: at(10).toISOString() }), at(5))).toBe(false);
    expect(isStale(order({ lastCheckedAt: at(0).toISOString(), nextCheckAt: at(10).toISOString() }), at(10))).toBe(true);
    expect(isStale(order({ status: 'delivered' }), at(10))).toBe(false);
  });
});

describe('responses', () => {
  it('track shows status, events newest first, freshness and the tracking link', () => {
    const o = order({
      status: 'intransit',
      events: [event('intransit', 60, 'PICKED_UP')],
      updated: at(60).toISOString(),
      lastCheckedAt: at(61).toISOString(),
      nextCheckAt: at(121).toISOString(),
      commitment: { commitDate: '2026-11-25', commitTime: '17:00', timezoneCode: 'UTC', guaranteed: true },
    });
    expect(toTrackResponse(o)).toEqual({
      orderId: o.orderId,
      trackingNumber: '1ZTEST',
      carrier: 'CARRIERX',
      transitStatus: 'intransit',
      updated: at(60).toISOString(),
      events: [{ status: 'intransit', code: 'PICKED_UP', description: 'PICKED_UP at +60', location: null, occurredAt: at(60).toISOString() }],
      lastCheckedAt: at(61).toISOString(),
      nextCheckAt: at(121).toISOString(),
      estimatedDelivery: { date: '2026-11-25', time: '17:00', guaranteed: true },
      metadata: { trackingUrl: 'https://track.sandbox.example/CARRIERX/1ZTEST' },
      // An order stored without a mode (before modes) is live.
      mode: 'live',
      manifest: null,
    });
  });

  it("a test order's answers say so", () => {
    const o = order({ mode: 'test', status: 'cancelled', cancelledAt: at(5).toISOString() });
    expect(toTrackResponse(o).mode).toBe('test');
    expect(toCancelResponse(o).mode).toBe('test');
    expect(orderSchema.parse({ ...o, mode: 'test' }).mode).toBe('test');
    expect(() => orderSchema.parse({ ...o, mode: 'sandbox' })).toThrow();
  });

  it('an order never checked says so with nulls', () => {
    expect(toTrackResponse(order())).toMatchObject({ lastCheckedAt: null, events: [], transitStatus: 'pending', updated: T0.toISOString() });
  });

  it('a cancel adds a CANCELLED event, leaves the index (no next check) and answers cancelled', () => {
    const update = cancelledUpdate(order({ lastCheckedAt: at(1).toISOString() }), at(5));
    expect(update).toMatchObject({ status: 'cancelled', updated: at(5).toISOString(), lastCheckedAt: at(1).toISOString() });
    expect(update.nextCheckAt).toBeUndefined();
    expect(update.events[0]).toMatchObject({ status: 'cancelled', code: 'CANCELLED' });
    expect(toCancelResponse(order({ status: 'cancelled', cancelledAt: at(5).toISOString() }))).toEqual({
      orderId: '11111111-1111-4111-8111-111111111111',
      status: 'cancelled',
      cancelledAt: at(5).toISOString(),
      mode: 'live',
    });
  });

  it('the carrier is asked about the shipment by its reference, tracking number and the shipment id it issued', () => {
    expect(shipmentRefOf(order({ carrierShipmentId: 'SHIP-1' }))).toEqual({
      reference: '22222222-2222-4222-8222-222222222222',
      trackingNumber: '1ZTEST',
      shipmentId: 'SHIP-1',
    });
    expect(shipmentRefOf(order())).toEqual({ reference: '22222222-2222-4222-8222-222222222222', trackingNumber: '1ZTEST' });
  });

  it('an order of several packages names every package, in piece order', () => {
    expect(shipmentRefOf(order({ pieceTrackingNumbers: ['1ZTEST', '1ZTEST2', '1ZTEST3'] }))).toEqual({
      reference: '22222222-2222-4222-8222-222222222222',
      trackingNumber: '1ZTEST',
      pieceTrackingNumbers: ['1ZTEST', '1ZTEST2', '1ZTEST3'],
    });
  });

  it.each<[TransitStatus[], TransitStatus]>([
    [['delivered', 'intransit', 'delivered'], 'intransit'],
    [['intransit', 'pending'], 'pending'],
    [['delivered', 'delivered'], 'delivered'],
    [['pending', 'exception', 'delivered'], 'exception'],
    [['intransit'], 'intransit'],
  ])('the order of several parcels is as far as its least advanced one: %j → %s', (statuses, expected) => {
    expect(leastAdvancedStatus(statuses)).toBe(expected);
  });
});
