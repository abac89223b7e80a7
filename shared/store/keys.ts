/**
 * The only place that spells pk/sk values of the single table (docs/architecture.md).
 */
import { activeOrdersIndex } from './table';

export type Key = { pk: string; sk: string };

/**
 * The partition-key prefix of each kind of item. The function manifest fences
 * every function's table writes to some of them (IAM `dynamodb:LeadingKeys`),
 * so a new kind of item starts here.
 */
export const PK_PREFIX = {
  apiKey: 'APIKEY#',
  apiKeyId: 'APIKEYID#',
  /** The company profile and its custom boxes. */
  company: 'COMPANY#',
  /**
   * The reference data, all of it in one partition (carriers, services,
   * default packaging, pricing groups and plans): one Query reads it whole, so
   * a request needs it before it knows the caller's pricing group and it costs
   * one round trip, once per container while cached (shared/store/reference.ts).
   */
  reference: 'REFERENCE',
  /**
   * A carrier account the operator registered (shared/store/carrier-accounts.ts):
   * its number and where its credentials live, never the credentials.
   */
  carrierAccount: 'CARRIERACCT#',
  rateRequest: 'RATEREQ#',
  rateResponse: 'RATERESP#',
  order: 'ORDER#',
  /** A company's webhook endpoints, their count and their deliveries (shared/store/webhooks.ts). */
  webhook: 'WEBHOOK#',
} as const;
export type PkPrefix = (typeof PK_PREFIX)[keyof typeof PK_PREFIX];

/** Sort-key prefixes of the reference partition, one per kind of item; in sk order, each kind's items come out sorted by code. */
export const REFERENCE_SK = {
  carrier: 'CARRIER#',
  service: 'SERVICE#',
  packaging: 'PACKAGING#',
  pricingGroup: 'GROUP#',
  pricingPlan: 'PLAN#',
} as const;

/** Partitions of the active-orders index; the tracking refresh queries each. */
export const ACTIVE_ORDER_SHARDS = 4;
const activeShard = (shard: number) => `ACTIVE#${shard}`;
const shardOf = (orderId: string): number => {
  let hash = 0;
  for (let i = 0; i < orderId.length; i++) hash = (hash * 31 + orderId.charCodeAt(i)) >>> 0;
  return hash % ACTIVE_ORDER_SHARDS;
};

export const keys = {
  apiKey: (keyHash: string): Key => ({ pk: `${PK_PREFIX.apiKey}${keyHash}`, sk: 'APIKEY' }),
  /** Pointer from a key id to its hash, so a key can be revoked by id. */
  apiKeyId: (keyId: string): Key => ({ pk: `${PK_PREFIX.apiKeyId}${keyId}`, sk: 'APIKEYID' }),
  company: (companyId: string): Key => ({ pk: `${PK_PREFIX.company}${companyId}`, sk: 'PROFILE' }),
  pricingGroup: (groupId: string): Key => ({ pk: PK_PREFIX.reference, sk: `${REFERENCE_SK.pricingGroup}${groupId}` }),
  carrierAccount: (carrierAccountId: string): Key => ({ pk: `${PK_PREFIX.carrierAccount}${carrierAccountId}`, sk: 'CARRIERACCT' }),
  pricingPlan: (groupId: string, carrierCode: string): Key => ({ pk: PK_PREFIX.reference, sk: `${REFERENCE_SK.pricingPlan}${groupId}#${carrierCode}` }),
  carrier: (code: string): Key => ({ pk: PK_PREFIX.reference, sk: `${REFERENCE_SK.carrier}${code}` }),
  service: (carrierCode: string, serviceCode: string): Key => ({ pk: PK_PREFIX.reference, sk: `${REFERENCE_SK.service}${carrierCode}#${serviceCode}` }),
  defaultPackaging: (id: string): Key => ({ pk: PK_PREFIX.reference, sk: `${REFERENCE_SK.packaging}${id}` }),
  companyPackaging: (companyId: string, id: string): Key => ({ pk: `${PK_PREFIX.company}${companyId}`, sk: `PACKAGING#${id}` }),
  companyPackagingPrefix: (companyId: string) => ({ pk: `${PK_PREFIX.company}${companyId}`, skPrefix: 'PACKAGING#' }),
  rateRequest: (requestId: string): Key => ({ pk: `${PK_PREFIX.rateRequest}${requestId}`, sk: 'RATEREQ' }),
  rateResponse: (rateResponseId: string): Key => ({ pk: `${PK_PREFIX.rateResponse}${rateResponseId}`, sk: 'RATERESP' }),
  order: (orderId: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: 'ORDER' }),
  /** One webhook endpoint of a company. */
  webhook: (companyId: string, webhookId: string): Key => ({ pk: `${PK_PREFIX.webhook}${companyId}`, sk: `ENDPOINT#${webhookId}` }),
  webhookPrefix: (companyId: string) => ({ pk: `${PK_PREFIX.webhook}${companyId}`, skPrefix: 'ENDPOINT#' }),
  /** How many endpoints a company has: the limit is a condition on it. */
  webhookCount: (companyId: string): Key => ({ pk: `${PK_PREFIX.webhook}${companyId}`, sk: 'COUNT' }),
  /** One message to one endpoint; an endpoint's deliveries sort by time (the id starts with it). */
  webhookDelivery: (companyId: string, webhookId: string, deliveryId: string): Key => ({
    pk: `${PK_PREFIX.webhook}${companyId}`,
    sk: `DELIVERY#${webhookId}#${deliveryId}`,
  }),
  webhookDeliveryPrefix: (companyId: string, webhookId: string) => ({ pk: `${PK_PREFIX.webhook}${companyId}`, skPrefix: `DELIVERY#${webhookId}#` }),
  /** The marker of one status e-mail of an order (shared/store/notifications.ts), in the order's partition. */
  notification: (orderId: string, status: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: `NOTIFY#${status}` }),
  /** The render marker of one label file of an order (shared/store/label-files.ts), in the order's partition. */
  labelRender: (orderId: string, labelTypeCode: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: `LABEL#${labelTypeCode}` }),
  /**
   * The index attributes of a non-final order (shared/store/table.ts): a shard
   * from the order id, so due orders spread over ACTIVE_ORDER_SHARDS partitions.
   */
  activeOrder: (orderId: string, nextCheckAt: string) => ({
    [activeOrdersIndex.partitionKey]: activeShard(shardOf(orderId)),
    [activeOrdersIndex.sortKey]: nextCheckAt,
  }),
  /** The partition of the active-orders index that holds shard `shard` (0 to ACTIVE_ORDER_SHARDS - 1). */
  activeShard: (shard: number): string => activeShard(shard),
};
