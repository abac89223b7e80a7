/**
 * The tracking worker (the tracking-checks queue): each message names one
 * due check (`{orderId, dueAt}`), made under the order's check lease, side by
 * side with the others of its batch (shared/services/tracking.ts
 * checkQueued). How many run at once is a stage setting (lib/stages.ts
 * reservedConcurrency). A message that throws (the store failed) is handed
 * again by the queue; one that keeps failing is dropped after its receipts,
 * and its order, still due, is found again by the dispatcher.
 */
import { queueStepHandler } from '../../shared/batch-handler';
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { logger } from '../../shared/logger';
import { createTrackingService, parseDueCheck, type TrackingDependencies } from '../../shared/services/tracking';

export const createTrackingCheckHandler = (registry: ShipmentCarriers, options: Pick<TrackingDependencies, 'clock' | 'pace'> = {}) => {
  const tracking = createTrackingService({ registry, logger, ...options });
  return queueStepHandler({
    parse: parseDueCheck,
    kind: 'a tracking check',
    failed: 'tracking check of an order failed',
    describe: (message) => ({ orderId: message.orderId }),
    run: (message) => tracking.checkQueued(message),
  });
};

export const handler = createTrackingCheckHandler(defaultShipmentCarriers);
