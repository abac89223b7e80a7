/**
 * Creates the single table and the label bucket in the emulators (or any
 * endpoint the SDK is pointed at) when they are absent, from the same
 * definition the CDK stack reads (shared/store/table.ts).
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { config } from '../shared/config';
import { tableDefinition } from '../shared/store/table';

export const createTableInput = (tableName: string): CreateTableCommandInput => {
  const attributes = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const index of tableDefinition.globalSecondaryIndexes) {
    attributes.add(index.partitionKey);
    if (index.sortKey) attributes.add(index.sortKey);
  }
  const indexes = tableDefinition.globalSecondaryIndexes.map((index) => ({
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    Projection: { ProjectionType: index.projection },
  }));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map((name): AttributeDefinition => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    ...(indexes.length > 0 ? { GlobalSecondaryIndexes: indexes } : {}),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  };
};

/** Waits until the index is ACTIVE (DynamoDB Local builds it in a moment; a minute at most). */
const waitForIndex = async (client: DynamoDBClient, tableName: string, indexName: string): Promise<void> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const status = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName)?.IndexStatus;
    if (status === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`the index ${indexName} of ${tableName} is still ${status ?? 'missing'} after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const ensureTable = async (client: DynamoDBClient, tableName: string): Promise<boolean> => {
  let created = false;
  let described = await client.send(new DescribeTableCommand({ TableName: tableName })).catch((e: unknown) => {
    if (e instanceof ResourceNotFoundException) return undefined;
    throw e;
  });
  if (!described) {
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
      created = true;
    } catch (e) {
      // Another process created it meanwhile.
      if (!(e instanceof ResourceInUseException)) throw e;
    }
    await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: tableName });
    described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  }
  // A table from an older data directory may lack an index added since (tracking-due, say): add each missing one,
  // one at a time (DynamoDB creates one index of a table at once) and wait until it is active.
  const present = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    const keyNames = new Set(index.KeySchema?.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions?.filter((d) => keyNames.has(d.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    await waitForIndex(client, tableName, index.IndexName!);
  }
  // A table from an older data directory may lack the stream; the notify function reads it.
  const stream = described.Table?.StreamSpecification;
  if (!stream?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } }));
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const ttlDescription = ttl.TimeToLiveDescription;
  if (ttlDescription?.TimeToLiveStatus !== 'ENABLED' || ttlDescription.AttributeName !== tableDefinition.ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: tableDefinition.ttlAttribute },
      }),
    );
  }
  return created;
};

const ensureBucket = async (client: S3Client, bucketName: string): Promise<boolean> => {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucketName }));
    return false;
  } catch (e) {
    if (!(e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) throw e;
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucketName }));
    return true;
  } catch (e) {
    if (e instanceof S3ServiceException && (e.name === 'BucketAlreadyOwnedByYou' || e.name === 'BucketAlreadyExists')) return false;
    throw e;
  }
};

/**
 * Creates the table (pk/sk, TTL on, stream NEW_AND_OLD_IMAGES) and the bucket
 * when absent; names default to TABLE_NAME / BUCKET_NAME. Endpoints, region
 * and credentials come from the environment, as for every SDK client.
 */
export const ensureTableAndBucket = async (
  names: { tableName?: string; bucketName?: string } = {},
): Promise<{ tableName: string; bucketName: string; tableCreated: boolean; bucketCreated: boolean }> => {
  const tableName = names.tableName ?? config.tableName;
  const bucketName = names.bucketName ?? config.bucketName;
  const dynamodb = new DynamoDBClient({});
  const s3 = new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
  try {
    const tableCreated = await ensureTable(dynamodb, tableName);
    const bucketCreated = await ensureBucket(s3, bucketName);
    return { tableName, bucketName, tableCreated, bucketCreated };
  } finally {
    dynamodb.destroy();
    s3.destroy();
  }
};
