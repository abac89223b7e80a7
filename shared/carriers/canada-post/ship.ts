/**
 * Canada Post shipping documents: Create Shipment (shipment.xsd, a contract
 * account: `POST {base}/rs/{customer}/{customer}/shipment`, media type
 * `application/vnd.cpc.shipment-v8+xml`), Create Non-Contract Shipment
 * (ncshipment.xsd: `POST {base}/rs/{customer}/ncshipment`,
 * `application/vnd.cpc.ncshipment-v4+xml`), the refund requests, and their
 * answers (`shipment-info`, `non-contract-shipment-info`, `shipments`, with
 * the links the operations follow).
 *
 * The builders are pure and their output validates against the schema of
 * its operation (test/unit/carriers/canada-post/ship.test.ts). Decisions
 * beside the rate's (./rate.ts, ./mapping.ts, docs/canada-post.md):
 *
 * - Our reference (the rateResponseId) goes as its 32 hex digits into
 *   `customer-request-id`, which Get Shipments searches by (how a retry finds
 *   a contract shipment an earlier attempt bought, ./operations.ts), and into
 *   `customer-ref-1`, which Canada Post prints and keeps on both kinds of
 *   shipment. An order of several parcels is one shipment per parcel, each
 *   under ours and its number (`<32 hex>-2`, parcelReferenceOf).
 * - A contract shipment joins the group of its mailing date
 *   (`shipping-api-YYYYMMDD`): one group per day, transmitted by the operator
 *   (docs/canada-post.md, "Groups and transmit").
 * - One label encoding per shipment (`print-preferences`, 4×6): ZPL when
 *   the caller asked ZPL first (`input.labelFormat`, the ship body's
 *   `labelFormat`), PDF otherwise; a non-contract shipment has no choice
 *   and is PDF. The label type of the other encoding is drawn by our label
 *   service.
 * - Customs (the United States and elsewhere): from the commercial invoice,
 *   in CAD (Canada Post needs a rate from CAD otherwise, which our request
 *   does not carry); documents only as reason `DOC`.
 * - A return label (`createReturnLabel`): a contract shipment to a Canadian
 *   address, by `return-spec` on the same service; refused otherwise.
 */
import * as z from '../../zod';
import type { RateRequest } from '../../domain/rate/schema';
import { clip } from '../../domain/text-clipping';
import { contactOf, dutiesPayerOf, isInternational, placeOf, shipDateOf, shipReferenceOf, thirdPartyAccountOf } from '../request-mapping';
import { CarrierRefusal, type ShipInput } from '../../domain/carrier';
import {
  destinationPostalCodeOf,
  familyOf,
  kgOf,
  optionsOf,
  originPostalCodeOf,
  parcelCharacteristicsOf,
  parcelsOf,
  phoneOf,
  refuseInexpressible,
  roundTo,
  type CanadaPostPiece,
} from './mapping';
import { malformed } from './messages';
import { CUSTOMER_NUMBER, customerNumberOf } from './rate';
import { canadaPostServiceByCode, type CanadaPostService } from './services';
import { CANADAPOST, canadaPostReferenceOf, fixed, MEDIA, NS, readXml, xmlDocument, type XmlNode } from './xml';

/** The paths of the documented endpoints this connector builds (the others are links Canada Post returns). */
export const contractShipmentPath = (customer: string) => `/rs/${encodeURIComponent(customer)}/${encodeURIComponent(customer)}/shipment`;
export const nonContractShipmentPath = (customer: string) => `/rs/${encodeURIComponent(customer)}/ncshipment`;

/** Canada Post's public tracking page of a PIN. */
export const canadaPostTrackingUrl = (pin: string) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${encodeURIComponent(pin)}`;

/** The group a contract shipment joins: its mailing date's (at most 32 characters). */
export const groupIdOf = (mailingDate: string): string => `shipping-api-${mailingDate.replaceAll('-', '')}`;

export type CanadaPostShipRequest = {
  kind: 'contract' | 'nonContract';
  /** Our reference as Canada Post keeps it (customer-request-id, customer-ref-1). */
  reference: string;
  customerNumber: string;
  /** The document to POST, and its media type. */
  xml: string;
  mediaType: string;
  path: string;
  international: boolean;
  documentsOnly: boolean;
  /** Which parcel of the order this shipment carries (0 the first), and how many the order has: one Canada Post shipment each. */
  parcel: number;
  parcels: number;
};

/**
 * The reference a parcel's shipment carries (customer-request-id and
 * customer-ref-1, at most 35 characters): ours for an order of one parcel,
 * ours and the parcel's number from 1 (`<32 hex>-2`) for an order of several.
 */
export const parcelReferenceOf = (reference: string, parcel: number, parcels: number): string => (parcels === 1 ? reference : `${reference}-${parcel + 1}`);

const cut = (text: string | undefined, max: number): string | undefined => {
  const t = text?.replace(/\s+/g, ' ').trim();
  return t ? clip(t, max) : undefined;
};

/** `prov-state`: a province or state code as given (Canada Post wants one in Canada and the United States). */
function provinceOf(address: RateRequest['shipper'], field: string, required: boolean): string | undefined {
  const province = placeOf(address).provinceCode ?? cut(address.provinceName, 20);
  if (!province && required) throw new CarrierRefusal(CANADAPOST, `Canada Post needs ${field}.provinceCode`);
  return province ? clip(province, 20) : undefined;
}

function senderOf(request: RateRequest, kind: CanadaPostShipRequest['kind']): XmlNode {
  const contact = contactOf(CANADAPOST, 'shipper', request.shipper);
  const phone = phoneOf(contact.phoneNumber);
  if (!phone) throw new CarrierRefusal(CANADAPOST, 'Canada Post needs shipper.phoneNumber');
  const province = provinceOf(request.shipper, 'shipper', true);
  const postalCode = originPostalCodeOf(request);
  return {
    name: cut(contact.personName, 44),
    company: cut(contact.companyName ?? contact.personName, 44),
    'contact-phone': phone,
    'address-details': {
      'address-line-1': cut(contact.addressLines[0], 44),
      'address-line-2': cut(contact.addressLines[1], 44),
      city: cut(request.shipper.city, 40) ?? refuse('shipper.city'),
      'prov-state': kind === 'contract' ? province : clip(province!, 2),
      // The contract schema's sender has a country; the non-contract one is Canadian by definition.
      'country-code': kind === 'contract' ? 'CA' : undefined,
      'postal-zip-code': postalCode,
    },
  };
}

const refuse = (field: string): never => {
  throw new CarrierRefusal(CANADAPOST, `Canada Post needs ${field}`);
};

function destinationOf(request: RateRequest): XmlNode {
  const contact = contactOf(CANADAPOST, 'recipient', request.recipient);
  const family = familyOf(request);
  const phone = phoneOf(contact.phoneNumber);
  if (!phone && family !== 'domestic') throw new CarrierRefusal(CANADAPOST, 'Canada Post needs recipient.phoneNumber outside Canada');
  return {
    name: cut(contact.personName, 44),
    company: cut(contact.companyName, 44),
    'client-voice-number': phone,
    'address-details': {
      'address-line-1': cut(contact.addressLines[0], 44),
      'address-line-2': cut(contact.addressLines[1], 44),
      city: cut(request.recipient.city, 40) ?? refuse('recipient.city'),
      'prov-state': provinceOf(request.recipient, 'recipient', family !== 'international'),
      'country-code': request.recipient.countryCode.toUpperCase(),
      'postal-zip-code': destinationPostalCodeOf(request),
    },
  };
}

/** A customs tariff number as Canada Post writes it (`6109.10.00.10`), from its digits; undefined under 4 digits. */
export function hsTariffOf(code: string | undefined): string | undefined {
  const digits = code?.replace(/\D/g, '') ?? '';
  if (digits.length < 4) return undefined;
  const pairs = digits.slice(4, 10).match(/\d{2}/g) ?? [];
  return [digits.slice(0, 4), ...pairs].join('.');
}

const REASON: Readonly<Record<string, { reason: string; other?: string }>> = {
  permanent: { reason: 'SOG' },
  return: { reason: 'OTH', other: 'Return of goods' },
  repair: { reason: 'REP' },
  returnRepair: { reason: 'REP' },
};

/** `customs` of a shipment to the United States or elsewhere, from the commercial invoice. */
function customsOf(request: RateRequest, documentsOnly: boolean): XmlNode {
  const invoice = request.commercialInvoice;
  if (!invoice) {
    throw new CarrierRefusal(
      CANADAPOST,
      `Canada Post ships ${documentsOnly ? 'documents' : 'goods'} outside Canada with a customs declaration: commercialInvoice and its items`,
    );
  }
  const currency = (invoice.currency ?? 'CAD').toUpperCase();
  if (currency !== 'CAD')
    throw new CarrierRefusal(
      CANADAPOST,
      `Canada Post takes a customs declaration in another currency than CAD with its rate from CAD, which the request does not carry (${currency})`,
    );
  if (invoice.invoiceItems.length > 500) throw new CarrierRefusal(CANADAPOST, 'Canada Post takes at most 500 customs items');
  const duties = dutiesPayerOf(CANADAPOST, request, 'recipient');
  if (duties.party !== 'recipient') throw new CarrierRefusal(CANADAPOST, 'Canada Post bills duties and taxes to the recipient only');
  const unit = invoice.unitOfMeasure ?? request.packages.unitOfMeasure;
  const exportType = REASON[request.internationalOptions?.exportType ?? 'permanent']!;
  const { reason, other } = documentsOnly ? { reason: 'DOC', other: undefined } : exportType;
  return {
    currency,
    'reason-for-export': reason,
    'other-reason': other,
    'sku-list': {
      item: invoice.invoiceItems.map((item) => {
        if (item.quantity > 9999) throw new CarrierRefusal(CANADAPOST, 'Canada Post takes at most 9999 units of a customs item');
        const unitKg = Math.max(kgOf(item.weight / item.quantity, unit), 0.001);
        if (unitKg > 99.999) throw new CarrierRefusal(CANADAPOST, 'Canada Post takes customs items of at most 99.999 kg a unit');
        const value = roundTo(item.value, 2);
        if (!(value > 0) || value > 99_999.99) throw new CarrierRefusal(CANADAPOST, 'Canada Post takes customs values of 0.01 to 99999.99 a unit');
        const origin = item.countryOfManufacture?.trim().toUpperCase();
        return {
          'customs-number-of-units': String(item.quantity),
          'customs-description': cut(item.description, 45) ?? 'Goods',
          'hs-tariff-code': hsTariffOf(item.hsCode),
          'unit-weight': fixed(unitKg, 3),
          'customs-value-per-unit': fixed(value, 2),
          'country-of-origin': origin && /^[A-Z]{2}$/.test(origin) ? origin : undefined,
        };
      }),
    },
  };
}

function referencesOf(request: RateRequest, reference: string): XmlNode {
  const ours = request.shippingOptions.references;
  return { 'customer-ref-1': reference, 'customer-ref-2': cut(ours?.order ?? ours?.customer ?? ours?.invoice, 35) };
}

/** The return-spec of a contract shipment to Canada: back to the shipper on the same service. */
function returnSpecOf(request: RateRequest, service: CanadaPostService): XmlNode {
  const contact = contactOf(CANADAPOST, 'shipper', request.shipper);
  return {
    'service-code': service.cpCode,
    'return-recipient': {
      name: cut(contact.personName, 44),
      company: cut(contact.companyName, 44),
      'address-details': {
        'address-line-1': cut(contact.addressLines[0], 44),
        'address-line-2': cut(contact.addressLines[1], 44),
        city: cut(request.shipper.city, 40) ?? refuse('shipper.city'),
        'prov-state': clip(provinceOf(request.shipper, 'shipper', true)!, 2),
        'postal-zip-code': originPostalCodeOf(request),
      },
    },
  };
}

/**
 * The ship request of parcel `parcel` (0 the first) of `input` under an
 * account with `contractId` (a contract shipment) or without (a
 * non-contract one): one Canada Post shipment per parcel, each under its own
 * reference (parcelReferenceOf). CarrierRefusal when Canada Post cannot ship
 * it as it stands.
 */
export function buildCanadaPostShipRequest(input: ShipInput, contractId: string | undefined, parcel = 0): CanadaPostShipRequest {
  const { request } = input;
  refuseInexpressible(request);
  const service = canadaPostServiceByCode(input.serviceCode);
  if (!service) throw new CarrierRefusal(CANADAPOST, `Canada Post does not offer the service ${input.serviceCode}`);
  const family = familyOf(request);
  if (service.family !== family)
    throw new CarrierRefusal(CANADAPOST, `Canada Post's ${service.name} does not go to ${request.recipient.countryCode.toUpperCase()}`);
  if (contractId !== undefined && !CUSTOMER_NUMBER.test(contractId))
    throw new CarrierRefusal(CANADAPOST, 'Canada Post contract ids are 1 to 10 digits; the account has another');
  const kind = contractId ? 'contract' : 'nonContract';
  const customerNumber = customerNumberOf(input);
  const pieces = parcelsOf(request);
  const piece: CanadaPostPiece | undefined = pieces[parcel];
  if (!piece) throw new RangeError(`parcel ${parcel} of an order of ${pieces.length}`);
  const reference = parcelReferenceOf(canadaPostReferenceOf(shipReferenceOf(CANADAPOST, input)), parcel, pieces.length);
  const international = isInternational(request);
  const documentsOnly = international && request.internationalOptions?.documentsOnly === true;
  const thirdParty = thirdPartyAccountOf(CANADAPOST, request);
  if (thirdParty !== undefined && (kind === 'nonContract' || !CUSTOMER_NUMBER.test(thirdParty))) {
    throw new CarrierRefusal(CANADAPOST, 'Canada Post bills another customer only from a contract account, by its 1 to 10 digit customer number');
  }
  const returnLabel = request.shippingOptions.createReturnLabel === true;
  if (returnLabel && (kind === 'nonContract' || family !== 'domestic')) {
    throw new CarrierRefusal(CANADAPOST, 'Canada Post issues a return label with a contract shipment within Canada only');
  }
  const options = optionsOf(request, pieces.length);
  const mailingDate = shipDateOf(request);
  const deliverySpec: XmlNode = {
    'service-code': service.cpCode,
    sender: senderOf(request, kind),
    destination: destinationOf(request),
    options: options.length > 0 ? { option: options } : undefined,
    'parcel-characteristics': parcelCharacteristicsOf(request, piece, 999.999),
    'print-preferences': kind === 'contract' ? { 'output-format': '4x6', encoding: input.labelFormat === 'ZPL' ? 'ZPL' : 'PDF' } : undefined,
    preferences: { 'show-packing-instructions': 'false', 'show-postage-rate': 'false', 'show-insured-value': 'true' },
    references: referencesOf(request, reference),
    customs: international ? customsOf(request, documentsOnly) : undefined,
    'settlement-info': kind === 'contract' ? { 'paid-by-customer': thirdParty, 'contract-id': contractId, 'intended-method-of-payment': 'Account' } : undefined,
  };
  const origin = originPostalCodeOf(request);
  if (kind === 'contract') {
    return {
      kind,
      reference,
      customerNumber,
      path: contractShipmentPath(customerNumber),
      mediaType: MEDIA.shipment,
      international,
      documentsOnly,
      parcel,
      parcels: pieces.length,
      xml: xmlDocument('shipment', NS.shipment, {
        'customer-request-id': reference,
        'group-id': groupIdOf(mailingDate),
        'requested-shipping-point': origin,
        'expected-mailing-date': mailingDate,
        'delivery-spec': deliverySpec,
        'return-spec': returnLabel ? returnSpecOf(request, service) : undefined,
      }),
    };
  }
  return {
    kind,
    reference,
    customerNumber,
    path: nonContractShipmentPath(customerNumber),
    mediaType: MEDIA.ncshipment,
    international,
    documentsOnly,
    parcel,
    parcels: pieces.length,
    xml: xmlDocument('non-contract-shipment', NS.ncshipment, { 'requested-shipping-point': origin, 'delivery-spec': deliverySpec }),
  };
}

/** The refund request of a transmitted contract shipment, or of a non-contract one: the e-mail Canada Post answers to. */
export const refundRequestXml = (kind: CanadaPostShipRequest['kind'], email: string): string =>
  kind === 'contract'
    ? xmlDocument('shipment-refund-request', NS.shipment, { email })
    : xmlDocument('non-contract-shipment-refund-request', NS.ncshipment, { email });

// ---------------------------------------------------------------------------
// The answers.

export type CanadaPostLink = { rel: string; href: string; mediaType: string; index?: number };

export const linkSchema = z.object({
  '@_rel': z.string(),
  '@_href': z.string().check(z.minLength(1)),
  '@_media-type': z.string(),
  '@_index': z.optional(z.string()),
});
const linksSchema = z.object({ link: z.array(linkSchema) });
/** A `link` element as read. */
export const linkOf = (l: z.infer<typeof linkSchema>): CanadaPostLink => ({
  rel: l['@_rel'],
  href: l['@_href'],
  mediaType: l['@_media-type'],
  ...(l['@_index'] !== undefined ? { index: Number(l['@_index']) } : {}),
});

const pin = z.string().check(z.regex(/^[A-Za-z0-9]{11,16}$/, 'must be a PIN of 11 to 16 letters and digits'));
const shipmentInfoSchema = z.object({
  'shipment-id': z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/, 'must be a shipment id of 1 to 32 letters and digits')),
  'shipment-status': z.optional(z.string()),
  'tracking-pin': z.optional(pin),
  'return-tracking-pin': z.optional(pin),
  links: linksSchema,
});

/** What Canada Post says of a shipment it made: its id, status, PINs and links. */
export type CanadaPostShipment = {
  shipmentId: string;
  status?: string;
  trackingPin?: string;
  returnTrackingPin?: string;
  links: CanadaPostLink[];
};

/** A `shipment-info` (contract) or `non-contract-shipment-info` answer. */
export function parseShipmentInfo(xml: string): CanadaPostShipment {
  const document = readXml(xml, 'a shipment');
  const info = document['shipment-info'] ?? document['non-contract-shipment-info'];
  const parsed = shipmentInfoSchema.safeParse(info);
  if (!parsed.success) throw malformed('shipment answer', parsed.error);
  const data = parsed.data;
  return {
    shipmentId: data['shipment-id'],
    ...(data['shipment-status'] ? { status: data['shipment-status'] } : {}),
    ...(data['tracking-pin'] ? { trackingPin: data['tracking-pin'] } : {}),
    ...(data['return-tracking-pin'] ? { returnTrackingPin: data['return-tracking-pin'] } : {}),
    links: data.links.link.map(linkOf),
  };
}

const shipmentsSchema = z.union([z.literal(''), z.object({ link: z.optional(z.array(linkSchema)) })]);

/** The links of a `shipments` (Get Shipments) or `non-contract-shipments` answer, in Canada Post's order; none when it lists none. */
export function parseShipmentLinks(xml: string): CanadaPostLink[] {
  const document = readXml(xml, 'a shipment search');
  const parsed = shipmentsSchema.safeParse(document['shipments'] ?? document['non-contract-shipments']);
  if (!parsed.success) throw malformed('shipment search answer', parsed.error);
  return parsed.data === '' ? [] : (parsed.data.link ?? []).map(linkOf);
}

const ncDetailsSchema = z.object({
  'tracking-pin': z.optional(pin),
  'refund-request-info': z.optional(z.unknown()),
  'delivery-spec': z.object({ references: z.optional(z.union([z.literal(''), z.object({ 'customer-ref-1': z.optional(z.string()) })])) }),
});

/** A `non-contract-shipment-details` answer: its PIN, our reference (customer-ref-1), and whether a refund was requested. */
export function parseNonContractDetails(xml: string): { trackingPin?: string; reference?: string; refunded: boolean } {
  const parsed = ncDetailsSchema.safeParse(readXml(xml, 'shipment details')['non-contract-shipment-details']);
  if (!parsed.success) throw malformed('shipment details answer', parsed.error);
  const references = parsed.data['delivery-spec'].references;
  const reference = references ? references['customer-ref-1'] : undefined;
  return {
    ...(parsed.data['tracking-pin'] ? { trackingPin: parsed.data['tracking-pin'] } : {}),
    ...(reference ? { reference } : {}),
    refunded: parsed.data['refund-request-info'] !== undefined,
  };
}
