/**
 * How FedEx's Rate and Ship requests say the same things (addresses,
 * pieces, units, money, the account, customs): one mapping, so a rate and
 * the ship of that rate describe the shipment alike. Our own narrow types
 * of the fields we send (FedEx's documents are not copied, nor types
 * generated from them): the tests validate every request built here against
 * the documents' request schemas (test/unit/carriers/fedex/).
 */
import type { Address, CommercialInvoice, RateRequest } from '../../domain/rate/schema';
import { clip } from '../../domain/text-clipping';
import { compact, insuranceOf, invoiceTotal, isInternational, placeOf, type Money } from '../request-mapping';
import { CarrierRefusal, type RateInput } from '../../domain/carrier';
import { FEDEX } from './errors';
import { FEDEX_PACKAGING_CODES } from './reference';

export type FedexMoney = { amount: number; currency: string };
export type FedexAddress = {
  streetLines?: string[];
  city?: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode: string;
  residential?: boolean;
};
export type FedexWeight = { units: 'KG' | 'LB'; value: number };
export type FedexDimensions = { length: number; width: number; height: number; units: 'CM' | 'IN' };
export type FedexPiece = {
  weight: FedexWeight;
  dimensions?: FedexDimensions;
  declaredValue?: FedexMoney;
  customerReferences?: { customerReferenceType: 'CUSTOMER_REFERENCE'; value: string }[];
};
export type FedexCommodity = {
  description: string;
  quantity: number;
  quantityUnits: 'PCS';
  unitPrice: FedexMoney;
  customsValue: FedexMoney;
  weight: FedexWeight;
  countryOfManufacture?: string;
  harmonizedCode?: string;
};

/** FedEx account numbers are 9 digits. */
export const FEDEX_ACCOUNT = /^\d{9}$/;

export function accountNumberOf(input: { plan: RateInput['plan'] }): string {
  const number = input.plan.account.accountNumber.trim();
  if (!FEDEX_ACCOUNT.test(number)) throw new CarrierRefusal(FEDEX, 'FedEx account numbers are 9 digits; the plan has another');
  return number;
}

export const cut = (text: string | undefined, max: number): string | undefined => {
  const t = text?.trim();
  return t ? clip(t, max) : undefined;
};

/** Money as FedEx's numbers carry it: two decimals. */
export const money = (m: Money): FedexMoney => ({ amount: Math.round(m.amount * 100) / 100, currency: fedexCurrency(m.currency) });

/** FedEx's currency codes are its own where they differ from ISO 4217 (its documents' currency table). */
const FEDEX_CURRENCIES: Readonly<Record<string, string>> = {
  CAD: 'CAD',
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'UKL',
  MXN: 'NMP',
  JPY: 'JYE',
  CHF: 'SFR',
  CNY: 'CNY',
  AUD: 'AUD',
};
export const fedexCurrency = (iso: string): string => FEDEX_CURRENCIES[iso.toUpperCase()] ?? iso.toUpperCase();
/** ISO 4217 of a FedEx currency code (the quote's currency). */
export const isoCurrency = (fedex: string): string => Object.entries(FEDEX_CURRENCIES).find(([, f]) => f === fedex)?.[0] ?? fedex;

/**
 * Québec as FedEx keeps it: `PQ`, whatever code our caller gave (`QC` or
 * `PQ`). FedEx's documents fix no code and point to its province table;
 * FedEx answers `QC` with a NOTE that it changed the code to its own, and
 * takes `PQ` silently (docs/fedex.md, "Québec: PQ or QC").
 */
export const fedexProvinceOf = (countryCode: string, provinceCode: string | undefined): string | undefined => {
  if (!provinceCode || provinceCode.length !== 2) return undefined;
  return countryCode === 'CA' && (provinceCode === 'QC' || provinceCode === 'PQ') ? 'PQ' : provinceCode;
};

export function addressOf(address: Address, field: string, withStreet: boolean, residential = false): FedexAddress {
  const place = placeOf(address);
  if (place.postalCode && place.postalCode.length > 10)
    throw new CarrierRefusal(FEDEX, `FedEx takes postal codes of at most 10 characters (${field}.postalCode)`);
  return compact<FedexAddress>({
    streetLines: withStreet
      ? [address.addressLine1, address.addressLine2].map((line) => cut(line, 35)).filter((line): line is string => line !== undefined)
      : undefined,
    city: cut(address.city, 35),
    stateOrProvinceCode: fedexProvinceOf(place.countryCode, place.provinceCode),
    postalCode: place.postalCode || undefined,
    countryCode: place.countryCode,
    residential: residential ? true : undefined,
  });
}

export const units = (system: 'imperial' | 'metric') =>
  system === 'imperial' ? { weight: 'LB' as const, length: 'IN' as const } : { weight: 'KG' as const, length: 'CM' as const };

/**
 * FedEx's packaging of the shipment (one `packagingType` a request): FedEx's
 * own when every piece names the same one of its packaging types, else the
 * customer's (YOUR_PACKAGING). Pieces of different FedEx packagings are
 * refused: FedEx cannot say it.
 */
export function packagingTypeOf(request: RateRequest): string {
  const own = new Set(request.packages.pieces.map((p) => (p.packagingType ? FEDEX_PACKAGING_CODES[p.packagingType.code] : undefined) ?? 'YOUR_PACKAGING'));
  if (own.size > 1) throw new CarrierRefusal(FEDEX, 'FedEx takes one packaging type per shipment; the pieces name several');
  return [...own][0]!;
}

/** Splits `total` into `n` whole-cent parts, the remainder on the first ones. */
function splitCents(total: number, n: number): number[] {
  const cents = Math.round(total * 100);
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => (base + (i < cents - base * n ? 1 : 0)) / 100);
}

/**
 * One FedEx piece per package: a piece of quantity 3 is three packages, so
 * each has its own tracking number and label. Weights to a tenth, sides
 * whole units rounded up (FedEx's dimensions are integers); insurance split
 * across the packages as declared value.
 */
export function piecesOf(request: RateRequest, reference?: string): FedexPiece[] {
  const { weight, length } = units(request.packages.unitOfMeasure);
  const pieces = request.packages.pieces.flatMap((piece) => Array.from({ length: piece.quantity }, () => piece));
  const insurance = insuranceOf(request);
  const declared = insurance ? splitCents(insurance.amount, pieces.length) : [];
  return pieces.map((piece, i) => {
    const sides = [piece.length, piece.width, piece.height];
    return compact<FedexPiece>({
      weight: { units: weight, value: Math.max(Math.round(piece.weight * 10) / 10, 0.1) },
      dimensions: sides.every((side) => side > 0)
        ? { length: Math.ceil(piece.length), width: Math.ceil(piece.width), height: Math.ceil(piece.height), units: length }
        : undefined,
      declaredValue: insurance && (declared[i] ?? 0) > 0 ? money({ amount: declared[i]!, currency: insurance.currency }) : undefined,
      customerReferences: reference ? [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: reference }] : undefined,
    });
  });
}

/** The goods of a commercial invoice as FedEx's commodities, weighed in the pieces' unit. */
export function commoditiesOf(invoice: CommercialInvoice, request: RateRequest): FedexCommodity[] {
  if (invoice.invoiceItems.length > 99) throw new CarrierRefusal(FEDEX, 'FedEx takes at most 99 commodities a shipment');
  const currency = (invoice.currency ?? 'CAD').toUpperCase();
  const { weight } = units(request.packages.unitOfMeasure);
  return invoice.invoiceItems.map((item) =>
    compact<FedexCommodity>({
      description: clip(item.description.trim() || 'Goods', 450),
      quantity: item.quantity,
      quantityUnits: 'PCS',
      unitPrice: money({ amount: item.value, currency }),
      customsValue: money({ amount: item.value * item.quantity, currency }),
      weight: { units: weight, value: Math.max(Math.round(item.weight * 10) / 10, 0.1) },
      countryOfManufacture: item.countryOfManufacture && /^[A-Za-z]{2}$/.test(item.countryOfManufacture) ? item.countryOfManufacture.toUpperCase() : undefined,
      harmonizedCode: item.hsCode && /^[0-9.]{4,14}$/.test(item.hsCode) ? item.hsCode.replaceAll('.', '') : undefined,
    }),
  );
}

/** The customs value of international goods: `internationalOptions.declaredValue`, else the commercial invoice's total. */
export function customsValueOf(request: RateRequest): Money | undefined {
  const declared = request.internationalOptions?.declaredValue;
  if (declared && declared.value > 0) return { amount: declared.value, currency: declared.currency };
  if (request.commercialInvoice) return invoiceTotal(request.commercialInvoice);
  return undefined;
}

/** International goods (not documents) need a value FedEx can clear them at. */
export function refuseGoodsWithoutValue(request: RateRequest): void {
  if (isInternational(request) && request.internationalOptions?.documentsOnly !== true && !customsValueOf(request)) {
    throw new CarrierRefusal(
      FEDEX,
      'FedEx quotes and ships international goods only with their value: internationalOptions.declaredValue or a commercial invoice',
    );
  }
}
