/**
 * The catalog endpoints (spec 4.1–4.3): what a company may use. Reads the
 * store, shapes with the pure domain/catalog-shaping rules; answers the
 * contract's types (shared/contract/catalog.ts).
 */
import { randomUUID } from 'node:crypto';
import { listCarrierServices, listGroupCarriers, listPackagingTypes, newCustomBox, type CustomBoxInput } from '../domain/catalog-shaping';
import type { CarrierEntry, PackagingEntry, ServiceEntry } from '../contract/catalog';
import { config } from '../config';
import { hiddenCarrierCodes, plansServingKey } from '../domain/sandbox-carriers';
import type { Company, KeyMode } from '../domain/entities';
import { echoed } from '../domain/text-clipping';
import { notFound } from '../errors';
import { listCarriers, listPricingPlans, listServices } from '../store/reference-views';
import { listCompanyBoxes, listDefaultPackaging, putCustomBox } from '../store/packaging';

/**
 * Defaults first, then the company's custom boxes. The packaging of a carrier
 * that does not answer the key's mode (SANDBOX_CARRIERS) is left out.
 */
export const packagingTypesOf = async (company: Pick<Company, 'companyId'>, mode: KeyMode): Promise<PackagingEntry[]> => {
  const [defaults, boxes, catalog] = await Promise.all([listDefaultPackaging(), listCompanyBoxes(company.companyId), listCarriers()]);
  const hidden = hiddenCarrierCodes(catalog, mode, config.sandboxCarriers);
  return listPackagingTypes(hidden.size === 0 ? defaults : defaults.filter((p) => p.carrierId === null || !hidden.has(p.carrierId)), boxes);
};

/** The plans of the company's pricing group whose carrier answers a key of `mode` (SANDBOX_CARRIERS). */
const plansFor = async (company: Pick<Company, 'pricingGroupId'>, mode: KeyMode) => {
  const [plans, catalog] = await Promise.all([listPricingPlans(company.pricingGroupId), listCarriers()]);
  return { plans: plansServingKey(plans, catalog, mode, config.sandboxCarriers), catalog };
};

/** The carriers the company's pricing group has a plan for, among those that answer the key's mode. */
export const carriersOf = async (company: Pick<Company, 'pricingGroupId'>, mode: KeyMode): Promise<CarrierEntry[]> => {
  const { plans, catalog } = await plansFor(company, mode);
  return listGroupCarriers(plans, catalog);
};

/**
 * `default` first, then the enabled services; 404 when the carrier is not in
 * the company's pricing group, or does not answer the key's mode (the same answer).
 */
export const carrierServicesOf = async (company: Pick<Company, 'pricingGroupId'>, carrierCode: string, mode: KeyMode): Promise<ServiceEntry[]> => {
  const code = carrierCode.toUpperCase();
  const plan = (await plansFor(company, mode)).plans.find((p) => p.carrierCode === code);
  if (!plan) throw notFound(`carrier not found in your pricing group: ${echoed(carrierCode)}`);
  return listCarrierServices(await listServices(code), plan);
};

/** A new custom box of the company (admin CLI); 400 for a side that is not > 0, a negative weight or a blank name. */
export const createCustomBox = async (companyId: string, input: CustomBoxInput, now = new Date()) => {
  const box = newCustomBox(companyId, input, { id: randomUUID(), now });
  await putCustomBox(box);
  return box;
};
