/** POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry: sends a delivery again, same `webhook-id` (shared/services/webhooks.ts). */
import { httpHandler } from '../../shared/http/handler';
import { createWebhookReplay } from '../../shared/services/webhook-replay';

export const createWebhookRetryHandler = (options: { clock?: () => Date } = {}) => {
  const webhooks = createWebhookReplay(options);
  return httpHandler('webhook-retry', async (event, caller) => ({
    status: 202,
    data: await webhooks.retry(caller.company.companyId, event.pathParameters?.webhookId ?? '', event.pathParameters?.deliveryId ?? ''),
  }));
};

export const handler = createWebhookRetryHandler();
