/**
 * The batch worker (functions/batch-worker, docs/batches.md): one message of
 * the batch-items queue is one item of one batch. Under the item's lease it
 * ships the item through the very ship path of POST /v1/ship
 * (./shipping.ts), whose rate response is the idempotency key: a rate bought
 * once answers its order again. A rating item is quoted first, and the rate
 * it chose is recorded under the lease before the ship, so a redelivered
 * message ships that rate, never a second one. The outcome and the counts
 * are one write (shared/store/batches.ts); the worker whose item leaves
 * nothing pending ends the batch, once.
 */
import { randomUUID } from 'node:crypto';
import * as z from '../zod';
import { batchItemInput } from '../contract/batches';
import { config } from '../config';
import { keyModeSchema, type Company } from '../domain/entities';
import { selectRate, statusOfCounts } from '../domain/batch';
import { AppError } from '../errors';
import type { LogPort } from '../observability';
import {
  batchProgress,
  countShardDone,
  claimItem,
  completeItem,
  ConditionFailed,
  finishBatch,
  getBatch,
  readItem,
  recordItemRate,
  releaseItem,
  shardCount,
  type BatchRecord,
  type ItemOutcome,
} from '../store/batches';
import { getCompany } from '../store/companies';
import type { BatchMessage } from './batches';
import type { RatingService } from './rating';
import type { ShippingService } from './shipping';

const messageSchema = z.object({
  group: z.string(),
  dedupeId: z.string(),
  companyId: z.string(),
  batchId: z.string(),
  index: z.number().check(z.int(), z.gte(0)),
  mode: keyModeSchema,
  labelFormat: z.optional(z.enum(['PDF', 'ZPL'])),
  item: batchItemInput,
});

/** A message of the batch-items queue, or undefined when the body is not one. */
export const parseBatchMessage = (body: string): BatchMessage | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = messageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** The item's lease is held by a live worker: the message is handed again later. */
export class ItemBusy extends Error {}

export type BatchWorkerDependencies = {
  shipping: Pick<ShippingService, 'ship'>;
  /** Loaded on the first rating item only. */
  rating: () => Promise<Pick<RatingService, 'rate'>>;
  logger: LogPort;
  clock?: () => Date;
  newId?: () => string;
};

/** A refusal of the item (a 4xx, or a carrier's 502) is its outcome; anything else is tried again. */
const isItemFailure = (error: unknown): error is AppError => error instanceof AppError && error.code !== 'SHIPMENT_IN_PROGRESS';

export const createBatchWorker = ({ shipping, rating, logger, clock = () => new Date(), newId = randomUUID }: BatchWorkerDependencies) => {
  /** Ends the batch when nothing is pending: its final status, written once. */
  const settle = async (batch: BatchRecord): Promise<void> => {
    const { counts } = await batchProgress(batch.companyId, batch.batchId, true);
    if (counts.pending > 0) return;
    // Read again: a cancel may have come since the message's start, and a cancelled batch ends cancelled.
    const current = await getBatch(batch.companyId, batch.batchId, true);
    if (!current || current.completedDate) return;
    const status = current.status === 'cancelled' ? 'cancelled' : statusOfCounts(counts);
    if (await finishBatch(batch.companyId, batch.batchId, status, clock().toISOString()))
      logger.info('batch ended', { batchId: batch.batchId, status, ...counts });
  };

  /** The rate response the item buys: its own, or the one its quote chose (recorded under the lease before any ship). */
  const rateOf = async (message: BatchMessage, company: Company, token: string): Promise<string> => {
    const { item } = message;
    if ('rateResponseId' in item) return item.rateResponseId.toLowerCase();
    const recorded = (await readItem(message.companyId, message.batchId, message.index))?.rateResponseId;
    if (recorded) return recorded;
    const quoted = await (await rating()).rate(company, item.rate, message.mode);
    const chosen = selectRate(quoted.rates, item.select);
    if (!chosen) throw new AppError(422, 'NO_RATES', 'no quoted rate matched the item’s select', { expose: true });
    await recordItemRate(message.companyId, message.batchId, message.index, token, chosen.rateResponseId);
    return chosen.rateResponseId;
  };

  const shipItem = async (message: BatchMessage, token: string): Promise<Omit<ItemOutcome, 'at'>> => {
    const company = await getCompany(message.companyId);
    if (!company) throw new AppError(401, 'UNAUTHORIZED', 'the company of this batch no longer exists');
    let rateResponseId: string | undefined;
    try {
      rateResponseId = await rateOf(message, company, token);
      const { data } = await shipping.ship(message.companyId, rateResponseId, message.labelFormat ? { labelFormat: message.labelFormat } : {}, message.mode);
      return { status: 'shipped', rateResponseId, orderId: data.orderId, trackingNumber: data.trackingNumber, carrierCode: data.carrier.code };
    } catch (error) {
      if (!isItemFailure(error)) throw error;
      return {
        status: 'failed',
        ...(rateResponseId ? { rateResponseId } : {}),
        error: { code: error.code, message: error.expose ? error.message : 'internal error' },
      };
    }
  };

  return {
    /**
     * One item: claimed, shipped (or cancelled), its outcome written with the
     * counts. `done`: the item had its outcome already (a redelivery).
     * Throws ItemBusy while another worker holds it, and whatever the store
     * threw: the queue hands the message again.
     */
    async process(message: BatchMessage): Promise<'shipped' | 'failed' | 'cancelled' | 'done' | 'gone'> {
      const batch = await getBatch(message.companyId, message.batchId, true);
      if (!batch) {
        logger.error('batch item of no batch dropped', { batchId: message.batchId, index: message.index });
        return 'gone';
      }
      const now = clock();
      const token = newId();
      try {
        await claimItem(message.companyId, message.batchId, message.index, token, now, new Date(now.getTime() - config.batchItemLeaseSeconds * 1000));
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        if ((await readItem(message.companyId, message.batchId, message.index))?.outcome) {
          // The outcome was written and the message handed again: the batch may still be waiting for its end.
          await settle(batch);
          return 'done';
        }
        throw new ItemBusy(`item ${message.index} of batch ${message.batchId} is held by another worker`);
      }
      let outcome: Omit<ItemOutcome, 'at'>;
      try {
        outcome = batch.status === 'cancelled' ? { status: 'cancelled' } : await shipItem(message, token);
      } catch (error) {
        await releaseItem(message.companyId, message.batchId, message.index, token).catch((e: unknown) =>
          logger.warn('could not release a batch item', { batchId: message.batchId, index: message.index, error: e }),
        );
        throw error;
      }
      const pending = await completeItem(message.companyId, message.batchId, message.index, token, { ...outcome, at: clock().toISOString() });
      // The last item of its shard: the batch is read whole only once every shard is done. A worker that dies between the
      // two writes leaves its message, whose redelivery finds the outcome written and settles by reading the batch.
      if (pending === 0 && (await countShardDone(message.companyId, message.batchId)) >= shardCount(batch.total)) await settle(batch);
      return outcome.status;
    },
  };
};

export type BatchWorker = ReturnType<typeof createBatchWorker>;
