/**
 * A carrier's PNG label (carrier-png.ts): an opaque, non-interlaced grey,
 * RGB or palette PNG is embedded without being decoded, written as an image
 * XObject of its own IDAT data with the PNG predictors, and must show the
 * very pixels pdf-lib's decoder (what embedPng drew before) reads from it;
 * every other PNG within its bounds is decoded by embedPng; a malformed one
 * is refused, its package drawn by the service, where it used to fail the
 * file. The PDFs are read back with pdf-lib's parser; the predictors are
 * undone here from the PNG specification (no PDF renderer is among the
 * dependencies). The bounds themselves: hostile-carrier-documents.test.ts.
 */
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { decode, toRGBA8 } from '@cantoo/pdf-lib/upng';
import type { CarrierDocument } from '../../../shared/domain/carrier';
import { encodePng } from '../../../shared/labels/png';
import { renderDocument } from '../../../shared/labels/render';
import { FILE_BUDGET, imageSidesFor, MAX_IMAGE_BYTES } from '../../../shared/labels/renderers/carrier-limits';
import { readCarrierPng } from '../../../shared/labels/renderers/carrier-png';
import { LABEL_SIZE } from '../../../shared/labels/renderers/layout';
import { documentOf, manyPieces, rateRequest } from './fixtures';
import { readPdf } from './inspect';

/** What a shipping label makes of a PNG: its kind. */
const kindOf = (png: Buffer) => readCarrierPng(png, { ...imageSidesFor(LABEL_SIZE), maxBytes: MAX_IMAGE_BYTES, maxInflated: FILE_BUDGET.inflatedBytes }).kind;

// --- A PNG encoder for the tests: any colour type and depth, every filter type, Adam7, split IDATs, extra chunks.

type Image = { width: number; height: number; colorType: 0 | 2 | 3 | 4 | 6; depth: 1 | 2 | 4 | 8 | 16; samples: number[][]; palette?: number[] };
type Options = { interlace?: boolean; idatChunks?: number; before?: Buffer[]; transparency?: Buffer; filter?: (row: number) => number };

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const chunk = (type: string, data: Buffer = Buffer.alloc(0)): Buffer => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
};

/** Samples of one row packed at `depth` bits, big-endian, the last byte padded with zeros. */
function pack(samples: readonly number[], depth: number): Buffer {
  const out = Buffer.alloc(Math.ceil((samples.length * depth) / 8));
  samples.forEach((s, i) => {
    if (depth === 16) out.writeUInt16BE(s, i * 2);
    else if (depth === 8) out[i] = s;
    else out[(i * depth) >> 3]! |= s << (8 - depth - ((i * depth) & 7));
  });
  return out;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};
const predict = (type: number, a: number, b: number, c: number) => [0, a, b, (a + b) >> 1, paeth(a, b, c)][type]!;

/** Rows filtered with the filter type `filter` picks for each (PNG 9.2). */
function filterRows(rows: readonly Buffer[], bpp: number, filter: (row: number) => number): Buffer {
  return Buffer.concat(
    rows.map((row, y) => {
      const type = filter(y);
      const up = y > 0 ? rows[y - 1]! : Buffer.alloc(row.length);
      const out = Buffer.alloc(row.length + 1);
      out[0] = type;
      for (let i = 0; i < row.length; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const c = i >= bpp ? up[i - bpp]! : 0;
        out[i + 1] = (row[i]! - predict(type, a, up[i]!, c)) & 0xff;
      }
      return out;
    }),
  );
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function encode(image: Image, options: Options = {}): Buffer {
  const { width, height, colorType, depth, samples } = image;
  const channels = CHANNELS[colorType];
  const bpp = Math.max(1, (channels * depth) / 8);
  const filter = options.filter ?? ((row) => row % 5);
  const pixelRow = (y: number, xs: number[]) =>
    pack(
      xs.flatMap((x) => samples[y]!.slice(x * channels, (x + 1) * channels)),
      depth,
    );
  const range = (from: number, to: number, step: number) => Array.from({ length: Math.max(0, Math.ceil((to - from) / step)) }, (_, i) => from + i * step);
  const raw = options.interlace
    ? Buffer.concat(
        ADAM7.map(([x0, y0, dx, dy]) => {
          const xs = range(x0, width, dx);
          return xs.length === 0
            ? Buffer.alloc(0)
            : filterRows(
                range(y0, height, dy).map((y) => pixelRow(y, xs)),
                bpp,
                filter,
              );
        }),
      )
    : filterRows(
        range(0, height, 1).map((y) => pixelRow(y, range(0, width, 1))),
        bpp,
        filter,
      );
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colorType, 0, 0, options.interlace ? 1 : 0], 8);
  const compressed = deflateSync(raw);
  const parts = options.idatChunks ?? 1;
  const size = Math.ceil(compressed.length / parts);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    ...(options.before ?? []),
    ...(image.palette ? [chunk('PLTE', Buffer.from(image.palette))] : []),
    ...(options.transparency ? [chunk('tRNS', options.transparency)] : []),
    ...range(0, parts, 1).map((i) => chunk('IDAT', compressed.subarray(i * size, (i + 1) * size))),
    chunk('IEND'),
  ]);
}

/** A deterministic image of random samples (xorshift). */
function randomImage(width: number, height: number, colorType: Image['colorType'], depth: Image['depth'], seed = 7, maxSample = 2 ** depth - 1): Image {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % (maxSample + 1);
  };
  const samples = Array.from({ length: height }, () => Array.from({ length: width * CHANNELS[colorType] }, next));
  return { width, height, colorType, depth, samples };
}

/** A well-formed PNG's IDAT chunks' data, joined. */
function idatData(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'IDAT') parts.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  return Buffer.concat(parts);
}

// --- Reading the label PDF back.

const renderFile = (png: Buffer) => {
  const carrierDocuments: CarrierDocument[] = [{ type: 'label', format: 'PNG', packageIndex: 0, content: png }];
  return renderDocument('SHIPPING_LABEL_PDF', { ...documentOf(rateRequest()), carrierDocuments });
};
const render = async (png: Buffer) => (await renderFile(png)).body;

const rawStream = (pdf: PDFDocument, ref: unknown): PDFRawStream => {
  const stream = pdf.context.lookup(ref as PDFRef);
  if (!(stream instanceof PDFRawStream)) throw new Error('not a stream');
  return stream;
};

/** The page's one image XObject. */
async function imageOf(pdfBytes: Buffer): Promise<{ dict: PDFDict; stream: PDFRawStream; pdf: PDFDocument }> {
  const pdf = await PDFDocument.load(pdfBytes);
  const xObjects = pdf.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
  const refs = xObjects.values();
  expect(refs).toHaveLength(1);
  const stream = rawStream(pdf, refs[0]);
  expect(stream.dict.lookup(PDFName.of('Subtype'))).toBe(PDFName.of('Image'));
  return { dict: stream.dict, stream, pdf };
}

const num = (dict: PDFDict, key: string) => dict.lookup(PDFName.of(key), PDFNumber).asNumber();
/** The stream inflated, its PNG predictors (if any) left in place. */
const inflated = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode());

/** Rows with the PNG predictors undone (PNG 9.2), from rows each led by its filter type. */
function unfilter(data: Buffer, rowBytes: number, bpp: number): Buffer[] {
  const rows: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += rowBytes + 1) {
    const type = data[offset]!;
    if (type > 4) throw new Error(`filter type ${type}`);
    const up = rows.at(-1) ?? Buffer.alloc(rowBytes);
    const row = Buffer.alloc(rowBytes);
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const c = i >= bpp ? up[i - bpp]! : 0;
      row[i] = (data[offset + 1 + i]! + predict(type, a, up[i]!, c)) & 0xff;
    }
    rows.push(row);
  }
  return rows;
}

/** The RGBA pixels a reader draws from a pass-through image XObject: its samples mapped through its colour space. */
function drawnPixels(dict: PDFDict, stream: PDFRawStream): Uint8Array {
  const [width, height, bits] = [num(dict, 'Width'), num(dict, 'Height'), num(dict, 'BitsPerComponent')];
  const space = dict.lookup(PDFName.of('ColorSpace'));
  const colors = space === PDFName.of('DeviceRGB') ? 3 : 1;
  const rowBytes = Math.ceil((width * colors * bits) / 8);
  const rows = unfilter(inflated(stream), rowBytes, Math.max(1, (colors * bits) / 8));
  expect(rows).toHaveLength(height);
  const sample = (row: Buffer, i: number) => (bits === 8 ? row[i]! : (row[(i * bits) >> 3]! >> (8 - bits - ((i * bits) & 7))) & (2 ** bits - 1));
  let lookup: Buffer | undefined;
  if (space instanceof PDFArray) {
    expect(space.lookup(0)).toBe(PDFName.of('Indexed'));
    expect(space.lookup(1)).toBe(PDFName.of('DeviceRGB'));
    lookup = Buffer.from((space.lookup(3) as PDFHexString).asBytes());
    expect(lookup.length).toBe(3 * (space.lookup(2, PDFNumber).asNumber() + 1));
  }
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (lookup) out.set(lookup.subarray(3 * sample(rows[y]!, x), 3 * sample(rows[y]!, x) + 3), o);
      else if (colors === 3) out.set(rows[y]!.subarray(3 * x, 3 * x + 3), o);
      else out.fill((sample(rows[y]!, x) * 255) / (2 ** bits - 1), o, o + 3);
      out[o + 3] = 255;
    }
  }
  return out;
}

/** Where two pixel buffers first differ (-1: nowhere): jest compares large buffers element by element, slowly. */
const firstDifference = (a: Uint8Array, b: Uint8Array) =>
  a.length !== b.length ? Math.min(a.length, b.length) : Buffer.from(a).equals(Buffer.from(b)) ? -1 : a.findIndex((v, i) => v !== b[i]);

/** The RGBA pixels pdf-lib's PNG decoder reads (what embedPng embeds). */
const decodedPixels = (png: Buffer) => new Uint8Array(toRGBA8(decode(png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer))[0]!);

describe('passed through: the IDAT data with the PNG predictors, the pixels the decoder reads', () => {
  const cases: [string, Image, Options][] = [
    ['grey, 1 bit (the sandbox carrier Z)', randomImage(37, 11, 0, 1), {}],
    ['grey, 2 bits', randomImage(13, 9, 0, 2), {}],
    ['grey, 4 bits', randomImage(13, 9, 0, 4), {}],
    ['grey, 8 bits', randomImage(13, 9, 0, 8), {}],
    ['RGB, 8 bits', randomImage(13, 9, 2, 8), {}],
    ['RGB, 8 bits, landscape, its data in five IDAT chunks', randomImage(40, 17, 2, 8), { idatChunks: 5 }],
    ['palette, 1 bit', { ...randomImage(21, 5, 3, 1), palette: [255, 0, 0, 0, 0, 255] }, {}],
    ['palette, 2 bits', { ...randomImage(21, 5, 3, 2), palette: [1, 2, 3, 40, 50, 60, 200, 100, 0, 9, 9, 9] }, {}],
    [
      'palette, 4 bits, fewer colours than indexes',
      { ...randomImage(21, 5, 3, 4, 7, 5), palette: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180] },
      {},
    ],
    [
      'palette, 8 bits, an index beyond the palette (black, as the decoder draws it)',
      { ...randomImage(21, 5, 3, 8, 11, 3), palette: [255, 255, 255, 128, 0, 128, 0, 200, 0] },
      {},
    ],
    [
      'grey, 8 bits, ancillary chunks (gAMA, tEXt) beside',
      randomImage(13, 9, 0, 8),
      { before: [chunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])), chunk('tEXt', Buffer.from('Comment\0label'))] },
    ],
  ];

  it.each(cases)('%s', async (_, image, options) => {
    const png = encode(image, options);
    const { dict, stream } = await imageOf(await render(png));
    const colors = image.colorType === 2 ? 3 : 1;
    expect(dict.lookup(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    const parms = dict.lookup(PDFName.of('DecodeParms'), PDFDict);
    expect([num(parms, 'Predictor'), num(parms, 'Colors'), num(parms, 'BitsPerComponent'), num(parms, 'Columns')]).toEqual([
      15,
      colors,
      image.depth,
      image.width,
    ]);
    expect([num(dict, 'Width'), num(dict, 'Height'), num(dict, 'BitsPerComponent')]).toEqual([image.width, image.height, image.depth]);
    if (image.colorType !== 3) expect(dict.lookup(PDFName.of('ColorSpace'))).toBe(PDFName.of(colors === 3 ? 'DeviceRGB' : 'DeviceGray'));
    expect(dict.lookup(PDFName.of('SMask'))).toBeUndefined();
    // The stream is the PNG's own compressed data, byte for byte.
    expect(Buffer.from(stream.contents)).toEqual(idatData(png));
    // Its rows, predictors undone, are the image's rows as written.
    const rowBytes = Math.ceil((image.width * colors * image.depth) / 8);
    expect(unfilter(inflated(stream), rowBytes, Math.max(1, (colors * image.depth) / 8))).toEqual(image.samples.map((row) => pack(row, image.depth)));
    // And the pixels drawn from them are those pdf-lib's decoder reads from the PNG.
    expect(firstDifference(drawnPixels(dict, stream), decodedPixels(png))).toBe(-1);
  });

  it("the sandbox carrier Z's 812×1218 label", async () => {
    const label = encodePng({ width: 812, height: 1218, black: (x, y) => (x * y) % 11 === 0 });
    const { dict, stream } = await imageOf(await render(label));
    expect(num(dict.lookup(PDFName.of('DecodeParms'), PDFDict), 'Predictor')).toBe(15);
    expect(firstDifference(drawnPixels(dict, stream), decodedPixels(label))).toBe(-1);
  });

  it("a 200-package label of the carrier's images is one page each, an XObject each", async () => {
    const carrierDocuments: CarrierDocument[] = Array.from({ length: 200 }, (_, packageIndex) => ({
      type: 'label',
      format: 'PNG',
      packageIndex,
      content: encodePng({ width: 812, height: 1218, black: (x, y) => (x + y + packageIndex) % 9 === 0 }),
    }));
    const pdf = await PDFDocument.load((await renderDocument('SHIPPING_LABEL_PDF', { ...documentOf(manyPieces(200)), carrierDocuments })).body);
    expect(pdf.getPageCount()).toBe(200);
    const streams = pdf.getPages().map((page) => rawStream(pdf, page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict).values()[0]));
    expect(new Set(streams).size).toBe(200);
    expect(Buffer.from(streams[199]!.contents)).toEqual(idatData(carrierDocuments[199]!.content));
  });
});

/** A good grey PNG's signature and header, then IDAT `rows` deflated as they are, and IEND. */
const goodGrey = () => encode(randomImage(13, 9, 0, 8));
const withIdat = (rows: Buffer) => Buffer.concat([goodGrey().subarray(0, 8 + 25), chunk('IDAT', deflateSync(rows)), chunk('IEND')]);

describe('every other PNG within its bounds is decoded by embedPng', () => {
  const cases: [string, Buffer][] = [
    ['grey with alpha', encode(randomImage(13, 9, 4, 8))],
    ['RGBA', encode(randomImage(13, 9, 6, 8))],
    ['grey with tRNS', encode(randomImage(13, 9, 0, 8), { transparency: Buffer.from([0, 7]) })],
    ['RGB with tRNS', encode(randomImage(13, 9, 2, 8), { transparency: Buffer.from([0, 1, 0, 2, 0, 3]) })],
    ['palette with tRNS', encode({ ...randomImage(13, 9, 3, 1), palette: [0, 0, 0, 255, 255, 255] }, { transparency: Buffer.from([0]) })],
    ['interlaced grey, 1 bit', encode(randomImage(13, 11, 0, 1), { interlace: true })],
    ['interlaced RGB, 8 bits', encode(randomImage(13, 11, 2, 8), { interlace: true })],
    ['grey, 16 bits', encode(randomImage(13, 9, 0, 16))],
    ['RGB, 16 bits', encode(randomImage(13, 9, 2, 16))],
    [
      'a bad CRC (the decoder ignores CRCs)',
      (() => {
        const png = goodGrey();
        png[png.length - 12 - 1]! ^= 1; // the IDAT's CRC
        return png;
      })(),
    ],
    [
      'a filter type of 5 (the decoder reads it as 4)',
      withIdat(Buffer.concat(Array.from({ length: 9 }, (_, y) => Buffer.from([y === 3 ? 5 : 0, ...Array(13).fill(9)])))),
    ],
    [
      'its data in IDATs apart',
      (() => {
        const data = deflateSync(Buffer.concat(Array.from({ length: 9 }, () => Buffer.from([0, ...Array(13).fill(200)]))));
        return Buffer.concat([
          goodGrey().subarray(0, 33),
          chunk('IDAT', data.subarray(0, 10)),
          chunk('tEXt', Buffer.from('a\0b')),
          chunk('IDAT', data.subarray(10)),
          chunk('IEND'),
        ]);
      })(),
    ],
  ];

  it.each(cases)('%s', async (_, png) => {
    expect(kindOf(png)).toBe('decode');
    const { dict, stream, pdf } = await imageOf(await render(png));
    expect(dict.lookup(PDFName.of('DecodeParms'))).toBeUndefined();
    expect(dict.lookup(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    // pdf-lib's image: the decoded RGB, and the alpha as a soft mask where any pixel is not opaque.
    const rgba = decodedPixels(png);
    const rgb = inflated(stream);
    expect(rgb).toEqual(Buffer.from(rgba.filter((_, i) => i % 4 !== 3)));
    const mask = dict.lookup(PDFName.of('SMask'));
    const alpha = rgba.filter((_, i) => i % 4 === 3);
    if (alpha.every((a) => a === 255)) expect(mask).toBeUndefined();
    else expect(inflated(rawStream(pdf, mask))).toEqual(Buffer.from(alpha));
  });
});

describe("a malformed PNG is refused: its package is the service's page, where the file used to fail", () => {
  const cases: [string, Buffer][] = [
    ['empty', Buffer.alloc(0)],
    ['not a PNG', Buffer.from('GIF89a not a png at all')],
    ['the signature alone', SIGNATURE],
    ['cut in its IDAT', goodGrey().subarray(0, 60)],
    ['cut before IEND', goodGrey().subarray(0, -12)],
    ['a chunk length past the end', Buffer.concat([goodGrey().subarray(0, 33), Buffer.from([0, 0, 1, 0]), Buffer.from('IDAT'), Buffer.alloc(16)])],
    ['no IHDR first', Buffer.concat([SIGNATURE, goodGrey().subarray(33)])],
    ['rows too few', withIdat(Buffer.alloc(14 * 4))],
    ['rows too many', withIdat(Buffer.alloc(14 * 10))],
    ['IDAT data that is not zlib', Buffer.concat([goodGrey().subarray(0, 33), chunk('IDAT', Buffer.from('not deflate data')), chunk('IEND')])],
    ['a palette image without its palette', encode(randomImage(13, 9, 3, 4))],
    ['a second IHDR', Buffer.concat([goodGrey().subarray(0, 33), goodGrey().subarray(8)])],
    ["Apple's CgBI before its header", Buffer.concat([SIGNATURE, chunk('CgBI', Buffer.from([0x50, 0, 0x20, 6])), goodGrey().subarray(8)])],
    ['a critical chunk not known here', Buffer.concat([goodGrey().subarray(0, 33), chunk('QRST', Buffer.from([1])), goodGrey().subarray(33)])],
    ['a colour type no PNG has', encode({ ...randomImage(13, 9, 0, 8), colorType: 5 as never })],
  ];

  it.each(cases)('%s', async (_, png) => {
    expect(kindOf(png)).toBe('refused');
    const file = await renderFile(png);
    expect((await readPdf(file.body)).pages[0]!.text.join(' ')).toContain(documentOf(rateRequest()).trackingNumber);
    expect(file.refused).toEqual([{ type: 'label', format: 'PNG', packageIndex: 0, reason: expect.any(String) }]);
  });
});

describe('the reader, on hostile bytes', () => {
  it('never takes a PNG cut anywhere (no IEND, no rows)', () => {
    const png = encode(randomImage(13, 9, 2, 8), { idatChunks: 3 });
    expect(kindOf(png)).toBe('pass-through');
    for (let end = 0; end < png.length; end++) expect(kindOf(png.subarray(0, end))).toBe('refused');
  });

  it('ends on a huge chunk length, and on a long run of empty chunks without IEND', () => {
    const head = goodGrey();
    expect(kindOf(Buffer.concat([head.subarray(0, 33), Buffer.from([0xff, 0xff, 0xff, 0xff]), Buffer.from('IDAT'), Buffer.alloc(64)]))).toBe('refused');
    const empties = Buffer.concat(Array.from({ length: 100_000 }, () => chunk('teXt')));
    expect(kindOf(Buffer.concat([head.subarray(0, 33), empties]))).toBe('refused');
  });

  it('refuses an image larger than its page without inflating it, and a stream that inflates beyond the rows', () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    expect(kindOf(Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND')]))).toBe('refused');
    expect(kindOf(withIdat(Buffer.alloc(14 * 9 + 1)))).toBe('refused');
  });

  it('never throws, on any bytes flipped in a valid PNG', () => {
    const png = encode(randomImage(9, 5, 2, 8));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(png.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }), (flips) => {
        const bad = Buffer.from(png);
        for (const [at, xor] of flips) bad[at]! ^= xor;
        expect(() => kindOf(bad)).not.toThrow();
      }),
    );
  });
});
