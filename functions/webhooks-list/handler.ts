/** GET /v1/webhooks: the company's endpoints, without their secrets (shared/services/webhooks.ts). */
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler('webhooks-list', async (_event, caller) => ({ data: await webhooks.list(caller.company.companyId) }));
