/**
 * A per-container cache of reference data (carriers, services, default
 * packaging, pricing groups and plans): it changes only when `admin seed`
 * loads a new version, yet every request would otherwise read it. Entries are
 * keyed by table name and live REFERENCE_CACHE_SECONDS (0, no cache, unless
 * the stage sets it). Without the cache a read is still shared within one
 * request (./request-scope.ts). Never used for company data.
 */
import { config } from '../config';
import { perRequest } from './request-scope';

const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export const clearReferenceCache = () => entries.clear();

export const memoReference = <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const ttlMs = config.referenceCacheSeconds * 1000;
  const fullKey = `${config.tableName}:${key}`;
  if (ttlMs <= 0) return perRequest(`reference:${fullKey}`, load);
  const hit = entries.get(fullKey);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  entries.set(fullKey, { at: Date.now(), value });
  // A failed read is not cached.
  value.catch(() => entries.delete(fullKey));
  return value;
};
