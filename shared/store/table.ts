/**
 * The single table's definition, read by the CDK stack and by the local
 * runtime (which creates it in DynamoDB Local when absent), so both agree.
 */

/**
 * The sparse index of due tracking checks (docs/tracking.md): only the
 * tracking schedule item of an order still moving (`ORDER#<id>` / `TRACK`,
 * shared/store/tracking-schedule.ts) carries `dueShard` and `dueAt`, so the
 * tracking dispatcher queries each shard for the checks due (`dueAt <= now`)
 * and never scans. The schedule leaves it when the order becomes final.
 *
 * Projection KEYS_ONLY: discovery needs only the order id (in `pk`) and the
 * due time; the worker reads the order itself. Each check moves the entry
 * (a delete and a put of about 100 bytes, one write unit each) instead of a
 * copy of the whole order.
 */
export const trackingDueIndex = {
  indexName: 'tracking-due',
  partitionKey: 'dueShard',
  sortKey: 'dueAt',
  projection: 'KEYS_ONLY',
} as const;

/**
 * The sparse index of pending webhook deliveries by when they become overdue
 * (docs/webhooks.md, "Deliveries stuck"): only a pending delivery
 * (`WEBHOOK#<companyId>` / `DELIVERY#...`, shared/store/webhooks.ts) carries
 * `overdueShard` and `overdueAt` (its next attempt's time plus
 * SWEEP_AFTER_SECONDS), so the webhook sweep queries each shard for the
 * deliveries overdue now and never scans. A delivered or failed delivery
 * leaves it.
 *
 * Projection KEYS_ONLY: the sweep reads each delivery it finds, consistently,
 * before it writes; the entry moves (a delete and a put of about 100 bytes)
 * only when an attempt is recorded, never when a lease is taken.
 */
export const webhookOverdueIndex = {
  indexName: 'webhook-overdue',
  partitionKey: 'overdueShard',
  sortKey: 'overdueAt',
  projection: 'KEYS_ONLY',
} as const;

export type IndexDefinition = { indexName: string; partitionKey: string; sortKey?: string; projection: 'ALL' | 'KEYS_ONLY' };

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired items (rate requests and responses). */
  ttlAttribute: 'expiresAtEpoch',
  /** Every key attribute of the table and its indexes is a string. */
  globalSecondaryIndexes: [trackingDueIndex, webhookOverdueIndex] as readonly IndexDefinition[],
} as const;

export const bucketDefinition = {
  /** Label files live under this prefix: labels/<orderId>/<labelType>.<ext> */
  labelPrefix: 'labels/',
} as const;
