/**
 * The UPS client over real HTTP against the local UPS mock (token endpoint,
 * bearer check, UPS's transaction headers, the simulator behind /api): tokens,
 * the one refresh on a 401, which requests are sent again after which
 * failures, bounds, and that no message carries a secret.
 */
import type { CarrierAccount } from '../../../../shared/domain/carrier';
import { CarrierAccountUnusable, CarrierError } from '../../../../shared/domain/carrier';
import type { UpsRequest } from '../../../../shared/carriers/ups/api';
import { createUpsApi, retryAfterMs, type UpsHttpDependencies } from '../../../../shared/carriers/ups/http';
import { createUpsTokenCache } from '../../../../shared/carriers/ups/oauth';
import { startUpsMock, type UpsMock } from '../../../../local/ups/mock-server';

const CLIENT = { clientId: 'http-test-client-Q1', clientSecret: 'http-test-SECRET-9z8y' };
const account = (credentials = CLIENT): CarrierAccount => ({
  carrierAccountId: 'acct-http-1',
  carrierCode: 'UPS',
  accountNumber: 'A1B2C3',
  credentials: async () => ({ ...credentials }),
});

let mock: UpsMock;
const saved = process.env.UPS_API_BASE_URL_TEST;
beforeEach(async () => {
  mock = await startUpsMock({ clients: [CLIENT] });
  process.env.UPS_API_BASE_URL_TEST = mock.apiUrl;
});
afterEach(async () => {
  await mock.close();
  if (saved === undefined) delete process.env.UPS_API_BASE_URL_TEST;
  else process.env.UPS_API_BASE_URL_TEST = saved;
});

const waits: number[] = [];
const client = (deps: UpsHttpDependencies = {}, credentials = CLIENT) =>
  createUpsApi(
    { mode: 'test', account: account(credentials) },
    {
      tokens: createUpsTokenCache(),
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
      ...deps,
    },
  );
beforeEach(() => {
  waits.length = 0;
});

const track: UpsRequest = { method: 'GET', path: '/track/v1/details/1Z999AA10123456784', query: { locale: 'en_US' }, retryable: true };
const ship: UpsRequest = { method: 'POST', path: '/shipments/v2409/ship', body: { ShipmentRequest: {} }, retryable: false };
const signal = () => AbortSignal.timeout(10_000);
const apiCalls = () => mock.seen.filter((s) => s.path.startsWith('/api/'));

describe('UPS HTTP client', () => {
  it('gets one token and reuses it; UPS answers (404 for an unknown number) come back as answers with their bodies', async () => {
    const api = client();
    const first = await api.send(track, signal());
    const second = await api.send(track, signal());
    expect(first.status).toBe(404);
    expect(first.body).toEqual({ response: { errors: [{ code: 'TW0001', message: 'Tracking Information Not Found' }] } });
    expect(second.status).toBe(404);
    expect(mock.issuedTokens()).toHaveLength(1);
    expect(apiCalls().every((c) => c.authorized)).toBe(true);
  });

  it('a token UPS no longer accepts is replaced once, and the request succeeds', async () => {
    const api = client();
    await api.send(track, signal());
    mock.revokeTokens();
    const answer = await api.send(track, signal());
    expect(answer.status).toBe(404);
    expect(mock.issuedTokens()).toHaveLength(2);
    expect(apiCalls().map((c) => c.authorized)).toEqual([true, false, true]);
  });

  it('credentials UPS refuses make the account unusable, an error that names neither the account, the secret nor the token', async () => {
    const error = await client({}, { ...CLIENT, clientSecret: 'wrong-SECRET-value-42' })
      .send(track, signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierAccountUnusable);
    expect(String((error as Error).message)).toMatch(/^UPS refused the carrier account’s credentials \(HTTP 401.*; the operator must fix the carrier account$/);
    expect(String((error as Error).message)).not.toContain('wrong-SECRET-value-42');
    expect(String((error as Error).message)).not.toContain('acct-http-1');
    expect(apiCalls()).toHaveLength(0);
  });

  it('a 5xx is sent again when the request may be repeated (a track), with a backoff', async () => {
    mock.simulator.failNext('http500');
    const answer = await client().send(track, signal());
    expect(answer.status).toBe(404);
    expect(apiCalls()).toHaveLength(2);
    expect(waits).toEqual([100]);
  });

  it('a 5xx on a ship is never sent again (it may have bought the shipment): a CarrierError after one request', async () => {
    mock.simulator.failNext('http500');
    await expect(client().send(ship, signal())).rejects.toThrow(new CarrierError('UPS', 'UPS answered HTTP 500: 10500: Internal server error'));
    expect(mock.simulator.received.filter((r) => r.path === ship.path)).toHaveLength(1);
  });

  it('a 429 is sent again even for a ship (UPS refused it before acting), after its Retry-After', async () => {
    mock.simulator.failNext('http429');
    const answer = await client().send(ship, signal());
    // The simulator then validates the (empty) ship body against UPS's schema: a 400 answer, read by the operation.
    expect(answer.status).toBe(400);
    expect(mock.simulator.received.filter((r) => r.path === ship.path)).toHaveLength(2);
    expect(waits).toEqual([0]);
  });

  it('a connection lost mid-answer is retried for a track, not for a ship', async () => {
    mock.simulator.failNext('lose-answer');
    expect((await client().send(track, signal())).status).toBe(404);
    mock.simulator.failNext('lose-answer');
    await expect(client().send(ship, signal())).rejects.toThrow(/UPS could not be reached/);
    expect(mock.simulator.received.filter((r) => r.path === ship.path)).toHaveLength(1);
  });

  it('gives up after maxAttempts, saying how often it tried', async () => {
    mock.simulator.failNext('http500', 5);
    await expect(client({ maxAttempts: 3 }).send(track, signal())).rejects.toThrow(
      'UPS answered HTTP 500: 10500: Internal server error (gave up after 3 attempts)',
    );
    expect(apiCalls()).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it("an aborted call stops at once with the signal's reason, retries included", async () => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(client().send(track, controller.signal)).rejects.toThrow('caller gave up');
    mock.simulator.failNext('http500', 2);
    const during = new AbortController();
    const api = client({ sleep: async () => during.abort(new Error('timed out while waiting')) });
    await expect(api.send(track, during.signal)).rejects.toThrow('timed out while waiting');
    expect(apiCalls().length).toBe(1);
  });

  it('an answer body above the bound is not read into memory: a CarrierError', async () => {
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const api = client({ fetch: async () => new Response(huge, { status: 200 }), maxBodyBytes: 256 * 1024 });
    await expect(api.send(track, signal())).rejects.toThrow('UPS answered HTTP 200 with a body above 262144 bytes');
  });

  it('reads Retry-After as seconds or an HTTP date; anything else is no hint', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Mon, 23 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('a Retry-After longer than any wait allowed is not waited for', async () => {
    const api = client({
      fetch: async () => new Response('{}', { status: 429, headers: { 'retry-after': '3600' } }),
    });
    await expect(api.send(track, signal())).rejects.toThrow(/rate limiting \(HTTP 429\)/);
    expect(waits).toEqual([]);
  });
});
