/**
 * What a label document is rendered from: the shipment as the carrier made
 * it and its stored rate request, in the interface's own words. Built by the
 * label function's caller (shipmentDocument below does it from the two);
 * the renderers read nothing else, no clock and no store.
 */
import type { Address, CommercialInvoice, FreightOptions, InternationalOptions, RateRequest } from '../domain/rate/schema';
import type { CarrierDocument } from '../domain/carrier';
import { RATE_LIMITS } from '../domain/rate/limits';
import type { CarrierDocumentRef, CarrierKind } from '../domain/entities';
import { internationalGoods, type LabelFacts } from './catalog';

export type UnitOfMeasure = RateRequest['packages']['unitOfMeasure'];

/** One physical package: a request piece repeated `quantity` times becomes that many. */
export type DocumentPiece = {
  /** In the unit of `unitOfMeasure`: lb and in, or kg and cm. */
  weight: number;
  length: number;
  width: number;
  height: number;
  /** `packagingType.name`, else its code, when the piece had one. */
  packaging?: string;
};

export type DocumentInvoiceItem = Pick<
  CommercialInvoice['invoiceItems'][number],
  'description' | 'quantity' | 'value' | 'weight' | 'hsCode' | 'countryOfManufacture'
>;

/** The address fields a document shows of a party; a party that is not a validated address may lack any of them. */
export const PARTY_FIELDS = [
  'personName',
  'companyName',
  'addressLine1',
  'addressLine2',
  'city',
  'provinceCode',
  'provinceName',
  'postalCode',
  'countryCode',
  'phoneNumber',
] as const satisfies readonly (keyof Address)[];
export type DocumentParty = Partial<Pick<Address, (typeof PARTY_FIELDS)[number]>>;

/** The commercial invoice of international goods (spec 2.9); `value` is an item's unit value. */
export type DocumentInvoice = {
  /** `commercialInvoice.currency`, upper case; CAD when absent (spec 2.9: invoice forms default to CAD). */
  currency: string;
  /** Of the items' weights: `commercialInvoice.unitOfMeasure`, else the packages'. */
  unitOfMeasure: UnitOfMeasure;
  invoiceItems: DocumentInvoiceItem[];
  generalNote?: string;
  exportType?: InternationalOptions['exportType'];
  billDutyTo?: InternationalOptions['billDutyTo'];
  recipientTaxId?: string;
  /**
   * Who the goods are sold to, when another party than the consignee:
   * `billingOptions.soldTo` when it names a party (see soldToOf), else the
   * request's `buyer`; absent without either.
   */
  soldTo?: DocumentParty;
  /** The customs declaration number the carrier filed, if any. */
  declarationNumber?: string;
};

/** What the order record says of its shipment, the carrier and service named for people. */
export type ShipmentRecord = {
  orderId: string;
  carrier: { code: string; name: string; kind: CarrierKind };
  service: { code: string; name: string };
  /** The master tracking number (the first package's). */
  trackingNumber: string;
  /** One per package, in piece order, as many as `pieces`. */
  pieceTrackingNumbers: string[];
  /** The prepaid return's tracking number; the return label falls back to `trackingNumber`. */
  returnTrackingNumber?: string;
  trackingUrl: string;
  /** Freight: the bill of lading number the carrier issued. */
  billOfLadingNumber?: string;
  customsDeclarationNumber?: string;
  /** The order's creation, ISO 8601: the documents' date and the PDFs' creation date. */
  createdDate: string;
};

/** The shipment's record (its customs number goes into `invoice`) and what the rate request says of it. */
export type ShipmentDocument = Omit<ShipmentRecord, 'customsDeclarationNumber'> & {
  /** `shippingOptions.shippingDate`: a date or a local date-time. */
  shippingDate: string;
  shipper: Address;
  recipient: Address;
  unitOfMeasure: UnitOfMeasure;
  /** Expanded per quantity, in request order. */
  pieces: DocumentPiece[];
  references: { customer?: string; order?: string; invoice?: string };
  /** Present exactly for international goods. */
  invoice?: DocumentInvoice;
  createReturnLabel: boolean;
  freightOptions?: FreightOptions;
  signature?: 'none' | 'required' | 'adult';
  deliveryInstructions?: string;
  /** The documents the carrier issued (labels in its formats, forms); the label files are made of them where they serve. */
  carrierDocuments?: CarrierDocument[];
};

/**
 * A carrier document a label file could not take, and why, in the service's
 * words (never the document's own bytes): the service drew that page itself
 * (docs/decisions.md, "A carrier's images and PDFs are bounded").
 */
export type RefusedCarrierDocument = CarrierDocumentRef & { reason: string };

/** The document of a shipment from its order record and its stored rate request. */
export function shipmentDocument(request: RateRequest, shipment: ShipmentRecord): ShipmentDocument {
  const options = request.shippingOptions;
  const unitOfMeasure = request.packages.unitOfMeasure;
  return dropUndefined({
    orderId: shipment.orderId,
    carrier: { ...shipment.carrier },
    service: { ...shipment.service },
    trackingNumber: shipment.trackingNumber,
    pieceTrackingNumbers: [...shipment.pieceTrackingNumbers],
    returnTrackingNumber: shipment.returnTrackingNumber,
    trackingUrl: shipment.trackingUrl,
    shippingDate: options.shippingDate,
    shipper: request.shipper,
    recipient: request.recipient,
    unitOfMeasure,
    pieces: request.packages.pieces.flatMap((piece) => {
      const packaging = piece.packagingType ? piece.packagingType.name || piece.packagingType.code : undefined;
      const one = dropUndefined({ weight: piece.weight, length: piece.length, width: piece.width, height: piece.height, packaging });
      return Array.from({ length: piece.quantity }, () => ({ ...one }));
    }),
    references: dropUndefined({ ...options.references }),
    invoice: internationalGoods(request) && request.commercialInvoice ? invoiceOf(request, request.commercialInvoice, shipment) : undefined,
    createReturnLabel: options.createReturnLabel === true,
    billOfLadingNumber: shipment.billOfLadingNumber,
    freightOptions: request.freightOptions,
    signature: options.signature,
    deliveryInstructions: options.deliveryInstructions,
    createdDate: shipment.createdDate,
  });
}

function invoiceOf(request: RateRequest, invoice: CommercialInvoice, shipment: ShipmentRecord): DocumentInvoice {
  const international = request.internationalOptions;
  return dropUndefined({
    currency: (invoice.currency ?? 'CAD').toUpperCase(),
    unitOfMeasure: invoice.unitOfMeasure ?? request.packages.unitOfMeasure,
    invoiceItems: invoice.invoiceItems.map(({ description, quantity, value, weight, hsCode, countryOfManufacture }) =>
      dropUndefined({ description, quantity, value, weight, hsCode, countryOfManufacture }),
    ),
    generalNote: invoice.generalNote ?? undefined,
    exportType: international?.exportType,
    billDutyTo: international?.billDutyTo,
    recipientTaxId: international?.recipientTaxId,
    soldTo: soldToOf(request.billingOptions?.soldTo) ?? request.buyer,
    declarationNumber: shipment.customsDeclarationNumber,
  });
}

/**
 * `billingOptions.soldTo` as a party, or undefined when it names none. The
 * API stores it unvalidated, so it may be any JSON: only its own string
 * fields of an address are read (never inherited ones such as `constructor`),
 * trimmed and cut to the length of a request's text field; anything else in
 * it is ignored. It names a party when it has a person or company name, as
 * the carriers' customs forms need; otherwise the buyer stands in.
 */
export function soldToOf(soldTo: unknown): DocumentParty | undefined {
  if (typeof soldTo !== 'object' || soldTo === null || Array.isArray(soldTo)) return undefined;
  const party: DocumentParty = {};
  for (const field of PARTY_FIELDS) {
    const value: unknown = Object.hasOwn(soldTo, field) ? (soldTo as Record<string, unknown>)[field] : undefined;
    if (typeof value !== 'string') continue;
    const text = Array.from(value.trim()).slice(0, RATE_LIMITS.text).join('').trim();
    if (text !== '') party[field] = text;
  }
  return party.personName || party.companyName ? party : undefined;
}

/** The label facts a document carries: the same rule as labelFactsOf on its request. */
export const documentLabelFacts = (document: ShipmentDocument): LabelFacts => ({
  carrierKind: document.carrier.kind,
  internationalGoods: document.invoice !== undefined,
  createReturnLabel: document.createReturnLabel,
});

/** Optional fields absent rather than undefined, so a document is plain data (and stores as such). */
function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
