/**
 * POST /v1/ship/{rateResponseId} (spec 4.5): the shipping service buys the
 * shipment, exactly once (shared/services/shipping.ts). A repeat answers the
 * same order with `Idempotent-Replayed: true`.
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { shipRoute } from '../../shared/contract/ship';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { referencePreload } from '../../shared/services/preload';
import { createShippingService, type ShippingDependencies } from '../../shared/services/shipping';

export const createShipHandler = (registry: CarrierRegistry, options: Pick<ShippingDependencies, 'clock' | 'afterCarrierShip'> = {}) => {
  const shipping = createShippingService({ registry, logger, ...options });
  return httpHandler(
    shipRoute,
    async ({ params, body }, caller) => {
      const { data, replayed } = await shipping.ship(
        caller.company.companyId,
        params.rateResponseId,
        body.labelFormat ? { labelFormat: body.labelFormat } : {},
        caller.mode,
      );
      const headers: Record<string, string> = replayed ? { 'idempotent-replayed': 'true' } : {};
      return { data, headers };
    },
    referencePreload,
  );
};

export const handler = createShipHandler(defaultRegistry);
