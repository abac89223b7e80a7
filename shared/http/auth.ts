/**
 * API-key authentication and scopes, spec part 5 to the letter:
 * - `X-API-Key` is `<prefix>_api_` followed by 32 lowercase hex characters,
 *   the prefix that of live keys (API_KEY_PREFIX, `ship`) or of test keys
 *   (API_KEY_TEST_PREFIX, `shiptest`): the prefix says the key's mode;
 * - it is looked up by its SHA-256 hash and must be active, not expired (when
 *   `expiresAt` is set), of integration type `public-api` and of the mode its
 *   prefix says (a record without a mode is live);
 * - a key failure is 401; a missing scope is 403; a key whose `scopes` array
 *   is empty passes every scope check.
 *
 * A per-container cache (API_KEY_CACHE_SECONDS: 60 in the deployed stages,
 * 0 locally) bounds DynamoDB reads. It holds the key record and its company,
 * read together, so within the TTL a container still sees the key and the
 * company as they were: a revoked (inactive) key keeps working there, and a
 * blacklist change is not seen yet. Both are admin actions whose effect
 * within a minute is enough for rating, where no money moves; whatever buys
 * a shipment must read the company itself. Expiry (`expiresAt`) is checked
 * on every request against the cached record. Only known keys are cached,
 * so a new key works at once and random keys cannot fill the cache.
 *
 * No constant-time comparison: the presented key is never compared with a
 * secret. It is hashed (SHA-256) and the hash is both the DynamoDB key and
 * the cache key, so a timing difference in either lookup can only tell the
 * caller about the hash of the key they sent, which they can compute
 * themselves. Learning about a valid key's hash would not help either:
 * building a key from it needs a SHA-256 preimage.
 */
import { config } from '../config';
import type { ApiKeyRecord, Company, KeyMode } from '../domain/entities';
import { AppError, forbidden, unauthorized } from '../errors';
import type { Scope } from '../functions';
import type { Preload } from '../services/preload';
import { getApiKeyByHash, hashApiKey } from '../store/api-keys';
import { getCompany } from '../store/companies';
import type { Caller } from './handler-io';

export const INTEGRATION_TYPE = 'public-api';

/** The key prefix of each mode. */
export type KeyPrefixes = Record<KeyMode, string>;

/** The prefixes of this deployment (API_KEY_PREFIX, API_KEY_TEST_PREFIX). */
export const configuredKeyPrefixes = (): KeyPrefixes => ({ live: config.apiKeyPrefix, test: config.apiKeyTestPrefix });

const KEY_SECRET = /^[0-9a-f]{32}$/;

/** The mode a well-formed key's prefix says, or undefined for a key that is not `<live or test prefix>_api_<32 lowercase hex>`. */
export const keyModeOf = (apiKey: string, prefixes: KeyPrefixes = configuredKeyPrefixes()): KeyMode | undefined => {
  const start = (mode: KeyMode) => `${prefixes[mode]}_api_`;
  return (['live', 'test'] as const).find((mode) => apiKey.startsWith(start(mode)) && KEY_SECRET.test(apiKey.slice(start(mode).length)));
};

export const isWellFormedKey = (apiKey: string, prefixes: KeyPrefixes = configuredKeyPrefixes()): boolean => keyModeOf(apiKey, prefixes) !== undefined;

/** Pure rule check of a stored key at time `now`, presented with a prefix of `mode`; returns the failure reason or undefined. */
export const keyFailure = (record: ApiKeyRecord | undefined, now: Date, mode: KeyMode): string | undefined => {
  if (!record) return 'unknown key';
  if (!record.active) return 'inactive key';
  if (record.expiresAt !== undefined) {
    const expires = Date.parse(record.expiresAt);
    if (Number.isNaN(expires) || expires <= now.getTime()) return 'expired key';
  }
  if (record.integrationType !== INTEGRATION_TYPE) return 'wrong integration type';
  if (record.mode !== mode) return 'mode disagrees with the prefix';
  return undefined;
};

/** Any one of `required` is enough; none required, or a key with no scopes, always passes. */
export const hasScope = (keyScopes: string[], required: readonly Scope[]): boolean =>
  required.length === 0 || keyScopes.length === 0 || required.some((s) => keyScopes.includes(s));

type Cached = { record: ApiKeyRecord | undefined; company: Company | undefined; at: number };
const cache = new Map<string, Cached>();
const CACHE_MAX = 1000;

export const clearAuthCache = () => cache.clear();

/** Starts a preloaded read; its failure is reported to whoever awaits the same read later, not here. */
const start = (read: Promise<unknown> | undefined) => void read?.catch(() => undefined);

/**
 * The key and its company, from the cache while younger than
 * API_KEY_CACHE_SECONDS at `nowMs`. `withKey` runs once the key record is
 * known, before the company is read, so the route's company reads go
 * alongside it.
 */
const load = async (keyHash: string, nowMs: number, withKey: (record: ApiKeyRecord) => void): Promise<Cached> => {
  const ttlMs = config.apiKeyCacheSeconds * 1000;
  const hit = cache.get(keyHash);
  if (hit && nowMs - hit.at < ttlMs) {
    if (hit.record) withKey(hit.record);
    return hit;
  }
  const record = await getApiKeyByHash(keyHash);
  if (record) withKey(record);
  const company = record ? await getCompany(record.companyId) : undefined;
  const entry = { record, company, at: nowMs };
  // Only known keys are cached, so unknown keys cannot fill the cache.
  if (record && ttlMs > 0) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(keyHash, entry);
  }
  return entry;
};

/**
 * The caller of a request, or 401/403. `preload` starts the route's other
 * reads as early as they can start (shared/services/preload.ts): the
 * caller-independent ones once the key is well-formed, the company's once the
 * key is known and carries the scope.
 */
export const authenticate = async (
  headerValue: string | undefined,
  required: readonly Scope[],
  now = new Date(),
  preload: Pick<Preload, 'withCompany'> & { beforeCaller?: () => Promise<unknown> } = {},
): Promise<Caller> => {
  if (headerValue === undefined || headerValue === '') throw unauthorized('Missing API key: send it in the X-API-Key header');
  const apiKey = headerValue.trim();
  const mode = keyModeOf(apiKey);
  if (!mode) throw unauthorized('Malformed API key');
  start(preload.beforeCaller?.());
  const keyHash = hashApiKey(apiKey);
  const { record, company } = await load(keyHash, now.getTime(), (known) => {
    if (preload.withCompany && !keyFailure(known, now, mode) && hasScope(known.scopes, required)) start(preload.withCompany(known.companyId));
  });
  if (keyFailure(record, now, mode) || !record) throw unauthorized('Invalid, inactive or expired API key');
  if (!company) throw unauthorized('Invalid, inactive or expired API key');
  if (!hasScope(record.scopes, required)) {
    throw forbidden(`This API key lacks the required scope: ${required.join(' or ')}`);
  }
  const { keyHash: _omit, ...publicKey } = record;
  return { company, apiKey: publicKey, mode };
};

export { AppError };
