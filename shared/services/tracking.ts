/**
 * Tracking and cancelling (spec 4.8, 4.9, docs/decisions.md, docs/tracking.md):
 * GET /v1/track answers the order's tracking, asking the carrier first when
 * the order is due; the dispatcher (`dispatchDue`) finds the due checks shard
 * by shard through the tracking-due index and queues them, and the tracking
 * workers (`checkQueued`) make them; an operator's `shipment advance`, a
 * cancel and a carrier's pushed event move the order through the same writes
 * as a polled report.
 *
 * A check holds the order's check lease (shared/store/tracking-schedule.ts)
 * from its claim to its last write, so two checks (two workers, a worker and
 * GET /track) never ask the carrier about one order at once. It writes the
 * order only when the carrier said something new, and always its small
 * schedule item. Every order write is conditioned on the order's version, so
 * concurrent checks, cancels, advances and pushes never lose one another's
 * events: the loser re-reads and applies its report again.
 *
 * A status change is a change of the order item's `status`, which is what the
 * notify function's stream filter passes on (shared/manifest.ts).
 */
import { carrierAccountById, isAccountNotConfigured } from '../carriers/accounts';
import type { ShipmentCarriers } from '../carriers/shipment-carriers';
import { config } from '../config';
import { CarrierRefusal, type CarrierAdapter, type CarrierCallOptions, type CarrierTracking } from '../domain/carrier';
import { randomUUID } from 'node:crypto';
import {
  addsToOrder,
  applyReport,
  CHECK_INTERVAL_MS,
  cancelledUpdate,
  isCancellable,
  isFinal,
  isPushed,
  isStale,
  nextCheckAt,
  operatorReport,
  retryCheckAt,
  shipmentRefOf,
  toCancelResponse,
  toTrackResponse,
  type CancelResponse,
  type OperatorStatus,
  type TrackingReport,
  type TrackingUpdate,
  type TrackResponse,
} from '../domain/tracking';
import type { KeyMode, Order } from '../domain/entities';
import { AppError, notFound } from '../errors';
import type { LogAttributes } from '../logger';
import { queueOf, type QueuePort } from '../queues';
import { TRACKING_SHARDS } from '../store/keys';
import { getOrder, saveTracking, type StoredOrder } from '../store/orders';
import { reopenShipment, takeForCancel } from '../store/manifests';
import { dropRecord, recordAttempt } from '../store/reconciliation';
import { ConditionFailed } from '../store/table-ops';
import {
  CHECK_LEASE_MS,
  claimCheck,
  completeCheck,
  dueChecks,
  reschedule,
  type DueCheck,
  type ScheduleChange,
} from '../store/tracking-schedule';
import { callCarrier, failureKind } from './carrier-call';
import { ownOrder } from './own-order';
import { createPushSubscriber, shipperCountryOf, type PushSubscriber } from './push-subscription';
import type { ServiceLogger } from './rating';

export type TrackingDependencies = {
  registry: ShipmentCarriers;
  clock?: () => Date;
  logger: ServiceLogger & { info(message: string, attributes: LogAttributes): void };
  /** Sandbox pace (shared/config.ts SANDBOX_TRACKING_PACE), read at each use. */
  pace?: () => number;
  /** Where the dispatcher queues checks (default: the tracking-checks queue, shared/queues.ts). */
  queue?: () => QueuePort<DueCheck>;
  newToken?: () => string;
  /** Renews a carrier's push subscription that is about to end (default: over `registry`). */
  pushSubscriber?: PushSubscriber;
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

/** A write that kept losing races for its whole budget; the order is as the winners left it. */
export class OrderBusy extends Error {
  constructor(readonly order: Order) {
    super(`order ${order.orderId} kept changing under concurrent writes`);
    this.name = 'OrderBusy';
  }
}

/** What one check came to. `busy`: another check holds the order, or it was checked since it was found due. */
export type CheckOutcome = 'changed' | 'unchanged' | 'failed' | 'busy' | 'final' | 'missing';

export type DispatchSummary = {
  /** Checks queued by this run. */
  queued: number;
  /** Messages already waiting when the run began. */
  backlog: number;
  /** Whether due checks were left for the next run (backlog limit or time budget). */
  more: boolean;
};

export type DispatchOptions = { backlog?: number; budgetMs?: number; pageSize?: number };

/** Due checks read from one shard at a time: one Query page (KEYS_ONLY entries of about 100 bytes, so well under 1 MB). */
const PAGE_SIZE = 1_000;

const notCancellable = (status: string) =>
  new AppError(409, 'NOT_CANCELLABLE', `The shipment is ${status === 'intransit' ? 'in transit' : status}; only a shipment not yet picked up can be cancelled`);

export const createTrackingService = ({
  registry,
  clock = () => new Date(),
  logger,
  pace = () => config.sandboxTrackingPace,
  queue = () => queueOf<DueCheck>('tracking-checks'),
  newToken = randomUUID,
  pushSubscriber = createPushSubscriber({ registry, clock, logger }),
}: TrackingDependencies) => {
  const adapterOf = (order: Order) => {
    const adapter = registry.getAdapter(order.carrierCode);
    if (!adapter) throw new Error(`No carrier adapter for ${order.carrierCode}`);
    return adapter;
  };

  /**
   * What a track or void of the order is made under: the order's mode (a test
   * order only ever reaches its carrier's test environment, from GET /track,
   * a cancel or a tracking worker alike) and the carrier account that
   * bought it; no account for a sandbox plan without one.
   */
  const callOptionsOf = async (order: Order): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
    mode: order.mode,
    ...(order.carrierAccountId ? { account: await carrierAccountById(order.carrierAccountId, { carrierCode: order.carrierCode }) } : {}),
  });

  const askCarrier = async (order: Order, timeoutMs: number): Promise<CarrierTracking> => {
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
   * Applies a report (polled or pushed) to the order: written only when it
   * adds a status or an event; a final order is left as it is. Returns the
   * order as it stands and the schedule it calls for. A storm of writers
   * leaves the order as they wrote it (OrderBusy is answered, not thrown).
   */
  const applyToOrder = async (order: Order, report: TrackingReport, now: Date, pushed: boolean): Promise<{ order: Order; changed: boolean; wrote: boolean; dueAt?: string }> => {
    let changed = false;
    let wrote = false;
    const written = await writeWithRetry(
      order.orderId,
      order,
      (current) => {
        // Each try decides afresh: a retry that finds its report already written writes nothing.
        changed = false;
        wrote = false;
        if (isFinal(current.status)) return undefined;
        const update = applyReport(current, report, now, pace(), { pushed });
        if (!addsToOrder(current, update)) return undefined;
        changed = update.status !== current.status;
        wrote = true;
        return { update };
      },
      WRITE_BUDGET_MS.read,
    ).catch((error: unknown) => {
      if (!(error instanceof OrderBusy)) throw error;
      // The last try's write did not land.
      changed = false;
      wrote = false;
      return error.order;
    });
    return { order: written, changed, wrote, dueAt: nextCheckAt(written, now, pace(), { pushed }) };
  };

  /**
   * One check of an order, under its check lease: claims it (for a queued
   * check, only while it is due at the time it was found), asks the carrier, writes the order if the carrier said
   * something new, then frees the lease with the next due time (one small
   * write when nothing changed). `busy` when another check holds the order or
   * it is no longer due at `dueAt`; a carrier failure moves the next check to
   * the retry interval and keeps the rest.
   */
  const checkUnderLease = async (
    stored: StoredOrder,
    dueAt: string | undefined,
    now: Date,
    timeoutMs: number,
    options: { renewPush?: boolean } = {},
  ): Promise<{ order: Order; outcome: CheckOutcome }> => {
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
      report = await askCarrier(order, timeoutMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('tracking check failed', { orderId: order.orderId, carrierCode: order.carrierCode, reason: failureKind(error), detail: message });
      await finish({ dueAt: retryCheckAt(now, pace()) });
      return { order, outcome: 'failed' };
    }
    const applied = await applyToOrder(order, report, now, pushed);
    const renewal = options.renewPush ? await renewPush(stored, applied.order, now) : undefined;
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
  const renewPush = async (stored: StoredOrder, order: Order, now: Date): Promise<{ pushedUntil?: string } | undefined> => {
    const until = stored.schedule?.pushedUntil;
    if (!until || order.mode !== 'live' || isFinal(order.status) || !pushSubscriber.pushes(order)) return undefined;
    if (Date.parse(until) - now.getTime() > CHECK_INTERVAL_MS.pushed) return undefined;
    const pushedUntil = await pushSubscriber.subscribe(order, shipperCountryOf(stored.request), { point: false });
    return pushedUntil ? { pushedUntil } : {};
  };

  /** A final order whose schedule is still in the index (a writer died between the order and the schedule): out of it. */
  const settle = async (order: Order): Promise<void> => {
    await reschedule(order, {});
  };

  return {
    /** GET /v1/track/{orderId}: the caller's order, refreshed first when it is due (within the track timeout). */
    async track(companyId: string, orderId: string, mode: KeyMode): Promise<TrackResponse> {
      const stored = await ownOrder(companyId, orderId, mode);
      const now = clock();
      if (!isStale(stored.order, now)) return toTrackResponse(stored.order);
      // No due time: final meanwhile. An order a worker is checking answers its stored tracking, as on a
      // carrier failure; lastCheckedAt says how old it is.
      if (!stored.schedule?.dueAt) return toTrackResponse(stored.order);
      const { order } = await checkUnderLease(stored, undefined, now, config.carrierTrackTimeoutMs);
      return toTrackResponse(order);
    },

    /**
     * The dispatcher: reads every shard of the tracking-due index at once
     * (Query pages, oldest due first, never a Scan) and queues each due check.
     * It writes nothing: a check queued twice (still due at the next run) is
     * claimed once, and an order a worker left (it died) is still due, so the
     * next run finds it again. A run queues no more than the backlog allows,
     * shared fairly between the shards.
     */
    async dispatchDue(options: DispatchOptions = {}): Promise<DispatchSummary> {
      const limit = Math.max(0, options.backlog ?? config.trackingDispatchBacklog);
      const budgetMs = options.budgetMs ?? config.trackingDispatchBudgetMs;
      const pageSize = Math.max(1, Math.min(PAGE_SIZE, options.pageSize ?? PAGE_SIZE));
      const started = Date.now();
      const now = clock();
      const port = queue();
      const backlog = (await port.depth?.()) ?? 0;
      const summary: DispatchSummary = { queued: 0, backlog, more: false };
      const room = limit - backlog;
      if (room <= 0) {
        summary.more = true;
        logger.warn('tracking dispatch skipped: the tracking-checks queue is at its backlog limit', { backlog, limit });
        return summary;
      }
      const share = Math.max(1, Math.ceil(room / TRACKING_SHARDS));
      const drain = async (shard: number) => {
        let taken = 0;
        let start: Record<string, unknown> | undefined;
        do {
          if (Date.now() - started > budgetMs || taken >= share) {
            summary.more = true;
            return;
          }
          const page = await dueChecks(shard, now, Math.min(pageSize, share - taken), start);
          if (page.checks.length > 0) await port.send(page.checks, 0);
          taken += page.checks.length;
          summary.queued += page.checks.length;
          start = page.next;
        } while (start);
      };
      await Promise.all(Array.from({ length: TRACKING_SHARDS }, (_, shard) => drain(shard)));
      // A run that found nothing due says nothing: locally the timer runs every few seconds.
      if (summary.queued > 0) logger.info('tracking dispatch', { ...summary });
      return summary;
    },

    /**
     * A tracking worker's check of one queued order: dropped when the order is
     * gone, final, or no longer due at the time it was found (checked since);
     * otherwise checked under the order's lease.
     */
    async checkQueued(message: DueCheck): Promise<CheckOutcome> {
      const now = clock();
      const stored = await getOrder(message.orderId);
      if (!stored) return 'missing';
      if (isFinal(stored.order.status)) {
        if (stored.schedule?.dueAt) await settle(stored.order);
        return 'final';
      }
      const dueAt = stored.schedule?.dueAt;
      if (!dueAt || dueAt !== message.dueAt || Date.parse(dueAt) > now.getTime()) return 'busy';
      const { outcome } = await checkUnderLease(stored, dueAt, now, config.carrierTrackTimeoutMs, { renewPush: true });
      if (outcome === 'changed' || outcome === 'failed') logger.info('tracking check', { orderId: message.orderId, outcome });
      return outcome;
    },

    /**
     * A report the carrier pushed (UPS Track Alert): the same write as a
     * polled one, without a carrier call, then the schedule moves to the
     * pushed cadence (the first push of an order is what shows that the
     * carrier reaches us: it records `pushSeenAt`). Idempotent: a report the
     * order already has writes nothing to the order.
     */
    async applyPushed(orderId: string, report: TrackingReport): Promise<CheckOutcome> {
      const stored = await getOrder(orderId);
      if (!stored) return 'missing';
      if (isFinal(stored.order.status)) return 'final';
      const now = clock();
      const firstPush = !stored.schedule?.pushSeenAt;
      const pushSeenAt = now.toISOString();
      const pushed = isPushed({ ...stored.schedule, pushSeenAt }, now);
      const applied = await applyToOrder(stored.order, report, now, pushed);
      if (applied.wrote || !applied.dueAt || firstPush) {
        await reschedule(applied.order, { ...(applied.dueAt ? { dueAt: applied.dueAt } : {}), pushSeenAt });
      }
      return applied.changed ? 'changed' : 'unchanged';
    },

    /** The sandbox operator moves an order on (`admin shipment advance`): the same write as a carrier's report. */
    async advance(orderId: string, status: OperatorStatus): Promise<{ orderId: string; transitStatus: Order['status'] }> {
      const stored = await getOrder(orderId.toLowerCase());
      if (!stored) throw notFound(`order ${orderId} not found`);
      const now = clock();
      const pushed = isPushed(stored.schedule, now);
      // A concurrent advance that already took the order to `status` did the work.
      const order = await writeWithRetry(stored.order.orderId, stored.order, (current, raced) =>
        isFinal(current.status) || (raced && current.status === status) ? undefined : { update: applyReport(current, operatorReport(status, now), now, pace(), { pushed }) },
      );
      if (order.status !== status) {
        throw new Error(`order ${orderId} is ${order.status}; it cannot move to ${status}`);
      }
      const dueAt = nextCheckAt(order, now, pace(), { pushed });
      await reschedule(order, dueAt ? { dueAt } : {});
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
      if (stored.order.manifestId) return cancelManifested(stored.order);
      const { order } = stored;
      // The order leaves the open shipments before the void, so no close takes it meanwhile (docs/manifests.md).
      const open = await takeForCancel(order);
      if (!open) {
        // None: a close took it a moment ago, an earlier cancel did, or it was shipped before manifests.
        const again = await getOrder(order.orderId);
        if (again?.order.manifestId) return cancelManifested(again.order);
      }
      // A clear refusal, or an account that cannot be used, voided nothing: the order is open to the next close again.
      const reopen = () => (open ? reopenShipment(open).catch((e: unknown) => logger.error('could not reopen a shipment for manifests', { orderId: order.orderId, error: e })) : undefined);
      try {
        const options = await callOptionsOf(order);
        await callCarrier(order.carrierCode, config.carrierCancelTimeoutMs, (signal) => adapterOf(order).cancel(shipmentRefOf(order), { ...options, signal }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn('carrier cancel failed', { orderId: order.orderId, carrierCode: order.carrierCode, reason: failureKind(error), detail: message });
        if (error instanceof CarrierRefusal) {
          await reopen();
          // The carrier's reason is the integrator's to read: expose it, as a 4xx message is.
          throw new AppError(502, 'CARRIER_ERROR', `${order.carrierCode} refused to cancel the shipment: ${message}`, { expose: true });
        }
        // An account that cannot be used never reached the carrier: nothing was voided, nothing to reconcile.
        if (isAccountNotConfigured(error)) {
          await reopen();
          throw new AppError(502, 'CARRIER_ERROR', `${order.carrierCode} could not cancel the shipment: ${message}`, { expose: true });
        }
        // No clear answer: the carrier may have voided it. The reconciler asks again until it says voided
        // (the order is then cancelled) or refuses (docs/reliability.md); a cancel retried now asks at once.
        const now = clock();
        await recordAttempt(
          {
            kind: 'VOID',
            orderId: order.orderId,
            companyId: order.companyId,
            carrierCode: order.carrierCode,
            mode: order.mode,
            reference: order.rateResponseId,
            carrierAccountId: order.carrierAccountId,
            trackingNumber: order.trackingNumber,
            shipmentId: order.carrierShipmentId,
          },
          now,
          new Date(now.getTime() + config.shipReconcileAfterSeconds * 1000),
        ).catch((e: unknown) => logger.error('could not record a void of unknown outcome', { orderId: order.orderId, error: e }));
        throw new AppError(
          502,
          'CARRIER_ERROR',
          `${order.carrierCode} could not cancel the shipment: ${message}. Its outcome is unknown: the void will be asked again until ${order.carrierCode} confirms it, and the order is then cancelled; retrying the cancel asks now`,
          { expose: true },
        );
      }
      const { response } = await storeCancelled(order);
      // A cancel of unknown outcome before this one left a void record: the carrier has now said voided.
      await dropRecord(order.orderId, 'VOID').catch((e: unknown) => logger.warn('could not drop a void record', { orderId: order.orderId, error: e }));
      return response;
    },

    /**
     * The reconciler's word that the carrier voided the order's shipment
     * after a cancel of unknown outcome: the order is cancelled as the cancel
     * would have done. The order as written; undefined when it is gone.
     */
    async confirmCancelled(orderId: string): Promise<Order | undefined> {
      const stored = await getOrder(orderId);
      if (!stored) return undefined;
      if (stored.order.status === 'cancelled') return stored.order;
      try {
        return (await storeCancelled(stored.order)).order;
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return (await getOrder(orderId))?.order;
        throw error;
      }
    },
  };

  /**
   * The cancel of an order on a manifest (docs/manifests.md): handed to the
   * carrier at the day's close, it can no longer be voided. A carrier that
   * refunds instead (`requestRefund`: Canada Post) is asked for the refund,
   * and an accepted request cancels the order; every other carrier answers
   * 409 NOT_CANCELLABLE.
   */
  async function cancelManifested(order: Order): Promise<CancelResponse> {
    const refund = (adapterOf(order) as Partial<Pick<CarrierAdapter, 'requestRefund'>>).requestRefund;
    if (!refund) {
      throw new AppError(
        409,
        'NOT_CANCELLABLE',
        `The shipment is on manifest ${order.manifestId} (ship date ${order.manifestShipDate ?? 'unknown'}): handed to ${order.carrierCode} at the day's close, it can no longer be voided`,
      );
    }
    const options = await callOptionsOf(order);
    try {
      await callCarrier(order.carrierCode, config.carrierCancelTimeoutMs, (signal) => refund(shipmentRefOf(order), { ...options, signal }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError(502, 'CARRIER_ERROR', `${order.carrierCode} did not accept the refund request: ${message}`, { expose: true });
    }
    return (await storeCancelled(order)).response;
  }

  /** Writes the cancel of an order whose shipment the carrier has voided, and takes it out of the tracking-due index. */
  async function storeCancelled(order: Order): Promise<{ response: CancelResponse; order: Order }> {
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
    if (written.status === 'cancelled') {
      // Out of the tracking-due index; a check holding the order finds it final when it re-reads.
      await reschedule(written, {});
      return { response: toCancelResponse(written), order: written };
    }
    // The carrier voided it, yet a check moved the order on meanwhile: the carrier's word on pickup came first.
    logger.error('order moved on while its shipment was voided', { orderId: order.orderId, status: written.status });
    throw notCancellable(written.status);
  }
};

export type TrackingService = ReturnType<typeof createTrackingService>;

/** A tracking-checks message as received; undefined when it is not one of ours. */
export const parseDueCheck = (body: string): DueCheck | undefined => {
  try {
    const value = JSON.parse(body) as Partial<DueCheck> | null;
    if (value && typeof value.orderId === 'string' && value.orderId.length <= 64 && typeof value.dueAt === 'string' && !Number.isNaN(Date.parse(value.dueAt))) {
      const reconcile = value.reconcile === 'SHIP' || value.reconcile === 'VOID' ? value.reconcile : undefined;
      return { orderId: value.orderId, dueAt: value.dueAt, ...(reconcile ? { reconcile } : {}) };
    }
  } catch {
    // not JSON
  }
  return undefined;
};

