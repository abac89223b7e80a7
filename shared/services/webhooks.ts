/**
 * The webhook endpoints of the API (docs/webhooks.md), the reading side: list,
 * read and delete a company's endpoints and list an endpoint's deliveries.
 * Registering one is ./webhook-registration.ts, retrying a delivery
 * ./webhook-replay.ts: each function bundle then carries only the adapters
 * its endpoint uses (the URL rules and KMS for registering, SQS for a retry).
 * Everything is read in the caller's company partition, so another company's
 * endpoint or delivery is simply not found (404).
 */
import type { DeletedWebhook, Delivery, Webhook } from '../contract/webhooks';
import { notFound } from '../errors';
import { deleteWebhook, getWebhook, latestDeliveries, listWebhooks, type DeliveryItem, type WebhookItem } from '../store/webhooks';

/** Deliveries listed per request, newest first. */
export const DELIVERY_LIST_LIMIT = 50;

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

/** An endpoint id of a path (a UUID its route's schema read, shared/contract/webhooks.ts): ids are issued in lower case, a UUID is the same in any case. */
export const webhookIdOf = (webhookId: string): string => webhookId.toLowerCase();

/** The caller's endpoint: 404 when it is not the company's. */
export const ownWebhook = async (companyId: string, webhookId: string): Promise<WebhookItem> => {
  const found = await getWebhook(companyId, webhookIdOf(webhookId), true);
  if (!found) throw notFound('webhook not found');
  return found;
};

export const createWebhooksService = () => {
  return {
    async list(companyId: string): Promise<Webhook[]> {
      return (await listWebhooks(companyId))
        .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.webhookId.localeCompare(b.webhookId))
        .map(toWebhook);
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
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
