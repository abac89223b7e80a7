/**
 * The API key cache against DynamoDB Local, with the real repositories and
 * the deployed TTL (lib/stages.ts): `admin key revoke` and `admin blacklist
 * add` reach a warm container only once its cached entry is older than
 * API_KEY_CACHE_SECONDS. The clock is injected; nothing sleeps.
 */
import { stages } from '../../lib/stages';
import { AppError } from '../../shared/errors';
import { authenticate, clearAuthCache } from '../../shared/http/auth';
import { revokeApiKey } from '../../shared/store/api-keys';
import { addToBlacklist } from '../../shared/store/companies';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const ttlMs = stages.prod.apiKeyCacheSeconds * 1000;
const T0 = Date.now();
const at = (ms: number) => new Date(T0 + ms);
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : Promise.reject(e)),
  );

beforeEach(() => {
  process.env.API_KEY_CACHE_SECONDS = String(stages.prod.apiKeyCacheSeconds);
  clearAuthCache();
});
afterAll(() => {
  delete process.env.API_KEY_CACHE_SECONDS;
});

it(`a revoked key works in a warm container for ${stages.prod.apiKeyCacheSeconds} s, then 401; a cold one refuses it at once`, async () => {
  const { keyId, apiKey } = await stack.createCompanyWithKey();
  expect(await status(authenticate(apiKey, [], at(0)))).toBe(200);
  await revokeApiKey(keyId);
  expect(await status(authenticate(apiKey, [], at(ttlMs - 1)))).toBe(200);
  expect(await status(authenticate(apiKey, [], at(ttlMs)))).toBe(401);
  clearAuthCache();
  expect(await status(authenticate(apiKey, [], at(1)))).toBe(401);
});

it(`a blacklisted account reaches a warm container's company after ${stages.prod.apiKeyCacheSeconds} s`, async () => {
  const { company, apiKey } = await stack.createCompanyWithKey();
  expect((await authenticate(apiKey, [], at(0))).company.blacklist).toEqual([]);
  await addToBlacklist(company.companyId, 'ACCT-42');
  expect((await authenticate(apiKey, [], at(ttlMs - 1))).company.blacklist).toEqual([]);
  expect((await authenticate(apiKey, [], at(ttlMs))).company.blacklist).toEqual(['ACCT-42']);
});
