/** Canada Post as the service knows it before loading its connector (../profile.ts); registered by its line in ../carriers.ts. */
import { defineProfile } from '../profile';
import { reference } from './reference';

/**
 * How long after a ship the reconciler looks for a late duplicate to cancel.
 * Canada Post documents no limit for voiding a contract shipment before its
 * transmit, nor for asking the refund of an unused label after it; 30 days
 * bounds the search rounds (and the non-contract search's date range).
 */
export const CANADA_POST_VOID_WINDOW_DAYS = 30;

export const profile = defineProfile({
  code: 'CANADAPOST',
  kind: 'parcel',
  network: 'live',
  reference,
  // Spec 2.3: an address may carry Canada Post's id of it; accepted and stored, read by no call of ours.
  addressFields: ['canadaPostId'],
  account: {
    // A Canada Post API key (username and password of the developer program); `refundEmail` may go with them.
    credentialFields: ['username', 'password'],
    accountNumberLabel: 'customer number',
    // Canada Post refuses any other contract id at every rate and ship.
    contractId: { pattern: /^[0-9]{1,10}$/, rule: '1 to 10 digits', example: '42708517' },
  },
  capabilities: {
    // No idempotency key: a ship of unknown outcome is reconciled by a search under our reference (docs/reliability.md).
    findShipments: { voidWindowDays: CANADA_POST_VOID_WINDOW_DAYS },
    // The day's close of a contract account is a transmit; a shipment on it is refunded, not voided (docs/manifests.md).
    closeOut: true,
    refund: true,
    // On-demand pickup requests, found again by the reference their instructions carry (docs/canada-post.md, "Pickups").
    pickups: true,
  },
  load: async () => (await import('.')).canadaPost,
});
