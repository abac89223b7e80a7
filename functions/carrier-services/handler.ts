/**
 * GET /v1/carrier-services?carrierCode= (spec 4.3): `default` first, disabled
 * services excluded; 400 without carrierCode, 404 for a carrier that is
 * unknown or outside the caller's pricing group. Codes match case-insensitively.
 */
import { listCarrierServices } from '../../shared/domain/catalog';
import { badRequest, notFound } from '../../shared/errors';
import { httpHandler } from '../../shared/http/handler';
import { listPricingPlans, listServices } from '../../shared/store/catalog';

export const handler = httpHandler('carrier-services', async (event, caller) => {
  const requested = event.queryStringParameters?.carrierCode?.trim();
  if (!requested) throw badRequest('carrierCode is required');
  const carrierCode = requested.toUpperCase();
  const plans = await listPricingPlans(caller.company.pricingGroupId);
  const plan = plans.find((p) => p.carrierCode === carrierCode);
  if (!plan) throw notFound(`carrier not found in your pricing group: ${requested}`);
  const services = await listServices(carrierCode);
  return { data: listCarrierServices(services, plan) };
});
