/**
 * The lease primitive every exactly-once protocol of the store is built on
 * (shared/store/lease.ts), against DynamoDB Local, in both of its shapes: a
 * lease item of its own (the render and e-mail markers) and a lease attribute
 * of an existing item (the ship claim on a rate response).
 */
import { GetCommand } from '../../shared/aws/dynamodb';
import * as z from '../../shared/zod';
import { ddb } from '../../shared/aws/dynamodb-client';
import { keys, type Key } from '../../shared/store/keys';
import { defineLease } from '../../shared/store/lease';
import { ConditionFailed, conditionalPut, transactWrite } from '../../shared/store/table-ops';
import { useFreshStack } from '../support/stack';

const stack = useFreshStack();

const read = async (key: Key) => (await ddb.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }))).Item;

/** The DynamoDB commands `run` sends, by name. */
const commandsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
  const commands: string[] = [];
  const recorder = 'leaseRecorder';
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: recorder },
  );
  try {
    await run();
  } finally {
    ddb.middlewareStack.remove(recorder);
  }
  return commands;
};

/** How many of `runs` succeeded; every failure must be ConditionFailed. */
const winners = async (runs: ReadonlyArray<() => Promise<unknown>>): Promise<number> => {
  const results = await Promise.allSettled(runs.map((run) => run()));
  for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConditionFailed);
  return results.filter((r) => r.status === 'fulfilled').length;
};

const minutesAgo = (minutes: number, from = new Date()) => new Date(from.getTime() - minutes * 60_000);

let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}`;

describe('a lease item of its own', () => {
  const markerSchema = z.object({ state: z.enum(['working', 'finished']), token: z.string(), at: z.string(), result: z.optional(z.string()) });
  const lease = defineLease({ kind: 'item', entityType: 'testLease', since: 'at', held: 'working', done: 'finished', schema: markerSchema });
  /** A lease key in an order's partition, as the markers have theirs. */
  const leaseKey = () => keys.notification(fresh('item'), 'test');

  it('claims a free lease: the item holds the token, the held state and the claim time', async () => {
    const key = leaseKey();
    const now = new Date();
    await lease.claim(key, { token: 'a', now, staleBefore: minutesAgo(5, now) });
    expect(await read(key)).toEqual({ ...key, entityType: 'testLease', state: 'working', token: 'a', at: now.toISOString() });
    expect(await lease.read(key)).toEqual({ state: 'working', token: 'a', at: now.toISOString() });
  });

  it('refuses a held lease within its expiry with ConditionFailed, and leaves it as it was', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'a', now: minutesAgo(1) });
    const before = await read(key);
    await expect(lease.claim(key, { token: 'b', now: new Date(), staleBefore: minutesAgo(5) })).rejects.toBeInstanceOf(ConditionFailed);
    // Without staleBefore a held lease is never claimed by age.
    await expect(lease.claim(key, { token: 'b', now: new Date() })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(key)).toEqual(before);
  });

  it('takes over a held lease claimed before staleBefore, but never a completed one', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'dead', now: minutesAgo(10) });
    await lease.claim(key, { token: 'next', now: new Date(), staleBefore: minutesAgo(5) });
    expect(await lease.read(key)).toMatchObject({ state: 'working', token: 'next' });

    const done = leaseKey();
    await lease.claim(done, { token: 'a', now: minutesAgo(10) });
    await lease.complete(done, 'a');
    await expect(lease.claim(done, { token: 'b', now: new Date(), staleBefore: minutesAgo(5) })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await lease.read(done)).toMatchObject({ state: 'finished', token: 'a' });
  });

  it('of several takers of one stale lease at once, exactly one wins', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'dead', now: minutesAgo(10) });
    const takers = Array.from({ length: 8 }, (_, i) => `taker-${i}`);
    expect(await winners(takers.map((token) => () => lease.claim(key, { token, now: new Date(), staleBefore: minutesAgo(5) })))).toBe(1);
    const after = await lease.read(key);
    expect(takers).toContain(after?.token);
  });

  it('takes over a completed lease only by naming its token, and only once', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'first', now: minutesAgo(1) });
    await lease.complete(key, 'first');
    await expect(lease.claim(key, { token: 'b', now: new Date(), takeOver: { token: 'other', completed: true } })).rejects.toBeInstanceOf(ConditionFailed);
    const takers = Array.from({ length: 6 }, (_, i) => `again-${i}`);
    expect(await winners(takers.map((token) => () => lease.claim(key, { token, now: new Date(), takeOver: { token: 'first', completed: true } })))).toBe(1);
    const after = await lease.read(key);
    expect(after).toMatchObject({ state: 'working' });
    expect(takers).toContain(after?.token);
    // `completed`: a held lease is not taken over that way, even when named.
    await expect(lease.claim(key, { token: 'c', now: new Date(), takeOver: { token: after!.token, completed: true } })).rejects.toBeInstanceOf(ConditionFailed);
  });

  it('completes only with the holder token: a wrong token fails and leaves the item unchanged', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'holder', now: new Date() });
    const before = await read(key);
    await expect(lease.complete(key, 'intruder', { set: { result: 'x' } })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(key)).toEqual(before);

    await lease.complete(key, 'holder', { set: { result: 'done' }, remove: ['at'] });
    expect(await read(key)).toEqual({ ...key, entityType: 'testLease', state: 'finished', token: 'holder', result: 'done' });
    // Complete once: a completed lease is no longer held.
    await expect(lease.complete(key, 'holder')).rejects.toBeInstanceOf(ConditionFailed);
  });

  it('releases only with the holder token, by one conditional DeleteItem and no transaction', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'holder', now: new Date() });
    const before = await read(key);
    await expect(lease.release(key, 'intruder')).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(key)).toEqual(before);

    expect(await commandsOf(() => lease.release(key, 'holder'))).toEqual(['DeleteItemCommand']);
    expect(await read(key)).toBeUndefined();
    expect(await lease.read(key)).toBeUndefined();
    // Free again.
    await lease.claim(key, { token: 'next', now: new Date() });
  });

  it('does not release a completed lease', async () => {
    const key = leaseKey();
    await lease.claim(key, { token: 'holder', now: new Date() });
    await lease.complete(key, 'holder');
    await expect(lease.release(key, 'holder')).rejects.toBeInstanceOf(ConditionFailed);
    expect(await lease.read(key)).toMatchObject({ state: 'finished', token: 'holder' });
  });
});

describe('a lease attribute of an existing item', () => {
  const claimSchema = z.object({ token: z.string(), at: z.string(), orderId: z.string() });
  const lease = defineLease({ kind: 'attribute', attribute: 'claim', since: 'at', schema: claimSchema });
  const require = { equal: { companyId: 'c1' }, absent: ['orderId'] };

  /** A rate response of company c1, as rating leaves it. */
  const host = async () => {
    const key = keys.rateResponse(fresh('rr'));
    await conditionalPut({ ...key, companyId: 'c1', entityType: 'rateResponse' }, { expression: 'attribute_not_exists(pk)' });
    return key;
  };

  it('claims a free lease into the attribute, with its data, leaving the rest of the item', async () => {
    const key = await host();
    const now = new Date();
    await lease.claim(key, { token: 'a', now, data: { orderId: 'o1' }, require });
    expect(await read(key)).toEqual({ ...key, companyId: 'c1', entityType: 'rateResponse', claim: { token: 'a', at: now.toISOString(), orderId: 'o1' } });
    expect(await lease.read(key)).toEqual({ token: 'a', at: now.toISOString(), orderId: 'o1' });
  });

  it('refuses when the item fails the conditions beside the lease, or is not there, and writes nothing', async () => {
    const other = await host();
    await expect(lease.claim(other, { token: 'a', now: new Date(), data: { orderId: 'o1' }, require: { equal: { companyId: 'c2' } } })).rejects.toBeInstanceOf(
      ConditionFailed,
    );
    expect((await read(other))?.claim).toBeUndefined();

    const shipped = await host();
    await transactWrite([{ update: shipped, changes: { expression: 'SET orderId = :o', values: { ':o': 'earlier' } } }]);
    await expect(lease.claim(shipped, { token: 'a', now: new Date(), data: { orderId: 'o1' }, require })).rejects.toBeInstanceOf(ConditionFailed);
    expect((await read(shipped))?.claim).toBeUndefined();

    const absent = keys.rateResponse(fresh('absent'));
    await expect(lease.claim(absent, { token: 'a', now: new Date(), data: { orderId: 'o1' } })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(absent)).toBeUndefined();
  });

  it('refuses a held lease; takes over a stale one by age, or by naming its token', async () => {
    const key = await host();
    await lease.claim(key, { token: 'dead', now: minutesAgo(10), data: { orderId: 'o1' }, require });
    const before = await read(key);
    await expect(lease.claim(key, { token: 'b', now: new Date(), data: { orderId: 'o2' }, require })).rejects.toBeInstanceOf(ConditionFailed);
    await expect(lease.claim(key, { token: 'b', now: new Date(), data: { orderId: 'o2' }, require, staleBefore: minutesAgo(20) })).rejects.toBeInstanceOf(
      ConditionFailed,
    );
    await expect(lease.claim(key, { token: 'b', now: new Date(), data: { orderId: 'o2' }, require, takeOver: { token: 'wrong' } })).rejects.toBeInstanceOf(
      ConditionFailed,
    );
    expect(await read(key)).toEqual(before);

    await lease.claim(key, { token: 'by-age', now: new Date(), data: { orderId: 'o1' }, require, staleBefore: minutesAgo(5) });
    await lease.claim(key, { token: 'by-name', now: new Date(), data: { orderId: 'o1' }, require, takeOver: { token: 'by-age' } });
    expect(await lease.read(key)).toMatchObject({ token: 'by-name', orderId: 'o1' });
  });

  it('of several takers naming one stale lease at once, exactly one wins', async () => {
    const key = await host();
    await lease.claim(key, { token: 'dead', now: minutesAgo(10), data: { orderId: 'o1' }, require });
    const takers = Array.from({ length: 8 }, (_, i) => `taker-${i}`);
    const won = await winners(
      takers.map((token) => () => lease.claim(key, { token, now: new Date(), data: { orderId: 'o1' }, require, takeOver: { token: 'dead' } })),
    );
    expect(won).toBe(1);
    expect(takers).toContain((await lease.read(key))?.token);
  });

  it('completes inside a transaction only with the holder token: otherwise nothing of the transaction is written', async () => {
    const key = await host();
    await lease.claim(key, { token: 'holder', now: new Date(), data: { orderId: 'o1' }, require });
    const before = await read(key);
    const order = keys.order(fresh('order'));
    const put = { put: { ...order, status: 'pending' }, condition: { expression: 'attribute_not_exists(pk)' } };

    const e = await transactWrite([put, lease.completion(key, 'intruder', { set: { orderId: 'o1' } })]).catch((error: unknown) => error);
    expect(e).toBeInstanceOf(ConditionFailed);
    expect((e as ConditionFailed).failures).toEqual([{ index: 1, key }]);
    expect(await read(order)).toBeUndefined();
    expect(await read(key)).toEqual(before);

    await transactWrite([put, lease.completion(key, 'holder', { set: { orderId: 'o1' } })]);
    expect(await read(order)).toMatchObject({ status: 'pending' });
    expect(await read(key)).toEqual({ ...key, companyId: 'c1', entityType: 'rateResponse', orderId: 'o1' });
    expect(await lease.read(key)).toBeUndefined();
  });

  it('completes alone too, and a wrong token leaves the item unchanged', async () => {
    const key = await host();
    await lease.claim(key, { token: 'holder', now: new Date(), data: { orderId: 'o1' }, require });
    const before = await read(key);
    await expect(lease.complete(key, 'intruder', { set: { orderId: 'o1' } })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(key)).toEqual(before);
    await lease.complete(key, 'holder', { set: { orderId: 'o1' } });
    expect(await read(key)).toMatchObject({ orderId: 'o1' });
    expect((await read(key))?.claim).toBeUndefined();
  });

  it('releases only with the holder token, by removing the attribute in one UpdateItem and no transaction', async () => {
    const key = await host();
    await lease.claim(key, { token: 'holder', now: new Date(), data: { orderId: 'o1' }, require });
    const before = await read(key);
    await expect(lease.release(key, 'intruder')).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(key)).toEqual(before);

    expect(await commandsOf(() => lease.release(key, 'holder'))).toEqual(['UpdateItemCommand']);
    expect(await read(key)).toEqual({ ...key, companyId: 'c1', entityType: 'rateResponse' });
    // Free again.
    await lease.claim(key, { token: 'next', now: new Date(), data: { orderId: 'o2' }, require });
  });

  it('a release may leave a note on the item in the same single write; a wrong token writes neither', async () => {
    const key = await host();
    await lease.claim(key, { token: 'holder', now: new Date(), data: { orderId: 'o1' }, require });
    const before = await read(key);
    await expect(lease.release(key, 'intruder', { set: { note: { orderId: 'o1' } } })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(key)).toEqual(before);
    expect(await commandsOf(() => lease.release(key, 'holder', { set: { note: { orderId: 'o1' } } }))).toEqual(['UpdateItemCommand']);
    expect(await read(key)).toEqual({ ...key, companyId: 'c1', entityType: 'rateResponse', note: { orderId: 'o1' } });
  });

  it('changes the item while no live lease holds it: free, or a stale lease, which the write removes; a live lease refuses', async () => {
    const free = await host();
    await lease.whileUnheld(free, { staleBefore: minutesAgo(5), require: { equal: { companyId: 'c1' } }, changes: { set: { note: 'free' } } });
    expect(await read(free)).toEqual({ ...free, companyId: 'c1', entityType: 'rateResponse', note: 'free' });

    const live = await host();
    await lease.claim(live, { token: 'alive', now: minutesAgo(1), data: { orderId: 'o1' }, require });
    const before = await read(live);
    await expect(lease.whileUnheld(live, { staleBefore: minutesAgo(5), changes: { set: { note: 'x' } } })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(live)).toEqual(before);

    const dead = await host();
    await lease.claim(dead, { token: 'dead', now: minutesAgo(10), data: { orderId: 'o1' }, require });
    await expect(
      lease.whileUnheld(dead, { staleBefore: minutesAgo(5), require: { equal: { companyId: 'c2' } }, changes: { set: { note: 'x' } } }),
    ).rejects.toBeInstanceOf(ConditionFailed);
    expect(await commandsOf(() => lease.whileUnheld(dead, { staleBefore: minutesAgo(5), changes: { set: { note: 'after the dead' } } }))).toEqual([
      'UpdateItemCommand',
    ]);
    expect(await read(dead)).toEqual({ ...dead, companyId: 'c1', entityType: 'rateResponse', note: 'after the dead' });

    const absent = keys.rateResponse(fresh('absent'));
    await expect(lease.whileUnheld(absent, { staleBefore: minutesAgo(5), changes: { set: { note: 'x' } } })).rejects.toBeInstanceOf(ConditionFailed);
    expect(await read(absent)).toBeUndefined();
  });
});
