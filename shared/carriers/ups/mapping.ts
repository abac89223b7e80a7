/**
 * How UPS's Rating and Shipping requests say the same things (parties,
 * addresses, packages, units, money, accounts): one mapping, so a rate and
 * the ship of that rate describe the shipment alike. The decisions are in
 * ./rate.ts's header and docs/ups.md.
 */
import type { RateRequest } from '../../domain/rate/schema';
import { clip } from '../../domain/text-clipping';
import { compact, insuranceOf, invoiceTotal, placeOf, signatureOf, type Money } from '../request-mapping';
import { CarrierRefusal, type RateInput } from '../../domain/carrier';
import type { Rating } from './documents';
import { UPS } from './oauth';
import { UPS_PACKAGING_CODES } from './reference';

/** UPS's presence indicators: present (any value, sent empty) means yes. */
export const PRESENT = '' as const;

/**
 * Rating's types (./documents.ts): the address and party of ShipTo, the
 * widest of the three (only ShipTo's address has the residential
 * indicator); ship.ts checks the same values against Shipping's types where
 * it sends them.
 */
export type UpsAddress = Rating['ShipTo_Address'];
export type UpsParty = Rating['Shipment_ShipTo'];
export type UpsMoney = Rating['Shipment_InvoiceLineTotal'];
/** The fields of Rating's package this connector fills; every package has its packaging and its weight. */
export type UpsPackage = Pick<Rating['Shipment_Package'], 'Dimensions' | 'PackageServiceOptions'> &
  Required<Pick<Rating['Shipment_Package'], 'PackagingType' | 'PackageWeight'>>;

export const cut = (text: string | undefined, max: number): string | undefined => {
  const t = text?.trim();
  return t ? clip(t, max) : undefined;
};

/** A decimal as UPS's strings carry it: at most `decimals` places, no trailing zeros. */
export const decimal = (n: number, decimals: number): string => String(Number(n.toFixed(decimals)));
export const money = (m: Money): UpsMoney => ({ CurrencyCode: m.currency, MonetaryValue: m.amount.toFixed(2) });

export const UPS_ACCOUNT = /^[A-Z0-9]{6}$/i;

export function accountNumberOf(input: { plan: RateInput['plan'] }): string {
  const number = input.plan.account.accountNumber.trim();
  if (!UPS_ACCOUNT.test(number)) throw new CarrierRefusal(UPS, 'UPS account numbers are 6 letters and digits; the plan has another');
  return number.toUpperCase();
}

export function addressOf(address: RateRequest['shipper'], field: string, residential = false): UpsAddress {
  const place = placeOf(address);
  if (place.postalCode && place.postalCode.length > 9) throw new CarrierRefusal(UPS, `UPS takes postal codes of at most 9 characters (${field}.postalCode)`);
  return compact<UpsAddress>({
    AddressLine: [address.addressLine1, address.addressLine2].map((line) => cut(line, 35)).filter((line): line is string => line !== undefined),
    City: cut(address.city, 30),
    StateProvinceCode: place.provinceCode?.length === 2 ? place.provinceCode : undefined,
    PostalCode: place.postalCode || undefined,
    CountryCode: place.countryCode,
    ResidentialAddressIndicator: residential ? PRESENT : undefined,
  });
}

export const partyOf = (address: RateRequest['shipper'], field: string, residential = false): UpsParty =>
  compact<UpsParty>({
    Name: cut(address.companyName, 35) ?? cut(address.personName, 35),
    AttentionName: cut(address.personName, 35),
    Address: addressOf(address, field, residential),
  });

export const units = (system: 'imperial' | 'metric') =>
  system === 'imperial'
    ? { length: { Code: 'IN', Description: 'Inches' }, weight: { Code: 'LBS', Description: 'Pounds' } }
    : { length: { Code: 'CM', Description: 'Centimeters' }, weight: { Code: 'KGS', Description: 'Kilograms' } };

/** UPS packaging: UPS's own when the piece names one of its packaging types, 01 UPS Letter for another envelope, else 02 the customer's package. */
export const packagingOf = (piece: RateRequest['packages']['pieces'][number]) => {
  const own = piece.packagingType ? UPS_PACKAGING_CODES[piece.packagingType.code] : undefined;
  if (own) return { Code: own, Description: clip(piece.packagingType?.name ?? 'UPS packaging', 35) };
  return piece.packagingType?.isEnvelope ? { Code: '01', Description: 'UPS Letter' } : { Code: '02', Description: 'Package' };
};

/** Splits `total` into `n` whole-cent parts, the remainder on the first ones. */
export function splitCents(total: number, n: number): number[] {
  const cents = Math.round(total * 100);
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => (base + (i < cents - base * n ? 1 : 0)) / 100);
}

/** US and Puerto Rico domestic: UPS wants delivery confirmation per package there, per shipment elsewhere. */
export const isUsDomestic = (request: RateRequest) =>
  ['US', 'PR'].includes(request.shipper.countryCode.toUpperCase()) && ['US', 'PR'].includes(request.recipient.countryCode.toUpperCase());

export function packagesOf(request: RateRequest): UpsPackage[] {
  const { length: lengthUnit, weight: weightUnit } = units(request.packages.unitOfMeasure);
  const signature = signatureOf(request);
  const packageSignature = signature !== 'none' && isUsDomestic(request) ? { DCISType: signature === 'adult' ? '3' : '2' } : undefined;
  const pieces = request.packages.pieces.flatMap((piece) => Array.from({ length: piece.quantity }, () => piece));
  const insurance = insuranceOf(request);
  const declared = insurance ? splitCents(insurance.amount, pieces.length) : [];
  return pieces.map((piece, i) => {
    const sides = [piece.length, piece.width, piece.height];
    const options = compact<NonNullable<UpsPackage['PackageServiceOptions']>>({
      DeclaredValue: insurance && (declared[i] ?? 0) > 0 ? money({ amount: declared[i] as number, currency: insurance.currency }) : undefined,
      DeliveryConfirmation: packageSignature,
    });
    return compact<UpsPackage>({
      PackagingType: packagingOf(piece),
      // An envelope, or a piece given without its sides, is rated by weight alone.
      Dimensions: sides.every((side) => side > 0)
        ? { UnitOfMeasurement: lengthUnit, Length: decimal(piece.length, 2), Width: decimal(piece.width, 2), Height: decimal(piece.height, 2) }
        : undefined,
      PackageWeight: { UnitOfMeasurement: weightUnit, Weight: decimal(Math.max(piece.weight, 0.1), 1) },
      PackageServiceOptions: Object.keys(options).length > 0 ? options : undefined,
    });
  });
}

/** The customs value of international goods (UPS's InvoiceLineTotal). */
export function customsValueOf(request: RateRequest): Money | undefined {
  const declared = request.internationalOptions?.declaredValue;
  if (declared && declared.value > 0) return { amount: declared.value, currency: declared.currency };
  if (request.commercialInvoice) return invoiceTotal(request.commercialInvoice);
  return undefined;
}

export function thirdPartyCountryOf(request: RateRequest): string {
  const soldTo = request.billingOptions?.soldTo as { countryCode?: unknown } | undefined;
  const country = typeof soldTo?.countryCode === 'string' && /^[A-Za-z]{2}$/.test(soldTo.countryCode) ? soldTo.countryCode : request.shipper.countryCode;
  return country.toUpperCase();
}
