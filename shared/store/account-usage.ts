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
import { ddb, QueryCommand } from '../aws';
import { config } from '../config';
import { isFinal } from '../domain/tracking';
import type { TransitStatus } from '../domain/entities';
import { expressionOf, requestPlaceholders } from './expressions';
import { keys, PK_PREFIX, TRACKING_SHARDS, type Key } from './keys';
import { trackingDueIndex } from './table';
import { getItems } from './table-ops';

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
    getItems(
      [...orderIds].map((id) => keys.order(id)),
      ['carrierAccountId', 'status'],
    ),
    getItems(others, ['carrierAccountId']),
  ]);
  return {
    openOrders: orders.filter((o) => o.carrierAccountId === carrierAccountId && !isFinal(o.status as TransitStatus)).length,
    pendingCalls: calls.filter((c) => c.carrierAccountId === carrierAccountId).length,
  };
};
