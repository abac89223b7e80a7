/** The pure parts of the local stream poller: partial batch responses, Lambda's record JSON, the checkpoint file. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DynamoDBRecord } from 'aws-lambda';
import { fileCheckpoints, firstReportedFailure, toLambdaRecord } from '../../../local/stream-poller';

const record = (sequence: string): DynamoDBRecord => ({ eventName: 'INSERT', dynamodb: { SequenceNumber: sequence } });
const batch = [record('101'), record('102'), record('103')];

describe('firstReportedFailure (partial batch responses, as Lambda reads them)', () => {
  it.each([
    ['nothing returned', undefined],
    ['null', null],
    ['an object without batchItemFailures', { ok: true }],
    ['batchItemFailures null', { batchItemFailures: null }],
    ['an empty batchItemFailures', { batchItemFailures: [] }],
  ])('%s: the whole batch succeeded', (_name, result) => {
    expect(firstReportedFailure(result, batch)).toBeUndefined();
  });

  it('the earliest reported record, whatever the order of the report', () => {
    expect(firstReportedFailure({ batchItemFailures: [{ itemIdentifier: '103' }, { itemIdentifier: '102' }] }, batch)).toBe(1);
  });

  it.each([
    ['an identifier not in the batch', { batchItemFailures: [{ itemIdentifier: '999' }] }],
    ['an empty identifier', { batchItemFailures: [{ itemIdentifier: '' }] }],
    ['a null identifier', { batchItemFailures: [{ itemIdentifier: null }] }],
    ['a misspelt key', { batchItemFailures: [{ itemIdentifer: '102' }] }],
    ['batchItemFailures that is no list', { batchItemFailures: '102' }],
  ])('%s: the whole batch failed', (_name, result) => {
    expect(firstReportedFailure(result, batch)).toBe('batch');
  });
});

describe('toLambdaRecord', () => {
  it('epoch seconds, binary as base64 at any depth, attribute names kept as plain names', () => {
    const bytes = Uint8Array.from([104, 105]);
    const lambda = toLambdaRecord(
      {
        eventID: 'e1',
        eventName: 'REMOVE',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'ddblocal',
        dynamodb: {
          ApproximateCreationDateTime: new Date('2026-05-01T12:00:30.900Z'),
          Keys: { pk: { S: 'ORDER#1' } },
          OldImage: { nested: { M: { b: { B: bytes } } }, constructor: { L: [{ BS: [bytes] }] } },
          SequenceNumber: '7',
          SizeBytes: 20,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
        userIdentity: { Type: 'Service', PrincipalId: 'dynamodb.amazonaws.com' },
      },
      'arn:stream',
      'eu-west-1',
    );
    expect(JSON.parse(JSON.stringify(lambda))).toEqual({
      eventID: 'e1',
      eventName: 'REMOVE',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'eu-west-1',
      eventSourceARN: 'arn:stream',
      dynamodb: {
        ApproximateCreationDateTime: 1777636830,
        Keys: { pk: { S: 'ORDER#1' } },
        OldImage: { nested: { M: { b: { B: 'aGk=' } } }, constructor: { L: [{ BS: ['aGk='] }] } },
        SequenceNumber: '7',
        SizeBytes: 20,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
      userIdentity: { type: 'Service', principalId: 'dynamodb.amazonaws.com' },
    });
  });

  it('an attribute named __proto__ stays an attribute, never a prototype', () => {
    const image = JSON.parse('{"__proto__": {"S": "x"}}') as Record<string, { S: string }>;
    const lambda = toLambdaRecord({ eventName: 'INSERT', dynamodb: { NewImage: image } }, 'arn', 'us-east-1');
    expect(Object.keys(lambda.dynamodb!.NewImage!)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(lambda.dynamodb!.NewImage!)).toBeNull();
    expect(JSON.stringify(lambda.dynamodb!.NewImage)).toBe('{"__proto__":{"S":"x"}}');
  });
});

describe('fileCheckpoints', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'))));
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps each function apart in one private file that a new store reads back', () => {
    const file = path.join(directory, 'stream-checkpoints.json');
    const store = fileCheckpoints(file);
    store.save('notify', { streamArn: 'arn:1', shards: new Map([['shardId-1', '0001']]) });
    store.save('audit', { streamArn: 'arn:1', shards: new Map([['shardId-1', '0002']]) });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      notify: { streamArn: 'arn:1', shards: { 'shardId-1': '0001' } },
      audit: { streamArn: 'arn:1', shards: { 'shardId-1': '0002' } },
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(fileCheckpoints(file).load('notify')).toEqual({ streamArn: 'arn:1', shards: new Map([['shardId-1', '0001']]) });
    expect(fileCheckpoints(file).load('constructor')).toBeUndefined();
  });

  it('a file that cannot be read is reported and the consumers start over', () => {
    const file = path.join(directory, 'stream-checkpoints.json');
    writeFileSync(file, '{"notify": {"streamArn": 5}}');
    const warnings: string[] = [];
    expect(fileCheckpoints(file, (line) => warnings.push(line)).load('notify')).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('start from the oldest record')]);
  });
});
