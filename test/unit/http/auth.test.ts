import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { authenticate, clearAuthCache, hasScope, isWellFormedKey, keyFailure } from '../../../shared/http/auth';
import { hashApiKey } from '../../../shared/store/api-keys';
import { keys } from '../../../shared/store/keys';
import type { ApiKeyRecord } from '../../../shared/domain/types';
import { AppError } from '../../../shared/errors';
import { apiKeyRecordFor } from '../../support/records';

const ddbMock = mockClient(DynamoDBDocumentClient);
const KEY = 'ship_api_0123456789abcdef0123456789abcdef';
const now = new Date('2026-11-21T12:00:00Z');

const record = (over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => apiKeyRecordFor(KEY, over);

const company = { companyId: 'c1', name: 'Acme', userId: 'u1', pricingGroupId: 'default', billing: 'account', blacklist: [], createdDate: '2026-01-01T00:00:00Z' };

const storeHas = (rec: ApiKeyRecord | undefined) => {
  ddbMock.reset();
  ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).resolves({ Item: rec && { ...keys.apiKey(rec.keyHash), ...rec } });
  ddbMock.on(GetCommand, { Key: keys.company('c1') }).resolves({ Item: { ...keys.company('c1'), ...company } });
};

const expectStatus = async (p: Promise<unknown>, status: number) => {
  const err = await p.then(() => undefined, (e: unknown) => e);
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
  ])('%s well-formed: %s', (key, ok) => expect(isWellFormedKey(key, 'ship')).toBe(ok));
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
    expect(keyFailure(undefined, now)).toBe('unknown key');
    expect(keyFailure(record({ active: false }), now)).toBe('inactive key');
    expect(keyFailure(record({ expiresAt: 'not a date' }), now)).toBe('expired key');
    expect(keyFailure(record(), now)).toBeUndefined();
  });
  it('hasScope: any of the required scopes is enough', () => {
    expect(hasScope(['a:b'], [])).toBe(true);
    expect(hasScope([], ['shipments:rate'])).toBe(true);
    expect(hasScope(['shipments:track'], ['shipments:rate'])).toBe(false);
  });
});
