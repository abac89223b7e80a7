/**
 * Carrier Y, "the second parcel carrier" (DESIGN.md §4). It takes metric
 * parcels only and option codes; at rate time customs carry only a total:
 * a placeholder for documents overridden by `declaredValue` (spec 2.7), the
 * invoice total for goods (spec 2.9). Full international forms are a ship
 * time concern.
 */
import type { RateRequest } from '../../domain/rate/schema';
import type { CarrierTransport, RateInput } from '../types';
import {
  compact,
  defineAdapter,
  inToCm,
  insuranceOf,
  invoiceTotal,
  lbToKg,
  placeOf,
  refuseNonConveyable,
  serviceCodesOf,
  shipDateOf,
  signatureOf,
  thirdPartyAccountOf,
  type Money,
} from './common';

export const CARRIERY = 'CARRIERY';

/** SO signature, PA18 proof of age (adult signature), COV coverage, SAT Saturday delivery. */
export type CarrierYOption = { code: 'SO' | 'PA18' | 'COV' | 'SAT'; amount?: number; currency?: string };

export type CarrierYPlace = { countryCode: string; provinceCode?: string; postalCode?: string; city?: string };

export type CarrierYRateRequest = {
  customerNumber: string;
  currency: string;
  expectedMailingDate: string;
  services: string[];
  origin: CarrierYPlace;
  destination: CarrierYPlace & { residential: boolean };
  /** One entry per piece of the request, `quantity` identical parcels. */
  parcels: Array<{ quantity: number; weightKg: number; dimensionsCm?: { length: number; width: number; height: number } }>;
  options: CarrierYOption[];
  /** Third-party billing only. */
  payer?: { customerNumber: string };
  customs?: { documentsOnly: boolean; total: Money };
};

/** Stands in for the value of a documents-only shipment when no `declaredValue` is given. */
export const DOCUMENTS_PLACEHOLDER_AMOUNT = 1;

function parcels(request: RateRequest): CarrierYRateRequest['parcels'] {
  const imperial = request.packages.unitOfMeasure === 'imperial';
  return request.packages.pieces.map((piece) => {
    const sides = [piece.length, piece.width, piece.height].map((v) => (imperial ? inToCm(v) : v));
    const [length = 0, width = 0, height = 0] = sides;
    return compact({
      quantity: piece.quantity,
      weightKg: imperial ? lbToKg(piece.weight) : piece.weight,
      dimensionsCm: sides.some((v) => v > 0) ? { length, width, height } : undefined,
    });
  });
}

function options(request: RateRequest): CarrierYOption[] {
  const out: CarrierYOption[] = [];
  const signature = signatureOf(request);
  if (signature === 'required') out.push({ code: 'SO' });
  if (signature === 'adult') out.push({ code: 'PA18' });
  const coverage = insuranceOf(request);
  if (coverage) out.push({ code: 'COV', amount: coverage.amount, currency: coverage.currency });
  if (request.shippingOptions.saturdayDelivery === true) out.push({ code: 'SAT' });
  return out;
}

function customs(request: RateRequest, currency: string): CarrierYRateRequest['customs'] {
  const international = request.internationalOptions;
  if (international?.documentsOnly === true) {
    const declared = international.declaredValue;
    return {
      documentsOnly: true,
      total: declared
        ? { amount: declared.value, currency: declared.currency.toUpperCase() }
        : { amount: DOCUMENTS_PLACEHOLDER_AMOUNT, currency },
    };
  }
  if (request.commercialInvoice) return { documentsOnly: false, total: invoiceTotal(request.commercialInvoice) };
  return undefined;
}

export function buildCarrierYRateRequest(input: RateInput): CarrierYRateRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERY, request);
  const thirdParty = thirdPartyAccountOf(CARRIERY, request);
  return compact({
    customerNumber: plan.account.accountNumber,
    currency: plan.currency,
    expectedMailingDate: shipDateOf(request),
    services: serviceCodesOf(CARRIERY, input),
    origin: placeOf(request.shipper),
    destination: { ...placeOf(request.recipient), residential: request.recipient.residential === true },
    parcels: parcels(request),
    options: options(request),
    payer: thirdParty ? { customerNumber: thirdParty } : undefined,
    customs: customs(request, plan.currency),
  });
}

export const carrierYAdapter = (transport: CarrierTransport<CarrierYRateRequest>) =>
  defineAdapter({ code: CARRIERY, kind: 'parcel', buildRateRequest: buildCarrierYRateRequest }, transport);
