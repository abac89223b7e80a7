/**
 * Pickups, the pure rules (shared/domain/pickups.ts) and the sandbox
 * carriers' pickup desk (shared/carriers/sandbox/pickups.ts), tested
 * directly: docs/pickups.md.
 */
import { createPickupDesk } from '../../shared/carriers/sandbox/pickups';
import { CarrierRefusal } from '../../shared/domain/carrier';
import {
  isPickupDateAllowed,
  loadOfPackages,
  pickupReconcileOpen,
  pickupReconcileStep,
  pickupReferenceOf,
  pickupRequestHash,
} from '../../shared/domain/pickups';
import { eventOfPickupChange } from '../../shared/domain/webhooks';

describe('the pure rules', () => {
  it('our reference is PU and the first 12 hex digits of the pickup id, upper case: 14 characters', () => {
    expect(pickupReferenceOf('3f0e8a52-6d2c-4c3e-9d1a-2b7f4e5c6a01')).toBe('PU3F0E8A526D2C');
  });

  it('the same request whatever the key order, carrier case, order ids case and order; anything else is another', () => {
    const a = pickupRequestHash({ carrierCode: 'carrierx', pickupDate: '2026-12-01', orderIds: ['B', 'a'], readyTime: '10:00' });
    const b = pickupRequestHash({ readyTime: '10:00', orderIds: ['A', 'b'], pickupDate: '2026-12-01', carrierCode: 'CARRIERX' });
    expect(a).toBe(b);
    expect(pickupRequestHash({ carrierCode: 'CARRIERX', pickupDate: '2026-12-01', orderIds: ['a', 'b'], readyTime: '10:30' })).not.toBe(a);
    expect(pickupRequestHash({ carrierCode: 'CARRIERX', pickupDate: '2026-12-01', orderIds: ['a', 'b'], readyTime: '10:00', instructions: 'x' })).not.toBe(a);
  });

  it('the load of the orders: packages counted by quantity; pounds when every order is imperial, else kilograms', () => {
    const metric = { unitOfMeasure: 'metric' as const, pieces: [{ quantity: 2, weight: 2.5 }] };
    const imperial = { unitOfMeasure: 'imperial' as const, pieces: [{ quantity: 1, weight: 10 }] };
    expect(loadOfPackages([metric, metric])).toEqual({ packageCount: 4, totalWeight: { value: 10, unit: 'kg' } });
    expect(loadOfPackages([imperial, imperial])).toEqual({ packageCount: 2, totalWeight: { value: 20, unit: 'lb' } });
    expect(loadOfPackages([metric, imperial])).toEqual({ packageCount: 3, totalWeight: { value: 9.536, unit: 'kg' } });
  });

  it('a pickup names a day from yesterday (UTC) to 30 days after today', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(['2026-11-27', '2026-11-28', '2026-12-29', '2026-12-30', '9999-12-31', '2026-02-30'].map((d) => isPickupDateAllowed(d, now))).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  describe("a reconciliation round's step", () => {
    const found = { reference: 'PU1', confirmationNumber: 'PX2', window: { date: '2026-12-01', readyTime: '09:00', closeTime: '17:00' } };
    it.each([
      ['booking, found', { status: 'booking' as const }, found, [], 'adopt'],
      ['booking, nothing found', { status: 'booking' as const }, undefined, [], 'none'],
      ['scheduled, its own booking', { status: 'scheduled' as const, confirmationNumber: 'PX2' }, found, [], 'none'],
      ['scheduled, another booking', { status: 'scheduled' as const, confirmationNumber: 'PX1' }, found, [], 'cancel'],
      ['cancelled, a booking left', { status: 'cancelled' as const, confirmationNumber: 'PX1' }, found, [], 'cancel'],
      ['failed, a late booking', { status: 'failed' as const }, found, [], 'cancel'],
      ['failed, a booking already cancelled by a round', { status: 'failed' as const }, found, ['PX2'], 'none'],
    ])('%s', (_name, pickup, carrier, settled, action) => {
      expect(pickupReconcileStep(pickup, carrier, settled).action).toBe(action);
    });

    it('rounds go on until the day after the pickup day has begun (UTC)', () => {
      expect(pickupReconcileOpen('2026-12-01', new Date('2026-12-02T23:59:00Z'))).toBe(true);
      expect(pickupReconcileOpen('2026-12-01', new Date('2026-12-03T00:00:00Z'))).toBe(false);
    });
  });

  it('a pickup becoming scheduled is pickup.scheduled, cancelled pickup.cancelled; no change, or any other status, none', () => {
    expect(eventOfPickupChange(undefined, 'scheduled')).toBe('pickup.scheduled');
    expect(eventOfPickupChange('booking', 'scheduled')).toBe('pickup.scheduled');
    expect(eventOfPickupChange('scheduled', 'cancelled')).toBe('pickup.cancelled');
    expect(eventOfPickupChange('scheduled', 'scheduled')).toBeUndefined();
    expect(eventOfPickupChange(undefined, 'booking')).toBeUndefined();
    expect(eventOfPickupChange('booking', 'failed')).toBeUndefined();
  });
});

describe('the sandbox pickup desk', () => {
  // A Monday in the carrier's clock (UTC); Tuesday is the pickup day.
  let now = new Date('2026-11-30T08:00:00Z');
  const desk = createPickupDesk('CARRIERX', () => now);
  const create = (reference: string, overrides: Record<string, unknown> = {}) =>
    desk.handle({
      operation: 'create',
      reference,
      date: '2026-12-01',
      readyTime: '10:00',
      closeTime: '16:00',
      packageCount: 1,
      weightKg: 1,
      mayExist: false,
      countryCode: 'CA',
      postalCode: 'M5X1A9',
      ...overrides,
    } as never) as { pickup: { confirmationNumber: string; window: { readyTime: string; closeTime: string } } };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof CarrierRefusal ? error.message : `not a refusal: ${String(error)}`;
    }
    return 'no refusal';
  };

  it('windows: 09:00-17:00 on a weekday, none on a Saturday, none today past the 15:00 cut-off; a day beyond 10 days is refused', () => {
    expect(desk.handle({ operation: 'availability', date: '2026-12-01', countryCode: 'CA' })).toEqual({
      availability: { windows: [{ date: '2026-12-01', readyTime: '09:00', closeTime: '17:00' }], cutoffTime: '15:00' },
    });
    expect(desk.handle({ operation: 'availability', date: '2026-12-05', countryCode: 'CA' })).toMatchObject({ availability: { windows: [] } });
    now = new Date('2026-11-30T15:30:00Z');
    expect(desk.handle({ operation: 'availability', date: '2026-11-30', countryCode: 'CA' })).toMatchObject({ availability: { windows: [] } });
    now = new Date('2026-11-30T08:00:00Z');
    expect(refusal(() => desk.handle({ operation: 'availability', date: '2026-12-11', countryCode: 'CA' }))).toMatch(/at most 10 days ahead/);
    expect(refusal(() => desk.handle({ operation: 'availability', date: '2026-11-29', countryCode: 'CA' }))).toMatch(/from today on/);
  });

  it('books within its hours, deterministically; a second booking of a reference is another number unless mayExist, which finds the first', () => {
    const first = create('PUAAAAAAAAAAAA', { readyTime: '08:00' });
    expect(first.pickup.window).toEqual({ date: '2026-12-01', readyTime: '09:00', closeTime: '16:00' });
    expect(first.pickup.confirmationNumber).toMatch(/^PX\d{8}$/);
    expect(
      createPickupDesk('CARRIERX', () => now).handle({
        operation: 'create',
        reference: 'PUAAAAAAAAAAAA',
        date: '2026-12-01',
        readyTime: '08:00',
        closeTime: '16:00',
        packageCount: 1,
        weightKg: 1,
        mayExist: false,
        countryCode: 'CA',
        postalCode: 'M5X1A9',
      }),
    ).toEqual(first);
    expect(create('PUAAAAAAAAAAAA', { mayExist: true })).toEqual(first);
    expect(create('PUAAAAAAAAAAAA').pickup.confirmationNumber).not.toBe(first.pickup.confirmationNumber);
    expect(desk.handle({ operation: 'find', reference: 'PUAAAAAAAAAAAA', date: '2026-12-01' })).toEqual(first);
    expect(desk.handle({ operation: 'find', reference: 'PUBBBBBBBBBBBB', date: '2026-12-01' })).toEqual({ pickup: null });
  });

  it('refuses a Saturday and a window of less than an hour within its hours', () => {
    expect(refusal(() => create('PUCCCCCCCCCCCC', { date: '2026-12-05' }))).toMatch(/weekdays only/);
    expect(refusal(() => create('PUCCCCCCCCCCCC', { readyTime: '16:30', closeTime: '18:00' }))).toMatch(/at least an hour/);
  });

  it('cancels until 09:00 of the day, then refuses: the driver is dispatched; a cancelled booking is found no more', () => {
    const booked = create('PUDDDDDDDDDDDD');
    const number = booked.pickup.confirmationNumber;
    now = new Date('2026-12-01T09:00:00Z');
    expect(refusal(() => desk.handle({ operation: 'cancel', reference: 'PUDDDDDDDDDDDD', confirmationNumber: number, date: '2026-12-01' }))).toMatch(
      /driver is dispatched/,
    );
    now = new Date('2026-11-30T08:00:00Z');
    expect(desk.handle({ operation: 'cancel', reference: 'PUDDDDDDDDDDDD', confirmationNumber: number, date: '2026-12-01' })).toEqual({
      cancelled: { confirmationNumber: number },
    });
    expect(desk.handle({ operation: 'cancel', reference: 'PUDDDDDDDDDDDD', confirmationNumber: number, date: '2026-12-01' })).toEqual({
      cancelled: { confirmationNumber: number },
    });
    expect(desk.handle({ operation: 'find', reference: 'PUDDDDDDDDDDDD', date: '2026-12-01' })).toEqual({ pickup: null });
  });
});
