/**
 * The reference data (carriers, their services, default packaging, pricing
 * groups and plans) lives in one partition (./keys.ts `PK_PREFIX.reference`)
 * and is read whole by one Query: a request needs it before it knows the
 * caller's pricing group (rating reads it alongside the API key), it is a few
 * dozen small items, and each container keeps it REFERENCE_CACHE_SECONDS
 * (./memo.ts). The repositories' list functions are views of it.
 */
import {
  carrierSchema,
  carrierServiceSchema,
  packagingTypeSchema,
  pricingGroupSchema,
  pricingPlanSchema,
  type Carrier,
  type CarrierService,
  type PackagingType,
  type PricingGroup,
  type PricingPlan,
} from '../domain/entities';
import { itemExists } from './expressions';
import { keys, PK_PREFIX, REFERENCE_SK } from './keys';
import { memoReference } from './memo';
import { putItem, queryItems, transactWrite } from './table-ops';

export type ReferenceData = {
  /** By code. */
  carriers: Carrier[];
  /** Each carrier's services by code, disabled ones included. */
  servicesByCarrier: ReadonlyMap<string, CarrierService[]>;
  /** The shared default packaging types, by id. */
  defaultPackaging: PackagingType[];
  pricingGroups: ReadonlyMap<string, PricingGroup>;
  /** Each pricing group's plans, by carrier code. */
  plansByGroup: ReadonlyMap<string, PricingPlan[]>;
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Sorts the items of the reference partition by kind; an item of no known kind is ignored. Pure. */
export const toReferenceData = (items: ReadonlyArray<Record<string, unknown>>): ReferenceData => {
  const data = {
    carriers: [] as Carrier[],
    servicesByCarrier: new Map<string, CarrierService[]>(),
    defaultPackaging: [] as PackagingType[],
    pricingGroups: new Map<string, PricingGroup>(),
    plansByGroup: new Map<string, PricingPlan[]>(),
  };
  for (const item of items) {
    const sk = String(item.sk);
    if (sk.startsWith(REFERENCE_SK.carrier)) data.carriers.push(carrierSchema.parse(item));
    else if (sk.startsWith(REFERENCE_SK.service)) {
      const service = carrierServiceSchema.parse(item);
      push(data.servicesByCarrier, service.carrierCode, service);
    } else if (sk.startsWith(REFERENCE_SK.packaging)) data.defaultPackaging.push(packagingTypeSchema.parse(item));
    else if (sk.startsWith(REFERENCE_SK.pricingGroup)) {
      const group = pricingGroupSchema.parse(item);
      data.pricingGroups.set(group.id, group);
    } else if (sk.startsWith(REFERENCE_SK.pricingPlan)) {
      const plan = pricingPlanSchema.parse(item);
      push(data.plansByGroup, plan.pricingGroupId, plan);
    }
  }
  return data;
};

/** The whole reference data: one Query (more pages only past 1 MB), cached per container. */
export const loadReference = (): Promise<ReferenceData> => memoReference('reference', async () => toReferenceData(await queryItems(PK_PREFIX.reference)));

/** The stored item of a pricing plan. */
export const pricingPlanItem = (plan: PricingPlan) => ({
  ...keys.pricingPlan(plan.pricingGroupId, plan.carrierCode),
  entityType: 'pricingPlan',
  ...pricingPlanSchema.parse(plan),
});

/**
 * Creates or replaces the plan of a group and carrier (admin `pricing-group
 * set-plan`). A plan naming a carrier account is written only while that
 * account exists (ConditionFailed otherwise). Functions see the change within
 * REFERENCE_CACHE_SECONDS.
 */
export const putPricingPlan = async (plan: PricingPlan): Promise<void> => {
  const item = pricingPlanItem(plan);
  if (plan.carrierAccountId === undefined) {
    await putItem(item);
    return;
  }
  await transactWrite([{ put: item }, { check: keys.carrierAccount(plan.carrierAccountId), condition: itemExists() }]);
};
