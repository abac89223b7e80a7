/**
 * Webhook events from the table's stream (shared/services/webhook-delivery.ts):
 * the manifest's filter passes order records only; each becomes the
 * deliveries its change makes, queued for the delivery function. Records are
 * handled in stream order; one that fails is reported in `batchItemFailures`
 * and retried from there, and its deliveries, already made, are not made again.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { config } from '../../shared/config';
import { logger } from '../../shared/logger';
import { metrics } from '../../shared/metrics';
import { createWebhookDeliveryService, type WebhookDeliveryDependencies } from '../../shared/services/webhook-delivery';
import { stagePolicy } from '../../shared/services/webhooks';

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
  const main = async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.DynamoDBStreams), { context, processInParallel: false });
  return middy(main)
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }));
};

export const handler = createWebhookEventsHandler();
