/**
 * The pickup desk of a sandbox carrier (docs/pickups.md, "Sandbox
 * carriers"): deterministic windows and confirmation numbers, and a book of
 * the pickups it made, so a lookup by reference finds them.
 *
 * - It picks up on weekdays, 09:00 to 17:00, from today to
 *   SANDBOX_PICKUP_DAYS_AHEAD days ahead; a day can be booked until its
 *   cut-off, 15:00. Times are the carrier's clock in UTC (the sandbox has no
 *   time zones).
 * - A window asked is booked within those hours; one that leaves less than
 *   an hour there is refused.
 * - The confirmation number is a hash of the carrier, the reference, the day
 *   and how many bookings the reference already has: a booking is the same
 *   number every time it is made, and a second booking under one reference
 *   (a create without `mayExist` after a lost answer) is another number, as
 *   at a carrier without an idempotency key. `mayExist` looks the reference
 *   up first.
 * - A pickup is cancelled until 09:00 of its day (the driver is
 *   dispatched); cancelling one it does not hold, or a cancelled one, succeeds.
 * - CARRIERY bills an on-demand pickup: 4.50 CAD.
 *
 * The book lives in the transport, so in one process (npm start, a test);
 * deployed, each container keeps its own, and a lookup in another one finds
 * nothing (a sandbox limit, written down in docs/pickups.md).
 */
import { createHash } from 'node:crypto';
import { CarrierRefusal } from '../../domain/carrier';
import { dayNumber, utcDayNumber, weekday } from '../../domain/dates';
import type { AvailabilityWire, CancelledWire, PickupAnswerWire, PickupWire, SandboxPickupRequest } from '../wire/pickup';

export const SANDBOX_PICKUP_DAYS_AHEAD = 10;
const OPEN = '09:00';
const CLOSE = '17:00';
const CUTOFF = '15:00';
const MIN_WINDOW_MINUTES = 60;
const CHARGES: Readonly<Record<string, PickupWire['charges']>> = { CARRIERY: { amount: 450, currency: 'CAD' } };
const PREFIX: Readonly<Record<string, string>> = { CARRIERX: 'PX', CARRIERY: 'PY', CARRIERZ: 'PZ', CARRIERF: 'PF' };
/** Bookings a desk keeps, so a long-lived container does not grow with every pickup. */
const BOOK_LIMIT = 1_000;

export type SandboxBooking = PickupWire & { date: string; cancelled: boolean };

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const clockTimeOf = (at: Date) => at.toISOString().slice(11, 16);

export const createPickupDesk = (carrierCode: string, clock: () => Date) => {
  const book = new Map<string, SandboxBooking>();

  const refuse = (reason: string): never => {
    throw new CarrierRefusal(carrierCode, `${carrierCode} ${reason}`);
  };

  /** The day's hours, or the reason it has none; a past day or one beyond the horizon is refused. */
  const openOn = (date: string): { open: boolean; today: boolean } => {
    const day = dayNumber(date);
    const today = utcDayNumber(clock());
    if (Number.isNaN(day) || day < today) refuse(`picks up from today on, not on ${date}`);
    if (day > today + SANDBOX_PICKUP_DAYS_AHEAD) refuse(`books pickups at most ${SANDBOX_PICKUP_DAYS_AHEAD} days ahead`);
    const wd = weekday(day);
    return { open: wd !== 0 && wd !== 6, today: day === today };
  };

  const live = (reference: string, date: string) => [...book.values()].find((b) => b.reference === reference && b.date === date && !b.cancelled);
  const wireOf = ({ date: _date, cancelled: _cancelled, ...wire }: SandboxBooking): PickupWire => wire;

  const availability = (request: Extract<SandboxPickupRequest, { operation: 'availability' }>): AvailabilityWire => {
    const { open, today } = openOn(request.date);
    const closed = !open || (today && clockTimeOf(clock()) >= CUTOFF);
    return { availability: { windows: closed ? [] : [{ date: request.date, readyTime: OPEN, closeTime: CLOSE }], cutoffTime: CUTOFF } };
  };

  const create = (request: Extract<SandboxPickupRequest, { operation: 'create' }>): PickupAnswerWire => {
    if (request.mayExist) {
      const found = live(request.reference, request.date);
      if (found) return { pickup: wireOf(found) };
    }
    const { open, today } = openOn(request.date);
    if (!open) refuse(`does not pick up on ${request.date}: weekdays only`);
    if (today && clockTimeOf(clock()) >= CUTOFF) refuse(`books a pickup for today until ${CUTOFF}`);
    const readyTime = later(request.readyTime, OPEN);
    const closeTime = earlier(request.closeTime, CLOSE);
    if (minutes(closeTime) - minutes(readyTime) < MIN_WINDOW_MINUTES) {
      refuse(`needs a window of at least an hour between ${OPEN} and ${CLOSE}, not ${request.readyTime}-${request.closeTime}`);
    }
    const previous = [...book.values()].filter((b) => b.reference === request.reference).length;
    const digest = createHash('sha256').update(`${carrierCode}\n${request.reference}\n${request.date}\n${previous}`).digest();
    const confirmationNumber = `${PREFIX[carrierCode] ?? 'PU'}${String(digest.readUInt32BE(0) % 100_000_000).padStart(8, '0')}`;
    const charges = CHARGES[carrierCode];
    const booking: SandboxBooking = {
      reference: request.reference,
      confirmationNumber,
      window: { date: request.date, readyTime, closeTime },
      location: `${carrierCode}-${request.countryCode}-${(request.postalCode ?? 'DEPOT').slice(0, 3)}`,
      ...(charges ? { charges } : {}),
      date: request.date,
      cancelled: false,
    };
    book.set(confirmationNumber, booking);
    if (book.size > BOOK_LIMIT) book.delete(book.keys().next().value as string);
    return { pickup: wireOf(booking) };
  };

  const cancel = (request: Extract<SandboxPickupRequest, { operation: 'cancel' }>): CancelledWire => {
    const booking = book.get(request.confirmationNumber);
    if (booking && !booking.cancelled) {
      const dispatched = clock().getTime() >= Date.parse(`${booking.date}T${OPEN}:00Z`);
      if (dispatched) refuse(`will not cancel pickup ${booking.confirmationNumber}: the driver is dispatched (cut-off ${OPEN} on ${booking.date})`);
      booking.cancelled = true;
    }
    return { cancelled: { confirmationNumber: request.confirmationNumber } };
  };

  return {
    /** Answers one request of the pickup wire format (CarrierRefusal when the carrier refuses it). */
    handle(request: SandboxPickupRequest): unknown {
      switch (request.operation) {
        case 'availability':
          return availability(request);
        case 'create':
          return create(request);
        case 'find': {
          const found = live(request.reference, request.date);
          return { pickup: found ? wireOf(found) : null } satisfies PickupAnswerWire;
        }
        case 'cancel':
          return cancel(request);
      }
    },
    /** Every booking made, cancelled ones included, by confirmation number (tests count them). */
    bookings: book as ReadonlyMap<string, SandboxBooking>,
  };
};
