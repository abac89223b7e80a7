/**
 * What several admin commands read from the target before they act. The
 * store modules are imported when a command runs, once bin/admin.ts has
 * pointed the environment at the target: their clients read it when they load.
 */
import type { PricingPlan } from '../shared/domain/entities';
import { AdminError } from './errors';

export const requireCompany = async (companyId: string) => {
  const { getCompany } = await import('../shared/store/companies');
  const company = await getCompany(companyId);
  if (!company) throw new AdminError(`company not found: ${companyId}`);
  return company;
};

/** The reference data as stored now (no cache), with a clear error when the seed was never loaded. */
export const storedReference = async () => {
  const { loadReference } = await import('../shared/store/reference');
  const reference = await loadReference();
  if (reference.carriers.length === 0) throw new AdminError('the table holds no reference data: run `npm run -s admin -- seed` first');
  return reference;
};

export const storedCarrier = async (carrierCode: string) => {
  const reference = await storedReference();
  const carrier = reference.carriers.find((c) => c.code === carrierCode);
  if (!carrier) throw new AdminError(`carrier ${carrierCode} is not in the stored reference data; load this version's with \`npm run -s admin -- seed\``);
  return { reference, carrier };
};

/** The pricing plans that name each account. */
export const plansByAccount = (plansByGroup: ReadonlyMap<string, PricingPlan[]>): Map<string, PricingPlan[]> => {
  const byAccount = new Map<string, PricingPlan[]>();
  for (const plans of plansByGroup.values()) {
    for (const plan of plans) {
      if (plan.carrierAccountId === undefined) continue;
      byAccount.set(plan.carrierAccountId, [...(byAccount.get(plan.carrierAccountId) ?? []), plan]);
    }
  }
  return byAccount;
};
