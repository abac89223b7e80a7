/**
 * What a sandbox carrier understands from the request it receives: each
 * carrier reads its own request shape into this one view, the way a real
 * carrier's API parses its own format. Pricing works on this view only.
 */
import type { Money } from '../common';
import type { CarrierFRateRequest } from '../carrier-f';
import type { CarrierXRateRequest } from '../carrier-x';
import type { CarrierYRateRequest } from '../carrier-y';
import type { CarrierZRateRequest } from '../carrier-z';
import type { SandboxPlace } from './geography';

/** `count` identical pieces: pricing multiplies, it never expands them one by one. */
export type SandboxPiece = {
  count: number;
  unit: 'imperial' | 'metric';
  weight: number;
  /** Absent when the carrier knows the size itself (its own packaging). */
  dimensions?: { length: number; width: number; height: number };
};

export type SandboxShipment = {
  carrierCode: string;
  serviceCodes: string[];
  shipDate: string;
  currency: string;
  origin: SandboxPlace;
  destination: SandboxPlace & { residential: boolean };
  pieces: SandboxPiece[];
  signature: 'none' | 'required' | 'adult';
  saturdayDelivery: boolean;
  insurance?: Money;
  /** Set when estimated duties and taxes were requested. */
  estimatedDuties?: { customsValue?: Money };
  accessorials: string[];
};

export function readCarrierXRequest(request: CarrierXRateRequest): SandboxShipment {
  const place = (a: CarrierXRateRequest['shipper']): SandboxPlace => ({
    countryCode: a.countryCode,
    provinceCode: a.stateOrProvinceCode,
    postalCode: a.postalCode,
  });
  const special = request.specialServices;
  return {
    carrierCode: 'CARRIERX',
    serviceCodes: request.serviceTypes,
    shipDate: request.shipDate,
    currency: request.preferredCurrency,
    origin: place(request.shipper),
    destination: { ...place(request.recipient), residential: request.recipient.residential },
    pieces: request.requestedPackageLineItems.map((item) => ({
      count: item.groupPackageCount,
      unit: item.weight.units === 'KG' ? 'metric' : 'imperial',
      weight: item.weight.value,
      dimensions: item.dimensions,
    })),
    signature: special.signatureOption === 'DIRECT' ? 'required' : special.signatureOption === 'ADULT' ? 'adult' : 'none',
    saturdayDelivery: special.saturdayDelivery === true,
    insurance: special.declaredValue,
    estimatedDuties: request.requestEstimatedDutiesAndTaxes === true ? { customsValue: request.customsClearance?.customsValue } : undefined,
    accessorials: [],
  };
}

export function readCarrierYRequest(request: CarrierYRateRequest): SandboxShipment {
  const has = (code: string) => request.options.find((o) => o.code === code);
  const coverage = has('COV');
  return {
    carrierCode: 'CARRIERY',
    serviceCodes: request.services,
    shipDate: request.expectedMailingDate,
    currency: request.currency,
    origin: request.origin,
    destination: request.destination,
    pieces: request.parcels.map((p) => ({ count: p.quantity, unit: 'metric', weight: p.weightKg, dimensions: p.dimensionsCm })),
    signature: has('PA18') ? 'adult' : has('SO') ? 'required' : 'none',
    saturdayDelivery: has('SAT') !== undefined,
    insurance: coverage?.amount !== undefined ? { amount: coverage.amount, currency: coverage.currency ?? request.currency } : undefined,
    accessorials: [],
  };
}

export function readCarrierZRequest(request: CarrierZRateRequest): SandboxShipment {
  const place = (p: CarrierZRateRequest['from']): SandboxPlace => ({ countryCode: p.country, provinceCode: p.region, postalCode: p.postal });
  return {
    carrierCode: 'CARRIERZ',
    serviceCodes: request.serviceCodes,
    shipDate: request.pickupDate,
    currency: request.currency,
    origin: place(request.from),
    destination: { ...place(request.to), residential: request.to.residential },
    pieces: request.packages.map(({ count, weight, length, width, height }) => ({
      count,
      unit: request.unitSystem,
      weight,
      dimensions: { length, width, height },
    })),
    signature: ({ NONE: 'none', REQUIRED: 'required', ADULT: 'adult' } as const)[request.signature],
    saturdayDelivery: request.saturdayDelivery,
    insurance: request.declaredValue,
    accessorials: [],
  };
}

export function readCarrierFRequest(request: CarrierFRateRequest): SandboxShipment {
  const place = (p: CarrierFRateRequest['shipper']): SandboxPlace => ({ countryCode: p.country, provinceCode: p.province, postalCode: p.postalCode });
  return {
    carrierCode: 'CARRIERF',
    serviceCodes: request.serviceLevels,
    shipDate: request.pickupDate,
    currency: request.currency,
    origin: place(request.shipper),
    destination: { ...place(request.consignee), residential: request.consignee.residential },
    pieces: request.handlingUnits.map((u) => ({
      count: u.count,
      unit: 'imperial',
      weight: u.weightLb,
      dimensions: { length: u.lengthIn, width: u.widthIn, height: u.heightIn },
    })),
    signature: 'none',
    saturdayDelivery: false,
    insurance: request.declaredValue,
    accessorials: request.accessorials.map((a) => a.code),
  };
}
