/**
 * The catalog endpoints (spec 4.1–4.3): what a company may use. Reads the
 * store, shapes with the pure domain/catalog-shaping rules.
 */
import { randomUUID } from 'node:crypto';
import {
  listCarrierServices,
  listGroupCarriers,
  listPackagingTypes,
  newCustomBox,
  type CustomBoxInput,
  type PublicCarrier,
  type PublicPackagingType,
  type PublicService,
} from '../domain/catalog-shaping';
import type { Company } from '../domain/types';
import { notFound } from '../errors';
import { listCarriers, listPricingPlans, listServices } from '../store/reference-views';
import { listCompanyBoxes, listDefaultPackaging, putCustomBox } from '../store/packaging';

/** Defaults first, then the company's custom boxes. */
export const packagingTypesOf = async (company: Pick<Company, 'companyId'>): Promise<PublicPackagingType[]> => {
  const [defaults, boxes] = await Promise.all([listDefaultPackaging(), listCompanyBoxes(company.companyId)]);
  return listPackagingTypes(defaults, boxes);
};

/** The carriers the company's pricing group has a plan for. */
export const carriersOf = async (company: Pick<Company, 'pricingGroupId'>): Promise<PublicCarrier[]> => {
  const [plans, catalog] = await Promise.all([listPricingPlans(company.pricingGroupId), listCarriers()]);
  return listGroupCarriers(plans, catalog);
};

/** `default` first, then the enabled services; 404 when the carrier is not in the company's pricing group. */
export const carrierServicesOf = async (company: Pick<Company, 'pricingGroupId'>, carrierCode: string): Promise<PublicService[]> => {
  const code = carrierCode.toUpperCase();
  const plan = (await listPricingPlans(company.pricingGroupId)).find((p) => p.carrierCode === code);
  if (!plan) throw notFound(`carrier not found in your pricing group: ${carrierCode}`);
  return listCarrierServices(await listServices(code), plan);
};

/** A new custom box of the company (admin CLI); 400 for a side that is not > 0, a negative weight or a blank name. */
export const createCustomBox = async (companyId: string, input: CustomBoxInput, now = new Date()) => {
  const box = newCustomBox(companyId, input, { id: randomUUID(), now });
  await putCustomBox(box);
  return box;
};
