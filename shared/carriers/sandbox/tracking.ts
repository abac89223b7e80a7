/**
 * Tracking in the sandbox network: the journey of a shipment as its carrier
 * reports it, a function of (carrier, shipment, pace, now) and nothing else,
 * so every container tells the same story and the sandbox keeps no state.
 *
 * The journey, with every time in UTC (the sandbox has no local times: a
 * commitment's `commitTime` is read as UTC whatever its `timezoneCode`):
 *
 * | event            | status    | when (at pace 1)                                                        | where       |
 * |------------------|-----------|-------------------------------------------------------------------------|-------------|
 * | LABEL_CREATED    | pending   | shippedAt                                                               | none        |
 * | PICKED_UP        | intransit | 3 h later, within the pickup round (business days 09:00–18:00), else at the round's next opening | origin      |
 * | DEPARTED         | intransit | 5 h after pickup                                                        | origin      |
 * | ARRIVED          | intransit | 04:00 of the delivery day                                               | destination |
 * | OUT_FOR_DELIVERY | intransit | 07:00 of the delivery day                                               | destination |
 * | DELIVERED        | delivered | the commitment; without one, 17:00 three business days after pickup    | destination |
 *
 * A commitment the pickup has already missed (or leaves less than 6 h for)
 * is delivered late, 6 h after pickup. When the delivery comes too soon
 * after pickup for that timetable (same day, early morning), departure,
 * arrival and out-for-delivery are spread evenly between the two.
 *
 * `pace` compresses the journey: each event's offset from shippedAt is
 * divided by it (1: real time; 1440: a day a minute). The sandbox calendar
 * ends with year 9999: an event after it never happens. Work is constant
 * whatever the dates; nothing loops over days.
 */
import { dayNumber } from '../../domain/dates';
import { CarrierError, type CarrierTracking, type TrackingEvent, type TrackingPlace } from '../../domain/carrier';
import type { SandboxShipmentFacts } from './shipment-id';
import { addBusinessDayNumbers, isBusinessDay } from './calendar';
import type { SandboxCarrierCode } from './numbers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const PICKUP_AFTER_MS = 3 * HOUR_MS;
export const PICKUP_ROUND_OPENS_MS = 9 * HOUR_MS;
export const PICKUP_ROUND_CLOSES_MS = 18 * HOUR_MS;
const DEPARTS_AFTER_PICKUP_MS = 5 * HOUR_MS;
const ARRIVES_AT_MS = 4 * HOUR_MS;
const OUT_FOR_DELIVERY_AT_MS = 7 * HOUR_MS;
/** The shortest pickup-to-delivery a sandbox carrier manages. */
export const MIN_TRANSIT_MS = 6 * HOUR_MS;
export const UNCOMMITTED_TRANSIT_BUSINESS_DAYS = 3;
const UNCOMMITTED_DELIVERY_AT_MS = 17 * HOUR_MS;

/** The sandbox calendar: years 0000 to 9999, like the dates of shared/domain/dates.ts. */
// Date.UTC reads years 0–99 as 19xx, hence setUTCFullYear.
const FIRST_INSTANT = new Date(0).setUTCFullYear(0, 0, 1);
export const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

type JourneyCode = 'LABEL_CREATED' | 'PICKED_UP' | 'DEPARTED' | 'ARRIVED' | 'OUT_FOR_DELIVERY' | 'DELIVERED';

const DESCRIPTIONS: Record<SandboxCarrierCode, Record<JourneyCode, string>> = {
  CARRIERX: {
    LABEL_CREATED: 'Shipment information sent to CARRIERX',
    PICKED_UP: 'Picked up',
    DEPARTED: 'Departed CARRIERX origin facility',
    ARRIVED: 'Arrived at CARRIERX destination facility',
    OUT_FOR_DELIVERY: 'On CARRIERX vehicle for delivery',
    DELIVERED: 'Delivered',
  },
  CARRIERY: {
    LABEL_CREATED: 'Shipment information sent to CARRIERY',
    PICKED_UP: 'Item picked up by CARRIERY',
    DEPARTED: 'Item processed and departed the origin plant',
    ARRIVED: 'Item arrived at the delivery plant',
    OUT_FOR_DELIVERY: 'Item out for delivery',
    DELIVERED: 'Item successfully delivered',
  },
  CARRIERZ: {
    LABEL_CREATED: 'Shipment information sent to CARRIERZ',
    PICKED_UP: 'Shipment picked up by the CARRIERZ courier',
    DEPARTED: 'Departed CARRIERZ origin hub',
    ARRIVED: 'Arrived at CARRIERZ delivery hub',
    OUT_FOR_DELIVERY: 'With delivery courier',
    DELIVERED: 'Shipment delivered',
  },
  CARRIERF: {
    LABEL_CREATED: 'Shipment information sent to CARRIERF',
    PICKED_UP: "Freight picked up at the shipper's dock",
    DEPARTED: 'Departed origin terminal',
    ARRIVED: 'Arrived at destination terminal',
    OUT_FOR_DELIVERY: 'Out for delivery to the consignee',
    DELIVERED: 'Delivered to the consignee',
  },
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** shippedAt as an instant; the carrier cannot track what it cannot date. */
function labelInstantOf(carrierCode: string, shippedAt: string): number {
  const at = ISO_DATE_TIME.test(shippedAt) && !Number.isNaN(dayNumber(shippedAt)) ? Date.parse(shippedAt) : Number.NaN;
  if (!(at >= FIRST_INSTANT && at <= LAST_INSTANT)) {
    throw new CarrierError(carrierCode, `${carrierCode} cannot read the ship time "${shippedAt.slice(0, 64)}"`);
  }
  return at;
}

/** The commitment as an instant (commitTime read as UTC); undefined without one. */
function commitInstantOf(carrierCode: string, commitment: SandboxShipmentFacts['commitment']): number | undefined {
  if (!commitment) return undefined;
  const day = dayNumber(commitment.commitDate);
  const time = HH_MM.exec(commitment.commitTime);
  if (commitment.commitDate.length !== 10 || Number.isNaN(day) || !time) {
    throw new CarrierError(carrierCode, `${carrierCode} cannot read the commitment ${commitment.commitDate.slice(0, 16)} ${commitment.commitTime.slice(0, 8)}`);
  }
  return day * DAY_MS + Number(time[1]) * HOUR_MS + Number(time[2]) * 60_000;
}

/** The driver comes PICKUP_AFTER_MS after the label, or at the next opening of the pickup round. */
export function pickupInstant(labelAt: number): number {
  const due = labelAt + PICKUP_AFTER_MS;
  const day = Math.floor(due / DAY_MS);
  const time = due - day * DAY_MS;
  if (isBusinessDay(day) && time >= PICKUP_ROUND_OPENS_MS && time < PICKUP_ROUND_CLOSES_MS) return due;
  const roundDay = isBusinessDay(day) && time < PICKUP_ROUND_OPENS_MS ? day : addBusinessDayNumbers(day, 1);
  return roundDay * DAY_MS + PICKUP_ROUND_OPENS_MS;
}

function deliveryInstant(pickupAt: number, commitAt: number | undefined): number {
  const promised = commitAt ?? addBusinessDayNumbers(Math.floor(pickupAt / DAY_MS), UNCOMMITTED_TRANSIT_BUSINESS_DAYS) * DAY_MS + UNCOMMITTED_DELIVERY_AT_MS;
  return Math.max(promised, pickupAt + MIN_TRANSIT_MS);
}

/** Departure, arrival and out-for-delivery between pickup and delivery, in that order. */
function legsBetween(pickupAt: number, deliveredAt: number): [number, number, number] {
  const deliveryDay = Math.floor(deliveredAt / DAY_MS) * DAY_MS;
  const timetable: [number, number, number] = [pickupAt + DEPARTS_AFTER_PICKUP_MS, deliveryDay + ARRIVES_AT_MS, deliveryDay + OUT_FOR_DELIVERY_AT_MS];
  const [departed, arrived, out] = timetable;
  if (pickupAt < departed && departed < arrived && arrived < out && out < deliveredAt) return timetable;
  const step = (deliveredAt - pickupAt) / 4;
  return [pickupAt + step, pickupAt + 2 * step, pickupAt + 3 * step].map(Math.round) as [number, number, number];
}

/** "City, PR, CC", leaving out what the place does not have. */
export function locationOf(place: TrackingPlace): string | undefined {
  const parts = [place.city, place.provinceCode, place.countryCode].map((p) => p?.trim() ?? '').filter((p) => p !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The shipment's tracking at `now`: the events that have happened, newest
 * first, and the status of the newest (pending before the label's time).
 * CarrierError when shippedAt or the commitment cannot be read.
 */
export function sandboxJourney(
  carrierCode: SandboxCarrierCode,
  shipment: SandboxShipmentFacts & { trackingNumber: string },
  pace: number,
  now: Date,
): CarrierTracking {
  if (!(Number.isFinite(pace) && pace > 0)) throw new RangeError(`the tracking pace must be a positive number, got ${pace}`);
  const nowAt = now.getTime();
  if (Number.isNaN(nowAt)) throw new RangeError('now is not a valid date');

  const labelAt = labelInstantOf(carrierCode, shipment.shippedAt);
  const pickupAt = pickupInstant(labelAt);
  const deliveredAt = deliveryInstant(pickupAt, commitInstantOf(carrierCode, shipment.commitment));
  const [departedAt, arrivedAt, outAt] = legsBetween(pickupAt, deliveredAt);
  const origin = locationOf(shipment.origin);
  const destination = locationOf(shipment.destination);

  const journey: Array<{ code: JourneyCode; status: TrackingEvent['status']; at: number; location: string | undefined }> = [
    { code: 'LABEL_CREATED', status: 'pending', at: labelAt, location: undefined },
    { code: 'PICKED_UP', status: 'intransit', at: pickupAt, location: origin },
    { code: 'DEPARTED', status: 'intransit', at: departedAt, location: origin },
    { code: 'ARRIVED', status: 'intransit', at: arrivedAt, location: destination },
    { code: 'OUT_FOR_DELIVERY', status: 'intransit', at: outAt, location: destination },
    { code: 'DELIVERED', status: 'delivered', at: deliveredAt, location: destination },
  ];

  const events: TrackingEvent[] = journey
    .map((event) => ({ ...event, at: labelAt + Math.round((event.at - labelAt) / pace) }))
    .filter((event) => event.at <= nowAt && event.at <= LAST_INSTANT)
    .reverse()
    .map(({ code, status, at, location }) => ({
      status,
      code,
      description: DESCRIPTIONS[carrierCode][code],
      ...(location === undefined ? {} : { location }),
      occurredAt: new Date(at).toISOString(),
    }));
  return { trackingNumber: shipment.trackingNumber, transitStatus: events[0]?.status ?? 'pending', events };
}
