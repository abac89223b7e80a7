/**
 * The lease: the one "claim with a token and an expiry" primitive every
 * exactly-once protocol of the store is built on (the ship claim on a rate
 * response, shared/store/orders.ts; the label render marker,
 * shared/store/label-files.ts; the status e-mail marker,
 * shared/store/notifications.ts). The guarantee lives in the data, so it holds
 * across containers. Modelled on the persistence layer of Powertools
 * Idempotency (a record put "if absent, or in progress past its in-progress
 * expiry", completed or deleted afterwards):
 *
 * - `claim` is one conditional write that succeeds when the lease is free, or
 *   is held (in progress) since before `staleBefore` (its holder died), or,
 *   when the caller names it in `takeOver`, is exactly the lease with that
 *   token. DynamoDB applies conditional writes to one item one at a time, so
 *   of two takers of one stale lease only one wins: the second finds the
 *   first one's fresh lease. It throws ConditionFailed otherwise.
 * - `complete` turns the lease the caller holds into its result, conditioned
 *   on its token; `completion` is the same write as a transaction item, for a
 *   protocol whose result is written with other items (the ship's order).
 * - `release` gives a held lease up, conditioned on its token: one
 *   single-item write (a DeleteItem, or an UpdateItem removing the attribute),
 *   never a transaction, which would bill twice.
 * - `read` is a consistent GetItem of the lease.
 * - `whileUnheld` (attribute leases) changes the item while no live lease
 *   holds it: there is none, or it was claimed before `staleBefore` (its
 *   holder died), and then the write removes it. The same stale rule as a
 *   claim, for a write that ends or restarts the work instead of doing it (a
 *   webhook delivery failed, or requeued by hand or by the sweep).
 *
 * A lease has two shapes (`LeaseLayout`):
 * - `item`: the lease is an item of its own (`{entityType, state, token,
 *   <since>, ...data}`), written whole by each claim. `state` is `held` while
 *   in progress and `done` once complete; a completed lease stays, and only
 *   `takeOver` (naming its token) claims it again.
 * - `attribute`: the lease is a map attribute (`{token, <since>, ...data}`)
 *   of an existing item, which a claim never creates; completing or
 *   releasing it removes the attribute. `require` adds conditions on that
 *   item (the rate response's company, and that it has no order yet).
 *
 * Times are ISO 8601 strings in UTC (`Date.toISOString`), which compare in
 * time order as strings, as the stored items always had them. Every
 * attribute name and value of an expression goes through a placeholder
 * (./expressions.ts): `state`, `token` and others are DynamoDB reserved words.
 *
 * Why not Powertools Idempotency itself (docs/decisions.md, "Hand-written where a
 * library could serve"): it wraps a function call, keys its record by a hash
 * of the call's input, stores the call's result, and writes that record alone,
 * in a shape of its own (`status` INPROGRESS/COMPLETED, epoch-second
 * `expiration`). The ship claim is an attribute of an existing item, carries
 * conditions on that item, and completes in one transaction with the order
 * put; the render marker is taken over by naming a completed marker's token
 * when its file vanished from the bucket; and the stored items keep their
 * shapes. None of that fits its persistence layer, and this is a page of code.
 */
import * as z from '../zod';
import type { Key } from './keys';
import { tableDefinition } from './table';
import { all, any, expressionOf, type Changes, type Expression, type ExpressionBuilder } from './expressions';
import { conditionalDelete, conditionalPut, conditionalUpdate, getItem, type TransactionWrite } from './table-ops';

/** Attributes every lease has, whatever its shape. */
const TOKEN = 'token';
/** The state of a lease item. */
const STATE = 'state';

/** Where a lease lives and how its attributes are spelled; `schema` parses the lease as stored. */
export type LeaseLayout<T> =
  | {
      kind: 'item';
      entityType: string;
      /** The attribute holding when the lease was claimed. */
      since: string;
      /** `state` of a lease in progress and of a completed one. */
      held: string;
      done: string;
      schema: z.ZodMiniType<T>;
    }
  | {
      kind: 'attribute';
      /** The map attribute of the item that holds the lease. */
      attribute: string;
      since: string;
      schema: z.ZodMiniType<T>;
    };

/** Conditions on the item that holds an attribute lease: attributes equal to values, attributes absent. */
export type ItemCondition = { equal?: Record<string, unknown>; absent?: readonly string[] };

/** Attributes a completion sets and removes beside the lease's own. */
export type LeaseChanges = Changes;

export type ClaimOptions = {
  /** The claimer's token, unique per claim: complete and release name it. */
  token: string;
  /** Written as the lease's `since`. */
  now: Date;
  /** A held lease claimed before this is stale and may be claimed. Without it a held lease is never claimed by age alone. */
  staleBefore?: Date;
  /**
   * Claims exactly the lease with this token instead (free and stale leases
   * are then refused): the caller has read that lease and decided to take it
   * over. `completed` (item leases): only once it is complete.
   */
  takeOver?: { token: string; completed?: boolean };
  /** More attributes of the lease (the ship's orderId and shipTime). */
  data?: Record<string, unknown>;
  /** Attribute leases: conditions on the item beside the lease's own. */
  require?: ItemCondition;
};

const itemConditions = (e: ExpressionBuilder, require: ItemCondition = {}): string[] => [
  ...Object.entries(require.equal ?? {}).map(([attribute, value]) => e.equals(attribute, value, `if_${attribute}`)),
  ...(require.absent ?? []).map((attribute) => e.absent(attribute)),
];

/** The claim, complete, release and read of leases laid out as `layout`. */
export const defineLease = <T>(layout: LeaseLayout<T>) => {
  const pk = tableDefinition.partitionKey;

  /** Claims the lease of `key` for `options.token` (see the module's comment); ConditionFailed when it is not to be had. */
  const claim = async (key: Key, options: ClaimOptions): Promise<void> => {
    const e = expressionOf();
    const since = options.now.toISOString();
    if (layout.kind === 'item') {
      if (options.require) throw new Error('an item lease takes no conditions on another item');
      // Only the placeholders of the expression sent: DynamoDB refuses unused ones.
      const condition = options.takeOver
        ? all(e.equals(TOKEN, options.takeOver.token, 'taken'), ...(options.takeOver.completed ? [e.equals(STATE, layout.done, 'done')] : []))
        : any(
            e.absent(pk),
            ...(options.staleBefore
              ? [`${e.equals(STATE, layout.held, 'held')} AND ${e.name(layout.since)} < ${e.value('stale', options.staleBefore.toISOString())}`]
              : []),
          );
      await conditionalPut(
        { ...(options.data ?? {}), ...key, entityType: layout.entityType, [STATE]: layout.held, [TOKEN]: options.token, [layout.since]: since },
        e.expression(condition),
      );
      return;
    }
    if (options.takeOver?.completed) throw new Error('an attribute lease is removed when complete: there is no completed lease to take over');
    const lease = e.name(layout.attribute);
    const leaseCondition = options.takeOver
      ? `${e.path(layout.attribute, TOKEN)} = ${e.value('taken', options.takeOver.token)}`
      : [
          e.absent(layout.attribute),
          ...(options.staleBefore ? [`${e.path(layout.attribute, layout.since)} < ${e.value('stale', options.staleBefore.toISOString())}`] : []),
        ].join(' OR ');
    // `attribute_exists(pk)`: a lease on an item never creates the item.
    const condition = all(e.exists(pk), ...itemConditions(e, options.require), leaseCondition);
    const value = e.value('lease', { ...(options.data ?? {}), [TOKEN]: options.token, [layout.since]: since });
    await conditionalUpdate(key, { expression: `SET ${lease} = ${value}` }, e.expression(condition));
  };

  /** The write that completes `token`'s lease with `changes`: an update of the item, conditioned on the token. */
  const completion = (key: Key, token: string, changes: LeaseChanges = {}): Extract<TransactionWrite, { update: Key }> & { condition: Expression } => {
    const e = expressionOf();
    if (layout.kind === 'item') {
      const owned = `${e.equals(TOKEN, token, 'token')} AND ${e.equals(STATE, layout.held, 'held')}`;
      const update = e.update(changes, { set: [e.equals(STATE, layout.done, 'done')] });
      return { update: key, changes: { expression: update }, condition: e.expression(owned) };
    }
    const owned = `${e.path(layout.attribute, TOKEN)} = ${e.value('token', token)}`;
    const update = e.update(changes, { remove: [e.name(layout.attribute)] });
    return { update: key, changes: { expression: update }, condition: e.expression(owned) };
  };

  /** Completes `token`'s lease with `changes`; ConditionFailed when the lease is no longer `token`'s (taken over). */
  const complete = async (key: Key, token: string, changes: LeaseChanges = {}): Promise<void> => {
    const write = completion(key, token, changes);
    await conditionalUpdate(write.update, write.changes, write.condition);
  };

  /**
   * Gives `token`'s held lease up; ConditionFailed when it is no longer
   * `token`'s, or complete. An attribute lease may leave `changes` on its item
   * in the same write (the ship's note of an attempt whose outcome is unknown).
   */
  const release = async (key: Key, token: string, changes: LeaseChanges = {}): Promise<void> => {
    const e = expressionOf();
    if (layout.kind === 'item') {
      if (changes.set || changes.remove) throw new Error('an item lease is deleted when released: there is no item left to change');
      await conditionalDelete(key, e.expression(`${e.equals(TOKEN, token, 'token')} AND ${e.equals(STATE, layout.held, 'held')}`));
      return;
    }
    const update = e.update(changes, { remove: [e.name(layout.attribute)] });
    await conditionalUpdate(key, { expression: update }, e.expression(`${e.path(layout.attribute, TOKEN)} = ${e.value('token', token)}`));
  };

  /**
   * Changes the item of an attribute lease while no live lease holds it (see
   * the module's comment): `require` and no lease, or a lease claimed before
   * `staleBefore`, which the write removes. ConditionFailed otherwise (a live
   * lease holds it, or `require` does not hold).
   */
  const whileUnheld = async (key: Key, options: { staleBefore: Date; require?: ItemCondition; changes?: LeaseChanges }): Promise<void> => {
    if (layout.kind === 'item') throw new Error('an item lease is an item of its own: there is no other item to change while it is free');
    const e = expressionOf();
    const unheld = `${e.absent(layout.attribute)} OR ${e.path(layout.attribute, layout.since)} < ${e.value('stale', options.staleBefore.toISOString())}`;
    const condition = all(e.exists(pk), ...itemConditions(e, options.require), unheld);
    const update = e.update(options.changes ?? {}, { remove: [e.name(layout.attribute)] });
    await conditionalUpdate(key, { expression: update }, e.expression(condition));
  };

  const attributeItem = layout.kind === 'attribute' ? z.object({ [layout.attribute]: z.optional(layout.schema) }) : undefined;

  /** The lease of `key` as it is now (consistent read), or undefined when there is none. */
  const read = async (key: Key): Promise<T | undefined> => {
    if (layout.kind === 'item') return getItem(key, layout.schema, true);
    const item = await getItem(key, attributeItem!, true);
    return item?.[layout.attribute];
  };

  return { claim, complete, completion, release, read, whileUnheld, schema: layout.schema };
};

export type Lease<T> = ReturnType<typeof defineLease<T>>;
