/**
 * The label file of a batch (docs/batches.md, "Labels"): every shipped
 * item's shipping label in item order, rendered once by the batch label
 * engine (shared/labels/batch-file.ts) and stored in the label bucket, then
 * answered by a 302 to a freshly presigned URL, as an order's label files
 * are. The engine hands its chunks over as it makes them; they go to a
 * temporary file, which is stored once complete, so the function never holds
 * the documents of every item at once.
 */
import { randomUUID } from 'node:crypto';
import { open, rm, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { config } from '../config';
import type { BatchLabelsRendering } from '../contract/batches';
import type { KeyMode } from '../domain/entities';
import { AppError, notFound } from '../errors';
import type { ShipmentDocument } from '../labels/document';
import { PDF_CONTENT_TYPE, ZPL_CONTENT_TYPE } from '../labels/catalog';
import type { LogPort } from '../observability';
import {
  batchLabelObjectKey,
  batchProgress,
  claimBatchRender,
  getBatch,
  getBatchRender,
  markBatchRendered,
  releaseBatchRender,
  type BatchRecord,
} from '../store/batches';
import { labelFileExists, presignLabelFile, putLabelFile } from '../store/label-files';
import { ConditionFailed } from '../store/table-ops';
import { documentOf } from './labels';
import { ownOrder } from './own-order';

/** The engine's signature (shared/labels/batch-file.ts). */
export type BatchLabelWriter = (
  format: 'PDF' | 'ZPL',
  documents: AsyncIterable<ShipmentDocument>,
  write: (chunk: Uint8Array) => Promise<void>,
) => Promise<{ pages: number; bytes: number }>;

/** A render claimed longer ago than this died and is claimed again: longer than a render of 1,000 labels (docs/performance.md). */
const RENDER_STALE_MS = 120_000;

const inProgress = (message: string) => new AppError(409, 'BATCH_IN_PROGRESS', message, { headers: { 'retry-after': String(config.shipRetryAfterSeconds) } });

export type BatchLabelDependencies = { writeFile: BatchLabelWriter; logger: LogPort; clock?: () => Date; newId?: () => string };

export const createBatchLabelService = ({ writeFile, logger, clock = () => new Date(), newId = randomUUID }: BatchLabelDependencies) => {
  /** Each shipped item's document, in item order, read one order at a time. */
  async function* documents(batch: BatchRecord): AsyncIterable<ShipmentDocument> {
    const { items } = await batchProgress(batch.companyId, batch.batchId, true);
    for (const item of items.sort((a, b) => a.index - b.index)) {
      if (item.outcome?.status !== 'shipped' || !item.outcome.orderId) continue;
      const { order, request } = await ownOrder(batch.companyId, item.outcome.orderId, batch.mode);
      yield await documentOf(order, request);
    }
  }

  const render = async (batch: BatchRecord, format: 'PDF' | 'ZPL', key: string): Promise<void> => {
    const file = path.join(os.tmpdir(), `batch-labels-${randomUUID()}`);
    const handle = await open(file, 'w', 0o600);
    try {
      const { pages } = await writeFile(format, documents(batch), async (chunk) => {
        await handle.write(chunk);
      });
      await handle.close();
      await putLabelFile(key, await readFile(file), format === 'PDF' ? PDF_CONTENT_TYPE : ZPL_CONTENT_TYPE);
      logger.info('batch label file stored', { batchId: batch.batchId, format, pages });
    } finally {
      await handle.close().catch(() => undefined);
      await rm(file, { force: true });
    }
  };

  /**
   * Makes sure the file is stored: one request renders it, across containers
   * (the render marker); `rendering` when another request is making it now.
   */
  const ensureFile = async (batch: BatchRecord, format: 'PDF' | 'ZPL', key: string): Promise<'stored' | 'rendering'> => {
    let goneToken: string | undefined;
    for (;;) {
      if (await labelFileExists(key)) return 'stored';
      const token = newId();
      const now = clock();
      try {
        await claimBatchRender(batch.companyId, batch.batchId, format, token, now, new Date(now.getTime() - RENDER_STALE_MS), goneToken);
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        goneToken = undefined;
        const marker = await getBatchRender(batch.companyId, batch.batchId, format);
        if (marker?.state === 'stored') {
          if (await labelFileExists(key)) return 'stored';
          goneToken = marker.token;
          continue;
        }
        return 'rendering';
      }
      try {
        await render(batch, format, key);
        await markBatchRendered(batch.companyId, batch.batchId, format, token);
        return 'stored';
      } catch (error) {
        logger.error('batch label file failed', { batchId: batch.batchId, format, error });
        await releaseBatchRender(batch.companyId, batch.batchId, format, token).catch(() => undefined);
        throw new AppError(500, 'INTERNAL', 'label generation failed', { expose: false });
      }
    }
  };

  return {
    /**
     * GET /v1/batches/{batchId}/labels/{format}: a presigned URL of the file,
     * made on the first request once the batch has ended; `rendering` while
     * another request makes it.
     */
    async labelFile(
      companyId: string,
      mode: KeyMode,
      batchId: string,
      format: 'PDF' | 'ZPL',
    ): Promise<{ location: string } | { rendering: BatchLabelsRendering }> {
      const batch = await getBatch(companyId, batchId.toLowerCase(), true);
      if (!batch || batch.mode !== mode) throw notFound('batch not found');
      if (!batch.completedDate) throw inProgress('This batch has items not yet ended; its label file is made once every item has');
      const key = batchLabelObjectKey(companyId, batch.batchId, format);
      // A batch none of whose items shipped has no label to print: no file, rather than an empty one.
      if (!(await labelFileExists(key)) && (await batchProgress(companyId, batch.batchId)).counts.shipped === 0) {
        throw notFound('no item of this batch shipped: it has no label file');
      }
      if ((await ensureFile(batch, format, key)) === 'rendering') return { rendering: { batchId: batch.batchId, format, status: 'rendering' } };
      return { location: await presignLabelFile(key, `batch-${batch.batchId}.${format === 'PDF' ? 'pdf' : 'zpl'}`, config.labelUrlMinutes * 60) };
    },
  };
};
