/**
 * The queue of webhook deliveries: a message names one delivery
 * (`{companyId, webhookId, deliveryId, attempts}`); the delivery function takes it,
 * reads the delivery and attempts it (shared/services/webhook-delivery.ts).
 * The message carries no body and no secret: the table is the truth, and a
 * message sent twice is harmless (the attempt lease and the delivery's status
 * decide).
 *
 * Deployed: SQS (WEBHOOK_QUEUE_URL, shared/queues.ts), whose delay is at most 15 minutes; a
 * longer wait is a chain of such delays (the delivery function sends the
 * message on again until the attempt is due). Locally the runtime installs its
 * own durable queue (local/delivery-queue.ts) with `useDeliveryQueue`.
 */
import { clampDelay, MAX_DELAY_SECONDS, queueOf, useQueue, type QueuePort } from '../queues';
import * as z from '../zod';

/**
 * A message of the queue, one schema for its type and for reading it as
 * received. `attempts`: the delivery's attempts when the message was sent; a
 * message that no longer matches is dropped. Other fields are not kept.
 */
export const deliveryMessageSchema = z.object({
  companyId: z.string(),
  webhookId: z.string(),
  deliveryId: z.string(),
  attempts: z.number().check(z.int()),
});

export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

export type DeliveryQueue = QueuePort<DeliveryMessage>;

export { clampDelay, MAX_DELAY_SECONDS };

/** The local runtime and tests: deliveries go to this queue instead of SQS. */
export const useDeliveryQueue = (queue: DeliveryQueue | undefined): void => useQueue('webhook-deliveries', queue);

export const deliveryQueue = (): DeliveryQueue => queueOf<DeliveryMessage>('webhook-deliveries');

/** A message body as received; undefined when it is not one of ours (the delivery function logs and drops it). */
export const parseDeliveryMessage = (body: string): DeliveryMessage | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = deliveryMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};
