/**
 * GET /v1/carrier-services?carrierCode= (spec 4.3): `default` first, disabled
 * services excluded; 400 without carrierCode (its route's query schema), 404
 * for a carrier that is unknown or outside the caller's pricing group. Codes
 * match case-insensitively.
 */
import { carrierServicesRoute } from '../../shared/contract/catalog';
import { httpHandler } from '../../shared/http/handler';
import { carrierServicesOf } from '../../shared/services/catalog';
import { referencePreload } from '../../shared/services/preload';

export const handler = httpHandler(
  carrierServicesRoute,
  async ({ query }, caller) => ({ data: await carrierServicesOf(caller.company, query.carrierCode, caller.mode) }),
  referencePreload,
);
