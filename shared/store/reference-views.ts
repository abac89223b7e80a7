/** Carriers, services and pricing groups: views of the reference data (./reference.ts). */
import type { Carrier, CarrierService, PricingGroup, PricingPlan } from '../domain/entities';
import { loadReference } from './reference';

export const listCarriers = async (): Promise<Carrier[]> => (await loadReference()).carriers;

export const listServices = async (carrierCode: string): Promise<CarrierService[]> => (await loadReference()).servicesByCarrier.get(carrierCode) ?? [];

export const getPricingGroup = async (groupId: string): Promise<PricingGroup | undefined> => (await loadReference()).pricingGroups.get(groupId);

export const listPricingPlans = async (groupId: string): Promise<PricingPlan[]> => (await loadReference()).plansByGroup.get(groupId) ?? [];
