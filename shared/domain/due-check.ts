/**
 * The message of the tracking-checks queue: a check the dispatcher found due
 * in the tracking-due index (shared/store/tracking-schedule.ts `dueChecks`),
 * the order and the due time it was found at (what the worker's claim names).
 * `reconcile`: not the order's tracking check but one of its reconciliation
 * records (shared/store/reconciliation.ts), which share the index; the
 * tracking worker (functions/tracking-check) routes it to the reconciler.
 * `PICKUP`: a pickup's booking of unknown outcome (shared/store/pickups.ts),
 * `orderId` then the pickup's id and `companyId` its company.
 *
 * One schema is the type and the reading of a message as received: a body
 * that is not one of ours is no message (the worker logs and drops it).
 */
import * as z from '../zod';

/** Any other `reconcile` (a key of Object.prototype, an object) reads as absent: the message is a tracking check. */
const reconcileKind = z.catch(z.optional(z.enum(['SHIP', 'VOID', 'PICKUP'])), undefined);

export const dueCheckSchema = z.object({
  /** At most 64 characters: an order id is a UUID, and a hostile body names nothing long. */
  orderId: z.string().check(z.maxLength(64)),
  dueAt: z.string().check(z.refine((at) => !Number.isNaN(Date.parse(at)))),
  reconcile: reconcileKind,
  companyId: z.optional(z.string().check(z.maxLength(64))),
});

export type DueCheck = z.infer<typeof dueCheckSchema>;

/** A tracking-checks message as received; undefined when it is not one of ours. */
export const parseDueCheck = (body: string): DueCheck | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = dueCheckSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { orderId, dueAt, reconcile, companyId } = parsed.data;
  if (reconcile === 'PICKUP') return companyId ? { orderId, dueAt, reconcile, companyId } : undefined;
  return { orderId, dueAt, ...(reconcile ? { reconcile } : {}) };
};
