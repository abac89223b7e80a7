/**
 * The sparse index of active orders (shared/store/table.ts) on DynamoDB Local:
 * provisioned from the same definition as the CDK table, and holding only the
 * orders that carry both index attributes, so the tracking refresh finds due
 * orders with a Query per shard.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../shared/store/client';
import { ACTIVE_ORDER_SHARDS, keys } from '../../shared/store/keys';
import { activeOrdersIndex, tableDefinition } from '../../shared/store/table';
import { conditionalPut, conditionalUpdate } from '../../shared/store/table-ops';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();
const dynamodb = new DynamoDBClient({});
afterAll(() => dynamodb.destroy());

/** The order ids due at `now`, from every shard of the index. */
const dueOrders = async (now: string): Promise<string[]> => {
  const pks: string[] = [];
  for (let shard = 0; shard < ACTIVE_ORDER_SHARDS; shard++) {
    const out = await ddb.send(
      new QueryCommand({
        TableName: stack.tableName,
        IndexName: activeOrdersIndex.indexName,
        KeyConditionExpression: '#shard = :shard AND #next <= :now',
        ExpressionAttributeNames: { '#shard': activeOrdersIndex.partitionKey, '#next': activeOrdersIndex.sortKey },
        ExpressionAttributeValues: { ':shard': keys.activeShard(shard), ':now': now },
      }),
    );
    pks.push(...(out.Items ?? []).map((item) => String(item.pk)));
  }
  return pks.sort();
};

const NOW = '2026-05-01T12:00:00.000Z';
const EARLIER = '2026-05-01T11:55:00.000Z';
const LATER = '2026-05-01T12:05:00.000Z';

it('exists locally exactly as the CDK table declares it', async () => {
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: stack.tableName }));
  expect(
    Table?.GlobalSecondaryIndexes?.map((index) => ({ name: index.IndexName, keys: index.KeySchema, projection: index.Projection?.ProjectionType })),
  ).toEqual(
    tableDefinition.globalSecondaryIndexes.map((index) => ({
      name: index.indexName,
      keys: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' }] : []),
      ],
      projection: index.projection,
    })),
  );
  expect(Table?.AttributeDefinitions).toEqual(
    expect.arrayContaining([
      { AttributeName: 'activeShard', AttributeType: 'S' },
      { AttributeName: 'nextCheckAt', AttributeType: 'S' },
    ]),
  );
});

it('spreads orders over every shard', () => {
  const shards = new Set(Array.from({ length: 200 }, (_, i) => keys.activeOrder(`order-${i}`, NOW).activeShard));
  expect([...shards].sort()).toEqual(Array.from({ length: ACTIVE_ORDER_SHARDS }, (_, i) => keys.activeShard(i)));
});

it('holds only orders with both index attributes, due ones before the others, and loses an order that becomes final', async () => {
  const put = (id: string, attributes: Record<string, unknown>) => conditionalPut({ ...keys.order(id), ...attributes }, { expression: 'attribute_not_exists(pk)' });
  await put('due', { status: 'intransit', ...keys.activeOrder('due', EARLIER) });
  await put('later', { status: 'intransit', ...keys.activeOrder('later', LATER) });
  await put('delivered', { status: 'delivered' });
  await put('no-check-time', { status: 'pending', activeShard: keys.activeOrder('no-check-time', NOW).activeShard });
  // Items of other kinds never carry the attributes.
  await conditionalPut({ ...keys.rateResponse('r1'), companyId: 'c1' }, { expression: 'attribute_not_exists(pk)' });

  expect(await dueOrders(NOW)).toEqual([keys.order('due').pk]);
  expect(await dueOrders(LATER)).toEqual([keys.order('due').pk, keys.order('later').pk].sort());

  await conditionalUpdate(keys.order('due'), {
    expression: 'SET #s = :final REMOVE #shard, #next',
    names: { '#s': 'status', '#shard': activeOrdersIndex.partitionKey, '#next': activeOrdersIndex.sortKey },
    values: { ':final': 'delivered' },
  });
  expect(await dueOrders(LATER)).toEqual([keys.order('later').pk]);
});
