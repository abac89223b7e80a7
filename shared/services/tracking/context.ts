/**
 * What the parts of the tracking service share (docs/tracking.md): their
 * dependencies, injected by the composition root (shared/process-runtime.ts
 * gives the process's own), the carrier calls of an order, and the write of a
 * report to an order under its version.
 *
 * The parts, one job each: track.ts (GET /v1/track: read one order, refresh
 * it when due), dispatch.ts (the dispatcher: queue the due checks),
 * check.ts (the worker: check one order under its lease), push.ts (apply a
 * carrier's pushed events), cancel.ts (DELETE /v1/shipments and the
 * reconciler's confirmed void) and advance.ts (the sandbox operator's
 * `shipment advance`). None reads the clock, randomness or configuration
 * itself (test/unit/tracking-injection.test.ts).
 */
import { carrierAccountById } from '../../carriers/accounts';
import type { CarrierRegistry } from '../../carriers/registry';
import type { CarrierCallOptions, CarrierTracking } from '../../domain/carrier';
import type { Order } from '../../domain/entities';
import { addsToOrder, applyReport, isFinal, nextCheckAt, shipmentRefOf, type TrackingReport } from '../../domain/tracking';
import type { LogPort } from '../../observability';
import { OrderBusy, writeOrderUnderVersion, type OrderChange } from '../../store/orders';
import { callCarrier } from '../carrier-call';

/** The settings the parts read, each at its use (shared/config.ts). */
export type TrackingSettings = {
  readonly carrierTrackTimeoutMs: number;
  readonly carrierCancelTimeoutMs: number;
  readonly trackingDispatchBacklog: number;
  readonly trackingDispatchBudgetMs: number;
  readonly shipReconcileAfterSeconds: number;
  /** The sandbox carriers' pace (SANDBOX_TRACKING_PACE): how much faster than real time their shipments move. */
  readonly sandboxTrackingPace: number;
};

/** The clock, stopwatch, randomness and settings of a part, all injected (shared/process-runtime.ts). */
export type TrackingRuntime = {
  /** The business clock: when a check, a push, a cancel happens. */
  clock: () => Date;
  /** A monotonic stopwatch in milliseconds, for time budgets (the dispatcher's run, a write's lost races). */
  elapsedMs: () => number;
  /** In [0, 1): the jitter of a lost race's backoff. */
  random: () => number;
  /** A check lease's token. */
  newToken: () => string;
  settings: TrackingSettings;
};

export type TrackingContext = TrackingRuntime & { logger: LogPort };

/** What one check came to. `busy`: another check holds the order, or it was checked since it was found due. */
export type CheckOutcome = 'changed' | 'unchanged' | 'failed' | 'busy' | 'final' | 'missing';

/**
 * How long a write of one order keeps retrying lost races
 * (writeOrderUnderVersion). A reader (GET /track, a check, a push) stops
 * sooner and answers what is stored.
 */
export const WRITE_BUDGET_MS = { read: 2_000, write: 10_000 } as const;

/** A versioned write of the order within `budgetMs`, with the part's stopwatch and jitter. */
export const writeOrder = (
  context: Pick<TrackingRuntime, 'elapsedMs' | 'random'>,
  order: Order,
  change: (order: Order, raced: boolean) => OrderChange | undefined,
  budgetMs: number = WRITE_BUDGET_MS.write,
): Promise<Order> => writeOrderUnderVersion(order, change, { budgetMs, elapsedMs: context.elapsedMs, random: context.random });

/** The carrier calls of an order: its connector, and what a call is made under. */
export const carrierCallsOf = (registry: CarrierRegistry) => {
  const carrierOf = (order: Order) => {
    const carrier = registry.port(order.carrierCode);
    if (!carrier) throw new Error(`No carrier connector for ${order.carrierCode}`);
    return carrier;
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
    return callCarrier(order.carrierCode, timeoutMs, (signal) => carrierOf(order).track(shipmentRefOf(order), { ...options, signal }));
  };

  return { carrierOf, callOptionsOf, askCarrier };
};

export type AppliedReport = { order: Order; changed: boolean; wrote: boolean; dueAt?: string };

/**
 * Applies a report (polled or pushed) to the order: written only when it
 * adds a status or an event; a final order is left as it is. Returns the
 * order as it stands and the schedule it calls for. A storm of writers
 * leaves the order as they wrote it (OrderBusy is answered, not thrown).
 */
export const applyToOrder = async (context: TrackingRuntime, order: Order, report: TrackingReport, now: Date, pushed: boolean): Promise<AppliedReport> => {
  const pace = () => context.settings.sandboxTrackingPace;
  let changed = false;
  let wrote = false;
  const written = await writeOrder(
    context,
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
