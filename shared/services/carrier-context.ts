/**
 * What rating (and, later, shipping) loads about a company's carriers: its
 * pricing group's plans, the carrier catalog and each planned carrier's
 * services, disabled ones included so that a quote for one is rejected with
 * its reason rather than lost. All of it is reference data: one read, cached
 * per container (shared/store/reference.ts).
 */
import { config } from '../config';
import { carrierServesKey, plansServingKey } from '../domain/sandbox-carriers';
import type { Carrier, CarrierService, Company, KeyMode, PricingPlan } from '../domain/entities';
import { loadReference } from '../store/reference';

export type CarrierContext = {
  /** The group's plans of the carriers that answer the key's mode (SANDBOX_CARRIERS). */
  plans: PricingPlan[];
  carriers: Carrier[];
  /** Every service of each planned carrier, by carrier code. */
  servicesByCarrier: Map<string, CarrierService[]>;
};

export const loadCarrierContext = async (company: Pick<Company, 'pricingGroupId'>, mode: KeyMode): Promise<CarrierContext> => {
  const reference = await loadReference();
  const plans = plansServingKey(reference.plansByGroup.get(company.pricingGroupId) ?? [], reference.carriers, mode, config.sandboxCarriers);
  const servicesByCarrier = new Map(plans.map((plan) => [plan.carrierCode, reference.servicesByCarrier.get(plan.carrierCode) ?? []] as const));
  return { plans, carriers: reference.carriers, servicesByCarrier };
};

/**
 * Whether the carrier of `carrierCode` answers a key of `mode`
 * (SANDBOX_CARRIERS). A ship asks it again of its rate: the setting may have
 * changed since the rate was quoted.
 */
export const carrierAnswersKey = async (carrierCode: string, mode: KeyMode): Promise<boolean> => {
  const setting = config.sandboxCarriers;
  if (setting === 'all') return true;
  const carrier = (await loadReference()).carriers.find((c) => c.code === carrierCode);
  return carrierServesKey(carrier?.network, mode, setting);
};
