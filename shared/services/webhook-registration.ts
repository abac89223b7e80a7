/**
 * Registering a webhook endpoint (POST /v1/webhooks, docs/webhooks.md): the
 * body read by its route's schema (shared/contract/webhooks.ts, in the HTTP
 * wrapper), the URL checked here with the deployment's rules
 * (shared/webhooks/destination.ts: https to public addresses only, except in
 * the local runtime; checked again at every delivery), the signing secret made
 * here, sealed before it is stored and shown in this answer only. At most
 * MAX_WEBHOOKS_PER_COMPANY endpoints: the store's transaction holds the limit
 * under concurrent creates.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CreateWebhookBody, CreatedWebhook } from '../contract/webhooks';
import { validationError } from '../domain/issues';
import { WEBHOOK_EVENT_TYPES, newWebhookSecret } from '../domain/webhooks';
import { AppError } from '../errors';
import { WebhookLimitReached, putWebhook, type WebhookItem } from '../store/webhooks';
import { checkWebhookUrl, stagePolicy, type DestinationPolicy, type Resolve } from '../webhooks/destination';
import { sealSecret } from '../webhooks/secret-box';
import { toWebhook } from './webhooks';

export type WebhookRegistrationDependencies = {
  clock?: () => Date;
  newId?: () => string;
  policy?: DestinationPolicy;
  /** Name resolution of the URL check (tests inject one). */
  resolve?: Resolve;
};

export const createWebhookRegistration = ({
  clock = () => new Date(),
  newId = randomUUID,
  policy = stagePolicy(),
  resolve,
}: WebhookRegistrationDependencies = {}) => ({
  /** `body`: the route's, read by its schema (shared/contract/webhooks.ts); the URL's rules are the deployment's, checked here. */
  async create(companyId: string, body: CreateWebhookBody): Promise<CreatedWebhook> {
    const checked = await checkWebhookUrl(body.url, policy, resolve);
    if (!checked.ok) throw validationError([{ path: 'url', message: checked.reason }]);
    const webhookId = newId();
    const secret = newWebhookSecret(randomBytes);
    const events = body.events ? WEBHOOK_EVENT_TYPES.filter((t) => body.events!.includes(t)) : [...WEBHOOK_EVENT_TYPES];
    const item: WebhookItem = {
      webhookId,
      companyId,
      url: checked.url.href,
      events,
      ...(body.description ? { description: body.description } : {}),
      enabled: true,
      createdDate: clock().toISOString(),
      secretSealed: await sealSecret(secret, { companyId, webhookId }),
    };
    try {
      await putWebhook(item);
    } catch (e) {
      if (e instanceof WebhookLimitReached) throw new AppError(409, 'WEBHOOK_LIMIT_REACHED', `${e.message}; delete one first`);
      throw e;
    }
    return { ...toWebhook(item), secret };
  },
});
