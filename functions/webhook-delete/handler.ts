/** DELETE /v1/webhooks/{webhookId}: removes an endpoint; nothing more is sent to it (shared/services/webhooks.ts). */
import { webhookDeleteRoute } from '../../shared/contract/webhooks';
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler(webhookDeleteRoute, async ({ params }, caller) => ({
  data: await webhooks.remove(caller.company.companyId, params.webhookId),
}));
