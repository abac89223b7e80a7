/**
 * The sandbox operator moves an order on (`admin shipment advance`,
 * admin/commands/shipment-advance.ts): the same versioned write of the
 * order as a carrier's report, then its schedule.
 */
import type { Order } from '../../domain/entities';
import { applyReport, isFinal, isPushed, nextCheckAt, operatorReport, type OperatorStatus } from '../../domain/tracking';
import { notFound } from '../../errors';
import { getOrder } from '../../store/orders';
import { reschedule } from '../../store/tracking-schedule';
import { writeOrder, type TrackingRuntime } from './context';

export const createOperatorAdvance = (dependencies: TrackingRuntime) => ({
  async advance(orderId: string, status: OperatorStatus): Promise<{ orderId: string; transitStatus: Order['status'] }> {
    const stored = await getOrder(orderId.toLowerCase());
    if (!stored) throw notFound(`order ${orderId} not found`);
    const now = dependencies.clock();
    const pace = () => dependencies.settings.sandboxTrackingPace;
    const pushed = isPushed(stored.schedule, now);
    // A concurrent advance that already took the order to `status` did the work.
    const order = await writeOrder(dependencies, stored.order, (current, raced) =>
      isFinal(current.status) || (raced && current.status === status)
        ? undefined
        : { update: applyReport(current, operatorReport(status, now), now, pace(), { pushed }) },
    );
    if (order.status !== status) {
      throw new Error(`order ${orderId} is ${order.status}; it cannot move to ${status}`);
    }
    const dueAt = nextCheckAt(order, now, pace(), { pushed });
    await reschedule(order, dueAt ? { dueAt } : {});
    return { orderId: order.orderId, transitStatus: order.status };
  },
});

export type OperatorAdvance = ReturnType<typeof createOperatorAdvance>;
