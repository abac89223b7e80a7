/**
 * Generic single-table reads and writes used by the repositories. Parsing with
 * a zod schema on read makes a malformed item fail loudly here, not deep in a
 * handler.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { config } from '../config';
import { ddb } from './client';
import type { Key } from './keys';

export const getItem = async <T>(key: Key, schema: z.ZodType<T>, consistent = false): Promise<T | undefined> => {
  const out = await ddb.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: consistent }));
  return out.Item ? schema.parse(out.Item) : undefined;
};

export const queryPrefix = async <T>(pk: string, skPrefix: string, schema: z.ZodType<T>): Promise<T[]> => {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) items.push(schema.parse(item));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};

export const putItem = async (item: Key & Record<string, unknown>, options: { ifAbsent?: boolean } = {}) => {
  await ddb.send(
    new PutCommand({
      TableName: config.tableName,
      Item: item,
      ...(options.ifAbsent ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    }),
  );
};

/** Writes items in batches of 25, retrying unprocessed ones. */
export const putAll = async (items: Array<Key & Record<string, unknown>>) => {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error('BatchWrite kept returning unprocessed items');
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [config.tableName]: requests } }));
      requests = (out.UnprocessedItems?.[config.tableName] ?? []) as typeof requests;
      if (requests.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
};

export const isConditionalCheckFailed = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { name?: string }).name === 'ConditionalCheckFailedException';
