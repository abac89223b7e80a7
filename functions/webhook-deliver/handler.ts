/**
 * Webhook delivery from the queue (shared/services/webhook-delivery.ts): each
 * message is one delivery's next step, handled side by side with the others
 * of its batch, so a slow endpoint never holds up another's. A message that
 * throws (the store or the queue failed) is reported in `batchItemFailures`
 * and handed again by the queue, then parked in its dead-letter queue.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { config } from '../../shared/config';
import { logger } from '../../shared/logger';
import { metrics } from '../../shared/metrics';
import { createWebhookDeliveryService, type WebhookDeliveryDependencies } from '../../shared/services/webhook-delivery';
import { stagePolicy } from '../../shared/services/webhooks';
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
  const main = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.SQS), { context, processInParallel: true });
  return middy(main)
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }));
};

export const handler = createWebhookDeliverHandler();
