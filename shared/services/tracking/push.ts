/**
 * A report a carrier pushed (UPS Track Alert, docs/tracking.md "Pushed
 * tracking"; received by shared/services/carrier-push.ts): the same write of
 * the order as a polled report, without a carrier call and without the check
 * lease, then the schedule moves to the pushed cadence.
 */
import { isFinal, isPushed, type TrackingReport } from '../../domain/tracking';
import { getOrder } from '../../store/orders';
import { reschedule } from '../../store/tracking-schedule';
import { applyToOrder, type CheckOutcome, type TrackingContext } from './context';

export const createPushApplier = (dependencies: TrackingContext) => ({
  /**
   * Applies a pushed report to its order. The first push of an order is what
   * shows that the carrier reaches us: it records `pushSeenAt`. Idempotent: a
   * report the order already has writes nothing to the order.
   */
  async applyPushed(orderId: string, report: TrackingReport): Promise<CheckOutcome> {
    const stored = await getOrder(orderId);
    if (!stored) return 'missing';
    if (isFinal(stored.order.status)) return 'final';
    const now = dependencies.clock();
    const firstPush = !stored.schedule?.pushSeenAt;
    const pushSeenAt = now.toISOString();
    const pushed = isPushed({ ...stored.schedule, pushSeenAt }, now);
    const applied = await applyToOrder(dependencies, stored.order, report, now, pushed);
    if (applied.wrote || !applied.dueAt || firstPush) {
      await reschedule(applied.order, { ...(applied.dueAt ? { dueAt: applied.dueAt } : {}), pushSeenAt });
    }
    return applied.changed ? 'changed' : 'unchanged';
  },
});

export type PushApplier = ReturnType<typeof createPushApplier>;
