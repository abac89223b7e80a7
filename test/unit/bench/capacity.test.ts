/**
 * The capacity bench's summarising (bench/capacity.ts): DynamoDB's
 * ConsumedCapacity (INDEXES) split into table and index, reads by
 * consistency, transactional writes at AWS's rate, units computed from item
 * sizes where nothing was reported, and the per-request means of a step.
 */
import type { Recorded } from '../../../bench/dynamodb';

// bench/dynamodb.ts registers a module hook for the handlers it loads as it is imported; Jest refuses hooks, and nothing here loads a handler.
jest.mock('../../../local/esm-only-packages', () => ({ allowRequireOfEsmOnlyPackages: () => undefined }));

import { commandCapacity, commandSequence, summarizeStep, writtenKeys, type StepSample } from '../../../bench/capacity';
import { writeUnits } from '../../../shared/store/item-size';

const at = { start: 0, end: 1 };
const recorded = (command: string, input: Record<string, unknown>, over: Partial<Recorded> = {}): Recorded => ({ command, input, ...at, ...over });

const strongGet = recorded(
  'GetItemCommand',
  { Key: { pk: 'ORDER#1', sk: 'ORDER' }, ConsistentRead: true },
  { consumed: [{ TableName: 't', CapacityUnits: 1, Table: { CapacityUnits: 1 } }] },
);
const eventualGet = recorded(
  'GetItemCommand',
  { Key: { pk: 'KEY#1', sk: 'KEY' } },
  { consumed: [{ TableName: 't', CapacityUnits: 0.5, Table: { CapacityUnits: 0.5 } }] },
);
const indexQuery = recorded(
  'QueryCommand',
  { IndexName: 'tracking-due', KeyConditionExpression: '#p = :p' },
  { consumed: [{ TableName: 't', CapacityUnits: 1, Table: { CapacityUnits: 0 }, GlobalSecondaryIndexes: { 'tracking-due': { CapacityUnits: 1 } } }] },
);
const emptyQuery = recorded(
  'QueryCommand',
  { KeyConditionExpression: 'pk = :pk' },
  { consumed: [{ TableName: 't', CapacityUnits: 0, Table: { CapacityUnits: 0 } }] },
);
const indexedUpdate = recorded(
  'UpdateItemCommand',
  { Key: { pk: 'ORDER#1', sk: 'ORDER' }, UpdateExpression: 'SET nextCheckAt = :n' },
  { consumed: [{ TableName: 't', CapacityUnits: 6, Table: { CapacityUnits: 2 }, GlobalSecondaryIndexes: { 'tracking-due': { CapacityUnits: 4 } } }] },
);
const transaction = recorded(
  'TransactWriteItemsCommand',
  {
    TransactItems: [
      { Put: { TableName: 't', Item: { pk: 'ORDER#1', sk: 'ORDER', status: 'pending' } } },
      { Update: { TableName: 't', Key: { pk: 'RATE#1', sk: 'RESPONSE' }, UpdateExpression: 'SET shipped = :t' } },
      { Delete: { TableName: 't', Key: { pk: 'CLAIM#1', sk: 'CLAIM' } } },
      { ConditionCheck: { TableName: 't', Key: { pk: 'COMPANY#1', sk: 'COMPANY' }, ConditionExpression: 'attribute_exists(pk)' } },
    ],
  },
  {
    consumed: [
      {
        TableName: 't',
        CapacityUnits: 12,
        WriteCapacityUnits: 12,
        Table: { CapacityUnits: 8, WriteCapacityUnits: 8 },
        GlobalSecondaryIndexes: { 'tracking-due': { CapacityUnits: 4, WriteCapacityUnits: 4 } },
      },
    ],
  },
);

describe('commandCapacity', () => {
  it('puts a strongly consistent table read apart from an eventually consistent one', () => {
    expect(commandCapacity(strongGet).tableRead).toEqual({ strong: 1, eventual: 0, transactional: 0 });
    expect(commandCapacity(eventualGet).tableRead).toEqual({ strong: 0, eventual: 0.5, transactional: 0 });
    expect(commandCapacity(strongGet).computed).toBe(false);
  });

  it('charges an index query to the index, never to the table', () => {
    const c = commandCapacity(indexQuery);
    expect(c.indexRead).toEqual({ 'tracking-due': 1 });
    expect(c.tableRead).toEqual({ strong: 0, eventual: 0, transactional: 0 });
    expect(c.zeroUnitRead).toBe(false);
  });

  it('flags a read reported at 0 units', () => {
    expect(commandCapacity(emptyQuery).zeroUnitRead).toBe(true);
  });

  it('splits a write between the table and each index', () => {
    const c = commandCapacity(indexedUpdate);
    expect(c).toMatchObject({ tableWrite: 2, indexWrite: { 'tracking-due': 4 }, transactionalWrite: 0, computed: false });
  });

  it('counts every unit of a transaction as transactional', () => {
    expect(commandCapacity(transaction)).toMatchObject({ tableWrite: 8, indexWrite: { 'tracking-due': 4 }, transactionalWrite: 12 });
  });

  it('computes a refused write from the size of the item it would have put, and says so', () => {
    const item = { pk: 'ORDER#1', sk: 'LABEL#PDF', state: 'rendering', token: 'x'.repeat(1500) };
    const c = commandCapacity(
      recorded('PutItemCommand', { Item: item, ConditionExpression: 'attribute_not_exists(pk)' }, { error: 'ConditionalCheckFailedException' }),
    );
    expect(writeUnits(item)).toBe(2);
    expect(c).toMatchObject({ tableWrite: 2, computed: true, error: 'ConditionalCheckFailedException' });
  });

  it('computes an unreported read from the bytes it returned, by consistency', () => {
    const item = { pk: 'ORDER#1', sk: 'ORDER', blob: 'y'.repeat(5000) };
    const c = commandCapacity(recorded('GetItemCommand', { Key: { pk: 'ORDER#1', sk: 'ORDER' }, ConsistentRead: true }, { output: { Item: item } }));
    expect(c.tableRead.strong).toBe(2);
    expect(c.computed).toBe(true);
  });
});

describe('writtenKeys', () => {
  it('names the items a transaction puts or updates, not those it deletes or only checks', () => {
    expect(writtenKeys(transaction)).toEqual([
      { pk: 'ORDER#1', sk: 'ORDER' },
      { pk: 'RATE#1', sk: 'RESPONSE' },
    ]);
    expect(writtenKeys(strongGet)).toEqual([]);
  });
});

describe('summarizeStep', () => {
  const sample = (commands: Recorded[], over: Partial<StepSample> = {}): StepSample => ({ commands, s3: [], emails: 0, itemBytes: [], ms: 10, ...over });

  it('means per request over the samples, with AWS transactional writes at half DynamoDB Local count', () => {
    const s = summarizeStep('ship', 'domestic', [
      sample([strongGet, eventualGet, transaction], { itemBytes: [1500, 300], ms: 30 }),
      sample([strongGet, eventualGet, transaction, indexedUpdate], { itemBytes: [1700, 300], ms: 10 }),
    ]);
    expect(s.samples).toBe(2);
    expect(s.commands).toBe(3.5);
    expect(s.rru).toEqual({ table: { strong: 1, eventual: 0.5, transactional: 0 }, indexes: {}, total: 1.5 });
    // Table 8 + (8 + 2) over two = 9; index 4 + (4 + 4) over two = 6; transactional 12 a request.
    expect(s.wru).toEqual({ table: 9, indexes: { 'tracking-due': 6 }, total: 15, transactional: 12, awsRule: 9 });
    expect(s.items).toEqual({ count: 2, bytes: 1900, maxBytes: 1700 });
    expect(s.ms).toEqual({ p50: 10, max: 30 });
    expect(s.computed).toBe(false);
  });

  it('counts S3 requests and bytes and e-mails, a presign apart', () => {
    const s = summarizeStep('label-file first', 'domestic', [
      sample([], {
        s3: [
          { command: 'HeadObjectCommand', bytes: 0 },
          { command: 'PutObjectCommand', bytes: 2000 },
          { command: 'presign', bytes: 0 },
        ],
        emails: 1,
      }),
      sample([], {
        s3: [
          { command: 'HeadObjectCommand', bytes: 0 },
          { command: 'presign', bytes: 0 },
        ],
        emails: 0,
      }),
    ]);
    expect(s.s3).toEqual({ put: 0.5, putBytes: 1000, get: 0, getBytes: 0, head: 1, presign: 1 });
    expect(s.emails).toBe(0.5);
  });
});

describe('commandSequence', () => {
  it('names the commands in order, repeats counted', () => {
    expect(commandSequence([strongGet, eventualGet, eventualGet, transaction, strongGet])).toBe('GetItem ×3, TransactWriteItems, GetItem');
  });
});
