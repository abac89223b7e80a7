/** Carrier X as the service knows it before loading its connector (../profile.ts); registered by its line in ../carriers.ts. */
import { defineProfile } from '../profile';
import { reference } from './reference';

export const profile = defineProfile({
  code: 'CARRIERX',
  kind: 'parcel',
  network: 'sandbox',
  reference,
  requiresPackagingType: true,
  capabilities: { pickups: true },
  load: async () => (await import('.')).carrierX,
});
