/**
 * A carrier's document can never stall or bloat a label (issue 43): the
 * images that kept pdf-lib busy for ever or for seconds and gigabytes, bytes
 * that are no image, JPEG and PDF labels beyond their bounds, each gives the
 * package the service's own page, reported with its reason, while the other
 * packages keep the carrier's. How long and how much memory each takes is
 * the bench's (bench/labels.ts), not a test's.
 */
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import type { CarrierDocument } from '../../../shared/domain/carrier';
import type { ShipmentDocument } from '../../../shared/labels/document';
import { encodePng } from '../../../shared/labels/png';
import { renderDocument } from '../../../shared/labels/render';
import { carrierFile } from '../../../shared/labels/renderers/carrier';
import { FILE_BUDGET } from '../../../shared/labels/renderers/carrier-limits';
import { checkCarrierPdf } from '../../../shared/labels/renderers/carrier-pdf';
import {
  HOSTILE_IMAGES,
  HOSTILE_PDFS,
  ihdr,
  jpegOf,
  onePageWith,
  pdfOfPages,
  pngChunk,
  pngOf,
  streamObject,
  zerosZlib,
  type HostileImage,
} from '../../support/hostile-documents';
import { documentOf, manyPieces, rateRequest } from './fixtures';
import { readPdf } from './inspect';

const goodPng = (seed: number) => encodePng({ width: 203, height: 305, black: (x, y) => (x * y + seed) % 7 === 0 });
const label = (packageIndex: number, format: CarrierDocument['format'], content: Buffer): CarrierDocument => ({ type: 'label', format, packageIndex, content });

/** What each page is: the carrier's image (an image XObject and no text), or the service's label of that package. */
async function pagesOf(body: Buffer, document: ShipmentDocument): Promise<string[]> {
  const pdf = await PDFDocument.load(body);
  const read = await readPdf(body);
  return pdf.getPages().map((page, i) => {
    const text = read.pages[i]!.text.join(' ');
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (text === '' && xObjects && xObjects.keys().length === 1) return 'carrier image';
    const drawnOf = document.pieceTrackingNumbers.findIndex((number, p) => text.includes(number) && text.includes(`${p + 1} OF ${document.pieces.length}`));
    return drawnOf >= 0 ? `service's package ${drawnOf + 1}` : 'something else';
  });
}

/** A three-package shipment whose second package's label is `content`, the others good images. */
async function renderSecond(format: CarrierDocument['format'], content: Buffer) {
  const document = documentOf(manyPieces(3));
  const carrierDocuments = [label(0, 'PNG', goodPng(0)), label(1, format, content), label(2, 'PNG', goodPng(2))];
  const file = await renderDocument('SHIPPING_LABEL_PDF', { ...document, carrierDocuments });
  return { file, pages: await pagesOf(file.body, document) };
}

describe("the issue's images: the package gets the service's page, the others the carrier's", () => {
  it.each(Object.keys(HOSTILE_IMAGES) as HostileImage[])('%s', async (name) => {
    const { file, pages } = await renderSecond('PNG', HOSTILE_IMAGES[name]());
    expect(pages).toEqual(['carrier image', "service's package 2", 'carrier image']);
    expect(file.refused).toEqual([{ type: 'label', format: 'PNG', packageIndex: 1, reason: expect.any(String) }]);
  });

  it('each says why, in its own words and numbers, never the bytes it read', async () => {
    const reasons = await Promise.all(
      (Object.keys(HOSTILE_IMAGES) as HostileImage[]).map(async (name) => (await renderSecond('PNG', HOSTILE_IMAGES[name]())).file.refused![0]!.reason),
    );
    expect(reasons).toEqual([
      'a PNG of 2147483647×2147483647 pixels, beyond the 1600×2400 of its page',
      'a PNG of 8000×8000 pixels, beyond the 1600×2400 of its page',
      'a PNG of 12000×12000 pixels, beyond the 1600×2400 of its page',
      'PNG data that does not inflate to its rows',
      'not a PNG',
    ]);
  });

  it('a single-package shipment with a hostile image is the service label, as for a carrier that gave none', async () => {
    const document = documentOf(rateRequest());
    const file = await renderDocument('SHIPPING_LABEL_PDF', { ...document, carrierDocuments: [label(0, 'PNG', HOSTILE_IMAGES.huge68())] });
    expect(await pagesOf(file.body, document)).toEqual(["service's package 1"]);
  });

  it('a refused return label is the service return label', async () => {
    const request = rateRequest({ shippingOptions: { ...rateRequest().shippingOptions, createReturnLabel: true } });
    const document = documentOf(request);
    const file = await renderDocument('RETURN_LABEL', {
      ...document,
      carrierDocuments: [{ type: 'returnLabel', format: 'PNG', content: HOSTILE_IMAGES.rgba8000() }],
    });
    expect((await readPdf(file.body)).pages[0]!.text).toContain('RETURN LABEL');
    expect(file.refused).toEqual([{ type: 'returnLabel', format: 'PNG', reason: expect.stringContaining('8000×8000') }]);
  });
});

describe('PNG bounds', () => {
  it("sides up to the page's at 400 dpi, either way round, pass; a pixel more is refused", async () => {
    const side = (width: number, height: number) => pngOf(ihdr(width, height, 1, 0), pngChunk('IDAT', zerosZlib((Math.ceil(width / 8) + 1) * height)));
    expect((await renderSecond('PNG', side(1600, 2400))).pages[1]).toBe('carrier image');
    expect((await renderSecond('PNG', side(2400, 1600))).pages[1]).toBe('carrier image');
    expect((await renderSecond('PNG', side(1601, 2400))).pages[1]).toBe("service's package 2");
    expect((await renderSecond('PNG', side(1600, 2401))).pages[1]).toBe("service's package 2");
  });

  it('a PNG over 2 MiB is refused before it is read', async () => {
    const big = Buffer.concat([goodPng(1), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await renderSecond('PNG', big)).file.refused![0]!.reason).toBe(`a PNG of ${big.length} bytes, more than 2097152`);
  });

  it('an animated PNG, and a compressed text chunk that inflates to 1 GiB (dropped before pdf-lib sees it)', async () => {
    const rgba = (...extra: Buffer[]) => pngOf(ihdr(4, 4, 8, 6), ...extra, pngChunk('IDAT', zerosZlib(4 * 17)));
    const animated = rgba(pngChunk('acTL', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0])));
    expect((await renderSecond('PNG', animated)).file.refused![0]!.reason).toBe('an animated PNG');
    // zTXt: a keyword, its NUL, the compression method, then zlib data.
    const bomb = rgba(pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0'), zerosZlib(1024 * 1024 * 1024)])));
    const { file, pages } = await renderSecond('PNG', bomb);
    expect(pages[1]).toBe('carrier image');
    expect(file.refused).toEqual([]);
  });
});

describe('JPEG', () => {
  it('a label-sized JPEG is embedded as it came (DCTDecode)', async () => {
    const { file, pages } = await renderSecond('JPEG', jpegOf(812, 1218));
    expect(pages[1]).toBe('carrier image');
    expect(file.refused).toEqual([]);
  });

  it.each([
    ['a frame of 65535×65535', jpegOf(65535, 65535), 'a JPEG of 65535×65535 pixels, beyond the 1600×2400 of its page'],
    ['12 bits a sample', jpegOf(812, 1218, 12), 'a JPEG of 12 bits per sample, which a PDF does not carry'],
    ['no JPEG at all', HOSTILE_IMAGES.notPng(), 'a JPEG without a frame header'],
    ['cut before its frame header', jpegOf(812, 1218).subarray(0, 6), 'a JPEG without a frame header'],
    ['over 2 MiB', Buffer.concat([jpegOf(812, 1218), Buffer.alloc(2 * 1024 * 1024)]), 'a JPEG of 2097175 bytes, more than 2097152'],
  ])('%s is refused', async (_, jpeg, reason) => {
    const { file, pages } = await renderSecond('JPEG', jpeg);
    expect(pages).toEqual(['carrier image', "service's package 2", 'carrier image']);
    expect(file.refused).toEqual([{ type: 'label', format: 'JPEG', packageIndex: 1, reason }]);
  });
});

describe('PDF', () => {
  /** A three-package shipment whose labels are PDFs, the second `content`. */
  async function renderSecondPdf(content: Buffer) {
    const document = documentOf(manyPieces(3));
    const file = await renderDocument('SHIPPING_LABEL_PDF', {
      ...document,
      carrierDocuments: [label(0, 'PDF', pdfOfPages(1)), label(1, 'PDF', content), label(2, 'PDF', pdfOfPages(2))],
    });
    const read = await readPdf(file.body);
    return { file, texts: read.pages.map((p) => p.text.join(' ')) };
  }

  it('a PDF of up to 20 pages is merged whole', async () => {
    const { file, texts } = await renderSecondPdf(pdfOfPages(20));
    expect(texts).toHaveLength(23);
    expect(file.refused).toEqual([]);
  });

  it.each([
    ['21 pages', pdfOfPages(21), 'a PDF of 21 pages, not 1 to 20'],
    [
      '100,000 pages (copied for minutes; now too many values for pdf-lib to parse)',
      HOSTILE_PDFS.pages100k(),
      'a PDF of more than 20000 values, at byte 120053',
    ],
    ['a page tree that lists itself', HOSTILE_PDFS.pageTreeLoop(), 'a PDF whose pages cannot be listed'],
    ['objects that never end', HOSTILE_PDFS.unendingObjects(), 'a PDF string without its end, at byte 30009'],
    ['not a PDF', HOSTILE_PDFS.notPdf(), 'not a PDF'],
    [
      'over 4 MiB',
      Buffer.concat([pdfOfPages(1), Buffer.alloc(4 * 1024 * 1024)]),
      `a PDF of ${pdfOfPages(1).length + 4 * 1024 * 1024} bytes, more than 4194304`,
    ],
    // Each of these pdf-lib parsed: for 5 s and 1.1 GB before it failed, or took, its names kept for as long as the process lives.
    [
      'an object stream inflating to 1 GiB',
      HOSTILE_PDFS.objectStreamBomb(),
      `a PDF whose object and cross-reference streams inflate to more than ${4 * 1024 * 1024} bytes`,
    ],
    ['digits between its objects', HOSTILE_PDFS.digitsBetweenObjects(3_000), 'something between the objects of a PDF that is not an object, at byte 196'],
    ['300,000 names', HOSTILE_PDFS.manyNames(), 'a PDF whose names and references would keep more than 2097152 bytes, at byte 45669'],
    ['a name of 3 MiB', HOSTILE_PDFS.longName(), 'a PDF name longer than 127 bytes, at byte 323'],
    ['arrays nested 100,000 deep', HOSTILE_PDFS.deepNesting(), 'a PDF object nested deeper than 32, at byte 226'],
  ])('%s: the package is the service page', async (_, pdf, reason) => {
    const { file, texts } = await renderSecondPdf(pdf);
    const document = documentOf(manyPieces(3));
    expect(texts).toHaveLength(4);
    expect([texts[0], texts[2], texts[3]]).toEqual(['', '', '']);
    expect(texts[1]).toContain(document.pieceTrackingNumbers[1]);
    expect(file.refused).toEqual([{ type: 'label', format: 'PDF', packageIndex: 1, reason }]);
  });
});

describe("the file's budget, spent in package order", () => {
  const meta = { title: 'Shipping label', createdDate: '2026-10-01T14:03:00.000Z' };
  const document = documentOf(manyPieces(3));
  const drawn = (packageIndexes: readonly number[]) =>
    renderDocument('SHIPPING_LABEL_PDF', document).then(async ({ body }) => {
      const all = await PDFDocument.load(body);
      const out = await PDFDocument.create();
      for (const page of await out.copyPages(all, [...packageIndexes])) out.addPage(page);
      return Buffer.from(await out.save());
    });
  /** An 8×8 RGBA image: decoded by pdf-lib (64 pixels, 8 × 33 bytes of rows). */
  const rgba = () => pngOf(ihdr(8, 8, 8, 6), pngChunk('IDAT', zerosZlib(8 * 33)));
  const three = (content: () => Buffer) => [0, 1, 2].map((i) => label(i, 'PNG', content()));

  it.each([
    ['decoded pixels: 64 each, 130 for the file', { decodedPixels: 130 }, rgba, 'a PNG of 64 pixels to decode, more than the 2 the file has left'],
    ['inflated rows: 264 bytes each, 600 for the file', { inflatedBytes: 600 }, rgba, 'a PNG of 264 bytes of rows, more than the 72 the file has left'],
    [
      'bytes: a document each, 2.5 for the file',
      { bytes: Math.floor(2.5 * rgba().length) },
      rgba,
      `a document of ${rgba().length} bytes, more than the ${Math.floor(0.5 * rgba().length)} the file has left`,
    ],
  ])('%s: the third package is the service page', async (_, spent, content, reason) => {
    const file = await carrierFile('SHIPPING_LABEL_PDF', three(content), 3, meta, drawn, { ...FILE_BUDGET, ...spent });
    expect(await pagesOf(file.body!, document)).toEqual(['carrier image', 'carrier image', "service's package 3"]);
    expect(file.refused).toEqual([{ type: 'label', format: 'PNG', packageIndex: 2, reason }]);
  });

  /** A one-page PDF whose page holds one FlateDecode stream of 1,000 bytes inflated. */
  const pdf = () => onePageWith(streamObject('/Filter /FlateDecode', zerosZlib(1_000)));
  /** What the PDF spends of each part of the budget. */
  type Spent = { values: number; kept: number };
  const spent = async () => (await checkCarrierPdf(pdf(), FILE_BUDGET)) as unknown as Spent;

  it.each([
    ['PDF values', (c: Spent) => ({ pdfValues: Math.floor(2.5 * c.values) }), (c: Spent) => `a PDF of more than ${Math.floor(0.5 * c.values)} values`],
    [
      'PDF names and references kept',
      (c: Spent) => ({ pdfKeptBytes: Math.floor(2.5 * c.kept) }),
      (c: Spent) => `a PDF whose names and references would keep more than ${Math.floor(0.5 * c.kept)} bytes`,
    ],
    [
      'PDF streams inflated (1,000 bytes each)',
      () => ({ inflatedBytes: 2_500 }),
      () => 'a PDF whose streams inflate to more than the 500 bytes the file has left',
    ],
  ])("%s: two and a half documents' worth for the file, the third package is the service page", async (_, budget, reason) => {
    const each = await spent();
    const file = await carrierFile(
      'SHIPPING_LABEL_PDF',
      [0, 1, 2].map((i) => label(i, 'PDF', pdf())),
      3,
      meta,
      drawn,
      { ...FILE_BUDGET, ...budget(each) },
    );
    const texts = (await readPdf(file.body!)).pages.map((p) => p.text.join(' '));
    expect(texts.slice(0, 2)).toEqual(['', '']);
    expect(texts[2]).toContain(document.pieceTrackingNumbers[2]);
    expect(file.refused).toEqual([
      { type: 'label', format: 'PDF', packageIndex: 2, reason: expect.stringMatching(new RegExp(`^${reason(each)}(, at byte \\d+)?$`)) },
    ]);
  });
});
