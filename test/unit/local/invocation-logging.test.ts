/**
 * The local runtime runs every function in one process, side by side: HTTP
 * requests (local/api-gateway.ts), the notify stream poller and the refresh
 * timer. Each invocation logs with its own Lambda context and request keys,
 * as it would in a container of its own: one invocation's lines never carry
 * another's function, request id or AWS request id, and one ending
 * (resetKeys) never clears another's keys.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mockDynamo, GetCommand, QueryCommand } from '../../support/dynamo-mock';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { createNotifyHandler } from '../../../functions/notify/handler';
import { handler as refreshHandler } from '../../../functions/tracking-refresh/handler';
import { createApiServer, type LambdaHandler, type Route } from '../../../local/api-gateway';
import { startStreamPoller } from '../../../local/stream-poller';
import { startTimer } from '../../../local/timer';
import { clearAuthCache } from '../../../shared/http/auth';
import { routeOf } from '../../../shared/contract/routes';
import { httpHandler } from '../../../shared/http/handler';
import { logger } from '../../../shared/observability/logger';
import { useQueue } from '../../../shared/queues';
import type { Main } from '../../../shared/http/handler-io';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';
import { captureOutput } from '../../support/output';

const ddbMock = mockDynamo();
const KEY = 'ship_api_c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0';

/** A promise and the function that settles it. */
const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** The local API server for these HTTP functions of the manifest, each built by the real HTTP layer around its `main`. */
const serve = async (mains: Record<string, Main>): Promise<{ server: Server; base: string }> => {
  const routes: Route[] = Object.keys(mains).map((name) => ({ name, entry: name, method: 'GET', path: `/v1/${name}` }));
  const handlers = new Map(Object.entries(mains).map(([name, main]): [string, LambdaHandler] => [name, httpHandler(routeOf(name), main)]));
  const server = createApiServer({ routes, loadHandler: (route) => handlers.get(route.name)!, timeoutMs: 10_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const close = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

const get = (base: string, name: string) => fetch(`${base}/v1/${name}`, { headers: { 'x-api-key': KEY } });

/** A table stream of one shard holding `records` (DynamoDB Streams records), read once. */
const fakeStream = (records: object[]) => {
  const arn = 'arn:aws:dynamodb:us-east-1:123456789012:table/t/stream/1';
  const dynamodb = { send: async () => ({ Table: { LatestStreamArn: arn, StreamSpecification: { StreamEnabled: true } } }) };
  let read = false;
  const streams = {
    send: async (command: object) => {
      switch (command.constructor.name) {
        case 'DescribeStreamCommand':
          return { StreamDescription: { Shards: [{ ShardId: 'shard-1' }] } };
        case 'GetShardIteratorCommand':
          return { ShardIterator: 'iterator-1' };
        default: {
          const page = read ? [] : records;
          read = true;
          return { Records: page, NextShardIterator: 'iterator-1' };
        }
      }
    },
  };
  return { dynamodb: dynamodb as unknown as DynamoDBClient, streams: streams as unknown as DynamoDBStreamsClient };
};

describe('log context of invocations that overlap in the local runtime', () => {
  beforeAll(() => {
    process.env.LOG_LEVEL = 'DEBUG';
    // The refresh timer's dispatcher reads the depth of the tracking-checks queue, as npm start's own queue answers it.
    useQueue('tracking-checks', { send: async () => undefined, depth: async () => 0 });
  });
  afterAll(() => {
    delete process.env.LOG_LEVEL;
    useQueue('tracking-checks', undefined);
  });
  let lines: string[];
  let restore: () => void;
  const records = () =>
    lines
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeEach(() => {
    lines = [];
    restore = captureOutput(lines);
    clearAuthCache();
    ddbMock.reset();
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).resolves({
      Item: {
        keyId: 'k1',
        keyHash: hashApiKey(KEY),
        companyId: 'c1',
        integrationType: 'public-api',
        scopes: [],
        active: true,
        createdDate: '2026-01-01T00:00:00Z',
      },
    });
    ddbMock.on(GetCommand, { Key: keys.company('c1') }).resolves({
      Item: { companyId: 'c1', name: 'Acme', userId: 'u', pricingGroupId: 'default', billing: 'account', blacklist: [], createdDate: '2026-01-01T00:00:00Z' },
    });
    ddbMock.on(QueryCommand).resolves({ Items: [] });
  });
  afterEach(() => restore());

  it('two HTTP requests, the notify stream poller and the refresh timer: every line names its own invocation', async () => {
    const gate = deferred();
    const started = new Set<string>();
    /** Logs, waits until the stream poller and the timer have run, logs again, then fails (the error handler logs `unhandled error`). */
    const failingAfterGate =
      (name: string): Main =>
      async (_event, caller) => {
        started.add(name);
        logger.info('main started', { companyId: caller.company.companyId });
        await gate.promise;
        logger.info('main resumed');
        throw new Error(`${name} failed`);
      };
    const { server, base } = await serve({ carriers: failingAfterGate('carriers'), 'packaging-types': failingAfterGate('packaging-types') });
    try {
      const answers = Promise.all([get(base, 'carriers'), get(base, 'packaging-types')]);
      await until(() => started.size === 2);

      // While both requests wait in their mains: a stream record through the notify function, then a run of tracking-refresh.
      const notify = createNotifyHandler() as unknown as (e: DynamoDBStreamEvent, c: Context) => Promise<unknown>;
      const poller = startStreamPoller({
        fn: { name: 'notify', entry: 'functions/notify/handler.ts', filters: [] },
        tableName: 't',
        loadHandler: () => notify,
        ...fakeStream([{ eventID: 'ev-1', eventName: 'MODIFY', dynamodb: { SequenceNumber: '1', Keys: { pk: { S: 'ORDER#1' } } } }]),
        pollIntervalMs: 5,
      });
      await poller.drained();
      await poller.stop();
      const ran: string[] = [];
      const timer = startTimer({
        fn: { name: 'tracking-refresh', entry: 'functions/tracking-refresh/handler.ts' },
        intervalMs: 5,
        loadHandler: () => refreshHandler,
        log: (line) => ran.push(line),
      });
      await until(() => ran.some((line) => line.includes('-> ok')));
      await timer.stop();
      gate.release();
      expect((await answers).map((a) => a.status)).toEqual([500, 500]);
    } finally {
      gate.release();
      await close(server);
    }

    const all = records();
    expect(all.filter((line) => line.function_request_id === undefined)).toEqual([]);
    const byInvocation = new Map<unknown, Array<Record<string, unknown>>>();
    for (const line of all) byInvocation.set(line.function_request_id, [...(byInvocation.get(line.function_request_id) ?? []), line]);
    const invocationOf = (fn: string) => [...byInvocation.values()].find((own) => own[0]!.function_name === `local-${fn}`) ?? [];
    for (const fn of ['carriers', 'packaging-types']) {
      const own = invocationOf(fn);
      expect(own.map((line) => line.message)).toEqual(expect.arrayContaining(['main started', 'main resumed', 'unhandled error']));
      const requestId = own[0]!.requestId;
      expect(requestId).toEqual(expect.any(String));
      for (const line of own) expect(line).toMatchObject({ function: fn, function_name: `local-${fn}`, requestId });
      // Keys appended after authentication stay with the request, through the other invocations' reset.
      expect(own.find((line) => line.message === 'unhandled error')).toMatchObject({ companyId: 'c1', keyId: 'k1' });
    }
    const notifyLines = invocationOf('notify');
    expect(notifyLines.map((line) => line.message)).toContain('stream record skipped');
    for (const line of notifyLines) {
      expect(line).not.toHaveProperty('requestId');
      expect(line).not.toHaveProperty('function');
    }
    // Every line is one of these three invocations (tracking-refresh found nothing due and said nothing).
    expect(byInvocation.size).toBe(3);
  });

  it('requests to one function at once: each line carries its own request id and AWS request id', async () => {
    const gate = deferred();
    let waiting = 0;
    const { server, base } = await serve({
      carriers: async () => {
        waiting++;
        await gate.promise;
        logger.warn('answering');
        return { data: [] };
      },
    });
    const count = 5;
    try {
      const answers = Promise.all(Array.from({ length: count }, () => get(base, 'carriers')));
      await until(() => waiting === count);
      gate.release();
      const responses = await answers;
      expect(responses.map((r) => r.status)).toEqual(Array.from({ length: count }, () => 200));
      const answering = records().filter((line) => line.message === 'answering');
      expect(answering).toHaveLength(count);
      // The request id each response names is on exactly one line, with an AWS request id of its own.
      expect(new Set(answering.map((line) => line.requestId))).toEqual(new Set(responses.map((r) => r.headers.get('x-request-id'))));
      expect(new Set(answering.map((line) => line.function_request_id)).size).toBe(count);
    } finally {
      gate.release();
      await close(server);
    }
  });
});
