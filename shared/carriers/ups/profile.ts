/** UPS as the service knows it before loading its connector (../profile.ts); registered by its line in ../carriers.ts. */
import { defineProfile } from '../profile';
import { reference } from './reference';

/**
 * How long after a ship the reconciler looks for a late duplicate to void.
 * UPS documents no void window in its Shipping API; a shipment that never
 * entered UPS's network can be voided for weeks, and one nobody printed a
 * label for never enters it. 28 days bounds the search rounds.
 */
export const UPS_VOID_WINDOW_DAYS = 28;

/** UPS Address Validation Street Level checks addresses against the USPS database: the United States and Puerto Rico only (its document). */
export const UPS_ADDRESS_COUNTRIES = ['US', 'PR'] as const;

export const profile = defineProfile({
  code: 'UPS',
  kind: 'parcel',
  network: 'live',
  reference,
  // UPS's OAuth client credentials (an app of UPS's developer portal).
  account: { credentialFields: ['clientId', 'clientSecret'] },
  capabilities: {
    // No idempotency key: a ship of unknown outcome is reconciled by a reference search (docs/reliability.md).
    findShipments: { voidWindowDays: UPS_VOID_WINDOW_DAYS },
    // Track Alert: UPS pushes a subscribed package's events (docs/ups.md).
    push: true,
    // On-call pickups: Pickup Creation, Rate, Pending Status and Cancel (docs/ups.md, "Pickups").
    pickups: true,
    // Address Validation Street Level: one address a request (AddressKeyFormat is one object), US and PR (docs/ups.md).
    validateAddresses: { countries: UPS_ADDRESS_COUNTRIES, maxPerCall: 1 },
  },
  load: async () => (await import('.')).ups,
});
