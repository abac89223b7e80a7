/**
 * A shipment as the order keeps it, for the tracking and void tests: shipped
 * on Monday 2025-06-02 at 13:00 UTC from Toronto to London (a place without
 * a province), committed for Wednesday 2025-06-04 10:30.
 */
import { trackingNumbers } from '../../../shared/carriers/sandbox/numbers';
import { encodeShipmentId, type SandboxShipmentFacts } from '../../../shared/carriers/sandbox/shipment-id';
import type { ShipmentRef } from '../../../shared/domain/carrier';
import { REFERENCE } from './ship-fixtures';

export const SHIPPED_AT = '2025-06-02T13:00:00.000Z';

/** The journey of that shipment at pace 1, oldest first. */
export const TIMETABLE = [
  ['LABEL_CREATED', 'pending', '2025-06-02T13:00:00.000Z'],
  ['PICKED_UP', 'intransit', '2025-06-02T16:00:00.000Z'],
  ['DEPARTED', 'intransit', '2025-06-02T21:00:00.000Z'],
  ['ARRIVED', 'intransit', '2025-06-04T04:00:00.000Z'],
  ['OUT_FOR_DELIVERY', 'intransit', '2025-06-04T07:00:00.000Z'],
  ['DELIVERED', 'delivered', '2025-06-04T10:30:00.000Z'],
] as const;

/** What the sandbox carrier knows of that shipment, with its tracking number: what its journey is made of. */
export const journeyFacts = (carrierCode = 'CARRIERX', overrides: Partial<SandboxShipmentFacts> = {}): SandboxShipmentFacts & { trackingNumber: string } => ({
  trackingNumber: trackingNumbers(carrierCode, REFERENCE, 1)[0]!,
  shippedAt: SHIPPED_AT,
  commitment: { commitDate: '2025-06-04', commitTime: '10:30', timezoneCode: 'ET', guaranteed: false },
  origin: { city: 'Toronto', provinceCode: 'ON', countryCode: 'CA' },
  destination: { city: 'London', countryCode: 'GB' },
  ...overrides,
});

/** The shipment as the order keeps it: its tracking number and the shipment id the sandbox carrier issued for those facts. */
export const shipmentRef = (carrierCode = 'CARRIERX', overrides: Partial<SandboxShipmentFacts> = {}): ShipmentRef => {
  const { trackingNumber, ...facts } = journeyFacts(carrierCode, overrides);
  return { reference: REFERENCE, trackingNumber, shipmentId: encodeShipmentId(facts) };
};

export const at = (iso: string): Date => new Date(iso);
/** Long after every journey of the tests has ended. */
export const LATER = at('2090-01-01T00:00:00.000Z');
