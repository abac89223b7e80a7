/**
 * UPS Rating (Rating.yaml, `POST /rating/{version}/Shoptimeintransit`): one
 * request shops every UPS service between the two places with its transit
 * time; the answer has one RatedShipment per service.
 *
 * The builder is pure and its output validates against the document's
 * request schema (test/unit/carriers/ups/rate.test.ts). What our rate request
 * says that UPS cannot express, or expresses differently:
 *
 * - Pieces with `quantity`: UPS has no quantity; each piece is repeated
 *   `quantity` times (at most 200 packages, UPS's limit and ours).
 * - Insurance is one shipment amount; UPS declares value per package, so the
 *   amount is split across the packages (cents, the remainder on the first).
 * - Signature `required`/`adult`: UPS's DeliveryConfirmation, at package level
 *   for US/PR domestic shipments and at shipment level otherwise, as UPS asks.
 * - Third-party billing names the third party's account only; UPS also wants
 *   its country: `billingOptions.soldTo.countryCode` when given, else the
 *   shipper's country (an assumption UPS checks against the account).
 * - The shipper has one address: it is both UPS's Shipper and ShipFrom.
 * - Names and address lines beyond 35 characters and cities beyond 30 are
 *   cut (UPS does not validate their length but the document bounds them);
 *   a province code that is not 2 letters is left out.
 * - `shippingDateTimezone`, references, delivery instructions, packing slip,
 *   notifications, buyer and broker: nothing to say at rate time.
 * - International goods need a customs value (UPS's InvoiceLineTotal):
 *   `internationalOptions.declaredValue`, else the commercial invoice's total;
 *   without either UPS cannot quote them (refused here).
 * - `nonConveyable` freight: UPS parcel services do not take it (refused).
 */
import * as z from 'zod';
import type { RateRequest } from '../../domain/rate/schema';
import {
  compact,
  insuranceOf,
  invoiceTotal,
  isInternational,
  placeOf,
  refuseNonConveyable,
  refuseTooManyPackages,
  shipDateOf,
  signatureOf,
  thirdPartyAccountOf,
  type Money,
} from '../common';
import { CarrierError, CarrierRefusal, type CarrierQuote, type QuoteCharge, type RateInput } from '../types';
import { UPS } from './oauth';
import { upsServiceByUpsCode } from './services';

/** The Rating version this connector speaks (the document's only valid one). */
export const UPS_RATING_VERSION = 'v2409';
export const UPS_RATE_PATH = `/rating/${UPS_RATING_VERSION}/Shoptimeintransit`;

/** UPS's presence indicators: present (any value, sent empty) means yes. */
const PRESENT = '' as const;

type UpsAddress = {
  AddressLine: string[];
  City?: string;
  StateProvinceCode?: string;
  PostalCode?: string;
  CountryCode: string;
  ResidentialAddressIndicator?: string;
};
type UpsParty = { Name?: string; AttentionName?: string; ShipperNumber?: string; Address: UpsAddress };
type UpsUnit = { Code: string; Description: string };
type UpsMoney = { CurrencyCode: string; MonetaryValue: string };
export type UpsPackage = {
  PackagingType: { Code: string; Description?: string };
  Dimensions?: { UnitOfMeasurement: UpsUnit; Length: string; Width: string; Height: string };
  PackageWeight: { UnitOfMeasurement: UpsUnit; Weight: string };
  PackageServiceOptions?: { DeclaredValue?: UpsMoney; DeliveryConfirmation?: { DCISType: string } };
};
type UpsShipmentCharge = {
  Type: '01';
  BillShipper?: { AccountNumber: string };
  BillThirdParty?: { AccountNumber: string; Address: { CountryCode: string; PostalCode?: string } };
};

export type UpsRateBody = {
  RateRequest: {
    Request: { RequestOption: 'Shoptimeintransit'; SubVersion: string };
    Shipment: {
      Shipper: UpsParty & { ShipperNumber: string };
      ShipTo: UpsParty;
      ShipFrom: UpsParty;
      PaymentDetails: { ShipmentCharge: [UpsShipmentCharge] };
      ShipmentRatingOptions: { NegotiatedRatesIndicator: string };
      TaxInformationIndicator: string;
      DocumentsOnlyIndicator?: string;
      ShipmentServiceOptions?: { SaturdayDeliveryIndicator?: string; DeliveryConfirmation?: { DCISType: string } };
      Package: UpsPackage[];
      ShipmentTotalWeight: { UnitOfMeasurement: UpsUnit; Weight: string };
      InvoiceLineTotal?: UpsMoney;
      DeliveryTimeInformation: { PackageBillType: '02' | '03'; Pickup: { Date: string; Time?: string } };
    };
  };
};

/** What the transport sends: `POST <base><path>` with `body`. */
export type UpsRateRequest = { path: string; body: UpsRateBody };

const cut = (text: string | undefined, max: number): string | undefined => {
  const t = text?.trim();
  return t ? t.slice(0, max) : undefined;
};

/** A decimal as UPS's strings carry it: at most `decimals` places, no trailing zeros. */
const decimal = (n: number, decimals: number): string => String(Number(n.toFixed(decimals)));
const money = (m: Money): UpsMoney => ({ CurrencyCode: m.currency, MonetaryValue: m.amount.toFixed(2) });

const UPS_ACCOUNT = /^[A-Z0-9]{6}$/i;

function accountNumberOf(input: { plan: RateInput['plan'] }): string {
  const number = input.plan.account.accountNumber.trim();
  if (!UPS_ACCOUNT.test(number)) throw new CarrierRefusal(UPS, 'UPS account numbers are 6 letters and digits; the plan has another');
  return number.toUpperCase();
}

function addressOf(address: RateRequest['shipper'], field: string, residential = false): UpsAddress {
  const place = placeOf(address);
  if (place.postalCode && place.postalCode.length > 9) throw new CarrierRefusal(UPS, `UPS takes postal codes of at most 9 characters (${field}.postalCode)`);
  return compact({
    AddressLine: [address.addressLine1, address.addressLine2].map((line) => cut(line, 35)).filter((line): line is string => line !== undefined),
    City: cut(address.city, 30),
    StateProvinceCode: place.provinceCode?.length === 2 ? place.provinceCode : undefined,
    PostalCode: place.postalCode || undefined,
    CountryCode: place.countryCode,
    ResidentialAddressIndicator: residential ? PRESENT : undefined,
  });
}

const partyOf = (address: RateRequest['shipper'], field: string, residential = false): UpsParty =>
  compact({
    Name: cut(address.companyName, 35) ?? cut(address.personName, 35),
    AttentionName: cut(address.personName, 35),
    Address: addressOf(address, field, residential),
  });

const units = (system: 'imperial' | 'metric') =>
  system === 'imperial'
    ? { length: { Code: 'IN', Description: 'Inches' }, weight: { Code: 'LBS', Description: 'Pounds' } }
    : { length: { Code: 'CM', Description: 'Centimeters' }, weight: { Code: 'KGS', Description: 'Kilograms' } };

/** UPS packaging: 01 UPS Letter for an envelope, else 02 the customer's own package. */
const packagingOf = (piece: RateRequest['packages']['pieces'][number]) =>
  piece.packagingType?.isEnvelope ? { Code: '01', Description: 'UPS Letter' } : { Code: '02', Description: 'Package' };

/** Splits `total` into `n` whole-cent parts, the remainder on the first ones. */
function splitCents(total: number, n: number): number[] {
  const cents = Math.round(total * 100);
  const base = Math.floor(cents / n);
  return Array.from({ length: n }, (_, i) => (base + (i < cents - base * n ? 1 : 0)) / 100);
}

/** US and Puerto Rico domestic: UPS wants delivery confirmation per package there, per shipment elsewhere. */
const isUsDomestic = (request: RateRequest) =>
  ['US', 'PR'].includes(request.shipper.countryCode.toUpperCase()) && ['US', 'PR'].includes(request.recipient.countryCode.toUpperCase());

function packagesOf(request: RateRequest): UpsPackage[] {
  const { length: lengthUnit, weight: weightUnit } = units(request.packages.unitOfMeasure);
  const signature = signatureOf(request);
  const packageSignature = signature !== 'none' && isUsDomestic(request) ? { DCISType: signature === 'adult' ? '3' : '2' } : undefined;
  const pieces = request.packages.pieces.flatMap((piece) => Array.from({ length: piece.quantity }, () => piece));
  const insurance = insuranceOf(request);
  const declared = insurance ? splitCents(insurance.amount, pieces.length) : [];
  return pieces.map((piece, i) => {
    const sides = [piece.length, piece.width, piece.height];
    const options = compact({
      DeclaredValue: insurance && (declared[i] ?? 0) > 0 ? money({ amount: declared[i] as number, currency: insurance.currency }) : undefined,
      DeliveryConfirmation: packageSignature,
    });
    return compact({
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
function customsValueOf(request: RateRequest): Money | undefined {
  const declared = request.internationalOptions?.declaredValue;
  if (declared && declared.value > 0) return { amount: declared.value, currency: declared.currency };
  if (request.commercialInvoice) return invoiceTotal(request.commercialInvoice);
  return undefined;
}

function thirdPartyCountryOf(request: RateRequest): string {
  const soldTo = request.billingOptions?.soldTo as { countryCode?: unknown } | undefined;
  const country = typeof soldTo?.countryCode === 'string' && /^[A-Za-z]{2}$/.test(soldTo.countryCode) ? soldTo.countryCode : request.shipper.countryCode;
  return country.toUpperCase();
}

export function buildUpsRateRequest(input: RateInput): UpsRateRequest {
  const { request } = input;
  refuseNonConveyable(UPS, request);
  refuseTooManyPackages(UPS, request);
  const accountNumber = accountNumberOf(input);
  const international = isInternational(request);
  const documentsOnly = international && request.internationalOptions?.documentsOnly === true;
  const customsValue = international && !documentsOnly ? customsValueOf(request) : undefined;
  if (international && !documentsOnly && !customsValue) {
    throw new CarrierRefusal(UPS, 'UPS quotes international goods only with their value: internationalOptions.declaredValue or a commercial invoice');
  }
  const thirdParty = thirdPartyAccountOf(UPS, request);
  if (thirdParty !== undefined && !UPS_ACCOUNT.test(thirdParty)) throw new CarrierRefusal(UPS, 'UPS bills a third party only by its 6-character UPS account number');
  const signature = signatureOf(request);
  const shipmentOptions = compact({
    SaturdayDeliveryIndicator: request.shippingOptions.saturdayDelivery === true ? PRESENT : undefined,
    DeliveryConfirmation: signature !== 'none' && !isUsDomestic(request) ? { DCISType: signature === 'adult' ? '2' : '1' } : undefined,
  });
  const packages = packagesOf(request);
  const { weight: weightUnit } = units(request.packages.unitOfMeasure);
  const totalWeight = request.packages.pieces.reduce((sum, p) => sum + Math.max(p.weight, 0.1) * p.quantity, 0);
  const time = /T(\d{2}):(\d{2})/.exec(request.shippingOptions.shippingDate);
  const shipper = partyOf(request.shipper, 'shipper');

  return {
    path: UPS_RATE_PATH,
    body: {
      RateRequest: {
        Request: { RequestOption: 'Shoptimeintransit', SubVersion: UPS_RATING_VERSION.slice(1) },
        Shipment: compact({
          Shipper: { ...shipper, ShipperNumber: accountNumber },
          ShipTo: partyOf(request.recipient, 'recipient', request.recipient.residential === true),
          ShipFrom: shipper,
          PaymentDetails: {
            ShipmentCharge: [
              thirdParty
                ? { Type: '01', BillThirdParty: { AccountNumber: thirdParty.toUpperCase(), Address: { CountryCode: thirdPartyCountryOf(request) } } }
                : { Type: '01', BillShipper: { AccountNumber: accountNumber } },
            ] as [UpsShipmentCharge],
          },
          ShipmentRatingOptions: { NegotiatedRatesIndicator: PRESENT },
          TaxInformationIndicator: PRESENT,
          DocumentsOnlyIndicator: documentsOnly ? PRESENT : undefined,
          ShipmentServiceOptions: Object.keys(shipmentOptions).length > 0 ? shipmentOptions : undefined,
          Package: packages,
          ShipmentTotalWeight: { UnitOfMeasurement: weightUnit, Weight: decimal(totalWeight, 1) },
          InvoiceLineTotal: customsValue ? money(customsValue) : undefined,
          DeliveryTimeInformation: {
            PackageBillType: documentsOnly ? ('02' as const) : ('03' as const),
            Pickup: compact({ Date: shipDateOf(request).replaceAll('-', ''), Time: time ? `${time[1]}${time[2]}` : undefined }),
          },
        }),
      },
    },
  };
}

// ---------------------------------------------------------------------------
// The answer.

const amount = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal amount');
const moneySchema = z.object({ CurrencyCode: z.string().regex(/^[A-Z]{3}$/), MonetaryValue: amount });
/** UPS answers a one-element list as the element itself in places; both are read as a list. */
const list = <T extends z.ZodType>(item: T) => z.union([z.array(item), item.transform((one) => [one])]);

const ratedShipmentSchema = z.object({
  Service: z.object({ Code: z.string().min(1), Description: z.string().optional() }),
  TransportationCharges: moneySchema,
  BaseServiceCharge: moneySchema.optional(),
  ItemizedCharges: list(moneySchema.extend({ Code: z.string().min(1), Description: z.string().optional(), SubType: z.string().optional() })).optional(),
  ServiceOptionsCharges: moneySchema,
  TaxCharges: list(z.object({ Type: z.string().min(1), MonetaryValue: amount })).optional(),
  TotalCharges: moneySchema,
  NegotiatedRateCharges: z.object({ TotalCharge: moneySchema }).optional(),
  GuaranteedDelivery: z.object({ BusinessDaysInTransit: z.string().optional(), DeliveryByTime: z.string().optional() }).optional(),
  TimeInTransit: z
    .object({
      ServiceSummary: z.object({
        GuaranteedIndicator: z.string().optional(),
        EstimatedArrival: z.object({
          Arrival: z.object({ Date: z.string().regex(/^\d{8}$/), Time: z.string().regex(/^\d{4}(\d{2})?$/).optional() }),
        }),
      }),
    })
    .optional(),
});

const rateResponseSchema = z.object({
  RateResponse: z.object({
    Response: z.object({ ResponseStatus: z.object({ Code: z.string(), Description: z.string().optional() }) }),
    RatedShipment: list(ratedShipmentSchema),
  }),
});
type RatedShipment = z.infer<typeof ratedShipmentSchema>;

/** Minor units of a UPS amount string (every currency UPS quotes in has 2 decimals). */
const minor = (value: string): number => Math.round(Number(value) * 100);

const FUEL_CODE = '375';

function chargesOf(rated: RatedShipment, serviceCode: string): QuoteCharge[] {
  const line = (code: string, billingCode: string, name: string, type: QuoteCharge['type'], value: number): QuoteCharge => ({
    code,
    billingCode,
    name: { en: name, fr: name },
    type,
    chips: [],
    amount: value,
  });
  const base = rated.BaseServiceCharge ?? rated.TransportationCharges;
  const charges = [line(`${serviceCode}_BASE`, rated.Service.Code, rated.Service.Description || 'Transportation', 'base', minor(base.MonetaryValue))];
  for (const item of rated.ItemizedCharges ?? []) {
    const value = minor(item.MonetaryValue);
    if (value === 0) continue;
    const fuel = item.Code === FUEL_CODE;
    charges.push(line(fuel ? 'UPS_FUEL' : `UPS_${item.Code}`, item.Code, item.Description || (fuel ? 'Fuel surcharge' : `UPS charge ${item.Code}`), fuel ? 'fuel' : 'surcharge', value));
  }
  const accessorials = minor(rated.ServiceOptionsCharges.MonetaryValue);
  if (accessorials !== 0) charges.push(line('UPS_ACCESSORIALS', 'ACC', 'Service options', 'accessorial', accessorials));
  // UPS's total is the reference: what its itemization leaves unexplained is one line, so the quote adds up to it.
  const rest = minor(rated.TotalCharges.MonetaryValue) - charges.reduce((sum, c) => sum + c.amount, 0);
  if (rest !== 0) charges.push(line('UPS_OTHER', 'OTH', 'Other charges', 'surcharge', rest));
  return charges;
}

function commitmentOf(rated: RatedShipment): CarrierQuote['commitment'] {
  const summary = rated.TimeInTransit?.ServiceSummary;
  if (!summary) return null;
  const { Date: date, Time: time } = summary.EstimatedArrival.Arrival;
  return {
    commitDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    commitTime: time ? `${time.slice(0, 2)}:${time.slice(2, 4)}` : '23:59',
    // UPS gives the arrival in the destination's local time, without naming the zone.
    timezoneCode: 'LOCAL',
    guaranteed: summary.GuaranteedIndicator !== undefined || rated.GuaranteedDelivery?.BusinessDaysInTransit !== undefined,
  };
}

function readRateResponse(raw: unknown) {
  const parsed = rateResponseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new CarrierError(UPS, `UPS answered with a malformed rate response${where}: ${issue?.message ?? 'unreadable'}`);
  }
  const { Response, RatedShipment } = parsed.data.RateResponse;
  if (Response.ResponseStatus.Code !== '1') {
    throw new CarrierError(UPS, `UPS did not rate the shipment: ${Response.ResponseStatus.Description ?? `status ${Response.ResponseStatus.Code}`}`);
  }
  return RatedShipment.flatMap((rated) => {
    const service = upsServiceByUpsCode(rated.Service.Code);
    return service ? [{ rated, service }] : [];
  });
}

/**
 * One quote per UPS service the connector knows, at UPS's published (list)
 * rates: charges in minor units adding up to TotalCharges, taxes as a rate of
 * that total, the commitment from TimeInTransit. Negotiated rates are not in
 * the quote (see upsNegotiatedTotals).
 */
export function parseUpsRate(raw: unknown): CarrierQuote[] {
  return readRateResponse(raw).map(({ rated, service }) => {
    const currency = rated.TotalCharges.CurrencyCode;
    const foreign = [rated.TransportationCharges, rated.ServiceOptionsCharges, rated.BaseServiceCharge, ...(rated.ItemizedCharges ?? [])].find(
      (m) => m !== undefined && m.CurrencyCode !== currency,
    );
    if (foreign) throw new CarrierError(UPS, `UPS quoted ${service.code} in ${currency} and ${foreign.CurrencyCode} at once`);
    const subtotal = minor(rated.TotalCharges.MonetaryValue);
    return {
      carrierCode: UPS,
      serviceCode: service.code,
      currency,
      fxRate: 1,
      charges: chargesOf(rated, service.code),
      taxes: (rated.TaxCharges ?? [])
        .filter((tax) => minor(tax.MonetaryValue) > 0 && subtotal > 0)
        .map((tax) => ({ code: tax.Type, name: { en: tax.Type, fr: tax.Type }, rateBp: Math.min(10_000, Math.round((minor(tax.MonetaryValue) * 10_000) / subtotal)) })),
      commitment: commitmentOf(rated),
    };
  });
}

/**
 * The account's negotiated total per service (minor units), where UPS gave
 * one. The port's quote holds list prices and the plan's discount makes the
 * account tier; these are what the account actually pays.
 */
export function upsNegotiatedTotals(raw: unknown): Map<string, { currency: string; amount: number }> {
  return new Map(
    readRateResponse(raw).flatMap(({ rated, service }) => {
      const total = rated.NegotiatedRateCharges?.TotalCharge;
      return total ? [[service.code, { currency: total.CurrencyCode, amount: minor(total.MonetaryValue) }] as const] : [];
    }),
  );
}
