/**
 * The events URL of pushed tracking, `POST /v1/carriers/{carrier}/push/events`
 * (docs/tracking.md, "Pushed tracking"): what a carrier pushes, with the
 * bearer token of our token URL and what its protocol adds, read by its
 * connector and written to the order as a polled tracking report is. No API
 * key: an inbound route. A carrier that does not push is 404.
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { inboundHandler } from '../../shared/http/inbound';
import { logger } from '../../shared/observability';
import { runtimeWith, type RuntimeOverrides } from '../../shared/process-runtime';
import { createCarrierPushService, type CarrierPushDependencies } from '../../shared/services/carrier-push';
import { createPushApplier } from '../../shared/services/tracking/push';

export const createCarrierPushEventsHandler = (carriers: CarrierRegistry, options: RuntimeOverrides & Pick<CarrierPushDependencies, 'secretOf'> = {}) => {
  const { secretOf, ...overrides } = options;
  const runtime = runtimeWith(overrides);
  const pushes = createPushApplier({ logger, ...runtime });
  const service = createCarrierPushService({
    carriers,
    applyPushed: (orderId, report) => pushes.applyPushed(orderId, report),
    logger,
    clock: runtime.clock,
    ...(secretOf ? { secretOf } : {}),
  });
  return inboundHandler('carrier-push-events', async (event) =>
    service.events(event.pathParameters?.carrier, event.headers ?? {}, event.body, event.isBase64Encoded),
  );
};

export const handler = createCarrierPushEventsHandler(defaultRegistry);
