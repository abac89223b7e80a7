/**
 * What still needs a carrier account, for admin `carrier-account remove`
 * (docs/configuration.md, "Carrier accounts"): the orders bought under it
 * that are not final (their tracking and their cancel call the carrier under
 * that account), and any other entry of the tracking-due index naming it (a
 * carrier call whose outcome is still to be reconciled). Operator only: no
 * function calls it.
 *
 * Bounded without a Scan: the tracking-due index holds an entry for every
 * order still moving (and only those; shared/store/tracking-schedule.ts), so
 * it is read whole, keys only, and the order of each entry is read with
 * BatchGetItem for its `carrierAccountId` and status. The cost grows with the
 * orders not yet final, never with the table: about one read unit per such
 * order (a 4 KB order item read eventually consistent is half a unit), e.g.
 * 100,000 moving orders cost about 50,000 read units and a minute.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchGetCommand, ddb, QueryCommand } from '../aws';
import { config } from '../config';
import { isFinal } from '../domain/tracking';
import type { TransitStatus } from '../domain/entities';
import { expressionOf, requestPlaceholders } from './expressions';
import { keys, PK_PREFIX, TRACKING_SHARDS, type Key } from './keys';
import { trackingDueIndex } from './table';

/** BatchGetItem's most keys per request. */
const BATCH = 100;
/** Requests in flight at once. */
const PARALLEL = 8;

export type AccountUsage = {
  /** Orders bought under the account that are neither delivered nor cancelled. */
  openOrders: number;
  /** Other due entries naming the account: carrier calls whose outcome is being reconciled. */
  pendingCalls: number;
};

type Item = Record<string, unknown>;

/** Every item of one index partition, all pages. */
const queryAll = async (input: { indexName: string; partitionKey: string; partition: string }): Promise<Item[]> => {
  const items: Item[] = [];
  const e = expressionOf();
  const keyCondition = e.expression(e.equals(input.partitionKey, input.partition, 'partition'));
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: input.indexName,
        KeyConditionExpression: keyCondition.expression,
        ...requestPlaceholders(keyCondition),
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};

/** Reads `keys` (BatchGetItem, `attributes` only), retrying what DynamoDB leaves unprocessed. */
const readAll = async (all: readonly Key[], attributes: readonly string[]): Promise<Item[]> => {
  const chunks: Key[][] = [];
  for (let i = 0; i < all.length; i += BATCH) chunks.push(all.slice(i, i + BATCH));
  const e = expressionOf();
  const projection = e.expression(attributes.map((attribute) => e.name(attribute)).join(', '));
  const read = async (chunk: Key[]): Promise<Item[]> => {
    const items: Item[] = [];
    let pending: Key[] = chunk;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2_000));
      const out = await ddb.send(
        new BatchGetCommand({
          RequestItems: { [config.tableName]: { Keys: pending, ProjectionExpression: projection.expression, ...requestPlaceholders(projection) } },
        }),
      );
      items.push(...((out.Responses?.[config.tableName] ?? []) as Item[]));
      pending = (out.UnprocessedKeys?.[config.tableName]?.Keys ?? []) as Key[];
    }
    return items;
  };
  const results: Item[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, chunks.length) }, async () => {
      while (next < chunks.length) results.push(...(await read(chunks[next++]!)));
    }),
  );
  return results;
};

export const accountUsage = async (carrierAccountId: string): Promise<AccountUsage> => {
  const due = await Promise.all(Array.from({ length: TRACKING_SHARDS }, (_, shard) => queryAll({ ...trackingDueIndex, partition: keys.dueShard(shard) })));
  const scheduleSk = keys.trackingSchedule('').sk;
  const orderIds = new Set<string>();
  const others: Key[] = [];
  for (const entry of due.flat()) {
    const { pk, sk } = entry as Key;
    if (sk === scheduleSk && pk.startsWith(PK_PREFIX.order)) orderIds.add(pk.slice(PK_PREFIX.order.length));
    else others.push({ pk, sk });
  }
  const [orders, calls] = await Promise.all([
    readAll(
      [...orderIds].map((id) => keys.order(id)),
      ['carrierAccountId', 'status'],
    ),
    readAll(others, ['carrierAccountId']),
  ]);
  return {
    openOrders: orders.filter((o) => o.carrierAccountId === carrierAccountId && !isFinal(o.status as TransitStatus)).length,
    pendingCalls: calls.filter((c) => c.carrierAccountId === carrierAccountId).length,
  };
};
