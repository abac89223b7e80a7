/** POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry: sends a delivery again, same `webhook-id` (shared/services/webhooks.ts). */
import { webhookRetryRoute } from '../../shared/contract/webhooks';
import { httpHandler } from '../../shared/http/handler';
import { createWebhookReplay } from '../../shared/services/webhook-replay';

export const createWebhookRetryHandler = (options: { clock?: () => Date } = {}) => {
  const webhooks = createWebhookReplay(options);
  return httpHandler(webhookRetryRoute, async ({ params }, caller) => ({
    status: 202,
    data: await webhooks.retry(caller.company.companyId, params.webhookId, params.deliveryId),
  }));
};

export const handler = createWebhookRetryHandler();
