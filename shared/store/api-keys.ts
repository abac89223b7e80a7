/**
 * API keys: stored only as SHA-256 hashes (docs/decisions.md). The plaintext key is
 * returned once, at creation. A pointer item maps the key id to its hash so a
 * key can be revoked by id.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ddb, TransactWriteCommand, UpdateCommand } from '../aws';
import * as z from '../zod';
import { config } from '../config';
import { apiKeyRecordSchema, type ApiKeyRecord, type KeyMode } from '../domain/entities';
import { conditionOf, expressionOf, itemAbsent, requestPlaceholders } from './expressions';
import { ItemNotFound } from './errors';
import { keys } from './keys';
import { getItem } from './table-ops';

export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey, 'utf8').digest('hex');

export const generateApiKey = (prefix = config.apiKeyPrefix): string => `${prefix}_api_${randomBytes(16).toString('hex')}`;

/** The prefix keys of `mode` carry (shared/http/auth.ts reads the mode back from it). */
export const keyPrefixOf = (mode: KeyMode): string => (mode === 'test' ? config.apiKeyTestPrefix : config.apiKeyPrefix);

export type CreateApiKeyInput = {
  companyId: string;
  scopes?: string[];
  expiresAt?: string;
  integrationType?: string;
  active?: boolean;
  /** `live` unless given; a test key carries the test prefix. */
  mode?: KeyMode;
};

export const createApiKey = async (input: CreateApiKeyInput): Promise<{ keyId: string; apiKey: string }> => {
  const mode = input.mode ?? 'live';
  const apiKey = generateApiKey(keyPrefixOf(mode));
  const record: ApiKeyRecord = {
    keyId: randomUUID(),
    keyHash: hashApiKey(apiKey),
    companyId: input.companyId,
    integrationType: input.integrationType ?? 'public-api',
    scopes: input.scopes ?? [],
    active: input.active ?? true,
    ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
    createdDate: new Date().toISOString(),
    mode,
  };
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...keys.apiKey(record.keyHash), entityType: 'apiKey', ...record },
            ...conditionOf(itemAbsent()),
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: { ...keys.apiKeyId(record.keyId), entityType: 'apiKeyId', keyId: record.keyId, keyHash: record.keyHash },
            ...conditionOf(itemAbsent()),
          },
        },
      ],
    }),
  );
  return { keyId: record.keyId, apiKey };
};

export const getApiKeyByHash = async (keyHash: string): Promise<ApiKeyRecord | undefined> => getItem(keys.apiKey(keyHash), apiKeyRecordSchema);

const pointerItem = z.object({ keyId: z.string(), keyHash: z.string() });

export const revokeApiKey = async (keyId: string): Promise<{ keyId: string; active: false }> => {
  const pointer = await getItem(keys.apiKeyId(keyId), pointerItem, true);
  if (!pointer) throw new ItemNotFound('API key', keyId);
  const e = expressionOf();
  const update = e.expression(e.update({ set: { active: false, revokedAt: new Date().toISOString() } }));
  const exists = e.expression(e.exists('pk'));
  await ddb.send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.apiKey(pointer.keyHash),
      UpdateExpression: update.expression,
      ConditionExpression: exists.expression,
      ...requestPlaceholders(update, exists),
    }),
  );
  return { keyId, active: false };
};
