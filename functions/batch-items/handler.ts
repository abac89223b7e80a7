/** GET /v1/batches/{batchId}/items (docs/batches.md): the items and their outcomes, in order, a page at a time. */
import { batchItemsRoute } from '../../shared/contract/batches';
import { httpHandler } from '../../shared/http/handler';
import { createBatchService } from '../../shared/services/batches';

const batches = createBatchService();

export const handler = httpHandler(batchItemsRoute, async ({ params, query }, caller) => ({
  data: await batches.items(caller.company, caller.mode, params.batchId, query.cursor),
}));
