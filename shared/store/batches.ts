/**
 * Batches in the single table (docs/batches.md), all in the company's
 * partition `BATCH#<companyId>`:
 *
 * - the batch (`BATCH#<batchId>`): status, total, mode, label format, dates;
 *   written last at creation, so a batch half made is never seen;
 * - its parts (`BATCHPART#<batchId>#<first>`): the posted items, as JSON, a
 *   few hundred KB each, read only to queue the items again;
 * - its shards (`BATCHITEM#<batchId>#<shard>`): SHARD_SIZE items each, every
 *   item's lease (`lease<n>`, shared/store/lease.ts), its outcome
 *   (`item<n>`), the rate a rating item chose (`rate<n>`), and the shard's
 *   counts, moved by ADD in the same write that records an outcome, so an
 *   outcome is counted exactly once;
 * - a reference pointer (`BATCHREF#<mode>#<reference>`): the batch a
 *   reference made, written if absent before anything else;
 * - the render marker of each label file (`BATCHLABEL#<batchId>#<format>`).
 *
 * A shard of four items stays under 1 KB in the common case, so claiming and
 * completing an item costs one write unit each (docs/performance.md).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from '../zod';
import { BATCH_STATUSES, indexKey, type BatchCounts, type BatchItemStatus, type BatchStatus } from '../domain/batch';
import { keyModeSchema, type KeyMode } from '../domain/entities';
import { num, optionalText, text } from '../domain/leaves';
import { expressionOf } from './expressions';
import { keys } from './keys';
import { defineLease } from './lease';
import { bucketDefinition } from './table';
import { ConditionFailed, conditionalPut, conditionalUpdate, getItem, getItems, putAll, queryItems, queryOrderItems } from './table-ops';

/** Items per shard. */
export const SHARD_SIZE = 4;
/** Bytes of posted items per part item (DynamoDB's item limit is 400 KB). */
const PART_BYTES = 300 * 1024;
/** An item's error message is kept to this many characters, so a shard stays small. */
const ERROR_MESSAGE_MAX = 240;

const shardOfIndex = (index: number) => Math.floor(index / SHARD_SIZE);
const positionOf = (index: number) => index % SHARD_SIZE;

const batchSchema = z.object({
  batchId: text,
  companyId: text,
  mode: keyModeSchema,
  status: z.enum(BATCH_STATUSES),
  total: num,
  reference: optionalText,
  labelFormat: z.optional(z.enum(['PDF', 'ZPL'])),
  createdDate: text,
  completedDate: optionalText,
  /** Every item's message was sent; false while the creation is under way (a replay sends them again). */
  enqueued: z.boolean(),
});
export type BatchRecord = z.infer<typeof batchSchema>;

const outcomeSchema = z.object({
  status: z.enum(['shipped', 'failed', 'cancelled']),
  orderId: optionalText,
  /** The order's carrier: a close with `batchId` takes the batch's orders of its carrier. */
  carrierCode: optionalText,
  trackingNumber: optionalText,
  rateResponseId: optionalText,
  error: z.optional(z.object({ code: text, message: text })),
  at: text,
});
export type ItemOutcome = z.infer<typeof outcomeSchema>;

const leaseSchema = z.object({ token: text, since: text });
const leases = Array.from({ length: SHARD_SIZE }, (_, n) => defineLease({ kind: 'attribute', attribute: `lease${n}`, since: 'since', schema: leaseSchema }));

const shardSchema = z.looseObject({
  first: num,
  size: num,
  pending: num,
  shipped: num,
  failed: num,
  cancelled: num,
  updatedDate: optionalText,
});

/** One item as the store holds it: its outcome once it has one. */
export type StoredItem = { index: number; reference?: string; rateResponseId?: string; outcome?: ItemOutcome };

const itemsOfShard = (raw: Record<string, unknown>): StoredItem[] => {
  const shard = shardSchema.parse(raw);
  return Array.from({ length: shard.size }, (_, n) => {
    const outcome = raw[`item${n}`] === undefined ? undefined : outcomeSchema.parse(raw[`item${n}`]);
    const reference = raw[`ref${n}`];
    const rate = raw[`rate${n}`];
    return {
      index: shard.first + n,
      ...(typeof reference === 'string' ? { reference } : {}),
      ...(typeof rate === 'string' ? { rateResponseId: rate } : {}),
      ...(outcome ? { outcome } : {}),
    };
  });
};

const shardKey = (companyId: string, batchId: string, index: number) => keys.batchItem(companyId, batchId, indexKey(shardOfIndex(index)));

export type NewBatch = Omit<BatchRecord, 'status' | 'enqueued' | 'completedDate'> & {
  /** Each item as posted (JSON-ready), in order. */
  items: readonly unknown[];
  /** Each item's own reference, in order. */
  references: ReadonlyArray<string | undefined>;
};

/**
 * The reference pointer of `reference`, put if absent; when the reference is
 * taken, the batch id it points at.
 */
export const claimReference = async (companyId: string, mode: KeyMode, reference: string, batchId: string, now: Date): Promise<string | undefined> => {
  const e = expressionOf();
  try {
    await conditionalPut(
      { ...keys.batchReference(companyId, mode, reference), entityType: 'batchReference', batchId, createdDate: now.toISOString() },
      e.expression(e.absent('pk')),
    );
    return undefined;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const pointer = await getItem(keys.batchReference(companyId, mode, reference), z.object({ batchId: text }), true);
    if (!pointer) throw error;
    return pointer.batchId;
  }
};

/** Writes the parts and shards of `batch`, then the batch itself (`enqueued: false`). Idempotent: a replay writes the same items. */
export const createBatch = async (batch: NewBatch): Promise<BatchRecord> => {
  const { items, references, ...fields } = batch;
  const parts: Array<ReturnType<typeof keys.batchPart> & Record<string, unknown>> = [];
  let first = 0;
  let chunk: string[] = [];
  let bytes = 0;
  const flush = (next: number) => {
    if (chunk.length === 0) return;
    parts.push({ ...keys.batchPart(batch.companyId, batch.batchId, indexKey(first)), entityType: 'batchPart', first, items: `[${chunk.join(',')}]` });
    first = next;
    chunk = [];
    bytes = 0;
  };
  items.forEach((item, index) => {
    const json = JSON.stringify(item);
    if (bytes + json.length > PART_BYTES) flush(index);
    chunk.push(json);
    bytes += json.length;
  });
  flush(items.length);
  const shards = Array.from({ length: Math.ceil(items.length / SHARD_SIZE) }, (_, shard) => {
    const size = Math.min(SHARD_SIZE, items.length - shard * SHARD_SIZE);
    const refs = Object.fromEntries(
      Array.from({ length: size }, (_, n) => [`ref${n}`, references[shard * SHARD_SIZE + n]] as const).filter(([, reference]) => reference !== undefined),
    );
    return {
      ...keys.batchItem(batch.companyId, batch.batchId, indexKey(shard)),
      entityType: 'batchShard',
      first: shard * SHARD_SIZE,
      size,
      pending: size,
      shipped: 0,
      failed: 0,
      cancelled: 0,
      ...refs,
    };
  });
  await putAll([...parts, ...shards]);
  const record: BatchRecord = { ...fields, status: 'queued', enqueued: false };
  const { reference, labelFormat, ...rest } = record;
  await putAll([
    {
      ...keys.batch(batch.companyId, batch.batchId),
      entityType: 'batch',
      ...rest,
      ...(reference ? { reference } : {}),
      ...(labelFormat ? { labelFormat } : {}),
    },
  ]);
  return record;
};

export const markEnqueued = async (companyId: string, batchId: string): Promise<void> => {
  const e = expressionOf();
  await conditionalUpdate(keys.batch(companyId, batchId), e.expression(`SET ${e.equals('enqueued', true)}`), e.expression(e.exists('pk')));
};

export const getBatch = (companyId: string, batchId: string, consistent = false): Promise<BatchRecord | undefined> =>
  getItem(keys.batch(companyId, batchId), batchSchema, consistent);

/** The items as posted, in order (the parts joined). */
export const batchDefinitions = async (companyId: string, batchId: string): Promise<unknown[]> => {
  const prefix = keys.batchPartPrefix(companyId, batchId);
  const parts = await queryItems(prefix.pk, prefix.skPrefix, true);
  return parts.flatMap((part) => JSON.parse(z.object({ items: text }).parse(part).items) as unknown[]);
};

/** Every item of the batch with the counts they add up to (strongly consistent: the worker's settle reads it). */
export const batchProgress = async (
  companyId: string,
  batchId: string,
  consistent = false,
): Promise<{ counts: Omit<BatchCounts, 'total'>; updatedDate?: string; items: StoredItem[] }> => {
  const prefix = keys.batchItemPrefix(companyId, batchId);
  const shards = await queryItems(prefix.pk, prefix.skPrefix, consistent);
  const counts = { shipped: 0, failed: 0, cancelled: 0, pending: 0 };
  let updatedDate: string | undefined;
  const items: StoredItem[] = [];
  for (const raw of shards) {
    const shard = shardSchema.parse(raw);
    counts.shipped += shard.shipped;
    counts.failed += shard.failed;
    counts.cancelled += shard.cancelled;
    counts.pending += shard.pending;
    if (shard.updatedDate && (!updatedDate || shard.updatedDate > updatedDate)) updatedDate = shard.updatedDate;
    items.push(...itemsOfShard(raw));
  }
  return { counts, ...(updatedDate ? { updatedDate } : {}), items };
};

/** Items `from` to `to` (inclusive indexes), in order. */
export const batchItems = async (companyId: string, batchId: string, from: number, to: number): Promise<StoredItem[]> => {
  const low = shardKey(companyId, batchId, from);
  const high = shardKey(companyId, batchId, to);
  const shards = await queryOrderItems(low.pk, low.sk, high.sk);
  return shards.flatMap(itemsOfShard).filter((item) => item.index >= from && item.index <= to);
};

/** The item as stored now (strongly consistent). */
export const readItem = async (companyId: string, batchId: string, index: number): Promise<StoredItem | undefined> => {
  const raw = await getItem(shardKey(companyId, batchId, index), z.looseObject({}), true);
  return raw ? itemsOfShard(raw).find((item) => item.index === index) : undefined;
};

/**
 * Claims item `index` for `token`: free, or held since before `staleBefore`
 * (its worker died), and without an outcome. ConditionFailed otherwise.
 */
export const claimItem = (companyId: string, batchId: string, index: number, token: string, now: Date, staleBefore: Date) =>
  leases[positionOf(index)]!.claim(shardKey(companyId, batchId, index), { token, now, staleBefore, require: { absent: [`item${positionOf(index)}`] } });

/** Gives item `index`'s lease up (its step failed and will be tried again). */
export const releaseItem = (companyId: string, batchId: string, index: number, token: string) =>
  leases[positionOf(index)]!.release(shardKey(companyId, batchId, index), token);

/** Records the rate a rating item chose, under its lease: a redelivered message ships that one, never another. */
export const recordItemRate = async (companyId: string, batchId: string, index: number, token: string, rateResponseId: string): Promise<void> => {
  const n = positionOf(index);
  const e = expressionOf();
  await conditionalUpdate(
    shardKey(companyId, batchId, index),
    e.expression(`SET ${e.equals(`rate${n}`, rateResponseId)}`),
    e.expression(`${e.path(`lease${n}`, 'token')} = ${e.value('token', token)}`),
  );
};

/**
 * Records item `index`'s outcome and moves its shard's counts, in the one
 * write that completes its lease; the shard's items still pending after it.
 */
export const completeItem = async (companyId: string, batchId: string, index: number, token: string, outcome: ItemOutcome): Promise<number> => {
  const n = positionOf(index);
  const kept: ItemOutcome = outcome.error
    ? { ...outcome, error: { code: outcome.error.code, message: outcome.error.message.slice(0, ERROR_MESSAGE_MAX) } }
    : outcome;
  const status: Exclude<BatchItemStatus, 'pending'> = outcome.status;
  const write = leases[n]!.completion(shardKey(companyId, batchId, index), token, {
    set: { [`item${n}`]: kept, updatedDate: outcome.at },
    add: { pending: -1, [status]: 1 },
  });
  const after = await conditionalUpdate(write.update, write.changes, write.condition);
  return shardSchema.parse(after).pending;
};

/** The shards a batch of `total` items has. */
export const shardCount = (total: number): number => Math.ceil(total / SHARD_SIZE);

/**
 * Counts one more shard of the batch with no item pending (each shard's
 * pending reaches 0 once, in the completion of its last item): the shards
 * done so far. The batch is settled when it reaches the shard count, so a
 * batch is read whole once at its end, not each time a shard empties.
 */
export const countShardDone = async (companyId: string, batchId: string): Promise<number> => {
  const e = expressionOf();
  const after = await conditionalUpdate(keys.batchShardsDone(companyId, batchId), e.expression(`ADD ${e.name('shards')} ${e.value('one', 1)}`));
  return z.object({ shards: num }).parse(after).shards;
};

/** Marks the batch cancelled unless it is final; the batch as it is after. */
export const cancelBatch = async (companyId: string, batchId: string): Promise<void> => {
  const e = expressionOf();
  try {
    await conditionalUpdate(
      keys.batch(companyId, batchId),
      e.expression(`SET ${e.equals('status', 'cancelled', 'cancelled')}`),
      e.expression(`${e.exists('pk')} AND ${e.equals('status', 'queued', 'queued')}`),
    );
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/**
 * The batch's end: `status` (completed or completed_with_errors; a cancelled
 * batch keeps its status) and its completion time, written once. True for
 * the one write that made it (the `batch.completed` event follows it).
 */
export const finishBatch = async (companyId: string, batchId: string, status: BatchStatus, at: string): Promise<boolean> => {
  const e = expressionOf();
  try {
    await conditionalUpdate(
      keys.batch(companyId, batchId),
      e.expression(`SET ${e.equals('status', status, 'final')}, ${e.equals('completedDate', at)}`),
      e.expression(
        `${e.exists('pk')} AND ${e.absent('completedDate')} AND (${e.equals('status', 'queued', 'queued')} OR ${e.equals('status', 'cancelled', 'cancelled')})`,
      ),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    return false;
  }
};

/** The carrier account (its id, or the carrier's code when it has none) of each stored rate of `rateResponseIds`, by id; an unknown id is left out. */
export const rateAccounts = async (rateResponseIds: readonly string[]): Promise<Map<string, string>> => {
  const rates = await getItems(
    rateResponseIds.map((id) => keys.rateResponse(id)),
    ['rateResponseId', 'carrierCode', 'carrierAccountId'],
  );
  return new Map(
    rates.map((rate) => [String(rate.rateResponseId), typeof rate.carrierAccountId === 'string' ? rate.carrierAccountId : String(rate.carrierCode)]),
  );
};

/** The label file of a batch in the label bucket: built from its company, its id and a format only. */
export const batchLabelObjectKey = (companyId: string, batchId: string, format: 'PDF' | 'ZPL'): string =>
  `${bucketDefinition.labelPrefix}${companyId}/batches/${batchId}/labels.${format === 'PDF' ? 'pdf' : 'zpl'}`;

const renderSchema = z.object({ state: z.enum(['rendering', 'stored']), token: text, at: text });
/** One render of a batch's label file, as the order's label files have (shared/store/label-files.ts). */
const renderLease = defineLease({ kind: 'item', entityType: 'batchLabelRender', since: 'at', held: 'rendering', done: 'stored', schema: renderSchema });

export const getBatchRender = (companyId: string, batchId: string, format: 'PDF' | 'ZPL') => renderLease.read(keys.batchLabel(companyId, batchId, format));
/** Claims the render of a batch's label file: free, held since before `staleBefore`, or the stored marker of `storedToken` (its file gone). */
export const claimBatchRender = (
  companyId: string,
  batchId: string,
  format: 'PDF' | 'ZPL',
  token: string,
  now: Date,
  staleBefore: Date,
  storedToken?: string,
) =>
  renderLease.claim(keys.batchLabel(companyId, batchId, format), {
    token,
    now,
    ...(storedToken ? { takeOver: { token: storedToken, completed: true } } : { staleBefore }),
  });
export const markBatchRendered = (companyId: string, batchId: string, format: 'PDF' | 'ZPL', token: string) =>
  renderLease.complete(keys.batchLabel(companyId, batchId, format), token);
export const releaseBatchRender = (companyId: string, batchId: string, format: 'PDF' | 'ZPL', token: string) =>
  renderLease.release(keys.batchLabel(companyId, batchId, format), token);

/** An ended batch from a stream record's image (the `batch.completed` event); undefined for any other item. */
export const endedBatchOfImage = (image: Record<string, unknown>): BatchRecord | undefined => {
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.entityType !== 'batch' || typeof item.completedDate !== 'string') return undefined;
  const parsed = batchSchema.safeParse(item);
  return parsed.success ? parsed.data : undefined;
};

/** The company's batches, newest id order not implied (ids are random): the admin CLI's list. */
export const listBatches = async (companyId: string): Promise<BatchRecord[]> => {
  const prefix = keys.batchPrefix(companyId);
  return (await queryItems(prefix.pk, prefix.skPrefix)).map((item) => batchSchema.parse(item));
};

export { ConditionFailed };
