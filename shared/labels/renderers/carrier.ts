/**
 * Label files made of the documents a carrier issued (stored at ship): the
 * carrier's ZPL labels joined in package order; its PDF labels merged; its
 * label images (PNG, JPEG) placed one per 4×6 page, turned upright when the
 * carrier draws them landscape (as UPS does). A file that cannot be made of
 * them (no document for the type, a package without one, GIF images, which
 * PDF cannot embed) is undefined: the service then draws its own.
 */
import { degrees, drawImage, PDFDocument, type PDFPage, type PDFRef } from '@cantoo/pdf-lib';
import type { CarrierDocument } from '../../domain/carrier';
import type { LabelTypeCode } from '../catalog';
import { LABEL_SIZE, LETTER_SIZE } from './layout';
import { passThroughPng, type PassThroughPng } from './png-passthrough';

type Meta = { title: string; createdDate: string };

/** One document per package 0..count-1 in `format`, or undefined when a package has none. */
function perPackage(documents: readonly CarrierDocument[], count: number, accept: (d: CarrierDocument) => boolean): CarrierDocument[] | undefined {
  const out: CarrierDocument[] = [];
  for (let i = 0; i < count; i++) {
    const found = documents.find((d) => d.type === 'label' && d.packageIndex === i && accept(d));
    if (!found) return undefined;
    out.push(found);
  }
  return out;
}

const isImage = (d: CarrierDocument) => d.format === 'PNG' || d.format === 'JPEG';

type Placement = { x: number; y: number; width: number; height: number; rotate: ReturnType<typeof degrees> };
type Embedded = { width: number; height: number; draw: (page: PDFPage, placement: Placement) => void };

/**
 * A PNG's image XObject written from its own IDAT data (./png-passthrough.ts):
 * nothing decoded, nothing deflated again, nothing kept until `save()`
 * beyond the compressed bytes.
 */
function embedPassThrough(pdf: PDFDocument, png: PassThroughPng): Embedded {
  const { width, height, bitsPerComponent, colors, palette, data } = png;
  const colorSpace = palette ? ['Indexed', 'DeviceRGB', palette.length / 3 - 1, new Uint8Array(palette)] : colors === 3 ? 'DeviceRGB' : 'DeviceGray';
  const ref: PDFRef = pdf.context.register(
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
  return {
    width,
    height,
    // What page.drawImage writes for a PDFImage: the XObject in the page's resources, drawn in a q … Q.
    draw: (page, placement) => page.pushOperators(...drawImage(page.node.newXObject('Image', ref), { ...placement, xSkew: degrees(0), ySkew: degrees(0) })),
  };
}

/** A carrier's image: a PNG passed through when it can be, else decoded and embedded by pdf-lib (which throws on what it cannot read). */
async function embedImage(pdf: PDFDocument, document: CarrierDocument): Promise<Embedded> {
  const passThrough = document.format === 'PNG' ? passThroughPng(document.content) : undefined;
  if (passThrough) return embedPassThrough(pdf, passThrough);
  const image = document.format === 'PNG' ? await pdf.embedPng(document.content) : await pdf.embedJpg(document.content);
  return { width: image.width, height: image.height, draw: (page, placement) => page.drawImage(image, placement) };
}

async function imagesPdf(meta: Meta, size: [number, number], images: readonly CarrierDocument[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setCreationDate(new Date(meta.createdDate));
  pdf.setModificationDate(new Date(meta.createdDate));
  for (const document of images) {
    const image = await embedImage(pdf, document);
    const page = pdf.addPage(size);
    const [pageWidth, pageHeight] = size;
    const landscape = image.width > image.height;
    // Drawn upright: a landscape image is turned a quarter so its long side runs along the page's.
    const [w, h] = landscape ? [image.height, image.width] : [image.width, image.height];
    const scale = Math.min(pageWidth / w, pageHeight / h);
    const drawnW = w * scale;
    const drawnH = h * scale;
    const x = (pageWidth - drawnW) / 2;
    const y = (pageHeight - drawnH) / 2;
    if (landscape) image.draw(page, { x: x + drawnW, y, width: drawnH, height: drawnW, rotate: degrees(90) });
    else image.draw(page, { x, y, width: drawnW, height: drawnH, rotate: degrees(0) });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

async function mergedPdf(meta: Meta, pdfs: readonly CarrierDocument[]): Promise<Buffer> {
  const out = await PDFDocument.create();
  out.setTitle(meta.title);
  out.setCreationDate(new Date(meta.createdDate));
  out.setModificationDate(new Date(meta.createdDate));
  for (const document of pdfs) {
    const source = await PDFDocument.load(document.content);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  return Buffer.from(await out.save({ useObjectStreams: false }));
}

/** PDFs one after the other, as one PDF (a carrier's several manifests of one close). */
export async function concatenatePdfs(pdfs: readonly Buffer[]): Promise<Buffer> {
  const joined = await PDFDocument.create();
  for (const pdf of pdfs) {
    const source = await PDFDocument.load(pdf);
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  return Buffer.from(await joined.save());
}

/** The file of `code` made of the carrier's documents of a shipment of `packageCount` packages, or undefined. */
export async function carrierFile(code: LabelTypeCode, documents: readonly CarrierDocument[], packageCount: number, meta: Meta): Promise<Buffer | undefined> {
  if (documents.length === 0) return undefined;
  switch (code) {
    case 'SHIPPING_LABEL_ZPL': {
      const zpl = perPackage(documents, packageCount, (d) => d.format === 'ZPL');
      return zpl ? Buffer.from(zpl.map((d) => d.content.toString('latin1').trimEnd()).join('\n') + '\n', 'latin1') : undefined;
    }
    case 'SHIPPING_LABEL_PDF': {
      const pdfs = perPackage(documents, packageCount, (d) => d.format === 'PDF');
      if (pdfs) return mergedPdf(meta, pdfs);
      const images = perPackage(documents, packageCount, isImage);
      return images ? imagesPdf(meta, LABEL_SIZE, images) : undefined;
    }
    case 'RETURN_LABEL':
    case 'COMMERCIAL_INVOICE': {
      const type = code === 'RETURN_LABEL' ? 'returnLabel' : 'customsInvoice';
      const pdf = documents.find((d) => d.type === type && d.format === 'PDF');
      if (pdf) return mergedPdf(meta, [pdf]);
      const image = documents.find((d) => d.type === type && isImage(d));
      return image ? imagesPdf(meta, code === 'RETURN_LABEL' ? LABEL_SIZE : LETTER_SIZE, [image]) : undefined;
    }
    case 'BILL_OF_LADING':
      return undefined;
  }
}
