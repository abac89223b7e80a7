/**
 * The token URL of pushed tracking, `POST /v1/carriers/{carrier}/push/token`
 * (docs/tracking.md, "Pushed tracking"): a carrier that pushes trades the
 * client credentials this API issued for one of its accounts for a
 * short-lived bearer token (OAuth 2 client credentials, `client_secret_basic`).
 * No API key: an inbound route. A carrier that does not push is 404.
 */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { inboundHandler } from '../../shared/http/inbound';
import { logger } from '../../shared/observability';
import { createCarrierPushService, type CarrierPushDependencies } from '../../shared/services/carrier-push';

export const createCarrierPushTokenHandler = (carriers: CarrierRegistry, options: Pick<CarrierPushDependencies, 'clock' | 'secretOf'> = {}) => {
  // The token URL writes nothing: no tracking write is ever made from it.
  const service = createCarrierPushService({ carriers, applyPushed: () => Promise.reject(new Error('the token URL applies no event')), logger, ...options });
  return inboundHandler('carrier-push-token', async (event) =>
    service.token(event.pathParameters?.carrier, event.headers ?? {}, event.body, event.isBase64Encoded),
  );
};

export const handler = createCarrierPushTokenHandler(defaultRegistry);
