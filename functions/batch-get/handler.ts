/** GET /v1/batches/{batchId} (docs/batches.md): the batch's status and counts. */
import { batchGetRoute } from '../../shared/contract/batches';
import { httpHandler } from '../../shared/http/handler';
import { createBatchService } from '../../shared/services/batches';

const batches = createBatchService();

export const handler = httpHandler(batchGetRoute, async ({ params }, caller) => ({ data: await batches.get(caller.company, caller.mode, params.batchId) }));
