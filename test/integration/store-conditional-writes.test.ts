/**
 * The store primitives shipping builds on (shared/store/table-ops.ts), against
 * DynamoDB Local: conditional put and update, and transactions, whose false
 * conditions come back as ConditionFailed naming the items, with nothing
 * written.
 */
import { GetCommand } from '../../shared/aws/dynamodb';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys, type Key } from '../../shared/store/keys';
import { ConditionFailed, conditionalPut, conditionalUpdate, isConditionalCheckFailed, transactWrite } from '../../shared/store/table-ops';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

const read = async (key: Key) => (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item;

/** The error `run` throws, so a test can look at it. */
const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
};

let n = 0;
/** A fresh order and rate response, as ship would find them. */
const fresh = async () => {
  n += 1;
  const rateResponse = keys.rateResponse(`rr-${n}`);
  await conditionalPut({ ...rateResponse, companyId: 'c1' }, { expression: 'attribute_not_exists(pk)' });
  return { rateResponse, order: keys.order(`o-${n}`) };
};
const ABSENT = { expression: 'attribute_not_exists(pk)' };
/** Ship's claim: a rate response becomes an order once. */
const claim = (rateResponse: Key, orderId: string) => ({
  update: rateResponse,
  changes: { expression: 'SET orderId = :orderId', values: { ':orderId': orderId } },
  condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(orderId)' },
});

describe('conditionalPut', () => {
  it('writes when the condition holds', async () => {
    const key = keys.order('put-1');
    await conditionalPut({ ...key, status: 'pending' }, ABSENT);
    expect(await read(key)).toMatchObject({ status: 'pending' });
  });

  it('refuses with ConditionFailed naming the key, and leaves the item as it was', async () => {
    const key = keys.order('put-2');
    await conditionalPut({ ...key, status: 'pending' }, ABSENT);
    const e = await failure(() => conditionalPut({ ...key, status: 'delivered' }, ABSENT));
    expect(e).toBeInstanceOf(ConditionFailed);
    expect((e as ConditionFailed).failures).toEqual([{ index: 0, key }]);
    expect((e as ConditionFailed).failedFor(key)).toBe(true);
    expect(isConditionalCheckFailed(e)).toBe(true);
    expect(await read(key)).toMatchObject({ status: 'pending' });
  });

  it('takes placeholders for names and values', async () => {
    const key = keys.order('put-3');
    await conditionalPut({ ...key, status: 'pending' }, ABSENT);
    await conditionalPut({ ...key, status: 'intransit' }, { expression: '#s = :old', names: { '#s': 'status' }, values: { ':old': 'pending' } });
    expect(await read(key)).toMatchObject({ status: 'intransit' });
    await expect(
      conditionalPut({ ...key, status: 'delivered' }, { expression: '#s = :old', names: { '#s': 'status' }, values: { ':old': 'pending' } }),
    ).rejects.toBeInstanceOf(ConditionFailed);
  });
});

describe('conditionalUpdate', () => {
  it('applies the update when the condition holds and returns the item as written', async () => {
    const key = keys.order('update-1');
    await conditionalPut({ ...key, status: 'pending', events: 0 }, ABSENT);
    const written = await conditionalUpdate(
      key,
      { expression: 'SET #s = :new, events = events + :one', names: { '#s': 'status' }, values: { ':new': 'intransit', ':one': 1 } },
      { expression: '#s = :old', names: { '#s': 'status' }, values: { ':old': 'pending' } },
    );
    expect(written).toEqual({ ...key, status: 'intransit', events: 1 });
  });

  it('refuses with ConditionFailed when the condition is false, changing nothing', async () => {
    const key = keys.order('update-2');
    await conditionalPut({ ...key, status: 'delivered' }, ABSENT);
    const e = await failure(() =>
      conditionalUpdate(
        key,
        { expression: 'SET #s = :new', names: { '#s': 'status' }, values: { ':new': 'cancelled' } },
        { expression: '#s = :pending', values: { ':pending': 'pending' } },
      ),
    );
    expect(e).toBeInstanceOf(ConditionFailed);
    expect((e as ConditionFailed).failures).toEqual([{ index: 0, key }]);
    expect(await read(key)).toMatchObject({ status: 'delivered' });
  });

  it('refuses an update of an item that is not there when the condition asks for it', async () => {
    const key = keys.order('update-absent');
    await expect(conditionalUpdate(key, { expression: 'SET x = :x', values: { ':x': 1 } }, { expression: 'attribute_exists(pk)' })).rejects.toBeInstanceOf(
      ConditionFailed,
    );
    expect(await read(key)).toBeUndefined();
  });

  it('refuses a placeholder that the update and the condition give two values', async () => {
    const key = keys.order('update-3');
    await expect(conditionalUpdate(key, { expression: 'SET x = :v', values: { ':v': 1 } }, { expression: 'x = :v', values: { ':v': 2 } })).rejects.toThrow(
      'placeholder :v has two values',
    );
  });
});

describe('transactWrite', () => {
  it('writes every item when every condition holds', async () => {
    const { rateResponse, order } = await fresh();
    await transactWrite([claim(rateResponse, order.pk), { put: { ...order, status: 'pending' }, condition: ABSENT }]);
    expect(await read(rateResponse)).toMatchObject({ orderId: order.pk });
    expect(await read(order)).toMatchObject({ status: 'pending' });
  });

  it('writes nothing when one condition is false, and names that item only', async () => {
    const { rateResponse, order } = await fresh();
    await transactWrite([claim(rateResponse, 'first'), { put: { ...order, status: 'pending' }, condition: ABSENT }]);
    const second = keys.order(`${order.pk}-again`);
    const e = await failure(() => transactWrite([{ put: { ...second, status: 'pending' }, condition: ABSENT }, claim(rateResponse, 'second')]));
    expect(e).toBeInstanceOf(ConditionFailed);
    expect((e as ConditionFailed).failures).toEqual([{ index: 1, key: rateResponse }]);
    expect((e as ConditionFailed).failedFor(rateResponse)).toBe(true);
    expect((e as ConditionFailed).failedFor(second)).toBe(false);
    expect(await read(second)).toBeUndefined();
    expect(await read(rateResponse)).toMatchObject({ orderId: 'first' });
  });

  it('names every item whose condition is false', async () => {
    const { rateResponse, order } = await fresh();
    await transactWrite([claim(rateResponse, 'first'), { put: { ...order, status: 'pending' }, condition: ABSENT }]);
    const e = await failure(() => transactWrite([claim(rateResponse, 'second'), { put: { ...order, status: 'pending' }, condition: ABSENT }]));
    expect((e as ConditionFailed).failures).toEqual([
      { index: 0, key: rateResponse },
      { index: 1, key: order },
    ]);
  });

  it('reports a condition check on an item it does not write, and deletes only when all hold', async () => {
    const { rateResponse, order } = await fresh();
    await conditionalPut({ ...order, status: 'pending' }, ABSENT);
    const company = keys.company('nobody');
    const e = await failure(() => transactWrite([{ check: company, condition: { expression: 'attribute_exists(pk)' } }, { delete: order }]));
    expect((e as ConditionFailed).failures).toEqual([{ index: 0, key: company }]);
    expect(await read(order)).toBeDefined();

    await transactWrite([
      { check: rateResponse, condition: { expression: 'attribute_exists(pk)' } },
      { delete: order, condition: { expression: 'attribute_exists(pk)' } },
    ]);
    expect(await read(order)).toBeUndefined();
  });

  it('rethrows a cancellation that is not a false condition as the SDK raised it', async () => {
    const { order } = await fresh();
    // The same item twice is a validation error of the whole request, not a condition.
    const e = await failure(() => transactWrite([{ put: { ...order, a: 1 } }, { put: { ...order, a: 2 } }]));
    expect(e).not.toBeInstanceOf(ConditionFailed);
    expect(isConditionalCheckFailed(e)).toBe(false);
  });
});
