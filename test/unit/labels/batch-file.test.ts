/**
 * A batch's label file (shared/labels/batch-file.ts): every document's
 * labels in order, the carrier's pages and images as the order's own file
 * has them, a hostile document's package drawn by the service, written to
 * `write` a chunk at a time; read back by pdf-lib and by the file's own
 * cross-reference table.
 */
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import type { CarrierDocument } from '../../../shared/domain/carrier';
import type { ShipmentDocument } from '../../../shared/labels/document';
import { writeBatchLabelFile } from '../../../shared/labels/batch-file';
import { encodePng } from '../../../shared/labels/png';
import { renderBatchPdf, renderDocument } from '../../../shared/labels/render';
import { newFileBudget } from '../../../shared/labels/renderers/carrier-limits';
import { checkCarrierPdf } from '../../../shared/labels/renderers/carrier-pdf';
import { HOSTILE_IMAGES, HOSTILE_PDFS, ihdr, pngChunk, pngOf, zerosZlib } from '../../support/hostile-documents';
import { documentOf, manyPieces, rateRequest, record } from './fixtures';
import { readPdf, zplFormats } from './inspect';

/** Reads of an order's file to fail (a file pdf-lib cannot read back), the next ones first. */
let mockFailedReads = 0;
jest.mock('../../../shared/labels/renderers/pdf-pages', () => {
  const actual = jest.requireActual<typeof import('../../../shared/labels/renderers/pdf-pages')>('../../../shared/labels/renderers/pdf-pages');
  return {
    ...actual,
    readPdfPages: (...args: Parameters<typeof actual.readPdfPages>) =>
      mockFailedReads-- > 0 ? Promise.reject(new Error('a file that cannot be read back')) : actual.readPdfPages(...args),
  };
});

/** Order `i`'s document: one package (or `packages`), its tracking number naming `i`. */
const orderDocument = (i: number, packages = 1): ShipmentDocument => {
  const numbers = Array.from({ length: packages }, (_, p) => `BATCH${String(i).padStart(5, '0')}P${p}`);
  return documentOf(packages === 1 ? rateRequest() : manyPieces(packages), record(packages, { trackingNumber: numbers[0]!, pieceTrackingNumbers: numbers }));
};

const carrierPng = () => encodePng({ width: 80, height: 120, black: (x, y) => (x * y) % 5 === 0 });
const carrierPdf = async (text: string) => {
  const pdf = await PDFDocument.create();
  pdf.addPage([288, 432]).drawText(text);
  return Buffer.from(await pdf.save());
};
const label = (format: CarrierDocument['format'], content: Buffer): CarrierDocument => ({ type: 'label', format, packageIndex: 0, content });

/** The documents, yielded one at a time, noting how many chunks `write` had when each was asked for. */
function tracked(documents: readonly ShipmentDocument[]) {
  const chunks: Buffer[] = [];
  const chunksWhenAsked: number[] = [];
  async function* yielded(): AsyncGenerator<ShipmentDocument> {
    for (const document of documents) {
      chunksWhenAsked.push(chunks.length);
      await Promise.resolve();
      yield document;
    }
  }
  const write = async (chunk: Uint8Array) => {
    await Promise.resolve();
    chunks.push(Buffer.from(chunk));
  };
  return { iterable: yielded(), write, chunks, chunksWhenAsked, file: () => Buffer.concat(chunks) };
}

/** Every in-use entry of the file's (last) cross-reference table points at its object's `N 0 obj`. */
function checkXref(file: Buffer): number {
  const text = file.toString('latin1');
  const at = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  const table = /^xref\n0 (\d+)\n/.exec(text.slice(at))!;
  const count = Number(table[1]);
  const first = at + table[0].length;
  let used = 0;
  for (let id = 0; id < count; id++) {
    const entry = text.slice(first + id * 20, first + id * 20 + 20);
    expect(entry).toMatch(/^\d{10} \d{5} [nf] \n$/);
    if (entry[17] !== 'n') continue;
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
    used++;
  }
  return used;
}

describe('a PDF of many orders', () => {
  it('has 1,000 documents as 1,000 pages in order, written a chunk at a time, its fonts once', async () => {
    const documents = Array.from({ length: 1000 }, (_, i) => orderDocument(i));
    const run = tracked(documents);
    const result = await writeBatchLabelFile('PDF', run.iterable, run.write);
    const file = run.file();

    expect(result).toEqual({ pages: 1000, bytes: file.length });
    // Chunks reached `write` while documents were still to come, not one at the end.
    expect(run.chunksWhenAsked.at(-1)).toBeGreaterThan(10);
    expect(run.chunks.length).toBeGreaterThan(10);
    expect(run.chunks.slice(0, -1).every((chunk) => chunk.length >= 64 * 1024)).toBe(true);

    const read = await readPdf(file);
    expect(read.pageCount).toBe(1000);
    read.pages.forEach((page, i) => {
      expect([page.width, page.height]).toEqual([288, 432]);
      expect(page.text.join(' ')).toContain(documents[i]!.trackingNumber);
    });
    // The standard fonts once for the whole file, not once per order.
    expect(file.toString('latin1').match(/\/Type \/Font/g)).toHaveLength(3);
    // A page and its content stream per order; the catalog, the root, 16 nodes of 64 pages, the fonts, the information dictionary.
    expect(checkXref(file)).toBe(2 * 1000 + 2 + 16 + 3 + 1);
  });

  it("keeps an order's pages in package order, as its own file has them", async () => {
    const documents = [orderDocument(0), orderDocument(1, 3), orderDocument(2)];
    const run = tracked(documents);
    expect((await writeBatchLabelFile('PDF', run.iterable, run.write)).pages).toBe(5);
    const read = await readPdf(run.file());
    const own = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', documents[1]!)).body);
    expect(read.pages.slice(1, 4).map((p) => p.text)).toEqual(own.pages.map((p) => p.text));
    expect(read.pages.map((p) => p.text.join(' ').includes(documents[2]!.trackingNumber))).toEqual([false, false, false, false, true]);
  });

  it("takes a carrier's PNG as its IDAT data, one it must decode, and a carrier's PDF page, each in its place; a hostile document's package is drawn", async () => {
    const png = carrierPng();
    const documents = Array.from({ length: 9 }, (_, i) => orderDocument(i));
    // RGBA: decoded by pdf-lib for its page alone.
    documents[2] = { ...documents[2]!, carrierDocuments: [label('PNG', pngOf(ihdr(40, 60, 8, 6), pngChunk('IDAT', zerosZlib((40 * 4 + 1) * 60))))] };
    documents[3] = { ...documents[3]!, carrierDocuments: [label('PNG', png)] };
    documents[5] = { ...documents[5]!, carrierDocuments: [label('PDF', await carrierPdf('CARRIER PDF FIVE'))] };
    documents[6] = { ...documents[6]!, carrierDocuments: [label('PNG', HOSTILE_IMAGES.huge68())] };
    documents[7] = { ...documents[7]!, carrierDocuments: [label('PDF', HOSTILE_PDFS.pageTreeLoop())] };
    const run = tracked(documents);
    expect((await writeBatchLabelFile('PDF', run.iterable, run.write)).pages).toBe(9);
    const file = run.file();
    checkXref(file);

    const read = await readPdf(file);
    const texts = read.pages.map((p) => p.text.join(' '));
    for (const i of [0, 1, 4, 6, 7, 8]) expect(texts[i]).toContain(documents[i]!.trackingNumber);
    expect([texts[2], texts[3]]).toEqual(['', '']);
    expect(texts[5]).toBe('CARRIER PDF FIVE');

    // The PNG's image is its own IDAT data, with PNG predictors: not decoded, not deflated again.
    const pdf = await PDFDocument.load(file, { throwOnInvalidObject: true });
    const withImages = pdf.getPages().map((page) => (page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0) > 0);
    expect(withImages.flatMap((has, i) => (has ? [i] : []))).toEqual([2, 3]);
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.toString().includes('/Subtype /Image'));
    const idat = png.subarray(png.indexOf('IDAT') + 4, png.indexOf('IEND') - 8);
    const passed = images.filter((image) => Buffer.from(image.contents).equals(idat));
    expect(passed).toHaveLength(1);
    expect(passed[0]!.dict.toString()).toContain('/Predictor 15');
    // The decoded one: its colour, and its alpha as a soft mask.
    expect(images).toHaveLength(3);
  });
});

describe("the carriers' documents of a batch", () => {
  const textsOf = async (documents: ShipmentDocument[], keptBytes?: number) => {
    const chunks: Buffer[] = [];
    const batch = await renderBatchPdf(async (chunk) => {
      chunks.push(Buffer.from(chunk));
      await Promise.resolve();
    }, keptBytes);
    for (const document of documents) await batch.add(document);
    await batch.end();
    return (await readPdf(Buffer.concat(chunks))).pages.map((p) => p.text.join(' '));
  };

  it("are taken while what pdf-lib keeps of their PDFs for the life of the process is within the batch's budget; the next are drawn", async () => {
    const pdf = await carrierPdf('CARRIER PDF');
    const checked = await checkCarrierPdf(pdf, newFileBudget());
    if (checked.kind !== 'checked') throw new Error(checked.reason);
    const documents = [0, 1, 2].map((i) => ({ ...orderDocument(i), carrierDocuments: [label('PDF', pdf)] }));
    expect(await textsOf(documents)).toEqual(['CARRIER PDF', 'CARRIER PDF', 'CARRIER PDF']);
    const texts = await textsOf(documents, Math.floor(checked.kept * 1.5));
    expect(texts[0]).toBe('CARRIER PDF');
    expect(texts[1]).toContain(documents[1]!.trackingNumber);
    expect(texts[2]).toContain(documents[2]!.trackingNumber);
  });

  it("whose order's file cannot be read back have that order's pages drawn, the others kept", async () => {
    const pdf = await carrierPdf('CARRIER PDF');
    const documents = [0, 1].map((i) => ({ ...orderDocument(i), carrierDocuments: [label('PDF', pdf)] }));
    mockFailedReads = 1;
    const texts = await textsOf(documents);
    expect(texts[0]).toContain(documents[0]!.trackingNumber);
    expect(texts[1]).toBe('CARRIER PDF');
  });
});

describe('a ZPL file of many orders', () => {
  it("is each order's ZPL file in order, its carrier's ZPL where it issued one", async () => {
    const documents = [orderDocument(0), orderDocument(1, 2), orderDocument(2)];
    documents[2] = { ...documents[2]!, carrierDocuments: [label('ZPL', Buffer.from('^XA\n^FDcarrier two^FS\n^XZ\n'))] };
    const run = tracked(documents);
    const result = await writeBatchLabelFile('ZPL', run.iterable, run.write);
    const own = await Promise.all(documents.map(async (d) => (await renderDocument('SHIPPING_LABEL_ZPL', d)).body));
    expect(run.file().equals(Buffer.concat(own))).toBe(true);
    expect(result).toEqual({ pages: 4, bytes: run.file().length });
    const text = run.file().toString('latin1');
    expect(zplFormats(text)).toHaveLength(4);
    expect(text.indexOf(documents[0]!.trackingNumber)).toBeLessThan(text.indexOf(documents[1]!.trackingNumber));
    expect(text.indexOf(documents[1]!.trackingNumber)).toBeLessThan(text.indexOf('carrier two'));
  });

  it('of 1,000 orders reaches `write` a chunk at a time', async () => {
    const run = tracked(Array.from({ length: 1000 }, (_, i) => orderDocument(i)));
    expect((await writeBatchLabelFile('ZPL', run.iterable, run.write)).pages).toBe(1000);
    expect(run.chunksWhenAsked.at(-1)).toBeGreaterThan(1);
  });
});

it.each(['PDF', 'ZPL'] as const)('a %s file of no documents is refused', async (format) => {
  const run = tracked([]);
  await expect(writeBatchLabelFile(format, run.iterable, run.write)).rejects.toThrow('needs a');
});
