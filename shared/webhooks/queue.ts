/**
 * The queue of webhook deliveries: a message names one delivery
 * (`{companyId, webhookId, deliveryId, attempts}`); the delivery function takes it,
 * reads the delivery and attempts it (shared/services/webhook-delivery.ts).
 * The message carries no body and no secret: the table is the truth, and a
 * message sent twice is harmless (the attempt lease and the delivery's status
 * decide).
 *
 * Deployed: SQS (WEBHOOK_QUEUE_URL), whose delay is at most 15 minutes; a
 * longer wait is a chain of such delays (the delivery function sends the
 * message on again until the attempt is due). Locally the runtime installs its
 * own durable queue (local/delivery-queue.ts) with `useDeliveryQueue`.
 */
import { config } from '../config';
import { awsClientConfig, withoutSdkLogging } from '../store/client';

/** `attempts`: the delivery's attempts when the message was sent; a message that no longer matches is dropped. */
export type DeliveryMessage = { companyId: string; webhookId: string; deliveryId: string; attempts: number };

export type DeliveryQueue = {
  /** Sends the messages, each to be received after `delaySeconds` (at most MAX_DELAY_SECONDS). */
  send(messages: readonly DeliveryMessage[], delaySeconds: number): Promise<void>;
};

/** SQS's longest message delay. */
export const MAX_DELAY_SECONDS = 900;
/** SQS SendMessageBatch takes at most 10 messages. */
const BATCH = 10;

let installed: DeliveryQueue | undefined;

/** The local runtime and tests: deliveries go to this queue instead of SQS. */
export const useDeliveryQueue = (queue: DeliveryQueue | undefined): void => {
  installed = queue;
};

const sqsClient = async () => {
  const { SQSClient } = await import('@aws-sdk/client-sqs');
  return withoutSdkLogging(new SQSClient(awsClientConfig('sqs')));
};
let sqs: ReturnType<typeof sqsClient> | undefined;

const sqsQueue: DeliveryQueue = {
  async send(messages, delaySeconds) {
    const queueUrl = config.webhookQueueUrl;
    if (!queueUrl) throw new Error('webhook deliveries need WEBHOOK_QUEUE_URL (deployed) or the local runtime queue');
    const { SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
    const client = await (sqs ??= sqsClient());
    for (let i = 0; i < messages.length; i += BATCH) {
      const chunk = messages.slice(i, i + BATCH);
      const out = await client.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((message, n) => ({ Id: String(n), MessageBody: JSON.stringify(message), DelaySeconds: clampDelay(delaySeconds) })),
        }),
      );
      if (out.Failed && out.Failed.length > 0) throw new Error(`SQS refused ${out.Failed.length} delivery message(s): ${out.Failed.map((f) => f.Code).join(', ')}`);
    }
  },
};

export const clampDelay = (seconds: number): number => Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil(seconds)));

export const deliveryQueue = (): DeliveryQueue => installed ?? sqsQueue;

/** A message body as received; undefined when it is not one of ours. */
export const parseDeliveryMessage = (body: string): DeliveryMessage | undefined => {
  try {
    const value = JSON.parse(body) as Partial<DeliveryMessage> | null;
    if (value && typeof value.companyId === 'string' && typeof value.webhookId === 'string' && typeof value.deliveryId === 'string' && Number.isInteger(value.attempts)) {
      return { companyId: value.companyId, webhookId: value.webhookId, deliveryId: value.deliveryId, attempts: value.attempts! };
    }
  } catch {
    // not JSON
  }
  return undefined;
};
