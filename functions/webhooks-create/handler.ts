/** POST /v1/webhooks: registers an endpoint; the answer shows its signing secret, once (shared/services/webhooks.ts). */
import { webhooksCreateRoute } from '../../shared/contract/webhooks';
import { httpHandler } from '../../shared/http/handler';
import { createWebhookRegistration, type WebhookRegistrationDependencies } from '../../shared/services/webhook-registration';

export const createWebhooksCreateHandler = (options: WebhookRegistrationDependencies = {}) => {
  const webhooks = createWebhookRegistration(options);
  return httpHandler(webhooksCreateRoute, async ({ body }, caller) => ({ status: 201, data: await webhooks.create(caller.company.companyId, body) }));
};

export const handler = createWebhooksCreateHandler();
