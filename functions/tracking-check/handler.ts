/**
 * The tracking worker (the tracking-checks queue): each message names one
 * due check (`{orderId, dueAt}`), made under the order's check lease, side by
 * side with the others of its batch (shared/services/tracking.ts
 * checkQueued), or one round of a reconciliation record of the order
 * (`{orderId, dueAt, reconcile}`, shared/services/reconciliation.ts), which
 * the dispatcher finds in the same index. How many run at once is a stage
 * setting (lib/stages.ts reservedConcurrency). A message that throws (the
 * store failed) is handed again by the queue; one that keeps failing is
 * dropped after its receipts, and its order (or record), still due, is found
 * again by the dispatcher.
 */
import { queueStepHandler } from '../../shared/batch-handler';
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { logger } from '../../shared/logger';
import { recordOrphanVoided } from '../../shared/metrics';
import type { ReconciliationService } from '../../shared/services/reconciliation';
import type { ShippingDependencies } from '../../shared/services/shipping';
import { createTrackingService, parseDueCheck, type TrackingDependencies } from '../../shared/services/tracking';

export const createTrackingCheckHandler = (
  registry: ShipmentCarriers,
  options: Pick<TrackingDependencies, 'clock' | 'pace'> & Pick<ShippingDependencies, 'pushSubscriber'> = {},
) => {
  const { pushSubscriber, ...trackingOptions } = options;
  const tracking = createTrackingService({ registry, logger, ...trackingOptions });
  // The reconciler and the ship path it adopts through load with the first reconciliation message only.
  let reconciliation: Promise<ReconciliationService> | undefined;
  const reconciler = () =>
    (reconciliation ??= (async () => {
      const [{ createReconciliationService }, { createShippingService }] = await Promise.all([
        import('../../shared/services/reconciliation'),
        import('../../shared/services/shipping'),
      ]);
      const shipping = createShippingService({ registry, logger, ...(options.clock ? { clock: options.clock } : {}), ...(pushSubscriber ? { pushSubscriber } : {}) });
      return createReconciliationService({
        registry,
        logger,
        ...(options.clock ? { clock: options.clock } : {}),
        adopt: (companyId, rateResponseId) => shipping.adopt(companyId, rateResponseId),
        confirmCancelled: (orderId) => tracking.confirmCancelled(orderId),
        orphanVoided: recordOrphanVoided,
      });
    })());
  return queueStepHandler({
    parse: parseDueCheck,
    kind: 'a tracking check',
    failed: 'tracking check of an order failed',
    describe: (message) => ({ orderId: message.orderId, ...(message.reconcile ? { reconcile: message.reconcile } : {}) }),
    run: async (message) =>
      message.reconcile ? (await reconciler()).reconcile({ orderId: message.orderId, dueAt: message.dueAt, reconcile: message.reconcile }) : tracking.checkQueued(message),
  });
};

export const handler = createTrackingCheckHandler(defaultShipmentCarriers);
