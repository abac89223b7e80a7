/**
 * DELETE /v1/shipments/{orderId} (spec 4.9): voids the shipment at the
 * carrier and marks the order cancelled; again answers the same; 409
 * NOT_CANCELLABLE once picked up.
 */
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/logger';
import { orderPreload } from '../../shared/services/order-preload';
import { createTrackingService, type TrackingDependencies } from '../../shared/services/tracking';

export const createCancelHandler = (registry: ShipmentCarriers, options: Pick<TrackingDependencies, 'clock' | 'pace'> = {}) => {
  const tracking = createTrackingService({ registry, logger, ...options });
  return httpHandler('cancel', async (event, caller) => ({
    data: await tracking.cancel(caller.company.companyId, event.pathParameters?.orderId ?? '', caller.mode),
  }), orderPreload);
};

export const handler = createCancelHandler(defaultShipmentCarriers);
