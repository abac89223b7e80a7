/**
 * Webhook endpoints and deliveries (docs/webhooks.md), all in the company's
 * partition `WEBHOOK#<companyId>`:
 *
 * - `ENDPOINT#<webhookId>`: the endpoint, its signing secret sealed
 *   (shared/webhooks/secret-box.ts: a table read alone does not reveal it);
 * - `COUNT`: how many endpoints the company has. Creating one is a transaction
 *   that adds 1 under the condition that the count is below the limit, so
 *   concurrent creates never pass it; deleting one takes 1 off;
 * - `DELIVERY#<webhookId>#<deliveryId>`: one message to one endpoint, its
 *   body stored as the exact bytes sent on every attempt, kept
 *   DELIVERY_RETENTION_DAYS for the list and for replay. An attempt holds the
 *   `attempt` lease (shared/store/lease.ts) of the delivery, so two workers
 *   handed the same message never send it at once. While pending it is in the
 *   sparse webhook-overdue index (shared/store/table.ts) at its next attempt's
 *   time plus SWEEP_AFTER_SECONDS: every write that moves its next attempt
 *   moves the entry, and the write that ends it removes it, so what the index
 *   holds up to now are the deliveries no queue message has moved for that
 *   long (docs/webhooks.md, "Deliveries stuck").
 */
import * as z from '../zod';
import { MAX_WEBHOOKS_PER_COMPANY, WEBHOOK_EVENT_TYPES, type DeliveryProgress } from '../domain/webhooks';
import { expressionOf, itemAbsent, itemExists } from './expressions';
import { keys, WEBHOOK_OVERDUE_SHARDS, type Key } from './keys';
import { defineLease } from './lease';
import { webhookOverdueIndex } from './table';
import { ConditionFailed, conditionalPut, conditionalUpdate, getItem, queryIndexUpTo, queryLatest, queryPrefix, transactWrite } from './table-ops';

/** How long a delivery is kept after it was made. */
export const DELIVERY_RETENTION_DAYS = 30;
/**
 * An attempt lease older than this belongs to an attempt that died: longer
 * than an attempt's timeout (15 s) and the writes around it, and than the
 * delivery function's own timeout (30 s), after which no attempt is alive.
 */
export const ATTEMPT_LEASE_SECONDS = 60;
/**
 * A pending delivery whose next attempt is this far behind has no queue
 * message moving it: SQS gives a message up after 5 receipts 180 s apart (15
 * minutes, then the dead-letter queue), and a message waiting out a lease
 * comes back after 61 s. Twice that; the sweep requeues it (docs/webhooks.md).
 */
export const SWEEP_AFTER_SECONDS = 30 * 60;
/**
 * Requeues by the sweep without an attempt in between, after which the sweep
 * fails the delivery instead: about 3 hours of its messages failing every
 * time (a sealed secret that no longer opens, say). A retry by hand starts it
 * again.
 */
export const MAX_SWEEPS = 6;

const eventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES));

export const webhookItemSchema = z.object({
  webhookId: z.string(),
  companyId: z.string(),
  url: z.string(),
  events: eventTypes,
  description: z.optional(z.string()),
  enabled: z.boolean(),
  createdDate: z.string(),
  secretSealed: z.string(),
  disabledAt: z.optional(z.string()),
});
export type WebhookItem = z.infer<typeof webhookItemSchema>;

const attemptLeaseSchema = z.object({ token: z.string(), startedAt: z.string() });

export const deliveryItemSchema = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  companyId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdDate: z.string(),
  body: z.string(),
  attempts: z.number(),
  status: z.enum(['pending', 'delivered', 'failed']),
  nextAttemptAt: z.optional(z.string()),
  lastResponseStatus: z.optional(z.number()),
  lastError: z.optional(z.string()),
  /** A manual retry: one attempt. */
  manual: z.optional(z.boolean()),
  attempt: z.optional(attemptLeaseSchema),
  /** When a pending delivery counts as stuck (the webhook-overdue index's sort key). */
  overdueAt: z.optional(z.string()),
  /** Requeues by the sweep since the last attempt. */
  sweeps: z.optional(z.number()),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

export class WebhookLimitReached extends Error {
  override readonly name = 'WebhookLimitReached';
}

/** Stores a new endpoint, unless the company has MAX_WEBHOOKS_PER_COMPANY already (WebhookLimitReached). */
export const putWebhook = async (item: WebhookItem): Promise<void> => {
  const count = keys.webhookCount(item.companyId);
  const e = expressionOf();
  const counted = e.name('count');
  const changes = e.expression(`SET ${counted} = if_not_exists(${counted}, ${e.value('zero', 0)}) + ${e.value('one', 1)}`);
  const belowLimit = e.expression(`${e.absent('count')} OR ${e.compare('count', '<', MAX_WEBHOOKS_PER_COMPANY, 'max')}`);
  try {
    await transactWrite([
      { update: count, changes, condition: belowLimit },
      { put: { ...keys.webhook(item.companyId, item.webhookId), entityType: 'webhook', ...item }, condition: itemAbsent() },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed && e.failedFor(count)) throw new WebhookLimitReached(`at most ${MAX_WEBHOOKS_PER_COMPANY} webhook endpoints per company`);
    throw e;
  }
};

export const getWebhook = (companyId: string, webhookId: string, consistent = false): Promise<WebhookItem | undefined> =>
  getItem(keys.webhook(companyId, webhookId), webhookItemSchema, consistent);

export const listWebhooks = (companyId: string): Promise<WebhookItem[]> => {
  const { pk, skPrefix } = keys.webhookPrefix(companyId);
  return queryPrefix(pk, skPrefix, webhookItemSchema);
};

/** Deletes the endpoint and takes it off the count, in one transaction; false when it was not there. */
export const deleteWebhook = async (companyId: string, webhookId: string): Promise<boolean> => {
  const e = expressionOf();
  const counted = e.name('count');
  const one = e.value('one', 1);
  try {
    await transactWrite([
      { delete: keys.webhook(companyId, webhookId), condition: itemExists() },
      // if_not_exists: a company that never had an endpoint has no count item (the delete's condition fails the transaction then).
      { update: keys.webhookCount(companyId), changes: e.expression(`SET ${counted} = if_not_exists(${counted}, ${one}) - ${one}`) },
    ]);
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
};

/** An endpoint that answered 410 Gone: nothing more is sent to it. */
export const disableWebhook = async (companyId: string, webhookId: string, at: string): Promise<void> => {
  try {
    const e = expressionOf();
    await conditionalUpdate(keys.webhook(companyId, webhookId), e.expression(e.update({ set: { enabled: false, disabledAt: at } })), itemExists());
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e; // deleted meanwhile
  }
};

/** The index attributes of a pending delivery whose next attempt is at `nextAttemptAt`. */
const overdueEntry = (deliveryId: string, nextAttemptAt: string) =>
  keys.webhookOverdue(deliveryId, new Date(Date.parse(nextAttemptAt) + SWEEP_AFTER_SECONDS * 1000).toISOString());
/** What a write that ends a delivery removes beside its own attributes: its entry in the index and its sweep count. */
const ENDED = [webhookOverdueIndex.partitionKey, webhookOverdueIndex.sortKey, 'sweeps'] as const;

/**
 * Stores a new delivery; false when a delivery with its id is there already
 * (the same stream record handled again).
 */
export const putDelivery = async (item: Omit<DeliveryItem, 'attempt' | 'overdueAt' | 'sweeps'>, now: Date): Promise<boolean> => {
  try {
    await conditionalPut(
      {
        ...keys.webhookDelivery(item.companyId, item.webhookId, item.deliveryId),
        entityType: 'webhookDelivery',
        ...item,
        ...(item.status === 'pending' ? overdueEntry(item.deliveryId, item.nextAttemptAt ?? item.createdDate) : {}),
        expiresAtEpoch: Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86_400,
      },
      itemAbsent(),
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
};

export const getDelivery = (companyId: string, webhookId: string, deliveryId: string, consistent = false): Promise<DeliveryItem | undefined> =>
  getItem(keys.webhookDelivery(companyId, webhookId, deliveryId), deliveryItemSchema, consistent);

/** An endpoint's latest deliveries, newest first. */
export const latestDeliveries = async (companyId: string, webhookId: string, limit: number): Promise<DeliveryItem[]> => {
  const { pk, skPrefix } = keys.webhookDeliveryPrefix(companyId, webhookId);
  return (await queryLatest(pk, skPrefix, limit)).map((item) => deliveryItemSchema.parse(item));
};

const attemptLease = defineLease({ kind: 'attribute', attribute: 'attempt', since: 'startedAt', schema: attemptLeaseSchema });

/**
 * Takes the attempt lease of a pending delivery (ConditionFailed when it is
 * not pending, or another attempt holds a lease younger than `staleBefore`).
 */
export const claimDeliveryAttempt = (item: DeliveryItem, token: string, now: Date, staleBefore: Date): Promise<void> =>
  attemptLease.claim(keys.webhookDelivery(item.companyId, item.webhookId, item.deliveryId), {
    token,
    now,
    staleBefore,
    require: { equal: { status: 'pending' } },
  });

/** Records an attempt's outcome and gives the lease up, in one write; ConditionFailed when the lease was taken over. */
export const recordAttempt = (item: DeliveryItem, token: string, progress: DeliveryProgress): Promise<void> => {
  const set: Record<string, unknown> = { status: progress.status, attempts: progress.attempts };
  const remove: string[] = [];
  for (const field of ['nextAttemptAt', 'lastResponseStatus', 'lastError'] as const) {
    if (progress[field] !== undefined) set[field] = progress[field];
    else remove.push(field);
  }
  if (progress.status !== 'pending') remove.push('manual', ...ENDED);
  else {
    Object.assign(set, overdueEntry(item.deliveryId, progress.nextAttemptAt!));
    remove.push('sweeps');
  }
  return attemptLease.release(keys.webhookDelivery(item.companyId, item.webhookId, item.deliveryId), token, { set, remove });
};

/**
 * Fails a pending delivery without an attempt (its endpoint is gone or
 * disabled, or the sweep gave it up), unless an attempt holds a live lease (a
 * lease claimed before `staleBefore` is a dead attempt's, and goes). With
 * `seen`, only while the delivery is still as it was read. False when it was
 * not failed.
 */
export const failDelivery = async (
  item: DeliveryItem,
  reason: string,
  staleBefore: Date,
  seen?: Pick<DeliveryItem, 'attempts' | 'overdueAt'>,
): Promise<boolean> => {
  try {
    await attemptLease.whileUnheld(keys.webhookDelivery(item.companyId, item.webhookId, item.deliveryId), {
      staleBefore,
      require: { equal: { status: 'pending', ...(seen ? { attempts: seen.attempts, overdueAt: seen.overdueAt } : {}) } },
      changes: { set: { status: 'failed', lastError: reason }, remove: ['nextAttemptAt', 'manual', ...ENDED] },
    });
    return true;
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    return false;
  }
};

/**
 * A manual retry: the delivery is pending again, attempted now; its id and
 * body stay. ConditionFailed when an attempt is in flight (a lease claimed
 * since `staleBefore`); a dead attempt's lease goes.
 */
export const requeueDelivery = async (item: DeliveryItem, now: Date, staleBefore: Date): Promise<void> => {
  await attemptLease.whileUnheld(keys.webhookDelivery(item.companyId, item.webhookId, item.deliveryId), {
    staleBefore,
    changes: {
      // A pending delivery keeps its schedule; a finished one gets one attempt.
      set: { status: 'pending', nextAttemptAt: now.toISOString(), manual: item.status !== 'pending', ...overdueEntry(item.deliveryId, now.toISOString()) },
      remove: ['sweeps'],
    },
  });
};

/** An entry of the webhook-overdue index: the delivery's key and the time it was found overdue at (what the sweep's write names). */
export type OverdueEntry = { key: Key; overdueAt: string };

/** A page of the deliveries overdue at `now` in one shard of the webhook-overdue index, longest overdue first (keys only). */
export const overdueDeliveries = async (
  shard: number,
  now: Date,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ entries: OverdueEntry[]; next?: Record<string, unknown> }> => {
  if (shard < 0 || shard >= WEBHOOK_OVERDUE_SHARDS) throw new RangeError(`shard ${shard} is not one of 0..${WEBHOOK_OVERDUE_SHARDS - 1}`);
  const page = await queryIndexUpTo(webhookOverdueIndex, keys.webhookOverdueShard(shard), now.toISOString(), limit, start);
  const entries = page.items.flatMap((item): OverdueEntry[] => {
    const overdueAt = item[webhookOverdueIndex.sortKey];
    return typeof item.pk === 'string' && typeof item.sk === 'string' && typeof overdueAt === 'string'
      ? [{ key: { pk: item.pk, sk: item.sk }, overdueAt }]
      : [];
  });
  return { entries, next: page.next };
};

/** The delivery of an index entry, read consistently. */
export const deliveryAt = (key: Key): Promise<DeliveryItem | undefined> => getItem(key, deliveryItemSchema, true);

/**
 * The sweep's requeue of a stuck delivery: counts the sweep and moves its
 * entry SWEEP_AFTER_SECONDS on from `now`, so the next run finds it only if
 * this requeue did not move it either; a dead attempt's lease goes. Only
 * while the delivery is as the sweep read it (pending, same attempts, same
 * entry) and no live lease holds it: of two sweeps one writes, and only it
 * sends a message. ConditionFailed otherwise.
 */
export const sweepDelivery = async (item: DeliveryItem, now: Date, staleBefore: Date): Promise<void> => {
  await attemptLease.whileUnheld(keys.webhookDelivery(item.companyId, item.webhookId, item.deliveryId), {
    staleBefore,
    require: { equal: { status: 'pending', attempts: item.attempts, overdueAt: item.overdueAt } },
    changes: { set: { ...overdueEntry(item.deliveryId, now.toISOString()), sweeps: (item.sweeps ?? 0) + 1 } },
  });
};
