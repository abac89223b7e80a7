/**
 * GET /v1/track/{orderId} (spec 4.8): the order's tracking, refreshed from the
 * carrier first when it is due; `lastCheckedAt` says how fresh it is.
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { trackRoute } from '../../shared/contract/track';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { runtimeWith, type RuntimeOverrides } from '../../shared/process-runtime';
import { orderPreload } from '../../shared/services/order-preload';
import { createTrackReader } from '../../shared/services/tracking/track';

export const createTrackHandler = (registry: CarrierRegistry, options: RuntimeOverrides = {}) => {
  const tracking = createTrackReader({ registry, logger, ...runtimeWith(options) });
  return httpHandler(
    trackRoute,
    async ({ params }, caller) => ({
      data: await tracking.track(caller.company.companyId, params.orderId, caller.mode),
    }),
    orderPreload,
  );
};

export const handler = createTrackHandler(defaultRegistry);
