/** GET /v1/webhooks: the company's endpoints, without their secrets (shared/services/webhooks.ts). */
import { webhooksListRoute } from '../../shared/contract/webhooks';
import { httpHandler } from '../../shared/http/handler';
import { createWebhooksService } from '../../shared/services/webhooks';

const webhooks = createWebhooksService();

export const handler = httpHandler(webhooksListRoute, async (_input, caller) => ({ data: await webhooks.list(caller.company.companyId) }));
