/**
 * Carrier F, freight (LTL) (docs/architecture.md, carriers): the only kind that accepts
 * `nonConveyable`; it reads `freightOptions` (spec 2.8) as accessorials, one
 * per side for `pickup`/`delivery`/`both`. It moves freight within and
 * between Canada and the United States only, in pounds and inches, and has
 * no signature or Saturday service, so those options are not sent. A
 * shipment is booked under a bill of lading the carrier issues.
 */
import type { FreightOptions, RateRequest } from '../../domain/rate/schema';
import type { PricingPlan } from '../../domain/entities';
import { CarrierRefusal, type RateInput, type ShipInput, type ShipmentRef } from '../../domain/carrier';
import type { CarrierTransport } from '../connector';
import {
  cmToIn,
  compact,
  contactOf,
  insuranceOf,
  kgToLb,
  placeOf,
  refuseTooManyPackages,
  serviceCodesOf,
  shipDateOf,
  shipReferenceOf,
  thirdPartyAccountOf,
  type Money,
  type ShipContact,
} from '../request-mapping';
import { defineSandboxConnector } from '../connector';
import { sandboxWireParsers } from '../wire';

export const CARRIERF = 'CARRIERF';

export type CarrierFAccessorialCode =
  | 'TAILGATE_PICKUP'
  | 'TAILGATE_DELIVERY'
  | 'TWO_PERSON_PICKUP'
  | 'TWO_PERSON_DELIVERY'
  | 'AFTER_HOURS_PICKUP'
  | 'AFTER_HOURS_DELIVERY'
  | 'DELIVERY_APPOINTMENT'
  | 'PREBOOKED_APPOINTMENT'
  | 'PICKUP_APPOINTMENT';

export type CarrierFAccessorial = { code: CarrierFAccessorialCode; note?: string };

export type CarrierFPlace = { country: string; province?: string; postalCode?: string; city?: string };

export type CarrierFRateRequest = {
  accountNumber: string;
  currency: string;
  pickupDate: string;
  serviceLevels: string[];
  shipper: CarrierFPlace;
  consignee: CarrierFPlace & { residential: boolean };
  /** One entry per piece of the request, `count` identical handling units. */
  handlingUnits: Array<{ count: number; weightLb: number; lengthIn: number; widthIn: number; heightIn: number }>;
  accessorials: CarrierFAccessorial[];
  declaredValue?: Money;
  /** Third-party billing only. */
  billTo?: { party: 'THIRD_PARTY'; accountNumber: string };
};

/** A booking: the carrier answers it with a bill of lading number and a PRO number per handling unit. */
export type CarrierFShipRequest = Omit<CarrierFRateRequest, 'serviceLevels'> & {
  /** The idempotency key: the same bookingReference answers the booking already made. */
  bookingReference: string;
  serviceLevel: string;
  /** When the shipment is tendered (ISO 8601). */
  tenderedAt: string;
  shipperContact: ShipContact;
  consigneeContact: ShipContact;
  returnLabel: boolean;
};

const SERVED_COUNTRIES = new Set(['CA', 'US']);

const perSide = (side: FreightOptions['tailgate'], pickup: CarrierFAccessorialCode, delivery: CarrierFAccessorialCode): CarrierFAccessorial[] => {
  if (side === 'both') return [{ code: pickup }, { code: delivery }];
  if (side === 'pickup') return [{ code: pickup }];
  if (side === 'delivery') return [{ code: delivery }];
  return [];
};

/** The accessorials carrier F prices for `freightOptions`, in a fixed order. */
export function carrierFAccessorials(options: FreightOptions | undefined): CarrierFAccessorial[] {
  if (!options) return [];
  const appointment = (code: CarrierFAccessorialCode, slot: { appointmentDate: string; appointmentTime: string } | undefined) =>
    slot ? [{ code, note: `${slot.appointmentDate} ${slot.appointmentTime}` }] : [];
  return [
    ...perSide(options.tailgate, 'TAILGATE_PICKUP', 'TAILGATE_DELIVERY'),
    ...perSide(options.twoPersons, 'TWO_PERSON_PICKUP', 'TWO_PERSON_DELIVERY'),
    ...perSide(options.afterHours, 'AFTER_HOURS_PICKUP', 'AFTER_HOURS_DELIVERY'),
    ...(options.appointment?.trim() ? [{ code: 'DELIVERY_APPOINTMENT' as const, note: options.appointment.trim() }] : []),
    ...appointment('PREBOOKED_APPOINTMENT', options.prebookedAppointment),
    ...appointment('PICKUP_APPOINTMENT', options.pickupAppointment),
  ];
}

const place = (a: RateRequest['shipper']): CarrierFPlace => {
  const p = placeOf(a);
  return compact({ country: p.countryCode, province: p.provinceCode, postalCode: p.postalCode, city: p.city });
};

/** What rate and ship requests share: the shipment itself, without the service levels asked about. */
function shipmentOf(request: RateRequest, plan: PricingPlan) {
  const shipper = place(request.shipper);
  const consignee = place(request.recipient);
  if (!SERVED_COUNTRIES.has(shipper.country) || !SERVED_COUNTRIES.has(consignee.country)) {
    throw new CarrierRefusal(CARRIERF, `${CARRIERF} moves freight within and between Canada and the United States only`);
  }
  const metric = request.packages.unitOfMeasure === 'metric';
  const thirdParty = thirdPartyAccountOf(CARRIERF, request);
  return compact({
    accountNumber: plan.account.accountNumber,
    currency: plan.currency,
    pickupDate: shipDateOf(request),
    shipper,
    consignee: { ...consignee, residential: request.recipient.residential === true },
    handlingUnits: request.packages.pieces.map((piece) => ({
      count: piece.quantity,
      weightLb: metric ? kgToLb(piece.weight) : piece.weight,
      lengthIn: metric ? cmToIn(piece.length) : piece.length,
      widthIn: metric ? cmToIn(piece.width) : piece.width,
      heightIn: metric ? cmToIn(piece.height) : piece.height,
    })),
    accessorials: carrierFAccessorials(request.freightOptions),
    declaredValue: insuranceOf(request),
    billTo: thirdParty ? { party: 'THIRD_PARTY' as const, accountNumber: thirdParty } : undefined,
  });
}

export function buildCarrierFRateRequest(input: RateInput): CarrierFRateRequest {
  const { request, plan } = input;
  return { ...shipmentOf(request, plan), serviceLevels: serviceCodesOf(CARRIERF, input) };
}

export function buildCarrierFShipRequest(input: ShipInput): CarrierFShipRequest {
  const { request, plan } = input;
  const shipment = shipmentOf(request, plan);
  refuseTooManyPackages(CARRIERF, request);
  return {
    ...shipment,
    bookingReference: shipReferenceOf(CARRIERF, input),
    serviceLevel: input.serviceCode,
    tenderedAt: input.shipTime,
    shipperContact: contactOf(CARRIERF, 'shipper', request.shipper),
    consigneeContact: contactOf(CARRIERF, 'recipient', request.recipient),
    returnLabel: request.shippingOptions.createReturnLabel === true,
  };
}

/** A shipment trace by PRO number (its tracking number), with carrier F's booking id. */
export type CarrierFTrackRequest = { proNumber: string; bookingId?: string; traceType: 'PRO' };

/** Cancels the pickup and the booking under the PRO number. */
export type CarrierFVoidRequest = { proNumber: string; bookingId?: string; cancelReason: 'SHIPPER_CANCELLED' };

export function buildCarrierFTrackRequest(shipment: ShipmentRef): CarrierFTrackRequest {
  return compact({ proNumber: shipment.trackingNumber, bookingId: shipment.shipmentId, traceType: 'PRO' as const });
}

export function buildCarrierFVoidRequest(shipment: ShipmentRef): CarrierFVoidRequest {
  return compact({ proNumber: shipment.trackingNumber, bookingId: shipment.shipmentId, cancelReason: 'SHIPPER_CANCELLED' as const });
}

export type CarrierFTransport = CarrierTransport<CarrierFRateRequest, CarrierFShipRequest, CarrierFTrackRequest, CarrierFVoidRequest>;

/** Carrier F, as the registry lists it: a carrier of the sandbox network. */
export const carrierF = defineSandboxConnector({
  buildRateRequest: buildCarrierFRateRequest,
  buildShipRequest: buildCarrierFShipRequest,
  buildTrackRequest: buildCarrierFTrackRequest,
  buildVoidRequest: buildCarrierFVoidRequest,
  ...sandboxWireParsers(CARRIERF),
});
