/** FedEx as the service knows it before loading its connector (../profile.ts); registered by its line in ../carriers.ts. */
import { defineProfile } from '../profile';
import { reference } from './reference';

/**
 * How long after a ship the reconciler looks for a late duplicate to cancel.
 * FedEx cancels a shipment until it is tendered (Ship API, cancel); Track by
 * reference searches 30 days back at most by default, so 28 days bounds the
 * search rounds within what it finds.
 */
export const FEDEX_VOID_WINDOW_DAYS = 28;

/** FedEx Address Validation resolves at most 100 addresses a call (its document). */
export const FEDEX_MAX_ADDRESSES = 100;

export const profile = defineProfile({
  code: 'FEDEX',
  kind: 'parcel',
  network: 'live',
  reference,
  // FedEx's OAuth client credentials (a project of FedEx's developer portal); `childKey` and `childSecret` may go with them (docs/fedex.md).
  account: { credentialFields: ['clientId', 'clientSecret'] },
  capabilities: {
    // No idempotency key: a ship of unknown outcome is reconciled by Track by reference (docs/reliability.md, docs/fedex.md).
    findShipments: { voidWindowDays: FEDEX_VOID_WINDOW_DAYS },
    // Ground End of Day Close: FedEx's manifest report for the day's Ground shipments (docs/fedex.md).
    closeOut: true,
    // Pickup Request API with FedEx Express: availability, create, cancel; FedEx has no lookup of pickups (docs/fedex.md, "Pickups").
    pickups: true,
    // Address Validation: every country, 100 addresses a call (docs/fedex.md, "Address validation").
    validateAddresses: { countries: '*', maxPerCall: FEDEX_MAX_ADDRESSES },
  },
  load: async () => (await import('.')).fedex,
});
