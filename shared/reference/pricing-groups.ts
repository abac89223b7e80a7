/**
 * Pricing groups and their per-carrier plans (docs/configuration.md): `default`
 * quotes the four sandbox carriers, `parcel` has no `CARRIERF` plan. Sandbox carrier
 * accounts only, which need no credentials: a plan of a live carrier names a
 * carrier account the operator registered (`admin carrier-account add`,
 * `admin pricing-group set-plan`), whose credentials live in a secret store.
 */
import type { PricingGroup, PricingPlan } from '../domain/entities';

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

/** The account number of a sandbox carrier's plan (the sandbox network accepts any). */
export const sandboxAccountNumber = (groupId: string, carrierCode: string): string => `SBX-${carrierCode}-${groupId.toUpperCase()}`;

export const pricingPlans: PricingPlan[] = pricingGroups.flatMap((group) =>
  (GROUP_CARRIERS[group.id] ?? []).map((carrierCode) => ({
    pricingGroupId: group.id,
    carrierCode,
    account: { accountNumber: sandboxAccountNumber(group.id, carrierCode) },
    ...(DISCOUNTS[carrierCode] ?? { accountDiscountBp: 0, customerDiscountBp: 0 }),
    services: [],
    currency: 'CAD',
  })),
);
