/** GET /v1/webhooks/{webhookId}/deliveries: an endpoint's latest deliveries (shared/services/webhooks.ts). */
import { webhookDeliveriesRoute } from '../../shared/contract/webhooks';
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler(webhookDeliveriesRoute, async ({ params }, caller) => ({
  data: await webhooks.deliveries(caller.company.companyId, params.webhookId),
}));
