/**
 * The local stream poller (local/stream-poller.ts) on DynamoDB Local's stream,
 * with a fake handler: Lambda's record shape, the manifest filter, partial
 * batch responses, records set aside after their retries, and checkpoints
 * that survive a new poller.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteItemCommand, DescribeTableCommand, DynamoDBClient, PutItemCommand, UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { NOTIFICATION_STATUSES, orderStatusChanges } from '../../shared/functions';
import {
  fileCheckpoints,
  memoryCheckpoints,
  startStreamPoller,
  type ParkedRecord,
  type StreamHandler,
  type StreamPollerOptions,
} from '../../local/stream-poller';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const dynamodb = new DynamoDBClient({});
const directory = mkdtempSync(path.join(os.tmpdir(), 'stream-poller-'));
afterAll(() => {
  dynamodb.destroy();
  rmSync(directory, { recursive: true, force: true });
});

const POLL_MS = 50;
const TEST_TIMEOUT_MS = 20_000;

/** Items of one test: a pk prefix of its own, and a filter that lets only them through (the table holds the seed and other tests' items). */
const testItems = () => {
  const prefix = `TEST#${randomUUID()}#`;
  return {
    filters: [{ dynamodb: { Keys: { pk: { S: [{ prefix }] } } } }],
    pk: (n: number) => `${prefix}${String(n).padStart(3, '0')}`,
    put: (n: number, extra: Record<string, AttributeValue> = {}) =>
      dynamodb.send(
        new PutItemCommand({
          TableName: stack.tableName,
          Item: { pk: { S: `${prefix}${String(n).padStart(3, '0')}` }, sk: { S: 'ITEM' }, n: { N: String(n) }, ...extra },
        }),
      ),
  };
};

const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const pkOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.pk?.S ?? '';

/** A fake handler that records each batch it gets; `respond` decides its answer. */
const fakeHandler = (respond: (records: DynamoDBRecord[], call: number) => unknown = () => undefined) => {
  const batches: DynamoDBRecord[][] = [];
  const handler: StreamHandler = async (event: DynamoDBStreamEvent) => {
    batches.push(event.Records);
    return respond(event.Records, batches.length);
  };
  return { handler, batches, delivered: () => batches.flat().map(pkOf) };
};

const pollers: Array<{ stop: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(pollers.splice(0).map((p) => p.stop()));
});

const poll = (
  options: Omit<StreamPollerOptions, 'tableName' | 'fn' | 'loadHandler'> & { handler: StreamHandler; filters: StreamPollerOptions['fn']['filters'] },
) => {
  const { handler, filters, ...rest } = options;
  const poller = startStreamPoller({
    fn: { name: 'fake', entry: '(the test handler)', filters },
    tableName: stack.tableName,
    loadHandler: () => handler,
    pollIntervalMs: POLL_MS,
    log: () => undefined,
    warn: () => undefined,
    ...rest,
  });
  pollers.push(poller);
  return poller;
};

it("reads DynamoDB Local's stream of the test table (provisioned with NEW_AND_OLD_IMAGES)", async () => {
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
  expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
});

it(
  "hands writes to the handler in order, with Lambda's record shape: binary as base64, images that unmarshal back to the item",
  async () => {
    const items = testItems();
    const bytes = Uint8Array.from([0, 1, 2, 250, 255]);
    const b64 = Buffer.from(bytes).toString('base64');
    const before = Math.floor(Date.now() / 1000) - 1;
    await items.put(1, {
      status: { S: 'pending' },
      file: { B: bytes },
      files: { BS: [bytes] },
      nested: { M: { list: { L: [{ B: bytes }, { S: 'x' }, { NULL: true }] }, flag: { BOOL: true } } },
      tags: { SS: ['a', 'b'] },
    });
    const key = { pk: { S: items.pk(1) }, sk: { S: 'ITEM' } };
    await dynamodb.send(
      new UpdateItemCommand({
        TableName: stack.tableName,
        Key: key,
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': { S: 'intransit' } },
      }),
    );
    await dynamodb.send(new DeleteItemCommand({ TableName: stack.tableName, Key: key }));

    const fake = fakeHandler();
    const poller = poll({ handler: fake.handler, filters: items.filters });
    await poller.drained();

    const records = fake.batches.flat();
    expect(records.map((r) => r.eventName)).toEqual(['INSERT', 'MODIFY', 'REMOVE']);
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
    const [insert, modify, remove] = records as [DynamoDBRecord, DynamoDBRecord, DynamoDBRecord];
    expect(insert).toEqual({
      eventID: expect.any(String),
      eventName: 'INSERT',
      eventVersion: expect.any(String),
      eventSource: 'aws:dynamodb',
      awsRegion: process.env.AWS_REGION,
      eventSourceARN: Table?.LatestStreamArn,
      dynamodb: {
        ApproximateCreationDateTime: expect.any(Number),
        Keys: { pk: { S: items.pk(1) }, sk: { S: 'ITEM' } },
        NewImage: {
          pk: { S: items.pk(1) },
          sk: { S: 'ITEM' },
          n: { N: '1' },
          status: { S: 'pending' },
          file: { B: b64 },
          files: { BS: [b64] },
          nested: { M: { list: { L: [{ B: b64 }, { S: 'x' }, { NULL: true }] }, flag: { BOOL: true } } },
          tags: { SS: ['a', 'b'] },
        },
        SequenceNumber: expect.stringMatching(/^\d+$/),
        SizeBytes: expect.any(Number),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    const created = insert.dynamodb!.ApproximateCreationDateTime!;
    // DynamoDB Local rounds the creation time down to the minute.
    expect(Number.isInteger(created) && created >= before - 60 && created <= Date.now() / 1000 + 1).toBe(true);
    // The JSON of a real event: it survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);

    const { file: _file, files: _files, nested: _nested, ...plain } = unmarshall(modify.dynamodb!.NewImage as Record<string, AttributeValue>);
    expect(plain).toEqual({ pk: items.pk(1), sk: 'ITEM', n: 1, status: 'intransit', tags: new Set(['a', 'b']) });
    expect(unmarshall(modify.dynamodb!.OldImage as Record<string, AttributeValue>)).toMatchObject({ status: 'pending' });
    expect(remove.dynamodb?.NewImage).toBeUndefined();
    expect(unmarshall(remove.dynamodb!.OldImage as Record<string, AttributeValue>)).toMatchObject({ pk: items.pk(1), status: 'intransit' });
    const sequences = records.map((r) => BigInt(r.dynamodb!.SequenceNumber!));
    expect([...sequences].sort((a, b) => (a < b ? -1 : 1))).toEqual(sequences);
  },
  TEST_TIMEOUT_MS,
);

it(
  'applies the manifest filter of notify: status changes of orders only, in batches of at most 10',
  async () => {
    const orderId = randomUUID();
    const order = { pk: { S: `ORDER#${orderId}` }, sk: { S: 'ORDER' } };
    const setStatus = (status: string) =>
      dynamodb.send(
        new UpdateItemCommand({
          TableName: stack.tableName,
          Key: order,
          UpdateExpression: 'SET #s = :s, lastCheckedAt = :t',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': { S: status }, ':t': { S: new Date().toISOString() } },
        }),
      );
    await dynamodb.send(new PutItemCommand({ TableName: stack.tableName, Item: { ...order, status: { S: 'pending' } } }));
    await setStatus('intransit');
    await setStatus('intransit'); // a tracking check: same status
    await dynamodb.send(new PutItemCommand({ TableName: stack.tableName, Item: { pk: order.pk, sk: { S: 'NOTIFY#intransit' }, status: { S: 'intransit' } } }));
    await dynamodb.send(
      new PutItemCommand({ TableName: stack.tableName, Item: { pk: { S: `RATERESP#${orderId}` }, sk: { S: 'RATERESP' }, status: { S: 'pending' } } }),
    );
    await setStatus('delivered');
    await dynamodb.send(new DeleteItemCommand({ TableName: stack.tableName, Key: order }));

    const fake = fakeHandler();
    const poller = poll({ handler: fake.handler, filters: orderStatusChanges(NOTIFICATION_STATUSES) });
    await poller.drained();

    const mine = fake.batches.flat().filter((r) => pkOf(r) === order.pk.S || pkOf(r) === `RATERESP#${orderId}`);
    expect(mine.map((r) => `${r.eventName} ${r.dynamodb?.NewImage?.status?.S}`)).toEqual(['INSERT pending', 'MODIFY intransit', 'MODIFY delivered']);
    expect(Math.max(...fake.batches.map((b) => b.length))).toBeLessThanOrEqual(10);
  },
  TEST_TIMEOUT_MS,
);

it(
  'a partial batch failure is retried from the failed record; the records before it are not delivered again',
  async () => {
    const items = testItems();
    for (let n = 1; n <= 5; n++) await items.put(n);
    const fake = fakeHandler((records, call): DynamoDBBatchResponse => ({
      batchItemFailures: call === 1 ? [{ itemIdentifier: records[2]!.dynamodb!.SequenceNumber! }] : [],
    }));
    const poller = poll({ handler: fake.handler, filters: items.filters });
    await poller.drained();

    expect(fake.batches.map((batch) => batch.map(pkOf))).toEqual([[1, 2, 3, 4, 5].map(items.pk), [3, 4, 5].map(items.pk)]);
  },
  TEST_TIMEOUT_MS,
);

it(
  'a batch of 25 records goes to the handler as 10, 10 and 5, like the deployed batch size',
  async () => {
    const items = testItems();
    await Promise.all(Array.from({ length: 25 }, (_, i) => items.put(i + 1)));
    const fake = fakeHandler();
    const poller = poll({ handler: fake.handler, filters: items.filters });
    await poller.drained();
    expect(fake.batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(new Set(fake.delivered()).size).toBe(25);
  },
  TEST_TIMEOUT_MS,
);

it(
  'a record that always fails is set aside after 3 retries, into the failures file, and the records after it still arrive',
  async () => {
    const items = testItems();
    for (let n = 1; n <= 4; n++) await items.put(n);
    const bad = items.pk(2);
    const fake = fakeHandler((records) => ({
      batchItemFailures: records.filter((r) => pkOf(r) === bad).map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })),
    }));
    const failuresFile = path.join(directory, 'partial-failures.jsonl');
    const warnings: string[] = [];
    const poller = poll({ handler: fake.handler, filters: items.filters, failuresFile, warn: (line) => warnings.push(line) });
    await poller.drained();

    expect(fake.batches.map((batch) => batch.map(pkOf))).toEqual([
      [1, 2, 3, 4].map(items.pk),
      [2, 3, 4].map(items.pk),
      [2, 3, 4].map(items.pk),
      [2, 3, 4].map(items.pk),
      [3, 4].map(items.pk),
    ]);
    const parked = readFileSync(failuresFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ParkedRecord);
    expect(parked).toEqual([
      expect.objectContaining({
        function: 'fake',
        attempts: 4,
        error: 'reported in batchItemFailures',
        record: expect.objectContaining({ eventName: 'INSERT' }),
      }),
    ]);
    expect(pkOf(parked[0]!.record)).toBe(bad);
    expect(warnings).toEqual([expect.stringContaining(`set aside stream record ${parked[0]!.sequenceNumber}`)]);
  },
  TEST_TIMEOUT_MS,
);

it(
  'a batch that throws is retried one record at a time, so only the failing record is set aside',
  async () => {
    const items = testItems();
    for (let n = 1; n <= 4; n++) await items.put(n);
    const bad = items.pk(3);
    const fake = fakeHandler((records) => {
      if (records.some((r) => pkOf(r) === bad)) throw new Error('cannot handle 3');
    });
    const failuresFile = path.join(directory, 'thrown-failures.jsonl');
    const poller = poll({ handler: fake.handler, filters: items.filters, failuresFile });
    await poller.drained();

    const succeeded = fake.batches
      .filter((batch) => !batch.some((r) => pkOf(r) === bad))
      .flat()
      .map(pkOf);
    expect(succeeded).toEqual([1, 2, 4].map(items.pk));
    expect(fake.batches.filter((batch) => batch.length === 1 && pkOf(batch[0]!) === bad)).toHaveLength(4);
    const parked = readFileSync(failuresFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ParkedRecord);
    expect(parked.map((p) => [pkOf(p.record), p.attempts, p.error])).toEqual([[bad, 4, 'cannot handle 3']]);
  },
  TEST_TIMEOUT_MS,
);

it(
  'a handler that cannot be loaded costs the records no attempt: they arrive once it loads',
  async () => {
    const items = testItems();
    await items.put(1);
    const fake = fakeHandler();
    let loads = 0;
    const poller = startStreamPoller({
      fn: { name: 'fake', entry: '(the test handler)', filters: items.filters },
      tableName: stack.tableName,
      loadHandler: () => {
        loads += 1;
        if (loads <= 5) throw new Error('Cannot find module');
        return fake.handler;
      },
      pollIntervalMs: 10,
      maxBackoffMs: 20,
      retryAttempts: 1,
      warn: () => undefined,
    });
    pollers.push(poller);
    await until(() => fake.batches.length > 0);
    await poller.drained();
    expect(loads).toBeGreaterThan(5);
    expect(fake.delivered()).toEqual([items.pk(1)]);
  },
  TEST_TIMEOUT_MS,
);

it(
  'a new poller with the same checkpoint file resumes: nothing handled is delivered again, nothing new is lost',
  async () => {
    const items = testItems();
    const file = path.join(directory, 'stream-checkpoints.json');
    for (let n = 1; n <= 3; n++) await items.put(n);
    const first = fakeHandler();
    const firstPoller = poll({ handler: first.handler, filters: items.filters, checkpoints: fileCheckpoints(file) });
    await firstPoller.drained();
    await firstPoller.stop();
    expect(first.delivered()).toEqual([1, 2, 3].map(items.pk));

    for (let n = 4; n <= 5; n++) await items.put(n);
    const second = fakeHandler();
    const secondPoller = poll({ handler: second.handler, filters: items.filters, checkpoints: fileCheckpoints(file) });
    await secondPoller.drained();
    expect(second.delivered()).toEqual([4, 5].map(items.pk));

    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { streamArn: string; shards: Record<string, string> }>;
    expect(saved.fake).toEqual({ streamArn: Table?.LatestStreamArn, shards: expect.any(Object) });
    expect(Object.values(saved.fake!.shards).every((sequence) => /^\d+$/.test(sequence))).toBe(true);
  },
  TEST_TIMEOUT_MS,
);

it(
  'checkpoints of another stream (a recreated table) are ignored: the poller starts from the oldest record',
  async () => {
    const items = testItems();
    await items.put(1);
    const checkpoints = memoryCheckpoints();
    checkpoints.save('fake', {
      streamArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/gone/stream/2020-01-01T00:00:00.000',
      shards: new Map([['shardId-gone', '999999999999999999999']]),
    });
    const fake = fakeHandler();
    const poller = poll({ handler: fake.handler, filters: items.filters, checkpoints });
    await poller.drained();
    expect(fake.delivered()).toEqual([items.pk(1)]);
  },
  TEST_TIMEOUT_MS,
);
