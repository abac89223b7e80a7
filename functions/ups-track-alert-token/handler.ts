/**
 * UPS Track Alert's token URL (docs/ups.md, "Track Alert"): UPS trades the
 * client credentials this API issued for a short-lived bearer token (OAuth 2
 * client credentials, `client_secret_basic`). No API key: an inbound route.
 */
import { inboundHandler } from '../../shared/http/inbound';
import { logger } from '../../shared/logger';
import { createUpsTrackAlertService, type TrackAlertDependencies } from '../../shared/services/ups-track-alert';

export const createTrackAlertTokenHandler = (options: Pick<TrackAlertDependencies, 'clock' | 'secretOf'> = {}) => {
  // The token URL writes nothing: no tracking write is ever made from it.
  const service = createUpsTrackAlertService({ applyPushed: () => Promise.reject(new Error('the token URL applies no event')), logger, ...options });
  return inboundHandler('ups-track-alert-token', async (event) => service.token(event.headers ?? {}, event.body, event.isBase64Encoded));
};

export const handler = createTrackAlertTokenHandler();
