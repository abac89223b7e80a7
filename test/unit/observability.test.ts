/**
 * Metrics and tracing (shared/observability/metrics.ts, shared/observability/tracer.ts, the HTTP layer's
 * middlewares): what is emitted, when, and that tests and the local runtime
 * stay quiet. Metrics are switched on for this file (they are off outside
 * Lambda by default); the EMF lines are read from stdout.
 */
import { mockDynamo, GetCommand, QueryCommand } from '../support/dynamo-mock';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { fanOutRates, type CarrierCall, type RateJob } from '../../shared/carriers/fanout';
import { createCarrierRegistry } from '../../shared/carriers/registry';
import { createSandboxTransports, type SandboxNetworkOptions } from '../../shared/carriers/sandbox/network';
import { clearAuthCache } from '../../shared/http/auth';
import { carriersRoute } from '../../shared/contract/catalog';
import { httpHandler } from '../../shared/http/handler';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { carrierMetrics, recordRatesReturned } from '../../shared/observability/metrics';
import { traceSampled, tracingEnabled } from '../../shared/observability/tracer';
import { hashApiKey } from '../../shared/store/api-keys';
import { keys } from '../../shared/store/keys';
import { rateInput, rateRequest, withOptions } from './carriers/fixtures';
import { emfLines, outputOf } from '../support/output';
import { readEnvironment } from '../../shared/config';

const ddbMock = mockDynamo();
const KEY = 'ship_api_0b5e0b5e0b5e0b5e0b5e0b5e0b5e0b5e';
const NAMESPACE = 'ShippingApi/test';

const saved = { ...process.env };
beforeAll(() => {
  // Read when the container's metrics are created, on first use.
  Object.assign(process.env, { POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_METRICS_NAMESPACE: NAMESPACE, AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' });
});
afterAll(() => {
  process.env = { ...saved };
});

/** EMF lines written to stdout while `run` runs. */
const emf = emfLines;

const jobs = (options: SandboxNetworkOptions = {}, request = rateRequest()): RateJob[] =>
  createCarrierRegistry(createSandboxTransports(options)).sandboxPorts.map((carrier) => ({ carrier, input: rateInput(carrier.code, request) }));

describe('per-carrier metrics of the rating fan-out', () => {
  const recorded = async (run: (metrics: { carrierCall: (call: CarrierCall) => void }) => Promise<unknown>) => {
    const calls: CarrierCall[] = [];
    await run({ carrierCall: (call) => calls.push(call) });
    return calls.sort((a, b) => a.carrierCode.localeCompare(b.carrierCode));
  };

  it('one call per carrier asked, with its outcome and how long it took', async () => {
    const calls = await recorded((metrics) =>
      fanOutRates(jobs({ faults: { CARRIERY: { latencyMs: 30_000 }, CARRIERZ: { error: 'http500' } } }), { timeoutMs: 100, budgetMs: 5_000, metrics }),
    );
    expect(calls.map(({ carrierCode, outcome }) => [carrierCode, outcome])).toEqual([
      ['CARRIERF', 'answered'],
      ['CARRIERX', 'answered'],
      ['CARRIERY', 'timeout'],
      ['CARRIERZ', 'error'],
    ]);
    expect(calls.find((c) => c.carrierCode === 'CARRIERY')!.latencyMs).toBeGreaterThanOrEqual(99);
    for (const call of calls) expect(call.latencyMs).toBeLessThan(5_000);
  });

  it('a refusal (parcel carriers and nonConveyable) is its own outcome', async () => {
    const calls = await recorded((metrics) =>
      fanOutRates(jobs({}, withOptions(rateRequest(), { nonConveyable: true })), { timeoutMs: 2_000, budgetMs: 5_000, metrics }),
    );
    expect(calls.filter((c) => c.outcome === 'refused').map((c) => c.carrierCode)).toEqual(['CARRIERX', 'CARRIERY', 'CARRIERZ']);
  });

  it('the default port writes one EMF line per carrier: latency, and failures 1 for a timeout or error, 0 otherwise', async () => {
    const lines = await emf(() => fanOutRates(jobs({ faults: { CARRIERZ: { error: 'timeout' } } }), { timeoutMs: 50, budgetMs: 5_000 }));
    expect(lines).toHaveLength(4);
    const byCarrier = new Map(lines.map((line) => [line.carrier, line]));
    const z = byCarrier.get('CARRIERZ')!;
    expect(z._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: NAMESPACE,
        Dimensions: [['service', 'carrier']],
        Metrics: [
          { Name: 'CarrierLatency', Unit: 'Milliseconds' },
          { Name: 'CarrierFailures', Unit: 'Count' },
        ],
      },
    ]);
    expect(z).toMatchObject({ service: 'shipping-api', carrier: 'CARRIERZ', outcome: 'timeout', CarrierFailures: 1, CarrierLatency: expect.any(Number) });
    expect(byCarrier.get('CARRIERX')).toMatchObject({ outcome: 'answered', CarrierFailures: 0 });
  });

  it('each carrier line is the line Powertools Metrics writes for the same values, key for key and in the same order', async () => {
    const powertools = (defaultDimensions: Record<string, string>) => new Metrics({ namespace: NAMESPACE, serviceName: 'shipping-api', defaultDimensions });
    const text = async (run: () => void) => outputOf(run).replace(/"Timestamp":\d+/, '"Timestamp":0');
    const cases = [
      {
        outcome: 'answered',
        metrics: [
          ['CarrierLatency', MetricUnit.Milliseconds, 412],
          ['CarrierFailures', MetricUnit.Count, 0],
        ],
      },
      { outcome: 'unavailable', metrics: [['CarrierFailures', MetricUnit.Count, 1]] },
    ] as const;
    for (const { outcome, metrics } of cases) {
      const ours = await text(() => carrierMetrics.carrierCall({ carrierCode: 'CARRIERX', latencyMs: 412.3, outcome }));
      const theirs = await text(() => {
        const line = powertools({ carrier: 'CARRIERX' });
        line.addMetadata('outcome', outcome);
        for (const [name, unit, value] of metrics) line.addMetric(name, unit, value);
        line.publishStoredMetrics();
      });
      expect(ours).toBe(theirs);
    }
    const opened = await text(() => carrierMetrics.breakerOpened!('CARRIERX'));
    const reference = await text(() => powertools({ carrier: 'CARRIERX' }).addMetric('CarrierBreakerOpened', MetricUnit.Count, 1).publishStoredMetrics());
    expect(opened).toBe(reference);
  });

  it('a direct call of the port: latency rounded to whole milliseconds', async () => {
    const [line] = await emf(() => carrierMetrics.carrierCall({ carrierCode: 'CARRIERY', latencyMs: 1234.4, outcome: 'refused' }));
    expect(line).toMatchObject({ carrier: 'CARRIERY', CarrierLatency: 1234, CarrierFailures: 0 });
  });

  it('a call made under an unusable account counts as failed: the operator must fix it', async () => {
    const [line] = await emf(() => carrierMetrics.carrierCall({ carrierCode: 'UPS', latencyMs: 12, outcome: 'not-configured' }));
    expect(line).toMatchObject({ carrier: 'UPS', outcome: 'not-configured', CarrierFailures: 1 });
  });
});

describe('the HTTP layer flushes the metrics once per request', () => {
  const event = (key: string) =>
    ({
      httpMethod: 'GET',
      path: '/v1/carriers',
      resource: '/v1/carriers',
      headers: { 'X-API-Key': key },
      body: null,
      isBase64Encoded: false,
      requestContext: { requestId: 'm-1' },
    }) as unknown as APIGatewayProxyEvent;
  const context = { functionName: 'shipping-test-carriers', awsRequestId: 'aws-m' } as Context;

  beforeEach(() => {
    clearAuthCache();
    ddbMock.reset();
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

  it('ColdStart on the first request of a container only; what the handler recorded, with the request, and nothing twice', async () => {
    const handler = httpHandler(carriersRoute, async () => {
      recordRatesReturned(3);
      return { data: [] };
    });
    const first = await emf(() => handler(event(KEY), context));
    const second = await emf(() => handler(event(KEY), context));
    const names = (lines: typeof first) => lines.flatMap((line) => line._aws.CloudWatchMetrics[0]!.Metrics.map((m) => m.Name));
    expect(names(first)).toEqual(['ColdStart', 'RatesReturned']);
    expect(first[0]).toMatchObject({ function_name: 'shipping-test-carriers', ColdStart: 1 });
    expect(names(second)).toEqual(['RatesReturned']);
    expect(second[0]).toMatchObject({ service: 'shipping-api', RatesReturned: 3 });
  });

  it('a refused request flushes too (onError), and a request that recorded nothing writes no EMF line', async () => {
    const handler = httpHandler(carriersRoute, async () => {
      recordRatesReturned(1);
      return { data: [] };
    });
    await emf(() => handler(event(KEY), context));
    expect(await emf(() => handler(event(''), context))).toEqual([]);
  });
});

describe('quiet outside Lambda unless asked', () => {
  const isolated = (env: Record<string, string | undefined>, run: (m: typeof import('../../shared/observability/metrics')) => void) => {
    const before = { ...process.env };
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    try {
      jest.isolateModules(() => run(jest.requireActual('../../shared/observability/metrics')));
      return { ...process.env };
    } finally {
      process.env = before;
    }
  };

  it('no switch and not in Lambda (tests, npm start, the bench): nothing written, and the environment left as it was', async () => {
    let lines: unknown[] = ['not run'];
    const env = isolated({ POWERTOOLS_METRICS_DISABLED: undefined, AWS_LAMBDA_FUNCTION_NAME: undefined }, (m) => {
      const spy = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
      m.carrierMetrics.carrierCall({ carrierCode: 'CARRIERX', latencyMs: 1, outcome: 'answered' });
      lines = spy.mock.calls;
      spy.mockRestore();
    });
    expect(lines).toEqual([]);
    expect(env.POWERTOOLS_METRICS_DISABLED).toBeUndefined();
  });

  it('in Lambda without a switch: metrics are written', () => {
    let written = 0;
    isolated({ POWERTOOLS_METRICS_DISABLED: undefined, AWS_LAMBDA_FUNCTION_NAME: 'shipping-prod-rate' }, (m) => {
      const spy = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
      m.carrierMetrics.carrierCall({ carrierCode: 'CARRIERX', latencyMs: 1, outcome: 'answered' });
      written = spy.mock.calls.length;
      spy.mockRestore();
    });
    expect(written).toBe(1);
  });
});

describe('tracing (shared/observability/tracer.ts: the trace line, no X-Ray SDK)', () => {
  it.each([
    [{}, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' }, true],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'false' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', AWS_SAM_LOCAL: 'true' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' }, false],
  ])('%j: on = %s', (env, on) => expect(tracingEnabled(readEnvironment(env))).toBe(on));

  it.each([
    ['Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1', true],
    ['Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1;Lineage=a87bd80c:1', true],
    ['Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=0', false],
    ['Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=?', false],
    [undefined, false],
  ])('trace header %s: sampled = %s', (header, sampled) => expect(traceSampled(header)).toBe(sampled));

  const LAMBDA = {
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    LOG_LEVEL: 'INFO',
    _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
  };

  /** Fresh modules (their logger made with LOG_LEVEL INFO) in this environment; the JSON lines written while `run` runs, in order. */
  const inLambda = async (env: Record<string, string>, run: (load: <M>(path: string) => M) => Promise<void>): Promise<Array<Record<string, unknown>>> => {
    const before = { ...process.env };
    Object.assign(process.env, env);
    const chunks: string[] = [];
    // Powertools writes warnings and errors to stderr, the rest to stdout; Lambda sends both to the function's log.
    const spies = [process.stdout, process.stderr].map((stream) =>
      jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (chunks.push(String(chunk)), true)),
    );
    try {
      await jest.isolateModulesAsync(() => run(<M>(path: string) => jest.requireActual<M & object>(path)));
    } finally {
      spies.forEach((spy) => spy.mockRestore());
      process.env = before;
    }
    return chunks
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };

  /** An SDK request handler answering every call with `status` and `body` at once. */
  const answering = (status: number, body: string) => ({
    handle: async () => {
      const { Readable } = await import('node:stream');
      return {
        response: {
          statusCode: status,
          headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'r' },
          body: Readable.from([Buffer.from(body)]),
        },
      };
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
    destroy: () => undefined,
  });

  it('an AWS client is timed by a middleware of its own stack: each call with its operation, table, latency, outcome and attempts', async () => {
    const lines = await inLambda(LAMBDA, async (load) => {
      const tracer = load<typeof import('../../shared/observability/tracer')>('../../shared/observability/tracer');
      const { DynamoDBClient, GetItemCommand } = load<typeof import('@aws-sdk/client-dynamodb')>('@aws-sdk/client-dynamodb');
      const client = tracer.traced(
        new DynamoDBClient({
          region: 'us-east-1',
          credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
          requestHandler: answering(200, '{"Item":{"pk":{"S":"x"}}}'),
        }),
      );
      tracer.beginInvocation();
      await client.send(new GetItemCommand({ TableName: 'orders', Key: { pk: { S: 'x' } } }));
      tracer.endInvocation(200);
    });
    const [trace] = lines.filter((l) => l.message === 'trace');
    expect(trace).toMatchObject({ level: 'INFO', status: 200, sampled: true, xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793' });
    expect(trace!.calls).toEqual([
      { service: 'DynamoDB', operation: 'GetItem', resource: 'orders', at: expect.any(Number), ms: expect.any(Number), outcome: 'ok', attempts: 1 },
    ]);
  });

  it("the service's DynamoDB client is timed the same way: operation, table, latency, outcome and attempts", async () => {
    const lines = await inLambda(LAMBDA, async (load) => {
      const tracer = load<typeof import('../../shared/observability/tracer')>('../../shared/observability/tracer');
      const { DynamoClient, GetCommand } = load<typeof import('../../shared/aws/dynamodb')>('../../shared/aws/dynamodb');
      const answers = [500, 200];
      const client = tracer.traced(
        new DynamoClient({
          settings: readEnvironment({ AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' }),
          limits: { connectionTimeoutMs: 1_000, requestTimeoutMs: 1_000, maxAttempts: 3 },
          requestHandler: {
            handle: async () => {
              const statusCode = answers.shift()!;
              const body =
                statusCode === 200 ? '{"Item":{"pk":{"S":"x"}}}' : '{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"no"}';
              return { statusCode, headers: {}, body: Buffer.from(body) };
            },
          },
        }),
      );
      tracer.beginInvocation();
      expect((await client.send(new GetCommand({ TableName: 'orders', Key: { pk: 'x' } }))).Item).toEqual({ pk: 'x' });
      tracer.endInvocation(200);
    });
    const [trace] = lines.filter((l) => l.message === 'trace');
    expect(trace!.calls).toEqual([
      { service: 'DynamoDB', operation: 'GetItem', resource: 'orders', at: expect.any(Number), ms: expect.any(Number), outcome: 'ok', attempts: 2 },
    ]);
  });

  it('a failed condition is the API answering; a fault is a failure, written as a warning even when the trace is not sampled', async () => {
    const failing = (status: number, type: string) =>
      inLambda({ ...LAMBDA, _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=0' }, async (load) => {
        const tracer = load<typeof import('../../shared/observability/tracer')>('../../shared/observability/tracer');
        const { DynamoDBClient, PutItemCommand } = load<typeof import('@aws-sdk/client-dynamodb')>('@aws-sdk/client-dynamodb');
        const client = tracer.traced(
          new DynamoDBClient({
            region: 'us-east-1',
            maxAttempts: 2,
            retryStrategy: undefined,
            credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
            requestHandler: answering(status, JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message: 'no' })),
          }),
        );
        tracer.beginInvocation();
        await expect(client.send(new PutItemCommand({ TableName: 'orders', Item: { pk: { S: 'x' } } }))).rejects.toThrow();
        tracer.endInvocation(500);
      });
    expect((await failing(400, 'ConditionalCheckFailedException')).filter((l) => l.message === 'trace')).toEqual([]);
    const [trace] = (await failing(500, 'InternalServerError')).filter((l) => l.message === 'trace');
    expect(trace).toMatchObject({ level: 'WARN', status: 500, sampled: false });
    expect(trace!.calls).toEqual([
      expect.objectContaining({ service: 'DynamoDB', operation: 'PutItem', outcome: 'InternalServerError', attempts: 2, failed: true }),
    ]);
  });

  it('a long invocation lists its first calls and sums the rest per service and operation, so the line stays small', async () => {
    const lines = await inLambda(LAMBDA, async (load) => {
      const tracer = load<typeof import('../../shared/observability/tracer')>('../../shared/observability/tracer');
      tracer.beginInvocation();
      for (let i = 0; i < tracer.MAX_LISTED_CALLS + 30; i++)
        tracer.recordCall(performance.now(), { service: 'SQS', operation: 'SendMessageBatch', outcome: 'ok' });
      for (let i = 0; i < 3; i++)
        tracer.recordCall(performance.now(), { service: 'carrier', operation: 'track', carrier: 'UPS', outcome: 'timeout', failed: true });
      tracer.endInvocation(200);
    });
    const [trace] = lines.filter((l) => l.message === 'trace');
    expect(trace).toMatchObject({
      level: 'WARN',
      moreCalls: { 'SQS SendMessageBatch': { count: 30, failed: 0 }, 'carrier UPS track': { count: 3, failed: 3 } },
    });
    expect(trace!.calls).toHaveLength(50);
  });

  it('off (tests, npm start): the client is left as it is and nothing is recorded', async () => {
    const lines = await inLambda({ LOG_LEVEL: 'INFO', AWS_EXECUTION_ENV: '' }, async (load) => {
      const tracer = load<typeof import('../../shared/observability/tracer')>('../../shared/observability/tracer');
      const { DynamoDBClient } = load<typeof import('@aws-sdk/client-dynamodb')>('@aws-sdk/client-dynamodb');
      const client = new DynamoDBClient({ region: 'us-east-1' });
      const names = client.middlewareStack.identify();
      expect(tracer.traced(client).middlewareStack.identify()).toEqual(names);
      tracer.beginInvocation();
      tracer.recordCall(performance.now(), { service: 'carrier', operation: 'rate', carrier: 'CARRIERX', outcome: 'error', failed: true });
      tracer.endInvocation(200);
    });
    expect(lines).toEqual([]);
  });

  it("the HTTP layer: one trace line per request, with the request's keys and each carrier call; a 401 and a 500 have theirs", async () => {
    const lines = await inLambda(LAMBDA, async (load) => {
      const { mockClient: mock } = load<typeof import('aws-sdk-client-mock')>('aws-sdk-client-mock');
      const lib = load<typeof import('../../shared/aws/dynamodb')>('../../shared/aws/dynamodb');
      const { httpHandler: isolatedHandler } = load<typeof import('../../shared/http/handler')>('../../shared/http/handler');
      const { callCarrier } = load<typeof import('../../shared/services/carrier-call')>('../../shared/services/carrier-call');
      const store = mock(lib.DynamoClient as unknown as typeof import('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient);
      const getCommand = lib.GetCommand as unknown as typeof import('@aws-sdk/lib-dynamodb').GetCommand;
      store.on(getCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).resolves({
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
      store.on(getCommand, { Key: keys.company('c1') }).resolves({
        Item: { companyId: 'c1', name: 'Acme', userId: 'u', pricingGroupId: 'default', billing: 'account', blacklist: [], createdDate: '2026-01-01T00:00:00Z' },
      });
      // The second request that reaches main fails.
      let mains = 0;
      const handler = isolatedHandler(carriersRoute, async () => {
        mains += 1;
        await callCarrier('CARRIERX', 1_000, async () => 'answer', 'track');
        if (mains === 2) throw new Error('boom');
        return { data: [] };
      });
      const request = (key: string) =>
        handler(
          {
            httpMethod: 'GET',
            path: '/v1/carriers',
            resource: '/v1/carriers',
            headers: { 'X-API-Key': key },
            queryStringParameters: null,
            body: null,
            isBase64Encoded: false,
            requestContext: { requestId: 'r' },
          } as unknown as APIGatewayProxyEvent,
          { functionName: 'shipping-test-carriers', awsRequestId: 'aws-1' } as Context,
        );
      expect((await request('')).statusCode).toBe(401);
      expect((await request(KEY)).statusCode).toBe(200);
      expect((await request(KEY)).statusCode).toBe(500);
      store.restore();
    });
    const traces = lines.filter((l) => l.message === 'trace');
    expect(traces.map((t) => [t.level, t.status])).toEqual([
      ['INFO', 401],
      ['INFO', 200],
      ['INFO', 500],
    ]);
    for (const trace of traces)
      expect(trace).toMatchObject({ requestId: 'r', function: 'carriers', function_request_id: 'aws-1', xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793' });
    expect(traces[0]!.calls).toEqual([]);
    expect(traces[1]).toMatchObject({
      companyId: 'c1',
      calls: [{ service: 'carrier', operation: 'track', carrier: 'CARRIERX', outcome: 'answered', at: expect.any(Number), ms: expect.any(Number) }],
    });
  });
});
