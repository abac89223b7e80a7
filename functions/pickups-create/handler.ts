/**
 * POST /v1/pickups: books a pickup, exactly once per request
 * (shared/services/pickups/create.ts). The same request again answers its
 * pickup with `Idempotent-Replayed: true` and 200; a new booking answers 201.
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { pickupsCreateRoute } from '../../shared/contract/pickups';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createPickupService, type PickupDependencies } from '../../shared/services/pickups';
import { referencePreload } from '../../shared/services/preload';

export const createPickupsCreateHandler = (registry: CarrierRegistry, options: Omit<PickupDependencies, 'registry' | 'logger'> = {}) => {
  const pickups = createPickupService({ registry, logger, ...options });
  return httpHandler(
    pickupsCreateRoute,
    async ({ body }, caller) => {
      const { data, replayed } = await pickups.create(caller.company, body, caller.mode);
      return replayed ? { data, headers: { 'idempotent-replayed': 'true' } } : { status: 201, data };
    },
    referencePreload,
  );
};

export const handler = createPickupsCreateHandler(defaultRegistry);
