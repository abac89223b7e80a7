/**
 * Status e-mails (spec part 6, docs/decisions.md), fed by the table's stream: each
 * status of `statusesToNotify(order)` goes out once per order, in journey
 * order, under the marker protocol of shared/store/notifications.ts. Sender,
 * clock, ids and logger are injected.
 *
 * Metrics (embedded metric format, flushed by the notify handler after each
 * batch): `NotificationsSent` (Count) per e-mail sent, `NotificationsSkipped`
 * (Count) per status found already sent. The log line of each names the order
 * and status; per-status delivery counts come from the SES configuration set.
 */
import { randomUUID } from 'node:crypto';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { config } from '../config';
import { statusEmail, statusesToNotify, type EmailNames, type NotifiedStatus } from '../domain/notification';
import { orderSchema, type Order } from '../domain/entities';
import { type LogPort, metrics, MetricUnit } from '../observability';
import type { EmailSender } from '../notify/email-port';
import { keys, PK_PREFIX } from '../store/keys';
import { claimNotification, markNotificationSent, releaseNotification } from '../store/notifications';
import { loadReference } from '../store/reference';
import { ConditionFailed } from '../store/table-ops';

export type NotifyingDependencies = {
  sender: EmailSender;
  clock?: () => Date;
  newId?: () => string;
  logger: LogPort;
};

export type NotifyResult = { orderId: string; sent: NotifiedStatus[]; skipped: NotifiedStatus[] };

/**
 * Another attempt is sending this e-mail right now (its claim is within the
 * lease). The record fails, so it is retried once that attempt has finished
 * or its lease has run out (shared/store/notifications.ts says why not skip).
 */
export class NotificationInFlight extends Error {
  override readonly name = 'NotificationInFlight';

  constructor(
    readonly orderId: string,
    readonly status: string,
  ) {
    super(`the ${status} e-mail of order ${orderId} is being sent by another attempt`);
  }
}

/** Logs name the recipient's domain only: the address is personal data. */
export const recipientDomain = (address: string): string => address.slice(address.lastIndexOf('@') + 1) || '(none)';

const ORDER_SK = keys.order('').sk;

/** The order a stream record's new image holds; why not, when it holds none. */
export const orderOfStreamRecord = (record: DynamoDBRecord): { order: Order } | { skip: string; malformed?: true } => {
  const image = record.dynamodb?.NewImage;
  if (!image) return { skip: 'no new image' };
  return orderOfImage(image);
};

/** The order a stream record's image (new or old) holds; why not, when it holds none. */
export const orderOfImage = (image: Record<string, unknown>): { order: Order } | { skip: string; malformed?: true } => {
  // Binary attributes (the order's requestGzip) arrive base64-encoded in a Lambda event; they pass through unmarshall as text and are not read.
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (typeof item.pk !== 'string' || !item.pk.startsWith(PK_PREFIX.order) || item.sk !== ORDER_SK) return { skip: 'not an order' };
  const parsed = orderSchema.safeParse(item);
  if (!parsed.success) return { skip: `malformed order: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`, malformed: true };
  return { order: parsed.data };
};

const count = (name: 'NotificationsSent' | 'NotificationsSkipped') => metrics.addMetric(name, MetricUnit.Count, 1);

export const createNotifyingService = ({ sender, clock = () => new Date(), newId = randomUUID, logger }: NotifyingDependencies) => {
  const namesOf = async (order: Order): Promise<EmailNames> => {
    const reference = await loadReference();
    const carrier = reference.carriers.find((c) => c.code === order.carrierCode);
    const service = reference.servicesByCarrier.get(order.carrierCode)?.find((s) => s.code === order.serviceCode);
    return { ...(carrier ? { carrier } : {}), ...(service ? { service } : {}) };
  };

  /** Sends one status under its marker; false when it had been sent already. */
  const sendOnce = async (order: Order, to: string, status: NotifiedStatus, names: EmailNames): Promise<boolean> => {
    const { orderId } = order;
    const log = { orderId, status, toDomain: recipientDomain(to) };
    const now = clock();
    const token = newId();
    const claim = await claimNotification(orderId, status, {
      token,
      startedAt: now.toISOString(),
      staleBefore: new Date(now.getTime() - config.notifyLeaseSeconds * 1000).toISOString(),
    });
    if (!claim.claimed) {
      if (claim.marker?.state === 'sent') {
        logger.info('status e-mail skipped: already sent', { ...log, sentAt: claim.marker.sentAt });
        count('NotificationsSkipped');
        return false;
      }
      throw new NotificationInFlight(orderId, status);
    }

    let messageId: string;
    try {
      ({ messageId } = await sender.send({ to, ...statusEmail(order, status, names), orderId, status }));
    } catch (error) {
      try {
        await releaseNotification(orderId, status, token);
      } catch (releaseError) {
        // The claim then runs out with its lease, and a retry after that sends.
        logger.warn('status e-mail claim not released', { ...log, reason: releaseError instanceof ConditionFailed ? 'taken over' : String(releaseError) });
      }
      throw error;
    }

    try {
      await markNotificationSent(orderId, status, token, { sentAt: clock().toISOString(), messageId });
    } catch (markError) {
      // Not rethrown: the e-mail went out, and a retry of the record cannot mark it either. The claim
      // runs out with its lease, after which a later record of the order may send it once more.
      logger.error('status e-mail sent but not marked sent', {
        ...log,
        messageId,
        reason: markError instanceof ConditionFailed ? 'taken over' : String(markError),
      });
    }
    logger.info('status e-mail sent', { ...log, messageId });
    count('NotificationsSent');
    return true;
  };

  /**
   * Sends every status of the order that is due and not sent yet, in journey
   * order. The first failure stops it (a later status never goes out before
   * an earlier one) and is thrown, so the record is retried.
   */
  const notifyOrder = async (order: Order): Promise<NotifyResult> => {
    const result: NotifyResult = { orderId: order.orderId, sent: [], skipped: [] };
    const due = statusesToNotify(order);
    const to = order.notification.email;
    if (due.length === 0 || !to) return result;
    const names = await namesOf(order);
    for (const status of due) {
      if (await sendOnce(order, to, status, names)) result.sent.push(status);
      else result.skipped.push(status);
    }
    return result;
  };

  /** One record of the table's stream: a record that holds no order is skipped, and says why. */
  const notifyStreamRecord = async (record: DynamoDBRecord): Promise<NotifyResult | undefined> => {
    const found = orderOfStreamRecord(record);
    if ('skip' in found) {
      const attributes = { eventId: record.eventID, eventName: record.eventName, reason: found.skip };
      // A malformed order would fail again on every retry: skipped too, but loudly.
      if (found.malformed) logger.error('stream record skipped', attributes);
      else logger.warn('stream record skipped', attributes);
      return undefined;
    }
    return notifyOrder(found.order);
  };

  return { notifyOrder, notifyStreamRecord };
};
