/**
 * Records of carrier calls whose outcome is unknown (docs/reliability.md):
 * a ship or a void that may have happened at the carrier without our knowing.
 * Each is an item in its order's partition (`ORDER#<id>` / `RECONCILE#SHIP`
 * or `RECONCILE#VOID`), and while it is due it carries the keys of the
 * sparse tracking-due index (`dueShard`, `dueAt`), so the tracking
 * dispatcher finds it with the order's tracking checks and queues it for the
 * tracking workers (shared/services/reconciliation.ts).
 *
 * - A ship record is written before the carrier is asked to buy (after the
 *   rate response is claimed), so a crash between the carrier's answer and
 *   the order write leaves it too. A ship that ends with a clear answer and
 *   had no earlier uncertain attempt deletes it in the order's own
 *   transaction; any other ship leaves it, due SHIP_RECONCILE_AFTER_SECONDS
 *   later.
 * - A void record is written when a cancel's void ended without a clear
 *   answer; the reconciler voids again until the carrier says voided or
 *   refuses.
 *
 * A run holds the record's `check` lease (shared/store/lease.ts), claimed
 * only while the record is still due at the time the dispatcher found, so a
 * record queued twice is reconciled once per round. The audit trail of what
 * the reconciler did to an order (`AUDIT#<action>#<tracking number>`) sits in
 * the same partition, one item per shipment and action, written if absent:
 * a run repeated after a crash adds nothing.
 */
import * as z from '../zod';
import { optionalText, text } from '../domain/leaves';
import { expressionOf, itemAbsent, itemExists } from './expressions';
import { keys } from './keys';
import { defineLease } from './lease';
import { trackingDueIndex } from './table';
import { conditionalDelete, conditionalPut, conditionalUpdate, getItem, queryItems, type TransactionWrite } from './table-ops';
import { ConditionFailed } from './table-ops';

export const RECONCILE_ENTITY = 'reconcile';
export type ReconcileKind = 'SHIP' | 'VOID';
export const RECONCILE_KINDS: readonly ReconcileKind[] = ['SHIP', 'VOID'];

const leaseSchema = z.object({ token: text, at: text });
const runLease = defineLease({ kind: 'attribute', attribute: 'check', since: 'at', schema: leaseSchema });

export const reconcileRecordSchema = z.object({
  kind: z.enum(['SHIP', 'VOID']),
  orderId: text,
  companyId: text,
  carrierCode: text,
  mode: z.enum(['live', 'test']),
  /** Our reference at the carrier: the rateResponseId a ship was made under. */
  reference: text,
  rateResponseId: optionalText,
  carrierAccountId: optionalText,
  /** A void record: the shipment to void. */
  trackingNumber: optionalText,
  shipmentId: optionalText,
  /** When the first attempt of unknown outcome was made; the carrier's void window counts from it. */
  since: text,
  /** Reconciliation rounds made since the last attempt: the next one waits twice as long. */
  round: z.number(),
  /** Tracking numbers already settled as orphans (voided, or refused for good): not voided again. */
  voided: z.optional(z.array(text)),
  dueAt: optionalText,
  check: z.optional(leaseSchema),
});
export type ReconcileRecord = z.infer<typeof reconcileRecordSchema>;

/** What is recorded of an attempt whose outcome may be unknown. */
export type ReconcileSubject = Pick<
  ReconcileRecord,
  'kind' | 'orderId' | 'companyId' | 'carrierCode' | 'mode' | 'reference' | 'rateResponseId' | 'carrierAccountId' | 'trackingNumber' | 'shipmentId'
>;

/** Kept this long past its last due time whatever happens (TTL): a record nobody reconciles does not stay for ever. */
const RETENTION_SECONDS = 120 * 86_400;

const dueFields = (orderId: string, dueAt: Date) => ({
  ...keys.trackingDue(orderId, dueAt.toISOString()),
  expiresAtEpoch: Math.floor(dueAt.getTime() / 1000) + RETENTION_SECONDS,
});

/**
 * Records an attempt about to be made (a ship) or made without a clear answer
 * (a void), due at `dueAt`: created, or an existing record of the order made
 * due again with its rounds started over (a new attempt may itself be late).
 * `since` and the orphans already voided stay.
 */
export const recordAttempt = async (subject: ReconcileSubject, now: Date, dueAt: Date): Promise<void> => {
  const set: Record<string, unknown> = { entityType: RECONCILE_ENTITY, ...stripUndefined(subject), round: 0, ...dueFields(subject.orderId, dueAt) };
  const e = expressionOf();
  const since = `${e.name('since')} = if_not_exists(${e.name('since')}, ${e.value('since', now.toISOString())})`;
  await conditionalUpdate(keys.reconcile(subject.orderId, subject.kind), e.expression(e.update({ set }, { set: [since] })));
};

const stripUndefined = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** The record's delete in a transaction (a ship that ended cleanly, written with its order). */
export const recordRemoval = (orderId: string, kind: ReconcileKind): TransactionWrite => ({ delete: keys.reconcile(orderId, kind) });

/** Deletes the record (a first attempt the carrier refused outright: it bought nothing). */
export const dropRecord = async (orderId: string, kind: ReconcileKind): Promise<void> => {
  await conditionalDelete(keys.reconcile(orderId, kind), itemExists()).catch((error: unknown) => {
    if (!(error instanceof ConditionFailed)) throw error;
  });
};

export const getRecord = (orderId: string, kind: ReconcileKind): Promise<ReconcileRecord | undefined> =>
  getItem(keys.reconcile(orderId, kind), reconcileRecordSchema, true);

/**
 * Claims a round of the record, only while it is still due at `dueAt` (the
 * time the dispatcher found); a lease older than `staleBefore` is a dead
 * run's. ConditionFailed when another run holds it or it moved on.
 */
export const claimRound = async (
  orderId: string,
  kind: ReconcileKind,
  claim: { token: string; now: Date; dueAt: string; staleBefore: Date },
): Promise<void> => {
  await runLease.claim(keys.reconcile(orderId, kind), {
    token: claim.token,
    now: claim.now,
    staleBefore: claim.staleBefore,
    require: { equal: { [trackingDueIndex.sortKey]: claim.dueAt } },
  });
};

/**
 * Ends a round: due again at `next` (round `round`), with `voided` added to
 * the orphans voided; or, without `next`, finished: the record leaves the
 * index and expires. ConditionFailed when the round's lease was taken over.
 */
export const finishRound = async (
  orderId: string,
  kind: ReconcileKind,
  token: string,
  outcome: { next?: Date; round: number; voided: readonly string[]; now: Date },
): Promise<void> => {
  const set: Record<string, unknown> = { round: outcome.round, voided: [...outcome.voided] };
  if (outcome.next) Object.assign(set, dueFields(orderId, outcome.next));
  else set.expiresAtEpoch = Math.floor(outcome.now.getTime() / 1000) + RETENTION_SECONDS;
  await runLease.complete(keys.reconcile(orderId, kind), token, {
    set,
    remove: outcome.next ? [] : [trackingDueIndex.partitionKey, trackingDueIndex.sortKey],
  });
};

/** Gives a round up without changing the record (the store failed mid-round): it stays due, and the lease goes stale. */
export const releaseRound = async (orderId: string, kind: ReconcileKind, token: string): Promise<void> => {
  await runLease.release(keys.reconcile(orderId, kind), token).catch((error: unknown) => {
    if (!(error instanceof ConditionFailed)) throw error;
  });
};

/** What the reconciler did to an order's shipments: one entry per shipment and action. */
export const auditEntrySchema = z.object({
  orderId: text,
  at: text,
  action: z.enum(['orphan-voided', 'orphan-adopted', 'void-confirmed', 'void-refused']),
  carrierCode: text,
  trackingNumber: text,
  detail: optionalText,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Adds `entry` to its order's audit trail, once: a repeated run writes nothing. Whether it was new. */
export const addAuditEntry = async (entry: AuditEntry): Promise<boolean> => {
  try {
    await conditionalPut({ ...keys.audit(entry.orderId, entry.action, entry.trackingNumber), entityType: 'audit', ...stripUndefined(entry) }, itemAbsent());
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

/** The order's audit trail, oldest first. */
export const auditTrail = async (orderId: string): Promise<AuditEntry[]> => {
  const { pk, skPrefix } = keys.auditPrefix(orderId);
  const items = await queryItems(pk, skPrefix);
  return items.map((item) => auditEntrySchema.parse(item)).sort((a, b) => a.at.localeCompare(b.at));
};
