/**
 * The client limits of shared/store/client.ts end a call that never gets an
 * answer: against a server that accepts connections and stays silent, a
 * DynamoDB call with the deployed limits fails with a TimeoutError after its
 * three attempts, instead of hanging until the Lambda timeout.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { awsClientConfig, clientLimits } from '../../shared/aws-clients';

let server: Server;
const sockets = new Set<Socket>();
let requests = 0;

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      if (chunk.toString('latin1').startsWith('POST ')) requests += 1;
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('a silent DynamoDB endpoint: TimeoutError after 3 attempts of 1.5 s, well before the Lambda timeout', async () => {
  const { port } = server.address() as AddressInfo;
  const client = new DynamoDBClient({
    ...awsClientConfig('dynamodb', {}),
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const started = Date.now();
  try {
    const error = await client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } })).then(
      () => undefined,
      (e: unknown) => e as Error & { $metadata?: { attempts?: number } },
    );
    const elapsed = Date.now() - started;
    expect(error?.name).toBe('TimeoutError');
    expect(error?.$metadata?.attempts).toBe(clientLimits.dynamodb.maxAttempts);
    expect(requests).toBe(clientLimits.dynamodb.maxAttempts);
    expect(elapsed).toBeGreaterThanOrEqual(clientLimits.dynamodb.maxAttempts * clientLimits.dynamodb.requestTimeoutMs);
    expect(elapsed).toBeLessThan(8_000);
  } finally {
    client.destroy();
  }
}, 20_000);
