/**
 * A valid rate request (spec 2.1) with packagingType already resolved to
 * objects, and the RateInput a connector receives for it.
 */
import type { Address, Piece, RateRequest } from '../../../shared/domain/rate/schema';
import type { CarrierService } from '../../../shared/domain/entities';
import { services as referenceServices } from '../../../shared/reference/carriers';
import { defaultPackagingTypes } from '../../../shared/reference/packaging';
import { pricingPlans } from '../../../shared/reference/pricing-groups';
import type { CarrierQuote, RateInput } from '../../../shared/domain/carrier';
import type { CarrierPort } from '../../../shared/carriers/port';

/** 2025-06-04 is a Wednesday; 2025-06-06 a Friday. */
export const WEDNESDAY = '2025-06-04';
export const FRIDAY = '2025-06-06';

export const torontoShipper: Address = {
  personName: 'Ada Shipper',
  companyName: 'Maple Parts Inc.',
  addressLine1: '100 King St W',
  city: 'Toronto',
  provinceCode: 'ON',
  postalCode: 'M5H 1A1',
  countryCode: 'CA',
  phoneNumber: '+1 416 555 0100',
};

export const vancouverRecipient: Address = {
  personName: 'Ben Receiver',
  addressLine1: '800 Granville St',
  city: 'Vancouver',
  provinceCode: 'BC',
  postalCode: 'V6Z 1K4',
  countryCode: 'CA',
};

export const newYorkRecipient: Address = {
  personName: 'Cora Buyer',
  addressLine1: '350 5th Ave',
  city: 'New York',
  provinceCode: 'NY',
  postalCode: '10118',
  countryCode: 'US',
};

export const londonRecipient: Address = {
  personName: 'Dan Client',
  addressLine1: '10 Downing St',
  city: 'London',
  postalCode: 'SW1A 2AA',
  countryCode: 'GB',
};

/** The catalog entry of `code`, resolved as the rate flow resolves a string packagingType. */
export function packagingType(code: string): NonNullable<Piece['packagingType']> {
  const entry = defaultPackagingTypes.find((p) => p.code === code);
  if (!entry) throw new Error(`no default packaging type ${code}`);
  return { code: entry.code, isEnvelope: entry.isEnvelope, name: entry.name, id: entry.id };
}

export function piece(code: string, overrides: Partial<Piece> = {}): Piece {
  return { quantity: 1, weight: 4, length: 12, width: 10, height: 8, packagingType: packagingType(code), ...overrides };
}

export function rateRequest(overrides: Partial<RateRequest> = {}): RateRequest {
  return {
    shippingOptions: { shippingDate: WEDNESDAY, signature: 'none' },
    shipper: torontoShipper,
    recipient: vancouverRecipient,
    packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX')] },
    ...overrides,
  };
}

/** Same request with some shipping options changed. */
export const withOptions = (request: RateRequest, options: Partial<RateRequest['shippingOptions']>): RateRequest => ({
  ...request,
  shippingOptions: { ...request.shippingOptions, ...options },
});

export const enabledServices = (carrierCode: string): CarrierService[] => referenceServices.filter((s) => s.carrierCode === carrierCode && !s.isDisabled);

export function rateInput(carrierCode: string, request: RateRequest = rateRequest(), services = enabledServices(carrierCode)): RateInput {
  const plan = pricingPlans.find((p) => p.pricingGroupId === 'default' && p.carrierCode === carrierCode);
  if (!plan) throw new Error(`no default plan for ${carrierCode}`);
  return { request, plan, services };
}

/** Builds and rates in one go, without a timeout. */
export async function quotesOf(
  carrier: Pick<CarrierPort, 'rate'> & { buildRateRequest(input: RateInput): unknown },
  input: RateInput,
): Promise<CarrierQuote[]> {
  return carrier.rate(await carrier.buildRateRequest(input), { signal: new AbortController().signal });
}

export const chargeCodes = (quote: CarrierQuote | undefined): string[] => (quote?.charges ?? []).map((c) => c.code);

export const chargeAmount = (quote: CarrierQuote | undefined, code: string): number | undefined => quote?.charges.find((c) => c.code === code)?.amount;
