/**
 * Loads the versioned reference data (carriers, services, default packaging,
 * pricing groups and plans). Idempotent: every item has a fixed key, so a
 * second load overwrites with the same content.
 *
 * Pricing plans are the exception: once stored they are the operator's
 * (admin `pricing-group set-plan` changes them, names their carrier
 * accounts), so the seed writes a plan only where the group and carrier have
 * none, and never overwrites one. Of a plan stored before carrier accounts
 * existed it removes the credentials that plans used to hold.
 */
import { carriers, services } from '../reference/carriers';
import { defaultPackagingTypes } from '../reference/packaging';
import { pricingGroups, pricingPlans } from '../reference/pricing-groups';
import { expressionOf, itemAbsent } from './expressions';
import { keys, type Key } from './keys';
import { pricingPlanItem } from './reference';
import { conditionalPut, conditionalUpdate, isConditionalCheckFailed, putAll } from './table-ops';

const fixedItems = (): Array<Key & Record<string, unknown>> => [
  ...carriers.map((c) => ({ ...keys.carrier(c.code), entityType: 'carrier', ...c })),
  ...services.map((s) => ({ ...keys.service(s.carrierCode, s.code), entityType: 'carrierService', ...s })),
  ...defaultPackagingTypes.map((p) => ({ ...keys.defaultPackaging(p.id), entityType: 'packagingType', ...p })),
  ...pricingGroups.map((g) => ({ ...keys.pricingGroup(g.id), entityType: 'pricingGroup', ...g })),
];

const planItems = () => pricingPlans.map(pricingPlanItem);

export const referenceItems = (): Array<Key & Record<string, unknown>> => [...fixedItems(), ...planItems()];

/** Writes the seed's plan where there is none; strips the old credentials from a stored one. */
const seedPlan = async (item: Key & Record<string, unknown>): Promise<void> => {
  try {
    await conditionalPut(item, itemAbsent());
  } catch (e) {
    if (!isConditionalCheckFailed(e)) throw e;
    try {
      const e = expressionOf();
      const credentials = e.path('account', 'credentials');
      await conditionalUpdate({ pk: item.pk, sk: item.sk }, e.expression(`REMOVE ${credentials}`), e.expression(e.exists('account', 'credentials')));
    } catch (e2) {
      if (!isConditionalCheckFailed(e2)) throw e2;
    }
  }
};

export const seedReferenceData = async (): Promise<{ items: number }> => {
  const fixed = fixedItems();
  const plans = planItems();
  await putAll(fixed);
  // One after the other: these are the first conditional writes a fresh DynamoDB Local sees, and once
  // (a CI run of 2026-11-26, under load) seven of them at once were answered with its parser's internal
  // error (ValidationException "Invalid ConditionExpression: Index 0 out of bounds for length 0"),
  // which stopped npm start. Seven writes in sequence cost a few milliseconds.
  for (const plan of plans) await seedPlan(plan);
  return { items: fixed.length + plans.length };
};
