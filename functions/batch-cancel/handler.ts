/** POST /v1/batches/{batchId}/cancel (docs/batches.md): the items not yet started end cancelled; those in flight finish. */
import { batchCancelRoute } from '../../shared/contract/batches';
import { httpHandler } from '../../shared/http/handler';
import { createBatchService } from '../../shared/services/batches';

const batches = createBatchService();

export const handler = httpHandler(batchCancelRoute, async ({ params }, caller) => ({
  data: await batches.cancel(caller.company, caller.mode, params.batchId),
}));
