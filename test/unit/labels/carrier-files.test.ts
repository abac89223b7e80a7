/**
 * Label files made of the documents a carrier issued: its ZPL joined in
 * package order, its images placed one per 4×6 page (a landscape image turned
 * upright), its PDFs merged; the service draws its own only where the
 * carrier's documents do not make the file.
 */
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, PDFArray } from '@cantoo/pdf-lib';
import { encodePng } from '../../../shared/labels/png';
import type { CarrierDocument } from '../../../shared/domain/carrier';
import { renderDocument } from '../../../shared/labels/render';
import { documentOf, manyPieces, rateRequest } from './fixtures';
import { readPdf } from './inspect';

const image = (width: number, height: number) => encodePng({ width, height, black: (x, y) => (x + y) % 7 === 0 });
const zpl = (i: number) => `^XA\n^FO10,10^FDcarrier label ${i}^FS\n^XZ\n`;

const twoPackages = () => documentOf(manyPieces(2));
const labels = (format: 'ZPL' | 'PNG', packages: number[]): CarrierDocument[] =>
  packages.map((packageIndex) => ({ type: 'label', format, packageIndex, content: format === 'ZPL' ? Buffer.from(zpl(packageIndex)) : image(40, 60) }));

/** Each image drawn on each page: the `cm` operands that place it (translate, rotate, scale), in order. */
async function imageDraws(bytes: Buffer): Promise<string[][][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const text = refs.map((ref) => Buffer.from(decodePDFRawStream(pdf.context.lookup(ref) as PDFRawStream).decode()).toString('latin1')).join('\n');
    return [...text.matchAll(/q\s+((?:[-\d. ]+ cm\s+)+)\/[\w-]+ Do/g)].map((m) =>
      [...m[1]!.matchAll(/([-\d. ]+) cm/g)].map((c) =>
        c[1]!
          .trim()
          .split(/\s+/)
          .map((n) => Math.round(Number(n) * 1000) / 1000 + 0)
          .join(' '),
      ),
    );
  });
}

describe('ZPL', () => {
  it("is the carrier's labels joined in package order, whatever order it sent them in", async () => {
    const document = { ...twoPackages(), carrierDocuments: labels('ZPL', [1, 0]) };
    const file = await renderDocument('SHIPPING_LABEL_ZPL', document);
    expect(file.contentType).toBe('application/x-zpl');
    expect(file.body.toString('latin1')).toBe(`${zpl(0).trimEnd()}\n${zpl(1).trimEnd()}\n`);
  });

  it('is drawn by the service when a package has no carrier ZPL', async () => {
    const document = { ...twoPackages(), carrierDocuments: labels('ZPL', [0]) };
    const text = (await renderDocument('SHIPPING_LABEL_ZPL', document)).body.toString('latin1');
    expect(text).not.toContain('carrier label');
    expect(text.match(/\^XA/g)).toHaveLength(2);
  });
});

describe('PDF', () => {
  it("places each package's image on its own 4×6 page, and draws no text of its own", async () => {
    const document = { ...twoPackages(), carrierDocuments: [...labels('ZPL', [0, 1]), ...labels('PNG', [0, 1])] };
    const file = await renderDocument('SHIPPING_LABEL_PDF', document);
    const read = await readPdf(file.body);
    expect(read.pageCount).toBe(2);
    for (const page of read.pages) {
      expect([page.width, page.height]).toEqual([288, 432]);
      expect(page.text).toEqual([]);
    }
    const draws = await imageDraws(file.body);
    expect(draws.map((d) => d.length)).toEqual([1, 1]);
    // A 40×60 portrait image fills the 288×432 page: no rotation.
    expect(draws[0]![0]!.filter((m) => m !== '1 0 0 1 0 0')).toEqual(['288 0 0 432 0 0']);
  });

  it('turns a landscape image (as UPS draws its labels) a quarter to stand upright', async () => {
    const document = {
      ...documentOf(rateRequest()),
      carrierDocuments: [{ type: 'label' as const, format: 'PNG' as const, packageIndex: 0, content: image(60, 40) }],
    };
    const draws = await imageDraws((await renderDocument('SHIPPING_LABEL_PDF', document)).body);
    // Moved to the page's right edge, turned a quarter, drawn 432 wide and 288 high: its long side along the page's height.
    expect(draws[0]![0]).toEqual(['1 0 0 1 288 0', '0 1 -1 0 0 0', '432 0 0 288 0 0', '1 0 0 1 0 0']);
  });

  it("gives a package the carrier issued no image for the service's page; the other packages keep the carrier's", async () => {
    const document = { ...documentOf(manyPieces(3)), carrierDocuments: labels('PNG', [0, 2]) };
    const file = await renderDocument('SHIPPING_LABEL_PDF', document);
    const read = await readPdf(file.body);
    expect(read.pages.map((p) => [p.width, p.height])).toEqual([
      [288, 432],
      [288, 432],
      [288, 432],
    ]);
    expect(read.pages[0]!.text).toEqual([]);
    expect(read.pages[2]!.text).toEqual([]);
    expect(read.pages[1]!.text).toEqual(expect.arrayContaining([document.pieceTrackingNumbers[1], '2 OF 3']));
    expect((await imageDraws(file.body)).map((d) => d.length)).toEqual([1, 0, 1]);
    // Nothing was refused: the carrier gave none.
    expect(file.refused).toEqual([]);
  });

  it("takes each package's own kind of document: one package's PDF, another's image", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([100, 150]);
    const carrierDocuments: CarrierDocument[] = [
      { type: 'label', format: 'PDF', packageIndex: 0, content: Buffer.from(await pdf.save()) },
      ...labels('PNG', [1]),
    ];
    const read = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', { ...twoPackages(), carrierDocuments })).body);
    expect(read.pages.map((p) => [p.width, p.height])).toEqual([
      [100, 150],
      [288, 432],
    ]);
  });

  it('is drawn by the service from GIF images, which a PDF cannot embed', async () => {
    const gif: CarrierDocument = { type: 'label', format: 'GIF', packageIndex: 0, content: Buffer.from('GIF89a') };
    const document = { ...documentOf(rateRequest()), carrierDocuments: [gif] };
    const read = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', document)).body);
    expect(read.pages[0]!.text.join(' ')).toContain(document.trackingNumber);
  });

  it("merges the carrier's PDF labels when it issued PDF", async () => {
    const onePage = async (label: string) => {
      const pdf = await PDFDocument.create();
      pdf.addPage([100, 150]).drawText(label);
      return Buffer.from(await pdf.save());
    };
    const carrierDocuments: CarrierDocument[] = [
      { type: 'label', format: 'PDF', packageIndex: 0, content: await onePage('first') },
      { type: 'label', format: 'PDF', packageIndex: 1, content: await onePage('second') },
    ];
    const read = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', { ...twoPackages(), carrierDocuments })).body);
    expect(read.pages.map((p) => [p.width, p.height])).toEqual([
      [100, 150],
      [100, 150],
    ]);
  });
});

it("the return label is the carrier's image when it issued one", async () => {
  const request = rateRequest({ shippingOptions: { ...rateRequest().shippingOptions, createReturnLabel: true } });
  const document = { ...documentOf(request), carrierDocuments: [{ type: 'returnLabel' as const, format: 'PNG' as const, content: image(40, 60) }] };
  const file = await renderDocument('RETURN_LABEL', document);
  expect((await readPdf(file.body)).pages[0]!.text).toEqual([]);
  expect((await imageDraws(file.body))[0]).toHaveLength(1);
  const pdf = await PDFDocument.load(file.body);
  expect(pdf.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'))).toBeDefined();
});
