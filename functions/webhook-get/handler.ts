/** GET /v1/webhooks/{webhookId}: one endpoint of the company (shared/services/webhooks.ts). */
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler('webhook-get', async (event, caller) => ({
  data: await webhooks.get(caller.company.companyId, event.pathParameters?.webhookId ?? ''),
}));
