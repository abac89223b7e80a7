/**
 * The events URL of pushed tracking, `POST /v1/carriers/{carrier}/push/events`
 * (docs/tracking.md, "Pushed tracking"): what a carrier pushes, with the
 * bearer token of our token URL and what its protocol adds, read by its
 * connector and written to the order as a polled tracking report is. No API
 * key: an inbound route. A carrier that does not push is 404.
 */
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { inboundHandler } from '../../shared/http/inbound';
import { logger } from '../../shared/logger';
import { createCarrierPushService, type CarrierPushDependencies } from '../../shared/services/carrier-push';
import { createTrackingService, type TrackingDependencies } from '../../shared/services/tracking';

export const createCarrierPushEventsHandler = (
  carriers: ShipmentCarriers,
  options: Pick<CarrierPushDependencies, 'clock' | 'secretOf'> & Pick<TrackingDependencies, 'pace'> = {},
) => {
  const tracking = createTrackingService({ registry: carriers, logger, ...(options.clock ? { clock: options.clock } : {}), ...(options.pace ? { pace: options.pace } : {}) });
  const service = createCarrierPushService({
    carriers,
    applyPushed: (orderId, report) => tracking.applyPushed(orderId, report),
    logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.secretOf ? { secretOf: options.secretOf } : {}),
  });
  return inboundHandler('carrier-push-events', async (event) => service.events(event.pathParameters?.carrier, event.headers ?? {}, event.body, event.isBase64Encoded));
};

export const handler = createCarrierPushEventsHandler(defaultShipmentCarriers);
