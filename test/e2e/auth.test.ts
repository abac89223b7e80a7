/**
 * Spec part 5 over HTTP: every key failure is a 401 with the JSON error
 * body, a missing scope a 403, and a key with empty scopes passes every
 * scope check.
 */
import { randomBytes } from 'node:crypto';
import { httpFunctions, type Scope } from '../../shared/functions';
import { knownScopes } from '../../admin/commands/key-create';
import { admin, api, companyWithKey, e2e, expectErrorBody } from '../support/e2e';

const wellFormedUnknownKey = () => `ship_api_${randomBytes(16).toString('hex')}`;

let companyId: string;
beforeAll(async () => {
  ({ companyId } = await companyWithKey());
});

const keyFor = async (...options: string[]) => (await admin<{ apiKey: string; keyId: string }>('key', 'create', '--company', companyId, ...options)).apiKey;

describe('a key failure is 401 UNAUTHORIZED with the JSON error body', () => {
  it('no X-API-Key header', async () => {
    expectErrorBody(await api('/carriers', { key: null }), 401, 'UNAUTHORIZED');
  });

  it('an empty X-API-Key header', async () => {
    expectErrorBody(await api('/carriers', { key: '' }), 401, 'UNAUTHORIZED');
  });

  it.each([
    ['wrong prefix', `other_api_${'a'.repeat(32)}`],
    ['upper-case hex', `ship_api_${'A'.repeat(32)}`],
    ['31 hex characters', `ship_api_${'a'.repeat(31)}`],
    ['33 hex characters', `ship_api_${'a'.repeat(33)}`],
    ['not hex', `ship_api_${'g'.repeat(32)}`],
    ['no _api_ part', `ship_${'a'.repeat(32)}`],
  ])('a malformed key (%s)', async (_name, key) => {
    expectErrorBody(await api('/carriers', { key }), 401, 'UNAUTHORIZED');
  });

  it('a well-formed key that was never issued', async () => {
    expectErrorBody(await api('/carriers', { key: wellFormedUnknownKey() }), 401, 'UNAUTHORIZED');
  });

  it('an expired key (expiresAt in the past)', async () => {
    const key = await keyFor('--expires-at', new Date(Date.now() - 60_000).toISOString());
    expectErrorBody(await api('/carriers', { key }), 401, 'UNAUTHORIZED');
  });

  it('a revoked key', async () => {
    const { keyId, apiKey } = await admin<{ apiKey: string; keyId: string }>('key', 'create', '--company', companyId);
    await admin('key', 'revoke', '--key-id', keyId);
    expectErrorBody(await api('/carriers', { key: apiKey }), 401, 'UNAUTHORIZED');
  });

  it('an inactive key', async () => {
    const key = await keyFor('--inactive');
    expectErrorBody(await api('/carriers', { key }), 401, 'UNAUTHORIZED');
  });

  it('a key whose integrationType is not public-api', async () => {
    const key = await keyFor('--integration-type', 'partner-portal');
    expectErrorBody(await api('/carriers', { key }), 401, 'UNAUTHORIZED');
  });

  it('the failures give one message that does not say which check failed', async () => {
    const messages = new Set<string>();
    for (const key of [wellFormedUnknownKey(), await keyFor('--inactive'), await keyFor('--integration-type', 'x')]) {
      messages.add(((await api('/carriers', { key })).json as { error: { message: string } }).error.message);
    }
    expect(messages.size).toBe(1);
  });
});

describe('keys that pass', () => {
  it('a key that expires in the future', async () => {
    const key = await keyFor('--expires-at', new Date(Date.now() + 3_600_000).toISOString());
    expect((await api('/carriers', { key })).status).toBe(200);
  });

  it('the header name is case-insensitive', async () => {
    const response = await api('/carriers', { key: null, headers: { 'x-api-key': e2e.apiKey } });
    expect(response.status).toBe(200);
  });

  it('the demo key (empty scopes) passes the key and scope checks of every route', async () => {
    const refused: string[] = [];
    for (const f of httpFunctions()) {
      const path = f.trigger.path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, 'e2e-missing');
      const response = await api(path, {
        method: f.trigger.method,
        headers: { 'content-type': 'application/json' },
        body: f.trigger.method === 'GET' ? undefined : '{}',
      });
      if (response.status === 401 || response.status === 403) refused.push(`${f.trigger.method} ${f.trigger.path}: ${response.status}`);
    }
    expect(refused).toEqual([]);
  });
});

const scopedRoutes = httpFunctions().filter((f) => f.trigger.scopes.length > 0);

describe('a key without the scope a route requires gets 403 FORBIDDEN', () => {
  it('at least one route requires a scope', () => expect(scopedRoutes.length).toBeGreaterThan(0));
  it.each(scopedRoutes.map((f) => [`${f.trigger.method} ${f.trigger.path}`, f] as const))('%s', async (_route, f) => {
    const unrelated = knownScopes.filter((s: Scope) => !f.trigger.scopes.includes(s));
    const key = await keyFor('--scopes', unrelated.join(','));
    const path = f.trigger.path.replace(/^\/v1/, '').replace(/\{[^}]+\}/g, 'e2e-missing');
    const response = await api(path, {
      key,
      method: f.trigger.method,
      headers: { 'content-type': 'application/json' },
      body: f.trigger.method === 'GET' ? undefined : '{}',
    });
    expectErrorBody(response, 403, 'FORBIDDEN');
  });
});
