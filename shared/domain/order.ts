/**
 * Pure rules of a shipment's order (spec 4.5, part 6, docs/decisions.md).
 */
import type { ShipResponse } from '../contract/ship';
import type { CarrierShipment, LabelType } from './carrier';
import type { RateRequest } from './rate/schema';
import type { StoredRate } from './rate/stored';
import { nextCheckAt } from './tracking';
import type { Carrier, CarrierDocumentRef, CarrierService, Order } from './entities';

/**
 * The statuses whose e-mail is sent (docs/decisions.md): with an e-mail and no
 * list, `intransit`; with a list, exactly the listed statuses; without an
 * e-mail, none.
 */
export const notificationOf = (request: Pick<RateRequest, 'shippingNotificationOptions'>): Order['notification'] => {
  const options = request.shippingNotificationOptions;
  if (!options?.shippingNotificationEmail) return { statuses: [] };
  return {
    email: options.shippingNotificationEmail,
    statuses: options.shippingNotificationStatuses ? [...new Set(options.shippingNotificationStatuses)] : ['intransit'],
  };
};

/** A claim older than `staleMs` belongs to a ship that died: the next ship may take it over. */
export const isStaleClaim = (claim: { at: string }, now: Date, staleMs: number): boolean => now.getTime() - Date.parse(claim.at) >= staleMs;

export type NewOrderInput = {
  orderId: string;
  companyId: string;
  rate: StoredRate;
  request: Pick<RateRequest, 'shippingNotificationOptions'>;
  shipment: CarrierShipment;
  labels: LabelType[];
  /** The documents the carrier issued, as stored beside the order. */
  carrierDocuments?: CarrierDocumentRef[];
  /** The registered carrier account that bought it; track and void use the same. */
  carrierAccountId?: string;
  now: Date;
  /** Sandbox pace (shared/config.ts): the first tracking check comes sooner at a faster pace. */
  pace: number;
};

/**
 * A new order: pending, no event yet (the first check asks the carrier), due
 * for its first check at the pending cadence, so its schedule enters the tracking-due
 * index; of its rate's mode.
 */
export const newOrder = ({ orderId, companyId, rate, request, shipment, labels, carrierDocuments, carrierAccountId, now, pace }: NewOrderInput): Order => ({
  orderId,
  companyId,
  rateResponseId: rate.rateResponseId,
  rateRequestId: rate.rateRequestId,
  pricingGroupId: rate.pricingGroupId,
  carrierCode: rate.carrierCode,
  serviceCode: rate.serviceCode,
  trackingNumber: shipment.trackingNumber,
  pieceTrackingNumbers: [...shipment.pieceTrackingNumbers],
  trackingUrl: shipment.trackingUrl,
  ...(shipment.shipmentId ? { carrierShipmentId: shipment.shipmentId } : {}),
  ...(carrierDocuments?.length ? { carrierDocuments } : {}),
  ...(carrierAccountId ? { carrierAccountId } : {}),
  ...(shipment.billOfLadingNumber ? { billOfLadingNumber: shipment.billOfLadingNumber } : {}),
  ...(shipment.returnTrackingNumber ? { returnTrackingNumber: shipment.returnTrackingNumber } : {}),
  ...(shipment.customs ? { customsDeclarationNumber: shipment.customs.declarationNumber } : {}),
  status: 'pending',
  labels,
  price: { currency: rate.currency, total: rate.totals.discounted[2] },
  notification: notificationOf(request),
  createdDate: now.toISOString(),
  commitment: rate.commitment ? { ...rate.commitment } : null,
  events: [],
  updated: now.toISOString(),
  nextCheckAt: nextCheckAt({ createdDate: now.toISOString(), status: 'pending', events: [] }, now, pace),
  version: 0,
  mode: rate.mode,
});

/** `data` of POST /v1/ship: its contract's type (shared/contract/ship.ts). */
export type { ShipResponse };

export const toShipResponse = (order: Order, carrier: Carrier | undefined, service: CarrierService | undefined): ShipResponse => ({
  orderId: order.orderId,
  rateResponseId: order.rateResponseId,
  trackingNumber: order.trackingNumber,
  status: order.status,
  carrier: carrier
    ? { code: carrier.code, fullName: { ...carrier.fullName }, shortName: { ...carrier.shortName } }
    : { code: order.carrierCode, fullName: {}, shortName: {} },
  service: service
    ? { code: service.code, fullName: { ...service.fullName }, shortName: { ...service.shortName } }
    : { code: order.serviceCode, fullName: {}, shortName: {} },
  metadata: { trackingUrl: order.trackingUrl },
  labels: { available: order.labels.map((l) => ({ ...l })) },
  pieces: order.pieceTrackingNumbers.map((trackingNumber) => ({ trackingNumber })),
  createdDate: order.createdDate,
  mode: order.mode,
});
