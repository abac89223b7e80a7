/** GET /v1/webhooks/{webhookId}: one endpoint of the company (shared/services/webhooks.ts). */
import { webhookGetRoute } from '../../shared/contract/webhooks';
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler(webhookGetRoute, async ({ params }, caller) => ({
  data: await webhooks.get(caller.company.companyId, params.webhookId),
}));
