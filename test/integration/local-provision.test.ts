/**
 * ensureTableAndBucket against DynamoDB Local and s3rver: the table of
 * shared/store/table.ts with TTL and stream, the bucket, idempotence.
 */
import { CreateTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ensureTableAndBucket } from '../../local/provision';
import { referenceItems, seedReferenceData } from '../../shared/store/seed';
import { tableDefinition } from '../../shared/store/table';
import { uniqueName, useFreshStack } from '../support/stack';

const stack = useFreshStack();
const dynamodb = new DynamoDBClient({});
const s3 = new S3Client({ forcePathStyle: true });

afterAll(() => {
  dynamodb.destroy();
  s3.destroy();
});

const countItems = async (tableName: string) => {
  let count = 0;
  let start: Record<string, never> | undefined;
  do {
    const page = await dynamodb.send(new ScanCommand({ TableName: tableName, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey as typeof start;
  } while (start);
  return count;
};

describe('ensureTableAndBucket', () => {
  it('creates the single table with pk (hash) and sk (range), both strings, on demand billing', async () => {
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    expect(Table?.AttributeDefinitions).toEqual(
      expect.arrayContaining([
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ]),
    );
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
  });

  it('enables the stream with new and old images (the notify function reads it)', async () => {
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(Table?.LatestStreamArn).toBeTruthy();
  });

  it('enables TTL on the attribute of the table definition', async () => {
    const ttl = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: stack.tableName }));
    expect(ttl.TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: tableDefinition.ttlAttribute });
  });

  it('creates the label bucket, which stores and returns objects', async () => {
    await expect(s3.send(new HeadBucketCommand({ Bucket: stack.bucketName }))).resolves.toBeDefined();
    await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: 'labels/x/pdf.pdf', Body: 'label', ContentType: 'application/pdf' }));
    const object = await s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: 'labels/x/pdf.pdf' }));
    expect(await object.Body?.transformToString()).toBe('label');
  });

  it('changes nothing when the table and bucket exist (a restart of npm start)', async () => {
    const before = await countItems(stack.tableName);
    const again = await ensureTableAndBucket();
    expect(again).toEqual({ tableName: stack.tableName, bucketName: stack.bucketName, tableCreated: false, bucketCreated: false });
    expect(await countItems(stack.tableName)).toBe(before);
    await expect(s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: 'labels/x/pdf.pdf' }))).resolves.toBeDefined();
  });

  it('adds the stream, TTL and missing indexes to an existing table that lacks them (an older data directory)', async () => {
    const tableName = uniqueName('it-old');
    await dynamodb.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    const result = await ensureTableAndBucket({ tableName, bucketName: stack.bucketName });
    expect(result.tableCreated).toBe(false);
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const ttl = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toBe('ENABLED');
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(tableDefinition.globalSecondaryIndexes.map((i) => i.indexName).sort());
  });
});

describe('reference data in a fresh table', () => {
  it('holds exactly the reference items, and loading them again adds none', async () => {
    expect(stack.referenceItems).toBe(referenceItems().length);
    expect(await countItems(stack.tableName)).toBe(referenceItems().length);
    await seedReferenceData();
    expect(await countItems(stack.tableName)).toBe(referenceItems().length);
  });
});
