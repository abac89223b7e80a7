/**
 * AWS clients (shared/aws/dynamodb-client.ts): created on first use from the
 * environment of that moment, with explicit timeouts and retries.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { dynamoEndpoint, GetCommand } from '../../shared/aws/dynamodb';
import { awsClientConfig, clientLimits, emulatorLimits, SDK_LOGGER_MIDDLEWARE, usesEmulator } from '../../shared/aws/clients';
import { readEnvironment } from '../../shared/config';

type ClientModule = typeof import('../../shared/aws/dynamodb-client');
type S3ClientModule = typeof import('../../shared/aws/s3');

/** A fresh copy of the modules (the S3 client has one of its own), as a new Lambda container would load them. */
const freshClientModule = (): ClientModule & S3ClientModule => {
  let loaded: (ClientModule & S3ClientModule) | undefined;
  jest.isolateModules(() => {
    loaded = { ...jest.requireActual<ClientModule>('../../shared/aws/dynamodb-client'), ...jest.requireActual<S3ClientModule>('../../shared/aws/s3') };
  });
  return loaded!;
};

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('client limits', () => {
  it.each([
    ['dynamodb', 1_000, 1_500],
    ['s3', 1_000, 5_000],
    ['sesv2', 1_000, 3_000],
  ] as const)('%s against AWS: connect within %i ms, response within %i ms, 3 attempts, standard retries', (service, connect, request) => {
    expect(awsClientConfig(service, readEnvironment({}))).toEqual({
      maxAttempts: 3,
      retryMode: 'standard',
      requestHandler: { connectionTimeout: connect, requestTimeout: request, throwOnRequestTimeout: true, socketTimeout: request },
    });
  });

  it('three DynamoDB attempts fit well inside the 15 s Lambda timeout', () => {
    const { connectionTimeoutMs, requestTimeoutMs, maxAttempts } = clientLimits.dynamodb;
    expect(maxAttempts * (connectionTimeoutMs + requestTimeoutMs)).toBeLessThan(8_000);
  });

  it('an emulator endpoint (its own variable or AWS_ENDPOINT_URL) gets the generous limits', () => {
    expect(usesEmulator('dynamodb', readEnvironment({ AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000' }))).toBe(true);
    expect(usesEmulator('s3', readEnvironment({ AWS_ENDPOINT_URL: 'http://localhost:4566' }))).toBe(true);
    expect(usesEmulator('s3', readEnvironment({ AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000' }))).toBe(false);
    expect(awsClientConfig('dynamodb', readEnvironment({ AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000' })).requestHandler.requestTimeout).toBe(
      emulatorLimits.requestTimeoutMs,
    );
  });
});

describe('clients created on first use, not at import', () => {
  it('the environment set after the import decides: S3 path-style addressing and the emulator limits', async () => {
    delete process.env.AWS_ENDPOINT_URL_S3;
    delete process.env.AWS_ENDPOINT_URL;
    const { ddb, s3 } = freshClientModule();
    process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:4569';
    process.env.AWS_ENDPOINT_URL_DYNAMODB = 'http://127.0.0.1:8000';
    const location = s3.objectLocation({ Bucket: 'labels-bucket', Key: 'labels/c 1/o+1/SHIPPING_LABEL_PDF.pdf' }, 'us-east-1');
    expect([location.endpoint.origin, location.path]).toEqual(['http://127.0.0.1:4569', '/labels-bucket/labels/c%201/o%2B1/SHIPPING_LABEL_PDF.pdf']);
    expect(ddb.config.limits).toEqual(emulatorLimits);
  });

  it('against AWS: virtual-hosted S3 and the DynamoDB limits on the document client', async () => {
    delete process.env.AWS_ENDPOINT_URL_S3;
    delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
    delete process.env.AWS_ENDPOINT_URL;
    const { ddb, s3 } = freshClientModule();
    const location = s3.objectLocation({ Bucket: 'labels-bucket', Key: 'labels/a.pdf' }, 'eu-west-1');
    expect(location.endpoint.origin + location.path).toBe('https://labels-bucket.s3.eu-west-1.amazonaws.com/labels/a.pdf');
    expect(ddb.config.limits).toEqual({ connectionTimeoutMs: 1_000, requestTimeoutMs: 1_500, maxAttempts: 3 });
    expect(dynamoEndpoint(readEnvironment(), 'eu-west-1').href).toBe('https://dynamodb.eu-west-1.amazonaws.com/');
    expect(dynamoEndpoint(readEnvironment(), 'cn-north-1').href).toBe('https://dynamodb.cn-north-1.amazonaws.com.cn/');
  });

  it('one client per container: every use reaches the same instance', () => {
    const { ddb } = freshClientModule();
    expect(ddb.config).toBe(ddb.config);
    expect(ddb.middlewareStack).toBe(ddb.middlewareStack);
  });
});

describe("the SDK's logger middleware", () => {
  const hasLoggerMiddleware = (client: { middlewareStack: { identify(): string[] } }) =>
    client.middlewareStack.identify().some((entry) => entry.split(' ')[0] === SDK_LOGGER_MIDDLEWARE);

  it('is on a client as the SDK builds it (so the name removed below is still the SDK’s)', () => {
    expect(hasLoggerMiddleware(new DynamoDBClient({ region: 'us-east-1' }))).toBe(true);
    expect(hasLoggerMiddleware(new S3Client({ region: 'us-east-1' }))).toBe(true);
  });

  it('is not on the project’s clients, which are given no logger it could write to', async () => {
    const { ddb, s3 } = freshClientModule();
    expect(hasLoggerMiddleware(ddb)).toBe(false);
    expect(hasLoggerMiddleware(s3)).toBe(false);
    expect(awsClientConfig('dynamodb', readEnvironment({}))).not.toHaveProperty('logger');
    expect(awsClientConfig('s3', readEnvironment({}))).not.toHaveProperty('logger');
  });

  it('commands still go through: output unmarshalled, errors rethrown as the SDK raised them', async () => {
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID = 'test';
    process.env.AWS_SECRET_ACCESS_KEY = 'test';
    const { ddb } = freshClientModule();
    const answers = [
      { statusCode: 200, body: '{"Item":{"pk":{"S":"A"},"sk":{"S":"B"},"n":{"N":"2"}}}' },
      { statusCode: 400, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"no table"}' },
    ];
    (ddb.config as { requestHandler: unknown }).requestHandler = {
      handle: async () => {
        const { statusCode, body } = answers.shift()!;
        return { statusCode, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Buffer.from(body) };
      },
    };
    const out = await ddb.send(new GetCommand({ TableName: 't', Key: { pk: 'A', sk: 'B' } }));
    expect(out.Item).toEqual({ pk: 'A', sk: 'B', n: 2 });
    await expect(ddb.send(new GetCommand({ TableName: 't', Key: { pk: 'A', sk: 'B' } }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'no table',
    });
  });
});
