import { mockDynamo, GetCommand } from '../../support/dynamo-mock';
import { authenticate, clearAuthCache, configuredKeyPrefixes, hasScope, isWellFormedKey, keyFailure, keyModeOf } from '../../../shared/http/auth';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';
import type { ApiKeyRecord } from '../../../shared/domain/entities';
import { AppError } from '../../../shared/errors';
import { apiKeyRecordFor } from '../../support/records';

const ddbMock = mockDynamo();
const KEY = 'ship_api_0123456789abcdef0123456789abcdef';
const TEST_KEY = 'shiptest_api_0123456789abcdef0123456789abcdef';
const PREFIXES = { live: 'ship', test: 'shiptest' };
const now = new Date('2026-11-21T12:00:00Z');

const record = (over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => apiKeyRecordFor(KEY, over);

const company = {
  companyId: 'c1',
  name: 'Acme',
  userId: 'u1',
  pricingGroupId: 'default',
  billing: 'account',
  blacklist: [],
  createdDate: '2026-01-01T00:00:00Z',
};

/** The store holds `rec` (any object: an item written before modes has no `mode`) under the hash of `key`. */
const storeHas = (rec: Partial<ApiKeyRecord> | undefined, key = KEY) => {
  ddbMock.reset();
  ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(key)) }).resolves({ Item: rec && { ...keys.apiKey(hashApiKey(key)), ...rec } });
  ddbMock.on(GetCommand, { Key: keys.company('c1') }).resolves({ Item: { ...keys.company('c1'), ...company } });
};

const expectStatus = async (p: Promise<unknown>, status: number) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(status);
};

beforeEach(() => clearAuthCache());

describe('API key format: <prefix>_api_ + 32 lowercase hex', () => {
  it.each([
    ['ship_api_0123456789abcdef0123456789abcdef', true],
    ['ship_api_0123456789ABCDEF0123456789abcdef', false],
    ['ship_api_0123456789abcdef0123456789abcde', false],
    ['ship_api_0123456789abcdef0123456789abcdef0', false],
    ['other_api_0123456789abcdef0123456789abcdef', false],
    ['ship_0123456789abcdef0123456789abcdef', false],
    ['ship_api_0123456789abcdef0123456789abcdeg', false],
    ['shiptest_api_0123456789abcdef0123456789abcdef', true],
    ['shiptest_api_0123456789ABCDEF0123456789abcdef', false],
    ['shiptest_api_0123456789abcdef0123456789abcde', false],
    ['shiptest_api_0123456789abcdef0123456789abcdef0', false],
    ['shiptest_0123456789abcdef0123456789abcdef', false],
    ['xshiptest_api_0123456789abcdef0123456789abcdef', false],
    ['shipshiptest_api_0123456789abcdef0123456789abcdef', false],
  ])('%s well-formed: %s', (key, ok) => expect(isWellFormedKey(key, PREFIXES)).toBe(ok));
});

describe('key modes: the prefix says live or test', () => {
  afterEach(() => {
    delete process.env.API_KEY_PREFIX;
    delete process.env.API_KEY_TEST_PREFIX;
  });

  it.each([
    ['ship_api_0123456789abcdef0123456789abcdef', 'live'],
    ['shiptest_api_0123456789abcdef0123456789abcdef', 'test'],
    ['shiptest_api_0123456789abcdef0123456789abcdeg', undefined],
    ['other_api_0123456789abcdef0123456789abcdef', undefined],
  ])('%s is %s', (key, mode) => expect(keyModeOf(key, PREFIXES)).toBe(mode));

  it('the prefixes are ship and shiptest by default, each configurable', () => {
    expect(configuredKeyPrefixes()).toEqual({ live: 'ship', test: 'shiptest' });
    process.env.API_KEY_PREFIX = 'acme';
    process.env.API_KEY_TEST_PREFIX = 'acmesandbox';
    expect(configuredKeyPrefixes()).toEqual({ live: 'acme', test: 'acmesandbox' });
    expect(keyModeOf('acmesandbox_api_0123456789abcdef0123456789abcdef')).toBe('test');
    expect(keyModeOf('acme_api_0123456789abcdef0123456789abcdef')).toBe('live');
    expect(keyModeOf(TEST_KEY)).toBeUndefined();
  });

  it('a test prefix equal to the live one is refused: a key could not say its mode', () => {
    process.env.API_KEY_PREFIX = 'acme';
    process.env.API_KEY_TEST_PREFIX = 'acme';
    expect(() => configuredKeyPrefixes()).toThrow('API_KEY_TEST_PREFIX must differ from API_KEY_PREFIX');
  });

  it('a test key of a test record passes, and the caller is in test mode', async () => {
    storeHas(apiKeyRecordFor(TEST_KEY, { mode: 'test' }), TEST_KEY);
    await expect(authenticate(TEST_KEY, ['shipments:rate'], now)).resolves.toMatchObject({
      mode: 'test',
      company: { companyId: 'c1' },
      apiKey: { mode: 'test' },
    });
  });

  it('a live key of a live record passes, and the caller is in live mode', async () => {
    storeHas(record({ mode: 'live' }));
    await expect(authenticate(KEY, [], now)).resolves.toMatchObject({ mode: 'live' });
  });

  it('a key record without a mode (written before modes) is live', async () => {
    const { mode: _mode, ...old } = record();
    storeHas(old);
    await expect(authenticate(KEY, [], now)).resolves.toMatchObject({ mode: 'live', apiKey: { mode: 'live' } });
    storeHas(old, TEST_KEY);
    await expectStatus(authenticate(TEST_KEY, [], now), 401);
  });

  it('a test-prefixed key whose record says live is 401', async () => {
    storeHas(apiKeyRecordFor(TEST_KEY, { mode: 'live' }), TEST_KEY);
    await expectStatus(authenticate(TEST_KEY, [], now), 401);
  });

  it('a live-prefixed key whose record says test is 401', async () => {
    storeHas(record({ mode: 'test' }));
    await expectStatus(authenticate(KEY, [], now), 401);
  });
});

describe('key rules (spec part 5)', () => {
  it('a missing key is 401', () => expectStatus(authenticate(undefined, [], now), 401));
  it('an empty key is 401', () => expectStatus(authenticate('', [], now), 401));
  it('a malformed key is 401 without a store read', async () => {
    storeHas(record());
    await expectStatus(authenticate('ship_api_nothex', [], now), 401);
    expect(ddbMock.calls()).toHaveLength(0);
  });
  it('an unknown key is 401', async () => {
    storeHas(undefined);
    await expectStatus(authenticate(KEY, [], now), 401);
  });
  it('an inactive (revoked) key is 401', async () => {
    storeHas(record({ active: false }));
    await expectStatus(authenticate(KEY, [], now), 401);
  });
  it('an expired key is 401', async () => {
    storeHas(record({ expiresAt: '2026-11-21T11:59:59Z' }));
    await expectStatus(authenticate(KEY, [], now), 401);
  });
  it('a key expiring later passes', async () => {
    storeHas(record({ expiresAt: '2026-11-21T12:00:01Z' }));
    await expect(authenticate(KEY, [], now)).resolves.toMatchObject({ company: { companyId: 'c1' } });
  });
  it('a key of another integration type is 401', async () => {
    storeHas(record({ integrationType: 'dashboard' }));
    await expectStatus(authenticate(KEY, [], now), 401);
  });
  it('a key missing the required scope is 403', async () => {
    storeHas(record({ scopes: ['shipments:track'] }));
    await expectStatus(authenticate(KEY, ['shipments:rate'], now), 403);
  });
  it('a key with one of the accepted scopes passes', async () => {
    storeHas(record({ scopes: ['shipments:create'] }));
    await expect(authenticate(KEY, ['shipments:labels', 'shipments:create'], now)).resolves.toBeDefined();
  });
  it('an empty scopes array allows every scope', async () => {
    storeHas(record({ scopes: [] }));
    await expect(authenticate(KEY, ['shipments:cancel'], now)).resolves.toBeDefined();
  });
  it('an endpoint with no scope accepts any valid key', async () => {
    storeHas(record({ scopes: ['shipments:track'] }));
    await expect(authenticate(KEY, [], now)).resolves.toBeDefined();
  });
  it('the caller never carries the key hash', async () => {
    storeHas(record());
    const caller = await authenticate(KEY, [], now);
    expect(JSON.stringify(caller)).not.toContain(hashApiKey(KEY));
  });
  it('expiry is checked on every request, even for a cached key', async () => {
    storeHas(record({ expiresAt: '2026-11-21T12:00:30Z' }));
    await authenticate(KEY, [], now);
    await expectStatus(authenticate(KEY, [], new Date('2026-11-21T12:01:00Z')), 401);
  });
});

describe('pure rule helpers', () => {
  it('keyFailure names the rule', () => {
    expect(keyFailure(undefined, now, 'live')).toBe('unknown key');
    expect(keyFailure(record({ active: false }), now, 'live')).toBe('inactive key');
    expect(keyFailure(record({ expiresAt: 'not a date' }), now, 'live')).toBe('expired key');
    expect(keyFailure(record(), now, 'test')).toBe('mode disagrees with the prefix');
    expect(keyFailure(record({ mode: 'test' }), now, 'live')).toBe('mode disagrees with the prefix');
    expect(keyFailure(record(), now, 'live')).toBeUndefined();
    expect(keyFailure(record({ mode: 'test' }), now, 'test')).toBeUndefined();
  });
  it('hasScope: any of the required scopes is enough', () => {
    expect(hasScope(['a:b'], [])).toBe(true);
    expect(hasScope([], ['shipments:rate'])).toBe(true);
    expect(hasScope(['shipments:track'], ['shipments:rate'])).toBe(false);
  });
});
