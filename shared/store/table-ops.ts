/**
 * Generic single-table reads and writes used by the repositories. Parsing with
 * a zod schema on read makes a malformed item fail loudly here, not deep in a
 * handler. Conditional writes and transactions report a false condition as
 * `ConditionFailed`, naming the items whose condition failed, so a repository
 * can tell "already claimed" from "not there" without knowing the SDK's
 * exceptions, and a service decides what it means to a caller.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, ddb, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../aws';
import type * as z from '../zod';
import { config } from '../config';
import { conditionOf, expressionOf, itemAbsent, requestPlaceholders, type Expression } from './expressions';
import type { Key } from './keys';

export const getItem = async <T>(key: Key, schema: z.ZodMiniType<T>, consistent = false): Promise<T | undefined> => {
  const out = await ddb.send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: consistent }));
  return out.Item ? schema.parse(out.Item) : undefined;
};

/** Every item of partition `pk` whose sort key starts with `skPrefix` (the whole partition when empty), page after page; `consistent`: strongly consistent reads. */
export const queryItems = async (pk: string, skPrefix = '', consistent = false): Promise<Array<Record<string, unknown>>> => {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  const e = expressionOf();
  const keyCondition = e.expression(skPrefix === '' ? e.equals('pk', pk) : `${e.equals('pk', pk)} AND ${e.beginsWith('sk', skPrefix)}`);
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: keyCondition.expression,
        ...requestPlaceholders(keyCondition),
        ...(consistent ? { ConsistentRead: true } : {}),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as Array<Record<string, unknown>>));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The last `limit` items of a partition under `skPrefix`, highest sort key first (one Query). */
export const queryLatest = async (pk: string, skPrefix: string, limit: number): Promise<Array<Record<string, unknown>>> => {
  const e = expressionOf();
  const keyCondition = e.expression(`${e.equals('pk', pk)} AND ${e.beginsWith('sk', skPrefix)}`);
  const out = await ddb.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: keyCondition.expression,
      ...requestPlaceholders(keyCondition),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as Array<Record<string, unknown>>;
};

/** The items of partition `pk` whose sort key lies from `from` to `to` (one strongly consistent Query: the order and its schedule). */
export const queryOrderItems = async (pk: string, from: string, to: string): Promise<Array<Record<string, unknown>>> => {
  const e = expressionOf();
  const keyCondition = e.expression(`${e.equals('pk', pk)} AND ${e.between('sk', from, to, ['from', 'to'])}`);
  const out = await ddb.send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: keyCondition.expression,
      ...requestPlaceholders(keyCondition),
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as Array<Record<string, unknown>>;
};

/** One page of an index partition whose sort key is at most `upTo`, in sort-key order; `next` continues it. */
export const queryIndexUpTo = async (
  index: { indexName: string; partitionKey: string; sortKey: string },
  partition: string,
  upTo: string,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ items: Array<Record<string, unknown>>; next?: Record<string, unknown> }> => {
  const e = expressionOf();
  const keyCondition = e.expression(`${e.equals(index.partitionKey, partition, 'partition')} AND ${e.compare(index.sortKey, '<=', upTo, 'upTo')}`);
  const out = await ddb.send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: index.indexName,
      KeyConditionExpression: keyCondition.expression,
      ...requestPlaceholders(keyCondition),
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (out.Items ?? []) as Array<Record<string, unknown>>, next: out.LastEvaluatedKey };
};

export const queryPrefix = async <T>(pk: string, skPrefix: string, schema: z.ZodMiniType<T>): Promise<T[]> =>
  (await queryItems(pk, skPrefix)).map((item) => schema.parse(item));

export const putItem = async (item: Key & Record<string, unknown>, options: { ifAbsent?: boolean } = {}) => {
  await ddb.send(
    new PutCommand({
      TableName: config.tableName,
      Item: item,
      ...(options.ifAbsent ? conditionOf(itemAbsent()) : {}),
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
      if (requests.length > 0) await sleep(50 * 2 ** attempt);
    }
  }
};

/** BatchGetItem's most keys per request. */
const BATCH_GET = 100;
/** BatchGetItem requests of one `getItems` in flight at once. */
const GET_PARALLEL = 8;

/** Reads `all` (BatchGetItem, `attributes` only, eventually consistent), retrying what DynamoDB leaves unprocessed; in no particular order. */
export const getItems = async (all: readonly Key[], attributes: readonly string[]): Promise<Array<Record<string, unknown>>> => {
  const chunks: Key[][] = [];
  for (let i = 0; i < all.length; i += BATCH_GET) chunks.push(all.slice(i, i + BATCH_GET));
  const e = expressionOf();
  const projection = e.expression(attributes.map((attribute) => e.name(attribute)).join(', '));
  const read = async (chunk: Key[]): Promise<Array<Record<string, unknown>>> => {
    const items: Array<Record<string, unknown>> = [];
    let pending: Key[] = chunk;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2_000));
      const out = await ddb.send(
        new BatchGetCommand({
          RequestItems: { [config.tableName]: { Keys: pending, ProjectionExpression: projection.expression, ...requestPlaceholders(projection) } },
        }),
      );
      items.push(...((out.Responses?.[config.tableName] ?? []) as Array<Record<string, unknown>>));
      pending = (out.UnprocessedKeys?.[config.tableName]?.Keys ?? []) as Key[];
    }
    return items;
  };
  const results: Array<Record<string, unknown>> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(GET_PARALLEL, chunks.length) }, async () => {
      while (next < chunks.length) results.push(...(await read(chunks[next++]!)));
    }),
  );
  return results;
};

export type { Expression } from './expressions';

type Item = Key & Record<string, unknown>;

/** One write whose condition was false: its position in the request and its key. */
export type ConditionFailure = { index: number; key: Key };

/**
 * A conditional write, or a transaction, that did not happen because a
 * condition was false. A store error: it names keys, never an HTTP status.
 */
export class ConditionFailed extends Error {
  override readonly name = 'ConditionFailed';

  constructor(readonly failures: readonly ConditionFailure[]) {
    super(`condition failed for ${failures.map(({ key }) => `${key.pk} ${key.sk}`).join(', ')}`);
  }

  /** Whether the condition on the item with this key was among those that failed. */
  failedFor(key: Key): boolean {
    return this.failures.some((f) => f.key.pk === key.pk && f.key.sk === key.sk);
  }
}

export const isConditionalCheckFailed = (e: unknown) =>
  e instanceof ConditionFailed || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'ConditionalCheckFailedException');

const keyOf = ({ pk, sk }: Key): Key => ({ pk, sk });

/** Runs one single-item write, turning a false condition into ConditionFailed. */
const singleWrite = async <T>(key: Key, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (e) {
    if (isConditionalCheckFailed(e)) throw new ConditionFailed([{ index: 0, key: keyOf(key) }]);
    throw e;
  }
};

/** Puts `item` only if `condition` holds for the item stored under its key (or its absence). */
export const conditionalPut = async (item: Item, condition: Expression): Promise<void> => {
  await singleWrite(item, () =>
    ddb.send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: condition.expression, ...requestPlaceholders(condition) })),
  );
};

/**
 * Applies `update` to the item of `key` if `condition` holds (without one, it
 * creates the item when absent, as UpdateItem does) and returns the item as
 * written. The two expressions share their placeholders.
 */
export const conditionalUpdate = async (key: Key, update: Expression, condition?: Expression): Promise<Record<string, unknown>> => {
  const out = await singleWrite(key, () =>
    ddb.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keyOf(key),
        UpdateExpression: update.expression,
        ...(condition ? { ConditionExpression: condition.expression } : {}),
        ...requestPlaceholders(update, condition),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out.Attributes ?? {};
};

/**
 * Deletes the item of `key` if `condition` holds: one DeleteItem, a single
 * write unit, not a transaction (which bills two).
 */
export const conditionalDelete = async (key: Key, condition: Expression): Promise<void> => {
  await singleWrite(key, () =>
    ddb.send(new DeleteCommand({ TableName: config.tableName, Key: keyOf(key), ConditionExpression: condition.expression, ...requestPlaceholders(condition) })),
  );
};

/** One write of a transaction; `check` only asserts a condition on an item it leaves as it is. */
export type TransactionWrite =
  | { put: Item; condition?: Expression }
  | { update: Key; changes: Expression; condition?: Expression }
  | { delete: Key; condition?: Expression }
  | { check: Key; condition: Expression };

const keyOfWrite = (write: TransactionWrite): Key =>
  keyOf('put' in write ? write.put : 'update' in write ? write.update : 'delete' in write ? write.delete : write.check);

const transactItem = (write: TransactionWrite) => {
  const TableName = config.tableName;
  const condition = write.condition ? { ConditionExpression: write.condition.expression } : {};
  if ('put' in write) return { Put: { TableName, Item: write.put, ...condition, ...requestPlaceholders(write.condition) } };
  if ('update' in write) {
    return {
      Update: {
        TableName,
        Key: keyOf(write.update),
        UpdateExpression: write.changes.expression,
        ...condition,
        ...requestPlaceholders(write.changes, write.condition),
      },
    };
  }
  if ('delete' in write) return { Delete: { TableName, Key: keyOf(write.delete), ...condition, ...requestPlaceholders(write.condition) } };
  return { ConditionCheck: { TableName, Key: keyOf(write.check), ConditionExpression: write.condition.expression, ...requestPlaceholders(write.condition) } };
};

// By name: a second copy of the SDK in a bundle would defeat instanceof.
const isTransactionCanceled = (e: unknown): e is TransactionCanceledException =>
  typeof e === 'object' && e !== null && (e as { name?: string }).name === 'TransactionCanceledException';

/**
 * All of `writes` or none (TransactWriteItems, at most 100 items, each item
 * once). When conditions are false the transaction is cancelled and
 * ConditionFailed names those writes, read from the cancellation reasons,
 * which DynamoDB gives in the order of the request. Any other cancellation
 * (a conflicting transaction, throttling) is rethrown as the SDK raised it.
 */
export const transactWrite = async (writes: readonly TransactionWrite[]): Promise<void> => {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: writes.map(transactItem) }));
  } catch (e) {
    if (!isTransactionCanceled(e)) throw e;
    const failures = (e.CancellationReasons ?? []).flatMap((reason, index) =>
      reason.Code === 'ConditionalCheckFailed' && writes[index] ? [{ index, key: keyOfWrite(writes[index]) }] : [],
    );
    if (failures.length > 0) throw new ConditionFailed(failures);
    throw e;
  }
};

/**
 * Reads one page makes at most once it holds an item; a page that holds none
 * yet reads on to its first or to the end of the list, so a page without
 * items is always the last (docs/manifests.md, "The list").
 */
export const MAX_LIST_READS = 10;

/**
 * Items a read of a filtered list evaluates at most (DynamoDB's 1 MB may stop
 * it sooner). DynamoDB Local applies its 1 MB to the items a filtered read
 * answers, not to those it evaluates, so without a Limit it would read the
 * whole list at once where DynamoDB reads it 1 MB at a time.
 */
export const FILTERED_READ_ITEMS = 100;

/**
 * One page of a list kept in one partition, newest (highest sort key) first:
 * the items `keyCondition` selects that pass `filter`, after `after` (a sort
 * key of the list). It reads until it holds one item more than `limit` (then
 * `last` is the page's last item) or the list ends; a filtered read
 * evaluates at most FILTERED_READ_ITEMS items, so a page of a rare value may
 * take several reads. Past MAX_LIST_READS, a page that holds an item stops
 * short, `last` where it stopped reading.
 */
export const queryNewestFirst = async (
  pk: string,
  keyCondition: Expression,
  options: { filter?: Expression; after?: string; limit: number },
): Promise<{ items: Array<Record<string, unknown>>; last?: string }> => {
  const { filter, limit } = options;
  const found: Array<Record<string, unknown>> = [];
  let start = options.after;
  for (let reads = 1; ; reads++) {
    const out = await ddb.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: keyCondition.expression,
        // Unfiltered, every item read is the page's; filtered, Limit bounds the items a read evaluates, not those it answers.
        ...(filter ? { FilterExpression: filter.expression, Limit: FILTERED_READ_ITEMS } : { Limit: limit + 1 - found.length }),
        ...requestPlaceholders(keyCondition, filter),
        ScanIndexForward: false,
        ...(start ? { ExclusiveStartKey: { pk, sk: start } } : {}),
      }),
    );
    found.push(...(out.Items ?? []).slice(0, limit + 1 - found.length));
    const last: unknown = out.LastEvaluatedKey?.sk;
    start = typeof last === 'string' ? last : undefined;
    if (found.length > limit) {
      const page = found.slice(0, limit);
      return { items: page, last: String(page.at(-1)!.sk) };
    }
    if (start === undefined || (found.length > 0 && reads >= MAX_LIST_READS)) return { items: found, ...(start !== undefined ? { last: start } : {}) };
  }
};
