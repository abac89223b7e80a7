/** GET /v1/pickups/availability: a carrier's pickup windows for a place and day (shared/services/pickups/). */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { pickupsAvailabilityRoute } from '../../shared/contract/pickups';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import type { RuntimeOverrides } from '../../shared/process-runtime';
import { createPickupService } from '../../shared/services/pickups';
import { referencePreload } from '../../shared/services/preload';

export const createPickupsAvailabilityHandler = (registry: CarrierRegistry, options: RuntimeOverrides = {}) => {
  const pickups = createPickupService({ registry, logger, ...options });
  return httpHandler(
    pickupsAvailabilityRoute,
    async ({ query }, caller) => ({ data: await pickups.availability(caller.company, query, caller.mode) }),
    referencePreload,
  );
};

export const handler = createPickupsAvailabilityHandler(defaultRegistry);
