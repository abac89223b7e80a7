/**
 * DELETE /v1/shipments/{orderId} (spec 4.9): voids the shipment at the
 * carrier and marks the order cancelled; again answers the same; 409
 * NOT_CANCELLABLE once picked up.
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { cancelRoute } from '../../shared/contract/cancel';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { runtimeWith, type RuntimeOverrides } from '../../shared/process-runtime';
import { orderPreload } from '../../shared/services/order-preload';
import { createCancelService } from '../../shared/services/cancel';

export const createCancelHandler = (registry: CarrierRegistry, options: RuntimeOverrides = {}) => {
  const cancels = createCancelService({ registry, logger, ...runtimeWith(options) });
  return httpHandler(
    cancelRoute,
    async ({ params }, caller) => ({
      data: await cancels.cancel(caller.company.companyId, params.orderId, caller.mode),
    }),
    orderPreload,
  );
};

export const handler = createCancelHandler(defaultRegistry);
