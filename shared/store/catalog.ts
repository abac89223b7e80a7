/** Carriers, services and pricing groups: reference data read by every request. */
import type { Carrier, CarrierService, PricingGroup, PricingPlan } from '../domain/types';
import { keys } from './keys';
import { carrierItem, pricingGroupItem, pricingPlanItem, serviceItem } from './schemas';
import { memoReference } from './memo';
import { getItem, queryPrefix } from './table-ops';

export const listCarriers = (): Promise<Carrier[]> =>
  memoReference('carriers', () => {
    const { pk, skPrefix } = keys.carriersPrefix();
    return queryPrefix(pk, skPrefix, carrierItem);
  });

export const getCarrier = async (code: string): Promise<Carrier | undefined> => getItem(keys.carrier(code), carrierItem);

export const listServices = (carrierCode: string): Promise<CarrierService[]> =>
  memoReference(`services:${carrierCode}`, () => {
    const { pk, skPrefix } = keys.servicesPrefix(carrierCode);
    return queryPrefix(pk, skPrefix, serviceItem);
  });

export const getPricingGroup = (groupId: string): Promise<PricingGroup | undefined> =>
  memoReference(`group:${groupId}`, () => getItem(keys.pricingGroup(groupId), pricingGroupItem));

export const listPricingPlans = (groupId: string): Promise<PricingPlan[]> =>
  memoReference(`plans:${groupId}`, () => {
    const { pk, skPrefix } = keys.pricingPlanPrefix(groupId);
    return queryPrefix(pk, skPrefix, pricingPlanItem);
  });
