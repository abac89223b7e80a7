/**
 * Label files made of the documents a carrier issued (stored at ship): the
 * carrier's ZPL labels joined in package order; a PDF page or pages per
 * package, its PDF label merged or its label image (PNG, JPEG) placed on a
 * 4×6 page, turned upright when the carrier draws it landscape (as UPS does).
 *
 * A carrier's documents are hostile input: each is checked and bounded
 * before a parser or decoder sees it (./carrier-limits.ts, ./carrier-png.ts,
 * ./carrier-pdf.ts).
 * One that is refused, or that the library still fails to read, is reported
 * with its reason, and its package's page is the service's own drawing
 * (`drawn`), the other packages keeping the carrier's. A file that cannot be
 * made of them at all (no document for the type, GIF images, which PDF cannot
 * embed, a return label or form refused) has no body: the service then
 * draws its own.
 */
import { degrees, drawImage, JpegEmbedder, PDFDocument, type PDFPage, type PDFRef } from '@cantoo/pdf-lib';
import type { CarrierDocument } from '../../domain/carrier';
import type { LabelTypeCode } from '../catalog';
import type { RefusedCarrierDocument } from '../document';
import { imageSidesFor, MAX_IMAGE_BYTES, MAX_PDF_PAGES, newFileBudget, type FileBudget } from './carrier-limits';
import { checkCarrierPdf } from './carrier-pdf';
import { readCarrierPng, type PassThroughPng } from './carrier-png';
import { LABEL_SIZE, LETTER_SIZE } from './layout';

type Meta = { title: string; createdDate: string };

/** The service's own pages of these packages, one each, in this order, as a PDF. */
export type DrawnPages = (packageIndexes: readonly number[]) => Promise<Buffer>;

/** A file made of the carrier's documents (none when they make none), and the documents refused on the way. */
export type CarrierFile = { body?: Buffer; refused: RefusedCarrierDocument[] };

/** A carrier's PDFs joined into one, or no body when any is refused: which (its place in the list) and why. */
export type JoinedPdfs = { body?: Buffer; refused: Array<{ index: number; reason: string }> };

const isImage = (d: CarrierDocument) => d.format === 'PNG' || d.format === 'JPEG';

type Placement = { x: number; y: number; width: number; height: number; rotate: ReturnType<typeof degrees> };
type Embedded = { width: number; height: number; draw: (page: PDFPage, placement: Placement) => void };

/** An image XObject already in the document: drawn as page.drawImage draws a PDFImage, in a q … Q. */
const drawnXObject = (ref: PDFRef, width: number, height: number): Embedded => ({
  width,
  height,
  draw: (page, placement) => page.pushOperators(...drawImage(page.node.newXObject('Image', ref), { ...placement, xSkew: degrees(0), ySkew: degrees(0) })),
});

/**
 * A PNG's image XObject written from its own IDAT data (./carrier-png.ts):
 * nothing decoded, nothing deflated again, nothing kept until `save()`
 * beyond the compressed bytes.
 */
function embedPassThrough(pdf: PDFDocument, png: PassThroughPng): Embedded {
  const { width, height, bitsPerComponent, colors, palette, data } = png;
  const colorSpace = palette ? ['Indexed', 'DeviceRGB', palette.length / 3 - 1, new Uint8Array(palette)] : colors === 3 ? 'DeviceRGB' : 'DeviceGray';
  const ref = pdf.context.register(
    pdf.context.stream(data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      BitsPerComponent: bitsPerComponent,
      ColorSpace: colorSpace,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: bitsPerComponent, Columns: width },
    }),
  );
  return drawnXObject(ref, width, height);
}

class Refused extends Error {}

/**
 * A carrier's image on a page of `size`, within the file's budget: a PNG
 * passed through, or decoded by pdf-lib within its caps; a JPEG as it came
 * (a PDF carries JPEG data as is: nothing decodes it here). Refused throws
 * Refused with the reason.
 */
async function embedImage(pdf: PDFDocument, document: CarrierDocument, size: readonly [number, number], budget: FileBudget): Promise<Embedded> {
  const sides = imageSidesFor(size);
  const bytes = document.content;
  if (document.format === 'JPEG') {
    if (bytes.length > MAX_IMAGE_BYTES) throw new Refused(`a JPEG of ${bytes.length} bytes, more than ${MAX_IMAGE_BYTES}`);
    // pdf-lib reads the frame header (SOF) only; a JPEG without one, or cut before it, throws.
    const jpeg = await JpegEmbedder.for(bytes).catch(() => {
      throw new Refused('a JPEG without a frame header');
    });
    const [short, long] = jpeg.width < jpeg.height ? [jpeg.width, jpeg.height] : [jpeg.height, jpeg.width];
    if (short < 1 || short > sides.shortSide || long > sides.longSide) {
      throw new Refused(`a JPEG of ${jpeg.width}×${jpeg.height} pixels, beyond the ${sides.shortSide}×${sides.longSide} of its page`);
    }
    if (jpeg.bitsPerComponent !== 8) throw new Refused(`a JPEG of ${jpeg.bitsPerComponent} bits per sample, which a PDF does not carry`);
    return drawnXObject(await jpeg.embedIntoContext(pdf.context), jpeg.width, jpeg.height);
  }
  const png = readCarrierPng(bytes, { ...sides, maxBytes: MAX_IMAGE_BYTES, maxInflated: budget.inflatedBytes });
  if (png.kind === 'refused') throw new Refused(png.reason);
  budget.inflatedBytes -= png.inflated;
  if (png.kind === 'pass-through') return embedPassThrough(pdf, png.image);
  const pixels = png.width * png.height;
  if (pixels > budget.decodedPixels) throw new Refused(`a PNG of ${pixels} pixels to decode, more than the ${budget.decodedPixels} the file has left`);
  budget.decodedPixels -= pixels;
  const image = await pdf.embedPng(png.png).catch(() => {
    throw new Refused('a PNG that pdf-lib cannot decode');
  });
  // Written now, so the decoded pixels are dropped now rather than kept until save().
  await image.embed();
  return { width: image.width, height: image.height, draw: (page, placement) => page.drawImage(image, placement) };
}

/** `image` on a new page of `size`, scaled to fit and centred; a landscape image turned a quarter so its long side runs along the page's. */
function placeImage(pdf: PDFDocument, size: [number, number], image: Embedded): void {
  const page = pdf.addPage(size);
  const [pageWidth, pageHeight] = size;
  const landscape = image.width > image.height;
  const [w, h] = landscape ? [image.height, image.width] : [image.width, image.height];
  const scale = Math.min(pageWidth / w, pageHeight / h);
  const drawnW = w * scale;
  const drawnH = h * scale;
  const x = (pageWidth - drawnW) / 2;
  const y = (pageHeight - drawnH) / 2;
  if (landscape) image.draw(page, { x: x + drawnW, y, width: drawnH, height: drawnW, rotate: degrees(90) });
  else image.draw(page, { x, y, width: drawnW, height: drawnH, rotate: degrees(0) });
}

/**
 * A carrier's PDF, checked before pdf-lib parses it (./carrier-pdf.ts: its
 * size, syntax and streams, within the file's budget), then parsed strictly
 * (pdf-lib's recovery of a broken object rescans the rest of the file, for
 * each one) and bounded in pages.
 */
async function loadPdf(bytes: Buffer, budget: FileBudget): Promise<PDFDocument> {
  const checked = await checkCarrierPdf(bytes, budget);
  if (checked.kind === 'refused') throw new Refused(checked.reason);
  budget.inflatedBytes -= checked.inflated;
  budget.pdfValues -= checked.values;
  budget.pdfKeptBytes -= checked.kept;
  const source = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false }).catch(() => {
    throw new Refused('a PDF that cannot be read');
  });
  // The check read the file as pdf-lib does; should they ever part, pdf-lib's reading is not the one bounded.
  if (source.context.enumerateIndirectObjects().length !== checked.objects) throw new Refused('a PDF that pdf-lib reads otherwise than its check');
  let pages: number;
  try {
    pages = source.getPageCount();
  } catch {
    // A page tree that loops or nests past the stack.
    throw new Refused('a PDF whose pages cannot be listed');
  }
  if (pages < 1 || pages > MAX_PDF_PAGES) throw new Refused(`a PDF of ${pages} pages, not 1 to ${MAX_PDF_PAGES}`);
  return source;
}

/** Adds a carrier's PDF's pages to `out`. */
async function addPdf(out: PDFDocument, bytes: Buffer, budget: FileBudget): Promise<void> {
  const source = await loadPdf(bytes, budget);
  const pages = await out.copyPages(source, source.getPageIndices()).catch(() => {
    throw new Refused('a PDF whose pages cannot be copied');
  });
  for (const page of pages) out.addPage(page);
}

/** Adds the document's page or pages to `out`: its PDF's pages, or its image on a page of `size`. */
async function addDocument(out: PDFDocument, document: CarrierDocument, size: [number, number], budget: FileBudget): Promise<void> {
  if (document.content.length > budget.bytes)
    throw new Refused(`a document of ${document.content.length} bytes, more than the ${budget.bytes} the file has left`);
  if (document.format === 'PDF') await addPdf(out, document.content, budget);
  else placeImage(out, size, await embedImage(out, document, size, budget));
  budget.bytes -= document.content.length;
}

/** Why a document was refused, or a library failed on it in a way not foreseen here: the carrier's bytes either way, so its package's page is the service's, never a 500. */
const reasonOf = (error: unknown, format: string) => (error instanceof Refused ? error.message : `a ${format} the PDF library failed on`);

const refusal = (document: CarrierDocument, error: unknown): RefusedCarrierDocument => {
  const { type, format, packageIndex } = document;
  return { type, format, ...(packageIndex === undefined ? {} : { packageIndex }), reason: reasonOf(error, format) };
};

const newPdf = async (meta: Meta): Promise<PDFDocument> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setCreationDate(new Date(meta.createdDate));
  pdf.setModificationDate(new Date(meta.createdDate));
  return pdf;
};

const saved = async (pdf: PDFDocument): Promise<Buffer> => Buffer.from(await pdf.save({ useObjectStreams: false }));

/**
 * The shipping label: each package's carrier document (its PDF, else its
 * image) in package order; the service's page (`drawn`) for a package
 * whose document is missing or refused.
 */
async function shippingLabelPdf(meta: Meta, documents: readonly (CarrierDocument | undefined)[], drawn: DrawnPages, budget: FileBudget): Promise<CarrierFile> {
  const out = await newPdf(meta);
  const refused: RefusedCarrierDocument[] = [];
  /** Where each drawn package's page goes: the pages added before it. */
  const gaps: Array<{ packageIndex: number; at: number }> = [];
  for (const [packageIndex, document] of documents.entries()) {
    const at = out.getPageCount();
    if (document) {
      try {
        await addDocument(out, document, LABEL_SIZE, budget);
        continue;
      } catch (error) {
        refused.push(refusal(document, error));
      }
    }
    gaps.push({ packageIndex, at });
  }
  if (gaps.length > 0) {
    const own = await PDFDocument.load(await drawn(gaps.map((g) => g.packageIndex)));
    const pages = await out.copyPages(own, own.getPageIndices());
    // From the last, so the places before stay where they are.
    for (let i = gaps.length - 1; i >= 0; i--) out.insertPage(gaps[i]!.at, pages[i]);
  }
  return { body: await saved(out), refused };
}

/** One document as its own file (the return label, the customs form), or no body when it is refused. */
async function singleDocumentPdf(meta: Meta, document: CarrierDocument, size: [number, number], budget: FileBudget): Promise<CarrierFile> {
  const out = await newPdf(meta);
  try {
    await addDocument(out, document, size, budget);
  } catch (error) {
    return { refused: [refusal(document, error)] };
  }
  return { body: await saved(out), refused: [] };
}

/** A carrier's PDFs joined into one (its several manifests of one close), or none when one is refused: each is bounded as a label's PDF, within one file's budget. */
export async function concatenatePdfs(pdfs: readonly Buffer[]): Promise<JoinedPdfs> {
  const budget = newFileBudget();
  const joined = await PDFDocument.create();
  const refused: JoinedPdfs['refused'] = [];
  for (const [index, pdf] of pdfs.entries()) {
    try {
      if (pdf.length > budget.bytes) throw new Refused(`a document of ${pdf.length} bytes, more than the ${budget.bytes} the file has left`);
      await addPdf(joined, pdf, budget);
      budget.bytes -= pdf.length;
    } catch (error) {
      refused.push({ index, reason: reasonOf(error, 'PDF') });
    }
  }
  return refused.length > 0 ? { refused } : { body: Buffer.from(await joined.save()), refused };
}

const labelOf = (documents: readonly CarrierDocument[], packageIndex: number, accept: (d: CarrierDocument) => boolean) =>
  documents.find((d) => d.type === 'label' && d.packageIndex === packageIndex && accept(d));

/**
 * The file of `code` made of the carrier's documents of a shipment of
 * `packageCount` packages; `drawn` gives the service's own shipping label
 * pages of the packages it has to draw; `budget`, what the file may spend
 * on the carrier's documents (FILE_BUDGET; the tests give less).
 */
export async function carrierFile(
  code: LabelTypeCode,
  documents: readonly CarrierDocument[],
  packageCount: number,
  meta: Meta,
  drawn: DrawnPages,
  budget: FileBudget = newFileBudget(),
): Promise<CarrierFile> {
  switch (code) {
    case 'SHIPPING_LABEL_ZPL': {
      const zpl = Array.from({ length: packageCount }, (_, i) => labelOf(documents, i, (d) => d.format === 'ZPL'));
      if (zpl.some((d) => !d)) return { refused: [] };
      return { body: Buffer.from(zpl.map((d) => d!.content.toString('latin1').trimEnd()).join('\n') + '\n', 'latin1'), refused: [] };
    }
    case 'SHIPPING_LABEL_PDF': {
      const chosen = Array.from({ length: packageCount }, (_, i) => labelOf(documents, i, (d) => d.format === 'PDF') ?? labelOf(documents, i, isImage));
      return chosen.some((d) => d) ? shippingLabelPdf(meta, chosen, drawn, budget) : { refused: [] };
    }
    case 'RETURN_LABEL':
    case 'COMMERCIAL_INVOICE': {
      const type = code === 'RETURN_LABEL' ? 'returnLabel' : 'customsInvoice';
      const document = documents.find((d) => d.type === type && d.format === 'PDF') ?? documents.find((d) => d.type === type && isImage(d));
      return document ? singleDocumentPdf(meta, document, code === 'RETURN_LABEL' ? LABEL_SIZE : LETTER_SIZE, budget) : { refused: [] };
    }
    case 'BILL_OF_LADING':
      return { refused: [] };
  }
}
