/**
 * What every sandbox carrier's readers (./request-readers/) turn its requests into:
 * the views the sandbox network prices, ships, tracks and voids. Each carrier
 * reads its own request shape into these, as a real carrier's API parses its
 * own format.
 */
import type { NotificationStatus, ShipmentRef } from '../../domain/carrier';
import type { ShipWire } from '../wire/ship';
import type { SandboxShipment } from './shipment';

/** The carrier's view of a ship request: packages are counted, never listed one by one. */
export type SandboxShipOrder = {
  carrierCode: string;
  reference: string;
  serviceCode: string;
  /** Physical packages: counts summed over the request's lines. */
  packageCount: number;
  returnLabel: boolean;
  /** Freight: booked under a bill of lading. */
  billOfLading: boolean;
  /** Set when the request carried customs forms. */
  customs?: { documentsOnly: boolean };
  notification?: { email: string; statuses: NotificationStatus[] };
  /** When the shipment was tendered (ISO 8601): the start of its journey. */
  shipTime: string;
  /** The shipment as the carrier's rating reads it, for the one service shipped. */
  view: SandboxShipment;
};

/** A track or void request: the shipment it names, by tracking number and the carrier's shipment id. */
export type SandboxLookup = Pick<ShipmentRef, 'trackingNumber' | 'shipmentId'>;

export type SandboxReaders<RateRq, ShipRq, TrackRq, VoidRq> = {
  rate: (request: RateRq) => SandboxShipment;
  ship: (request: ShipRq) => SandboxShipOrder;
  track: (request: TrackRq) => SandboxLookup;
  cancel: (request: VoidRq) => SandboxLookup;
  /** The documents the carrier issues with a shipment it made; a carrier without issues none (the service renders its labels). */
  documents?: (shipment: ShipWire['shipment']) => NonNullable<ShipWire['shipment']['documents']>;
};

export const sum = (counts: number[]) => counts.reduce((n, c) => n + c, 0);
