/**
 * FedEx Rates and Transit Times (`POST /rate/v1/rates/quotes`): one request
 * without a `serviceType` quotes every service FedEx offers between the two
 * places, the account's rates (ACCOUNT) beside the published ones (LIST),
 * with transit times (`returnTransitTimes`).
 *
 * The builder is pure and its output validates against the document's
 * request schema (test/unit/carriers/fedex/rate.test.ts). What our rate
 * request says that FedEx cannot express, or expresses differently
 * (docs/fedex.md):
 *
 * - A piece of quantity n is n FedEx pieces (FedEx's `groupPackageCount`
 *   would make one line of them; separate lines keep a declared value per
 *   package, as the ship's labels are per package).
 * - One packaging type per shipment (./mapping.ts).
 * - International goods carry their commodities (from the commercial
 *   invoice) or, without one, their declared value as one commodity.
 * - `nonConveyable` freight: FedEx's parcel services do not take it.
 * - FedEx ships only with the shipper's phone number: a request without one
 *   is refused here, at the rate, rather than quoted and refused at the
 *   ship.
 */
import * as z from '../../zod';
import { compact, isInternational, refuseNonConveyable, refuseTooManyPackages, serviceCodesOf, shipDateOf } from '../request-mapping';
import { dayNumber, isoDate, weekday } from '../../domain/dates';
import { CarrierError, CarrierRefusal, type CarrierQuote, type QuoteCharge, type RateInput } from '../../domain/carrier';
import { FEDEX, malformed } from './errors';
import {
  accountNumberOf,
  addressOf,
  commoditiesOf,
  customsValueOf,
  isoCurrency,
  money,
  packagingTypeOf,
  piecesOf,
  refuseGoodsWithoutValue,
  units,
  type FedexAddress,
  type FedexCommodity,
  type FedexPiece,
} from './mapping';
import { fedexServiceByCode, fedexServiceByFedexCode } from './services';

export const FEDEX_RATE_PATH = '/rate/v1/rates/quotes';

/** The fields of FedEx's rate request (`Full_Schema_Quote_Rate`) this connector sends. */
export type FedexRateBody = {
  accountNumber: { value: string };
  rateRequestControlParameters: { returnTransitTimes: true };
  requestedShipment: {
    shipper: { address: FedexAddress };
    recipient: { address: FedexAddress };
    pickupType: 'DROPOFF_AT_FEDEX_LOCATION';
    rateRequestType: ['ACCOUNT', 'LIST'];
    shipDateStamp: string;
    packagingType: string;
    totalPackageCount: number;
    documentShipment?: boolean;
    customsClearanceDetail?: { dutiesPayment: { paymentType: 'SENDER' }; commodities: FedexCommodity[] };
    requestedPackageLineItems: FedexPiece[];
  };
};

/** What the transport sends, and the services the plan enables (FedEx quotes them all; the others are dropped). */
export type FedexRateRequest = { path: string; body: FedexRateBody; serviceCodes: string[] };

/** International goods as FedEx's commodities: the invoice's, or one of the declared value. */
export function customsOf(request: RateInput['request']): FedexCommodity[] {
  if (request.commercialInvoice) return commoditiesOf(request.commercialInvoice, request);
  const value = customsValueOf(request)!;
  const { weight } = units(request.packages.unitOfMeasure);
  const total = request.packages.pieces.reduce((sum, p) => sum + p.weight * p.quantity, 0);
  return [
    {
      description: 'Goods',
      quantity: 1,
      quantityUnits: 'PCS',
      unitPrice: money(value),
      customsValue: money(value),
      weight: { units: weight, value: Math.max(Math.round(total * 10) / 10, 0.1) },
    },
  ];
}

export function buildFedexRateRequest(input: RateInput): FedexRateRequest {
  const { request } = input;
  refuseNonConveyable(FEDEX, request);
  refuseTooManyPackages(FEDEX, request);
  refuseGoodsWithoutValue(request);
  if (!/\d/.test(request.shipper.phoneNumber ?? '')) throw new CarrierRefusal(FEDEX, 'FedEx ships only with the shipper’s phone number (shipper.phoneNumber)');
  const serviceCodes = serviceCodesOf(FEDEX, input).filter((code) => fedexServiceByCode(code) !== undefined);
  const accountNumber = accountNumberOf(input);
  const international = isInternational(request);
  const documentsOnly = international && request.internationalOptions?.documentsOnly === true;
  const pieces = piecesOf(request);
  return {
    path: FEDEX_RATE_PATH,
    serviceCodes,
    body: {
      accountNumber: { value: accountNumber },
      rateRequestControlParameters: { returnTransitTimes: true },
      requestedShipment: compact<FedexRateBody['requestedShipment']>({
        shipper: { address: addressOf(request.shipper, 'shipper', false) },
        recipient: { address: addressOf(request.recipient, 'recipient', false, request.recipient.residential === true) },
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        rateRequestType: ['ACCOUNT', 'LIST'],
        shipDateStamp: shipDateOf(request),
        packagingType: packagingTypeOf(request),
        totalPackageCount: pieces.length,
        documentShipment: documentsOnly ? true : undefined,
        customsClearanceDetail:
          international && !documentsOnly
            ? // The document's rate takes SENDER alone: who pays the duties is said at the ship.
              { dutiesPayment: { paymentType: 'SENDER' }, commodities: customsOf(request) }
            : undefined,
        requestedPackageLineItems: pieces,
      }),
    },
  };
}

// ---------------------------------------------------------------------------
// The answer: bounded lists and text, amounts as numbers.

const amount = z.number().check(z.minimum(-1e7), z.maximum(1e7));
const words = (max: number) => z.string().check(z.maxLength(max));
const surchargeSchema = z.object({ type: z.optional(words(80)), description: z.optional(words(200)), amount: z.optional(amount) });
const taxSchema = z.object({ type: z.optional(words(80)), description: z.optional(words(200)), name: z.optional(words(200)), amount: z.optional(amount) });

const ratedDetailSchema = z.object({
  rateType: z.optional(words(40)),
  totalBaseCharge: z.optional(amount),
  totalNetFedExCharge: z.optional(amount),
  totalNetCharge: z.optional(amount),
  currency: z.optional(words(3)),
  shipmentRateDetail: z.optional(
    z.object({
      currency: z.optional(words(3)),
      surCharges: z.optional(z.array(surchargeSchema).check(z.maxLength(100))),
      taxes: z.optional(z.array(taxSchema).check(z.maxLength(50))),
      totalFreightDiscount: z.optional(amount),
    }),
  ),
});

const replySchema = z.object({
  serviceType: words(60),
  serviceName: z.optional(words(200)),
  ratedShipmentDetails: z.array(ratedDetailSchema).check(z.minLength(1), z.maxLength(20)),
  operationalDetail: z.optional(
    z.object({
      transitTime: z.optional(words(40)),
      deliveryDate: z.optional(words(40)),
      commitDate: z.optional(words(40)),
    }),
  ),
  commit: z.optional(
    z.object({
      daysInTransit: z.optional(words(40)),
      dateDetail: z.optional(z.object({ dayFormat: z.optional(words(40)) })),
    }),
  ),
});

const rateAnswerSchema = z.object({
  output: z.object({
    rateReplyDetails: z.array(replySchema).check(z.maxLength(100)),
    alerts: z.optional(
      z.array(z.object({ code: z.optional(words(200)), message: z.optional(words(2000)), alertType: z.optional(words(40)) })).check(z.maxLength(50)),
    ),
  }),
});
type Reply = z.infer<typeof replySchema>;
type RatedDetail = z.infer<typeof ratedDetailSchema>;

const minor = (value: number | undefined): number => Math.round((value ?? 0) * 100);

const TRANSIT_DAYS: Readonly<Record<string, number>> = {
  ONE_DAY: 1,
  TWO_DAYS: 2,
  THREE_DAYS: 3,
  FOUR_DAYS: 4,
  FIVE_DAYS: 5,
  SIX_DAYS: 6,
  SEVEN_DAYS: 7,
  EIGHT_DAYS: 8,
  NINE_DAYS: 9,
  TEN_DAYS: 10,
};
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?/;

/** Our charge code of a FedEx surcharge type (`FUEL` → `FEDEX_FUEL`), a name from FedEx's description, never a bare code. */
const surchargeName = (type: string, description: string | undefined): string =>
  description?.trim() ||
  type
    .toLowerCase()
    .replaceAll('_', ' ')
    .replace(/^./, (c) => c.toUpperCase());

function chargesOf(detail: RatedDetail, service: { code: string; fedexCode: string; name: string }): QuoteCharge[] {
  const line = (code: string, billingCode: string, name: string, type: QuoteCharge['type'], value: number): QuoteCharge => ({
    code,
    billingCode,
    name: { en: name, fr: name },
    type,
    chips: [],
    amount: value,
  });
  const charges = [line(`${service.code}_BASE`, service.fedexCode, service.name, 'base', minor(detail.totalBaseCharge))];
  const discount = minor(detail.shipmentRateDetail?.totalFreightDiscount);
  if (discount !== 0) charges.push(line('FEDEX_DISCOUNT', 'DISCOUNT', 'Freight discount', 'base', -discount));
  for (const s of detail.shipmentRateDetail?.surCharges ?? []) {
    const value = minor(s.amount);
    if (value === 0 || !s.type) continue;
    const fuel = s.type === 'FUEL';
    charges.push(line(`FEDEX_${s.type}`, s.type, surchargeName(s.type, s.description), fuel ? 'fuel' : 'surcharge', value));
  }
  // FedEx's total before tax is the reference: what its itemisation leaves unexplained is one line.
  const total = detail.totalNetFedExCharge ?? detail.totalNetCharge;
  if (total !== undefined) {
    const rest = minor(total) - charges.reduce((sum, c) => sum + c.amount, 0);
    if (rest !== 0) charges.push(line('FEDEX_OTHER', 'OTHER', 'Other charges', 'surcharge', rest));
  }
  return charges;
}

/** `days` business days (Monday to Friday) after `date`. */
function addBusinessDays(date: string, days: number): string {
  let day = dayNumber(date);
  for (let left = days; left > 0;) {
    day += 1;
    const dow = weekday(day);
    if (dow !== 0 && dow !== 6) left -= 1;
  }
  return isoDate(day);
}

/**
 * The commitment of a reply: FedEx's delivery date where it gives one
 * (Express), else its transit days (Ground: `THREE_DAYS`) counted in
 * business days from the ship date.
 */
function commitmentOf(reply: Reply, shipDate: string): CarrierQuote['commitment'] {
  const guaranteed = fedexServiceByFedexCode(reply.serviceType)?.guaranteed ?? false;
  const at = reply.commit?.dateDetail?.dayFormat ?? reply.operationalDetail?.commitDate ?? reply.operationalDetail?.deliveryDate;
  const match = at ? DATE_TIME.exec(at) : null;
  if (match) return { commitDate: match[1]!, commitTime: match[2] ? `${match[2]}:${match[3]}` : '23:59', timezoneCode: 'LOCAL', guaranteed };
  const days = TRANSIT_DAYS[reply.commit?.daysInTransit ?? reply.operationalDetail?.transitTime ?? ''];
  if (!days || Number.isNaN(dayNumber(shipDate))) return null;
  return { commitDate: addBusinessDays(shipDate, days), commitTime: '23:59', timezoneCode: 'LOCAL', guaranteed: false };
}

/**
 * One quote per FedEx service the plan enables: charges at FedEx's list
 * rates (LIST; the account's where FedEx gave no list) in minor units adding
 * up to FedEx's total before tax, surcharges named by FedEx's words, taxes
 * as a rate of that total, the commitment from the transit times, and the
 * account's own total (ACCOUNT) as `negotiatedSubtotal`.
 */
export function parseFedexRate(raw: unknown, shipDate: string, serviceCodes?: readonly string[]): CarrierQuote[] {
  const parsed = rateAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('rate response', parsed.error);
  const wanted = serviceCodes ? new Set(serviceCodes) : undefined;
  return parsed.data.output.rateReplyDetails.flatMap((reply) => {
    const service = fedexServiceByFedexCode(reply.serviceType);
    if (!service || (wanted && !wanted.has(service.code))) return [];
    const account = reply.ratedShipmentDetails.find((d) => d.rateType === 'ACCOUNT');
    const list = reply.ratedShipmentDetails.find((d) => d.rateType === 'LIST') ?? account ?? reply.ratedShipmentDetails[0]!;
    const fedexCurrency = list.currency ?? list.shipmentRateDetail?.currency;
    if (!fedexCurrency) throw new CarrierError(FEDEX, `FedEx quoted ${service.code} without a currency`);
    const charges = chargesOf(list, service);
    const subtotal = charges.reduce((sum, c) => sum + c.amount, 0);
    const accountCurrency = account?.currency ?? account?.shipmentRateDetail?.currency;
    const negotiated = account && accountCurrency === fedexCurrency ? minor(account.totalNetFedExCharge ?? account.totalNetCharge) : undefined;
    return [
      {
        carrierCode: FEDEX,
        serviceCode: service.code,
        currency: isoCurrency(fedexCurrency),
        fxRate: 1,
        charges,
        taxes: (list.shipmentRateDetail?.taxes ?? [])
          .filter((tax) => minor(tax.amount) > 0 && subtotal > 0 && tax.type)
          .map((tax) => ({
            code: tax.type!,
            name: { en: tax.description || tax.name || tax.type!, fr: tax.description || tax.name || tax.type! },
            rateBp: Math.min(10_000, Math.round((minor(tax.amount) * 10_000) / subtotal)),
          })),
        commitment: commitmentOf(reply, shipDate),
        ...(negotiated !== undefined && negotiated > 0 ? { negotiatedSubtotal: negotiated } : {}),
      },
    ];
  });
}
