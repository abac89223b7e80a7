/**
 * DynamoDB Local through LoopbackDynamoDBLocal.java (issue 6, item 5): the
 * official emulator, reachable on 127.0.0.1 only, with its behaviour intact
 * (transactions, streams), its database file private, and an exit of its
 * own reported instead of going unnoticed.
 *
 * The emulator of global-setup.ts is the one under test for the socket and
 * the behaviour; the file-mode and exit tests start one of their own.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { dynamoDbLocalHeap, startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/env';
import { readProcessInfo } from '../../local/lifecycle';
import { sleep } from '../../local/ports';
import { isLoopback, parseListeningSockets } from '../support/runtime';
import { uniqueName } from '../support/stack';

const endpoint = () => process.env.AWS_ENDPOINT_URL_DYNAMODB!;
const port = () => Number(new URL(endpoint()).port);
const client = new DynamoDBClient({});
afterAll(() => client.destroy());

const linuxIt = process.platform === 'linux' ? it : it.skip;

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port: p, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

describe('DynamoDB Local listens on 127.0.0.1 only', () => {
  linuxIt('its listening socket is bound to 127.0.0.1, not to every interface (/proc/net/tcp and tcp6)', async () => {
    const { readFileSync } = await import('node:fs');
    const sockets = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => parseListeningSockets(readFileSync(file, 'utf8'))).filter((s) => s.port === port());
    expect(sockets.map((s) => s.address)).toEqual(['127.0.0.1']);
    expect(sockets.every((s) => isLoopback(s.address))).toBe(true);
  });

  it('answers on 127.0.0.1 and refuses connections to this machine’s other addresses', async () => {
    expect(await accepts('127.0.0.1', port())).toBe(true);
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address);
    for (const address of others) expect({ address, accepted: await accepts(address, port()) }).toEqual({ address, accepted: false });
  });
});

describe('the official emulator’s behaviour through the launcher', () => {
  const tableName = uniqueName('it-loopback');

  beforeAll(async () => {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
  });
  afterAll(async () => {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  });

  it('transactions: a failed condition cancels the whole transaction', async () => {
    await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'taken' } } }));
    const transaction = new TransactWriteItemsCommand({
      TransactItems: [
        { Put: { TableName: tableName, Item: { pk: { S: 'new' } } } },
        { Put: { TableName: tableName, Item: { pk: { S: 'taken' } }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ],
    });
    await expect(client.send(transaction)).rejects.toBeInstanceOf(TransactionCanceledException);
    expect((await client.send(new GetItemCommand({ TableName: tableName, Key: { pk: { S: 'new' } } }))).Item).toBeUndefined();
  });

  it('streams: a write shows up as a stream record', async () => {
    const streamArn = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
    expect(streamArn).toBeTruthy();
    // DynamoDB Streams is served on the same endpoint; no SDK client for it is installed, so plain JSON calls.
    const streams = async <T>(action: string, body: unknown): Promise<T> => {
      const response = await fetch(endpoint(), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDBStreams_20120810.${action}`,
          authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL_CREDENTIALS.accessKeyId}/20250101/${LOCAL_REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
        },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    };
    const { StreamDescription } = await streams<{ StreamDescription: { Shards: Array<{ ShardId: string }> } }>('DescribeStream', { StreamArn: streamArn });
    const { ShardIterator } = await streams<{ ShardIterator: string }>('GetShardIterator', {
      StreamArn: streamArn,
      ShardId: StreamDescription.Shards[0]!.ShardId,
      ShardIteratorType: 'TRIM_HORIZON',
    });
    await client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: 'streamed' } } }));
    let keys: string[] = [];
    for (let attempt = 0; attempt < 20 && !keys.includes('streamed'); attempt++) {
      const { Records } = await streams<{ Records: Array<{ dynamodb: { Keys: { pk: { S: string } } } }> }>('GetRecords', { ShardIterator });
      keys = Records.map((r) => r.dynamodb.Keys.pk.S);
      if (!keys.includes('streamed')) await sleep(100);
    }
    expect(keys).toContain('streamed');
  });
});

describe('a DynamoDB Local of its own', () => {
  let dir: string;
  let local: DynamoDbLocal | undefined;
  let previousUmask: number;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dynamodb-local-'));
    // A permissive umask in this process: the emulator's files must be private anyway.
    previousUmask = process.umask(0o022);
  });
  afterAll(async () => {
    process.umask(previousUmask);
    await local?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('persists to a private database file (0600), runs in its own process group, and reports an exit of its own', async () => {
    local = await startDynamoDbLocal({ dbPath: dir });
    expect(local.listenAddress).toBe('127.0.0.1');
    expect(statSync(path.join(dir, 'shared-local-instance.db')).mode & 0o777).toBe(0o600);
    // Its own group: a Ctrl-C to the runtime's group does not end it before the runtime has drained.
    expect(readProcessInfo(local.pid)?.pgid).toBe(local.pid);

    process.kill(local.pid, 'SIGKILL');
    const exit = await local.exited;
    expect(exit).toEqual(expect.objectContaining({ expected: false, signal: 'SIGKILL', code: null }));
  }, 60_000);

  it('a stop() is an expected exit', async () => {
    const again = await startDynamoDbLocal({ inMemory: true });
    if (process.platform === 'linux') {
      // Its heap is bounded (DYNAMODB_LOCAL_HEAP, else 512m): an unbounded JVM grows towards a quarter of the RAM.
      const cmdline = readFileSync(`/proc/${again.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline.filter((a) => a.startsWith('-Xmx'))).toEqual([`-Xmx${dynamoDbLocalHeap()}`]);
    }
    await again.stop();
    expect(await again.exited).toEqual(expect.objectContaining({ expected: true }));
  }, 60_000);
});
