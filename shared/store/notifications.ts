/**
 * The markers that make a status e-mail go out once per order and status
 * (docs/architecture.md, `ORDER#<orderId>` / `NOTIFY#<status>`, beside the order, kept
 * as long as the order). The guarantee lives in the data, so it holds however
 * often and in whatever order the stream delivers an order's records, and
 * across containers:
 *
 * a. before sending, a conditional put of `{state: 'sending', token,
 *    startedAt}` that succeeds only when there is no marker, or the marker is
 *    `sending` and started more than NOTIFY_LEASE_SECONDS ago (the attempt
 *    that wrote it died);
 * b. the e-mail is sent;
 * c. the marker becomes `{state: 'sent', sentAt, messageId}`, conditioned on
 *    the token;
 * d. when the send fails, the marker is deleted, conditioned on the token, so
 *    a retry of the record can send.
 *
 * A `sent` marker means the e-mail went out: skip it. A `sending` marker
 * within its lease is another attempt in flight: the caller fails the record,
 * so Lambda retries it and it finds `sent` (skip), nothing (send) or a stale
 * claim (take it over). Skipping instead would lose the e-mail whenever that
 * attempt died, since the retry of its own record would skip it too.
 *
 * A crash between (b) and (c) leaves a `sending` marker for an e-mail that was
 * sent: once its lease passes, the retry sends it again. That is at most one
 * duplicate, after the lease, and the best there is without a mail API that
 * deduplicates. The lease is longer than the function timeout, so a live
 * attempt is never taken over.
 *
 * The marker is a lease of shared/store/lease.ts, the primitive every
 * exactly-once protocol of the store shares.
 */
import * as z from '../zod';
import { keys } from './keys';
import { defineLease } from './lease';
import { ConditionFailed } from './table-ops';

const markerSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('sending'), token: z.string(), startedAt: z.string() }),
  z.object({ state: z.literal('sent'), token: z.string(), sentAt: z.string(), messageId: z.string() }),
]);
export type NotificationMarker = z.infer<typeof markerSchema>;

/** The marker is a lease item (shared/store/lease.ts): `sending` while held, `sent` once complete. */
const notifyLease = defineLease({ kind: 'item', entityType: 'notification', since: 'startedAt', held: 'sending', done: 'sent', schema: markerSchema });

export const getNotificationMarker = (orderId: string, status: string): Promise<NotificationMarker | undefined> =>
  notifyLease.read(keys.notification(orderId, status));

export type Claim = { claimed: true } | { claimed: false; marker: NotificationMarker | undefined };

/**
 * Step (a): claims the e-mail of `status` for the attempt holding `token`.
 * When the claim fails, says why: the marker as it is now (read consistently;
 * undefined if it was released in between, which the caller treats as in flight).
 */
export const claimNotification = async (orderId: string, status: string, claim: { token: string; startedAt: string; staleBefore: string }): Promise<Claim> => {
  try {
    await notifyLease.claim(keys.notification(orderId, status), {
      token: claim.token,
      now: new Date(claim.startedAt),
      staleBefore: new Date(claim.staleBefore),
    });
    return { claimed: true };
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    return { claimed: false, marker: await getNotificationMarker(orderId, status) };
  }
};

/**
 * Step (c). Throws ConditionFailed when the claim is no longer `token`'s:
 * another attempt took it over after the lease, and may send a duplicate.
 */
export const markNotificationSent = async (orderId: string, status: string, token: string, sent: { sentAt: string; messageId: string }): Promise<void> => {
  await notifyLease.complete(keys.notification(orderId, status), token, { set: { sentAt: sent.sentAt, messageId: sent.messageId }, remove: ['startedAt'] });
};

/**
 * Step (d): gives the claim up after a failed send (one conditional
 * DeleteItem). A claim already taken over by another attempt stays theirs
 * (ConditionFailed).
 */
export const releaseNotification = async (orderId: string, status: string, token: string): Promise<void> => {
  await notifyLease.release(keys.notification(orderId, status), token);
};
