/**
 * Carrier Z, a third parcel carrier with its own services and prices
 * (DESIGN.md §4). A flat request in the shipper's unit system; it reads no
 * international options at rate time.
 */
import type { CarrierTransport, RateInput } from '../types';
import {
  compact,
  defineAdapter,
  insuranceOf,
  placeOf,
  refuseNonConveyable,
  serviceCodesOf,
  shipDateOf,
  signatureOf,
  thirdPartyAccountOf,
  type Money,
} from './common';

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

const place = (a: Parameters<typeof placeOf>[0]): CarrierZPlace => {
  const p = placeOf(a);
  return compact({ country: p.countryCode, region: p.provinceCode, postal: p.postalCode, city: p.city });
};

export function buildCarrierZRateRequest(input: RateInput): CarrierZRateRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERZ, request);
  const thirdParty = thirdPartyAccountOf(CARRIERZ, request);
  return compact({
    account: plan.account.accountNumber,
    currency: plan.currency,
    pickupDate: shipDateOf(request),
    serviceCodes: serviceCodesOf(CARRIERZ, input),
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

export const carrierZAdapter = (transport: CarrierTransport<CarrierZRateRequest>) =>
  defineAdapter({ code: CARRIERZ, kind: 'parcel', buildRateRequest: buildCarrierZRateRequest }, transport);
