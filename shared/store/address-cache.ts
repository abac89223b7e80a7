/**
 * A company's address validations by carriers (docs/addresses.md, "The
 * cache"): one item per company, mode, carrier and normalised address
 * (its SHA-256), living ADDRESS_CACHE_HOURS. DynamoDB deletes an item some
 * time after its TTL, so a read also drops what is past it. The built-in
 * rules' answers are not kept: they cost nothing to compute again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand, ddb } from '../aws';
import { config } from '../config';
import type { AddressValidation } from '../domain/carrier';
import type { KeyMode } from '../domain/entities';
import * as z from '../zod';
import { keys, type Key } from './keys';
import { putAll } from './table-ops';

export const ADDRESS_CACHE_HOURS = 24;
/** BatchGetItem's most keys per request; a request validates at most 100 addresses. */
const BATCH = 100;

const cachedItem = z.object({
  sk: z.string(),
  expiresAtEpoch: z.number(),
  result: z.string(),
});
const storedResult = z.object({
  status: z.enum(['verified', 'corrected', 'unverified', 'invalid']),
  classification: z.enum(['residential', 'commercial', 'mixed', 'unknown']),
  suggestions: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(z.object({ code: z.string(), message: z.string(), field: z.optional(z.string()) })),
});

type Scope = { companyId: string; mode: KeyMode; carrierCode: string };

/** A stored result's JSON, or undefined when it is not JSON: an item that cannot be read is a miss, never a failed request. */
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The cached validations of the addresses of `hashes` still within their day, by hash. */
export const readCachedValidations = async (scope: Scope, hashes: readonly string[], nowEpoch: number): Promise<Map<string, AddressValidation>> => {
  const found = new Map<string, AddressValidation>();
  const bySk = new Map(hashes.map((hash) => [keys.addressValidation(scope.companyId, scope.mode, scope.carrierCode, hash).sk, hash]));
  const all = [...new Set(hashes)].map((hash) => keys.addressValidation(scope.companyId, scope.mode, scope.carrierCode, hash));
  for (let i = 0; i < all.length; i += BATCH) {
    let pending: Key[] = all.slice(i, i + BATCH);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 1_000));
      const out = await ddb.send(new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: pending } } }));
      for (const raw of out.Responses?.[config.tableName] ?? []) {
        const item = cachedItem.safeParse(raw);
        if (!item.success || item.data.expiresAtEpoch <= nowEpoch) continue;
        const result = storedResult.safeParse(parsed(item.data.result));
        const hash = bySk.get(item.data.sk);
        if (result.success && hash !== undefined) found.set(hash, result.data as AddressValidation);
      }
      pending = (out.UnprocessedKeys?.[config.tableName]?.Keys ?? []) as Key[];
    }
  }
  return found;
};

/** Keeps each carrier validation, by its address's hash, for ADDRESS_CACHE_HOURS. */
export const cacheValidations = async (scope: Scope, validations: ReadonlyMap<string, AddressValidation>, nowEpoch: number): Promise<void> => {
  const expiresAtEpoch = nowEpoch + ADDRESS_CACHE_HOURS * 3600;
  await putAll(
    [...validations].map(([hash, result]) => ({
      ...keys.addressValidation(scope.companyId, scope.mode, scope.carrierCode, hash),
      expiresAtEpoch,
      result: JSON.stringify(result),
    })),
  );
};
