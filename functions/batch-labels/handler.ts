/**
 * GET /v1/batches/{batchId}/labels/{format} (docs/batches.md, "Labels"): 302
 * to a freshly presigned URL of the batch's label file, made once. The
 * engine and the PDF library load with the first render only.
 */
import { batchLabelsRoute } from '../../shared/contract/batches';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createBatchLabelService, type BatchLabelWriter } from '../../shared/services/batch-labels';

const writeLazily: BatchLabelWriter = async (format, documents, write) =>
  (await import('../../shared/labels/batch-file')).writeBatchLabelFile(format, documents, write);

export const createBatchLabelsHandler = (writeFile: BatchLabelWriter = writeLazily) => {
  const labels = createBatchLabelService({ writeFile, logger });
  return httpHandler(batchLabelsRoute, async ({ params }, caller) => {
    const answer = await labels.labelFile(caller.company.companyId, caller.mode, params.batchId, params.format);
    if ('rendering' in answer) return { status: 202, data: answer.rendering };
    return { status: 302, location: answer.location, headers: { 'cache-control': 'no-store' } };
  });
};

export const handler = createBatchLabelsHandler();
