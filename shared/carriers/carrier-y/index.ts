/**
 * Carrier Y, "the second parcel carrier" (docs/architecture.md, carriers). It takes metric
 * parcels only and option codes; at rate time customs carry only a total:
 * a placeholder for documents overridden by `declaredValue` (spec 2.7), the
 * invoice total for goods (spec 2.9).
 *
 * At ship time it builds the full international forms from the request
 * (spec 2.9): every invoice line, the sold-to party (`billingOptions.soldTo`,
 * spec 2.11), the duties payer, the reason for export; and it registers a
 * ship notification when `intransit` is among `shippingNotificationStatuses`
 * and `shippingNotificationEmail` is set (spec part 6).
 */
import { addressSchema, type Address, type RateRequest } from '../../domain/rate/schema';
import type { PricingPlan } from '../../domain/entities';
import { CarrierRefusal, type RateInput, type ShipInput, type ShipmentRef } from '../../domain/carrier';
import type { CarrierTransport } from '../connector';
import {
  compact,
  contactOf,
  dutiesPayerOf,
  inToCm,
  insuranceOf,
  invoiceTotal,
  isInternational,
  lbToKg,
  placeOf,
  refuseNonConveyable,
  refuseTooManyPackages,
  serviceCodesOf,
  shipDateOf,
  shipReferenceOf,
  signatureOf,
  thirdPartyAccountOf,
  type Money,
  type ShipContact,
} from '../request-mapping';
import { defineSandboxConnector } from '../connector';
import { sandboxWireParsers } from '../wire';
import { sandboxPickups } from '../wire/pickup';

export const CARRIERY = 'CARRIERY';

/** SO signature, PA18 proof of age (adult signature), COV coverage, SAT Saturday delivery. */
export type CarrierYOption = { code: 'SO' | 'PA18' | 'COV' | 'SAT'; amount?: number; currency?: string };

export type CarrierYPlace = { countryCode: string; provinceCode?: string; postalCode?: string; city?: string };

export type CarrierYRateRequest = {
  customerNumber: string;
  currency: string;
  expectedMailingDate: string;
  services: string[];
  origin: CarrierYPlace;
  destination: CarrierYPlace & { residential: boolean };
  /** One entry per piece of the request, `quantity` identical parcels. */
  parcels: Array<{ quantity: number; weightKg: number; dimensionsCm?: { length: number; width: number; height: number } }>;
  options: CarrierYOption[];
  /** Third-party billing only. */
  payer?: { customerNumber: string };
  customs?: { documentsOnly: boolean; total: Money };
};

export type CarrierYParty = ShipContact & CarrierYPlace;

/** One line of the customs forms: unit value in `CarrierYCustoms.currency`, weight of the whole line. */
export type CarrierYCustomsItem = {
  description: string;
  quantity: number;
  unitValue: number;
  lineWeightKg: number;
  hsCode?: string;
  originCountry: string;
};

/** The full international forms of a shipment, built at ship time. */
export type CarrierYCustoms = {
  documentsOnly: boolean;
  currency: string;
  total: Money;
  reasonForExport: 'SOLD' | 'DOCUMENTS' | 'RETURN' | 'REPAIR' | 'RETURN_AFTER_REPAIR';
  dutiesPayer: { party: 'SENDER' | 'RECIPIENT' | 'THIRD_PARTY'; accountNumber?: string };
  soldTo: CarrierYParty;
  importerTaxId?: string;
  relatedParties?: boolean;
  senderIsProducer?: boolean;
  /** Empty for documents. */
  items: CarrierYCustomsItem[];
  note?: string;
};

export type CarrierYShipRequest = Omit<CarrierYRateRequest, 'services' | 'customs'> & {
  /** The idempotency key: the same clientReference answers the shipment already made. */
  clientReference: string;
  service: string;
  /** When the shipment is tendered (ISO 8601). */
  mailedAt: string;
  senderContact: ShipContact;
  destinationContact: ShipContact;
  customs?: CarrierYCustoms;
  /** `ON_SHIPMENT`: an e-mail when the shipment is in transit. */
  notification?: { email: string; on: Array<'ON_SHIPMENT'> };
  returnLabel: boolean;
};

/** Stands in for the value of a documents-only shipment when no `declaredValue` is given. */
export const DOCUMENTS_PLACEHOLDER_AMOUNT = 1;

function parcels(request: RateRequest): CarrierYRateRequest['parcels'] {
  const imperial = request.packages.unitOfMeasure === 'imperial';
  return request.packages.pieces.map((piece) => {
    const sides = [piece.length, piece.width, piece.height].map((v) => (imperial ? inToCm(v) : v));
    const [length = 0, width = 0, height = 0] = sides;
    return compact({
      quantity: piece.quantity,
      weightKg: imperial ? lbToKg(piece.weight) : piece.weight,
      dimensionsCm: sides.some((v) => v > 0) ? { length, width, height } : undefined,
    });
  });
}

function options(request: RateRequest): CarrierYOption[] {
  const out: CarrierYOption[] = [];
  const signature = signatureOf(request);
  if (signature === 'required') out.push({ code: 'SO' });
  if (signature === 'adult') out.push({ code: 'PA18' });
  const coverage = insuranceOf(request);
  if (coverage) out.push({ code: 'COV', amount: coverage.amount, currency: coverage.currency });
  if (request.shippingOptions.saturdayDelivery === true) out.push({ code: 'SAT' });
  return out;
}

/** The value of a documents-only shipment: `declaredValue`, else the placeholder in `currency`. */
function documentsTotal(request: RateRequest, currency: string): Money {
  const declared = request.internationalOptions?.declaredValue;
  return declared ? { amount: declared.value, currency: declared.currency.toUpperCase() } : { amount: DOCUMENTS_PLACEHOLDER_AMOUNT, currency };
}

function customs(request: RateRequest, currency: string): CarrierYRateRequest['customs'] {
  if (request.internationalOptions?.documentsOnly === true) return { documentsOnly: true, total: documentsTotal(request, currency) };
  if (request.commercialInvoice) return { documentsOnly: false, total: invoiceTotal(request.commercialInvoice) };
  return undefined;
}

/** What rate and ship requests share: the shipment itself, without the services asked about or customs. */
function shipmentOf(request: RateRequest, plan: PricingPlan) {
  const thirdParty = thirdPartyAccountOf(CARRIERY, request);
  return compact({
    customerNumber: plan.account.accountNumber,
    currency: plan.currency,
    expectedMailingDate: shipDateOf(request),
    origin: placeOf(request.shipper),
    destination: { ...placeOf(request.recipient), residential: request.recipient.residential === true },
    parcels: parcels(request),
    options: options(request),
    payer: thirdParty ? { customerNumber: thirdParty } : undefined,
  });
}

export function buildCarrierYRateRequest(input: RateInput): CarrierYRateRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERY, request);
  return compact({ ...shipmentOf(request, plan), services: serviceCodesOf(CARRIERY, input), customs: customs(request, plan.currency) });
}

const partyOf = (field: string, address: Address): CarrierYParty => ({ ...contactOf(CARRIERY, field, address), ...placeOf(address) });

/**
 * The sold-to party of the forms: `billingOptions.soldTo` (spec 2.11, not
 * validated by the API, so carrier Y reads it as an address here), else the
 * buyer, else the recipient.
 */
function soldToOf(request: RateRequest): CarrierYParty {
  const soldTo = request.billingOptions?.soldTo;
  if (soldTo === undefined || soldTo === null) return request.buyer ? partyOf('buyer', request.buyer) : partyOf('recipient', request.recipient);
  const parsed = addressSchema.safeParse(soldTo);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `billingOptions.soldTo${i.path.map((p) => `.${String(p)}`).join('')} ${i.message}`);
    throw new CarrierRefusal(CARRIERY, `${CARRIERY} needs billingOptions.soldTo as an address for the customs forms: ${problems.join('; ')}`);
  }
  return partyOf('billingOptions.soldTo', parsed.data);
}

const HS_CODE = /^\d{6,10}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** The invoice lines as customs lines; a line carrier Y cannot declare is refused with its path. */
function customsItems(request: RateRequest): { items: CarrierYCustomsItem[]; total: Money } {
  const invoice = request.commercialInvoice;
  if (!invoice || invoice.invoiceItems.length === 0) {
    throw new CarrierRefusal(
      CARRIERY,
      `${CARRIERY} needs commercialInvoice.invoiceItems to build the customs forms of an international shipment of goods (or internationalOptions.documentsOnly for documents)`,
    );
  }
  const imperial = (invoice.unitOfMeasure ?? request.packages.unitOfMeasure) === 'imperial';
  const items = invoice.invoiceItems.map((item, i) => {
    const path = `commercialInvoice.invoiceItems[${i}]`;
    const refuse = (problem: string) => new CarrierRefusal(CARRIERY, `${CARRIERY} cannot declare ${path}: ${problem}`);
    if (item.description.trim() === '') throw refuse('description is empty');
    const hsCode = item.hsCode?.replace(/[.\s-]/g, '');
    if (hsCode !== undefined && !HS_CODE.test(hsCode)) throw refuse('hsCode must be a harmonized code of 6 to 10 digits');
    const originCountry = item.countryOfManufacture?.trim().toUpperCase() ?? request.shipper.countryCode;
    if (!COUNTRY.test(originCountry)) throw refuse('countryOfManufacture must be a 2-letter ISO country code');
    return compact({
      description: item.description.trim(),
      quantity: item.quantity,
      unitValue: item.value,
      lineWeightKg: imperial ? lbToKg(item.weight) : item.weight,
      hsCode,
      originCountry,
    });
  });
  const total = invoiceTotal(invoice);
  if (total.amount <= 0) throw new CarrierRefusal(CARRIERY, `${CARRIERY} cannot declare goods of no value: the commercial invoice totals 0`);
  return { items, total };
}

const REASONS = { permanent: 'SOLD', return: 'RETURN', repair: 'REPAIR', returnRepair: 'RETURN_AFTER_REPAIR' } as const;
const DUTIES_PARTIES = { sender: 'SENDER', recipient: 'RECIPIENT', thirdParty: 'THIRD_PARTY' } as const;

/**
 * The full forms of an international shipment; none within one country.
 * Documents declare the rate-time total and no lines; goods declare every
 * invoice line. Duties go to the recipient unless `billDutyTo` says
 * otherwise: carrier Y's quote carried none.
 */
function customsForms(request: RateRequest, planCurrency: string): CarrierYCustoms | undefined {
  if (!isInternational(request)) return undefined;
  const international = request.internationalOptions ?? {};
  const documentsOnly = international.documentsOnly === true;
  const { items, total } = documentsOnly ? { items: [], total: documentsTotal(request, planCurrency) } : customsItems(request);
  const duties = dutiesPayerOf(CARRIERY, request, 'recipient');
  return compact({
    documentsOnly,
    currency: total.currency,
    total,
    reasonForExport: documentsOnly ? ('DOCUMENTS' as const) : REASONS[international.exportType ?? 'permanent'],
    dutiesPayer: compact({ party: DUTIES_PARTIES[duties.party], accountNumber: duties.accountNumber }),
    soldTo: soldToOf(request),
    importerTaxId: international.recipientTaxId,
    relatedParties: international.businessRelationship === undefined ? undefined : international.businessRelationship === 'related',
    senderIsProducer: international.senderIsProducer,
    items,
    note: request.commercialInvoice?.generalNote?.trim() || undefined,
  });
}

/** A ship notification when `intransit` is among the requested statuses and an e-mail is set (spec part 6). */
function notificationOf(request: RateRequest): CarrierYShipRequest['notification'] {
  const { shippingNotificationStatuses = [], shippingNotificationEmail } = request.shippingNotificationOptions ?? {};
  if (!shippingNotificationEmail || !shippingNotificationStatuses.includes('intransit')) return undefined;
  return { email: shippingNotificationEmail, on: ['ON_SHIPMENT'] };
}

export function buildCarrierYShipRequest(input: ShipInput): CarrierYShipRequest {
  const { request, plan } = input;
  refuseNonConveyable(CARRIERY, request);
  refuseTooManyPackages(CARRIERY, request);
  return compact({
    ...shipmentOf(request, plan),
    clientReference: shipReferenceOf(CARRIERY, input),
    service: input.serviceCode,
    mailedAt: input.shipTime,
    senderContact: contactOf(CARRIERY, 'shipper', request.shipper),
    destinationContact: contactOf(CARRIERY, 'recipient', request.recipient),
    customs: customsForms(request, plan.currency),
    notification: notificationOf(request),
    returnLabel: request.shippingOptions.createReturnLabel === true,
  });
}

/** Carrier Y finds a shipment by its PIN (its tracking number) and its shipment id. */
export type CarrierYTrackRequest = { pin: string; shipmentId?: string; detail: 'FULL' };

export type CarrierYVoidRequest = { shipmentPin: string; shipmentId?: string };

export function buildCarrierYTrackRequest(shipment: ShipmentRef): CarrierYTrackRequest {
  return compact({ pin: shipment.trackingNumber, shipmentId: shipment.shipmentId, detail: 'FULL' as const });
}

export function buildCarrierYVoidRequest(shipment: ShipmentRef): CarrierYVoidRequest {
  return compact({ shipmentPin: shipment.trackingNumber, shipmentId: shipment.shipmentId });
}

export type CarrierYTransport = CarrierTransport<CarrierYRateRequest, CarrierYShipRequest, CarrierYTrackRequest, CarrierYVoidRequest>;

/** Carrier Y, as the registry lists it: a carrier of the sandbox network. */
export const carrierY = defineSandboxConnector({
  buildRateRequest: buildCarrierYRateRequest,
  buildShipRequest: buildCarrierYShipRequest,
  buildTrackRequest: buildCarrierYTrackRequest,
  buildVoidRequest: buildCarrierYVoidRequest,
  ...sandboxWireParsers(CARRIERY),
  capabilities: { pickups: sandboxPickups(CARRIERY) },
});
