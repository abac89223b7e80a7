/**
 * What rating (and, later, shipping) loads about a company's carriers: its
 * pricing group's plans, the carrier catalog and each planned carrier's
 * services, disabled ones included so that a quote for one is rejected with
 * its reason rather than lost. All of it is reference data: one read, cached
 * per container (shared/store/reference.ts).
 */
import type { Carrier, CarrierService, Company, PricingPlan } from '../domain/types';
import { loadReference } from '../store/reference';

export type CarrierContext = {
  plans: PricingPlan[];
  carriers: Carrier[];
  /** Every service of each planned carrier, by carrier code. */
  servicesByCarrier: Map<string, CarrierService[]>;
};

export const loadCarrierContext = async (company: Pick<Company, 'pricingGroupId'>): Promise<CarrierContext> => {
  const reference = await loadReference();
  const plans = reference.plansByGroup.get(company.pricingGroupId) ?? [];
  const servicesByCarrier = new Map(plans.map((plan) => [plan.carrierCode, reference.servicesByCarrier.get(plan.carrierCode) ?? []] as const));
  return { plans, carriers: reference.carriers, servicesByCarrier };
};
