/**
 * The generic push routes' service (shared/services/carrier-push.ts) over
 * carriers of a test's own: `{carrier}` resolves to a carrier only when its
 * connector pushes, whatever else the value is; the token URL and the bearer
 * token are the same for every carrier, and only the connector's part
 * (authenticate, parseEvents) is the carrier's. The store is never reached
 * here: UPS end to end is test/integration/ups-track-alert.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { CarrierPort, PortCapability } from '../../shared/carriers/port';
import type { CarrierRegistry } from '../../shared/carriers/registry';
import { newPushClient } from '../../shared/domain/push-token';
import { AppError } from '../../shared/errors';
import { createCarrierPushService } from '../../shared/services/carrier-push';

const unused = () => Promise.reject(new Error('not called'));
const carrier = (code: string, push?: PortCapability<'push'>): CarrierPort => ({
  code,
  kind: 'parcel',
  buildRateRequest: unused,
  rate: unused,
  ship: unused,
  track: unused,
  cancel: unused,
  ...(push ? { push } : {}),
});

const seen: Array<{ what: string; args: unknown[] }> = [];
const push: PortCapability<'push'> = {
  subscribe: unused,
  authenticate: async (headers, clientId) => {
    seen.push({ what: 'authenticate', args: [clientId] });
    return headers['x-carrier-signature'] === 'good' ? { ok: true } : { ok: false, reason: 'no carrier signature' };
  },
  parseEvents: async (body) => {
    seen.push({ what: 'parseEvents', args: [Buffer.from(body).toString('utf8')] });
    return { ok: false, status: 400, field: 'body', reason: 'not ours', message: 'not an event of this carrier' };
  },
};
/** A live carrier that pushes (LIVEP), one that does not (LIVEX), and nothing else; looked up as the registries do (Map, upper case). */
const ports = [carrier('LIVEP', push), carrier('LIVEX')];
const byCode = new Map(ports.map((c) => [c.code, c]));
const carriers: CarrierRegistry = { ports, sandboxPorts: [], packagingRequiredBy: [], port: (code) => byCode.get(code.toUpperCase()) };

const client = newPushClient('8f5d8744-5f6e-4e30-a188-b6a651b6be55', randomBytes);
const secrets: unknown[][] = [];
const service = createCarrierPushService({
  carriers,
  applyPushed: unused,
  secretOf: async (...args) => {
    secrets.push(args);
    return client.clientSecret;
  },
  logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
});
const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
const form = { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' };

const refusal = async (answer: Promise<unknown>) => {
  const error = await answer.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

beforeEach(() => {
  seen.length = 0;
  secrets.length = 0;
});

describe('{carrier}: only a carrier whose connector pushes, by its code in lower case', () => {
  const notPushing = [
    undefined,
    '',
    'livex',
    'LIVEP',
    'Livep',
    'unknown',
    'constructor',
    '__proto__',
    'toString',
    'livep/x',
    'livep%2Fx',
    'livep ',
    'x'.repeat(10 * 1024),
  ];

  it.each(notPushing.map((value) => [value === undefined ? '(none)' : value.slice(0, 20), value] as const))(
    '%s is 404 NOT_FOUND on both routes, before any credential is read',
    async (_name, value) => {
      for (const answer of [service.token(value, form, 'grant_type=client_credentials'), service.events(value, { authorization: 'Bearer x' }, '{}')]) {
        const error = await refusal(answer);
        expect([error.status, error.code]).toEqual([404, 'NOT_FOUND']);
        // The value repeated up to 64 characters and an ellipsis, never 10 KB of it.
        expect(error.message.length).toBeLessThan(140);
      }
      expect([seen, secrets]).toEqual([[], []]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("a pushing carrier's token URL is ours: client credentials of one of its accounts, looked up with the carrier's code", async () => {
    const issued = await service.token('livep', form, 'grant_type=client_credentials');
    expect(issued).toMatchObject({ status: 200, body: { token_type: 'Bearer', access_token: expect.stringMatching(/^v1\./) } });
    expect(secrets).toEqual([['8f5d8744-5f6e-4e30-a188-b6a651b6be55', client.clientId, 'LIVEP']]);
    expect(seen).toEqual([]);
    const wrong = await service.token(
      'livep',
      { ...form, authorization: `Basic ${Buffer.from(`${client.clientId}:wrong`).toString('base64')}` },
      'grant_type=client_credentials',
    );
    expect(wrong).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
      headers: { 'www-authenticate': expect.stringMatching(/^Basic realm="LIVEP push"/) },
    });
  });

  it("the events URL: our bearer token, then the connector's own check, then its reading of the body", async () => {
    const issued = await service.token('livep', form, 'grant_type=client_credentials');
    const bearer = `Bearer ${(issued.body as { access_token: string }).access_token}`;
    const unsigned = await refusal(service.events('livep', { authorization: bearer }, '{}'));
    expect([unsigned.status, unsigned.message]).toEqual([401, expect.stringContaining('no carrier signature')]);
    expect(seen.map((s) => s.what)).toEqual(['authenticate']);
    const unread = await refusal(service.events('livep', { authorization: bearer, 'x-carrier-signature': 'good' }, '{"a":1}'));
    expect([unread.status, unread.code, unread.message]).toEqual([400, 'VALIDATION_FAILED', 'not an event of this carrier']);
    expect(seen).toEqual([
      { what: 'authenticate', args: [client.clientId] },
      { what: 'authenticate', args: [client.clientId] },
      { what: 'parseEvents', args: ['{"a":1}'] },
    ]);
    // No token at all: refused before the connector is asked.
    seen.length = 0;
    expect((await refusal(service.events('livep', { 'x-carrier-signature': 'good' }, '{}'))).status).toBe(401);
    expect(seen).toEqual([]);
  });
});
