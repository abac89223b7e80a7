/**
 * Tracking and cancelling (spec 4.8, 4.9, docs/decisions.md): GET /v1/track
 * answers the order's tracking, asking the carrier first when the order is
 * due; the scheduled refresh checks the due orders through the active-orders
 * index; an operator's `shipment advance` and a cancel move the order through
 * the same writes as a carrier's report. Every write is conditioned on the
 * order's version, so concurrent checks, cancels and advances never lose one
 * another's events: the loser re-reads and applies its report again.
 *
 * A status change is a change of the order item's `status`, which is what the
 * notify function's stream filter passes on (shared/manifest.ts).
 */
import { carrierAccountById } from '../carriers/accounts';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import { CarrierRefusal, type CarrierCallOptions, type CarrierTracking } from '../domain/carrier';
import {
  applyReport,
  cancelledUpdate,
  isCancellable,
  isFinal,
  isStale,
  operatorReport,
  failedCheckUpdate,
  shipmentRefOf,
  toCancelResponse,
  toTrackResponse,
  type CancelResponse,
  type OperatorStatus,
  type TrackingReport,
  type TrackingUpdate,
  type TrackResponse,
} from '../domain/tracking';
import type { KeyMode, Order, TrackingEvent } from '../domain/types';
import { AppError, notFound } from '../errors';
import type { LogAttributes } from '../logger';
import { ACTIVE_ORDER_SHARDS } from '../store/keys';
import { dueOrders, getOrder, saveTracking, type StoredOrder } from '../store/orders';
import { ConditionFailed } from '../store/table-ops';
import { callCarrier, failureKind } from './carrier-call';
import { ownOrder } from './own-order';
import type { ServiceLogger } from './rating';

export type TrackingDependencies = {
  registry: CarrierRegistry;
  clock?: () => Date;
  logger: ServiceLogger & { info(message: string, attributes: LogAttributes): void };
  /** Sandbox pace (shared/config.ts SANDBOX_TRACKING_PACE), read at each use. */
  pace?: () => number;
};

/**
 * How long a write of one order keeps retrying lost races. Every lost race
 * means another writer's write landed, so the order moves on; the bound only
 * matters under a storm of writers. A reader (GET /track, the refresh) stops
 * sooner and answers what is stored.
 */
const WRITE_BUDGET_MS = { read: 2_000, write: 10_000 } as const;
/** Backoff between attempts: full jitter, doubling from 5 ms up to 200 ms. */
const backoffMs = (attempt: number) => Math.random() * Math.min(200, 5 * 2 ** attempt);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sameEvents = (a: readonly TrackingEvent[], b: readonly TrackingEvent[]) =>
  a.length === b.length && a.every((e, i) => e.code === b[i]!.code && e.occurredAt === b[i]!.occurredAt);

/** A write that kept losing races for its whole budget; the order is as the winners left it. */
export class OrderBusy extends Error {
  constructor(readonly order: Order) {
    super(`order ${order.orderId} kept changing under concurrent writes`);
    this.name = 'OrderBusy';
  }
}

export type RefreshSummary = {
  /** Orders whose carrier was asked. */
  checked: number;
  /** Of those, orders whose status changed. */
  changed: number;
  /** Checks the carrier did not answer: retried later. */
  failed: number;
  /** Whether due orders were left for the next run (batch size or time budget reached). */
  more: boolean;
};

export type RefreshOptions = { batch?: number; concurrency?: number; budgetMs?: number };

const notCancellable = (status: string) =>
  new AppError(409, 'NOT_CANCELLABLE', `The shipment is ${status === 'intransit' ? 'in transit' : status}; only a shipment not yet picked up can be cancelled`);

export const createTrackingService = ({ registry, clock = () => new Date(), logger, pace = () => config.sandboxTrackingPace }: TrackingDependencies) => {
  const adapterOf = (order: Order) => {
    const adapter = registry.getAdapter(order.carrierCode);
    if (!adapter) throw new Error(`No carrier adapter for ${order.carrierCode}`);
    return adapter;
  };

  /**
   * What a track or void of the order is made under: the order's mode (a test
   * order only ever reaches its carrier's test environment, from GET /track,
   * a cancel or the scheduled refresh alike) and the carrier account that
   * bought it; no account for a sandbox plan without one.
   */
  const callOptionsOf = async (order: Order): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
    mode: order.mode,
    ...(order.carrierAccountId ? { account: await carrierAccountById(order.carrierAccountId, { carrierCode: order.carrierCode }) } : {}),
  });

  const askCarrier = async ({ order }: StoredOrder, timeoutMs: number): Promise<CarrierTracking> => {
    const options = await callOptionsOf(order);
    return callCarrier(order.carrierCode, timeoutMs, (signal) => adapterOf(order).track(shipmentRefOf(order), { ...options, signal }));
  };

  /**
   * Writes `change(order, raced)` under the order's version; on a lost race,
   * reads the order again and recomputes with `raced` true, so the change can
   * see that the winner already did its work. `change` returns undefined when
   * there is nothing (left) to write. Throws OrderBusy when the budget runs out.
   */
  const writeWithRetry = async (
    orderId: string,
    first: Order,
    change: (order: Order, raced: boolean) => { update: TrackingUpdate; cancelledAt?: string } | undefined,
    budgetMs: number = WRITE_BUDGET_MS.write,
  ): Promise<Order> => {
    const deadline = Date.now() + budgetMs;
    let current = first;
    for (let attempt = 0; ; attempt++) {
      const next = change(current, attempt > 0);
      if (!next) return current;
      try {
        return await saveTracking(current, next.update, { cancelledAt: next.cancelledAt });
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        const again = await getOrder(orderId);
        if (!again) throw notFound('order not found');
        current = again.order;
        if (Date.now() >= deadline) throw new OrderBusy(current);
        await sleep(backoffMs(attempt));
      }
    }
  };

  /**
   * Applies a carrier's report. A final order is left as it is. After a lost
   * race, a report that adds nothing to what the winner stored (concurrent
   * readers of one due order all ask the carrier and hear the same) is not
   * written again: the winner's write stands, and every event is kept.
   */
  const applyCheck = (order: Order, report: TrackingReport, now: Date) =>
    writeWithRetry(
      order.orderId,
      order,
      (current, raced) => {
        if (isFinal(current.status)) return undefined;
        const update = applyReport(current, report, now, pace());
        if (raced && !isStale(current, now) && !update.changed && sameEvents(update.events, current.events)) return undefined;
        return { update };
      },
      WRITE_BUDGET_MS.read,
    ).catch((error: unknown) => {
      if (error instanceof OrderBusy) return error.order;
      throw error;
    });

  /** Asks the carrier and stores the answer; a carrier failure moves the next check back and keeps the rest. */
  const check = async (stored: StoredOrder, now: Date, timeoutMs: number): Promise<{ order: Order; ok: boolean }> => {
    try {
      const report = await askCarrier(stored, timeoutMs);
      return { order: await applyCheck(stored.order, report, now), ok: true };
    } catch (error) {
      if (error instanceof ConditionFailed) throw error;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('tracking check failed', { orderId: stored.order.orderId, carrierCode: stored.order.carrierCode, reason: failureKind(error), detail: message });
      return { order: stored.order, ok: false };
    }
  };

  return {
    /** GET /v1/track/{orderId}: the caller's order, refreshed first when it is due (within the track timeout). */
    async track(companyId: string, orderId: string, mode: KeyMode): Promise<TrackResponse> {
      const stored = await ownOrder(companyId, orderId, mode);
      const now = clock();
      if (!isStale(stored.order, now)) return toTrackResponse(stored.order);
      // On a carrier failure the stored tracking is answered; its lastCheckedAt says how old it is.
      const { order } = await check(stored, now, config.carrierTrackTimeoutMs);
      return toTrackResponse(order);
    },

    /**
     * The scheduled refresh: the due orders of every shard of the active-orders
     * index (Query, never Scan), oldest due first, a bounded number per run and
     * within a time budget, a few carrier calls at once.
     */
    async refreshDue(options: RefreshOptions = {}): Promise<RefreshSummary> {
      const batch = options.batch ?? config.trackingRefreshBatch;
      const concurrency = Math.max(1, options.concurrency ?? config.trackingRefreshConcurrency);
      const budgetMs = options.budgetMs ?? config.trackingRefreshBudgetMs;
      const started = Date.now();
      const now = clock();
      const summary: RefreshSummary = { checked: 0, changed: 0, failed: 0, more: false };
      const due: StoredOrder[] = [];
      for (let shard = 0; shard < ACTIVE_ORDER_SHARDS; shard++) {
        let start: Record<string, unknown> | undefined;
        do {
          const left = batch - due.length;
          if (left <= 0) {
            summary.more = true;
            break;
          }
          const page = await dueOrders(shard, now, Math.min(left, 100), start);
          due.push(...page.orders);
          start = page.next;
        } while (start);
      }
      let next = 0;
      const worker = async () => {
        while (next < due.length) {
          if (Date.now() - started > budgetMs) {
            summary.more = true;
            return;
          }
          const stored = due[next++]!;
          try {
            const before = stored.order.status;
            const { order, ok } = await check(stored, now, config.carrierTrackTimeoutMs);
            summary.checked += 1;
            if (!ok) {
              summary.failed += 1;
              await writeWithRetry(
                order.orderId,
                order,
                (current, raced) => (isFinal(current.status) || (raced && !isStale(current, now)) ? undefined : { update: failedCheckUpdate(current, now, pace()) }),
                WRITE_BUDGET_MS.read,
              );
            } else if (order.status !== before) summary.changed += 1;
          } catch (error) {
            // One order's store failure (or a storm of writers on it) never stops the others; it stays due.
            summary.failed += 1;
            logger.error('tracking refresh of an order failed', { orderId: stored.order.orderId, error });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
      // A run that found nothing due says nothing: locally the timer runs every few seconds.
      if (due.length > 0) logger.info('tracking refresh', { ...summary, due: due.length });
      return summary;
    },

    /** The sandbox operator moves an order on (`admin shipment advance`): the same write as a carrier's report. */
    async advance(orderId: string, status: OperatorStatus): Promise<{ orderId: string; transitStatus: Order['status'] }> {
      const stored = await getOrder(orderId.toLowerCase());
      if (!stored) throw notFound(`order ${orderId} not found`);
      const now = clock();
      // A concurrent advance that already took the order to `status` did the work.
      const order = await writeWithRetry(stored.order.orderId, stored.order, (current, raced) =>
        isFinal(current.status) || (raced && current.status === status) ? undefined : { update: applyReport(current, operatorReport(status, now), now, pace()) },
      );
      if (order.status !== status) {
        throw new Error(`order ${orderId} is ${order.status}; it cannot move to ${status}`);
      }
      return { orderId: order.orderId, transitStatus: order.status };
    },

    /**
     * DELETE /v1/shipments/{orderId}: voids the shipment at the carrier, then
     * marks the order cancelled. Cancelling again answers the same; once
     * picked up it is 409; a carrier refusal or failure is 502 with the
     * carrier's reason and the order unchanged.
     */
    async cancel(companyId: string, orderId: string, mode: KeyMode): Promise<CancelResponse> {
      const stored = await ownOrder(companyId, orderId, mode);
      if (stored.order.status === 'cancelled') return toCancelResponse(stored.order);
      if (!isCancellable(stored.order.status)) throw notCancellable(stored.order.status);
      const { order } = stored;
      try {
        const options = await callOptionsOf(order);
        await callCarrier(order.carrierCode, config.carrierCancelTimeoutMs, (signal) => adapterOf(order).cancel(shipmentRefOf(order), { ...options, signal }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn('carrier cancel failed', { orderId: order.orderId, carrierCode: order.carrierCode, reason: failureKind(error), detail: message });
        const reason = error instanceof CarrierRefusal ? `${order.carrierCode} refused to cancel the shipment: ${message}` : `${order.carrierCode} could not cancel the shipment: ${message}`;
        // The carrier's reason is the integrator's to read: expose it, as a 4xx message is.
        throw new AppError(502, 'CARRIER_ERROR', reason, { expose: true });
      }
      const now = clock();
      let written: Order;
      try {
        written = await writeWithRetry(order.orderId, order, (current) =>
          current.status === 'pending' ? { update: cancelledUpdate(current, now), cancelledAt: now.toISOString() } : undefined,
        );
      } catch (error) {
        if (!(error instanceof OrderBusy)) throw error;
        // The carrier has voided it; voiding again is idempotent, so a retry completes the cancel.
        logger.error('cancel could not be stored under concurrent writes', { orderId: order.orderId });
        throw new AppError(409, 'ORDER_BUSY', 'The order is being changed by concurrent requests; retry shortly', { headers: { 'retry-after': '1' } });
      }
      if (written.status === 'cancelled') return toCancelResponse(written);
      // The carrier voided it, yet a check moved the order on meanwhile: the carrier's word on pickup came first.
      logger.error('order moved on while its shipment was voided', { orderId: order.orderId, status: written.status });
      throw notCancellable(written.status);
    },
  };
};

export type TrackingService = ReturnType<typeof createTrackingService>;
