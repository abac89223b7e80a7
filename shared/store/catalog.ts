/** Carriers, services and pricing groups: reference data read by every request. */
import type { Carrier, CarrierService, PricingGroup, PricingPlan } from '../domain/types';
import { keys } from './keys';
import { carrierItem, pricingGroupItem, pricingPlanItem, serviceItem } from './schemas';
import { getItem, queryPrefix } from './table-ops';

export const listCarriers = async (): Promise<Carrier[]> => {
  const { pk, skPrefix } = keys.carriersPrefix();
  return queryPrefix(pk, skPrefix, carrierItem);
};

export const getCarrier = async (code: string): Promise<Carrier | undefined> => getItem(keys.carrier(code), carrierItem);

export const listServices = async (carrierCode: string): Promise<CarrierService[]> => {
  const { pk, skPrefix } = keys.servicesPrefix(carrierCode);
  return queryPrefix(pk, skPrefix, serviceItem);
};

export const getPricingGroup = async (groupId: string): Promise<PricingGroup | undefined> =>
  getItem(keys.pricingGroup(groupId), pricingGroupItem);

export const listPricingPlans = async (groupId: string): Promise<PricingPlan[]> => {
  const { pk, skPrefix } = keys.pricingPlanPrefix(groupId);
  return queryPrefix(pk, skPrefix, pricingPlanItem);
};
