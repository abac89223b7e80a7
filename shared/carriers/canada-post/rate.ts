/**
 * Canada Post Get Rates (rating.xsd, `POST {base}/rs/ship/price`, media type
 * `application/vnd.cpc.ship.rate-v4+xml`): one `mailing-scenario` prices one
 * parcel for every service Canada Post offers between the two places (or the
 * plan's enabled ones); the answer's `price-quotes` has one `price-quote`
 * per service.
 *
 * The builder is pure; the operation adds the account's contract id (a
 * contract account's rates are its contract's) and the XML is validated
 * against rating.xsd in test/unit/carriers/canada-post/rate.test.ts. Units:
 * kilograms to 3 decimals and centimetres to 1, Canada Post's precision
 * (./mapping.ts). What our request says that Canada Post cannot express is
 * in docs/canada-post.md.
 */
import * as z from '../../zod';
import { shipDateOf, totalPieceCount } from '../request-mapping';
import { CarrierRefusal, type CarrierQuote, type QuoteCharge, type QuoteTax, type RateInput } from '../../domain/carrier';
import type { CanadaPostApi } from './api';
import {
  destinationPostalCodeOf,
  familyOf,
  optionsOf,
  originPostalCodeOf,
  parcelCharacteristicsOf,
  piecesOf,
  refuseInexpressible,
  refuseUnshippableParties,
} from './mapping';
import { mapBounded } from '../../bounded';
import { bodyOf, malformed } from './messages';
import { CANADA_POST_SERVICES, canadaPostServiceByCpCode } from './services';
import { CANADAPOST, MEDIA, NS, readXml, xmlDocument, type XmlNode } from './xml';

export const CANADA_POST_RATE_PATH = '/rs/ship/price';

/** Canada Post customer numbers and contract ids: 1 to 10 digits. */
export const CUSTOMER_NUMBER = /^\d{1,10}$/;

/**
 * What the operation sends: the mailing scenario without the contract id
 * (its `parcel-characteristics` the first piece's), each piece's parcel
 * with how many of it the order holds, and the mailing date (for a transit
 * time without a date).
 */
export type CanadaPostRateRequest = { customerNumber: string; mailingDate: string; scenario: XmlNode; parcels: CanadaPostParcel[] };
/** One piece of the request as Get Rates prices it, and its quantity. */
export type CanadaPostParcel = { characteristics: XmlNode; count: number };

/** At most this many Get Rates calls of one rate are in flight at once (one per piece). */
export const RATE_CONCURRENCY = 3;

export function customerNumberOf(input: { plan: RateInput['plan'] }): string {
  const number = input.plan.account.accountNumber.trim();
  if (!CUSTOMER_NUMBER.test(number)) throw new CarrierRefusal(CANADAPOST, 'Canada Post customer numbers are 1 to 10 digits; the plan has another');
  return number;
}

export function buildCanadaPostRateRequest(input: RateInput): CanadaPostRateRequest {
  const { request } = input;
  refuseInexpressible(request);
  const customerNumber = customerNumberOf(input);
  const family = familyOf(request);
  const origin = originPostalCodeOf(request);
  const postalCode = destinationPostalCodeOf(request);
  const pieces = piecesOf(request);
  const parcels = pieces.map((piece) => ({ characteristics: parcelCharacteristicsOf(request, piece, 99.999), count: piece.quantity }));
  // The plan's enabled services of this destination's family; none listed asks for every service (the parser drops codes it does not know).
  const offered = CANADA_POST_SERVICES.filter((s) => s.family === family);
  const enabled = offered.filter((s) => input.services.some((e) => e.code === s.code && !e.isDisabled));
  if (enabled.length === 0)
    throw new CarrierRefusal(
      CANADAPOST,
      `Canada Post has no enabled service to ${family === 'domestic' ? 'Canada' : family === 'usa' ? 'the United States' : request.recipient.countryCode.toUpperCase()}`,
    );
  // Last: a request Canada Post cannot rate at all says so before what only its ship would need.
  refuseUnshippableParties(request);
  const options = optionsOf(request, totalPieceCount(pieces));
  const mailingDate = shipDateOf(request);
  return {
    customerNumber,
    mailingDate,
    parcels,
    scenario: {
      'quote-type': 'commercial',
      'expected-mailing-date': mailingDate,
      options: options.length > 0 ? { option: options } : undefined,
      'parcel-characteristics': parcels[0]!.characteristics,
      services: enabled.length < offered.length ? { 'service-code': enabled.map((s) => s.cpCode) } : undefined,
      'origin-postal-code': origin,
      destination:
        family === 'domestic'
          ? { domestic: { 'postal-code': postalCode } }
          : family === 'usa'
            ? { 'united-states': { 'zip-code': postalCode } }
            : { international: { 'country-code': request.recipient.countryCode.toUpperCase(), 'postal-code': postalCode } },
    },
  };
}

/** The `mailing-scenario` document of one parcel of a request under an account (its contract id when it has one), elements in the documentation's order. */
export const mailingScenarioXml = (request: CanadaPostRateRequest, contractId?: string, parcel: XmlNode = request.parcels[0]!.characteristics): string =>
  xmlDocument('mailing-scenario', NS.rate, {
    'customer-number': request.customerNumber,
    'contract-id': contractId,
    ...request.scenario,
    'parcel-characteristics': parcel,
  });

// ---------------------------------------------------------------------------
// The answer.

const decimal = z.string().check(z.regex(/^[-+]?(\d+(\.\d*)?|\.\d+)$/, 'must be a decimal'));
const bool = z.enum(['true', 'false', '1', '0']);
const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'));
const tax = z.union([decimal, z.object({ '#text': decimal, '@_percent': z.optional(decimal) })]);
const optionSchema = z.object({ 'option-code': z.string(), 'option-name': z.string(), 'option-price': decimal });
const adjustmentSchema = z.object({ 'adjustment-code': z.string(), 'adjustment-name': z.string(), 'adjustment-cost': decimal });

const quoteSchema = z.object({
  'service-code': z.string().check(z.minLength(1)),
  'service-name': z.string(),
  'price-details': z.object({
    base: decimal,
    taxes: z.optional(z.union([z.literal(''), z.object({ gst: z.optional(tax), pst: z.optional(tax), hst: z.optional(tax) })])),
    due: decimal,
    options: z.optional(z.union([z.literal(''), z.object({ option: z.array(optionSchema) })])),
    adjustments: z.optional(z.union([z.literal(''), z.object({ adjustment: z.array(adjustmentSchema) })])),
  }),
  'service-standard': z.object({
    'am-delivery': bool,
    'guaranteed-delivery': bool,
    'expected-transit-time': z.optional(z.string().check(z.regex(/^\d{1,2}$/))),
    'expected-delivery-date': z.optional(date),
  }),
});
const priceQuotesSchema = z.object({ 'price-quotes': z.union([z.literal(''), z.object({ 'price-quote': z.optional(z.array(quoteSchema)) })]) });
type Quote = z.infer<typeof quoteSchema>;

/** Minor units (cents) of a Canada Post amount. */
const cents = (value: string): number => Math.round(Number(`${value}e2`));
const isTrue = (value: string) => value === 'true' || value === '1';

const TAX_NAMES: Readonly<Record<'gst' | 'pst' | 'hst', { en: string; fr: string }>> = {
  gst: { en: 'GST', fr: 'TPS' },
  pst: { en: 'PST', fr: 'TVP' },
  hst: { en: 'HST', fr: 'TVH' },
};

const FUEL = 'FUELSC';

const line = (code: string, billingCode: string, name: string, type: QuoteCharge['type'], amount: number): QuoteCharge => ({
  code,
  billingCode,
  name: { en: name, fr: name },
  type,
  chips: [],
  amount,
});

/** The quote's lines, adding up to Canada Post's pre-tax price (due less taxes): base, options, adjustments, any rest as one line. */
function chargesOf(quote: Quote, serviceCode: string, preTax: number): QuoteCharge[] {
  const details = quote['price-details'];
  const charges = [line(`${serviceCode}_BASE`, quote['service-code'], quote['service-name'] || 'Base price', 'base', cents(details.base))];
  for (const option of details.options ? details.options.option : []) {
    const amount = cents(option['option-price']);
    if (amount !== 0)
      charges.push(
        line(`CANADAPOST_OPTION_${option['option-code']}`, option['option-code'], option['option-name'] || option['option-code'], 'accessorial', amount),
      );
  }
  for (const adjustment of details.adjustments ? details.adjustments.adjustment : []) {
    const amount = cents(adjustment['adjustment-cost']);
    if (amount === 0) continue;
    const fuel = adjustment['adjustment-code'] === FUEL;
    charges.push(
      line(
        fuel ? 'CANADAPOST_FUEL' : `CANADAPOST_ADJUSTMENT_${adjustment['adjustment-code']}`,
        adjustment['adjustment-code'],
        adjustment['adjustment-name'] || adjustment['adjustment-code'],
        fuel ? 'fuel' : 'surcharge',
        amount,
      ),
    );
  }
  // Canada Post's due is the reference: what its lines leave unexplained is one line, so the quote adds up to it.
  const rest = preTax - charges.reduce((sum, c) => sum + c.amount, 0);
  if (rest !== 0) charges.push(line('CANADAPOST_OTHER', 'OTHER', 'Other charges', 'surcharge', rest));
  return charges;
}

/** Each tax as a rate of the pre-tax price: Canada Post's `percent` where it gives it, else its amount over that price. */
function taxesOf(quote: Quote, preTax: number): { taxes: QuoteTax[]; total: number } {
  const given = quote['price-details'].taxes;
  const taxes: QuoteTax[] = [];
  let total = 0;
  if (!given) return { taxes, total };
  for (const kind of ['gst', 'pst', 'hst'] as const) {
    const value = given[kind];
    if (value === undefined) continue;
    const amount = cents(typeof value === 'string' ? value : value['#text']);
    const percent = typeof value === 'string' ? undefined : value['@_percent'];
    total += amount;
    if (amount === 0) continue;
    const rateBp = percent !== undefined ? Math.round(Number(`${percent}e2`)) : preTax > 0 ? Math.round((amount * 10_000) / preTax) : 0;
    taxes.push({ code: kind.toUpperCase(), name: TAX_NAMES[kind], rateBp: Math.min(10_000, rateBp) });
  }
  return { taxes, total };
}

/** `date` plus `days` business days (Monday to Friday). */
export function addBusinessDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

function commitmentOf(quote: Quote, mailingDate: string | undefined): CarrierQuote['commitment'] {
  const standard = quote['service-standard'];
  const transit = standard['expected-transit-time'];
  const commitDate = standard['expected-delivery-date'] ?? (transit !== undefined && mailingDate ? addBusinessDays(mailingDate, Number(transit)) : undefined);
  if (!commitDate) return null;
  return {
    commitDate,
    // Canada Post says a date, and whether delivery is in the morning; no hour.
    commitTime: isTrue(standard['am-delivery']) ? '12:00' : '23:59',
    // The destination's local day, without naming its zone.
    timezoneCode: 'LOCAL',
    guaranteed: isTrue(standard['guaranteed-delivery']),
  };
}

/**
 * One quote per price-quote of a service the connector knows, in CAD (Canada
 * Post quotes in Canadian dollars): charges in cents adding up to the
 * pre-tax price, GST/PST/HST as rates of it, the commitment from the service
 * standard. `mailingDate` dates a transit time Canada Post gives without a
 * delivery date.
 */
export function parseCanadaPostRate(xml: string, mailingDate?: string): CarrierQuote[] {
  const parsed = priceQuotesSchema.safeParse(readXml(xml, 'a rate request'));
  if (!parsed.success) throw malformed('rate response', parsed.error);
  const quotes = parsed.data['price-quotes'] === '' ? [] : (parsed.data['price-quotes']['price-quote'] ?? []);
  return quotes.flatMap((quote) => {
    const service = canadaPostServiceByCpCode(quote['service-code']);
    if (!service) return [];
    const due = cents(quote['price-details'].due);
    const preTax = due - taxesOf(quote, due).total;
    const { taxes } = taxesOf(quote, preTax);
    return [
      {
        carrierCode: CANADAPOST,
        serviceCode: service.code,
        currency: 'CAD',
        fxRate: 1,
        charges: chargesOf(quote, service.code, preTax),
        taxes,
        commitment: commitmentOf(quote, mailingDate),
      },
    ];
  });
}

const later = (a: NonNullable<CarrierQuote['commitment']>, b: NonNullable<CarrierQuote['commitment']>) =>
  `${b.commitDate}T${b.commitTime}` > `${a.commitDate}T${a.commitTime}` ? b : a;

/**
 * The order's quotes from each piece's (`count` parcels alike): only the
 * services Canada Post offers for every piece; per service each charge
 * summed over the parcels (by code, in the first piece's order), each tax a
 * rate of the summed pre-tax price (its amount over every parcel), and the
 * slowest commitment (guaranteed only when every parcel's is; none when a
 * parcel has none). One parcel's quotes are returned as they are.
 */
export function combineCanadaPostQuotes(perPiece: ReadonlyArray<{ quotes: CarrierQuote[]; count: number }>): CarrierQuote[] {
  if (perPiece.length === 1 && perPiece[0]!.count === 1) return perPiece[0]!.quotes;
  const [first, ...rest] = perPiece;
  if (!first) return [];
  return first.quotes.flatMap((quote) => {
    const all = [{ quote, count: first.count }];
    for (const piece of rest) {
      const same = piece.quotes.find((q) => q.serviceCode === quote.serviceCode);
      if (!same) return [];
      all.push({ quote: same, count: piece.count });
    }
    const charges = new Map<string, QuoteCharge>();
    const taxes = new Map<string, { tax: QuoteTax; amount: number }>();
    let preTax = 0;
    for (const { quote: q, count } of all) {
      const subtotal = q.charges.reduce((sum, c) => sum + c.amount, 0);
      preTax += subtotal * count;
      for (const charge of q.charges) {
        const seen = charges.get(charge.code);
        charges.set(charge.code, { ...(seen ?? charge), amount: (seen?.amount ?? 0) + charge.amount * count });
      }
      for (const tax of q.taxes) taxes.set(tax.code, { tax, amount: (taxes.get(tax.code)?.amount ?? 0) + (subtotal * tax.rateBp * count) / 10_000 });
    }
    const commitments = all.map((a) => a.quote.commitment);
    const commitment = commitments.every((c) => c !== null) ? { ...commitments.reduce(later), guaranteed: commitments.every((c) => c.guaranteed) } : null;
    return [
      {
        ...quote,
        charges: [...charges.values()],
        taxes: [...taxes.values()].map(({ tax, amount }) => ({
          ...tax,
          rateBp: preTax > 0 ? Math.min(10_000, Math.round((amount * 10_000) / preTax)) : tax.rateBp,
        })),
        commitment,
      },
    ];
  });
}

/**
 * Get Rates under the client's account (the contract's rates when it has a
 * contract id), one call per piece, at most RATE_CONCURRENCY at once, the
 * quotes combined for the order (combineCanadaPostQuotes). Safe to send
 * again: a rate buys nothing.
 */
export const canadaPostRate = async (request: CanadaPostRateRequest, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierQuote[]> => {
  const perPiece = await mapBounded(request.parcels, RATE_CONCURRENCY, async ({ characteristics, count }) => {
    const answer = await api.send(
      {
        method: 'POST',
        target: { path: CANADA_POST_RATE_PATH },
        accept: MEDIA.rate,
        body: { contentType: MEDIA.rate, xml: mailingScenarioXml(request, api.contractId, characteristics) },
        retryable: true,
      },
      signal,
    );
    return { quotes: parseCanadaPostRate(bodyOf(answer, 'rate the shipment'), request.mailingDate), count };
  });
  return combineCanadaPostQuotes(perPiece);
};
