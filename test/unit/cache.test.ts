/**
 * The two per-container caches with the TTLs the deployed stages set
 * (lib/stages.ts → API_KEY_CACHE_SECONDS, REFERENCE_CACHE_SECONDS), on an
 * injected clock (the key cache) and Jest's fake clock (the reference cache):
 * what a warm container still sees after a change in the table, and when it
 * sees the change. Locally both are off.
 */
import { mockDynamo, GetCommand, QueryCommand } from '../support/dynamo-mock';
import { stages } from '../../lib/stages';
import type { ApiKeyRecord } from '../../shared/domain/entities';
import { AppError } from '../../shared/errors';
import { authenticate, clearAuthCache } from '../../shared/http/auth';
import { carriers } from '../../shared/reference/carriers';
import { hashApiKey } from '../../shared/store/api-keys';
import { listCarriers } from '../../shared/store/reference-views';
import { keys } from '../../shared/store/keys';
import { clearReferenceCache } from '../../shared/store/memo';
import { apiKeyRecordFor } from '../support/records';

const ddbMock = mockDynamo();
const KEY = 'ship_api_c0ffeec0ffeec0ffeec0ffeec0ffee00';
const T0 = Date.parse('2026-11-21T12:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

const keyRecord = (over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => apiKeyRecordFor(KEY, over);
const company = (blacklist: string[] = []) => ({
  companyId: 'c1',
  name: 'Acme',
  userId: 'u1',
  pricingGroupId: 'default',
  billing: 'account',
  blacklist,
  createdDate: '2026-01-01T00:00:00Z',
});

/** What the table holds now; the mock answers from it. */
const table = { key: keyRecord() as ApiKeyRecord | undefined, company: company() };
const reads = () => ddbMock.commandCalls(GetCommand).length;

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : Promise.reject(e)),
  );

const saved = { ...process.env };
beforeEach(() => {
  table.key = keyRecord();
  table.company = company();
  clearAuthCache();
  clearReferenceCache();
  ddbMock.reset();
  ddbMock.on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) }).callsFake(() => ({ Item: table.key && { ...keys.apiKey(table.key.keyHash), ...table.key } }));
  ddbMock.on(GetCommand, { Key: keys.company('c1') }).callsFake(() => ({ Item: { ...keys.company('c1'), ...table.company } }));
});
afterEach(() => {
  process.env = { ...saved };
  jest.useRealTimers();
});

describe.each(Object.values(stages).map((stage) => [stage.name, stage] as const))('deployed stage %s', (_name, stage) => {
  const keyTtlMs = stage.apiKeyCacheSeconds * 1000;
  const referenceTtlMs = stage.referenceCacheSeconds * 1000;

  beforeEach(() => {
    // As lib/shipping-stack.ts sets them.
    process.env.API_KEY_CACHE_SECONDS = String(stage.apiKeyCacheSeconds);
    process.env.REFERENCE_CACHE_SECONDS = String(stage.referenceCacheSeconds);
  });

  describe(`API key cache (${stage.apiKeyCacheSeconds} s)`, () => {
    it('reads the key and its company once per TTL, however busy the key', async () => {
      for (let ms = 0; ms < keyTtlMs; ms += keyTtlMs / 10) await authenticate(KEY, [], at(ms));
      expect(reads()).toBe(2);
      await authenticate(KEY, [], at(keyTtlMs));
      expect(reads()).toBe(4);
    });

    it('a revoked key keeps working in a warm container until the TTL has passed, then 401', async () => {
      expect(await outcome(authenticate(KEY, [], at(0)))).toBe(200);
      table.key = keyRecord({ active: false });
      expect(await outcome(authenticate(KEY, [], at(1)))).toBe(200);
      expect(await outcome(authenticate(KEY, [], at(keyTtlMs - 1)))).toBe(200);
      expect(await outcome(authenticate(KEY, [], at(keyTtlMs)))).toBe(401);
    });

    it('a key expires at its expiresAt, cached or not: expiry is checked on every request', async () => {
      table.key = keyRecord({ expiresAt: at(10_000).toISOString() });
      expect(await outcome(authenticate(KEY, [], at(0)))).toBe(200);
      expect(await outcome(authenticate(KEY, [], at(9_999)))).toBe(200);
      expect(await outcome(authenticate(KEY, [], at(10_000)))).toBe(401);
      expect(reads()).toBe(2);
    });

    it('a blacklist change on the company is seen once the TTL has passed (the company is cached with the key)', async () => {
      expect((await authenticate(KEY, [], at(0))).company.blacklist).toEqual([]);
      table.company = company(['123-456']);
      expect((await authenticate(KEY, [], at(keyTtlMs - 1))).company.blacklist).toEqual([]);
      expect((await authenticate(KEY, [], at(keyTtlMs))).company.blacklist).toEqual(['123-456']);
    });

    it('a new key works at once: an unknown key is never cached', async () => {
      table.key = undefined;
      expect(await outcome(authenticate(KEY, [], at(0)))).toBe(401);
      table.key = keyRecord();
      expect(await outcome(authenticate(KEY, [], at(1)))).toBe(200);
    });

    it('a scope change is seen once the TTL has passed', async () => {
      expect(await outcome(authenticate(KEY, ['shipments:rate'], at(0)))).toBe(200);
      table.key = keyRecord({ scopes: ['shipments:track'] });
      expect(await outcome(authenticate(KEY, ['shipments:rate'], at(keyTtlMs - 1)))).toBe(200);
      expect(await outcome(authenticate(KEY, ['shipments:rate'], at(keyTtlMs)))).toBe(403);
    });
  });

  describe(`reference cache (${stage.referenceCacheSeconds} s)`, () => {
    const carrierItems = (names: string) =>
      carriers.map((c) => ({ ...keys.carrier(c.code), ...c, shortName: { en: `${c.shortName.en} ${names}`, fr: c.shortName.fr } }));
    const firstName = async () => (await listCarriers())[0]?.shortName.en;

    it('a new `admin seed` is seen once the TTL has passed, not before', async () => {
      jest.useFakeTimers({ now: T0 });
      ddbMock.on(QueryCommand).resolves({ Items: carrierItems('v1') });
      expect(await firstName()).toMatch(/v1$/);
      ddbMock.on(QueryCommand).resolves({ Items: carrierItems('v2') });
      jest.setSystemTime(T0 + referenceTtlMs - 1);
      expect(await firstName()).toMatch(/v1$/);
      jest.setSystemTime(T0 + referenceTtlMs);
      expect(await firstName()).toMatch(/v2$/);
      expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(2);
    });

    it('requests arriving together while the cache is empty share one read', async () => {
      jest.useFakeTimers({ now: T0 });
      ddbMock.on(QueryCommand).resolves({ Items: carrierItems('v1') });
      await Promise.all([listCarriers(), listCarriers(), listCarriers()]);
      expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
    });
  });
});

describe('locally (no cache variables): every request reads', () => {
  beforeEach(() => {
    delete process.env.API_KEY_CACHE_SECONDS;
    delete process.env.REFERENCE_CACHE_SECONDS;
  });

  it('a revocation takes effect on the next request', async () => {
    expect(await outcome(authenticate(KEY, [], at(0)))).toBe(200);
    table.key = keyRecord({ active: false });
    expect(await outcome(authenticate(KEY, [], at(1)))).toBe(401);
  });

  it('reference data is read on every call', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: [] });
    await listCarriers();
    await listCarriers();
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(2);
  });
});
