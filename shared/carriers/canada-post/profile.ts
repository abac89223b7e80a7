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
  pushes: false,
  voidWindowDays: CANADA_POST_VOID_WINDOW_DAYS,
  transmits: true,
  load: async () => (await import('.')).canadaPost,
});
