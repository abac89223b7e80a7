/**
 * A carrier's PDF read once before pdf-lib parses it (carrier-pdf.ts): the
 * carriers' real PDFs and pdf-lib's own, with and without object streams,
 * are taken, and pdf-lib finds in each exactly the objects the check read;
 * every shape that stalled or bloated pdf-lib, and every bound, is refused
 * with its reason; and any PDF the check takes, however mangled, pdf-lib
 * reads as the check did. What each costs is the bench's (bench/labels.ts).
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { labelPdf, manifestPdf } from '../../../local/canada-post/documents';
import { fedexInvoicePdf, fedexLabelPdf, fedexOp950Pdf } from '../../../local/fedex/documents';
import { encodePng } from '../../../shared/labels/png';
import { renderDocument, renderManifest, type ManifestDocument } from '../../../shared/labels/render';
import { FILE_BUDGET, PDF_SYNTAX, type FileBudget } from '../../../shared/labels/renderers/carrier-limits';
import { checkCarrierPdf, type PdfCheck } from '../../../shared/labels/renderers/carrier-pdf';
import { HOSTILE_PDFS, jpegOf, onePageWith, pdfOf, streamObject, zerosZlib } from '../../support/hostile-documents';
import { documentOf, manyPieces } from './fixtures';

const check = (pdf: Uint8Array, budget: Partial<FileBudget> = {}): Promise<PdfCheck> => checkCarrierPdf(pdf, { ...FILE_BUDGET, ...budget });
const reasonOf = async (pdf: Uint8Array, budget: Partial<FileBudget> = {}) => {
  const checked = await check(pdf, budget);
  return checked.kind === 'refused' ? checked.reason : 'taken';
};

/** How many objects pdf-lib finds in a PDF, parsing as the label file does. */
const objectsPdfLibFinds = async (pdf: Uint8Array) =>
  (await PDFDocument.load(pdf, { throwOnInvalidObject: true, updateMetadata: false })).context.enumerateIndirectObjects().length;

/** A few pages of text, a PNG and a JPEG, saved by pdf-lib. */
async function pdfLibPdf(useObjectStreams: boolean): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const png = await pdf.embedPng(encodePng({ width: 40, height: 60, black: (x, y) => (x + y) % 3 === 0 }));
  const jpeg = await pdf.embedJpg(jpegOf(40, 60));
  for (let i = 0; i < 3; i++) {
    const page = pdf.addPage([288, 432]);
    page.drawText(`Label (${i}) \\ é`, { font, x: 20, y: 400, size: 12 });
    page.drawImage(png, { x: 20, y: 20, width: 40, height: 60 });
    page.drawImage(jpeg, { x: 80, y: 20, width: 40, height: 60 });
  }
  pdf.setTitle('A label');
  return Buffer.from(await pdf.save({ useObjectStreams }));
}

const MANIFEST: ManifestDocument = {
  manifestId: '034bcb8e-567e-4891-93b3-4beeed30353d',
  carrier: { code: 'CARRIERY', name: 'Carrier Y Parcel Services' },
  accountNumber: 'SBX-CARRIERY-DEFAULT',
  mode: 'live',
  shipDate: '2026-11-27',
  createdDate: '2026-11-26T09:00:00.000Z',
  shipper: { name: 'Alex Shipper', company: 'Maple Goods', city: 'Toronto', province: 'ON', country: 'CA' },
  lines: [
    {
      orderId: '00000000-0000-4000-8000-000000000001',
      trackingNumber: '463369233715001',
      serviceName: 'Regular Parcel',
      packages: [{ trackingNumber: '463369233715001', weightKg: 1.25 }],
    },
  ],
};

/** `pdf` with a second section appended, as an incremental update writes one: a new object, its table, a trailer. */
const updated = (pdf: Buffer) =>
  Buffer.concat([
    pdf,
    Buffer.from(
      `\n9 0 obj\n<< /Producer (an update) >>\nendobj\nxref\n9 1\n0000000000 00000 n \ntrailer\n<< /Size 10 /Root 1 0 R /Prev 0 >>\nstartxref\n0\n%%EOF\n`,
    ),
  ]);

const CARRIER_PDFS: Array<[string, () => Buffer | Promise<Buffer>]> = [
  ['a Canada Post label (the local simulator)', () => labelPdf({ pin: '1234567890123456', serviceCode: 'DOM.EP', from: 'K1A0B1', to: 'H3Z2Y7' })],
  ['a Canada Post manifest', () => manifestPdf('P000000042', '2026-11-01', ['1234567890123456', '6543210987654321'])],
  [
    'a FedEx label (the local simulator)',
    () =>
      fedexLabelPdf({
        trackingNumber: '794600000001',
        serviceName: 'FedEx Ground®',
        from: 'A',
        to: 'B',
        piece: '1 of 2',
        weight: '1.0 LB',
        references: ['PO (7)'],
        isReturn: false,
      }),
  ],
  [
    'a FedEx commercial invoice',
    () => fedexInvoicePdf('794600000001', 'MEMPHIS TN', 'TORONTO ON', [{ description: 'Widgets', quantity: 2, value: '10.00 USD' }]),
  ],
  ['a FedEx OP-950', () => fedexOp950Pdf('510087020', '2026-11-01')],
  ['pdf-lib, without object streams', () => pdfLibPdf(false)],
  ['pdf-lib, with object streams and a cross-reference stream', () => pdfLibPdf(true)],
  ["the service's own label (its PDF writer)", async () => (await renderDocument('SHIPPING_LABEL_PDF', documentOf(manyPieces(2)))).body],
  ["the service's own manifest", async () => (await renderManifest(MANIFEST)).body],
  ['an incremental update', async () => updated(labelPdf({ pin: '1', serviceCode: 'DOM.RP', from: 'K1A0B1', to: 'H3Z2Y7' }))],
  [
    'CR LF line ends, comments between objects',
    () =>
      Buffer.from(
        labelPdf({ pin: '2', serviceCode: 'DOM.RP', from: 'A', to: 'B' })
          .toString('latin1')
          .replace(/endobj\n/g, 'endobj\r\n% a comment\r\n'),
        'latin1',
      ),
  ],
  ['a stream whose /Length is a reference', () => onePageWith(Buffer.from('<< /Length 5 0 R >>\nstream\nBT ET\nendstream'), '5')],
  ['a stream whose /Length is wrong (pdf-lib finds its endstream)', () => onePageWith(Buffer.from('<< /Length 99 >>\nstream\nBT ET\nendstream'))],
  [
    'a stream with "stream" in its data (pdf-lib counts it)',
    () => onePageWith(Buffer.from('<< /Length 5 0 R >>\nstream\n(stream) (endstream) Tj\nendstream'), '26'),
  ],
  [
    'an object on the line of a %%EOF (pdf-lib reads on after that keyword)',
    () =>
      Buffer.from(
        labelPdf({ pin: '3', serviceCode: 'DOM.RP', from: 'A', to: 'B' }).toString('latin1').replace('%%EOF\n', '%%EOF 9 0 obj null endobj\n'),
        'latin1',
      ),
  ],
];

describe("the carriers' PDFs are taken, and pdf-lib finds in each the objects the check read", () => {
  it.each(CARRIER_PDFS)('%s', async (_, make) => {
    const pdf = await make();
    const checked = await check(pdf);
    expect(checked).toEqual({
      kind: 'checked',
      inflated: expect.any(Number),
      values: expect.any(Number),
      kept: expect.any(Number),
      objects: expect.any(Number),
    });
    expect((checked as { objects: number }).objects).toBe(await objectsPdfLibFinds(pdf));
  });

  it("counts the bytes a PDF's streams inflate to, and the values, names and references pdf-lib will make of it", async () => {
    const pdf = await pdfLibPdf(true);
    const checked = (await check(pdf)) as Extract<PdfCheck, { kind: 'checked' }>;
    // Every FlateDecode stream: the content streams, the PNG's image, the object streams, the cross-reference stream.
    expect(checked.inflated).toBeGreaterThan(3 * 40 * 60);
    expect(checked.values).toBeGreaterThan(100);
    expect(checked.kept).toBeGreaterThan(50 * 128);
    // 19 names of 128 characters in all (with their slashes) and 6 references.
    expect(await check(labelPdf({ pin: '1', serviceCode: 'DOM.RP', from: 'A', to: 'B' }))).toEqual({
      kind: 'checked',
      inflated: 0,
      values: 29,
      kept: 25 * 128 + 128 * 32,
      objects: 5,
    });
  });
});

describe('what stalled or bloated pdf-lib is refused', () => {
  it.each([
    [
      'an object stream inflating to 1 GiB (pdf-lib: 5 s, +1.1 GB)',
      HOSTILE_PDFS.objectStreamBomb(),
      `a PDF whose object and cross-reference streams inflate to more than ${4 * 1024 * 1024} bytes`,
    ],
    [
      '30 KB of digits between objects (pdf-lib: 22 s)',
      HOSTILE_PDFS.digitsBetweenObjects(),
      'something between the objects of a PDF that is not an object, at byte 196',
    ],
    [
      'a cross-reference stream claiming 100 million entries (pdf-lib: 41 s, +3 GB, then no PDF in that process)',
      HOSTILE_PDFS.xrefStreamHugeSize(),
      'a PDF of more than 10000 cross-reference entries',
    ],
    [
      'an object stream whose objects all start at one array (pdf-lib: 30 million numbers)',
      HOSTILE_PDFS.objectStreamOverlap(),
      'a PDF object stream whose objects overlap, at byte 39922 of the object stream at byte 186',
    ],
    [
      '300,000 names (kept by pdf-lib for the life of the process: +74 MB)',
      HOSTILE_PDFS.manyNames(),
      'a PDF whose names and references would keep more than 2097152 bytes, at byte 45669',
    ],
    ['300,000 references (+85 MB kept)', HOSTILE_PDFS.manyReferences(), 'a PDF whose names and references would keep more than 2097152 bytes, at byte 152724'],
    ['a name of 3 MiB (+189 MB kept)', HOSTILE_PDFS.longName(), 'a PDF name longer than 127 bytes, at byte 323'],
    ['arrays nested 100,000 deep', HOSTILE_PDFS.deepNesting(), 'a PDF object nested deeper than 32, at byte 226'],
    ['a page tree of 100,000 pages', HOSTILE_PDFS.pages100k(), 'a PDF of more than 20000 values, at byte 120053'],
    ['objects that never end', HOSTILE_PDFS.unendingObjects(), 'a PDF string without its end, at byte 30009'],
    ['not a PDF', HOSTILE_PDFS.notPdf(), 'not a PDF'],
  ])('%s', async (_, pdf, reason) => {
    expect(await reasonOf(pdf)).toBe(reason);
  });
});

/** A one-page PDF whose fourth object is `body`. */
const withObject = (body: string | Buffer) => onePageWith(body);
/** The reason a one-page PDF with this fourth object is refused, or 'taken'. */
const objectReason = (body: string | Buffer, budget: Partial<FileBudget> = {}) => reasonOf(withObject(body), budget);
/** Where the fourth object's body starts in `withObject`'s PDF. */
const AT = withObject('null').indexOf('4 0 obj\n') + 8;

describe('each bound, at its edge', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  it('arrays and dictionaries nested 32 deep, not 33', async () => {
    expect(await objectReason(nested(32))).toBe('taken');
    expect(await objectReason(nested(33))).toBe(`a PDF object nested deeper than 32, at byte ${AT + 32}`);
    expect(await objectReason(`${'<< /A '.repeat(32)}1${' >>'.repeat(32)}`)).toBe('taken');
    expect(await objectReason(`${'<< /A '.repeat(33)}1${' >>'.repeat(33)}`)).toBe(`a PDF object nested deeper than 32, at byte ${AT + 32 * 6}`);
  });

  it('a name of 127 bytes, not 128', async () => {
    expect(await objectReason(`/${'N'.repeat(127)}`)).toBe('taken');
    expect(await objectReason(`/${'N'.repeat(128)}`)).toBe(`a PDF name longer than 127 bytes, at byte ${AT + 129}`);
  });

  it('a string of 32,767 bytes, literal or hex, not 32,768', async () => {
    expect(await objectReason(`(${'s'.repeat(32_767)})`)).toBe('taken');
    expect(await objectReason(`(${'s'.repeat(32_768)})`)).toBe(`a PDF string longer than 32767 bytes, at byte ${AT + 32_769}`);
    expect(await objectReason(`<${'a'.repeat(65_534)}>`)).toBe('taken');
    expect(await objectReason(`<${'a'.repeat(65_535)}>`)).toBe(`a PDF string longer than 32767 bytes, at byte ${AT + 65_535}`);
  });

  it('a number of 32 characters within the safe integers, not 33 or beyond', async () => {
    expect(await objectReason(`0.${'1'.repeat(30)}`)).toBe('taken');
    expect(await objectReason(`0.${'1'.repeat(31)}`)).toBe(`a PDF number longer than 32 characters, at byte ${AT + 33}`);
    expect(await objectReason(String(Number.MAX_SAFE_INTEGER))).toBe('taken');
    expect(await objectReason(String(Number.MAX_SAFE_INTEGER + 1))).toBe(`a PDF number that is not one, at byte ${AT + 16}`);
  });

  it('20,000 values, not more; and no more than the file has left', async () => {
    const values = (count: number) => `[${'1 '.repeat(count - 1)}]`;
    // The page's objects hold 19 values.
    expect(await objectReason(values(20_000 - 19))).toBe('taken');
    expect(await objectReason(values(20_000 - 18))).toMatch(/^a PDF of more than 20000 values, at byte /);
    expect(await objectReason(values(300), { pdfValues: 200 })).toMatch(/^a PDF of more than 200 values, at byte /);
  });

  it('names and references keeping 2 MiB in pdf-lib, not more; and no more than the file has left', async () => {
    const { kept } = (await check(withObject('null'))) as Extract<PdfCheck, { kind: 'checked' }>;
    const left = 2 * 1024 * 1024 - kept;
    // A name of 127 bytes keeps 128 + 32 × 128 bytes; a reference 128.
    const names = (count: number) => `[${Array.from({ length: count }, (_, i) => `/${String(i).padStart(127, 'n')}`).join(' ')}]`;
    expect(await objectReason(names(Math.floor(left / 4224)))).toBe('taken');
    expect(await objectReason(names(Math.floor(left / 4224) + 1))).toMatch(/^a PDF whose names and references would keep more than 2097152 bytes, at byte /);
    const references = (count: number) => `[${Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(' ')}]`;
    expect(await objectReason(references(Math.floor(left / 128)))).toBe('taken');
    expect(await objectReason(references(Math.floor(left / 128) + 1))).toMatch(
      /^a PDF whose names and references would keep more than 2097152 bytes, at byte /,
    );
    // The same name or reference again keeps nothing more.
    expect(await objectReason(`[${'/n 5 0 R '.repeat(9_000)}]`)).toBe('taken');
    expect(await objectReason(references(10), { pdfKeptBytes: kept + 9 * 128 })).toMatch(
      new RegExp(`^a PDF whose names and references would keep more than ${kept + 9 * 128} bytes, at byte `),
    );
  });

  it('streams inflating to 16 MiB, not more; and no more than the file has left', async () => {
    const content = (bytes: number) => streamObject('/Filter /FlateDecode', zerosZlib(bytes));
    expect(await objectReason(content(16 * 1024 * 1024))).toBe('taken');
    expect(await objectReason(content(16 * 1024 * 1024 + 1))).toBe(`a PDF whose streams inflate to more than ${16 * 1024 * 1024} bytes`);
    expect(await objectReason(content(1000), { inflatedBytes: 999 })).toBe('a PDF whose streams inflate to more than the 999 bytes the file has left');
  });

  it('object and cross-reference streams inflating to 4 MiB, not more', async () => {
    const objects = (padding: number) =>
      streamObject('/Type /ObjStm /N 1 /First 5 /Filter /FlateDecode', deflateSync(Buffer.concat([Buffer.from('9 0 \nnull'), Buffer.alloc(padding, 0x20)])));
    expect(await objectReason(objects(4 * 1024 * 1024 - 9))).toBe('taken');
    expect(await objectReason(objects(4 * 1024 * 1024 - 8))).toBe(
      `a PDF whose object and cross-reference streams inflate to more than ${4 * 1024 * 1024} bytes`,
    );
  });

  it('10,000 cross-reference entries, not more', async () => {
    // The same 5 entries over and over (as many references as 5), after the 5 of the file's table.
    const entries = (fives: number, more = '') => streamObject(`/Type /XRef /Size 5 /Index [${'0 5 '.repeat(fives)}${more}] /W [0 0 0]`, Buffer.alloc(0));
    expect(await objectReason(entries(1_999))).toBe('taken');
    expect(await objectReason(entries(1_999, '0 1'))).toBe('a PDF of more than 10000 cross-reference entries');
  });

  it('PDF_SYNTAX says so', async () => {
    expect(PDF_SYNTAX).toEqual({
      depth: 32,
      nameBytes: 127,
      stringBytes: 32_767,
      numberChars: 32,
      values: 20_000,
      keptBytes: 2 * 1024 * 1024,
      xrefEntries: 10_000,
      parsedStreamBytes: 4 * 1024 * 1024,
      inflatedBytes: 16 * 1024 * 1024,
    });
  });

  it('a PDF of 4 MiB, not more', async () => {
    const pad = (pdf: Buffer, size: number) => Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
    expect(await reasonOf(pad(withObject('null'), 4 * 1024 * 1024))).toBe('taken');
    expect(await reasonOf(pad(withObject('null'), 4 * 1024 * 1024 + 1))).toBe(`a PDF of ${4 * 1024 * 1024 + 1} bytes, more than ${4 * 1024 * 1024}`);
  });
});

describe('what pdf-lib would skip, guess at or read otherwise is refused', () => {
  const objStm = (dict: string, body: string) => streamObject(`/Type /ObjStm ${dict}`, Buffer.from(body));
  it.each([
    ['a keyword between objects', pdfOf(['<< /Type /Catalog >>\nendobj\nendobj']), 'something between the objects of a PDF that is not an object'],
    ['bytes before the header', Buffer.concat([Buffer.from(' '), withObject('null')]), 'not a PDF'],
    [
      'a header followed by something else',
      Buffer.from(withObject('null').toString('latin1').replace('%PDF-1.7\n', '%PDF-1.7x\n'), 'latin1'),
      'a PDF header that is not one',
    ],
    ['a header that no object follows', Buffer.from('%PDF-1.7\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< >>\n'), 'a PDF header that no object follows'],
    ['an object without its endobj', Buffer.from('%PDF-1.7\n1 0 obj\nnull\n2 0 obj\nnull\nendobj\n'), 'a PDF object without its endobj'],
    ['an object numbered 0 (pdf-lib drops it, warning on the console)', Buffer.from('%PDF-1.7\n0 0 obj\nnull\nendobj\n'), 'a PDF object numbered 0'],
    ['a stream inside a dictionary', withObject('<< /A << /Length 0 >> stream\n\nendstream >>'), 'a PDF stream inside an object'],
    ['a stream without its endstream', withObject('<< /Length 3 >>\nstream\nabc'), 'a PDF stream without its end'],
    ['a stream of a negative length', withObject('<< /Length -9 >>\nstream\nabc\nendstream'), 'a PDF stream of a length no stream has'],
    ['a stream whose /Type is a reference', withObject(streamObject('/Type 5 0 R', Buffer.from('x'))), 'a PDF stream whose /Type is not a name'],
    ['a stream whose /Filter is a reference', withObject(streamObject('/Filter 5 0 R', Buffer.from('x'))), 'a PDF stream whose /Filter is not one'],
    [
      'a FlateDecode stream that does not inflate',
      withObject(streamObject('/Filter /FlateDecode', Buffer.from('not deflated'))),
      'a PDF stream that does not inflate',
    ],
    ['an encrypted PDF', Buffer.from(withObject('null').toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 5 0 R'), 'latin1'), 'an encrypted PDF'],
    [
      'an object stream in LZW',
      withObject(objStm('/N 1 /First 4 /Filter /LZWDecode', '9 0 null')),
      'a PDF object or cross-reference stream filtered other than by FlateDecode alone',
    ],
    [
      'an object stream in ASCII hex, then deflated',
      withObject(objStm('/N 1 /First 4 /Filter [/ASCIIHexDecode /FlateDecode]', '9 0 null')),
      'a PDF object or cross-reference stream filtered other than by FlateDecode alone',
    ],
    ['an object stream whose /N is a reference', withObject(objStm('/N 7 0 R /First 4', '9 0 null')), 'a PDF object stream whose /N or /First is not one'],
    [
      'an object stream whose header runs past /First',
      withObject(objStm('/N 2 /First 4', '9 0 10 4 null null')),
      'a PDF object stream whose header runs past its /First',
    ],
    ['an object stream holding a stream', withObject(objStm('/N 1 /First 4', '9 0 << /Length 1 >> stream\nx\nendstream')), 'a PDF stream inside an object'],
    ['an object stream whose objects overlap', withObject(objStm('/N 2 /First 8', '9 0 10 0 null')), 'a PDF object stream whose objects overlap'],
    ['an object stream whose objects run into each other', withObject(objStm('/N 2 /First 8', '9 0 10 2 5 0 R')), 'a PDF object stream whose objects overlap'],
    [
      'a cross-reference stream of 5-byte fields',
      withObject(streamObject('/Type /XRef /Size 1 /W [1 5 1]', Buffer.alloc(7))),
      'a PDF cross-reference stream whose /Size, /Index or /W is not one',
    ],
    [
      'a cross-reference stream with an odd /Index',
      withObject(streamObject('/Type /XRef /Size 1 /Index [0] /W [1 1 1]', Buffer.alloc(3))),
      'a PDF cross-reference stream whose /Size, /Index or /W is not one',
    ],
    [
      'a cross-reference stream whose entries do not fit its data',
      withObject(streamObject('/Type /XRef /Size 2 /W [1 1 1]', Buffer.alloc(5))),
      'a PDF cross-reference stream whose entries do not fit its data',
    ],
    [
      'a cross-reference table entry before its subsection',
      Buffer.from(
        withObject('null')
          .toString('latin1')
          .replace(/xref\n0 \d+\n/, 'xref\n'),
        'latin1',
      ),
      'a PDF cross-reference entry that is not one',
    ],
    ['a reference of a fractional number', withObject('[1.5 0 R]'), 'a PDF reference that is not one'],
    ['a number followed by a letter', withObject('[12x]'), 'a PDF number that is not one'],
    ['two signs', withObject('[+-1]'), 'a PDF number that is not one'],
    ['a keyword that is none', withObject('[nulls]'), 'a PDF object that is not one'],
    ['braces', withObject('{ 1 }'), 'a PDF object that is not one'],
    ['a hex string of other letters', withObject('<a0g1>'), 'a PDF hex string that is not one'],
    ['a dictionary closed by one >', withObject('<< /A 1 >'), 'a PDF dictionary that is not one'],
    ['a dictionary with an empty key', withObject('<< / 1 >>'), 'a PDF dictionary that is not one'],
    ['a dictionary whose key is no name', withObject('<< (A) 1 >>'), 'a PDF dictionary that is not one'],
    ['an array cut short', Buffer.from('%PDF-1.7\n1 0 obj\n[1 2'), 'a PDF object cut short'],
  ])('%s', async (_, pdf, reason) => {
    expect(await reasonOf(pdf)).toMatch(new RegExp(`^${reason.replace(/[()]/g, '\\$&')}(, at byte \\d+.*)?$`));
  });

  it('a content stream of another filter is taken as it is: nothing here or in pdf-lib decodes it', async () => {
    expect(await objectReason(streamObject('/Filter /LZWDecode', Buffer.from('anything')))).toBe('taken');
    expect(await objectReason(streamObject('/Filter [/ASCII85Decode /FlateDecode]', Buffer.from('anything')))).toBe('taken');
  });
});

describe('whatever the check takes, pdf-lib reads as the check did', () => {
  // PDFs written from PDF's grammar with the edges pdf-lib reads in its own way: separators that may be
  // nothing at all, comments, names with escapes, strings with parentheses and escapes, a number read ahead
  // for a reference, streams whose /Length is right, wrong, a reference or missing, with `stream` and
  // `endstream` in their data, object streams, cross-reference tables, trailers; and now and then a byte of junk.
  const sep = fc.constantFrom('', ' ', '\n', '\r\n', '\t', '%c\n', ' %%EOF\r', '\0');
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom('0', '1', '-2', '+3.5', '.5', '4.', '12345', 'true', 'false', 'null', '1 0 R', '2 0 R', '7 1 R', '1 0R', '1 0 R/N', '1.5 0 R', '3 -1 R'),
      fc.constantFrom('/N', '/Type', '/ObjStm', '/A#20B', '/', '/Length', '/#2F', '/xref'),
      fc.constantFrom('()', '(a(b)c)', '(\\))', '(\\()', '(endobj)', '(stream)', '<0a1B>', '<>', '< 0 a >'),
      fc.array(fc.tuple(sep, tie('value')), { maxLength: 4 }).map((items) => `[${items.map(([s, v]) => s + v).join('')}]`),
      fc
        .array(fc.tuple(fc.constantFrom('/A', '/Type', '/Length', '/B#43'), sep, tie('value'), sep), { maxLength: 3 })
        .map((entries) => `<<${entries.map(([k, s1, v, s2]) => k + s1 + v + s2).join('')}>>`),
    ),
  }));
  const data = fc
    .array(fc.constantFrom('x', 'stream', 'endstream', '\r\n', '\n', '\r', ' ', 'endobj', '5 0 obj', 'null'), { maxLength: 8 })
    .map((parts) => parts.join(''));
  const stream = fc
    .tuple(
      data,
      fc.constantFrom('right', 'wrong', 'reference', 'missing'),
      fc.constantFrom('\n', '\r\n', '\r', ' \r\n', ''),
      fc.constantFrom('\n', '\r\n', '\r', '', ' '),
    )
    .map(([body, length, eol, end]) => {
      const dict = { right: `<< /Length ${body.length} >>`, wrong: `<< /Length ${body.length + 3} >>`, reference: '<< /Length 1 0 R >>', missing: '<< >>' }[
        length
      ];
      return `${dict}\nstream${eol}${body}${end}endstream`;
    });
  const objectStream = fc.array(value, { minLength: 1, maxLength: 3 }).chain((values) =>
    fc.tuple(fc.boolean(), fc.integer({ min: -2, max: 2 })).map(([deflated, shift]) => {
      let offset = 0;
      const offsets = values.map((v) => {
        const at = offset;
        offset += v.length + 1;
        return at;
      });
      const header = values.map((_, i) => `${20 + i} ${offsets[i]! + (i === 1 ? shift : 0)}`).join(' ');
      const raw = Buffer.from(`${header}\n${values.join(' ')}`, 'latin1');
      const contents = deflated ? deflateSync(raw) : raw;
      return Buffer.concat([
        Buffer.from(
          `<< /Type /ObjStm /N ${values.length} /First ${header.length + 1}${deflated ? ' /Filter /FlateDecode' : ''} /Length ${contents.length} >>\nstream\n`,
        ),
        contents,
        Buffer.from('\nendstream'),
      ]).toString('latin1');
    }),
  );
  const xrefStream = fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.uint8Array({ maxLength: 9 }))
    .map(([size, bytes]) => `<< /Type /XRef /Size ${size} /W [1 1 1] /Length ${bytes.length} >>\nstream\n${Buffer.from(bytes).toString('latin1')}\nendstream`);
  const object = fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.constantFrom(0, 0, 1), sep, sep, fc.oneof(value, stream, objectStream, xrefStream), sep)
    .map(([n, g, s1, s2, body, s3]) => `${n} ${g}${s1 || ' '}obj${s2}${body}${s3}endobj`);
  const section = fc.oneof(
    { weight: 12, arbitrary: object },
    fc.constant('xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \n'),
    fc.constant('trailer\n<< /Size 10 /Root 1 0 R >>'),
    fc.constantFrom('startxref\n123\n%%EOF', 'startxref\n123\n%%EOF '),
    fc.constantFrom('junk', '7', ')', 'endobj'),
  );
  const pdfs = fc
    .tuple(object, fc.array(fc.tuple(section, sep), { maxLength: 5 }), fc.constantFrom('\n', '\r\n', '\n%\xe2\xe3\xcf\xd3\n'))
    .map(([first, sections, eol]) => Buffer.from(`%PDF-1.7${eol}${first}\n${sections.map(([text, s]) => `${text}${s || '\n'}`).join('')}`, 'latin1'));

  it('for any PDF the check takes, pdf-lib finds the very objects the check counted, and warns of nothing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let taken = 0;
    try {
      await fc.assert(
        fc.asyncProperty(pdfs, async (pdf) => {
          const checked = await check(pdf);
          if (checked.kind === 'refused') return;
          taken++;
          const found = await objectsPdfLibFinds(pdf).catch(() => undefined);
          // pdf-lib may still refuse it (the label file then does too); it never finds other objects.
          if (found !== undefined) expect(found).toBe(checked.objects);
          expect(warn).not.toHaveBeenCalled();
        }),
        { numRuns: 2000 },
      );
    } finally {
      warn.mockRestore();
    }
    // Not vacuous: about a quarter of them are taken.
    expect(taken).toBeGreaterThan(300);
  });
});
