/**
 * The light DynamoDB client (shared/aws/dynamodb.ts over shared/aws/signed-http.ts)
 * against a server of this test that misbehaves on purpose: its limits end a
 * call that never gets an answer (a silent server, a stalled answer) with a
 * TimeoutError after three attempts instead of hanging until the Lambda
 * timeout; it retries what the SDK's standard mode retries (a 500, a
 * throttle, an answer that fails its CRC32) and nothing else (a false
 * condition is the API answering); and the request it sends is DynamoDB's
 * JSON protocol, signed.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { stageNames, stages } from '../../lib/stages';
import { clientLimits } from '../../shared/aws/clients';
import { AwsServiceError } from '../../shared/aws/signed-http';
import { DynamoClient, GetCommand, PutCommand } from '../../shared/aws/dynamodb';
import { readEnvironment } from '../../shared/config';

const sockets = new Set<Socket>();
const servers: Server[] = [];
const track = <T extends Server>(server: T): T => {
  servers.push(server);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return server;
};
const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const env = (port: number): NodeJS.ProcessEnv => ({
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret-never-sent',
  AWS_SESSION_TOKEN: 'session-token',
  AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
});
/** The deployed limits, not the emulator's (the endpoint variable would choose those). */
const deployed = (port: number) => new DynamoClient({ settings: readEnvironment(env(port)), limits: clientLimits.dynamodb });
const get = new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } });

/** The shortest Lambda timeout of the stages. */
const lambdaTimeoutMs = Math.min(...stageNames.map((name) => stages[name].lambda.timeoutSeconds * 1000));

// The bound that matters is the Lambda timeout; the configured attempts' sum is checked without a clock in
// test/unit/aws-clients.test.ts. Here the time is a wall clock's on a shared machine: only the timeout bounds it.
it('a silent DynamoDB endpoint: TimeoutError after 3 attempts of 1.5 s, before the Lambda timeout', async () => {
  let requests = 0;
  const server = track(
    createServer((socket) =>
      socket.on('data', (chunk) => {
        if (chunk.toString('latin1').startsWith('POST ')) requests += 1;
      }),
    ),
  );
  const port = await listen(server);
  const started = Date.now();
  const error = await deployed(port)
    .send(get)
    .then(
      () => undefined,
      (e: unknown) => e as AwsServiceError,
    );
  const elapsed = Date.now() - started;
  expect(error?.name).toBe('TimeoutError');
  expect(error?.$metadata.attempts).toBe(clientLimits.dynamodb.maxAttempts);
  expect(requests).toBe(clientLimits.dynamodb.maxAttempts);
  expect(elapsed).toBeGreaterThanOrEqual(clientLimits.dynamodb.maxAttempts * clientLimits.dynamodb.requestTimeoutMs);
  expect(elapsed).toBeLessThan(lambdaTimeoutMs);
}, 30_000);

/** An HTTP server answering each request with the next of `answers` (the last repeats), recording what it was sent. */
const answering = async (answers: Array<(req: IncomingMessage, res: ServerResponse) => void>) => {
  const seen: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const server = track(
    createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        answers[Math.min(seen.length - 1, answers.length - 1)]!(req, res);
      });
    }),
  );
  return { port: await listen(server), seen };
};
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    const text = Buffer.from(JSON.stringify(body));
    res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0', 'x-amz-crc32': String(crc32(text)), 'x-amzn-RequestId': 'req-1', ...headers });
    res.end(text);
  };
const item = { Item: { pk: { S: 'a' }, sk: { S: 'b' }, n: { N: '2' }, bytes: { B: Buffer.from('gzip?').toString('base64') } } };

it('an answer that stalls after its headers fails with a TimeoutError, and is retried', async () => {
  const { port, seen } = await answering([
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.0' });
      res.write('{"Item":');
    },
  ]);
  const error = await deployed(port)
    .send(get)
    .then(
      () => undefined,
      (e: unknown) => e as AwsServiceError,
    );
  expect(error?.name).toBe('TimeoutError');
  expect(seen).toHaveLength(clientLimits.dynamodb.maxAttempts);
}, 20_000);

it('the request is DynamoDB JSON, signed with SigV4 for the region, the secret never sent', async () => {
  const { port, seen } = await answering([json(200, item)]);
  const out = await deployed(port).send(get);
  expect(out.Item).toEqual({ pk: 'a', sk: 'b', n: 2, bytes: Buffer.from('gzip?') });
  expect(out.$metadata).toMatchObject({ httpStatusCode: 200, attempts: 1, requestId: 'req-1' });
  const [request] = seen;
  expect(JSON.parse(request!.body)).toEqual({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } });
  expect(request!.headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
  expect(request!.headers['content-type']).toBe('application/x-amz-json-1.0');
  expect(request!.headers['x-amz-security-token']).toBe('session-token');
  expect(request!.headers.authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-date[^,]*, Signature=[0-9a-f]{64}$/,
  );
  expect(JSON.stringify(request)).not.toContain('secret-never-sent');
});

it('binary values go out as base64, not as a JSON Buffer', async () => {
  const { port, seen } = await answering([json(200, {})]);
  await deployed(port).send(new PutCommand({ TableName: 't', Item: { pk: 'a', sk: 'b', data: Buffer.from([0, 1, 2, 255]), none: undefined } }));
  expect(JSON.parse(seen[0]!.body)).toEqual({ TableName: 't', Item: { pk: { S: 'a' }, sk: { S: 'b' }, data: { B: 'AAEC/w==' } } });
});

it('a 500, a throttle and an answer failing its CRC32 are tried again; the third attempt answers', async () => {
  const { port, seen } = await answering([
    json(500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'oops' }),
    json(400, { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' }),
    json(200, item),
  ]);
  const out = await deployed(port).send(get);
  expect(out.$metadata.attempts).toBe(3);
  expect(seen).toHaveLength(3);

  const crc = await answering([json(200, item, { 'x-amz-crc32': '1' }), json(200, item)]);
  expect((await deployed(crc.port).send(get)).$metadata.attempts).toBe(2);
}, 20_000);

it('a false condition is the API answering: one attempt, its name, fields and status as the SDK gives them', async () => {
  const { port, seen } = await answering([
    json(400, {
      __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
      message: 'The conditional request failed',
      Item: { pk: { S: 'a' } },
    }),
  ]);
  const error = (await deployed(port)
    .send(new PutCommand({ TableName: 't', Item: { pk: 'a', sk: 'b' }, ConditionExpression: 'attribute_not_exists(pk)' }))
    .catch((e: unknown) => e)) as AwsServiceError;
  expect(error).toBeInstanceOf(AwsServiceError);
  expect(error).toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed', $fault: 'client', Item: { pk: 'a' } });
  expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1 });
  expect(seen).toHaveLength(1);
});

it('a body that is not JSON is a clear error, not a crash', async () => {
  const { port } = await answering([(_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>bad gateway</html>')]);
  const error = (await deployed(port)
    .send(get)
    .catch((e: unknown) => e)) as AwsServiceError;
  expect(error.name).toBe('HTTP502');
  expect(error.$fault).toBe('server');
  expect(error.$metadata.attempts).toBe(clientLimits.dynamodb.maxAttempts);
}, 20_000);

it('an answer cut off mid-body is a network failure, tried again', async () => {
  const { port, seen } = await answering([
    (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.0', 'Content-Length': '500' });
      res.write('{"Item":{"pk"');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    json(200, item),
  ]);
  const out = await deployed(port).send(get);
  expect(out.Item).toMatchObject({ pk: 'a' });
  expect(out.$metadata.attempts).toBe(2);
  expect(seen).toHaveLength(2);
});
