/**
 * The sandbox journey (shared/carriers/sandbox/tracking.ts): a pure function
 * of carrier, shipment, pace and now.
 */
import fc from 'fast-check';
import { locationOf, sandboxJourney } from '../../../shared/carriers/sandbox/tracking';
import { CarrierError, type CarrierTracking, type TransitStatus } from '../../../shared/domain/carrier';
import { at, journeyFacts, LATER, SHIPPED_AT, TIMETABLE } from './tracking-fixtures';

const journey = (
  now: Date,
  overrides: Parameters<typeof journeyFacts>[1] = {},
  pace = 1,
  carrierCode: 'CARRIERX' | 'CARRIERY' | 'CARRIERZ' | 'CARRIERF' = 'CARRIERX',
) => sandboxJourney(carrierCode, journeyFacts(carrierCode, overrides), pace, now);

const oldestFirst = (tracking: CarrierTracking) => [...tracking.events].reverse();
const codes = (tracking: CarrierTracking) => tracking.events.map((e) => e.code);
const when = (tracking: CarrierTracking, code: string) => tracking.events.find((e) => e.code === code)?.occurredAt;
const RANK: Record<TransitStatus, number> = { pending: 0, intransit: 1, delivered: 2, cancelled: 3, exception: 3 };

describe('the journey of a shipment', () => {
  it('goes label, pickup, departure, arrival, out for delivery, delivery, at the times of its timetable', () => {
    const events = oldestFirst(journey(LATER));
    expect(events.map((e) => [e.code, e.status, e.occurredAt])).toEqual(TIMETABLE.map((row) => [...row]));
  });

  it("lists the events newest first, and its status is the newest event's", () => {
    const tracking = journey(LATER);
    expect(codes(tracking)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'ARRIVED', 'DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
    const times = tracking.events.map((e) => Date.parse(e.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(tracking.transitStatus).toBe('delivered');
  });

  it('is delivered exactly at the commitment at pace 1 (commitTime read as UTC)', () => {
    expect(when(journey(LATER), 'DELIVERED')).toBe('2025-06-04T10:30:00.000Z');
    const other = journey(LATER, { commitment: { commitDate: '2025-06-10', commitTime: '23:59', timezoneCode: 'PT', guaranteed: true } });
    expect(when(other, 'DELIVERED')).toBe('2025-06-10T23:59:00.000Z');
  });

  it('delivered is final: nothing follows it, however late the question', () => {
    const tracking = journey(at('9999-12-31T23:59:59.999Z'));
    expect(tracking.events).toHaveLength(6);
    expect(tracking.events[0]?.code).toBe('DELIVERED');
  });

  it('shows nothing after now', () => {
    expect(codes(journey(at('2025-06-04T03:59:59.999Z')))).toEqual(['DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
    expect(journey(at('2025-06-04T03:59:59.999Z')).transitStatus).toBe('intransit');
    expect(codes(journey(at('2025-06-04T04:00:00.000Z')))[0]).toBe('ARRIVED');
    expect(journey(at('2025-06-04T10:29:59.999Z')).transitStatus).toBe('intransit');
  });

  it('is pending with the label only until pickup, and empty before the label exists', () => {
    expect(journey(at(SHIPPED_AT))).toMatchObject({ transitStatus: 'pending', events: [{ code: 'LABEL_CREATED', status: 'pending' }] });
    expect(journey(at('2025-06-02T15:59:59.999Z')).events).toHaveLength(1);
    expect(journey(at('2025-06-02T12:59:59.999Z'))).toEqual({ trackingNumber: journeyFacts().trackingNumber, transitStatus: 'pending', events: [] });
  });

  it('statuses never go back: pending, then in transit, then delivered', () => {
    const ranks = oldestFirst(journey(LATER)).map((e) => RANK[e.status]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
  });
});

describe('pace', () => {
  it('at 1440 the same journey is compressed: every offset from shippedAt divided by 1440', () => {
    const shipped = Date.parse(SHIPPED_AT);
    const expected = TIMETABLE.map(([code, status, iso]) => [code, status, new Date(shipped + (Date.parse(iso) - shipped) / 1440).toISOString()]);
    expect(oldestFirst(journey(LATER, {}, 1440)).map((e) => [e.code, e.status, e.occurredAt])).toEqual(expected);
  });

  it('at 1440 a two-day transit is delivered within minutes', () => {
    expect(journey(at('2025-06-02T13:01:00.000Z'), {}, 1440).transitStatus).toBe('intransit');
    expect(journey(at('2025-06-02T13:02:00.000Z'), {}, 1440).transitStatus).toBe('delivered');
    expect(journey(at('2025-06-02T13:02:00.000Z'), {}, 1).transitStatus).toBe('pending');
  });

  it('must be a positive number', () => {
    expect(() => journey(LATER, {}, 0)).toThrow(RangeError);
    expect(() => journey(LATER, {}, Number.NaN)).toThrow(RangeError);
  });
});

describe('pickup', () => {
  // 2025-06-06 is a Friday, 2025-06-09 a Monday.
  it.each([
    ['3 h after the label within the round', '2025-06-04T14:59:00Z', '2025-06-04T17:59:00.000Z'],
    ['at the round opening when 3 h later is before it', '2025-06-04T05:00:00Z', '2025-06-04T09:00:00.000Z'],
    ['at the round opening exactly', '2025-06-04T06:00:00Z', '2025-06-04T09:00:00.000Z'],
    ['the next business day when 3 h later is in the evening', '2025-06-04T15:00:00Z', '2025-06-05T09:00:00.000Z'],
    ['on Monday when Friday evening', '2025-06-06T16:00:00Z', '2025-06-09T09:00:00.000Z'],
    ['on Monday when Saturday', '2025-06-07T10:00:00Z', '2025-06-09T09:00:00.000Z'],
    ['on Monday when late Sunday (3 h later is Monday night)', '2025-06-08T23:00:00Z', '2025-06-09T09:00:00.000Z'],
    ['from a label time with an offset', '2025-06-06T10:00:00-04:00', '2025-06-06T17:00:00.000Z'],
  ])('comes %s', (_, shippedAt, pickedUpAt) => {
    expect(when(journey(LATER, { shippedAt, commitment: null }), 'PICKED_UP')).toBe(pickedUpAt);
  });
});

describe('delivery', () => {
  it('without a commitment: 17:00 three business days after pickup', () => {
    // Picked up Monday 09:00 after a Friday-evening label: delivered Thursday.
    expect(when(journey(LATER, { shippedAt: '2025-06-06T16:00:00Z', commitment: null }), 'DELIVERED')).toBe('2025-06-12T17:00:00.000Z');
  });

  it('out for delivery the morning of the delivery day, arrival before it', () => {
    const tracking = journey(LATER, { commitment: { commitDate: '2025-06-05', commitTime: '12:00', timezoneCode: 'ET', guaranteed: false } });
    expect(when(tracking, 'ARRIVED')).toBe('2025-06-05T04:00:00.000Z');
    expect(when(tracking, 'OUT_FOR_DELIVERY')).toBe('2025-06-05T07:00:00.000Z');
  });

  it('same day: the legs are spread evenly between pickup and the commitment', () => {
    const tracking = journey(LATER, {
      shippedAt: '2025-06-02T08:00:00Z',
      commitment: { commitDate: '2025-06-02', commitTime: '19:00', timezoneCode: 'ET', guaranteed: true },
    });
    expect(oldestFirst(tracking).map((e) => e.occurredAt.slice(11, 16))).toEqual(['08:00', '11:00', '13:00', '15:00', '17:00', '19:00']);
  });

  it('a commitment the pickup already missed is delivered late, 6 h after pickup, still in order', () => {
    const tracking = journey(LATER, { commitment: { commitDate: '2025-05-30', commitTime: '10:30', timezoneCode: 'ET', guaranteed: false } });
    expect(when(tracking, 'DELIVERED')).toBe('2025-06-02T22:00:00.000Z');
    expect(codes(tracking)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'ARRIVED', 'DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
  });
});

describe('locations and descriptions', () => {
  it('origin for pickup and departure, destination after; none for the label', () => {
    const tracking = journey(LATER);
    expect(Object.fromEntries(tracking.events.map((e) => [e.code, e.location]))).toEqual({
      LABEL_CREATED: undefined,
      PICKED_UP: 'Toronto, ON, CA',
      DEPARTED: 'Toronto, ON, CA',
      ARRIVED: 'London, GB',
      OUT_FOR_DELIVERY: 'London, GB',
      DELIVERED: 'London, GB',
    });
    expect(tracking.events.find((e) => e.code === 'LABEL_CREATED')).not.toHaveProperty('location');
  });

  it('"City, PR, CC", leaving out the province when absent', () => {
    expect(locationOf({ city: 'Montréal', provinceCode: 'QC', countryCode: 'CA' })).toBe('Montréal, QC, CA');
    expect(locationOf({ city: 'Berlin', countryCode: 'DE' })).toBe('Berlin, DE');
    expect(locationOf({ city: ' ', countryCode: 'DE' })).toBe('DE');
  });

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'] as const)('%s names itself when the label is created, in plain words', (carrierCode) => {
    const tracking = journey(LATER, {}, 1, carrierCode);
    expect(tracking.events.at(-1)?.description).toBe(`Shipment information sent to ${carrierCode}`);
    for (const event of tracking.events) expect(event.description).toMatch(/^[A-Z][\w ',-]+$/);
  });
});

describe('dates the carrier cannot use', () => {
  it.each([
    ['words', 'yesterday'],
    ['an empty string', ''],
    ['a date without a time', '2025-06-02'],
    ['a day that does not exist', '2025-02-30T10:00:00Z'],
    ['a time without a zone', '2025-06-02T10:00:00'],
    ['year 10000', '+010000-01-01T00:00:00Z'],
    ['before year 0000', '0000-01-01T00:00:00+01:00'],
  ])('a ship time of %s is a CarrierError, not a crash', (_, shippedAt) => {
    expect(() => journey(LATER, { shippedAt })).toThrow(CarrierError);
    expect(() => journey(LATER, { shippedAt })).toThrow(/CARRIERX cannot read the ship time/);
  });

  it.each([
    ['a month 13', { commitDate: '2025-13-01', commitTime: '10:30' }],
    ['a date-time as date', { commitDate: '2025-06-04T10:30', commitTime: '10:30' }],
    ['hour 24', { commitDate: '2025-06-04', commitTime: '24:00' }],
    ['a one-digit hour', { commitDate: '2025-06-04', commitTime: '7:00' }],
  ])('a commitment with %s is a CarrierError', (_, parts) => {
    expect(() => journey(LATER, { commitment: { ...parts, timezoneCode: 'ET', guaranteed: false } })).toThrow(/cannot read the commitment/);
  });

  it('a ship time late in year 9999 stays cheap and shows only what happens within the sandbox calendar', () => {
    const started = performance.now();
    const tracking = journey(at('9999-12-31T23:59:59.999Z'), { shippedAt: '9999-12-31T10:00:00Z', commitment: null });
    expect(codes(tracking)).toEqual(['DEPARTED', 'PICKED_UP', 'LABEL_CREATED']);
    const beyond = journey(at('9999-12-31T23:59:59.999Z'), {
      shippedAt: '9999-12-31T23:59:59.999Z',
      commitment: { commitDate: '9999-12-31', commitTime: '23:59', timezoneCode: 'ET', guaranteed: false },
    });
    expect(codes(beyond)).toEqual(['LABEL_CREATED']);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('a commitment ten (or thousands of) years away costs what a two-day one does', () => {
    const started = performance.now();
    for (const commitDate of ['2035-06-04', '9999-12-31']) {
      const tracking = journey(LATER, { commitment: { commitDate, commitTime: '10:30', timezoneCode: 'ET', guaranteed: false } });
      if (commitDate === '2035-06-04') expect(when(tracking, 'DELIVERED')).toBe('2035-06-04T10:30:00.000Z');
      else expect(tracking.transitStatus).toBe('intransit');
    }
    expect(journey(LATER, { shippedAt: '0000-01-03T12:00:00Z', commitment: null }).transitStatus).toBe('delivered');
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('for any readable shipment, pace and now', () => {
  const instant = fc.integer({ min: Date.parse('0000-01-01T00:00:00Z'), max: Date.parse('9999-12-31T23:59:59.999Z') });
  const commitment = fc.option(
    fc.record({
      commitDate: fc
        .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      commitTime: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      timezoneCode: fc.constant('ET'),
      guaranteed: fc.boolean(),
    }),
    { nil: null },
  );

  it('events are newest first, statuses never go back, nothing is after now, and it never throws', () => {
    fc.assert(
      fc.property(instant, commitment, fc.integer({ min: 1, max: 1_000_000 }), instant, (shipped, commitment, pace, now) => {
        const tracking = journey(new Date(now), { shippedAt: new Date(shipped).toISOString(), commitment }, pace);
        const times = tracking.events.map((e) => Date.parse(e.occurredAt));
        for (let i = 1; i < times.length; i++) expect(times[i]!).toBeLessThanOrEqual(times[i - 1]!);
        expect(times.every((t) => t <= now)).toBe(true);
        const ranks = oldestFirst(tracking).map((e) => RANK[e.status]);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        expect(tracking.transitStatus).toBe(tracking.events[0]?.status ?? 'pending');
      }),
      { numRuns: 300 },
    );
  });
});
