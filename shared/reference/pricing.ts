/**
 * Pricing groups and their per-carrier plans (DESIGN.md §3, §6): `default`
 * quotes all four carriers, `parcel` has no `CARRIERF` plan. Sandbox carrier
 * accounts only; real credentials would come from a secret store, never from
 * this file.
 */
import type { PricingGroup, PricingPlan } from '../domain/types';

export const pricingGroups: PricingGroup[] = [
  { id: 'default', name: 'Default (parcel and freight)' },
  { id: 'parcel', name: 'Parcel only' },
];

/** The carriers each group has a plan for; the stored plans are then the one source of a group's carriers. */
const GROUP_CARRIERS: Record<string, string[]> = {
  default: ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'],
  parcel: ['CARRIERX', 'CARRIERY', 'CARRIERZ'],
};

const DISCOUNTS: Record<string, { accountDiscountBp: number; customerDiscountBp: number }> = {
  CARRIERX: { accountDiscountBp: 3500, customerDiscountBp: 2000 },
  CARRIERY: { accountDiscountBp: 3000, customerDiscountBp: 1800 },
  CARRIERZ: { accountDiscountBp: 2800, customerDiscountBp: 1500 },
  CARRIERF: { accountDiscountBp: 4000, customerDiscountBp: 2500 },
};

export const pricingPlans: PricingPlan[] = pricingGroups.flatMap((group) =>
  (GROUP_CARRIERS[group.id] ?? []).map((carrierCode) => ({
    pricingGroupId: group.id,
    carrierCode,
    account: {
      accountNumber: `SBX-${carrierCode}-${group.id.toUpperCase()}`,
      credentials: { mode: 'sandbox', apiKey: `sandbox-${carrierCode.toLowerCase()}-${group.id}` },
    },
    ...(DISCOUNTS[carrierCode] ?? { accountDiscountBp: 0, customerDiscountBp: 0 }),
    services: [],
    currency: 'CAD',
  })),
);
