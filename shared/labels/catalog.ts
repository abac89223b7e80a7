/**
 * The label documents of a shipment (docs/decisions.md, issue 9): their codes, the
 * `labels.available[]` entry of each, and which a shipment has. Pure and
 * light: the ship and label-list functions import this module without
 * bundling the renderers (./render.ts is the only way to those).
 */
import type { LabelType } from '../domain/carrier';
import type { RateRequest } from '../domain/rate/schema';
import type { CarrierKind } from '../domain/entities';

export const LABEL_TYPE_CODES = ['SHIPPING_LABEL_PDF', 'SHIPPING_LABEL_ZPL', 'COMMERCIAL_INVOICE', 'RETURN_LABEL', 'BILL_OF_LADING'] as const;
export type LabelTypeCode = (typeof LABEL_TYPE_CODES)[number];

/**
 * ZPL has no registered media type. `application/x-zpl` says what the bytes
 * are: printer commands, to be saved or sent to a printer as they are, where
 * `text/plain` would invite a browser to show them and a proxy to re-encode
 * them. The file is ASCII only (./renderers/zpl.ts), so any text viewer still
 * reads it.
 */
export const ZPL_CONTENT_TYPE = 'application/x-zpl';
export const PDF_CONTENT_TYPE = 'application/pdf';

const entry = <C extends LabelTypeCode>(code: C, name: string, format: LabelType['format']) =>
  Object.freeze({ code, name, format, contentType: format === 'PDF' ? PDF_CONTENT_TYPE : ZPL_CONTENT_TYPE });

/** Every label type, in the order `available[]` lists them. */
export const LABEL_TYPES = Object.freeze({
  SHIPPING_LABEL_PDF: entry('SHIPPING_LABEL_PDF', 'Shipping label, 4×6 in, one page per package', 'PDF'),
  SHIPPING_LABEL_ZPL: entry('SHIPPING_LABEL_ZPL', 'Shipping label, ZPL II 203 dpi 4×6 in, one label per package', 'ZPL'),
  COMMERCIAL_INVOICE: entry('COMMERCIAL_INVOICE', 'Commercial invoice', 'PDF'),
  RETURN_LABEL: entry('RETURN_LABEL', 'Return label, 4×6 in', 'PDF'),
  BILL_OF_LADING: entry('BILL_OF_LADING', 'Bill of lading', 'PDF'),
} satisfies { [C in LabelTypeCode]: LabelType & { code: C } });

/** What decides a shipment's label types. */
export type LabelFacts = {
  carrierKind: CarrierKind;
  /** International goods: a commercial invoice goes with them (see internationalGoods). */
  internationalGoods: boolean;
  /** `shippingOptions.createReturnLabel`. */
  createReturnLabel: boolean;
};

/**
 * The label types of a shipment (docs/decisions.md): every shipment has the PDF and
 * the ZPL shipping label; international goods add a commercial invoice,
 * `createReturnLabel` a return label, a freight carrier a bill of lading.
 * Fresh entries in LABEL_TYPE_CODES order.
 */
export function availableLabels(facts: LabelFacts): LabelType[] {
  const has: Record<LabelTypeCode, boolean> = {
    SHIPPING_LABEL_PDF: true,
    SHIPPING_LABEL_ZPL: true,
    COMMERCIAL_INVOICE: facts.internationalGoods,
    RETURN_LABEL: facts.createReturnLabel,
    BILL_OF_LADING: facts.carrierKind === 'freight',
  };
  return LABEL_TYPE_CODES.filter((code) => has[code]).map((code) => ({ ...LABEL_TYPES[code] }));
}

/**
 * International goods (spec 2.7, 2.9): shipper and recipient in different
 * countries, a `commercialInvoice` (it has at least one item when present),
 * and not `internationalOptions.documentsOnly`. A domestic shipment has no
 * customs to clear, so an invoice sent with one is not a document of it.
 */
export const internationalGoods = (request: Pick<RateRequest, 'shipper' | 'recipient' | 'internationalOptions' | 'commercialInvoice'>): boolean =>
  request.shipper.countryCode.toUpperCase() !== request.recipient.countryCode.toUpperCase() &&
  request.commercialInvoice !== undefined &&
  request.internationalOptions?.documentsOnly !== true;

/** The label facts of a shipment: its stored rate request and its carrier's kind. */
export const labelFactsOf = (request: RateRequest, carrierKind: CarrierKind): LabelFacts => ({
  carrierKind,
  internationalGoods: internationalGoods(request),
  createReturnLabel: request.shippingOptions.createReturnLabel === true,
});

export const isLabelTypeCode = (value: string): value is LabelTypeCode => (LABEL_TYPE_CODES as readonly string[]).includes(value);

/**
 * The type a requested `labelType` path segment names among a shipment's
 * types: a code, in any case, or a format (`pdf`, `zpl`) that exactly one of
 * them has. Undefined for an unknown or ambiguous one, which GET
 * /v1/labels/{orderId}/{labelType} answers with the list (spec 4.7).
 */
export function resolveLabelType(requested: string, available: readonly Pick<LabelType, 'code' | 'format'>[]): LabelTypeCode | undefined {
  const wanted = requested.toUpperCase();
  const byCode = available.find((type) => type.code === wanted);
  if (byCode) return isLabelTypeCode(byCode.code) ? byCode.code : undefined;
  const byFormat = available.filter((type) => type.format === wanted);
  return byFormat.length === 1 && isLabelTypeCode(byFormat[0]!.code) ? byFormat[0]!.code : undefined;
}

/** File name extension of a label type's file (the S3 key and a download's name). */
export const labelFileExtension = (code: LabelTypeCode): 'pdf' | 'zpl' => (LABEL_TYPES[code].format === 'ZPL' ? 'zpl' : 'pdf');

/**
 * A label type that is not one of LABEL_TYPE_CODES, or not one of this
 * shipment's: the label endpoint answers it with the list of the shipment's
 * types (spec 4.7), not with an error.
 */
export class UnknownLabelType extends Error {
  constructor(readonly labelType: string) {
    super(`Unknown label type for this shipment: ${labelType.slice(0, 64)}`);
    this.name = 'UnknownLabelType';
  }
}
