/**
 * What is known of a carrier without loading its connector: its code, kind
 * and network, what it can do beyond rate, ship, track and cancel, its
 * reference data, and how to load the connector (a chunk of its own in a
 * function bundle). Each carrier folder has one (`<carrier>/profile.ts`),
 * registered by one line in ./carriers.ts; the registry (./registry.ts) and
 * the order carriers (./shipment-carriers.ts) derive everything from them.
 * A unit test holds each profile to its connector
 * (test/unit/carriers/shipment-carriers.test.ts).
 */
import type { CarrierKind } from '../domain/entities';
import type { CarrierConnector, CarrierNetwork } from './connector';
import type { ConnectorReference } from './reference-kit';

export type CarrierProfile = {
  readonly code: string;
  readonly kind: CarrierKind;
  readonly network: CarrierNetwork;
  /** Its reference data (the carrier, its services and packaging): the connector's own, from the folder's reference.ts. */
  readonly reference: ConnectorReference;
  /** Every piece needs `packagingType` when this carrier is quoted (carrier X). */
  readonly requiresPackagingType?: boolean;
  /** The connector has `subscribePush` and `push` (UPS Track Alert): its pushes are served by the generic inbound routes. */
  readonly pushes: boolean;
  /** The connector has `findShipments` (no idempotency key: its ships are reconciled), and this void window. */
  readonly voidWindowDays?: number;
  /** The connector has `closeOut`, `findCloseOuts` and `requestRefund` (Canada Post: the day's close is a transmit, a manifested shipment is refunded). */
  readonly transmits?: boolean;
  /** The connector, from a chunk of its own in a function bundle. */
  load(): Promise<CarrierConnector>;
};

export const defineProfile = (profile: CarrierProfile): CarrierProfile => profile;
