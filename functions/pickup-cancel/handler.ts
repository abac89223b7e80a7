/**
 * DELETE /v1/pickups/{pickupId}: cancels the pickup at its carrier; again
 * answers the same; 409 PICKUP_NOT_CANCELLABLE past the carrier's cut-off
 * (shared/services/pickups/cancel.ts).
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { pickupCancelRoute } from '../../shared/contract/pickups';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import type { RuntimeOverrides } from '../../shared/process-runtime';
import { createPickupService } from '../../shared/services/pickups';

export const createPickupCancelHandler = (registry: CarrierRegistry, options: RuntimeOverrides = {}) => {
  const pickups = createPickupService({ registry, logger, ...options });
  return httpHandler(pickupCancelRoute, async ({ params }, caller) => ({
    data: await pickups.cancel(caller.company.companyId, caller.mode, params.pickupId),
  }));
};

export const handler = createPickupCancelHandler(defaultRegistry);
