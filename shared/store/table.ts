/**
 * The single table's definition, read by the CDK stack and by the local
 * runtime (which creates it in DynamoDB Local when absent), so both agree.
 */

/**
 * The sparse index of active (non-final) orders (docs/architecture.md): only an order
 * that is still moving carries `activeShard` and `nextCheckAt` (keys.ts
 * builds them), so the tracking refresh queries each shard for orders due
 * (`nextCheckAt <= now`) and never scans. An order drops out of it when its
 * status becomes final and the writer removes the two attributes.
 *
 * Projection ALL: the refresh reads the carrier, tracking number and status
 * from the index and updates the order conditionally, without a GetItem per
 * due order; the index holds only the few orders in transit.
 */
export const activeOrdersIndex = {
  indexName: 'active-orders',
  partitionKey: 'activeShard',
  sortKey: 'nextCheckAt',
  projection: 'ALL',
} as const;

/** Projection ALL only: local/provision.ts creates every index with it. */
export type IndexDefinition = { indexName: string; partitionKey: string; sortKey?: string; projection: 'ALL' };

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired items (rate requests and responses). */
  ttlAttribute: 'expiresAtEpoch',
  /** Every key attribute of the table and its indexes is a string. */
  globalSecondaryIndexes: [activeOrdersIndex] as readonly IndexDefinition[],
} as const;

export const bucketDefinition = {
  /** Label files live under this prefix: labels/<orderId>/<labelType>.<ext> */
  labelPrefix: 'labels/',
} as const;
