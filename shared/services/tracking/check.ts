/**
 * A check of one order under its check lease (docs/tracking.md), and the
 * tracking worker's check of a queued order (functions/tracking-check).
 *
 * A check holds the order's check lease (shared/store/tracking-schedule.ts)
 * from its claim to its last write, so two checks (two workers, a worker and
 * GET /track) never ask the carrier about one order at once. It writes the
 * order only when the carrier said something new (under the order's version,
 * so a concurrent cancel, advance or push is never lost), and always its
 * small schedule item.
 */
import type { CarrierRegistry } from '../../carriers/registry';
import type { DueCheck } from '../../domain/due-check';
import type { Order } from '../../domain/entities';
import { CHECK_INTERVAL_MS, isFinal, isPushed, nextCheckAt, retryCheckAt, type TrackingReport } from '../../domain/tracking';
import { getOrder, type StoredOrder } from '../../store/orders';
import { ConditionFailed } from '../../store/table-ops';
import { CHECK_LEASE_MS, claimCheck, completeCheck, reschedule, type ScheduleChange } from '../../store/tracking-schedule';
import { failureKind } from '../carrier-call';
import { createPushSubscriber, shipperCountryOf, type PushSubscriber } from '../push-subscription';
import { applyToOrder, carrierCallsOf, type CheckOutcome, type TrackingContext } from './context';

export { parseDueCheck } from '../../domain/due-check';

export type CheckDependencies = TrackingContext & { registry: CarrierRegistry };

/**
 * One check of an order, under its check lease: claims it (for a queued
 * check, only while it is due at the time it was found), asks the carrier,
 * writes the order if the carrier said something new, then frees the lease
 * with the next due time (one small write when nothing changed). `busy` when
 * another check holds the order or it is no longer due at `dueAt`; a carrier
 * failure moves the next check to the retry interval and keeps the rest.
 * `pushSubscriber`: renews a push subscription about to end (the worker's
 * checks; GET /track renews nothing).
 */
export const checkUnderLease = async (
  dependencies: CheckDependencies,
  stored: StoredOrder,
  dueAt: string | undefined,
  now: Date,
  timeoutMs: number,
  pushSubscriber?: PushSubscriber,
): Promise<{ order: Order; outcome: CheckOutcome }> => {
  const { logger, newToken, settings } = dependencies;
  const pace = () => settings.sandboxTrackingPace;
  const { order } = stored;
  const token = newToken();
  try {
    await claimCheck(order.orderId, { token, now, dueAt, staleBefore: new Date(now.getTime() - CHECK_LEASE_MS) });
  } catch (error) {
    if (error instanceof ConditionFailed) return { order, outcome: 'busy' };
    throw error;
  }
  const pushed = isPushed(stored.schedule, now);
  const finish = async (change: ScheduleChange) => {
    try {
      await completeCheck(order.orderId, token, change);
    } catch (error) {
      // Taken over: this check outlived its lease, and the taker writes the schedule.
      if (!(error instanceof ConditionFailed)) throw error;
      logger.warn('tracking check outlived its lease', { orderId: order.orderId });
    }
  };
  let report: TrackingReport;
  try {
    report = await carrierCallsOf(dependencies.registry).askCarrier(order, timeoutMs);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn('tracking check failed', { orderId: order.orderId, carrierCode: order.carrierCode, reason: failureKind(error), detail: message });
    await finish({ dueAt: retryCheckAt(now, pace()) });
    return { order, outcome: 'failed' };
  }
  const applied = await applyToOrder(dependencies, order, report, now, pushed);
  const renewal = pushSubscriber ? await renewPush(pushSubscriber, stored, applied.order, now) : undefined;
  if (renewal) applied.dueAt = nextCheckAt(applied.order, now, pace(), { pushed: isPushed({ ...stored.schedule, pushedUntil: renewal.pushedUntil }, now) });
  const lastCheckedAt = now.toISOString();
  await finish({ ...(applied.dueAt ? { dueAt: applied.dueAt } : {}), lastCheckedAt, ...(renewal?.pushedUntil ? { pushedUntil: renewal.pushedUntil } : {}) });
  const answered: Order = { ...applied.order, lastCheckedAt, ...(applied.dueAt ? { nextCheckAt: applied.dueAt } : {}) };
  return { order: answered, outcome: isFinal(order.status) ? 'final' : applied.changed ? 'changed' : 'unchanged' };
};

/**
 * A live order still moving whose push subscription ends before the next
 * safety poll would come: subscribed again (a renewal only extends it).
 * Undefined when nothing was tried; `pushedUntil` undefined when the
 * renewal failed, so the order goes back to its polled cadence.
 */
const renewPush = async (pushSubscriber: PushSubscriber, stored: StoredOrder, order: Order, now: Date): Promise<{ pushedUntil?: string } | undefined> => {
  const until = stored.schedule?.pushedUntil;
  if (!until || order.mode !== 'live' || isFinal(order.status) || !pushSubscriber.pushes(order)) return undefined;
  if (Date.parse(until) - now.getTime() > CHECK_INTERVAL_MS.pushed) return undefined;
  const pushedUntil = await pushSubscriber.subscribe(order, shipperCountryOf(stored.request), { point: false });
  return pushedUntil ? { pushedUntil } : {};
};

export type TrackingWorkerDependencies = CheckDependencies & {
  /** Renews a carrier's push subscription that is about to end (default: over `registry`). */
  pushSubscriber?: PushSubscriber;
};

/** The tracking worker: one check of each queued order (functions/tracking-check). */
export const createTrackingWorker = (dependencies: TrackingWorkerDependencies) => {
  const { registry, clock, logger, settings } = dependencies;
  const pushSubscriber = dependencies.pushSubscriber ?? createPushSubscriber({ registry, clock, logger });
  return {
    /**
     * A tracking worker's check of one queued order: dropped when the order is
     * gone, final, or no longer due at the time it was found (checked since);
     * otherwise checked under the order's lease. A final order whose schedule
     * is still in the index (a writer died between the order and the
     * schedule) leaves it.
     */
    async checkQueued(message: DueCheck): Promise<CheckOutcome> {
      const now = clock();
      const stored = await getOrder(message.orderId);
      if (!stored) return 'missing';
      if (isFinal(stored.order.status)) {
        if (stored.schedule?.dueAt) await reschedule(stored.order, {});
        return 'final';
      }
      const dueAt = stored.schedule?.dueAt;
      if (!dueAt || dueAt !== message.dueAt || Date.parse(dueAt) > now.getTime()) return 'busy';
      const { outcome } = await checkUnderLease(dependencies, stored, dueAt, now, settings.carrierTrackTimeoutMs, pushSubscriber);
      if (outcome === 'changed' || outcome === 'failed') logger.info('tracking check', { orderId: message.orderId, outcome });
      return outcome;
    },
  };
};

export type TrackingWorker = ReturnType<typeof createTrackingWorker>;
