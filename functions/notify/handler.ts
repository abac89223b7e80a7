/**
 * Status e-mails from the table's stream (spec part 6, docs/decisions.md). The
 * manifest's filter passes order status changes only; each record goes to the
 * notifying service, which sends every e-mail due exactly once
 * (shared/services/notifying.ts). Records are processed one after the other,
 * in stream order, and a record that fails is reported in
 * `batchItemFailures` (Powertools batch): the others of the batch stand, and
 * Lambda retries from the failed one, then parks it in the failure queue.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../../shared/logger';
import { metrics } from '../../shared/metrics';
import { emailSender } from '../../shared/notify/sender';
import { createNotifyingService, NotificationInFlight, type NotifyingDependencies } from '../../shared/services/notifying';

export type NotifyHandlerOptions = Partial<Pick<NotifyingDependencies, 'sender' | 'clock' | 'newId'>>;

export const createNotifyHandler = (options: NotifyHandlerOptions = {}) => {
  const notifying = createNotifyingService({ sender: emailSender, logger, ...options });

  const processRecord = async (record: DynamoDBRecord) => {
    try {
      return await notifying.notifyStreamRecord(record);
    } catch (error) {
      const attributes = { eventId: record.eventID, error };
      if (error instanceof NotificationInFlight) logger.warn('stream record failed: e-mail in flight elsewhere, retried later', attributes);
      else logger.error('stream record failed', attributes);
      throw error;
    }
  };

  const main = async (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
    // In sequence: an order's records then claim its e-mails in stream order, never against each other.
    processPartialResponse(event, processRecord, new BatchProcessor(EventType.DynamoDBStreams), { context, processInParallel: false });

  return middy(main)
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }));
};

export const handler = createNotifyHandler();
