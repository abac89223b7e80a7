/**
 * The single table's definition, read by the CDK stack and by the local
 * runtime (which creates it in DynamoDB Local when absent), so both agree.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired items (rate requests and responses). */
  ttlAttribute: 'expiresAtEpoch',
  globalSecondaryIndexes: [] as Array<{ indexName: string; partitionKey: string; sortKey?: string }>,
} as const;

export const bucketDefinition = {
  /** Label files live under this prefix: labels/<orderId>/<labelType>.<ext> */
  labelPrefix: 'labels/',
} as const;
