/**
 * What rating (and, later, shipping) loads about a company's carriers: its
 * pricing group's plans, the carrier catalog and each planned carrier's
 * services, disabled ones included so that a quote for one is rejected with
 * its reason rather than lost.
 */
import type { Carrier, CarrierService, Company, PricingPlan } from '../domain/types';
import { listCarriers, listPricingPlans, listServices } from '../store/catalog';

export type CarrierContext = {
  plans: PricingPlan[];
  carriers: Carrier[];
  /** Every service of each planned carrier, by carrier code. */
  servicesByCarrier: Map<string, CarrierService[]>;
};

export const loadCarrierContext = async (company: Pick<Company, 'pricingGroupId'>): Promise<CarrierContext> => {
  const [plans, carriers] = await Promise.all([listPricingPlans(company.pricingGroupId), listCarriers()]);
  const servicesByCarrier = new Map(
    await Promise.all(plans.map(async (plan) => [plan.carrierCode, await listServices(plan.carrierCode)] as const)),
  );
  return { plans, carriers, servicesByCarrier };
};
