/**
 * Pieces of request building that the carriers' connectors share. Pure: the
 * builders call them with the validated rate request only.
 */
import { RATE_LIMITS } from '../domain/rate/limits';
import type { Address, CommercialInvoice, Piece, RateRequest } from '../domain/rate/schema';
import { CarrierRefusal, type RateInput, type ShipInput } from '../domain/carrier';

/** Money as carrier APIs take it: a decimal amount in major units. */
export type Money = { amount: number; currency: string };

export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;

const round = (n: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
};
export const lbToKg = (lb: number) => round(lb * KG_PER_LB, 3);
export const kgToLb = (kg: number) => round(kg / KG_PER_LB, 2);
export const inToCm = (inches: number) => round(inches * CM_PER_IN, 1);
export const cmToIn = (cm: number) => round(cm / CM_PER_IN, 1);

/** The calendar date of `shippingOptions.shippingDate` (a date or a local date-time). */
export const shipDateOf = (request: RateRequest): string => request.shippingOptions.shippingDate.slice(0, 10);

/** Total piece count: quantity summed over pieces. */
export const totalPieceCount = (pieces: Piece[]): number => pieces.reduce((n, p) => n + p.quantity, 0);

/** Invoice total: quantity × unit value summed over items, to the cent; invoice forms default to CAD (spec 2.9). */
export function invoiceTotal(invoice: CommercialInvoice): Money {
  const cents = invoice.invoiceItems.reduce((sum, item) => sum + Math.round(item.quantity * item.value * 100), 0);
  return { amount: cents / 100, currency: (invoice.currency ?? 'CAD').toUpperCase() };
}

/** `internationalOptions` counts only when it has at least one key (spec 2.7). */
export const hasInternationalOptions = (request: RateRequest): boolean => Object.keys(request.internationalOptions ?? {}).length > 0;

export const isInternational = (request: RateRequest): boolean => request.shipper.countryCode.toUpperCase() !== request.recipient.countryCode.toUpperCase();

export const insuranceOf = (request: RateRequest): Money | undefined => {
  const insurance = request.shippingOptions.insurance;
  return insurance && insurance.amount > 0 ? { amount: insurance.amount, currency: insurance.currency.toUpperCase() } : undefined;
};

export const signatureOf = (request: RateRequest): 'none' | 'required' | 'adult' => request.shippingOptions.signature ?? 'none';

/** Uppercased country, province and postal code (without spaces) of an address. */
export function placeOf(address: Address): { countryCode: string; provinceCode?: string; postalCode?: string; city?: string } {
  return compact({
    countryCode: address.countryCode.toUpperCase(),
    provinceCode: address.provinceCode?.toUpperCase(),
    postalCode: address.postalCode?.replace(/\s+/g, '').toUpperCase(),
    city: address.city,
  });
}

/**
 * Drops keys whose value is undefined, so a carrier request holds only what is sent.
 * A loop, not Object.fromEntries(Object.entries(…).filter(…)): the same keys in
 * the same order, without the pair arrays (each rate builds a few dozen of these).
 */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}

/** Codes of the services to quote: the enabled ones this carrier offers; none left is a refusal. */
export function serviceCodesOf(carrierCode: string, input: RateInput): string[] {
  const codes = input.services.filter((s) => s.carrierCode === carrierCode && !s.isDisabled).map((s) => s.code);
  if (codes.length === 0) throw new CarrierRefusal(carrierCode, `${carrierCode} has no enabled service to quote`);
  return codes;
}

/**
 * The bill-to account of the third-party billing flow (spec 2.11) when it
 * concerns this carrier: `billingOptions.type` is `thirdParty` and its
 * `carrierCode`, when given, is this carrier. `soldTo` is a ship time field.
 */
export function thirdPartyAccountOf(carrierCode: string, request: RateRequest): string | undefined {
  const billing = request.billingOptions;
  if (billing?.type !== 'thirdParty' || !billing.thirdPartyShipperNumber) return undefined;
  if (billing.carrierCode && billing.carrierCode.toUpperCase() !== carrierCode) return undefined;
  return billing.thirdPartyShipperNumber;
}

/** Parcel carriers do not take non-conveyable freight (spec 2.2). */
export function refuseNonConveyable(carrierCode: string, request: RateRequest): void {
  if (request.shippingOptions.nonConveyable === true) {
    throw new CarrierRefusal(carrierCode, `${carrierCode} is a parcel carrier and does not quote non-conveyable shipments`);
  }
}

/**
 * A party as a ship request carries it: what a label and a customs form need
 * beyond the place a rate needs. A carrier cannot ship to or from a party
 * without a name and a street line.
 */
export type ShipContact = {
  personName: string;
  companyName?: string;
  phoneNumber?: string;
  emailAddress?: string;
  addressLines: string[];
};

export function contactOf(carrierCode: string, field: string, address: Address): ShipContact {
  for (const key of ['personName', 'addressLine1'] as const) {
    if (address[key].trim() === '') throw new CarrierRefusal(carrierCode, `${carrierCode} cannot ship without ${field}.${key}`);
  }
  return compact({
    personName: address.personName.trim(),
    companyName: address.companyName?.trim() || undefined,
    phoneNumber: address.phoneNumber?.trim() || undefined,
    emailAddress: address.emailAddress?.trim() || undefined,
    addressLines: [address.addressLine1, address.addressLine2].map((line) => line?.trim() ?? '').filter((line) => line !== ''),
  });
}

/**
 * The reference a ship request carries to the carrier as its idempotency key
 * (the rateResponseId); carriers bound such keys, so a longer one is refused
 * rather than cut.
 */
export function shipReferenceOf(carrierCode: string, input: ShipInput): string {
  const { reference } = input;
  if (reference.trim() === '' || reference.length > 64) {
    throw new CarrierRefusal(carrierCode, `${carrierCode} needs a shipment reference of 1 to 64 characters`);
  }
  return reference;
}

/** Sandbox and real carriers alike cap a multi-piece shipment (RATE_LIMITS.packageCount). */
export function refuseTooManyPackages(carrierCode: string, request: RateRequest): void {
  const count = totalPieceCount(request.packages.pieces);
  if (count > RATE_LIMITS.packageCount) {
    throw new CarrierRefusal(carrierCode, `${carrierCode} ships at most ${RATE_LIMITS.packageCount} packages in one shipment, not ${count}`);
  }
}

/**
 * Who pays duties and taxes at ship time (spec 2.7): `billDutyTo`, or
 * `fallback` when it is not given; a third party needs its
 * `dutyAccountNumber`.
 */
export function dutiesPayerOf(
  carrierCode: string,
  request: RateRequest,
  fallback: 'sender' | 'recipient',
): { party: 'sender' | 'recipient' | 'thirdParty'; accountNumber?: string } {
  const { billDutyTo = fallback, dutyAccountNumber } = request.internationalOptions ?? {};
  if (billDutyTo !== 'thirdParty') return { party: billDutyTo };
  if (!dutyAccountNumber?.trim()) {
    throw new CarrierRefusal(carrierCode, `${carrierCode} bills duties to a third party only with internationalOptions.dutyAccountNumber`);
  }
  return { party: 'thirdParty', accountNumber: dutyAccountNumber.trim() };
}
