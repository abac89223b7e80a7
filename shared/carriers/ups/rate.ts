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
import * as z from '../../zod';
import { compact, isInternational, refuseNonConveyable, refuseTooManyPackages, shipDateOf, signatureOf, thirdPartyAccountOf } from '../request-mapping';
import {
  accountNumberOf,
  customsValueOf,
  decimal,
  isUsDomestic,
  money,
  packagesOf,
  partyOf,
  PRESENT,
  thirdPartyCountryOf,
  UPS_ACCOUNT,
  units,
} from './mapping';
import type { Documented, Mismatches, Rating } from './documents';
import { CarrierError, CarrierRefusal, type CarrierQuote, type QuoteCharge, type RateInput } from '../../domain/carrier';
import { UPS } from './oauth';
import { upsServiceByUpsCode } from './services';

/** The Rating version this connector speaks (the document's only valid one). */
export const UPS_RATING_VERSION = 'v2409';
export const UPS_RATE_PATH = `/rating/${UPS_RATING_VERSION}/Shoptimeintransit`;

/**
 * Rating's request (RATERequestWrapper). One addition: the document requires
 * `Request.RequestOption` (the operation, as in the path) but declares no
 * such property, so its generated type has none; UPS reads it.
 */
export type UpsRateBody = {
  RateRequest: Omit<Rating['RateRequest'], 'Request'> & { Request: Rating['RateRequest_Request'] & { RequestOption: 'Shoptimeintransit' } };
};

/** What the transport sends: `POST <base><path>` with `body`. */
export type UpsRateRequest = { path: string; body: UpsRateBody };

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
  if (thirdParty !== undefined && !UPS_ACCOUNT.test(thirdParty))
    throw new CarrierRefusal(UPS, 'UPS bills a third party only by its 6-character UPS account number');
  const signature = signatureOf(request);
  const shipmentOptions = compact<Rating['Shipment_ShipmentServiceOptions']>({
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
        Shipment: compact<Rating['RateRequest_Shipment']>({
          Shipper: { ...shipper, ShipperNumber: accountNumber },
          ShipTo: partyOf(request.recipient, 'recipient', request.recipient.residential === true),
          ShipFrom: shipper,
          PaymentDetails: {
            ShipmentCharge: [
              thirdParty
                ? { Type: '01', BillThirdParty: { AccountNumber: thirdParty.toUpperCase(), Address: { CountryCode: thirdPartyCountryOf(request) } } }
                : { Type: '01', BillShipper: { AccountNumber: accountNumber } },
            ],
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
            Pickup: compact<Rating['DeliveryTimeInformation_Pickup']>({
              Date: shipDateOf(request).replaceAll('-', ''),
              Time: time ? `${time[1]}${time[2]}` : undefined,
            }),
          },
        }),
      },
    },
  };
}

// ---------------------------------------------------------------------------
// The answer.

const amount = z.string().check(z.regex(/^-?\d+(\.\d+)?$/, 'must be a decimal amount'));
const moneySchema = z.object({ CurrencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)), MonetaryValue: amount });
/** UPS answers a one-element list as the element itself in places; both are read as a list. */
const list = <T extends z.ZodMiniType>(item: T) =>
  z.union([
    z.array(item),
    z.pipe(
      item,
      z.transform((one) => [one]),
    ),
  ]);

const ratedShipmentSchema = z.object({
  Service: z.object({ Code: z.string().check(z.minLength(1)), Description: z.optional(z.string()) }),
  TransportationCharges: moneySchema,
  BaseServiceCharge: z.optional(moneySchema),
  ItemizedCharges: z.optional(
    list(z.extend(moneySchema, { Code: z.string().check(z.minLength(1)), Description: z.optional(z.string()), SubType: z.optional(z.string()) })),
  ),
  ServiceOptionsCharges: moneySchema,
  TaxCharges: z.optional(list(z.object({ Type: z.string().check(z.minLength(1)), MonetaryValue: amount }))),
  TotalCharges: moneySchema,
  NegotiatedRateCharges: z.optional(z.object({ TotalCharge: moneySchema })),
  GuaranteedDelivery: z.optional(z.object({ BusinessDaysInTransit: z.optional(z.string()), DeliveryByTime: z.optional(z.string()) })),
  TimeInTransit: z.optional(
    z.object({
      ServiceSummary: z.object({
        GuaranteedIndicator: z.optional(z.string()),
        EstimatedArrival: z.object({
          Arrival: z.object({ Date: z.string().check(z.regex(/^\d{8}$/)), Time: z.optional(z.string().check(z.regex(/^\d{4}(\d{2})?$/))) }),
        }),
      }),
    }),
  ),
});

const rateResponseSchema = z.object({
  RateResponse: z.object({
    Response: z.object({ ResponseStatus: z.object({ Code: z.string(), Description: z.optional(z.string()) }) }),
    RatedShipment: list(ratedShipmentSchema),
  }),
});
type RatedShipment = z.infer<typeof ratedShipmentSchema>;
// What the schema reads is Rating's RATEResponseWrapper (./documents.ts): a renamed or retyped field fails tsc.
type _RateResponseDocumented = Documented<Mismatches<z.input<typeof rateResponseSchema>, Rating['RATEResponseWrapper']>>;

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
    charges.push(
      line(
        fuel ? 'UPS_FUEL' : `UPS_${item.Code}`,
        item.Code,
        item.Description || (fuel ? 'Fuel surcharge' : `UPS charge ${item.Code}`),
        fuel ? 'fuel' : 'surcharge',
        value,
      ),
    );
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
 * that total, the commitment from TimeInTransit, and UPS's negotiated total
 * as the account's price (`negotiatedSubtotal`) where UPS returns one.
 */
export function parseUpsRate(raw: unknown): CarrierQuote[] {
  return readRateResponse(raw).map(({ rated, service }) => {
    const currency = rated.TotalCharges.CurrencyCode;
    const foreign = [rated.TransportationCharges, rated.ServiceOptionsCharges, rated.BaseServiceCharge, ...(rated.ItemizedCharges ?? [])].find(
      (m) => m !== undefined && m.CurrencyCode !== currency,
    );
    if (foreign) throw new CarrierError(UPS, `UPS quoted ${service.code} in ${currency} and ${foreign.CurrencyCode} at once`);
    const subtotal = minor(rated.TotalCharges.MonetaryValue);
    const negotiated = rated.NegotiatedRateCharges?.TotalCharge;
    return {
      carrierCode: UPS,
      serviceCode: service.code,
      currency,
      fxRate: 1,
      charges: chargesOf(rated, service.code),
      taxes: (rated.TaxCharges ?? [])
        .filter((tax) => minor(tax.MonetaryValue) > 0 && subtotal > 0)
        .map((tax) => ({
          code: tax.Type,
          name: { en: tax.Type, fr: tax.Type },
          rateBp: Math.min(10_000, Math.round((minor(tax.MonetaryValue) * 10_000) / subtotal)),
        })),
      commitment: commitmentOf(rated),
      // The account's own price, where UPS gives it in the quote's currency: the account tier.
      ...(negotiated && negotiated.CurrencyCode === currency ? { negotiatedSubtotal: minor(negotiated.MonetaryValue) } : {}),
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
