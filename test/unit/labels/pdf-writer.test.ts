/**
 * The service's PDF writer (shared/labels/renderers/pdf-writer.ts), read back
 * by @cantoo/pdf-lib's parser (an independent reader): the page tree, the
 * fonts, each page's streams decoded to exactly the operators given, the
 * information dictionary; and the file's own structure checked byte by byte
 * (every cross-reference entry at its object, startxref at the table), since
 * a lenient reader would rebuild a broken table without saying so.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { writePdf } from '../../../shared/labels/renderers/pdf-writer';

const spec = {
  title: 'Manifest CARRIERX 2026-11-27 — Überall ✓',
  producer: 'shipping-api',
  created: new Date('2026-11-26T12:34:56.000Z'),
  size: [612, 792] as [number, number],
  fonts: [
    { key: 'F1', baseFont: 'Helvetica' },
    { key: 'F2', baseFont: 'Courier-Bold' },
  ],
  shared: 'q\n0 g\n36 36 540 1 re\nf\nQ\n',
  pages: ['BT\n/F1 12 Tf\n0 g\n1 0 0 1 36 743.08 Tm\n<4D414E4946455354> Tj\nET\n', 'BT\n/F2 8 Tf\n1 g\n1 0 0 1 36.5 700 Tm\n<DC> Tj\nET\n'],
};

const streamsOf = (pdf: PDFDocument, index: number): string[] => {
  const contents = pdf.getPage(index).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents!];
  return refs.map((ref) => Buffer.from(decodePDFRawStream(pdf.context.lookup(ref) as PDFRawStream).decode()).toString('latin1'));
};

it('is read back whole: pages, sizes, fonts, the shared stream then each page’s own, title and dates', async () => {
  const pdf = await PDFDocument.load(writePdf(spec), { updateMetadata: false, throwOnInvalidObject: true });
  expect(pdf.getPageCount()).toBe(2);
  expect(pdf.getPages().map((page) => page.getSize())).toEqual([
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ]);
  expect(streamsOf(pdf, 0)).toEqual([spec.shared, spec.pages[0]]);
  expect(streamsOf(pdf, 1)).toEqual([spec.shared, spec.pages[1]]);
  const fonts = pdf.getPage(1).node.Resources()!.lookup(PDFName.of('Font')) as PDFDict;
  expect(fonts.keys().map(String)).toEqual(['/F1', '/F2']);
  expect(String((fonts.lookup(PDFName.of('F2')) as PDFDict).get(PDFName.of('BaseFont')))).toBe('/Courier-Bold');
  expect(String((fonts.lookup(PDFName.of('F2')) as PDFDict).get(PDFName.of('Encoding')))).toBe('/WinAnsiEncoding');
  expect(pdf.getTitle()).toBe(spec.title);
  expect(pdf.getProducer()).toBe('shipping-api');
  expect(pdf.getCreator()).toBe('shipping-api');
  expect(pdf.getCreationDate()).toEqual(spec.created);
  expect(pdf.getModificationDate()).toEqual(spec.created);
});

it('has a cross-reference table whose every entry is its object’s offset, and startxref at the table', () => {
  const bytes = writePdf({ ...spec, pages: Array.from({ length: 30 }, (_, i) => `BT\n/F1 9 Tf\n0 g\n1 0 0 1 36 ${700 - i} Tm\n<41> Tj\nET\n`) });
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.7\n%')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj\n`.length)).toBe(`${i + 1} 0 obj\n`);
  });
  expect(text).toContain(`/Size ${count}`);
  // Each stream's Length is the bytes between `stream\n` and `\nendstream`.
  for (const m of text.matchAll(/\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)) {
    const start = m.index + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
  }
});

it('refuses what it would have to escape, and a document without pages', () => {
  expect(() => writePdf({ ...spec, fonts: [{ key: 'F1', baseFont: 'Hel vetica' }] })).toThrow(/not a plain PDF name/);
  expect(() => writePdf({ ...spec, size: [Number.NaN, 792] })).toThrow(/not a plain PDF number/);
  expect(() => writePdf({ ...spec, pages: [] })).toThrow(/needs a page/);
});
