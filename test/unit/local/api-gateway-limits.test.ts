/**
 * The local runtime's per-key limit over real HTTP: the limiter npm start
 * builds (localRequestLimiter from the environment) inside the API server,
 * answering like the stage's WAF rule (lib/waf.ts, lib/limits.ts).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pushTokenLimits, RATE_LIMIT_ERROR_CODE, rateLimits } from '../../../lib/limits';
import { createApiServer, type Route } from '../../../local/api-gateway';
import { localRequestLimiter, type RequestLimiter } from '../../../local/request-limiter';

const KEY_A = `ship_api_${'a'.repeat(32)}`;
const KEY_B = `ship_api_${'b'.repeat(32)}`;
const TEST_KEY_A = `shiptest_api_${'a'.repeat(32)}`;
const PREFIXES = { live: 'ship', test: 'shiptest' };

const routes: Route[] = [
  { name: 'carriers', entry: 'carriers', method: 'GET', path: '/v1/carriers' },
  { name: 'carrier-push-events', entry: 'carrier-push-events', method: 'POST', path: '/v1/carriers/{carrier}/push/events' },
  { name: 'carrier-push-token', entry: 'carrier-push-token', method: 'POST', path: '/v1/carriers/{carrier}/push/token' },
];
let calls = 0;
const CLIENT = '11111111-1111-4111-8111-111111111111.0a0b0c0d';
const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

const start = async (limiter: RequestLimiter): Promise<{ server: Server; base: string }> => {
  const server = createApiServer({
    routes,
    limiter,
    loadHandler: (route) => async (event: { headers: Record<string, string | undefined> }) => {
      calls += 1;
      // The token URL's function: 401 invalid_client unless the one right secret.
      if (route.name === 'carrier-push-token' && event.headers.authorization !== basic(CLIENT, 'right')) {
        return { statusCode: 401, headers: { 'content-type': 'application/json' }, body: '{"error":"invalid_client"}' };
      }
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[]}' };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

describe('local per-key limit over HTTP', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    ({ server, base } = await start(
      localRequestLimiter({ LOCAL_RATE_LIMIT_PER_KEY: '3', LOCAL_RATE_LIMIT_PER_IP: '2', LOCAL_RATE_LIMIT_WINDOW_SECONDS: '60' }, PREFIXES),
    ));
  });
  afterAll(() => stop(server));

  const get = (path: string, key?: string) => fetch(`${base}${path}`, { headers: key === undefined ? {} : { 'X-API-Key': key } });

  it('answers 429 THROTTLED with Retry-After and the error body once a key is over its limit, without running the function', async () => {
    calls = 0;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get('/v1/carriers', KEY_A)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const over = await get('/v1/carriers', KEY_A);
    expect(over.status).toBe(429);
    expect(over.headers.get('content-type')).toMatch(/^application\/json/);
    expect(over.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    const body = (await over.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code: RATE_LIMIT_ERROR_CODE, message: expect.stringContaining('3 requests per 60 s') } });
    expect(calls).toBe(3);
    // Another key is counted on its own.
    expect((await get('/v1/carriers', KEY_B)).status).toBe(200);
  });

  it('counts requests without a well-formed key by IP, before routing (an unknown path counts too)', async () => {
    expect((await get('/v1/carriers')).status).toBe(200);
    expect((await get('/v1/nowhere', 'constructor')).status).toBe(404);
    const over = await get('/v1/carriers', `${KEY_A}0`);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { message: string } }).error.message).toContain('without a valid API key');
  });

  it('counts a test key per key, like a live one: its own limit, not the IP limit, and apart from the live key of the same secret', async () => {
    // The IP budget (2) is spent by the test above: a test key counted by IP would be refused at once.
    // KEY_A, the live key of the same 32 hex, is over its limit since the first test.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get('/v1/carriers', TEST_KEY_A)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const over = await get('/v1/carriers', TEST_KEY_A);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { message: string } }).error.message).toContain('for this API key');
    expect((await get('/v1/carriers', `${TEST_KEY_A}0`)).status).toBe(429);
  });

  it('leaves the document and the docs page unlimited', async () => {
    for (let i = 0; i < 5; i++) expect((await get('/v1/openapi.json')).status).toBe(200);
  });

  it("leaves a carrier's pushes (an inbound route, no API key by design) out of the keyless limit, as WAF does", async () => {
    // The IP budget (2) is spent by the tests above.
    expect((await get('/v1/carriers')).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/v1/carriers/ups/push/events`, { method: 'POST', body: '{}' })).status).toBe(200);
    // Whatever carrier the path names: the function answers 404 for one that does not push, not the keyless limit.
    expect((await fetch(`${base}/v1/carriers/constructor/push/events`, { method: 'POST', body: '{}' })).status).toBe(200);
  });
});

describe("a push token URL's refused attempts (UPS Track Alert's, any carrier's), over HTTP", () => {
  const token = (base: string, authorization: string, carrier = 'ups') =>
    fetch(`${base}/v1/carriers/${carrier}/push/token`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });

  it(`checks ${pushTokenLimits.failures} wrong secrets of a client id, then answers 429 THROTTLED without running the function, the right secret included`, async () => {
    const { server, base } = await start(localRequestLimiter({}, PREFIXES));
    try {
      calls = 0;
      expect((await token(base, basic(CLIENT, 'right'))).status).toBe(200);
      // 50 wrong secrets at once: only the budget reaches the function.
      const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => token(base, basic(CLIENT, `wrong-${i}`)).then((r) => r.status)));
      expect(statuses.filter((s) => s === 401)).toHaveLength(pushTokenLimits.failures);
      expect(statuses.filter((s) => s !== 401)).toEqual(Array(50 - pushTokenLimits.failures).fill(429));
      const checked = calls;
      expect(checked).toBe(1 + pushTokenLimits.failures);
      const over = await token(base, basic(CLIENT, 'right'));
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await over.json()).toEqual({
        error: { code: RATE_LIMIT_ERROR_CODE, message: expect.stringContaining(`${pushTokenLimits.failures} refused token requests per`) },
      });
      expect(calls).toBe(checked);
      // Another carrier in the path is the same token URL: no fresh budget for the client id or the address.
      expect((await token(base, basic(CLIENT, 'wrong-again'), 'canadapost')).status).toBe(429);
      expect(calls).toBe(checked);
      // The events URL is not the token URL: untouched.
      expect((await fetch(`${base}/v1/carriers/ups/push/events`, { method: 'POST', body: '{}' })).status).toBe(200);
    } finally {
      await stop(server);
    }
  });
});

describe('local limiter settings', () => {
  const pushTokenFailures = { limit: pushTokenLimits.failures, windowSeconds: rateLimits.dev.windowSeconds };

  it("defaults to the dev stage's per-key and keyless limits, and the push token budget of lib/limits.ts", () => {
    expect(localRequestLimiter({}, PREFIXES).rules).toEqual({
      perKey: { limit: rateLimits.dev.perKey, windowSeconds: rateLimits.dev.windowSeconds },
      perIp: { limit: rateLimits.dev.perIpWithoutKey, windowSeconds: rateLimits.dev.windowSeconds },
      pushTokenFailures,
    });
  });

  it('off turns a rule off, and no request is then refused', async () => {
    const limiter = localRequestLimiter({ LOCAL_RATE_LIMIT_PER_KEY: 'off', LOCAL_RATE_LIMIT_PER_IP: 'off' }, PREFIXES);
    expect(limiter.rules).toEqual({ pushTokenFailures });
    const { server, base } = await start(limiter);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${base}/v1/carriers`, { headers: { 'X-API-Key': KEY_A } }).then((r) => r.status)),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await stop(server);
    }
  });
});
