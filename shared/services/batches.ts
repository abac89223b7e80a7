/**
 * Batches (docs/batches.md), the HTTP side: POST /v1/batches stores the
 * batch and queues one message per item on the batch-items queue (FIFO, one
 * group per carrier account and slot: the bound per account); GET answers
 * the batch with its counts and its items; cancel stops the items not yet
 * started. The batch worker (./batch-worker.ts) ships each item.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { Batch, BatchCreateBody, BatchItem, BatchItemInput, BatchItemList } from '../contract/batches';
import { BATCH_ITEMS_PAGE, messageGroupOf, statusOfCounts } from '../domain/batch';
import type { Company, KeyMode } from '../domain/entities';
import { notFound } from '../errors';
import { queueOf, type FifoMessage } from '../queues';
import { config } from '../config';
import {
  batchDefinitions,
  batchItems,
  batchProgress,
  cancelBatch,
  claimReference,
  createBatch,
  getBatch,
  rateAccounts,
  listBatches,
  markEnqueued,
  type BatchRecord,
  type StoredItem,
} from '../store/batches';
import { loadReference } from '../store/reference';

/** One item's message on the batch-items queue. */
export type BatchMessage = FifoMessage & {
  companyId: string;
  batchId: string;
  index: number;
  mode: KeyMode;
  labelFormat?: 'PDF' | 'ZPL';
  item: BatchItemInput;
};

const batchNotFound = () => notFound('batch not found');

/**
 * The carrier account each item's carrier calls go to, as far as the post
 * tells: a rate's (read from the stored rates), the plan's of a rating item
 * that names its carrier, else the pricing group's (a rating item quotes
 * every carrier of it). A sandbox carrier without an account is its code.
 */
const accountsOf = async (company: Company, items: readonly BatchItemInput[]): Promise<string[]> => {
  const ids = items.flatMap((item) => ('rateResponseId' in item ? [item.rateResponseId.toLowerCase()] : []));
  const rates = await rateAccounts(ids);
  const plans = (await loadReference()).plansByGroup.get(company.pricingGroupId) ?? [];
  return items.map((item) => {
    if ('rateResponseId' in item) return rates.get(item.rateResponseId.toLowerCase()) ?? 'unknown-rate';
    const carrier = item.select.carrier;
    if (!carrier) return `group:${company.pricingGroupId}`;
    return plans.find((plan) => plan.carrierCode === carrier)?.carrierAccountId ?? carrier;
  });
};

const messagesOf = async (company: Company, batch: BatchRecord, items: readonly BatchItemInput[]): Promise<BatchMessage[]> => {
  const accounts = await accountsOf(company, items);
  const perAccount = config.batchConcurrencyPerAccount;
  return items.map((item, index) => ({
    group: messageGroupOf(accounts[index]!, index, perAccount),
    dedupeId: `${batch.batchId}-${index}`,
    companyId: batch.companyId,
    batchId: batch.batchId,
    index,
    mode: batch.mode,
    ...(batch.labelFormat ? { labelFormat: batch.labelFormat } : {}),
    item,
  }));
};

/** The answer of a batch: its stored status, `processing` once an item ended, and its counts. */
const toBatch = (batch: BatchRecord, progress: Awaited<ReturnType<typeof batchProgress>>): Batch => {
  const counts = { total: batch.total, ...progress.counts };
  const started = counts.pending < counts.total;
  const status = batch.status === 'queued' ? (started ? statusOfCounts(counts) : 'queued') : batch.status;
  return {
    batchId: batch.batchId,
    // Ended items all counted, but not yet settled by the worker: still processing until it writes the end.
    status: status === 'completed' || status === 'completed_with_errors' ? (batch.completedDate ? status : 'processing') : status,
    reference: batch.reference ?? null,
    labelFormat: batch.labelFormat ?? null,
    counts,
    mode: batch.mode,
    createdDate: batch.createdDate,
    updatedDate: progress.updatedDate ?? batch.createdDate,
    completedDate: batch.completedDate ?? null,
  };
};

/** A batch as the API answers it, its counts read now (the `batch.completed` event's data, the admin CLI's list). */
export const batchAnswer = async (batch: BatchRecord): Promise<Batch> => toBatch(batch, await batchProgress(batch.companyId, batch.batchId));

/** Every batch of a company, both modes, newest first (admin `batch list`). */
export const companyBatches = async (companyId: string): Promise<Batch[]> =>
  (await Promise.all((await listBatches(companyId)).map(batchAnswer))).sort((a, b) => b.createdDate.localeCompare(a.createdDate));

const toItem = (item: StoredItem): BatchItem => ({
  index: item.index,
  status: item.outcome?.status ?? 'pending',
  reference: item.reference ?? null,
  rateResponseId: item.outcome?.rateResponseId ?? item.rateResponseId ?? null,
  orderId: item.outcome?.orderId ?? null,
  trackingNumber: item.outcome?.trackingNumber ?? null,
  error: item.outcome?.error ? (item.outcome.error as BatchItem['error']) : null,
});

export type BatchServiceDependencies = { clock?: () => Date; newId?: () => string; sleep?: (ms: number) => Promise<void> };

/** How long a replay waits for the first post of its reference to write its batch, and how often it looks. */
const CREATOR_WAIT_MS = 10_000;
const CREATOR_POLL_MS = 100;

export const createBatchService = ({ clock = () => new Date(), newId = randomUUID, sleep = (ms: number) => wait(ms) }: BatchServiceDependencies = {}) => {
  /**
   * The batch the first post of a reference made. It writes the batch last,
   * so a replay meanwhile waits for it; when none comes within
   * CREATOR_WAIT_MS that post died before its batch, and the replay makes it
   * (no message of it was ever sent, so nothing it writes is under way).
   */
  const creatorsBatch = async (companyId: string, batchId: string): Promise<BatchRecord | undefined> => {
    for (let waited = 0; ; waited += CREATOR_POLL_MS) {
      const batch = await getBatch(companyId, batchId, true);
      if (batch || waited >= CREATOR_WAIT_MS) return batch;
      await sleep(CREATOR_POLL_MS);
    }
  };

  /** The caller's batch of its mode, or 404. */
  const ownBatch = async (company: Company, mode: KeyMode, batchId: string, consistent = false): Promise<BatchRecord> => {
    const batch = await getBatch(company.companyId, batchId.toLowerCase(), consistent);
    if (!batch || batch.mode !== mode) throw batchNotFound();
    return batch;
  };

  const answer = batchAnswer;

  /** Queues every item of a batch whose creation stopped before they were all sent (a replay finishes it). */
  const enqueue = async (company: Company, batch: BatchRecord, items: readonly BatchItemInput[]): Promise<void> => {
    await queueOf<BatchMessage>('batch-items').send(await messagesOf(company, batch, items), 0);
    await markEnqueued(batch.companyId, batch.batchId);
  };

  return {
    /** POST /v1/batches: the batch, queued; `replayed` when the reference named an existing one. */
    async create(company: Company, mode: KeyMode, body: BatchCreateBody): Promise<{ data: Batch; replayed: boolean }> {
      const now = clock();
      let batchId = newId();
      let replayed = false;
      if (body.reference) {
        const existing = await claimReference(company.companyId, mode, body.reference, batchId, now);
        if (existing) {
          batchId = existing;
          replayed = true;
        }
      }
      const stored = replayed ? await creatorsBatch(company.companyId, batchId) : undefined;
      if (stored) {
        // The first post stopped before every message was sent: send them again (a message already sent is kept once).
        if (!stored.enqueued) await enqueue(company, stored, (await batchDefinitions(company.companyId, batchId)) as BatchItemInput[]);
        return { data: await answer({ ...stored, enqueued: true }), replayed: true };
      }
      const batch = await createBatch({
        batchId,
        companyId: company.companyId,
        mode,
        total: body.items.length,
        ...(body.reference ? { reference: body.reference } : {}),
        ...(body.labelFormat ? { labelFormat: body.labelFormat } : {}),
        createdDate: now.toISOString(),
        items: body.items,
        references: body.items.map((item) => item.reference),
      });
      await enqueue(company, batch, body.items);
      return { data: await answer({ ...batch, enqueued: true }), replayed };
    },

    async get(company: Company, mode: KeyMode, batchId: string): Promise<Batch> {
      return answer(await ownBatch(company, mode, batchId));
    },

    /** A page of the items, in order, from `cursor` (an index). */
    async items(company: Company, mode: KeyMode, batchId: string, cursor: string | undefined): Promise<BatchItemList> {
      const batch = await ownBatch(company, mode, batchId);
      const from = cursor === undefined ? 0 : Number(cursor);
      if (from >= batch.total) return { items: [], nextCursor: null };
      const to = Math.min(batch.total, from + BATCH_ITEMS_PAGE) - 1;
      const items = await batchItems(batch.companyId, batch.batchId, from, to);
      return { items: items.map(toItem), nextCursor: to + 1 < batch.total ? String(to + 1) : null };
    },

    /** POST .../cancel: the items not yet started end cancelled (the worker sees it at their turn); a final batch is answered as it is. */
    async cancel(company: Company, mode: KeyMode, batchId: string): Promise<Batch> {
      const batch = await ownBatch(company, mode, batchId);
      await cancelBatch(batch.companyId, batch.batchId);
      return answer(await ownBatch(company, mode, batchId, true));
    },
  };
};

export type BatchService = ReturnType<typeof createBatchService>;
