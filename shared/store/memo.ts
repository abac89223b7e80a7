/**
 * A per-container cache of reference data (carriers, services, default
 * packaging, pricing plans): it changes only when `admin seed` loads a new
 * version, yet POST /v1/rate would otherwise read it on every request. Entries
 * are keyed by table name and live REFERENCE_CACHE_SECONDS (0, no cache,
 * unless the stage sets it). Never used for company data.
 */
import { config } from '../config';

const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export const clearReferenceCache = () => entries.clear();

export const memoReference = <T>(key: string, load: () => Promise<T>): Promise<T> => {
  const ttlMs = config.referenceCacheSeconds * 1000;
  if (ttlMs <= 0) return load();
  const fullKey = `${config.tableName}:${key}`;
  const hit = entries.get(fullKey);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  entries.set(fullKey, { at: Date.now(), value });
  // A failed read is not cached.
  value.catch(() => entries.delete(fullKey));
  return value;
};
