/**
 * Carrier Z, a third parcel carrier with its own services and prices
 * (docs/architecture.md, carriers). A flat request in the shipper's unit system; it reads no
 * international options at rate time.
 */
import type { RateRequest } from '../../domain/rate/schema';
import type { PricingPlan } from '../../domain/entities';
import type { RateInput, ShipInput, ShipmentRef } from '../../domain/carrier';
import type { CarrierTransport } from '../connector';
import {
  compact,
  contactOf,
  insuranceOf,
  placeOf,
  refuseNonConveyable,
  refuseTooManyPackages,
  serviceCodesOf,
  shipDateOf,
  shipReferenceOf,
  signatureOf,
  thirdPartyAccountOf,
  type Money,
  type ShipContact,
} from '../request-mapping';
import { defineSandboxConnector } from '../connector';
import { sandboxWireParsers } from '../wire';
import { sandboxPickups } from '../wire/pickup';

export const CARRIERZ = 'CARRIERZ';

export type CarrierZPlace = { country: string; region?: string; postal?: string; city?: string };

export type CarrierZRateRequest = {
  account: string;
  currency: string;
  pickupDate: string;
  serviceCodes: string[];
  from: CarrierZPlace;
  to: CarrierZPlace & { residential: boolean };
  /** `imperial`: lb and in; `metric`: kg and cm. */
  unitSystem: 'imperial' | 'metric';
  /** One entry per piece of the request, `count` identical packages. */
  packages: Array<{ count: number; weight: number; length: number; width: number; height: number }>;
  signature: 'NONE' | 'REQUIRED' | 'ADULT';
  saturdayDelivery: boolean;
  declaredValue?: Money;
  /** Third-party billing only. */
  billThirdParty?: { account: string };
};

export type CarrierZShipRequest = Omit<CarrierZRateRequest, 'serviceCodes'> & {
  /** The idempotency key: the same shipmentReference answers the shipment already made. */
  shipmentReference: string;
  serviceCode: string;
  /** When the shipment is tendered (ISO 8601). */
  issuedAt: string;
  fromContact: ShipContact;
  toContact: ShipContact;
  returnLabel: boolean;
};

const place = (a: Parameters<typeof placeOf>[0]): CarrierZPlace => {
  const p = placeOf(a);
  return compact({ country: p.countryCode, region: p.provinceCode, postal: p.postalCode, city: p.city });
};

/** What rate and ship requests share: the shipment itself, without the services asked about. */
function shipmentOf(request: RateRequest, plan: PricingPlan) {
  const thirdParty = thirdPartyAccountOf(CARRIERZ, request);
  return compact({
    account: plan.account.accountNumber,
    currency: plan.currency,
    pickupDate: shipDateOf(request),
    from: place(request.shipper),
    to: { ...place(request.recipient), residential: request.recipient.residential === true },
    unitSystem: request.packages.unitOfMeasure,
    packages: request.packages.pieces.map(({ quantity, weight, length, width, height }) => ({ count: quantity, weight, length, width, height })),
    signature: ({ none: 'NONE', required: 'REQUIRED', adult: 'ADULT' } as const)[signatureOf(request)],
    saturdayDelivery: request.shippingOptions.saturdayDelivery === true,
    declaredValue: insuranceOf(request),
    billThirdParty: thirdParty ? { account: thirdParty } : undefined,
  });
}

export function buildCarrierZRateRequest(input: RateInput): CarrierZRateRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERZ, request);
  return { ...shipmentOf(request, plan), serviceCodes: serviceCodesOf(CARRIERZ, input) };
}

export function buildCarrierZShipRequest(input: ShipInput): CarrierZShipRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERZ, request);
  refuseTooManyPackages(CARRIERZ, request);
  return {
    ...shipmentOf(request, plan),
    shipmentReference: shipReferenceOf(CARRIERZ, input),
    serviceCode: input.serviceCode,
    issuedAt: input.shipTime,
    fromContact: contactOf(CARRIERZ, 'shipper', request.shipper),
    toContact: contactOf(CARRIERZ, 'recipient', request.recipient),
    returnLabel: request.shippingOptions.createReturnLabel === true,
  };
}

/** Carrier Z finds a shipment by its waybill (its tracking number) and its shipment id. */
export type CarrierZTrackRequest = { waybills: [string]; shipmentId?: string };

export type CarrierZVoidRequest = { waybill: string; shipmentId?: string; action: 'VOID' };

export function buildCarrierZTrackRequest(shipment: ShipmentRef): CarrierZTrackRequest {
  return compact({ waybills: [shipment.trackingNumber] as [string], shipmentId: shipment.shipmentId });
}

export function buildCarrierZVoidRequest(shipment: ShipmentRef): CarrierZVoidRequest {
  return compact({ waybill: shipment.trackingNumber, shipmentId: shipment.shipmentId, action: 'VOID' as const });
}

export type CarrierZTransport = CarrierTransport<CarrierZRateRequest, CarrierZShipRequest, CarrierZTrackRequest, CarrierZVoidRequest>;

/** Carrier Z, as the registry lists it: a carrier of the sandbox network. */
export const carrierZ = defineSandboxConnector({
  buildRateRequest: buildCarrierZRateRequest,
  buildShipRequest: buildCarrierZShipRequest,
  buildTrackRequest: buildCarrierZTrackRequest,
  buildVoidRequest: buildCarrierZVoidRequest,
  ...sandboxWireParsers(CARRIERZ),
  capabilities: { pickups: sandboxPickups(CARRIERZ) },
});
