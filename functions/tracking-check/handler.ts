/**
 * The tracking worker (the tracking-checks queue): each message names one
 * due check (`{orderId, dueAt}`), made under the order's check lease, side by
 * side with the others of its batch (shared/services/tracking/check.ts
 * checkQueued), or one round of a reconciliation record of the order
 * (`{orderId, dueAt, reconcile}`, shared/services/reconciliation.ts), or of
 * a pickup's booking of unknown outcome (`reconcile: 'PICKUP'`, the pickup's
 * id and company; shared/services/pickups/reconcile.ts), which the
 * dispatcher finds in the same index. Both are read by one schema
 * (shared/domain/due-check.ts). How many run at once is a stage
 * setting (lib/stages.ts reservedConcurrency). A message that throws (the
 * store failed) is handed again by the queue; one that keeps failing is
 * dropped after its receipts, and its order (or record), still due, is found
 * again by the dispatcher.
 */
import { queueStepHandler } from '../../shared/batch-handler';
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { logger, recordOrphanVoided } from '../../shared/observability';
import { runtimeWith, type RuntimeOverrides } from '../../shared/process-runtime';
import type { PickupService } from '../../shared/services/pickups';
import type { ReconciliationService } from '../../shared/services/reconciliation';
import type { ShippingDependencies } from '../../shared/services/shipping';
import { createTrackingWorker, parseDueCheck } from '../../shared/services/tracking/check';

export const createTrackingCheckHandler = (registry: CarrierRegistry, options: RuntimeOverrides & Pick<ShippingDependencies, 'pushSubscriber'> = {}) => {
  const { pushSubscriber, ...overrides } = options;
  const runtime = runtimeWith(overrides);
  const worker = createTrackingWorker({ registry, logger, ...runtime });
  // The reconciler, the ship path it adopts through and the cancel's write load with the first reconciliation message only.
  let reconciliation: Promise<ReconciliationService> | undefined;
  const reconciler = () =>
    (reconciliation ??= (async () => {
      const [{ createReconciliationService }, { createShippingService }, { createCancelService }] = await Promise.all([
        import('../../shared/services/reconciliation'),
        import('../../shared/services/shipping'),
        import('../../shared/services/cancel'),
      ]);
      const shipping = createShippingService({
        registry,
        logger,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(pushSubscriber ? { pushSubscriber } : {}),
      });
      const cancels = createCancelService({ registry, logger, ...runtime });
      return createReconciliationService({
        registry,
        logger,
        ...(options.clock ? { clock: options.clock } : {}),
        adopt: (companyId, rateResponseId) => shipping.adopt(companyId, rateResponseId),
        confirmCancelled: (orderId) => cancels.confirmCancelled(orderId),
        orphanVoided: recordOrphanVoided,
      });
    })());
  // The pickup service loads with the first pickup round only.
  let pickups: Promise<PickupService> | undefined;
  const pickupReconciler = () =>
    (pickups ??= import('../../shared/services/pickups').then(({ createPickupService }) => createPickupService({ registry, logger, ...overrides })));
  return queueStepHandler({
    parse: parseDueCheck,
    kind: 'a tracking check',
    failed: 'tracking check of an order failed',
    describe: (message) => ({ orderId: message.orderId, ...(message.reconcile ? { reconcile: message.reconcile } : {}) }),
    run: async (message) => {
      if (message.reconcile === 'PICKUP') {
        return (await pickupReconciler()).reconcile({ companyId: message.companyId ?? '', pickupId: message.orderId, dueAt: message.dueAt });
      }
      return message.reconcile
        ? (await reconciler()).reconcile({ orderId: message.orderId, dueAt: message.dueAt, reconcile: message.reconcile })
        : worker.checkQueued(message);
    },
  });
};

export const handler = createTrackingCheckHandler(defaultRegistry);
