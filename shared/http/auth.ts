/**
 * API-key authentication and scopes, spec part 5 to the letter:
 * - `X-API-Key` is `<prefix>_api_` followed by 32 lowercase hex characters;
 * - it is looked up by its SHA-256 hash and must be active, not expired (when
 *   `expiresAt` is set) and of integration type `public-api`;
 * - a key failure is 401; a missing scope is 403; a key whose `scopes` array
 *   is empty passes every scope check.
 *
 * A short per-container cache bounds DynamoDB reads; expiry is checked on
 * every request, revocation takes effect within the cache TTL.
 */
import { timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import type { ApiKeyRecord, Company } from '../domain/types';
import { AppError, forbidden, unauthorized } from '../errors';
import type { Scope } from '../manifest';
import { getApiKeyByHash, hashApiKey } from '../store/api-keys';
import { getCompany } from '../store/companies';
import type { Caller } from './types';

export const INTEGRATION_TYPE = 'public-api';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const isWellFormedKey = (apiKey: string, prefix = config.apiKeyPrefix): boolean =>
  new RegExp(`^${escapeRegExp(prefix)}_api_[0-9a-f]{32}$`).test(apiKey);

/** Pure rule check of a stored key at time `now`; returns the failure reason or undefined. */
export const keyFailure = (record: ApiKeyRecord | undefined, now: Date): string | undefined => {
  if (!record) return 'unknown key';
  if (!record.active) return 'inactive key';
  if (record.expiresAt !== undefined) {
    const expires = Date.parse(record.expiresAt);
    if (Number.isNaN(expires) || expires <= now.getTime()) return 'expired key';
  }
  if (record.integrationType !== INTEGRATION_TYPE) return 'wrong integration type';
  return undefined;
};

/** Any one of `required` is enough; none required, or a key with no scopes, always passes. */
export const hasScope = (keyScopes: string[], required: readonly Scope[]): boolean =>
  required.length === 0 || keyScopes.length === 0 || required.some((s) => keyScopes.includes(s));

type Cached = { record: ApiKeyRecord | undefined; company: Company | undefined; at: number };
const cache = new Map<string, Cached>();
const CACHE_MAX = 1000;

export const clearAuthCache = () => cache.clear();

const load = async (keyHash: string): Promise<Cached> => {
  const ttlMs = config.apiKeyCacheSeconds * 1000;
  const hit = cache.get(keyHash);
  if (hit && Date.now() - hit.at < ttlMs) return hit;
  const record = await getApiKeyByHash(keyHash);
  const company = record ? await getCompany(record.companyId) : undefined;
  const entry = { record, company, at: Date.now() };
  // Only known keys are cached, so unknown keys cannot fill the cache.
  if (record && ttlMs > 0) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(keyHash, entry);
  }
  return entry;
};

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const authenticate = async (
  headerValue: string | undefined,
  required: readonly Scope[],
  now = new Date(),
): Promise<Caller> => {
  if (headerValue === undefined || headerValue === '') throw unauthorized('Missing API key: send it in the X-API-Key header');
  const apiKey = headerValue.trim();
  if (!isWellFormedKey(apiKey)) throw unauthorized('Malformed API key');
  const keyHash = hashApiKey(apiKey);
  const { record, company } = await load(keyHash);
  const failure = keyFailure(record, now);
  if (failure || !record || !sameHash(record.keyHash, keyHash)) throw unauthorized('Invalid, inactive or expired API key');
  if (!company) throw unauthorized('Invalid, inactive or expired API key');
  if (!hasScope(record.scopes, required)) {
    throw forbidden(`This API key lacks the required scope: ${required.join(' or ')}`);
  }
  const { keyHash: _omit, ...publicKey } = record;
  return { company, apiKey: publicKey };
};

export { AppError };
