/**
 * Webhook delivery from the queue (shared/services/webhook-delivery.ts): each
 * message is one delivery's next step, handled side by side with the others
 * of its batch, so a slow endpoint never holds up another's. A message that
 * throws (the store or the queue failed) is reported in `batchItemFailures`
 * and handed again by the queue, then parked in its dead-letter queue.
 */
import { queueStepHandler } from '../../shared/batch-handler';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { createWebhookDeliveryService, type WebhookDeliveryDependencies } from '../../shared/services/webhook-delivery';
import { stagePolicy } from '../../shared/webhooks/destination';
import { parseDeliveryMessage } from '../../shared/webhooks/queue';

export const createWebhookDeliverHandler = (options: Partial<WebhookDeliveryDependencies> = {}) => {
  const service = createWebhookDeliveryService({ logger, policy: stagePolicy(), schedule: config.webhookRetrySchedule, ...options });
  return queueStepHandler({
    parse: parseDeliveryMessage,
    kind: 'a delivery message',
    failed: 'webhook delivery step failed',
    describe: (message) => ({ deliveryId: message.deliveryId }),
    run: (message) => service.deliver(message),
  });
};

export const handler = createWebhookDeliverHandler();
