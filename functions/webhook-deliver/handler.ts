/**
 * Webhook delivery from the queue (shared/services/webhook-delivery.ts): each
 * message is one delivery's next step, handled side by side with the others
 * of its batch, so a slow endpoint never holds up another's. A message that
 * throws (the store or the queue failed) is reported in `batchItemFailures`
 * and handed again by the queue, then parked in its dead-letter queue.
 */
import type { SQSRecord } from 'aws-lambda';
import { queueBatchHandler } from '../../shared/batch-handler';
import { config } from '../../shared/config';
import { logger } from '../../shared/logger';
import { createWebhookDeliveryService, type WebhookDeliveryDependencies } from '../../shared/services/webhook-delivery';
import { stagePolicy } from '../../shared/webhooks/destination';
import { parseDeliveryMessage } from '../../shared/webhooks/queue';

export const createWebhookDeliverHandler = (options: Partial<WebhookDeliveryDependencies> = {}) => {
  const service = createWebhookDeliveryService({ logger, policy: stagePolicy(), schedule: config.webhookRetrySchedule, ...options });
  const processRecord = async (record: SQSRecord) => {
    const message = parseDeliveryMessage(record.body);
    if (!message) {
      logger.error('queue message skipped: not a delivery message', { messageId: record.messageId });
      return 'dropped';
    }
    try {
      return await service.deliver(message);
    } catch (error) {
      logger.error('webhook delivery step failed', { messageId: record.messageId, deliveryId: message.deliveryId, error });
      throw error;
    }
  };
  return queueBatchHandler(processRecord);
};

export const handler = createWebhookDeliverHandler();
