/**
 * The webhook endpoints of the API (docs/webhooks.md): register, list, read
 * and delete a company's endpoints, list an endpoint's deliveries and retry
 * one. Everything is read in the caller's company partition, so another
 * company's endpoint or delivery is simply not found (404).
 *
 * A URL is checked when registered (shared/webhooks/destination.ts: https,
 * public addresses only, except in the local runtime) and again at every
 * delivery. The signing secret is made here, sealed before it is stored,
 * and shown in the create answer only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWebhookBody, deliveryParams, webhookParams, type CreatedWebhook, type DeletedWebhook, type Delivery, type RetryAccepted, type Webhook } from '../contract/webhooks';
import { config } from '../config';
import { issuesToDetails, issueText, validationError } from '../domain/rate/validate';
import { WEBHOOK_EVENT_TYPES, newWebhookSecret } from '../domain/webhooks';
import { AppError, notFound } from '../errors';
import { ConditionFailed } from '../store/table-ops';
import {
  WebhookLimitReached,
  deleteWebhook,
  getDelivery,
  getWebhook,
  latestDeliveries,
  listWebhooks,
  putWebhook,
  requeueDelivery,
  type DeliveryItem,
  type WebhookItem,
} from '../store/webhooks';
import { checkWebhookUrl, type DestinationPolicy } from '../webhooks/destination';
import { deliveryQueue } from '../webhooks/queue';
import { sealSecret } from '../webhooks/secret-box';

/** The URL rules of this deployment: a deployed stage takes https to public addresses only; the local runtime also http and loopback. */
export const stagePolicy = (): DestinationPolicy => ({ allowHttp: config.webhookAllowPrivateUrls, allowPrivate: config.webhookAllowPrivateUrls });

/** Deliveries listed per request, newest first. */
export const DELIVERY_LIST_LIMIT = 50;

export type WebhooksDependencies = {
  clock?: () => Date;
  newId?: () => string;
  policy?: DestinationPolicy;
  /** Name resolution of the URL check (tests inject one). */
  resolve?: (host: string) => Promise<string[]>;
};

export const toWebhook = (item: WebhookItem): Webhook => ({
  id: item.webhookId,
  url: item.url,
  events: [...item.events],
  description: item.description ?? null,
  enabled: item.enabled,
  createdDate: item.createdDate,
});

export const toDelivery = (item: DeliveryItem): Delivery => ({
  id: item.deliveryId,
  type: item.type,
  createdDate: item.createdDate,
  attempts: item.attempts,
  status: item.status,
  lastResponseStatus: item.lastResponseStatus ?? null,
  lastError: item.lastError ?? null,
  nextAttemptAt: item.status === 'pending' ? (item.nextAttemptAt ?? null) : null,
});

const webhookIdOf = (webhookId: string): string => {
  if (!webhookParams.shape.webhookId.safeParse(webhookId).success) throw new AppError(400, 'VALIDATION_FAILED', 'webhookId must be a UUID');
  return webhookId.toLowerCase();
};

export const createWebhooksService = ({ clock = () => new Date(), newId = randomUUID, policy = stagePolicy(), resolve }: WebhooksDependencies = {}) => {
  const ownWebhook = async (companyId: string, webhookId: string): Promise<WebhookItem> => {
    const found = await getWebhook(companyId, webhookIdOf(webhookId), true);
    if (!found) throw notFound('webhook not found');
    return found;
  };

  return {
    async create(companyId: string, body: unknown): Promise<CreatedWebhook> {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(400, 'VALIDATION_FAILED', 'body must be a JSON object');
      const parsed = createWebhookBody.safeParse(body, { error: issueText });
      if (!parsed.success) throw validationError(issuesToDetails(parsed.error.issues));
      const checked = await checkWebhookUrl(parsed.data.url, policy, resolve);
      if (!checked.ok) throw validationError([{ path: 'url', message: checked.reason }]);
      const webhookId = newId();
      const secret = newWebhookSecret(randomBytes);
      const events = parsed.data.events ? WEBHOOK_EVENT_TYPES.filter((t) => parsed.data.events!.includes(t)) : [...WEBHOOK_EVENT_TYPES];
      const item: WebhookItem = {
        webhookId,
        companyId,
        url: checked.url.href,
        events,
        ...(parsed.data.description ? { description: parsed.data.description } : {}),
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

    async list(companyId: string): Promise<Webhook[]> {
      return (await listWebhooks(companyId)).sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.webhookId.localeCompare(b.webhookId)).map(toWebhook);
    },

    async get(companyId: string, webhookId: string): Promise<Webhook> {
      return toWebhook(await ownWebhook(companyId, webhookId));
    },

    /** Deletes the endpoint; its pending deliveries then fail at their next attempt ("endpoint deleted") and nothing more is sent. */
    async remove(companyId: string, webhookId: string): Promise<DeletedWebhook> {
      const id = webhookIdOf(webhookId);
      if (!(await deleteWebhook(companyId, id))) throw notFound('webhook not found');
      return { id, deleted: true };
    },

    async deliveries(companyId: string, webhookId: string): Promise<Delivery[]> {
      const endpoint = await ownWebhook(companyId, webhookId);
      return (await latestDeliveries(companyId, endpoint.webhookId, DELIVERY_LIST_LIMIT)).map(toDelivery);
    },

    /** Sends the delivery again now, with the same `webhook-id` and body: one attempt. */
    async retry(companyId: string, webhookId: string, deliveryId: string): Promise<RetryAccepted> {
      const endpoint = await ownWebhook(companyId, webhookId);
      if (!deliveryParams.shape.deliveryId.safeParse(deliveryId).success) throw new AppError(400, 'VALIDATION_FAILED', 'deliveryId must be a delivery id (msg_ and 26 characters)');
      const delivery = await getDelivery(companyId, endpoint.webhookId, deliveryId, true);
      if (!delivery) throw notFound('delivery not found');
      if (!endpoint.enabled) throw new AppError(409, 'WEBHOOK_CONFLICT', 'This endpoint is disabled (it answered 410 Gone); register it again to receive events');
      try {
        await requeueDelivery(delivery, clock());
      } catch (e) {
        if (e instanceof ConditionFailed) throw new AppError(409, 'WEBHOOK_CONFLICT', 'An attempt of this delivery is in flight; retry shortly', { headers: { 'retry-after': '15' } });
        throw e;
      }
      await deliveryQueue().send([{ companyId, webhookId: endpoint.webhookId, deliveryId, attempts: delivery.attempts }], 0);
      return { id: deliveryId, status: 'pending' };
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
