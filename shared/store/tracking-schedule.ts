/**
 * The tracking schedule of an order (docs/tracking.md): a small item beside
 * the order (`ORDER#<id>` / `TRACK`) that says when the order is next checked
 * (`dueAt`, with `dueShard` the keys of the sparse tracking-due index), when
 * it was last checked, whether its carrier pushes its events, and which check
 * holds it now (`check`, a lease of shared/store/lease.ts).
 *
 * Why an item of its own: a check that finds nothing new writes only this
 * item (about 200 bytes: one write unit, and a delete and a put of the index
 * entry, one each) instead of rewriting the order (1.5 to 8 KB as its events
 * grow) and a whole copy of it in the index. The order item is written only
 * when the check changes it.
 *
 * The check lease keeps two checks off one order: the dispatcher may queue
 * an order twice, and GET /track checks a due order itself. A claim names the
 * due time its claimer saw, so a message left from an earlier round (the
 * order was checked since) finds the condition false and does nothing. A
 * claim older than CHECK_LEASE_MS is stale: its worker died, the order is
 * still due at the time it was, the dispatcher finds it again and the next
 * claim takes it over.
 */
import * as z from '../zod';
import { optionalText, text } from '../domain/leaves';
import type { DueCheck } from '../domain/due-check';
import type { KeyMode, Order } from '../domain/entities';
import { keys, pickupOfReconcileKey, PK_PREFIX, RECONCILE_SK, TRACKING_SHARDS } from './keys';
import { any, expressionOf, itemAbsent, itemExists } from './expressions';
import { defineLease } from './lease';
import { trackingDueIndex } from './table';
import { conditionalPut, conditionalUpdate, getItem, queryIndexUpTo, type TransactionWrite } from './table-ops';

export const SCHEDULE_ENTITY = 'trackingSchedule';

/**
 * How long a check may hold an order: a carrier call (at most the track
 * timeout) and two writes. A claim older than this is a dead worker's.
 */
export const CHECK_LEASE_MS = 2 * 60_000;

const checkSchema = z.object({ token: text, at: text });
export type CheckLease = z.infer<typeof checkSchema>;

const checkLease = defineLease({ kind: 'attribute', attribute: 'check', since: 'at', schema: checkSchema });

export const scheduleSchema = z.object({
  orderId: text,
  carrierCode: text,
  dueAt: optionalText,
  lastCheckedAt: optionalText,
  /** The carrier pushes this order's events until then (UPS Track Alert: 14 days from subscribing). */
  pushedUntil: optionalText,
  /** When the carrier last pushed an event of this order: the pushed cadence applies only once one has arrived. */
  pushSeenAt: optionalText,
  check: z.optional(checkSchema),
});
export type TrackingSchedule = z.infer<typeof scheduleSchema>;

/** The item of a new order's schedule, written with the order (the ship's transaction). */
export const scheduleItem = (order: Pick<Order, 'orderId' | 'carrierCode' | 'nextCheckAt' | 'lastCheckedAt'>) => ({
  ...keys.trackingSchedule(order.orderId),
  entityType: SCHEDULE_ENTITY,
  orderId: order.orderId,
  carrierCode: order.carrierCode,
  ...(order.lastCheckedAt ? { lastCheckedAt: order.lastCheckedAt } : {}),
  ...(order.nextCheckAt ? keys.trackingDue(order.orderId, order.nextCheckAt) : {}),
});

/** The schedule's put in a transaction, for a new order only. */
export const scheduleCreation = (order: Pick<Order, 'orderId' | 'carrierCode' | 'nextCheckAt' | 'lastCheckedAt'>): TransactionWrite => ({
  put: scheduleItem(order),
  condition: itemAbsent(),
});

export const getSchedule = (orderId: string): Promise<TrackingSchedule | undefined> => getItem(keys.trackingSchedule(orderId), scheduleSchema, true);

/**
 * Claims the check of an order: free, or held since before `staleBefore`.
 * With `dueAt` (a queued check: the due time the dispatcher found), only
 * while the order is still due at that time, so a message of an earlier round
 * does nothing. ConditionFailed when another check holds it, or the order
 * moved on.
 */
export const claimCheck = async (orderId: string, claim: { token: string; now: Date; dueAt?: string; staleBefore: Date }): Promise<void> => {
  await checkLease.claim(keys.trackingSchedule(orderId), {
    token: claim.token,
    now: claim.now,
    staleBefore: claim.staleBefore,
    ...(claim.dueAt ? { require: { equal: { [trackingDueIndex.sortKey]: claim.dueAt } } } : {}),
  });
};

/** What a finished check writes to the schedule: the next check (none once final) and the last time the carrier answered. */
export type ScheduleChange = { dueAt?: string; lastCheckedAt?: string; pushedUntil?: string; pushSeenAt?: string };

const changesOf = (orderId: string, change: ScheduleChange) => ({
  set: {
    ...(change.dueAt ? keys.trackingDue(orderId, change.dueAt) : {}),
    ...(change.lastCheckedAt ? { lastCheckedAt: change.lastCheckedAt } : {}),
    ...(change.pushedUntil ? { pushedUntil: change.pushedUntil } : {}),
    ...(change.pushSeenAt ? { pushSeenAt: change.pushSeenAt } : {}),
  },
  // A final order leaves the index: the schedule stays, with its last check.
  remove: change.dueAt ? [] : [trackingDueIndex.partitionKey, trackingDueIndex.sortKey],
});

/**
 * Ends `token`'s check with `change` and frees the order: the smallest write
 * of a check, one UpdateItem of the schedule. ConditionFailed when the lease
 * was taken over (this check ran past CHECK_LEASE_MS): the taker writes.
 */
export const completeCheck = async (orderId: string, token: string, change: ScheduleChange): Promise<void> => {
  await checkLease.complete(keys.trackingSchedule(orderId), token, changesOf(orderId, change));
};

/**
 * Moves the schedule of an order another writer changed (a cancel, an
 * operator's advance, a pushed event), leaving any check lease as it is: the
 * check's own completion then writes from the order it re-read. Creates the
 * schedule of an order that has none (written before schedules existed).
 */
export const reschedule = async (order: Pick<Order, 'orderId' | 'carrierCode'>, change: ScheduleChange): Promise<void> => {
  const e = expressionOf();
  const own = [e.equals('entityType', SCHEDULE_ENTITY, 'entity'), e.equals('orderId', order.orderId), e.equals('carrierCode', order.carrierCode, 'carrier')];
  await conditionalUpdate(keys.trackingSchedule(order.orderId), e.expression(e.update(changesOf(order.orderId, change), { set: own })));
};

/**
 * Records that the order's carrier pushes its events until `pushedUntil` (a
 * new subscription): one SET of the schedule, leaving its due time and any
 * check lease as they are.
 */
export const recordSubscription = async (orderId: string, pushedUntil: string): Promise<void> => {
  const e = expressionOf();
  await conditionalUpdate(keys.trackingSchedule(orderId), e.expression(e.update({ set: { pushedUntil } })), itemExists());
};

/** A check the dispatcher found due, the message of the tracking-checks queue: its schema is shared/domain/due-check.ts. */
export type { DueCheck };

const reconcileKindOf = (sk: unknown): 'SHIP' | 'VOID' | undefined =>
  sk === `${RECONCILE_SK}SHIP` ? 'SHIP' : sk === `${RECONCILE_SK}VOID` ? 'VOID' : undefined;

const orderIdOfPk = (pk: unknown): string | undefined =>
  typeof pk === 'string' && pk.startsWith(PK_PREFIX.order) ? pk.slice(PK_PREFIX.order.length) : undefined;

/** A page of checks due at `now` in one shard of the tracking-due index, oldest due first (keys only). */
export const dueChecks = async (
  shard: number,
  now: Date,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ checks: DueCheck[]; next?: Record<string, unknown> }> => {
  if (shard < 0 || shard >= TRACKING_SHARDS) throw new RangeError(`shard ${shard} is not one of 0..${TRACKING_SHARDS - 1}`);
  const page = await queryIndexUpTo(trackingDueIndex, keys.dueShard(shard), now.toISOString(), limit, start);
  const checks = page.items.flatMap((item): DueCheck[] => {
    const dueAt = item[trackingDueIndex.sortKey];
    const pickup = pickupOfReconcileKey(item.pk, item.sk);
    if (pickup && typeof dueAt === 'string') return [{ orderId: pickup.pickupId, dueAt, reconcile: 'PICKUP' as const, companyId: pickup.companyId }];
    const orderId = orderIdOfPk(item.pk);
    if (!orderId || typeof dueAt !== 'string') return [];
    const reconcile = reconcileKindOf(item.sk);
    return [{ orderId, dueAt, ...(reconcile ? { reconcile } : {}) }];
  });
  return { checks, next: page.next };
};

/** Points a carrier's tracking number at its order of `mode`, for the events the carrier pushes (written before subscribing). */
export const pointTrackingNumber = async (carrierCode: string, trackingNumber: string, orderId: string, mode: KeyMode): Promise<void> => {
  const e = expressionOf();
  // A second subscription of the same order rewrites the same; another order's number is never taken.
  const unclaimedOrOurs = e.expression(any(e.absent('pk'), e.equals('orderId', orderId)));
  await conditionalPut({ ...keys.trackingNumber(carrierCode, trackingNumber, mode), entityType: 'trackingNumber', orderId }, unclaimedOrOurs);
};

const pointerSchema = z.object({ orderId: text });

/**
 * The order of `mode` a carrier's tracking number belongs to, if it was pointed at one. A carrier
 * pushes only its production's events (docs/ups.md, "Track Alert"): `live` unless said otherwise.
 */
export const orderOfTrackingNumber = async (carrierCode: string, trackingNumber: string, mode: KeyMode = 'live'): Promise<string | undefined> =>
  (await getItem(keys.trackingNumber(carrierCode, trackingNumber, mode), pointerSchema))?.orderId;
