/**
 * UPS Track Alert's event URL (docs/ups.md, "Track Alert"; docs/tracking.md,
 * "Pushed tracking"): one event UPS pushes, with the bearer token of our
 * token URL and its client id as `x-api-key`, written to the order as a
 * polled tracking report is. No API key: an inbound route.
 */
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { inboundHandler } from '../../shared/http/inbound';
import { logger } from '../../shared/logger';
import { createTrackingService, type TrackingDependencies } from '../../shared/services/tracking';
import { createUpsTrackAlertService, type TrackAlertDependencies } from '../../shared/services/ups-track-alert';

export const createTrackAlertEventsHandler = (
  registry: ShipmentCarriers,
  options: Pick<TrackAlertDependencies, 'clock' | 'secretOf'> & Pick<TrackingDependencies, 'pace'> = {},
) => {
  const tracking = createTrackingService({ registry, logger, ...(options.clock ? { clock: options.clock } : {}), ...(options.pace ? { pace: options.pace } : {}) });
  const service = createUpsTrackAlertService({ applyPushed: (orderId, report) => tracking.applyPushed(orderId, report), logger, ...options });
  return inboundHandler('ups-track-alert-events', async (event) => service.event(event.headers ?? {}, event.body, event.isBase64Encoded));
};

export const handler = createTrackAlertEventsHandler(defaultShipmentCarriers);
