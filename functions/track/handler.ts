/**
 * GET /v1/track/{orderId} (spec 4.8): the order's tracking, refreshed from the
 * carrier first when it is due; `lastCheckedAt` says how fresh it is.
 */
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/logger';
import { orderPreload } from '../../shared/services/order-preload';
import { createTrackingService, type TrackingDependencies } from '../../shared/services/tracking';

export const createTrackHandler = (registry: ShipmentCarriers, options: Pick<TrackingDependencies, 'clock' | 'pace'> = {}) => {
  const tracking = createTrackingService({ registry, logger, ...options });
  return httpHandler('track', async (event, caller) => ({
    data: await tracking.track(caller.company.companyId, event.pathParameters?.orderId ?? '', caller.mode),
  }), orderPreload);
};

export const handler = createTrackHandler(defaultShipmentCarriers);
