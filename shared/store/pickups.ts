/**
 * Pickups (docs/pickups.md), all in the company's partition `PICKUP#<companyId>`:
 *
 * - `LIST#<mode>#<createdDate>#<pickupId>`: the pickup, so a Query lists a
 *   mode's pickups newest first; `ID#<pickupId>` points at it.
 * - `REQ#<mode>#<hash>`: the create claim of one distinct request (an item
 *   lease, shared/store/lease.ts): `booking` while one create calls the
 *   carrier, `settled` once it ended, naming the pickup it made. Of twenty
 *   identical creates one holds it and the others wait for its pickup.
 * - `RECONCILE#<pickupId>`: a booking whose outcome was unknown, with the
 *   tracking-due index's keys while it is due, so the tracking dispatcher
 *   queues its rounds with the orders' (docs/reliability.md, "Pickups").
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from '../zod';
import type { KeyMode } from '../domain/entities';
import { optionalText, text } from '../domain/leaves';
import { expressionOf, itemAbsent, itemExists } from './expressions';
import { keys, type Key } from './keys';
import { defineLease } from './lease';
import { trackingDueIndex } from './table';
import { ConditionFailed, conditionalDelete, conditionalPut, conditionalUpdate, getItem, queryNewestFirst, transactWrite } from './table-ops';

const window = z.object({ readyTime: text, closeTime: text });
const weight = z.object({ value: z.number(), unit: z.enum(['kg', 'lb']) });

export const pickupRecordSchema = z.object({
  pickupId: text,
  companyId: text,
  mode: z.enum(['live', 'test']),
  carrierCode: text,
  /** The registered account the carrier calls go through; absent for a sandbox plan without one. */
  carrierAccountId: optionalText,
  /** Our reference at the carrier (shared/domain/pickups.ts pickupReferenceOf). */
  reference: text,
  status: z.enum(['booking', 'scheduled', 'cancelled', 'failed']),
  confirmationNumber: optionalText,
  pickupDate: text,
  /** The window asked for. */
  requested: window,
  /** The window the carrier booked. */
  window,
  /** The place, as the caller's address (validated by the route's schema when it was written). */
  location: z.record(z.string(), z.unknown()),
  orders: z.array(text),
  packageCount: z.number(),
  totalWeight: weight,
  instructions: optionalText,
  /** Integer minor units. */
  charges: z.optional(z.object({ amount: z.number(), currency: text })),
  /** The carrier's place that sends the driver, where it names one (cancel names it back). */
  carrierLocation: optionalText,
  /** An attempt to book it ended without a clear answer: the next one asks the carrier first (`mayExist`). */
  uncertain: z.optional(z.boolean()),
  createdDate: text,
  cancelledAt: optionalText,
});
export type PickupRecord = z.infer<typeof pickupRecordSchema>;

const pointerSchema = z.object({ listSk: text });

/** A pickup from a stream record's image (the `pickup.*` webhook events); undefined for any other item or one that does not read. */
export const pickupOfImage = (image: Record<string, unknown>): PickupRecord | undefined => {
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.entityType !== 'pickup') return undefined;
  const parsed = pickupRecordSchema.safeParse(item);
  return parsed.success ? parsed.data : undefined;
};

const listKey = (p: Pick<PickupRecord, 'companyId' | 'mode' | 'createdDate' | 'pickupId'>) => keys.pickup(p.companyId, p.mode, p.createdDate, p.pickupId);
const itemOf = (p: PickupRecord) => ({ ...listKey(p), entityType: 'pickup', ...stripUndefined(p) });
const stripUndefined = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** Writes a new pickup and its id pointer together; ConditionFailed when the id is taken. */
export const createPickup = async (p: PickupRecord): Promise<void> => {
  await transactWrite([
    { put: itemOf(p), condition: itemAbsent() },
    { put: { ...keys.pickupId(p.companyId, p.pickupId), entityType: 'pickupId', listSk: listKey(p).sk }, condition: itemAbsent() },
  ]);
};

/** Writes the pickup as it now stands (it exists). */
export const savePickup = async (p: PickupRecord): Promise<void> => {
  await conditionalPut(itemOf(p), itemExists());
};

/** Deletes a pickup that was never booked (the carrier refused its first attempt) and its pointer. */
export const deletePickup = async (p: PickupRecord): Promise<void> => {
  await transactWrite([{ delete: listKey(p) }, { delete: keys.pickupId(p.companyId, p.pickupId) }]);
};

/** The company's pickup of that id, any mode; undefined when it has none. */
export const getPickup = async (companyId: string, pickupId: string): Promise<PickupRecord | undefined> => {
  const pointer = await getItem(keys.pickupId(companyId, pickupId), pointerSchema, true);
  if (!pointer) return undefined;
  return getItem({ pk: keys.pickupId(companyId, pickupId).pk, sk: pointer.listSk }, pickupRecordSchema, true);
};

/**
 * One page of a mode's pickups, newest first, of `carrierCode` when given,
 * after `after` (a sort key of the list). `last` is where the next page
 * starts; absent on the last page.
 */
export const listPickups = async (
  companyId: string,
  mode: KeyMode,
  options: { carrierCode?: string; after?: string; limit: number },
): Promise<{ pickups: PickupRecord[]; last?: string }> => {
  const { pk, skPrefix } = keys.pickupListPrefix(companyId, mode);
  const e = expressionOf();
  const keyCondition = e.expression(`${e.equals('pk', pk)} AND ${e.beginsWith('sk', skPrefix)}`);
  const filter = options.carrierCode ? e.expression(e.equals('carrierCode', options.carrierCode, 'carrier')) : undefined;
  const { items, last } = await queryNewestFirst(pk, keyCondition, {
    ...(filter ? { filter } : {}),
    ...(options.after ? { after: options.after } : {}),
    limit: options.limit,
  });
  return { pickups: items.map((item) => pickupRecordSchema.parse(item)), ...(last !== undefined ? { last } : {}) };
};

/** Whether `sk` is a pickup sort key of that mode (a cursor's content is checked before it reaches DynamoDB). */
export const isPickupSortKey = (companyId: string, mode: KeyMode, sk: string): boolean =>
  sk.startsWith(keys.pickupListPrefix(companyId, mode).skPrefix) && sk.length <= 200;

const claimSchema = z.object({ state: z.enum(['booking', 'settled']), token: text, at: text, pickupId: text });
export type PickupClaim = z.infer<typeof claimSchema>;

/** The create claim: an item lease, `booking` while held, `settled` once complete. */
const claimLease = defineLease({ kind: 'item', entityType: 'pickupRequest', since: 'at', held: 'booking', done: 'settled', schema: claimSchema });

export const requestKey = (companyId: string, mode: KeyMode, hash: string): Key => keys.pickupRequest(companyId, mode, hash);
export const readClaim = (key: Key) => claimLease.read(key);

/**
 * Claims the create of a request for `pickupId`: when it is free, held since
 * before `staleBefore` (its create died), or exactly the lease of `takeOver`
 * (a settled one, or a stale one read just now). ConditionFailed otherwise.
 */
export const claimRequest = (
  key: Key,
  token: string,
  pickupId: string,
  now: Date,
  options: { staleBefore: Date; takeOver?: { token: string; completed: boolean } },
) => claimLease.claim(key, { token, now, data: { pickupId }, ...(options.takeOver ? { takeOver: options.takeOver } : { staleBefore: options.staleBefore }) });

/** Ends the create: the claim settles, naming its pickup. ConditionFailed when another create took it over. */
export const settleRequest = (key: Key, token: string) => claimLease.complete(key, token);

// The reconciliation record of a booking of unknown outcome.

const roundLease = defineLease({ kind: 'attribute', attribute: 'check', since: 'at', schema: z.object({ token: text, at: text }) });

export const pickupReconcileSchema = z.object({
  pickupId: text,
  companyId: text,
  /** When the first attempt of unknown outcome was made. */
  since: text,
  round: z.number(),
  /** Confirmation numbers the reconciler cancelled (or the carrier refused to cancel for good): not asked again. */
  settled: z.optional(z.array(text)),
  dueAt: optionalText,
});
export type PickupReconcile = z.infer<typeof pickupReconcileSchema>;

/** Kept this long past its last due time (TTL). */
const RETENTION_SECONDS = 30 * 86_400;

const dueFields = (pickupId: string, dueAt: Date) => ({
  ...keys.trackingDue(pickupId, dueAt.toISOString()),
  expiresAtEpoch: Math.floor(dueAt.getTime() / 1000) + RETENTION_SECONDS,
});

/** Records a booking of unknown outcome, due at `dueAt`: created, or made due again from round 0 (`since` stays). */
export const recordPickupAttempt = async (companyId: string, pickupId: string, now: Date, dueAt: Date): Promise<void> => {
  const e = expressionOf();
  const since = `${e.name('since')} = if_not_exists(${e.name('since')}, ${e.value('since', now.toISOString())})`;
  await conditionalUpdate(
    keys.pickupReconcile(companyId, pickupId),
    e.expression(e.update({ set: { entityType: 'pickupReconcile', pickupId, companyId, round: 0, ...dueFields(pickupId, dueAt) } }, { set: [since] })),
  );
};

/** Deletes the record (a booking that ended cleanly, with no uncertain attempt before it). */
export const dropPickupReconcile = async (companyId: string, pickupId: string): Promise<void> => {
  await conditionalDelete(keys.pickupReconcile(companyId, pickupId), itemExists()).catch((error: unknown) => {
    if (!(error instanceof ConditionFailed)) throw error;
  });
};

export const getPickupReconcile = (companyId: string, pickupId: string): Promise<PickupReconcile | undefined> =>
  getItem(keys.pickupReconcile(companyId, pickupId), pickupReconcileSchema, true);

/** Claims a round while the record is still due at `dueAt` (the time the dispatcher found). ConditionFailed when another run holds it or it moved on. */
export const claimPickupRound = (companyId: string, pickupId: string, claim: { token: string; now: Date; dueAt: string; staleBefore: Date }) =>
  roundLease.claim(keys.pickupReconcile(companyId, pickupId), {
    token: claim.token,
    now: claim.now,
    staleBefore: claim.staleBefore,
    require: { equal: { [trackingDueIndex.sortKey]: claim.dueAt } },
  });

/** Ends a round: due again at `next`, or (without) finished, out of the index. */
export const finishPickupRound = (
  companyId: string,
  pickupId: string,
  token: string,
  outcome: { next?: Date; round: number; settled: readonly string[]; now: Date },
) => {
  const set: Record<string, unknown> = { round: outcome.round, settled: [...outcome.settled] };
  if (outcome.next) Object.assign(set, dueFields(pickupId, outcome.next));
  else set.expiresAtEpoch = Math.floor(outcome.now.getTime() / 1000) + RETENTION_SECONDS;
  return roundLease.complete(keys.pickupReconcile(companyId, pickupId), token, {
    set,
    remove: outcome.next ? [] : [trackingDueIndex.partitionKey, trackingDueIndex.sortKey],
  });
};

/** Gives a round up unchanged (the store failed mid-round): it stays due, and the lease goes stale. */
export const releasePickupRound = async (companyId: string, pickupId: string, token: string): Promise<void> => {
  await roundLease.release(keys.pickupReconcile(companyId, pickupId), token).catch((error: unknown) => {
    if (!(error instanceof ConditionFailed)) throw error;
  });
};

export { ConditionFailed };
