/**
 * FedEx Ship (`POST /ship/v1/shipments`) and cancel
 * (`PUT /ship/v1/shipments/cancel`): the requests and the ship answer.
 *
 * The builders are pure and their output validates against the document's
 * request schemas (test/unit/carriers/fedex/ship.test.ts). Decisions beside
 * those of the rate request (./rate.ts, ./mapping.ts, docs/fedex.md):
 *
 * - One request makes the whole shipment: one FedEx piece per package
 *   (quantity 3 is three), the first piece's tracking number the master,
 *   which is the order's.
 * - Our reference goes on every piece as a `CUSTOMER_REFERENCE` in a form of
 *   at most 26 characters (`fedexReferenceOf`: FedEx takes 30 by Ground, 40
 *   by Express), where Track by reference finds it (./operations.ts).
 * - FedEx issues one label encoding a request: the format the caller asked
 *   first (`input.labelFormat`), PDF on `PAPER_4X6` unless ZPL II on
 *   `STOCK_4X6`, one label a piece. The other encoding is drawn by our label
 *   service, as for Canada Post.
 * - International goods carry their commodities and FedEx's commercial
 *   invoice (a PDF, stored as the customs invoice); duties are billed as
 *   `internationalOptions.billDutyTo` says, to the recipient by default.
 * - `createReturnLabel`: a second shipment, FedEx's `RETURN_SHIPMENT` with a
 *   printed return label, from the recipient back to the shipper on the same
 *   service, tied to the outbound master, under our reference plus `R`.
 */
import { createHash } from 'node:crypto';
import * as z from '../../zod';
import type { Address } from '../../domain/rate/schema';
import { compact, contactOf, dutiesPayerOf, isInternational, refuseNonConveyable, refuseTooManyPackages, shipReferenceOf } from '../request-mapping';
import { CarrierError, CarrierRefusal, type CarrierDocument, type CarrierShipment, type ShipInput } from '../../domain/carrier';
import { FEDEX, malformed } from './errors';
import {
  accountNumberOf,
  addressOf,
  cut,
  packagingTypeOf,
  piecesOf,
  refuseGoodsWithoutValue,
  type FedexAddress,
  type FedexCommodity,
  type FedexPiece,
} from './mapping';
import { customsOf } from './rate';
import { fedexServiceByCode, type FedexService } from './services';

export const FEDEX_SHIP_PATH = '/ship/v1/shipments';
export const FEDEX_CANCEL_PATH = '/ship/v1/shipments/cancel';

/** FedEx's public tracking page of a tracking number. */
export const fedexTrackingUrl = (trackingNumber: string) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(trackingNumber)}`;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const base32 = (bytes: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our reference as FedEx keeps it, 26 characters: a UUID's 16 bytes in
 * base 32, any other reference's SHA-256 cut to as many. FedEx takes 30
 * characters of a Ground customer reference, so the UUID's 36 do not fit;
 * the return's is this with `R`.
 */
export const fedexReferenceOf = (reference: string): string =>
  base32(UUID.test(reference) ? Buffer.from(reference.replaceAll('-', ''), 'hex') : createHash('sha256').update(reference).digest()).slice(0, 26);

type Party = { contact: { personName: string; phoneNumber: string; companyName?: string; emailAddress?: string }; address: FedexAddress };

/** A party of the ship: FedEx wants a name and a phone number (the shipper's stands in for a recipient without one). */
function partyOf(address: Address, field: string, fallbackPhone: string | undefined, residential = false): Party {
  const contact = contactOf(FEDEX, field, address);
  const phone = (contact.phoneNumber ?? fallbackPhone)?.replace(/[^0-9+]/g, '').slice(0, 15);
  if (!phone) throw new CarrierRefusal(FEDEX, `FedEx ships only with a phone number (${field}.phoneNumber)`);
  return {
    contact: compact({
      personName: cut(contact.personName, 70)!,
      phoneNumber: phone,
      companyName: cut(contact.companyName, 35),
      emailAddress: cut(contact.emailAddress, 80),
    }),
    address: addressOf(address, field, true, residential),
  };
}

/** The fields of FedEx's ship request (`Full_Schema_Ship`) this connector sends. */
export type FedexShipBody = {
  labelResponseOptions: 'LABEL';
  accountNumber: { value: string };
  requestedShipment: {
    shipDatestamp: string;
    shipper: Party;
    recipients: Party[];
    serviceType: string;
    packagingType: string;
    pickupType: 'DROPOFF_AT_FEDEX_LOCATION';
    shippingChargesPayment: { paymentType: 'SENDER' };
    labelSpecification: { imageType: 'PDF' | 'ZPLII'; labelStockType: 'PAPER_4X6' | 'STOCK_4X6' };
    totalPackageCount: number;
    shipmentSpecialServices?: {
      specialServiceTypes: ['RETURN_SHIPMENT'];
      returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL'; returnAssociationDetail?: { trackingNumber: string } };
    };
    customsClearanceDetail?: {
      dutiesPayment: { paymentType: 'SENDER' | 'RECIPIENT' | 'THIRD_PARTY'; payor?: { responsibleParty: { accountNumber: { value: string } } } };
      isDocumentOnly?: boolean;
      commodities: FedexCommodity[];
    };
    shippingDocumentSpecification?: {
      shippingDocumentTypes: ['COMMERCIAL_INVOICE'];
      commercialInvoiceDetail: { documentFormat: { docType: 'PDF'; stockType: 'PAPER_LETTER' } };
    };
    requestedPackageLineItems: FedexPiece[];
  };
};

export type FedexShipRequests = {
  reference: string;
  service: FedexService;
  accountNumber: string;
  shipDate: string;
  packageCount: number;
  shipment: FedexShipBody;
  /** The return shipment's body but its association with the outbound master, known once the outbound is made. */
  returnShipment?: FedexShipBody;
};

export function buildFedexShipRequests(input: ShipInput): FedexShipRequests {
  const { request } = input;
  refuseNonConveyable(FEDEX, request);
  refuseTooManyPackages(FEDEX, request);
  refuseGoodsWithoutValue(request);
  const service = fedexServiceByCode(input.serviceCode);
  if (!service) throw new CarrierRefusal(FEDEX, `FedEx has no service ${input.serviceCode}`);
  const reference = fedexReferenceOf(shipReferenceOf(FEDEX, input));
  const accountNumber = accountNumberOf(input);
  const shipDate =
    input.shipTime.slice(0, 10) > request.shippingOptions.shippingDate.slice(0, 10)
      ? input.shipTime.slice(0, 10)
      : request.shippingOptions.shippingDate.slice(0, 10);
  const international = isInternational(request);
  const documentsOnly = international && request.internationalOptions?.documentsOnly === true;
  const zpl = input.labelFormat === 'ZPL';
  const shipperPhone = request.shipper.phoneNumber;
  const shipper = partyOf(request.shipper, 'shipper', undefined);
  const recipient = partyOf(request.recipient, 'recipient', shipperPhone, request.recipient.residential === true);
  const duties = international && !documentsOnly ? dutiesPayerOf(FEDEX, request, 'recipient') : undefined;
  const pieces = piecesOf(request, reference);
  const body = (from: Party, to: Party, lines: FedexPiece[], returning: boolean): FedexShipBody => ({
    labelResponseOptions: 'LABEL',
    accountNumber: { value: accountNumber },
    requestedShipment: compact<FedexShipBody['requestedShipment']>({
      shipDatestamp: shipDate,
      shipper: from,
      recipients: [to],
      serviceType: service.fedexCode,
      packagingType: packagingTypeOf(request),
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      shippingChargesPayment: { paymentType: 'SENDER' },
      labelSpecification: !returning && zpl ? { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' } : { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
      totalPackageCount: lines.length,
      shipmentSpecialServices: returning ? { specialServiceTypes: ['RETURN_SHIPMENT'], returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL' } } : undefined,
      customsClearanceDetail: international
        ? compact({
            dutiesPayment: compact({
              paymentType:
                !duties || duties.party === 'sender' ? ('SENDER' as const) : duties.party === 'recipient' ? ('RECIPIENT' as const) : ('THIRD_PARTY' as const),
              payor: duties?.accountNumber ? { responsibleParty: { accountNumber: { value: duties.accountNumber } } } : undefined,
            }),
            isDocumentOnly: documentsOnly ? true : undefined,
            commodities: documentsOnly ? [] : customsOf(request),
          })
        : undefined,
      shippingDocumentSpecification:
        international && !documentsOnly && !returning
          ? { shippingDocumentTypes: ['COMMERCIAL_INVOICE'], commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } } }
          : undefined,
      requestedPackageLineItems: lines,
    }),
  });
  return {
    reference,
    service,
    accountNumber,
    shipDate,
    packageCount: pieces.length,
    shipment: body(shipper, recipient, pieces, false),
    ...(request.shippingOptions.createReturnLabel === true
      ? {
          returnShipment: body(
            partyOf(request.recipient, 'recipient', shipperPhone),
            shipper,
            [{ ...pieces[0]!, customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: `${reference}R` }] }],
            true,
          ),
        }
      : {}),
  };
}

/** The return body tied to the outbound master. */
export const returnOf = (body: FedexShipBody, masterTrackingNumber: string): FedexShipBody => ({
  ...body,
  requestedShipment: {
    ...body.requestedShipment,
    shipmentSpecialServices: {
      specialServiceTypes: ['RETURN_SHIPMENT'],
      returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL', returnAssociationDetail: { trackingNumber: masterTrackingNumber } },
    },
  },
});

/** The cancel request of a shipment (any piece's number cancels the whole shipment). */
export const buildFedexCancel = (accountNumber: string, trackingNumber: string) => ({
  accountNumber: { value: accountNumber },
  deletionControl: 'DELETE_ALL_PACKAGES' as const,
  trackingNumber,
});

// ---------------------------------------------------------------------------
// The answer.

const TRACKING_NUMBER = /^[0-9A-Za-z]{10,34}$/;
/** A label of 4×6 is tens of KB; an invoice a few hundred. Base64 of 2 MiB at most each. */
const MAX_DOCUMENT_BASE64 = 2 * 1024 * 1024 * (4 / 3);
const documentSchema = z.object({
  contentType: z.optional(z.string().check(z.maxLength(60))),
  docType: z.optional(z.string().check(z.maxLength(20))),
  trackingNumber: z.optional(z.string().check(z.maxLength(40))),
  encodedLabel: z.optional(z.string().check(z.maxLength(MAX_DOCUMENT_BASE64))),
});
const shipAnswerSchema = z.object({
  output: z.object({
    transactionShipments: z
      .array(
        z.object({
          masterTrackingNumber: z.optional(z.string().check(z.regex(TRACKING_NUMBER))),
          shipmentDocuments: z.optional(z.array(documentSchema).check(z.maxLength(20))),
          pieceResponses: z
            .array(
              z.object({
                trackingNumber: z.string().check(z.regex(TRACKING_NUMBER)),
                masterTrackingNumber: z.optional(z.string().check(z.maxLength(40))),
                packageDocuments: z.optional(z.array(documentSchema).check(z.maxLength(10))),
              }),
            )
            .check(z.minLength(1), z.maxLength(200)),
        }),
      )
      .check(z.minLength(1), z.maxLength(2)),
  }),
});

/** A shipment as FedEx made it: its master, its pieces in order with their label, its invoice. */
export type FedexShipped = {
  masterTrackingNumber: string;
  pieces: { trackingNumber: string; label?: { format: 'PDF' | 'ZPL'; content: Buffer } }[];
  invoice?: Buffer;
};

const decode = (base64: string, what: string): Buffer => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new CarrierError(FEDEX, `FedEx sent ${what} that is not base64`);
  return Buffer.from(base64, 'base64');
};

const labelOf = (doc: z.infer<typeof documentSchema> | undefined): FedexShipped['pieces'][number]['label'] => {
  if (!doc?.encodedLabel) return undefined;
  const type = (doc.docType ?? '').toUpperCase();
  const format = type === 'PDF' ? 'PDF' : type === 'ZPLII' || type === 'ZPL' ? 'ZPL' : undefined;
  if (!format) throw new CarrierError(FEDEX, `FedEx sent a label in ${type.slice(0, 20) || 'no format'}, which was not asked for`);
  return { format, content: decode(doc.encodedLabel, 'a label') };
};

export function parseFedexShip(raw: unknown): FedexShipped {
  const parsed = shipAnswerSchema.safeParse(raw);
  if (!parsed.success) throw malformed('ship response', parsed.error);
  const shipment = parsed.data.output.transactionShipments[0]!;
  const pieces = shipment.pieceResponses.map((p) => ({
    trackingNumber: p.trackingNumber,
    ...compact({ label: labelOf(p.packageDocuments?.find((d) => d.contentType === 'LABEL') ?? p.packageDocuments?.[0]) }),
  }));
  const invoice = shipment.shipmentDocuments?.find((d) => d.contentType === 'COMMERCIAL_INVOICE' && d.encodedLabel);
  return compact({
    masterTrackingNumber: shipment.masterTrackingNumber ?? pieces[0]!.trackingNumber,
    pieces,
    invoice: invoice?.encodedLabel ? decode(invoice.encodedLabel, 'an invoice') : undefined,
  });
}

/** The port's shipment from FedEx's answers: the outbound (its labels, its invoice) and the return when one was made. */
export function fedexShipmentOf(input: ShipInput, shipped: FedexShipped, returned?: FedexShipped): CarrierShipment {
  // The master first (FedEx lists it first; the order's packages follow its order).
  const pieces = [...shipped.pieces].sort(
    (a, b) => Number(b.trackingNumber === shipped.masterTrackingNumber) - Number(a.trackingNumber === shipped.masterTrackingNumber),
  );
  const documents: CarrierDocument[] = [];
  for (const [index, p] of pieces.entries())
    if (p.label) documents.push({ type: 'label', packageIndex: index, format: p.label.format, content: p.label.content });
  const returnLabel = returned?.pieces[0]?.label;
  if (returnLabel) documents.push({ type: 'returnLabel', packageIndex: 0, format: returnLabel.format, content: returnLabel.content });
  if (shipped.invoice) documents.push({ type: 'customsInvoice', format: 'PDF', content: shipped.invoice });
  const master = pieces[0]!.trackingNumber;
  return compact({
    reference: input.reference,
    carrierCode: FEDEX,
    serviceCode: input.serviceCode,
    trackingNumber: master,
    pieceTrackingNumbers: pieces.map((p) => p.trackingNumber),
    trackingUrl: fedexTrackingUrl(master),
    returnTrackingNumber: returned?.masterTrackingNumber,
    customs: shipped.invoice ? { declarationNumber: master, documentsOnly: false } : undefined,
    shipmentId: master,
    documents,
  });
}
