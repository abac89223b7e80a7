/** Carriers, services and pricing groups: reference data read by every request. */
import {
  carrierSchema,
  carrierServiceSchema,
  pricingGroupSchema,
  pricingPlanSchema,
  type Carrier,
  type CarrierService,
  type PricingGroup,
  type PricingPlan,
} from '../domain/types';
import { keys } from './keys';
import { memoReference } from './memo';
import { getItem, queryPrefix } from './table-ops';

export const listCarriers = (): Promise<Carrier[]> =>
  memoReference('carriers', () => {
    const { pk, skPrefix } = keys.carriersPrefix();
    return queryPrefix(pk, skPrefix, carrierSchema);
  });

export const listServices = (carrierCode: string): Promise<CarrierService[]> =>
  memoReference(`services:${carrierCode}`, () => {
    const { pk, skPrefix } = keys.servicesPrefix(carrierCode);
    return queryPrefix(pk, skPrefix, carrierServiceSchema);
  });

export const getPricingGroup = (groupId: string): Promise<PricingGroup | undefined> =>
  memoReference(`group:${groupId}`, () => getItem(keys.pricingGroup(groupId), pricingGroupSchema));

export const listPricingPlans = (groupId: string): Promise<PricingPlan[]> =>
  memoReference(`plans:${groupId}`, () => {
    const { pk, skPrefix } = keys.pricingPlanPrefix(groupId);
    return queryPrefix(pk, skPrefix, pricingPlanSchema);
  });
