import { CarrierAccountUnusable, CarrierError, type CarrierAccount } from '../../../../shared/domain/carrier';
import { createUpsTokenCache, upsTokenResponseSchema } from '../../../../shared/carriers/ups/oauth';
import { expectValid, responseSchemaName, validatorFor } from '../../../../local/ups/spec';
import { loadDocument } from '../../../../shared/carriers/ups/errata';

const TOKEN_PATH = '/security/v1/oauth/token';
const CLIENT_ID = 'cid-Zq8W4mTqS1';
const CLIENT_SECRET = 'csecret-Hn3Kp09VvXr2';

const account = (carrierAccountId: string, accountNumber = 'A1B2C3'): CarrierAccount => ({
  carrierAccountId,
  carrierCode: 'UPS',
  accountNumber,
  credentials: async () => ({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
});

const tokenBody = (token: string, expiresIn = '14399') => ({
  token_type: 'Bearer',
  issued_at: '1718900000000',
  client_id: CLIENT_ID,
  access_token: token,
  expires_in: expiresIn,
  status: 'approved',
});

type Call = { url: string; init: RequestInit };

/** A stand-in for UPS's token endpoint: answers with `answer(call number)`, after `gate` when given. */
function fakeUps(answer: (n: number) => { status: number; body: unknown }, gate?: Promise<void>) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init: init ?? {} });
    const n = calls.length;
    if (gate) await gate;
    const { status, body } = answer(n);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const signal = () => new AbortController().signal;

const savedTest = process.env.UPS_API_BASE_URL_TEST;
beforeEach(() => delete process.env.UPS_API_BASE_URL_TEST);
afterAll(() => {
  if (savedTest === undefined) delete process.env.UPS_API_BASE_URL_TEST;
  else process.env.UPS_API_BASE_URL_TEST = savedTest;
});

describe('UPS OAuth token response schema', () => {
  const tokenPath = loadDocument('OAuthClientCredentials').paths[TOKEN_PATH];

  it('knows every field of the document, and the fake answers validate against it', () => {
    expect(tokenPath).toBeDefined();
    const name = responseSchemaName('OAuthClientCredentials', TOKEN_PATH, '200');
    const documented = Object.keys((loadDocument('OAuthClientCredentials').components.schemas[name] as { properties: object }).properties);
    expect(documented.sort()).toEqual(Object.keys(upsTokenResponseSchema.shape).sort());
    expectValid(validatorFor('OAuthClientCredentials', name), tokenBody('tok'));
    expectValid(validatorFor('OAuthClientCredentials', responseSchemaName('OAuthClientCredentials', TOKEN_PATH, '401')), {
      response: { errors: [{ code: '250003', message: 'Invalid Authentication Information.' }] },
    });
  });
});

describe('UPS OAuth client credentials', () => {
  it('posts the client credentials grant with Basic auth and the account number to the mode URL', async () => {
    const ups = fakeUps(() => ({ status: 200, body: tokenBody('tok-1') }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    await expect(tokens.token({ signal: signal(), mode: 'test', account: account('acct-1', '12AB34') })).resolves.toBe('tok-1');

    expect(ups.calls).toHaveLength(1);
    const [call] = ups.calls as [Call];
    expect(call.url).toBe('https://wwwcie.ups.com/security/v1/oauth/token');
    expect(call.init.method).toBe('POST');
    const headers = call.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(headers['x-merchant-id']).toBe('12AB34');
    expect(new URLSearchParams(call.init.body as string).get('grant_type')).toBe('client_credentials');
    expect(call.init.signal).toBeInstanceOf(AbortSignal);

    await tokens.token({ signal: signal(), mode: 'live', account: account('acct-1') });
    expect(ups.calls[1]?.url).toBe('https://onlinetools.ups.com/security/v1/oauth/token');
  });

  it('answers from the cache until shortly before expiry, then fetches a new token', async () => {
    let clock = 1_000_000;
    const ups = fakeUps((n) => ({ status: 200, body: tokenBody(`tok-${n}`, '3600') }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch, now: () => clock, marginMs: 60_000 });
    const options = { signal: signal(), mode: 'test' as const, account: account('acct-1') };

    expect(await tokens.token(options)).toBe('tok-1');
    clock += 3_000_000;
    expect(await tokens.token(options)).toBe('tok-1');
    clock += 540_000 - 1; // 1 ms before expiry minus the margin
    expect(await tokens.token(options)).toBe('tok-1');
    expect(ups.calls).toHaveLength(1);
    clock += 1;
    expect(await tokens.token(options)).toBe('tok-2');
    expect(ups.calls).toHaveLength(2);
  });

  it('shares one token request among concurrent callers', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ups = fakeUps((n) => ({ status: 200, body: tokenBody(`tok-${n}`) }), gate);
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const callers = Array.from({ length: 10 }, () => tokens.token({ signal: signal(), mode: 'test', account: account('acct-1') }));
    await new Promise((resolve) => setImmediate(resolve));
    open();
    expect(await Promise.all(callers)).toEqual(Array(10).fill('tok-1'));
    expect(ups.calls).toHaveLength(1);
  });

  it('lets a caller stop waiting without failing the others sharing the request', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const ups = fakeUps(() => ({ status: 200, body: tokenBody('tok-1') }), gate);
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const impatient = new AbortController();
    const first = tokens.token({ signal: impatient.signal, mode: 'test', account: account('acct-1') });
    const second = tokens.token({ signal: signal(), mode: 'test', account: account('acct-1') });
    impatient.abort(new Error('caller gave up'));
    await expect(first).rejects.toThrow('caller gave up');
    open();
    await expect(second).resolves.toBe('tok-1');
    expect(ups.calls).toHaveLength(1);
  });

  it('keeps one token per account and per mode', async () => {
    const ups = fakeUps((n) => ({ status: 200, body: tokenBody(`tok-${n}`) }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const get = (mode: 'test' | 'live', id: string) => tokens.token({ signal: signal(), mode, account: account(id) });
    expect(await get('test', 'acct-1')).toBe('tok-1');
    expect(await get('live', 'acct-1')).toBe('tok-2');
    expect(await get('test', 'acct-2')).toBe('tok-3');
    expect([await get('test', 'acct-1'), await get('live', 'acct-1'), await get('test', 'acct-2')]).toEqual(['tok-1', 'tok-2', 'tok-3']);
    expect(ups.calls).toHaveLength(3);
  });

  it('fetches a new token after invalidate, and an old token invalidated late keeps the new one', async () => {
    const ups = fakeUps((n) => ({ status: 200, body: tokenBody(`tok-${n}`) }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const options = { signal: signal(), mode: 'test' as const, account: account('acct-1') };
    expect(await tokens.token(options)).toBe('tok-1');
    tokens.invalidate(options, 'tok-1');
    expect(await tokens.token(options)).toBe('tok-2');
    tokens.invalidate(options, 'tok-1');
    expect(await tokens.token(options)).toBe('tok-2');
    expect(ups.calls).toHaveLength(2);
  });

  it('keeps a bounded number of tokens, dropping the least recently used', async () => {
    const ups = fakeUps((n) => ({ status: 200, body: tokenBody(`tok-${n}`) }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch, maxEntries: 2 });
    const get = (id: string) => tokens.token({ signal: signal(), mode: 'test', account: account(id) });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // evicts b
    expect(tokens.size).toBe(2);
    expect(ups.calls).toHaveLength(3);
    expect(await get('a')).toBe('tok-1');
    expect(await get('b')).toBe('tok-4');
  });

  it.each([401, 403])("credentials UPS refuses (HTTP %i): the account is unusable, UPS's message without any form of a credential", async (status) => {
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
    const ups = fakeUps(() => ({
      status,
      body: {
        response: {
          errors: [
            {
              code: '250003',
              message: `Invalid Authentication Information for ${CLIENT_ID} (Basic ${basic.slice(0, 20)}, ${encodeURIComponent(CLIENT_SECRET)}).`,
            },
          ],
        },
      },
    }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const error = await tokens.token({ signal: signal(), mode: 'test', account: account('acct-1') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierAccountUnusable);
    expect((error as CarrierError).carrierCode).toBe('UPS');
    expect((error as Error).message).toBe(
      `UPS refused the carrier account’s credentials (HTTP ${status}: 250003: Invalid Authentication Information for [redacted] (Basic [redacted], [redacted]).); the operator must fix the carrier account`,
    );
  });

  it('does not cache a failure: the next call asks again', async () => {
    const ups = fakeUps((n) =>
      n === 1 ? { status: 429, body: { response: { errors: [{ code: '10429', message: 'Too Many Requests' }] } } } : { status: 200, body: tokenBody('tok-2') },
    );
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const options = { signal: signal(), mode: 'test' as const, account: account('acct-1') };
    await expect(tokens.token(options)).rejects.toThrow('UPS refused the token request (HTTP 429): 10429: Too Many Requests');
    await expect(tokens.token(options)).resolves.toBe('tok-2');
  });

  it.each([
    ['a body that is not JSON', { status: 502, body: '<html>Bad gateway</html>' }, 'UPS refused the token request (HTTP 502)'],
    ['a token without access_token', { status: 200, body: { ...tokenBody('x'), access_token: '' } }, 'malformed token (access_token'],
    ['a numberless expires_in', { status: 200, body: tokenBody('x', 'soon') }, 'malformed token (expires_in'],
    ['an empty body', { status: 200, body: '' }, 'malformed token'],
    // Read up to 64 KiB and no further: a runaway answer never grows memory.
    ['a token answer above 64 KiB', { status: 200, body: tokenBody('t'.repeat(70 * 1024)) }, 'malformed token'],
  ])('answers %s with a CarrierError that names no secret', async (_name, answer, message) => {
    const ups = fakeUps(() => answer);
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const error = (await tokens.token({ signal: signal(), mode: 'test', account: account('acct-1') }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CarrierError);
    expect(error.message).toContain(message);
    for (const secret of [CLIENT_ID, CLIENT_SECRET, Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')]) {
      expect(error.message).not.toContain(secret);
    }
  });

  it('reports a network failure as a CarrierError without credentials', async () => {
    const fetch = (async () => {
      throw new TypeError(`fetch failed for ${CLIENT_SECRET}`);
    }) as typeof globalThis.fetch;
    const tokens = createUpsTokenCache({ fetch });
    const error = (await tokens.token({ signal: signal(), mode: 'test', account: account('acct-1') }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CarrierError);
    expect(error.message).toBe('UPS token request failed: TypeError: fetch failed for [redacted]');
  });

  it('needs a registered account with clientId and clientSecret', async () => {
    const ups = fakeUps(() => ({ status: 200, body: tokenBody('tok') }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const sandboxPlan: CarrierAccount = { carrierCode: 'UPS', accountNumber: 'A1B2C3', credentials: async () => ({}) };
    await expect(tokens.token({ signal: signal(), mode: 'test', account: sandboxPlan })).rejects.toThrow(/registered carrier account/);
    const noSecret: CarrierAccount = { ...account('acct-9'), credentials: async () => ({ clientId: CLIENT_ID }) };
    await expect(tokens.token({ signal: signal(), mode: 'test', account: noSecret })).rejects.toThrow(
      new CarrierAccountUnusable('UPS', 'the carrier account’s credentials have no UPS clientId and clientSecret'),
    );
    expect(ups.calls).toHaveLength(0);
  });

  it('rejects at once with the reason of an aborted signal', async () => {
    const ups = fakeUps(() => ({ status: 200, body: tokenBody('tok') }));
    const tokens = createUpsTokenCache({ fetch: ups.fetch });
    const controller = new AbortController();
    controller.abort(new Error('budget spent'));
    await expect(tokens.token({ signal: controller.signal, mode: 'test', account: account('acct-1') })).rejects.toThrow('budget spent');
    expect(ups.calls).toHaveLength(0);
  });
});
