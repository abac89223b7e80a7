/**
 * Webhook events and their delivery (docs/webhooks.md).
 *
 * Events come from the table's stream, never from the request path: an
 * order's record (through the manifest's filter) becomes the events its change
 * makes (shared/domain/webhooks.ts), and each event one delivery per enabled
 * endpoint of the company subscribed to its type. A delivery's id is made from
 * the stream record, so the same record handled twice finds its deliveries
 * there and makes none again; its body is serialised once and stored, so every
 * attempt sends, and signs, the same bytes.
 *
 * A delivery moves through the queue (shared/webhooks/queue.ts). A message
 * names the delivery and the number of attempts made when it was sent; one
 * that no longer matches the delivery is dropped, which keeps a message sent
 * twice from making two chains. Handling a message:
 *
 * 1. the delivery is read (consistently); one that is not pending, or whose
 *    attempts moved on, ends the message;
 * 2. not due yet: the message goes on with a delay (SQS delays at most 15 min);
 * 3. the endpoint is gone or disabled: the delivery fails, with that reason;
 * 4. the attempt lease is taken (an attempt in flight elsewhere: the message
 *    comes back after the lease);
 * 5. the body is signed per Standard Webhooks (`standardwebhooks`) and POSTed
 *    (shared/webhooks/destination.ts: public addresses only on a deployed
 *    stage, no redirects, 15 s, a few KB of the answer read);
 * 6. the next message is sent before the outcome is written, then the outcome
 *    is written and the lease given up in one write. A crash before the write
 *    leaves the lease to go stale and the queue to hand the message again: the
 *    attempt is made again (at least once, as the specification allows).
 *
 * An error of the store or the queue is thrown, so the queue hands the
 * message again, and after a few receipts parks it in the dead-letter queue
 * (an alarm; the delivery stays pending and can be retried).
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { toCancelResponse, toTrackResponse } from '../domain/tracking';
import { toShipResponse } from '../domain/order';
import type { Order } from '../domain/entities';
import { afterAttempt, deliveryIdOf, eventOfPickupChange, eventsOfOrderChange, webhookBody, type WebhookEventType } from '../domain/webhooks';
import { type LogAttributes, type LogPort, metrics, MetricUnit } from '../observability';
import { loadReference } from '../store/reference';
import { endedBatchOfImage } from '../store/batches';
import { manifestOfImage } from '../store/manifests';
import { pickupOfImage } from '../store/pickups';
import { ConditionFailed } from '../store/table-ops';
import {
  ATTEMPT_LEASE_SECONDS,
  claimDeliveryAttempt,
  disableWebhook,
  failDelivery,
  getDelivery,
  getWebhook,
  listWebhooks,
  putDelivery,
  recordAttempt,
  type DeliveryItem,
} from '../store/webhooks';
import { postWebhook, type DestinationPolicy, type PostOutcome } from '../webhooks/destination';
import { deliveryQueue, MAX_DELAY_SECONDS, type DeliveryMessage } from '../webhooks/queue';
import { openSecret } from '../webhooks/secret-box';
import { batchAnswer } from './batches';
import { manifestView } from './manifest-view';
import { pickupView } from './pickups/view';
import { orderOfImage } from './notifying';

/** An attempt answers within this, or counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** Bytes of an endpoint's answer read at most. */
export const MAX_RESPONSE_BYTES = 4096;

type AttemptMessage = DeliveryMessage;

export type WebhookDeliveryDependencies = {
  clock?: () => Date;
  newToken?: () => string;
  logger: LogPort;
  policy: DestinationPolicy;
  schedule: readonly number[];
  post?: typeof postWebhook;
  timeoutMs?: number;
};

const count = (name: 'WebhookEvents' | 'WebhookDelivered' | 'WebhookAttemptFailed' | 'WebhookFailed') => metrics.addMetric(name, MetricUnit.Count, 1);

const outcomeText = (outcome: PostOutcome) => (outcome.kind === 'response' ? `HTTP ${outcome.status}` : outcome.reason);

export const createWebhookDeliveryService = ({
  clock = () => new Date(),
  newToken = randomUUID,
  logger,
  policy,
  schedule,
  post = postWebhook,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
}: WebhookDeliveryDependencies) => {
  const dataOf = async (order: Order, type: WebhookEventType): Promise<unknown> => {
    if (type === 'shipment.cancelled') return toCancelResponse(order);
    if (type === 'tracking.updated') return toTrackResponse(order);
    const reference = await loadReference();
    const carrier = reference.carriers.find((c) => c.code === order.carrierCode);
    const service = reference.servicesByCarrier.get(order.carrierCode)?.find((s) => s.code === order.serviceCode);
    return toShipResponse(order, carrier, service);
  };

  const send = (message: AttemptMessage, delaySeconds: number) => deliveryQueue().send([message], Math.max(0, Math.min(MAX_DELAY_SECONDS, delaySeconds)));

  /** The deliveries one stream record makes; returns how many were new. */
  const handleStreamRecord = async (record: DynamoDBRecord): Promise<number> => {
    const image = record.dynamodb?.NewImage;
    if (!image) return 0;
    // A manifest that became closed (the manifest's stream filter): `manifest.created`.
    const closed = manifestOfImage(image);
    if (closed)
      return makeDeliveries(
        closed.companyId,
        `${closed.manifestId}:${record.dynamodb?.SequenceNumber ?? record.eventID ?? ''}`,
        eventTimeOf(record, closed.closedAt ?? closed.createdDate),
        [{ type: 'manifest.created', data: () => manifestView(closed) }],
        { manifestId: closed.manifestId },
      );
    // A pickup that became scheduled or cancelled (the pickups' stream filter): `pickup.scheduled`, `pickup.cancelled`.
    const pickup = pickupOfImage(image);
    if (pickup) {
      const oldImage = record.dynamodb?.OldImage;
      const type = eventOfPickupChange(oldImage ? pickupOfImage(oldImage)?.status : undefined, pickup.status);
      if (!type) return 0;
      return makeDeliveries(
        pickup.companyId,
        `${pickup.pickupId}:${record.dynamodb?.SequenceNumber ?? record.eventID ?? ''}`,
        eventTimeOf(record, pickup.cancelledAt ?? pickup.createdDate),
        [{ type, data: () => pickupView(pickup) }],
        { pickupId: pickup.pickupId },
      );
    }
    // A batch whose end was written (the batch's stream filter): `batch.completed`.
    const ended = endedBatchOfImage(image);
    if (ended)
      return makeDeliveries(
        ended.companyId,
        `${ended.batchId}:${record.dynamodb?.SequenceNumber ?? record.eventID ?? ''}`,
        eventTimeOf(record, ended.completedDate ?? ended.createdDate),
        [{ type: 'batch.completed', data: () => batchAnswer(ended) }],
        { batchId: ended.batchId },
      );
    const after = orderOfImage(image);
    if ('skip' in after) {
      if (after.malformed) logger.error('stream record skipped', { eventId: record.eventID, reason: after.skip });
      return 0;
    }
    const oldImage = record.dynamodb?.OldImage;
    const before = oldImage ? orderOfImage(oldImage) : undefined;
    const order = after.order;
    const types = eventsOfOrderChange(before && 'order' in before ? before.order : undefined, order);
    if (types.length === 0) return 0;
    return makeDeliveries(
      order.companyId,
      `${order.orderId}:${record.dynamodb?.SequenceNumber ?? record.eventID ?? ''}`,
      eventTimeOf(record, order.updated ?? order.createdDate),
      types.map((type) => ({ type, data: () => dataOf(order, type) })),
      { orderId: order.orderId },
    );
  };

  /** The stream record's time, or `fallback`'s. */
  const eventTimeOf = (record: DynamoDBRecord, fallback: string): Date => {
    const seconds = record.dynamodb?.ApproximateCreationDateTime;
    return typeof seconds === 'number' ? new Date(seconds * 1000) : new Date(fallback);
  };

  /** One delivery per enabled endpoint of the company subscribed to each event; returns how many were new. */
  const makeDeliveries = async (
    companyId: string,
    sourceId: string,
    eventAt: Date,
    events: ReadonlyArray<{ type: WebhookEventType; data: () => Promise<unknown> }>,
    about: LogAttributes,
  ): Promise<number> => {
    const endpoints = (await listWebhooks(companyId)).filter((w) => w.enabled);
    if (endpoints.length === 0) return 0;
    const now = clock();
    let made = 0;
    for (const { type, data } of events) {
      const subscribed = endpoints.filter((w) => w.events.includes(type));
      if (subscribed.length === 0) continue;
      const body = webhookBody(type, eventAt, await data());
      count('WebhookEvents');
      for (const endpoint of subscribed) {
        const deliveryId = deliveryIdOf({ eventAt, sourceId, webhookId: endpoint.webhookId, type });
        const message: AttemptMessage = { companyId, webhookId: endpoint.webhookId, deliveryId, attempts: 0 };
        const isNew = await putDelivery(
          {
            deliveryId,
            webhookId: endpoint.webhookId,
            companyId,
            type,
            createdDate: now.toISOString(),
            body,
            attempts: 0,
            status: 'pending',
            nextAttemptAt: now.toISOString(),
          },
          now,
        );
        if (isNew) {
          made += 1;
          await send(message, 0);
        } else {
          // Made by an earlier handling of this record, whose message may not have been sent.
          const stored = await getDelivery(companyId, endpoint.webhookId, deliveryId, true);
          if (stored?.status === 'pending' && stored.attempts === 0 && !stored.attempt) await send(message, 0);
        }
        logger.info('webhook delivery made', { ...about, webhookId: endpoint.webhookId, deliveryId, type, replayedRecord: !isNew });
      }
    }
    return made;
  };

  /** Handles one queue message (see the module's comment). */
  const deliver = async (message: AttemptMessage): Promise<'delivered' | 'retrying' | 'failed' | 'waiting' | 'dropped'> => {
    const log = { webhookId: message.webhookId, deliveryId: message.deliveryId };
    const delivery = await getDelivery(message.companyId, message.webhookId, message.deliveryId, true);
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== message.attempts) return 'dropped';
    const now = clock();
    const dueInMs = Date.parse(delivery.nextAttemptAt ?? delivery.createdDate) - now.getTime();
    if (dueInMs > 1000) {
      await send(message, Math.ceil(dueInMs / 1000));
      return 'waiting';
    }
    const endpoint = await getWebhook(message.companyId, message.webhookId, true);
    if (!endpoint || !endpoint.enabled) {
      const reason = endpoint ? 'endpoint disabled' : 'endpoint deleted';
      await failDelivery(delivery, reason, new Date(now.getTime() - ATTEMPT_LEASE_SECONDS * 1000));
      logger.info('webhook delivery failed without an attempt', { ...log, reason });
      count('WebhookFailed');
      return 'failed';
    }
    const token = newToken();
    try {
      await claimDeliveryAttempt(delivery, token, now, new Date(now.getTime() - ATTEMPT_LEASE_SECONDS * 1000));
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      // An attempt is in flight elsewhere, or the delivery just ended: look again once that attempt's lease has passed.
      await send(message, ATTEMPT_LEASE_SECONDS + 1);
      logger.info('webhook attempt in flight elsewhere', log);
      return 'waiting';
    }

    const secret = await openSecret(endpoint.secretSealed, { companyId: endpoint.companyId, webhookId: endpoint.webhookId });
    const sentAt = clock();
    const signature = new Webhook(secret).sign(delivery.deliveryId, sentAt, delivery.body);
    const headers = {
      'webhook-id': delivery.deliveryId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    const outcome = await post(new URL(endpoint.url), headers, delivery.body, { timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, policy });
    const progress = afterAttempt(delivery.attempts, outcome, clock(), schedule, delivery.manual === true);
    if (progress.status === 'pending') {
      await send({ ...message, attempts: progress.attempts }, (Date.parse(progress.nextAttemptAt!) - clock().getTime()) / 1000);
    }
    try {
      await recordAttempt(delivery, token, progress);
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      logger.warn('webhook attempt outcome not recorded: its lease was taken over', { ...log, outcome: outcomeText(outcome) });
      return progress.status === 'pending' ? 'retrying' : progress.status;
    }
    if (progress.disableEndpoint) await disableWebhook(endpoint.companyId, endpoint.webhookId, clock().toISOString());
    const attributes = {
      ...log,
      type: delivery.type,
      attempt: progress.attempts,
      outcome: outcomeText(outcome),
      status: progress.status,
      nextAttemptAt: progress.nextAttemptAt,
    };
    if (progress.status === 'delivered') {
      count('WebhookDelivered');
      logger.info('webhook delivered', attributes);
    } else {
      count(progress.status === 'failed' ? 'WebhookFailed' : 'WebhookAttemptFailed');
      logger.warn(progress.disableEndpoint ? 'webhook endpoint gone: disabled' : 'webhook attempt failed', attributes);
    }
    return progress.status === 'pending' ? 'retrying' : progress.status;
  };

  return { handleStreamRecord, deliver };
};

export type WebhookDeliveryService = ReturnType<typeof createWebhookDeliveryService>;
export type { DeliveryItem };
