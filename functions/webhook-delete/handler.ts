/** DELETE /v1/webhooks/{webhookId}: removes an endpoint; nothing more is sent to it (shared/services/webhooks.ts). */
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler('webhook-delete', async (event, caller) => ({
  data: await webhooks.remove(caller.company.companyId, event.pathParameters?.webhookId ?? ''),
}));
