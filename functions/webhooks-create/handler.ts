/** POST /v1/webhooks: registers an endpoint; the answer shows its signing secret, once (shared/services/webhooks.ts). */
import { httpHandler } from '../../shared/http/handler';
import { createWebhookRegistration, type WebhookRegistrationDependencies } from '../../shared/services/webhook-registration';

export const createWebhooksCreateHandler = (options: WebhookRegistrationDependencies = {}) => {
  const webhooks = createWebhookRegistration(options);
  return httpHandler('webhooks-create', async (event, caller) => ({ status: 201, data: await webhooks.create(caller.company.companyId, event.body) }));
};

export const handler = createWebhooksCreateHandler();
