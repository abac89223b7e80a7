/** GET /v1/webhooks/{webhookId}/deliveries: an endpoint's latest deliveries (shared/services/webhooks.ts). */
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler('webhook-deliveries', async (event, caller) => ({
  data: await webhooks.deliveries(caller.company.companyId, event.pathParameters?.webhookId ?? ''),
}));
