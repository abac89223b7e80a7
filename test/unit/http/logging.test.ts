import { mockDynamo, GetCommand, QueryCommand } from '../../support/dynamo-mock';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { handler } from '../../../functions/carriers/handler';
import { handler as rateHandler } from '../../../functions/rate/handler';
import { clearAuthCache } from '../../../shared/http/auth';
import { carriersRoute } from '../../../shared/contract/catalog';
import { httpHandler } from '../../../shared/http/handler';
import { CONTEXT_LOG_KEYS, createLogger, RESERVED_LOG_KEYS, redact } from '../../../shared/observability/logger';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';
import { sampleRateBody } from '../../support/rate-body';
import { captureOutput, outputOf } from '../../support/output';
import { readEnvironment } from '../../../shared/config';

const ddbMock = mockDynamo();
const KEY = 'ship_api_abcdefabcdefabcdefabcdefabcdef12';
const EMAIL = 'alex.shipper@example.com';

const event = (key: string, over: Partial<APIGatewayProxyEvent> = {}) =>
  ({
    httpMethod: 'GET',
    path: '/v1/carriers',
    resource: '/v1/carriers',
    headers: { 'X-API-Key': key },
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId: 'log-req' },
    ...over,
  }) as unknown as APIGatewayProxyEvent;

const lambdaContext = (awsRequestId: string) => ({ functionName: 'shipping-dev-carriers', awsRequestId }) as Context;

const storeKnowsKey = () => {
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
  ddbMock.on(GetCommand, { Key: keys.pricingGroup('default') }).resolves({ Item: { id: 'default', name: 'Default', carriers: [] } });
  ddbMock.on(QueryCommand).resolves({ Items: [] });
};

describe('structured logging', () => {
  // The logger is created on first use, with this level. (A level set later with setLogLevel lasts one
  // invocation: injectLambdaContext restores the initial level at the next.)
  beforeAll(() => {
    process.env.LOG_LEVEL = 'DEBUG';
  });
  afterAll(() => {
    delete process.env.LOG_LEVEL;
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
  });
  afterEach(() => {
    restore();
    delete process.env.POWERTOOLS_LOGGER_LOG_EVENT;
  });

  it('logs each request with its request id and never writes the API key or its hash', async () => {
    storeKnowsKey();
    const ok = await handler(event(KEY), {} as Context);
    const refused = await handler(event(KEY.replace('12', '34')), {} as Context);
    expect([ok.statusCode, refused.statusCode]).toEqual([200, 401]);
    const output = lines.join('');
    expect(output).toContain('log-req');
    expect(output).not.toContain(KEY);
    expect(output).not.toContain(KEY.replace('12', '34'));
    expect(output).not.toContain(hashApiKey(KEY));
  });

  describe('with tracing on and the request sampled (each request writes its trace line)', () => {
    const saved = { env: process.env.AWS_EXECUTION_ENV, trace: process.env._X_AMZN_TRACE_ID };
    beforeEach(() => {
      process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs24.x';
      process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    });
    afterEach(() => {
      for (const [name, value] of [
        ['AWS_EXECUTION_ENV', saved.env],
        ['_X_AMZN_TRACE_ID', saved.trace],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('every line carries the Lambda context (function, cold start, AWS request id), the request id and, once known, the company', async () => {
      storeKnowsKey();
      await handler(event(KEY), lambdaContext('aws-1'));
      const written = records();
      expect(written.map((line) => line.message)).toContain('trace');
      for (const line of written) {
        expect(line).toMatchObject({
          requestId: 'log-req',
          function: 'carriers',
          function_name: 'shipping-dev-carriers',
          function_request_id: 'aws-1',
          cold_start: expect.any(Boolean),
        });
        expect(line).toMatchObject({ companyId: 'c1', keyId: 'k1', xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793' });
      }
    });

    it("one request's keys end with it: the next request's lines carry no company until it is authenticated", async () => {
      storeKnowsKey();
      await handler(event(KEY), lambdaContext('aws-1'));
      lines.length = 0;
      await handler(event('', { requestContext: { requestId: 'second' } as APIGatewayProxyEvent['requestContext'] }), lambdaContext('aws-2'));
      const second = records();
      expect(second.map((line) => [line.message, line.status])).toContainEqual(['trace', 401]);
      for (const line of second) {
        expect(line).toMatchObject({ requestId: 'second', function_request_id: 'aws-2' });
        expect(line).not.toHaveProperty('companyId');
      }
    });
  });

  it("writes no line of its own per request: API Gateway's access log has one (method, route, status, the Lambda request id)", async () => {
    storeKnowsKey();
    const res = await handler(event(KEY), lambdaContext('aws-1'));
    expect(res.statusCode).toBe(200);
    // (This file logs at DEBUG: the empty metrics flush says so at that level.)
    expect(records().filter((line) => line.level !== 'DEBUG')).toEqual([]);
  });

  it('POST /v1/rate with an e-mail in the body and a key in the header logs neither, even with POWERTOOLS_LOGGER_LOG_EVENT=true', async () => {
    process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'true';
    storeKnowsKey();
    const body = sampleRateBody();
    body.shipper.emailAddress = EMAIL;
    body.shippingNotificationEmail = EMAIL;
    const post = (key: string) =>
      rateHandler(
        event(key, {
          httpMethod: 'POST',
          path: '/v1/rate',
          resource: '/v1/rate',
          headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
        lambdaContext('aws-rate'),
      );
    await post(KEY);
    await post(KEY.replace('12', '34'));
    const output = lines.join('');
    expect(output).toContain('log-req');
    for (const secret of [KEY, KEY.replace('12', '34'), hashApiKey(KEY), EMAIL, 'example.com']) expect(output).not.toContain(secret);
  });

  it('an error that echoes the request (e-mail, key, key hash) is logged with them redacted', async () => {
    storeKnowsKey();
    const echoing = httpHandler(carriersRoute, async () => {
      throw new Error(`cannot deliver to ${EMAIL} for key ${KEY} (${hashApiKey(KEY)})`);
    });
    const res = await echoing(event(KEY), lambdaContext('aws-echo'));
    expect(res.statusCode).toBe(500);
    const failure = records().find((line) => line.message === 'unhandled error');
    expect(failure).toMatchObject({ error: { message: 'cannot deliver to [e-mail] for key [api key] ([hash])' } });
    const output = lines.join('');
    for (const secret of [KEY, hashApiKey(KEY), EMAIL]) expect(output).not.toContain(secret);
  });
});

describe('redact: the JSON replacer of every log line', () => {
  it.each([
    ['an API key anywhere in a text', `key=${KEY};`, 'key=[api key];'],
    ['an API key of another prefix, even mistyped', 'acme_api_0123456789abcdef0123', '[api key]'],
    ['a test key (the test prefix)', `key=shiptest_api_${'0123456789abcdef'.repeat(2)};`, 'key=[api key];'],
    ['a test key of a configured test prefix of 16 characters', `acmesandboxtest1_api_${'f'.repeat(32)}`, '[api key]'],
    ['a SHA-256 hex digest (a key hash)', `APIKEY#${hashApiKey(KEY)}`, 'APIKEY#[hash]'],
    ['an e-mail address', `to: ${EMAIL}, cc: o'brien+x@mail.example.co.uk`, 'to: [e-mail], cc: [e-mail]'],
    ['a plain text', 'request refused', 'request refused'],
  ])('%s', (_what, value, expected) => {
    expect(redact('message', value)).toBe(expected);
  });

  it.each([
    'x-api-key',
    'X-API-Key',
    'apiKey',
    'keyHash',
    'email',
    'emailAddress',
    'shippingNotificationEmail',
    'authorization',
    'clientSecret',
    'client_secret',
    'password',
    'passwd',
  ])('the value of an attribute named %s, whatever it looks like', (name) => {
    expect(redact(name, 'anything')).toBe('[redacted]');
  });

  it('leaves non-strings to the next replacer (objects are walked, numbers kept)', () => {
    const nested = { a: 1 };
    expect(redact('attrs', nested)).toBe(nested);
    expect(redact('count', 3)).toBe(3);
  });
});

describe('attribute names Powertools keeps for itself (LogAttributes refuses them at compile time)', () => {
  /** The JSON lines the real logger writes while `run` runs. */
  const written = (run: () => void) =>
    outputOf(run)
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it.each(RESERVED_LOG_KEYS)('an attribute named %s is dropped, with a warning of its own', (key) => {
    const lines = written(() => createLogger(readEnvironment({ LOG_LEVEL: 'DEBUG' })).info('line', { [key]: 'mine', kept: 'yes' }));
    expect(lines.find((line) => line.kept === 'yes')?.[key]).not.toBe('mine');
    expect(lines.map((line) => line.message)).toContain(`The key "${key}" is a reserved key and will be dropped.`);
  });

  it('an attribute of another name is kept, and no warning comes with it', () => {
    expect(written(() => createLogger(readEnvironment({ LOG_LEVEL: 'DEBUG' })).info('line', { detail: 'mine' }))).toEqual([
      expect.objectContaining({ message: 'line', detail: 'mine' }),
    ]);
  });

  it('the context keys are those Powertools writes from the Lambda context and the trace', () => {
    const logger = createLogger(readEnvironment({ LOG_LEVEL: 'DEBUG' }));
    logger.addContext({ functionName: 'f', awsRequestId: 'a', invokedFunctionArn: 'arn', memoryLimitInMB: '128', functionVersion: '1', tenantId: 't' });
    const trace = process.env._X_AMZN_TRACE_ID;
    process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=557abcec3ee5a047;Sampled=1';
    try {
      const [line] = written(() => logger.info('line'));
      const own = Object.keys(line!).filter((key) => !(RESERVED_LOG_KEYS as readonly string[]).includes(key));
      expect(own.sort()).toEqual([...CONTEXT_LOG_KEYS].sort());
    } finally {
      if (trace === undefined) delete process.env._X_AMZN_TRACE_ID;
      else process.env._X_AMZN_TRACE_ID = trace;
    }
  });
});
