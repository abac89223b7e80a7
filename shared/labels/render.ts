/**
 * The one entry to the label renderers: a label type code and a shipment's
 * document in, the file and its content type out: made of the carrier's own
 * documents where it issued them (./renderers/carrier.ts), else drawn. Pure: no I/O, no clock, so
 * the same order renders the same bytes.
 *
 * The renderer modules (./renderers/) and the PDF library are imported from
 * here only (test/unit/labels/imports.test.ts holds it), so a function that
 * does not import this module does not bundle them; the PDF library only
 * with the carriers' documents (`carrierRenderer`).
 */
import { RATE_LIMITS } from '../domain/rate/limits';
import { documentLabelFacts, type RefusedCarrierDocument, type ShipmentDocument } from './document';
import { billOfLadingPages } from './renderers/bill-of-lading';
import { commercialInvoicePages } from './renderers/commercial-invoice';
import type { JoinedPdfs } from './renderers/carrier';
import { FILE_BUDGET, newFileBudget, type FileBudget } from './renderers/carrier-limits';
import { LABEL_SIZE, LETTER_SIZE } from './renderers/layout';
import { manifestPages, type ManifestDocument } from './renderers/manifest';
import { returnLabelElements, shippingLabelElements } from './renderers/parcel-label';
import { renderPdf } from './renderers/pdf';
import { zplLabel } from './renderers/zpl';
import { availableLabels, isLabelTypeCode, LABEL_TYPES, UnknownLabelType, type LabelTypeCode } from './catalog';

/** A file, and the carrier's documents it could not take (their packages drawn by the service). */
export type RenderedLabel = { body: Buffer; contentType: string; refused?: RefusedCarrierDocument[] };

/**
 * The carriers' own documents (./renderers/carrier.ts) are merged, rotated
 * and joined with @cantoo/pdf-lib, loaded only when a shipment has such
 * documents or a close joins several manifests: the service's own drawings go
 * through ./renderers/pdf-writer.ts, without the library (about 40 ms of a
 * container's first document).
 */
const carrierRenderer = () => import('./renderers/carrier');

/** A document the renderers cannot draw truthfully (a caller's bug, not a caller's input): a 500. */
export class InvalidShipmentDocument extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidShipmentDocument';
  }
}

/** Carrier-issued numbers go into barcodes and ZPL commands: letters, digits and hyphens only. */
const CARRIER_NUMBER = /^[A-Za-z0-9-]{1,64}$/;

function check(document: ShipmentDocument): void {
  const count = document.pieces.length;
  if (count < 1 || count > RATE_LIMITS.packageCount)
    throw new InvalidShipmentDocument(`a shipment has 1 to ${RATE_LIMITS.packageCount} packages, not ${count}`);
  if (document.pieceTrackingNumbers.length !== count) {
    throw new InvalidShipmentDocument(`${document.pieceTrackingNumbers.length} piece tracking numbers for ${count} packages`);
  }
  const numbers = [document.trackingNumber, ...document.pieceTrackingNumbers, document.returnTrackingNumber, document.billOfLadingNumber];
  if (numbers.some((n) => n !== undefined && !CARRIER_NUMBER.test(n)))
    throw new InvalidShipmentDocument('a tracking or bill of lading number is not alphanumeric');
  if (document.invoice && document.invoice.invoiceItems.length > RATE_LIMITS.invoiceItems) {
    throw new InvalidShipmentDocument(`more than ${RATE_LIMITS.invoiceItems} invoice items`);
  }
}

const pdfTitle = (title: string, document: ShipmentDocument) => ({ title: `${title} ${document.trackingNumber}`, createdDate: document.createdDate });

/** The service's shipping label of these packages, a page each: every package's, or those a file of the carrier's documents lacks. */
const shippingLabelPages = (document: ShipmentDocument, packageIndexes: readonly number[]) =>
  renderPdf(
    pdfTitle('Shipping label', document),
    LABEL_SIZE,
    packageIndexes.map((i) => shippingLabelElements(document, i)),
  );

const RENDERERS: Record<LabelTypeCode, (document: ShipmentDocument) => Promise<Buffer>> = {
  SHIPPING_LABEL_PDF: (document) =>
    shippingLabelPages(
      document,
      document.pieces.map((_, i) => i),
    ),
  SHIPPING_LABEL_ZPL: async (document) =>
    Buffer.from(document.pieces.map((_, i) => zplLabel(LABEL_SIZE, shippingLabelElements(document, i))).join('\n') + '\n', 'ascii'),
  COMMERCIAL_INVOICE: (document) => {
    const invoice = document.invoice;
    if (!invoice) throw new InvalidShipmentDocument('no invoice');
    return renderPdf(pdfTitle('Commercial invoice', document), LETTER_SIZE, commercialInvoicePages({ ...document, invoice }));
  },
  RETURN_LABEL: (document) => renderPdf(pdfTitle('Return label', document), LABEL_SIZE, [returnLabelElements(document)]),
  BILL_OF_LADING: (document) => {
    const billOfLadingNumber = document.billOfLadingNumber;
    if (!billOfLadingNumber) throw new InvalidShipmentDocument('a freight shipment without its bill of lading number');
    return renderPdf(pdfTitle('Bill of lading', document), LETTER_SIZE, billOfLadingPages({ ...document, billOfLadingNumber }));
  },
};

/**
 * The file of label type `code` for a shipment. UnknownLabelType when the
 * code is not a label type or not one of this shipment's (its
 * availableLabels); InvalidShipmentDocument when the document is inconsistent.
 * `budget`: what the file may spend on the carrier's documents, a fresh
 * FILE_BUDGET unless given (a batch's file gives one, renderBatchPdf).
 */
export async function renderDocument(code: string, document: ShipmentDocument, budget?: FileBudget): Promise<RenderedLabel> {
  if (!isLabelTypeCode(code) || !availableLabels(documentLabelFacts(document)).some((type) => type.code === code)) throw new UnknownLabelType(code);
  check(document);
  const contentType = LABEL_TYPES[code].contentType;
  // The carrier's own documents first; the service draws only what the carrier gave none of, or what it refused of them.
  const carrierDocuments = document.carrierDocuments ?? [];
  const meta = pdfTitle(LABEL_TYPES[code].name.split(',')[0]!, document);
  const fromCarrier =
    carrierDocuments.length > 0
      ? await (
          await carrierRenderer()
        ).carrierFile(code, carrierDocuments, document.pieces.length, meta, (packageIndexes) => shippingLabelPages(document, packageIndexes), budget)
      : undefined;
  return { body: fromCarrier?.body ?? (await RENDERERS[code](document)), contentType, refused: fromCarrier?.refused ?? [] };
}

export type { JoinedPdfs, ManifestDocument };

/**
 * What the carriers' PDFs of one batch's label file may leave pdf-lib
 * keeping for as long as the process lives (their names and references,
 * ./renderers/carrier-limits.ts), all its orders together: a file's own
 * budget is a quarter of it, and a simulator's label keeps about 8 KB, so
 * 1,000 of them fit; a batch of hostile PDFs has its later orders drawn.
 */
export const BATCH_PDF_KEPT_BYTES = 4 * FILE_BUDGET.pdfKeptBytes;

/** A batch's label file being written: `add` the next order's pages, `end` the file. */
export type BatchPdf = { add: (document: ShipmentDocument) => Promise<void>; end: () => Promise<{ pages: number; bytes: number }> };

/**
 * One PDF of many orders' shipping labels, written to `write` as it is made
 * (./renderers/pdf-stream.ts). Each order's pages are those of its own
 * SHIPPING_LABEL_PDF file (renderDocument, each with a file's budget),
 * copied in (./renderers/pdf-pages.ts): the carrier's pages and images as
 * they are, the service's fonts once for the whole file. An order whose
 * file cannot be read back has its pages drawn by the service, as one
 * whose carrier documents are all refused. What is held at a time is one
 * order's file. `keptBytes`: BATCH_PDF_KEPT_BYTES (the tests give less).
 */
export async function renderBatchPdf(write: (chunk: Uint8Array) => Promise<void>, keptBytes = BATCH_PDF_KEPT_BYTES): Promise<BatchPdf> {
  const [{ PdfStream }, { readPdfPages }] = await Promise.all([import('./renderers/pdf-stream'), import('./renderers/pdf-pages')]);
  const out = new PdfStream(write, { title: 'Shipping labels', producer: 'shipping-api' });
  let keptLeft = keptBytes;
  const pagesOf = async (document: ShipmentDocument) => {
    const given = Math.min(FILE_BUDGET.pdfKeptBytes, keptLeft);
    const budget = { ...newFileBudget(), pdfKeptBytes: given };
    const file = await renderDocument('SHIPPING_LABEL_PDF', document, budget);
    keptLeft -= given - budget.pdfKeptBytes;
    try {
      return await readPdfPages(file.body, out);
    } catch {
      const { carrierDocuments: _, ...drawn } = document;
      return readPdfPages((await renderDocument('SHIPPING_LABEL_PDF', drawn)).body, out);
    }
  };
  return {
    add: async (document) => {
      await (await pagesOf(document)).write();
    },
    end: () => out.end(),
  };
}

/**
 * A carrier's manifest PDFs of one close as one PDF, one after the other;
 * or, when any is refused (bounded as a carrier's label PDF is), no body
 * and which and why: the close then draws its own. One PDF is stored as it
 * came once checked, without pdf-lib.
 */
export async function joinPdfs(pdfs: readonly Buffer[]): Promise<JoinedPdfs> {
  if (pdfs.length > 1) return (await carrierRenderer()).concatenatePdfs(pdfs);
  const checked = await (await import('./renderers/carrier-pdf')).checkCarrierPdf(pdfs[0]!, newFileBudget());
  return checked.kind === 'refused' ? { refused: [{ index: 0, reason: checked.reason }] } : { body: pdfs[0]!, refused: [] };
}

/** An end-of-day manifest (docs/manifests.md): letter pages, one row per package; dated by the manifest, so the same manifest renders the same bytes. */
export async function renderManifest(document: ManifestDocument): Promise<RenderedLabel> {
  const body = await renderPdf(
    { title: `Manifest ${document.carrier.code} ${document.shipDate}`, createdDate: document.createdDate },
    LETTER_SIZE,
    manifestPages(document),
  );
  return { body, contentType: 'application/pdf' };
}
