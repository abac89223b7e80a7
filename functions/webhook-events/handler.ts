/**
 * Webhook events from the table's stream (shared/services/webhook-delivery.ts):
 * the manifest's filter passes order records only; each becomes the
 * deliveries its change makes, queued for the delivery function. Records are
 * handled in stream order; one that fails is reported in `batchItemFailures`
 * and retried from there, and its deliveries, already made, are not made again.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { streamBatchHandler } from '../../shared/batch-handler';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { createWebhookDeliveryService, type WebhookDeliveryDependencies } from '../../shared/services/webhook-delivery';
import { stagePolicy } from '../../shared/webhooks/destination';

export const createWebhookEventsHandler = (options: Partial<WebhookDeliveryDependencies> = {}) => {
  const service = createWebhookDeliveryService({ logger, policy: stagePolicy(), schedule: config.webhookRetrySchedule, ...options });
  const processRecord = async (record: DynamoDBRecord) => {
    try {
      return await service.handleStreamRecord(record);
    } catch (error) {
      logger.error('stream record failed', { eventId: record.eventID, error });
      throw error;
    }
  };
  return streamBatchHandler(processRecord);
};

export const handler = createWebhookEventsHandler();
