/**
 * GET /v1/carrier-services?carrierCode= (spec 4.3): `default` first, disabled
 * services excluded; 400 without carrierCode, 404 for a carrier that is
 * unknown or outside the caller's pricing group. Codes match case-insensitively.
 */
import { badRequest } from '../../shared/errors';
import { httpHandler } from '../../shared/http/handler';
import { carrierServicesOf } from '../../shared/services/catalog';
import { referencePreload } from '../../shared/services/preload';

export const handler = httpHandler('carrier-services', async (event, caller) => {
  const carrierCode = event.queryStringParameters?.carrierCode?.trim();
  if (!carrierCode) throw badRequest('carrierCode is required');
  return { data: await carrierServicesOf(caller.company, carrierCode, caller.mode) };
}, referencePreload);
