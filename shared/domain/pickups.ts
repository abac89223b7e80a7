/**
 * Pickups, the pure part (docs/pickups.md): our reference at the carrier, the
 * key that makes two creates "the same request", the load counted from the
 * orders' packages, the days a pickup may name, and the reconciler's rule.
 */
import { createHash } from 'node:crypto';
import type { CarrierPickup, PickupLoad } from './carrier';
import { dayNumber, isoDate, utcDayNumber } from './dates';

/** The days after today (UTC) a pickup or an availability may name; a carrier may allow fewer (its refusal is a 422). */
export const PICKUP_DAYS_AHEAD = 30;
const KG_PER_LB = 0.45359237;

/**
 * Our reference at the carrier: `PU` and the first 12 hex digits of the
 * pickup id, upper case (14 characters: carriers' reference fields are short,
 * and the carrier is asked by it within one day and place).
 */
export const pickupReferenceOf = (pickupId: string): string => `PU${pickupId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** JSON with the keys of every object sorted, so two bodies that say the same thing read the same. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/**
 * What makes two creates the same request: the SHA-256 of the body as
 * normalised (the carrier code upper case, the order ids lower case and in
 * order, keys sorted). The company and mode are the key's partition and prefix.
 */
export const pickupRequestHash = (body: { carrierCode: string; orderIds?: readonly string[] } & Record<string, unknown>): string => {
  const normalised = {
    ...body,
    carrierCode: body.carrierCode.toUpperCase(),
    ...(body.orderIds ? { orderIds: body.orderIds.map((id) => id.toLowerCase()).sort() } : {}),
  };
  return createHash('sha256').update(canonical(normalised)).digest('hex');
};

/** One order's packages as its rate request declared them: per piece, a quantity and each one's weight, in the request's units. */
export type DeclaredPackages = { unitOfMeasure: 'metric' | 'imperial'; pieces: ReadonlyArray<{ quantity: number; weight: number }> };

/**
 * The load of the orders' packages: their count and total weight, in pounds
 * when every order was declared in imperial units, else in kilograms (to
 * three decimals).
 */
export const loadOfPackages = (orders: readonly DeclaredPackages[]): PickupLoad => {
  const imperial = orders.length > 0 && orders.every((o) => o.unitOfMeasure === 'imperial');
  let packageCount = 0;
  let weight = 0;
  for (const order of orders) {
    const factor = imperial || order.unitOfMeasure === 'metric' ? 1 : KG_PER_LB;
    for (const piece of order.pieces) {
      packageCount += piece.quantity;
      weight += piece.quantity * piece.weight * factor;
    }
  }
  return { packageCount, totalWeight: { value: Math.round(weight * 1000) / 1000, unit: imperial ? 'lb' : 'kg' } };
};

/** The days a pickup may name at `now`: from yesterday in UTC (a place west of UTC may still be on it) to PICKUP_DAYS_AHEAD after today. */
export const pickupDateWindow = (now: Date): { first: string; last: string } => {
  const today = utcDayNumber(now);
  return { first: isoDate(today - 1), last: isoDate(today + PICKUP_DAYS_AHEAD) };
};

export const isPickupDateAllowed = (date: string, now: Date): boolean => {
  const { first, last } = pickupDateWindow(now);
  return !Number.isNaN(dayNumber(date)) && date >= first && date <= last;
};

/** What a reconciliation round does about what the carrier holds under a pickup's reference (docs/reliability.md, "Pickups"). */
export type PickupReconcileStep =
  /** The booking of unknown outcome landed: the pickup is it. */
  | { action: 'adopt'; found: CarrierPickup }
  /** A booking the pickup does not hold (a duplicate, or one for a pickup cancelled or given up): cancel it. */
  | { action: 'cancel'; found: CarrierPickup }
  /** Nothing to do this round. */
  | { action: 'none' };

/**
 * The rule of a round: a pickup still `booking` adopts what the carrier
 * found; a `scheduled` one cancels a booking under its reference that is not
 * its own (another confirmation number); a `cancelled` or `failed` one cancels
 * whatever the carrier still holds under its reference. Bookings already
 * cancelled by earlier rounds (`settled`) are left alone.
 */
export const pickupReconcileStep = (
  pickup: { status: 'booking' | 'scheduled' | 'cancelled' | 'failed'; confirmationNumber?: string },
  found: CarrierPickup | undefined,
  settled: readonly string[],
): PickupReconcileStep => {
  if (!found || settled.includes(found.confirmationNumber)) return { action: 'none' };
  if (pickup.status === 'booking') return { action: 'adopt', found };
  if (pickup.status === 'scheduled' && found.confirmationNumber === pickup.confirmationNumber) return { action: 'none' };
  return { action: 'cancel', found };
};

/** Whether rounds go on at `now`: until the day after the pickup's day (UTC) has begun, when no late booking can still matter. */
export const pickupReconcileOpen = (pickupDate: string, now: Date): boolean => utcDayNumber(now) <= dayNumber(pickupDate) + 1;
