/**
 * Two invocations of a handler in one process whose awaits interleave, as the
 * local runtime runs them (and as nothing in a handler may assume they do
 * not): each one's log lines carry its own Lambda context, request id and
 * company, its trace line lists its own calls, and what it held of stdout is
 * written apart from the other's (shared/observability/invocation.ts).
 */
import { mockDynamo, GetCommand, QueryCommand } from '../support/dynamo-mock';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { carriersRoute } from '../../shared/contract/catalog';
import { clearAuthCache } from '../../shared/http/auth';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { callCarrier } from '../../shared/services/carrier-call';
import { hashApiKey } from '../../shared/store/api-keys';
import { keys } from '../../shared/store/keys';
import { captureOutput } from '../support/output';

const ddbMock = mockDynamo();
/** Two callers, of two companies, each quoting its own carrier. */
const CALLERS = {
  a: { key: 'ship_api_a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0', companyId: 'company-a', carrier: 'CARRIERX' },
  b: { key: 'ship_api_b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0', companyId: 'company-b', carrier: 'CARRIERY' },
} as const;
type Name = keyof typeof CALLERS;
const LAMBDA = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  LOG_LEVEL: 'INFO',
  _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
};

const saved = { ...process.env };
beforeAll(() => Object.assign(process.env, LAMBDA));
afterAll(() => {
  process.env = saved;
});

beforeEach(() => {
  clearAuthCache();
  ddbMock.reset();
  ddbMock.on(QueryCommand).resolves({ Items: [] });
  for (const { key, companyId } of Object.values(CALLERS)) {
    ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(key)) }).resolves({
      Item: {
        keyId: `key-${companyId}`,
        keyHash: hashApiKey(key),
        companyId,
        integrationType: 'public-api',
        scopes: [],
        active: true,
        createdDate: '2026-01-01T00:00:00Z',
      },
    });
    ddbMock.on(GetCommand, { Key: keys.company(companyId) }).resolves({
      Item: { companyId, name: companyId, userId: 'u', pricingGroupId: 'default', billing: 'account', blacklist: [], createdDate: '2026-01-01T00:00:00Z' },
    });
  }
});

const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

const event = (name: Name): APIGatewayProxyEvent => ({
  httpMethod: 'GET',
  path: '/v1/carriers',
  resource: '/v1/carriers',
  headers: { 'X-API-Key': CALLERS[name].key },
  multiValueHeaders: {},
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  pathParameters: null,
  stageVariables: null,
  body: null,
  isBase64Encoded: false,
  requestContext: { requestId: `request-${name}` } as APIGatewayProxyEvent['requestContext'],
});

const context = (name: Name) => ({ functionName: 'shipping-test-carriers', awsRequestId: `aws-${name}` }) as Context;

type Line = Record<string, unknown>;

it('two interleaved invocations: each line carries its own invocation, each trace line its own calls, each write one invocation', async () => {
  const gate = deferred();
  const waiting = new Set<string>();
  let bothWaiting: () => void;
  const bothStarted = new Promise<void>((resolve) => (bothWaiting = resolve));
  const handler = httpHandler(carriersRoute, async (_input, caller) => {
    const { companyId } = caller.company;
    const carrier = Object.values(CALLERS).find((c) => c.companyId === companyId)!.carrier;
    await callCarrier(carrier, 1_000, async () => 'answer', 'rate');
    logger.info('main started', { carrier });
    waiting.add(companyId);
    if (waiting.size === 2) bothWaiting();
    // Both wait here, then resume in the same macrotask.
    await gate.promise;
    logger.info('main resumed', { carrier });
    await callCarrier(carrier, 1_000, async () => 'answer', 'track');
    return { data: [] };
  });

  const chunks: string[] = [];
  const restore = captureOutput(chunks);
  try {
    const a = handler(event('a'), context('a'));
    const b = handler(event('b'), context('b'));
    await bothStarted;
    gate.release();
    expect((await Promise.all([a, b])).map((result) => result.statusCode)).toEqual([200, 200]);
    // What is still held goes out when the macrotask ends.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    restore();
  }

  const linesOf = (chunk: string): Line[] =>
    chunk
      .split('\n')
      .filter((l) => l.startsWith('{') && !l.includes('"_aws"'))
      .map((l) => JSON.parse(l) as Line);
  const lines = chunks.flatMap(linesOf);
  for (const name of ['a', 'b'] as const) {
    const { companyId, carrier } = CALLERS[name];
    const own = lines.filter((line) => line.requestId === `request-${name}`);
    expect(own.map((line) => line.message)).toEqual(['main started', 'main resumed', 'trace']);
    for (const line of own) {
      expect(line).toMatchObject({ function: 'carriers', function_request_id: `aws-${name}`, companyId, keyId: `key-${companyId}` });
      if (line.message !== 'trace') expect(line.carrier).toBe(carrier);
    }
    const trace = own.find((line) => line.message === 'trace')!;
    expect((trace.calls as Array<{ carrier: string; operation: string }>).map((call) => [call.carrier, call.operation])).toEqual([
      [carrier, 'rate'],
      [carrier, 'track'],
    ]);
  }
  // No line of neither, and no write holds lines of both.
  expect(lines.filter((line) => line.requestId !== 'request-a' && line.requestId !== 'request-b')).toEqual([]);
  for (const chunk of chunks) expect(new Set(linesOf(chunk).map((line) => line.requestId)).size).toBeLessThanOrEqual(1);
});
