/**
 * Status e-mails from the table's stream (spec part 6, docs/decisions.md). The
 * manifest's filter passes order status changes only; each record goes to the
 * notifying service, which sends every e-mail due exactly once
 * (shared/services/notifying.ts). Records are processed one after the other,
 * in stream order, and a record that fails is reported in
 * `batchItemFailures` (Powertools batch): the others of the batch stand, and
 * Lambda retries from the failed one, then parks it in the failure queue.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { streamBatchHandler } from '../../shared/batch-handler';
import { logger } from '../../shared/observability';
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

  // In sequence: an order's records then claim its e-mails in stream order, never against each other.
  return streamBatchHandler(processRecord);
};

export const handler = createNotifyHandler();
