/**
 * Orders and the claim that makes a ship exactly-once per rate response
 * (docs/decisions.md, shipping). The guarantee lives in the data, so it holds across
 * containers:
 *
 * - a ship first claims the rate response: a conditional write of
 *   `claim = {token, orderId, at}` that succeeds only when the rate response
 *   has no order and no claim younger than the stale limit;
 * - the order is then written together with `orderId` on the rate response,
 *   in one transaction conditioned on the claim's token, so a rate response
 *   gets at most one order whatever the interleaving;
 * - a carrier failure releases the claim (conditioned on the token), and the
 *   rate response can be shipped again;
 * - a claim left by a ship that died between the carrier call and the order
 *   write goes stale; the next ship takes it over with the same orderId, and
 *   since the carrier reference is the rateResponseId, asks the carrier for
 *   the shipment it already made.
 *
 * The claim is a lease of shared/store/lease.ts, the primitive every
 * exactly-once protocol of the store shares.
 *
 * The order keeps a copy of its rate request (gzip JSON, as the rate request
 * item), because labels and tracking outlive the rate records' 24 hours.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as z from '../zod';
import { optionalText, text } from '../domain/leaves';
import { notFound } from '../errors';
import { isUuid } from '../domain/ids';
import type { TrackingUpdate } from '../domain/tracking';
import { orderSchema, type Order } from '../domain/entities';
import { all, expressionOf, itemAbsent } from './expressions';
import { keys } from './keys';
import { defineLease } from './lease';
import { getRateResponseWith } from './rates';
import { perRequest } from './request-scope';
import { ConditionFailed, conditionalUpdate, getItem, queryOrderItems, transactWrite, type TransactionWrite } from './table-ops';
import { scheduleCreation, scheduleSchema, SCHEDULE_ENTITY, type TrackingSchedule } from './tracking-schedule';

/**
 * `shipTime`: when the shipment is tendered to the carrier, kept by a takeover
 * so the carrier hears the same ship request again (absent on claims written
 * before it existed: their `at` is that time).
 */
export type ShipClaim = { token: string; orderId: string; at: string; shipTime?: string };

const claimSchema = z.object({ token: text, orderId: text, at: text, shipTime: optionalText });

/** The claim is the lease (shared/store/lease.ts) in the rate response's `claim` attribute, removed when its order is written. */
const shipClaim = defineLease({ kind: 'attribute', attribute: 'claim', since: 'at', schema: claimSchema });

/**
 * A ship attempt whose outcome is unknown: the carrier call was made and
 * ended without a clear answer (a timeout, a lost connection, a 5xx), so the
 * carrier may have bought the shipment. The next ship of the rate response
 * asks the carrier for it first (`ShipInput.mayExist`), with the same order
 * id and ship time. Removed when the order is written.
 */
export type UncertainAttempt = { orderId: string; shipTime: string; at: string };

const uncertainSchema = z.object({ orderId: text, shipTime: text, at: text });

/** The ship state of a rate response: shipped (its order), claimed (in flight or stale) or free, and whether an attempt may have shipped. */
export type ShipState = { orderId?: string; claim?: ShipClaim; uncertainAttempt?: UncertainAttempt };

const UNCERTAIN = 'uncertainAttempt';

const shipStateItem = z.object({ orderId: optionalText, claim: z.optional(shipClaim.schema), [UNCERTAIN]: z.optional(uncertainSchema) });

export const getShipState = async (rateResponseId: string): Promise<ShipState | undefined> => getItem(keys.rateResponse(rateResponseId), shipStateItem, true);

/** The rate response as its owner sees it and its ship state, from one read. */
export const getRateForShip = async (rateResponseId: string, companyId: string, now: Date) => {
  const { rate, extra } = await getRateResponseWith(rateResponseId, companyId, shipStateItem, now);
  return { rate, state: rate.status === 'missing' ? undefined : extra };
};

/**
 * Claims the rate response for a ship. `previous` is the stale claim being
 * taken over, if any: the write then requires exactly that claim, so two
 * takers of one stale claim cannot both win. Throws ConditionFailed when
 * another ship holds it or it has its order.
 */
export const claimRate = async (rateResponseId: string, companyId: string, claim: ShipClaim, previous?: ShipClaim): Promise<void> => {
  const { token, at, ...data } = claim;
  // No staleBefore: the service decides a claim is stale, and names it.
  await shipClaim.claim(keys.rateResponse(rateResponseId), {
    token,
    now: new Date(at),
    data,
    ...(previous ? { takeOver: { token: previous.token } } : {}),
    require: { equal: { companyId }, absent: ['orderId'] },
  });
};

/**
 * Gives the rate response back after a failure; a claim already taken over by
 * another ship stays theirs. `uncertain`: the carrier call ended without a
 * clear answer, noted in the same write for the next ship.
 */
export const releaseClaim = async (rateResponseId: string, token: string, uncertain?: UncertainAttempt): Promise<void> => {
  await shipClaim.release(keys.rateResponse(rateResponseId), token, uncertain ? { set: { [UNCERTAIN]: uncertain } } : {});
};

/**
 * Writes the order and marks the rate response shipped, together, if the
 * claim is still `token`'s, with `also` (the reconciliation record's
 * removal). Throws ConditionFailed otherwise (another ship took the claim
 * over), in which case nothing is written.
 */
export const completeShipment = async (
  order: Order,
  request: Record<string, unknown>,
  token: string,
  also: readonly TransactionWrite[] = [],
): Promise<void> => {
  await transactWrite([
    ...also,
    {
      put: {
        ...keys.order(order.orderId),
        entityType: 'order',
        ...order,
        requestGzip: gzipSync(JSON.stringify(request)),
      },
      condition: itemAbsent(),
    },
    // A new order is pending: its schedule enters the tracking-due index at its first check.
    scheduleCreation(order),
    shipClaim.completion(keys.rateResponse(order.rateResponseId), token, { set: { orderId: order.orderId }, remove: [UNCERTAIN] }),
  ]);
};

const orderItem = z.extend(orderSchema, { requestGzip: z.instanceof(Uint8Array) });

/**
 * An order as read: the order item, its rate request, and its tracking
 * schedule (shared/store/tracking-schedule.ts, written with the order by the
 * ship). `order.lastCheckedAt` and `order.nextCheckAt` are the
 * schedule's when it has them: a check that finds nothing new writes only the
 * schedule.
 */
export type StoredOrder = { order: Order; request: Record<string, unknown>; schedule?: TrackingSchedule };

/** getOrder shared within a request (./request-scope.ts), for a route that reads it alongside authentication; '' or a malformed id reads nothing. */
export const getOrderOnce = (orderId: string): Promise<StoredOrder | undefined> =>
  isUuid(orderId) ? perRequest(`order:${orderId.toLowerCase()}`, () => getOrder(orderId.toLowerCase())) : Promise.resolve(undefined);

/** The order, whoever owns it: the caller decides what another company's order means (404 on ship, 403 on labels). One Query reads the order and its schedule. */
export const getOrder = async (orderId: string): Promise<StoredOrder | undefined> => {
  const items = await queryOrderItems(keys.order(orderId).pk, keys.order(orderId).sk, keys.trackingSchedule(orderId).sk);
  const orderRecord = items.find((item) => item.sk === keys.order(orderId).sk);
  if (!orderRecord) return undefined;
  const scheduleRecord = items.find((item) => item.sk === keys.trackingSchedule(orderId).sk && item.entityType === SCHEDULE_ENTITY);
  return storedOrderOf(orderItem.parse(orderRecord), scheduleRecord ? scheduleSchema.parse(scheduleRecord) : undefined);
};

const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

const storedOrderOf = (item: z.infer<typeof orderItem>, schedule?: TrackingSchedule): StoredOrder => {
  const { requestGzip, ...fields } = item;
  const lastCheckedAt = later(fields.lastCheckedAt, schedule?.lastCheckedAt);
  const order: Order = {
    ...fields,
    ...(lastCheckedAt ? { lastCheckedAt } : {}),
    // A schedule without a due time belongs to a final order (the order item keeps the one it had).
    ...(schedule?.dueAt ? { nextCheckAt: schedule.dueAt } : {}),
  };
  return { order, request: JSON.parse(gunzipSync(requestGzip).toString('utf8')) as Record<string, unknown>, ...(schedule ? { schedule } : {}) };
};

/**
 * Writes a tracking check, or a cancel, if the order is still at the version
 * that was read (optimistic lock: a concurrent check, cancel or operator
 * advance makes this one fail with ConditionFailed, and the caller re-reads).
 * It writes the order item only: the caller moves the order's schedule
 * (shared/store/tracking-schedule.ts) after it. Returns the order as written.
 */
export const saveTracking = async (order: Order, update: TrackingUpdate, extra: { cancelledAt?: string } = {}): Promise<Order> => {
  // Every attribute by placeholder: several of these names are DynamoDB reserved words.
  const e = expressionOf();
  const changes = e.update(
    {
      set: {
        status: update.status,
        events: update.events,
        updated: update.updated,
        ...(update.lastCheckedAt ? { lastCheckedAt: update.lastCheckedAt } : {}),
        ...(update.nextCheckAt ? { nextCheckAt: update.nextCheckAt } : {}),
        ...(extra.cancelledAt ? { cancelledAt: extra.cancelledAt } : {}),
      },
    },
    { set: [`${e.name('version')} = ${e.value('next', order.version + 1)}`] },
  );
  const atVersionRead = all(e.exists('pk'), e.equals('version', order.version));
  const written = await conditionalUpdate(keys.order(order.orderId), e.expression(changes), e.expression(atVersionRead));
  return storedOrderOf(orderItem.parse(written)).order;
};

/** A write that kept losing races for its whole budget; the order is as the winners left it. */
export class OrderBusy extends Error {
  constructor(readonly order: Order) {
    super(`order ${order.orderId} kept changing under concurrent writes`);
    this.name = 'OrderBusy';
  }
}

/** What one try of a versioned write writes: a tracking update, and the cancel's time with a cancel. */
export type OrderChange = { update: TrackingUpdate; cancelledAt?: string };

/**
 * How a versioned write waits and gives up, all injected by the caller:
 * `budgetMs` on the `elapsedMs` stopwatch (a monotonic clock, never the
 * business clock a test sets), and `random` for the jitter of the backoff.
 */
export type RaceOptions = { budgetMs: number; elapsedMs: () => number; random: () => number };

/** Backoff between attempts: full jitter, doubling from 5 ms up to 200 ms. */
const backoffMs = (attempt: number, random: () => number) => random() * Math.min(200, 5 * 2 ** attempt);

/**
 * The order's optimistic-concurrency write, one primitive for every writer
 * of an order's tracking (a check, a pushed event, a cancel, an operator's
 * advance): writes `change(order, raced)` under the order's version
 * (saveTracking); on a lost race reads the order again and recomputes with
 * `raced` true, so the change can see that the winner already did its work.
 * `change` returns undefined when there is nothing (left) to write: the order
 * as it stands is returned. Every lost race means another writer's write
 * landed, so the order moves on; the budget only matters under a storm of
 * writers, and then OrderBusy carries the order as the winners left it.
 */
export const writeOrderUnderVersion = async (
  first: Order,
  change: (order: Order, raced: boolean) => OrderChange | undefined,
  { budgetMs, elapsedMs, random }: RaceOptions,
): Promise<Order> => {
  const deadline = elapsedMs() + budgetMs;
  let current = first;
  for (let attempt = 0; ; attempt++) {
    const next = change(current, attempt > 0);
    if (!next) return current;
    try {
      return await saveTracking(current, next.update, { cancelledAt: next.cancelledAt });
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      const again = await getOrder(first.orderId);
      if (!again) throw notFound('order not found');
      current = again.order;
      if (elapsedMs() >= deadline) throw new OrderBusy(current);
      await sleep(backoffMs(attempt, random));
    }
  }
};
