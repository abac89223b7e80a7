/**
 * The only place that spells pk/sk values of the single table (docs/architecture.md).
 */
import type { KeyMode } from '../domain/entities';
import { trackingDueIndex, webhookOverdueIndex } from './table';

export type Key = { pk: string; sk: string };

/**
 * The partition-key prefix of each kind of item. The function list fences
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
  /** A carrier's tracking number, pointing at its order: where a pushed tracking event goes. */
  trackingNumber: 'TRACKNO#',
  /**
   * A company's end-of-day manifests and what they are made from (shared/store/manifests.ts):
   * its open shipments, the close lease per mode and carrier, the manifests and their id pointers.
   */
  manifest: 'MANIFEST#',
  /** A company's cached address validations by a carrier (shared/store/address-cache.ts), each with a 24-hour TTL. */
  addressValidation: 'ADDRVAL#',
  /**
   * A company's pickups (shared/store/pickups.ts): the pickups, their id
   * pointers, the create claim of each distinct request and the
   * reconciliation record of a booking whose outcome is unknown.
   */
  pickup: 'PICKUP#',
  /** A company's batches (shared/store/batches.ts): each batch, its items' definitions and outcomes, the reference pointers. */
  batch: 'BATCH#',
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

/**
 * Partitions of the tracking-due index (docs/tracking.md): each check moves an
 * order's entry inside its shard (a delete and a put), and DynamoDB serves
 * about 1,000 write units a second per partition key, so the shards bound the
 * checks a second: 32 shards hold 50 ships a second's 3,000 checks (6,000
 * index writes) at under a fifth of that each. The dispatcher reads every
 * shard in parallel. Changing it re-spreads orders as they are next checked;
 * an entry in a shard beyond a smaller count would go unread, so it only grows.
 */
export const TRACKING_SHARDS = 32;
/** The sort-key prefix of an order's reconciliation records, which share the tracking-due index with its schedule. */
export const RECONCILE_SK = 'RECONCILE#';
const dueShard = (shard: number) => `DUE#${shard}`;
/**
 * Partitions of the webhook-overdue index (shared/store/table.ts): a pending
 * delivery's entry is put when it is made, moved at each attempt that leaves
 * it pending and deleted when it ends, about 2 index writes for a delivery
 * sent at its first attempt, so one shard takes about 500 deliveries a second
 * and 8 take 4,000. The sweep reads every shard each run; like
 * TRACKING_SHARDS it only grows.
 */
export const WEBHOOK_OVERDUE_SHARDS = 8;
const webhookOverdueShard = (shard: number) => `WEBHOOKDUE#${shard}`;
/** A stable spread of order ids over `shards` (31-multiplier string hash). */
export const shardOf = (orderId: string, shards: number = TRACKING_SHARDS): number => {
  let hash = 0;
  for (let i = 0; i < orderId.length; i++) hash = (hash * 31 + orderId.charCodeAt(i)) >>> 0;
  return hash % shards;
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
  /** The index attributes of a pending delivery overdue from `overdueAt` on (shared/store/table.ts webhookOverdueIndex). */
  webhookOverdue: (deliveryId: string, overdueAt: string) => ({
    [webhookOverdueIndex.partitionKey]: webhookOverdueShard(shardOf(deliveryId, WEBHOOK_OVERDUE_SHARDS)),
    [webhookOverdueIndex.sortKey]: overdueAt,
  }),
  /** The partition of the webhook-overdue index that holds shard `shard` (0 to WEBHOOK_OVERDUE_SHARDS - 1). */
  webhookOverdueShard: (shard: number): string => webhookOverdueShard(shard),
  /** The marker of one status e-mail of an order (shared/store/notifications.ts), in the order's partition. */
  notification: (orderId: string, status: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: `NOTIFY#${status}` }),
  /** The render marker of one label file of an order (shared/store/label-files.ts), in the order's partition. */
  labelRender: (orderId: string, labelTypeCode: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: `LABEL#${labelTypeCode}` }),
  /** The tracking schedule of an order (shared/store/tracking-schedule.ts): its next check, last check and check lease, in the order's partition. */
  trackingSchedule: (orderId: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: 'TRACK' }),
  /** The index attributes of a schedule that is due at `dueAt` (shared/store/table.ts trackingDueIndex). */
  trackingDue: (orderId: string, dueAt: string) => ({
    [trackingDueIndex.partitionKey]: dueShard(shardOf(orderId)),
    [trackingDueIndex.sortKey]: dueAt,
  }),
  /** The partition of the tracking-due index that holds shard `shard` (0 to TRACKING_SHARDS - 1). */
  dueShard: (shard: number): string => dueShard(shard),
  /**
   * A carrier call of the order whose outcome is unknown, to reconcile
   * (shared/store/reconciliation.ts): `SHIP` (a ship that may have bought a
   * shipment) or `VOID` (a void that may have voided it).
   */
  reconcile: (orderId: string, kind: 'SHIP' | 'VOID'): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: `${RECONCILE_SK}${kind}` }),
  /** One entry of the order's audit trail: what the reconciler did to one of its shipments. */
  audit: (orderId: string, action: string, trackingNumber: string): Key => ({ pk: `${PK_PREFIX.order}${orderId}`, sk: `AUDIT#${action}#${trackingNumber}` }),
  auditPrefix: (orderId: string) => ({ pk: `${PK_PREFIX.order}${orderId}`, skPrefix: 'AUDIT#' }),
  /**
   * Which order of `mode` a carrier's tracking number belongs to, for tracking the carrier pushes
   * (shared/store/tracking-schedule.ts): a carrier's test environment numbers apart from its
   * production, so a test order and a live order may carry the same number.
   */
  trackingNumber: (carrierCode: string, trackingNumber: string, mode: KeyMode): Key => ({
    pk: `${PK_PREFIX.trackingNumber}${carrierCode}#${trackingNumber}`,
    sk: `TRACKNO#${mode}`,
  }),
  /** A carrier's validation of one normalised address for a company and mode (`hash`: the address's SHA-256). */
  addressValidation: (companyId: string, mode: KeyMode, carrierCode: string, hash: string): Key => ({
    pk: `${PK_PREFIX.addressValidation}${companyId}`,
    sk: `${mode}#${carrierCode}#${hash}`,
  }),
  /** A shipment not yet on a manifest (docs/decisions.md, "Manifests"): put with its order, deleted by the close that takes it or the cancel that voids it. */
  manifestOpen: (companyId: string, mode: KeyMode, carrierCode: string, orderId: string): Key => ({
    pk: `${PK_PREFIX.manifest}${companyId}`,
    sk: `OPEN#${mode}#${carrierCode}#${orderId}`,
  }),
  manifestOpenPrefix: (companyId: string, mode: KeyMode, carrierCode: string) => ({
    pk: `${PK_PREFIX.manifest}${companyId}`,
    skPrefix: `OPEN#${mode}#${carrierCode}#`,
  }),
  /** The close lease of one mode and carrier of a company: one close at a time. */
  manifestClose: (companyId: string, mode: KeyMode, carrierCode: string): Key => ({
    pk: `${PK_PREFIX.manifest}${companyId}`,
    sk: `CLOSE#${mode}#${carrierCode}`,
  }),
  /** A manifest, sorted in its company and mode by ship date, then creation time. */
  manifest: (companyId: string, mode: KeyMode, shipDate: string, createdDate: string, manifestId: string): Key => ({
    pk: `${PK_PREFIX.manifest}${companyId}`,
    sk: `LIST#${mode}#${shipDate}#${createdDate}#${manifestId}`,
  }),
  manifestListPrefix: (companyId: string, mode: KeyMode) => ({ pk: `${PK_PREFIX.manifest}${companyId}`, skPrefix: `LIST#${mode}#` }),
  /** A batch of a company (docs/batches.md); the company's batches sort by id under `BATCH#`. */
  batch: (companyId: string, batchId: string): Key => ({ pk: `${PK_PREFIX.batch}${companyId}`, sk: `BATCH#${batchId}` }),
  batchPrefix: (companyId: string) => ({ pk: `${PK_PREFIX.batch}${companyId}`, skPrefix: 'BATCH#' }),
  /** A part of a batch's item definitions, as posted (`first`: the index of its first item, 0000-0999). */
  batchPart: (companyId: string, batchId: string, first: string): Key => ({ pk: `${PK_PREFIX.batch}${companyId}`, sk: `BATCHPART#${batchId}#${first}` }),
  batchPartPrefix: (companyId: string, batchId: string) => ({ pk: `${PK_PREFIX.batch}${companyId}`, skPrefix: `BATCHPART#${batchId}#` }),
  /** The outcome of one item (`index`: 0000-0999), written by the worker under its lease. */
  batchItem: (companyId: string, batchId: string, index: string): Key => ({ pk: `${PK_PREFIX.batch}${companyId}`, sk: `BATCHITEM#${batchId}#${index}` }),
  batchItemPrefix: (companyId: string, batchId: string) => ({ pk: `${PK_PREFIX.batch}${companyId}`, skPrefix: `BATCHITEM#${batchId}#` }),
  /** How many of a batch's shards have no item pending: the worker settles the batch when it reaches the shard count. */
  batchShardsDone: (companyId: string, batchId: string): Key => ({ pk: `${PK_PREFIX.batch}${companyId}`, sk: `BATCHDONE#${batchId}` }),
  /** The render marker of a batch's label file of `format` (PDF, ZPL): one render, across containers. */
  batchLabel: (companyId: string, batchId: string, format: string): Key => ({ pk: `${PK_PREFIX.batch}${companyId}`, sk: `BATCHLABEL#${batchId}#${format}` }),
  /** A caller's `reference` of a batch, per mode: the same reference answers the same batch. */
  batchReference: (companyId: string, mode: KeyMode, reference: string): Key => ({ pk: `${PK_PREFIX.batch}${companyId}`, sk: `BATCHREF#${mode}#${reference}` }),
  /** Where a manifest id points: its manifest's sort key. */
  manifestId: (companyId: string, manifestId: string): Key => ({ pk: `${PK_PREFIX.manifest}${companyId}`, sk: `ID#${manifestId}` }),
  /** A pickup, sorted in its company and mode by creation time (shared/store/pickups.ts). */
  pickup: (companyId: string, mode: KeyMode, createdDate: string, pickupId: string): Key => ({
    pk: `${PK_PREFIX.pickup}${companyId}`,
    sk: `LIST#${mode}#${createdDate}#${pickupId}`,
  }),
  pickupListPrefix: (companyId: string, mode: KeyMode) => ({ pk: `${PK_PREFIX.pickup}${companyId}`, skPrefix: `LIST#${mode}#` }),
  /** Where a pickup id points: its pickup's sort key. */
  pickupId: (companyId: string, pickupId: string): Key => ({ pk: `${PK_PREFIX.pickup}${companyId}`, sk: `ID#${pickupId}` }),
  /** The create claim of one distinct pickup request of a mode (`hash`: SHA-256 of the request as normalised): one booking per request. */
  pickupRequest: (companyId: string, mode: KeyMode, hash: string): Key => ({ pk: `${PK_PREFIX.pickup}${companyId}`, sk: `REQ#${mode}#${hash}` }),
  /** A pickup booking of unknown outcome, to reconcile (docs/reliability.md); it shares the tracking-due index with the orders' records. */
  pickupReconcile: (companyId: string, pickupId: string): Key => ({ pk: `${PK_PREFIX.pickup}${companyId}`, sk: `${RECONCILE_SK}${pickupId}` }),
};

/** The company and pickup of a reconciliation record's keys, as the tracking-due index gives them; undefined for any other item. */
export const pickupOfReconcileKey = (pk: unknown, sk: unknown): { companyId: string; pickupId: string } | undefined =>
  typeof pk === 'string' && typeof sk === 'string' && pk.startsWith(PK_PREFIX.pickup) && sk.startsWith(RECONCILE_SK)
    ? { companyId: pk.slice(PK_PREFIX.pickup.length), pickupId: sk.slice(RECONCILE_SK.length) }
    : undefined;
