/**
 * Ship in the sandbox network: what each sandbox carrier understands from
 * its ship request, and the shipment it makes of it.
 *
 * The shipment is a function of (carrier, reference, request, service) and
 * nothing else: its numbers come from the carrier and the reference
 * (./numbers.ts), their count and the documents from the request. A repeated
 * reference therefore answers the shipment already made, in this container or
 * any other, as a real carrier's idempotency key does; the sandbox keeps no
 * state to make that true.
 */
import type { CarrierFShipRequest } from '../carrier-f';
import type { CarrierXShipRequest } from '../carrier-x';
import type { CarrierYShipRequest } from '../carrier-y';
import type { CarrierZShipRequest } from '../carrier-z';
import { CarrierRefusal, type CarrierShipment, type NotificationStatus } from '../types';
import { billOfLadingNumber, customsDeclarationNumber, returnTrackingNumber, trackingNumbers, trackingUrl } from './numbers';

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
};

const sum = (counts: number[]) => counts.reduce((n, c) => n + c, 0);

export function readCarrierXShipRequest(request: CarrierXShipRequest): SandboxShipOrder {
  return {
    carrierCode: 'CARRIERX',
    reference: request.transactionId,
    serviceCode: request.serviceType,
    packageCount: sum(request.requestedPackageLineItems.map((item) => item.groupPackageCount)),
    returnLabel: request.returnShipment,
    billOfLading: false,
  };
}

/** Carrier Y refuses an international shipment that comes without its forms. */
export function readCarrierYShipRequest(request: CarrierYShipRequest): SandboxShipOrder {
  if (request.origin.countryCode !== request.destination.countryCode && !request.customs) {
    throw new CarrierRefusal('CARRIERY', 'CARRIERY requires customs forms for a shipment from one country to another');
  }
  return {
    carrierCode: 'CARRIERY',
    reference: request.clientReference,
    serviceCode: request.service,
    packageCount: sum(request.parcels.map((p) => p.quantity)),
    returnLabel: request.returnLabel,
    billOfLading: false,
    customs: request.customs ? { documentsOnly: request.customs.documentsOnly } : undefined,
    notification: request.notification ? { email: request.notification.email, statuses: ['intransit'] } : undefined,
  };
}

export function readCarrierZShipRequest(request: CarrierZShipRequest): SandboxShipOrder {
  return {
    carrierCode: 'CARRIERZ',
    reference: request.shipmentReference,
    serviceCode: request.serviceCode,
    packageCount: sum(request.packages.map((p) => p.count)),
    returnLabel: request.returnLabel,
    billOfLading: false,
  };
}

export function readCarrierFShipRequest(request: CarrierFShipRequest): SandboxShipOrder {
  return {
    carrierCode: 'CARRIERF',
    reference: request.bookingReference,
    serviceCode: request.serviceLevel,
    packageCount: sum(request.handlingUnits.map((u) => u.count)),
    returnLabel: request.returnLabel,
    billOfLading: true,
  };
}

/** The shipment a sandbox carrier makes of an order: the same order, the same shipment. */
export function makeShipment(order: SandboxShipOrder): CarrierShipment {
  const { carrierCode, reference } = order;
  const pieceTrackingNumbers = trackingNumbers(carrierCode, reference, order.packageCount);
  const [trackingNumber = ''] = pieceTrackingNumbers;
  return {
    reference,
    carrierCode,
    serviceCode: order.serviceCode,
    trackingNumber,
    pieceTrackingNumbers,
    trackingUrl: trackingUrl(carrierCode, trackingNumber),
    ...(order.returnLabel ? { returnTrackingNumber: returnTrackingNumber(carrierCode, reference) } : {}),
    ...(order.billOfLading ? { billOfLadingNumber: billOfLadingNumber(carrierCode, reference) } : {}),
    ...(order.customs ? { customs: { declarationNumber: customsDeclarationNumber(carrierCode, reference), documentsOnly: order.customs.documentsOnly } } : {}),
    ...(order.notification ? { notification: order.notification } : {}),
  };
}
