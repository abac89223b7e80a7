/**
 * POST /v1/batches (docs/batches.md): stores the batch and queues its items
 * for the batch worker (shared/services/batches.ts); 202 at once. The same
 * `reference` again answers the same batch with `Idempotent-Replayed: true`.
 */
import { batchesCreateRoute } from '../../shared/contract/batches';
import { httpHandler } from '../../shared/http/handler';
import { createBatchService, type BatchServiceDependencies } from '../../shared/services/batches';

export const createBatchesCreateHandler = (options: BatchServiceDependencies = {}) => {
  const batches = createBatchService(options);
  return httpHandler(batchesCreateRoute, async ({ body }, caller) => {
    const { data, replayed } = await batches.create(caller.company, caller.mode, body);
    const headers: Record<string, string> = replayed ? { 'idempotent-replayed': 'true' } : {};
    return { status: 202, data, headers };
  });
};

export const handler = createBatchesCreateHandler();
