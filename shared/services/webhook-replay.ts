/**
 * Replaying a delivery (POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry,
 * docs/webhooks.md): the delivery becomes pending again with its id and body,
 * and a message goes to the delivery queue. A delivered or failed delivery
 * gets one attempt; a pending one keeps its schedule. An attempt in flight
 * (its lease younger than ATTEMPT_LEASE_SECONDS) makes it 409; a dead
 * attempt's lease does not (its message may be in the dead-letter queue).
 * Both ids are the route's, read by its schemas (shared/contract/webhooks.ts).
 */
import type { RetryAccepted } from '../contract/webhooks';
import { AppError, notFound } from '../errors';
import { ConditionFailed } from '../store/table-ops';
import { ATTEMPT_LEASE_SECONDS, getDelivery, requeueDelivery } from '../store/webhooks';
import { deliveryQueue } from '../webhooks/queue';
import { ownWebhook } from './webhooks';

export const createWebhookReplay = ({ clock = () => new Date() }: { clock?: () => Date } = {}) => ({
  /** Sends the delivery again now, with the same `webhook-id` and body: one attempt. */
  async retry(companyId: string, webhookId: string, deliveryId: string): Promise<RetryAccepted> {
    const endpoint = await ownWebhook(companyId, webhookId);
    const delivery = await getDelivery(companyId, endpoint.webhookId, deliveryId, true);
    if (!delivery) throw notFound('delivery not found');
    if (!endpoint.enabled) throw new AppError(409, 'WEBHOOK_CONFLICT', 'This endpoint is disabled (it answered 410 Gone); register it again to receive events');
    const now = clock();
    try {
      await requeueDelivery(delivery, now, new Date(now.getTime() - ATTEMPT_LEASE_SECONDS * 1000));
    } catch (e) {
      if (e instanceof ConditionFailed)
        throw new AppError(409, 'WEBHOOK_CONFLICT', 'An attempt of this delivery is in flight; retry shortly', { headers: { 'retry-after': '15' } });
      throw e;
    }
    await deliveryQueue().send([{ companyId, webhookId: endpoint.webhookId, deliveryId, attempts: delivery.attempts }], 0);
    return { id: deliveryId, status: 'pending' };
  },
});
