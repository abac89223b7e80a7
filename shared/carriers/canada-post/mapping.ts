/**
 * How Canada Post's rating and shipping documents say the same things
 * (the parcel, its units, where it goes, the options): one mapping, so a
 * rate and the ship of that rate describe the parcel alike. The decisions
 * are in docs/canada-post.md ("What our interface says that Canada Post
 * cannot, and back").
 */
import type { RateRequest } from '../../domain/rate/schema';
import { CM_PER_IN, insuranceOf, isInternational, KG_PER_LB, placeOf, refuseNonConveyable, signatureOf, totalPieceCount } from '../request-mapping';
import { CarrierRefusal } from '../../domain/carrier';
import type { CanadaPostFamily } from './services';
import { CANADA_POST_PACKAGING_FLAGS } from './reference';
import { clip } from '../../domain/text-clipping';
import { CANADAPOST, fixed, type XmlNode } from './xml';

/** `n` rounded half away from zero to `decimals` places, on its decimal digits (1.0005 → 1.001, where n * 1000 would be 1000.4999…). */
export const roundTo = (n: number, decimals: number): number => (Math.sign(n) * Math.round(Number(`${Math.abs(n)}e${decimals}`))) / 10 ** decimals;

/** Kilograms to Canada Post's precision (3 decimals), from the request's unit. */
export const kgOf = (weight: number, unit: 'imperial' | 'metric'): number => roundTo(unit === 'imperial' ? weight * KG_PER_LB : weight, 3);
/** Centimetres to Canada Post's precision (1 decimal), from the request's unit. */
export const cmOf = (length: number, unit: 'imperial' | 'metric'): number => roundTo(unit === 'imperial' ? length * CM_PER_IN : length, 1);

/** Canadian postal codes as Canada Post's schemas take them: `K1A0B1`. */
const CA_POSTAL = /^[A-Z]\d[A-Z]\d[A-Z]\d$/;
const US_ZIP = /^\d{5}(-\d{4})?$/;

/** Where the parcel goes, as Canada Post's service codes split it. */
export function familyOf(request: RateRequest): CanadaPostFamily {
  const country = request.recipient.countryCode.toUpperCase();
  if (country === 'CA') return 'domestic';
  return country === 'US' ? 'usa' : 'international';
}

/** The shipper's postal code: Canada Post ships from Canada only. */
export function originPostalCodeOf(request: RateRequest): string {
  const place = placeOf(request.shipper);
  if (place.countryCode !== 'CA') throw new CarrierRefusal(CANADAPOST, 'Canada Post ships from Canada only (shipper.countryCode must be CA)');
  if (!place.postalCode || !CA_POSTAL.test(place.postalCode))
    throw new CarrierRefusal(CANADAPOST, 'Canada Post needs the shipper’s Canadian postal code (A1A1A1)');
  return place.postalCode;
}

/** The recipient's postal code or ZIP code as Canada Post's destination takes it; CarrierRefusal when it has none it can read. */
export function destinationPostalCodeOf(request: RateRequest): string | undefined {
  const place = placeOf(request.recipient);
  const family = familyOf(request);
  if (family === 'domestic') {
    if (!place.postalCode || !CA_POSTAL.test(place.postalCode))
      throw new CarrierRefusal(CANADAPOST, 'Canada Post needs the recipient’s Canadian postal code (A1A1A1)');
    return place.postalCode;
  }
  if (family === 'usa') {
    if (!place.postalCode || !US_ZIP.test(place.postalCode))
      throw new CarrierRefusal(CANADAPOST, 'Canada Post needs the recipient’s ZIP code (12345 or 12345-6789)');
    return place.postalCode;
  }
  return place.postalCode && place.postalCode.length <= 10 ? place.postalCode : undefined;
}

/** A piece of the request: one parcel, or `quantity` alike. */
export type CanadaPostPiece = RateRequest['packages']['pieces'][number];

/**
 * At most this many parcels (quantity summed over pieces) in one Canada
 * Post order: Canada Post prices and makes one parcel per shipment, so each
 * parcel is a rate call and a shipment of its own (docs/canada-post.md,
 * "Multi-piece"); more are refused rather than bought by the dozen.
 */
export const CANADA_POST_MAX_PARCELS = 10;

/** The request's pieces, bounded: at most CANADA_POST_MAX_PARCELS parcels in all. */
export function piecesOf(request: RateRequest): CanadaPostPiece[] {
  refuseNonConveyable(CANADAPOST, request);
  const count = totalPieceCount(request.packages.pieces);
  if (count > CANADA_POST_MAX_PARCELS) {
    throw new CarrierRefusal(
      CANADAPOST,
      `Canada Post makes one shipment per parcel, at most ${CANADA_POST_MAX_PARCELS} in one order; this one has ${count} packages`,
    );
  }
  // Customs go with each shipment, and the commercial invoice does not say which parcel holds which item.
  if (count > 1 && familyOf(request) !== 'domestic')
    throw new CarrierRefusal(CANADAPOST, 'Canada Post ships an order of several parcels within Canada only (customs are declared shipment by shipment)');
  // A return-spec goes with one shipment: refused at rate too, so no rate is offered whose ship would be refused.
  if (count > 1 && request.shippingOptions.createReturnLabel === true)
    throw new CarrierRefusal(CANADAPOST, 'Canada Post issues a return label with an order of one parcel only');
  return request.packages.pieces;
}

/** The physical parcels in piece order, a piece of quantity 3 being three parcels (one Canada Post shipment each). */
export const parcelsOf = (request: RateRequest): CanadaPostPiece[] => piecesOf(request).flatMap((piece) => Array.from({ length: piece.quantity }, () => piece));

/** `parcel-characteristics` of one parcel (its elements in the documentation's order), `maxKg` the schema's bound of the operation. */
export function parcelCharacteristicsOf(request: RateRequest, piece: CanadaPostPiece, maxKg: number): XmlNode {
  const unit = request.packages.unitOfMeasure;
  const kg = Math.max(kgOf(piece.weight, unit), 0.001);
  if (kg > maxKg) throw new CarrierRefusal(CANADAPOST, `Canada Post takes parcels of at most ${maxKg} kg; this one weighs ${fixed(kg, 3)} kg`);
  const sides = [piece.length, piece.width, piece.height].map((side) => cmOf(side, unit));
  if (sides.some((side) => side > 999.9)) throw new CarrierRefusal(CANADAPOST, 'Canada Post takes parcel sides of at most 999.9 cm');
  const flag = piece.packagingType ? CANADA_POST_PACKAGING_FLAGS[piece.packagingType.code] : undefined;
  return {
    weight: fixed(kg, 3),
    // An envelope, or a piece given without its sides, is priced by weight alone.
    dimensions: sides.every((side) => side > 0) ? { length: fixed(sides[0]!, 1), width: fixed(sides[1]!, 1), height: fixed(sides[2]!, 1) } : undefined,
    unpackaged: flag === 'unpackaged' ? 'true' : undefined,
    'mailing-tube': flag === 'mailing-tube' ? 'true' : undefined,
  };
}

/** Canada Post's option codes this connector sets. */
export const OPTION = {
  signature: 'SO',
  proofOfAge19: 'PA19',
  coverage: 'COV',
  returnAtSendersExpense: 'RASE',
} as const;

/**
 * The options of the parcel (each `{ option-code, option-amount? }`):
 * signature (SO), an adult's signature as proof of age 19 (PA19, which
 * satisfies every province's age of majority), coverage for the insured
 * amount (COV, in CAD), and for the United States and elsewhere the
 * non-delivery handling Canada Post requires there: return at the
 * sender's expense (RASE). An order of several `parcels` (one shipment
 * each) shares the coverage among them.
 */
export function optionsOf(request: RateRequest, parcels = 1): XmlNode[] {
  const options: XmlNode[] = [];
  const signature = signatureOf(request);
  if (signature === 'required') options.push({ 'option-code': OPTION.signature });
  if (signature === 'adult') options.push({ 'option-code': OPTION.proofOfAge19 });
  const insurance = insuranceOf(request);
  if (insurance) {
    if (insurance.currency !== 'CAD') throw new CarrierRefusal(CANADAPOST, `Canada Post covers parcels in CAD only, not ${insurance.currency}`);
    if (insurance.amount > 999_999.99) throw new CarrierRefusal(CANADAPOST, 'Canada Post covers at most 999999.99 CAD');
    // Shared by the order's parcels, each covering its part rounded up to the cent: together at least the amount declared.
    const share = Math.ceil(Math.round(roundTo(insurance.amount, 2) * 100) / parcels) / 100;
    options.push({ 'option-code': OPTION.coverage, 'option-amount': fixed(share, 2) });
  }
  if (isInternational(request)) options.push({ 'option-code': OPTION.returnAtSendersExpense });
  return options;
}

/** What Canada Post has no option for, refused rather than dropped (a quote would promise it). */
/** A phone number as Canada Post takes it: digits, `+`, `(`, `)`, `-` and spaces, at most 25 characters. */
export const phoneOf = (phone: string | undefined): string | undefined => {
  const digits = phone
    ?.replace(/[^0-9+()\- ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return digits ? clip(digits, 25) : undefined;
};

/**
 * What Create Shipment needs of the parties that a rate does not: checked at
 * rate too, so a Canada Post rate is never offered that its ship would refuse
 * (the sender's phone; the recipient's outside Canada).
 */
export function refuseUnshippableParties(request: RateRequest): void {
  if (!phoneOf(request.shipper.phoneNumber)) throw new CarrierRefusal(CANADAPOST, 'Canada Post needs shipper.phoneNumber');
  if (familyOf(request) !== 'domestic' && !phoneOf(request.recipient.phoneNumber))
    throw new CarrierRefusal(CANADAPOST, 'Canada Post needs recipient.phoneNumber outside Canada');
}

export function refuseInexpressible(request: RateRequest): void {
  if (request.shippingOptions.saturdayDelivery === true) throw new CarrierRefusal(CANADAPOST, 'Canada Post offers no Saturday delivery option');
}
