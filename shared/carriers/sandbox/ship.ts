/**
 * Ship in the sandbox network: the shipment a sandbox carrier makes of an
 * order its readers (./request-readers/) understood.
 *
 * The shipment is a function of (carrier, reference, request, service, ship
 * time) and nothing else: its numbers come from the carrier and the reference
 * (./numbers.ts), their count and the documents from the request. A repeated
 * reference therefore answers the shipment already made, in this container or
 * any other, as a real carrier's idempotency key does; the sandbox keeps no
 * state to make that true.
 */
import type { ShipWire } from '../wire/ship';
import { billOfLadingNumber, customsDeclarationNumber, returnTrackingNumber, trackingNumbers, trackingUrl } from './numbers';
import type { SandboxShipOrder } from './readers';

/** The shipment a sandbox carrier makes of an order: the same order, the same shipment. */
export function makeShipment(order: SandboxShipOrder, shipmentId: string): ShipWire['shipment'] {
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
    shipmentId,
    ...(order.returnLabel ? { returnTrackingNumber: returnTrackingNumber(carrierCode, reference) } : {}),
    ...(order.billOfLading ? { billOfLadingNumber: billOfLadingNumber(carrierCode, reference) } : {}),
    ...(order.customs ? { customs: { declarationNumber: customsDeclarationNumber(carrierCode, reference), documentsOnly: order.customs.documentsOnly } } : {}),
    ...(order.notification ? { notification: order.notification } : {}),
  };
}
