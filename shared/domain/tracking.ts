/**
 * Pure rules of an order's tracking (spec 4.8, 4.9, part 3; docs/decisions.md):
 * how a carrier's report moves the order, when the order is checked again,
 * what may be cancelled, and the `data` of GET /v1/track and DELETE
 * /v1/shipments. Time and pace are passed in.
 *
 * Statuses only move forward: pending, then intransit (or exception, its
 * sideways twin: a problem on the way that may clear), then delivered;
 * cancelled is reached from pending only. delivered and cancelled are final.
 */
import type { CancelResponse } from '../contract/cancel';
import type { TrackResponse } from '../contract/track';
import type { ShipmentRef } from './carrier';
import { clipWithEllipsis } from './text-clipping';
import type { Order, TrackingEvent, TrackingEventCode, TransitStatus } from './entities';

/** Events an order keeps, newest first: a carrier that reports thousands cannot grow the item past DynamoDB's 400 KB. */
export const MAX_TRACKING_EVENTS = 50;

const RANK: Record<TransitStatus, number> = { pending: 0, intransit: 1, exception: 1, delivered: 2, cancelled: 3 };

export const isFinal = (status: TransitStatus): boolean => status === 'delivered' || status === 'cancelled';

/** Only a shipment the carrier has not picked up can be voided (docs/decisions.md: 409 once in transit or delivered). */
export const isCancellable = (status: TransitStatus): boolean => status === 'pending';

/** The status a report may move `from` to: never backwards, never out of a final status. */
export const nextStatus = (from: TransitStatus, reported: TransitStatus): TransitStatus => {
  if (isFinal(from) || reported === 'cancelled') return from;
  return RANK[reported] >= RANK[from] ? reported : from;
};

/**
 * How far each status is from the end for an order of several parcels
 * (one carrier shipment each): a parcel in exception first, the parcel
 * that needs attention; then waiting for pickup, in transit, delivered;
 * cancelled last (only when every parcel is).
 */
const PROGRESS: Record<TransitStatus, number> = { exception: 0, pending: 1, intransit: 2, delivered: 3, cancelled: 4 };

/** The order's status from its parcels': the least advanced one's (PROGRESS), so the order is delivered when every parcel is. */
export const leastAdvancedStatus = (statuses: readonly TransitStatus[]): TransitStatus =>
  statuses.reduce<TransitStatus>((least, s) => (PROGRESS[s] < PROGRESS[least] ? s : least), 'cancelled');

const eventKey = (e: TrackingEvent) => `${e.code}|${e.occurredAt}`;
const newestFirst = (a: TrackingEvent, b: TrackingEvent) =>
  a.occurredAt < b.occurredAt ? 1 : a.occurredAt > b.occurredAt ? -1 : RANK[b.status] - RANK[a.status];

/**
 * The union of two event lists (an event is its code at its time), newest
 * first, at most MAX_TRACKING_EVENTS. Of two events at the same instant the
 * further status comes first, then the reported one: the latest word wins a tie.
 */
export const mergeEvents = (stored: readonly TrackingEvent[], reported: readonly TrackingEvent[]): TrackingEvent[] => {
  const byKey = new Map<string, TrackingEvent>();
  // Sorting is stable, so insertion order (reported first) settles what the comparison leaves equal.
  for (const e of [...reported, ...stored]) if (!byKey.has(eventKey(e))) byKey.set(eventKey(e), { ...e });
  return [...byKey.values()].sort(newestFirst).slice(0, MAX_TRACKING_EVENTS);
};

/**
 * How long until an order is checked again, at real pace (docs/decisions.md):
 * soon when out for delivery, less often in transit, rarely while it waits
 * for pickup and very rarely once it has waited a week (an idle label).
 */
const MINUTE = 60_000;
export const CHECK_INTERVAL_MS = {
  outForDelivery: 15 * MINUTE,
  exception: 30 * MINUTE,
  intransit: 60 * MINUTE,
  pending: 120 * MINUTE,
  idle: 24 * 60 * MINUTE,
  /**
   * While the carrier pushes the order's events (UPS Track Alert): a safety
   * poll for a push that went missing, never sooner than the status asks.
   */
  pushed: 8 * 60 * MINUTE,
  /** After a failed check: try again after this, whatever the status. */
  retry: 15 * MINUTE,
} as const;
/** Time an order may wait for pickup before it counts as idle. */
export const IDLE_AFTER_MS = 7 * 24 * 60 * MINUTE;
/** However fast the sandbox pace, an order is not checked more often than this. */
export const MIN_CHECK_INTERVAL_MS = 5_000;

const scaled = (ms: number, pace: number) => Math.max(MIN_CHECK_INTERVAL_MS, Math.round(ms / pace));

/** When an order with this status and these events is next due; undefined once final (its schedule leaves the tracking-due index). */
export const nextCheckAt = (
  order: Pick<Order, 'createdDate'> & { status: TransitStatus; events: readonly TrackingEvent[] },
  now: Date,
  pace: number,
  options: { pushed?: boolean } = {},
): string | undefined => {
  if (isFinal(order.status)) return undefined;
  let interval: number;
  if (order.status === 'exception') interval = CHECK_INTERVAL_MS.exception;
  else if (order.status === 'intransit')
    interval = order.events[0]?.code === 'OUT_FOR_DELIVERY' ? CHECK_INTERVAL_MS.outForDelivery : CHECK_INTERVAL_MS.intransit;
  else interval = (now.getTime() - Date.parse(order.createdDate)) * pace >= IDLE_AFTER_MS ? CHECK_INTERVAL_MS.idle : CHECK_INTERVAL_MS.pending;
  if (options.pushed) interval = Math.max(interval, CHECK_INTERVAL_MS.pushed);
  return new Date(now.getTime() + scaled(interval, pace)).toISOString();
};

/**
 * Whether the order is polled at the pushed cadence now: its subscription has
 * not expired, and the carrier has pushed at least one of its events. Until a
 * first push arrives nothing shows that the carrier can reach us (an
 * operator may not have entered the push credentials at the carrier yet), so
 * a subscribed order keeps its polled cadence until then.
 */
export const isPushed = (schedule: { pushedUntil?: string; pushSeenAt?: string } | undefined, now: Date): boolean =>
  schedule?.pushedUntil !== undefined && schedule.pushSeenAt !== undefined && Date.parse(schedule.pushedUntil) > now.getTime();

/** What a check writes to the order. */
export type TrackingUpdate = {
  status: TransitStatus;
  events: TrackingEvent[];
  updated: string;
  /** Absent when the carrier has not answered yet (a failed first check). */
  lastCheckedAt?: string;
  /** Absent once the status is final. */
  nextCheckAt?: string;
};

/** Whether a report adds anything to the order: a status or an event it does not have. */
export const addsToOrder = (order: Pick<Order, 'status' | 'events'>, update: Pick<TrackingUpdate, 'status' | 'events'>): boolean =>
  update.status !== order.status ||
  update.events.length !== order.events.length ||
  update.events.some((e, i) => e.code !== order.events[i]!.code || e.occurredAt !== order.events[i]!.occurredAt);

/** When an order whose check the carrier did not answer is due again: after the retry interval, whatever its status. */
export const retryCheckAt = (now: Date, pace: number): string => new Date(now.getTime() + scaled(CHECK_INTERVAL_MS.retry, pace)).toISOString();

/** A carrier's report, or an operator's (the sandbox's `admin shipment advance`): the same path either way. */
export type TrackingReport = { transitStatus: TransitStatus; events: readonly TrackingEvent[] };

/**
 * How far ahead of now a reported event may be dated. Carriers report what
 * happened, so an event dated later is a wrong clock or a wrong field; kept,
 * it would stay the newest event and pin the order's status (a delivery
 * reported after it would be outranked). A day covers local times read as
 * UTC (at most 14 hours ahead) and clock skew.
 */
export const MAX_EVENT_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * The earliest instant a reported event may be dated (2000-01-01T00:00:00Z).
 * No shipment this service buys is older, so an event dated before it (year
 * 0000, the epoch, a two-digit year read as 19xx) is a wrong clock or a wrong
 * field. A fixed floor rather than one relative to the order: an order's
 * carrier events may rightly predate its creation (docs/decisions.md).
 */
export const EARLIEST_EVENT_AT = Date.UTC(2000, 0, 1);

/**
 * The longest event description and location an order keeps (characters).
 * A carrier's text is not bounded by its API, and an order keeps up to
 * MAX_TRACKING_EVENTS events in one item of at most 400 KB: six pushed
 * events of 62 KB each filled it, and every later write of the order failed.
 * Longer text is cut, ending with an ellipsis.
 */
export const MAX_EVENT_DESCRIPTION = 256;
export const MAX_EVENT_LOCATION = 128;

/**
 * The events of a report dated from EARLIEST_EVENT_AT to MAX_EVENT_AHEAD_MS
 * past `now` (an unreadable date is neither), their text bounded (MAX_EVENT_DESCRIPTION).
 */
export const credibleEvents = (events: readonly TrackingEvent[], now: Date): TrackingEvent[] =>
  events
    .filter((e) => {
      const at = Date.parse(e.occurredAt);
      return at >= EARLIEST_EVENT_AT && at <= now.getTime() + MAX_EVENT_AHEAD_MS;
    })
    .map((e) => ({
      ...e,
      description: clipWithEllipsis(e.description, MAX_EVENT_DESCRIPTION),
      ...(e.location === undefined ? {} : { location: clipWithEllipsis(e.location, MAX_EVENT_LOCATION) }),
    }));

/**
 * The order after a report: the events merged, and the status of the newest
 * event (or the reported status when there is no event), unless that would
 * move the order backwards. The newest event wins over the carrier's summary
 * so an operator's exception stays until the carrier reports something newer.
 * A report whose every event was refused for its date says nothing credible:
 * its summary (a push's is its one event's status) does not count either.
 */
export const applyReport = (
  order: Order,
  report: TrackingReport,
  now: Date,
  pace: number,
  options: { pushed?: boolean } = {},
): TrackingUpdate & { changed: boolean } => {
  const credible = credibleEvents(report.events, now);
  const events = mergeEvents(order.events, credible);
  const summary = report.events.length > 0 && credible.length === 0 ? order.status : report.transitStatus;
  const reported = events[0]?.status ?? summary;
  const status = nextStatus(order.status, reported);
  const changed = status !== order.status;
  return {
    status,
    events,
    updated: changed ? now.toISOString() : (order.updated ?? order.createdDate),
    lastCheckedAt: now.toISOString(),
    nextCheckAt: nextCheckAt({ createdDate: order.createdDate, status, events }, now, pace, options),
    changed,
  };
};

/** Whether GET /track asks the carrier before answering: never checked, or due. */
export const isStale = (order: Pick<Order, 'status' | 'lastCheckedAt' | 'nextCheckAt'>, now: Date): boolean =>
  !isFinal(order.status) && (!order.lastCheckedAt || !order.nextCheckAt || Date.parse(order.nextCheckAt) <= now.getTime());

const OPERATOR_EVENTS: Record<'intransit' | 'delivered' | 'exception', { code: TrackingEventCode; description: string }> = {
  intransit: { code: 'DEPARTED', description: 'In transit (moved on by the sandbox operator)' },
  delivered: { code: 'DELIVERED', description: 'Delivered (moved on by the sandbox operator)' },
  exception: { code: 'EXCEPTION', description: 'Delivery exception (set by the sandbox operator)' },
};
export type OperatorStatus = keyof typeof OPERATOR_EVENTS;
export const operatorStatuses = Object.keys(OPERATOR_EVENTS) as OperatorStatus[];

/** The report an operator's `shipment advance` makes: one event, now. */
export const operatorReport = (status: OperatorStatus, now: Date): TrackingReport => ({
  transitStatus: status,
  events: [{ status, ...OPERATOR_EVENTS[status], occurredAt: now.toISOString() }],
});

/** The order after a cancel (the carrier voided the shipment): final, its schedule out of the tracking-due index. */
export const cancelledUpdate = (order: Order, now: Date): TrackingUpdate => ({
  status: 'cancelled',
  events: mergeEvents(order.events, [
    { status: 'cancelled', code: 'CANCELLED', description: 'Shipment cancelled; its labels are void', occurredAt: now.toISOString() },
  ]),
  updated: now.toISOString(),
  ...(order.lastCheckedAt ? { lastCheckedAt: order.lastCheckedAt } : {}),
});

/** What the carrier is asked about: the shipment as its ship answer named it, with every package's tracking number when it has several. */
export const shipmentRefOf = (order: Pick<Order, 'rateResponseId' | 'trackingNumber' | 'carrierShipmentId' | 'pieceTrackingNumbers'>): ShipmentRef => ({
  reference: order.rateResponseId,
  trackingNumber: order.trackingNumber,
  ...(order.carrierShipmentId ? { shipmentId: order.carrierShipmentId } : {}),
  ...(order.pieceTrackingNumbers.length > 1 ? { pieceTrackingNumbers: [...order.pieceTrackingNumbers] } : {}),
});

/** `data` of GET /v1/track/{orderId}: its contract's type (shared/contract/track.ts). */
export type { TrackResponse };

export const toTrackResponse = (order: Order): TrackResponse => ({
  orderId: order.orderId,
  trackingNumber: order.trackingNumber,
  carrier: order.carrierCode,
  transitStatus: order.status,
  updated: order.updated ?? order.createdDate,
  events: order.events.map((e) => ({ status: e.status, code: e.code, description: e.description, location: e.location ?? null, occurredAt: e.occurredAt })),
  lastCheckedAt: order.lastCheckedAt ?? null,
  nextCheckAt: isFinal(order.status) ? null : (order.nextCheckAt ?? null),
  estimatedDelivery: order.commitment
    ? { date: order.commitment.commitDate, time: order.commitment.commitTime, guaranteed: order.commitment.guaranteed }
    : null,
  metadata: { trackingUrl: order.trackingUrl },
  mode: order.mode,
  manifest: order.manifestId ? { manifestId: order.manifestId, shipDate: order.manifestShipDate ?? '' } : null,
});

/** `data` of DELETE /v1/shipments/{orderId}: its contract's type (shared/contract/cancel.ts). */
export type { CancelResponse };

export const toCancelResponse = (order: Order): CancelResponse => ({
  orderId: order.orderId,
  status: 'cancelled',
  cancelledAt: order.cancelledAt ?? order.updated ?? order.createdDate,
  mode: order.mode,
});
