/**
 * Loads the versioned reference data (carriers, services, default packaging,
 * pricing groups and plans). Idempotent: every item has a fixed key, so a
 * second load overwrites with the same content.
 */
import { carriers, services } from '../reference/carriers';
import { defaultPackagingTypes } from '../reference/packaging';
import { pricingGroups, pricingPlans } from '../reference/pricing';
import { keys, type Key } from './keys';
import { putAll } from './table-ops';

export const referenceItems = (): Array<Key & Record<string, unknown>> => [
  ...carriers.map((c) => ({ ...keys.carrier(c.code), entityType: 'carrier', ...c })),
  ...services.map((s) => ({ ...keys.service(s.carrierCode, s.code), entityType: 'carrierService', ...s })),
  ...defaultPackagingTypes.map((p) => ({ ...keys.defaultPackaging(p.id), entityType: 'packagingType', ...p })),
  ...pricingGroups.map((g) => ({ ...keys.pricingGroup(g.id), entityType: 'pricingGroup', ...g })),
  ...pricingPlans.map((p) => ({ ...keys.pricingPlan(p.pricingGroupId, p.carrierCode), entityType: 'pricingPlan', ...p })),
];

export const seedReferenceData = async (): Promise<{ items: number }> => {
  const items = referenceItems();
  await putAll(items);
  return { items: items.length };
};
