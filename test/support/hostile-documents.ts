/**
 * Carrier documents made to stall or bloat a decoder or parser (issue 43),
 * for the label tests and the bench (bench/labels.ts): PNG headers claiming
 * what no label is, deflate streams that inflate a thousand times over,
 * bytes that are no image, JPEG frame headers, and PDFs written object by
 * object. The huge
 * streams are built without ever holding their inflated bytes: one megabyte
 * of zeros deflated once, flushed to a byte boundary, repeated.
 */
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const pngChunk = (type: string, data: Buffer = Buffer.alloc(0)): Buffer => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
};

export const ihdr = (width: number, height: number, depth: number, colorType: number, interlace = 0): Buffer => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([depth, colorType, 0, 0, interlace], 8);
  return pngChunk('IHDR', data);
};

/** A PNG of these chunks between the signature and IEND. */
export const pngOf = (...chunks: Buffer[]): Buffer => Buffer.concat([SIGNATURE, ...chunks, pngChunk('IEND')]);

const SEGMENT = 1024 * 1024;
let segment: Buffer | undefined;
/** One MiB of zeros as non-final deflate blocks, ending on a byte boundary (a sync flush): copies of it follow one another. */
const zeroSegment = () => (segment ??= deflateRawSync(Buffer.alloc(SEGMENT), { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));

/** A zlib stream that inflates to `length` zero bytes, about length / 1000 bytes long. */
export function zerosZlib(length: number): Buffer {
  const whole = Math.floor(length / SEGMENT);
  const rest = length % SEGMENT;
  const body = Buffer.concat([
    ...Array.from({ length: whole }, zeroSegment),
    // The rest, and the final block.
    deflateRawSync(Buffer.alloc(rest), { level: 9 }),
  ]);
  // Adler-32 of zeros: A stays 1, B adds 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0, 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), body, adler]);
}

/** Bytes of the rows of an image: a filter byte and the packed samples per row. */
const rowsLength = (width: number, height: number, bitsPerPixel: number) => (Math.ceil((width * bitsPerPixel) / 8) + 1) * height;

/** An image of zeros (black, or transparent) of this size and kind, its rows deflated. */
const zeroImage = (width: number, height: number, depth: number, colorType: number, bitsPerPixel: number) =>
  pngOf(ihdr(width, height, depth, colorType), pngChunk('IDAT', zerosZlib(rowsLength(width, height, bitsPerPixel))));

export const HOSTILE_IMAGES = {
  /** 68 bytes claiming 2147483647 × 2147483647 pixels: pdf-lib's decoder loops over the header's rows, not the data. */
  huge68: () => pngOf(ihdr(0x7fffffff, 0x7fffffff, 8, 0), pngChunk('IDAT', zerosZlib(16))),
  /** 8000 × 8000 RGBA of zeros, about 249 KB (11 s and +637 MB through pdf-lib). */
  rgba8000: () => zeroImage(8000, 8000, 8, 6, 32),
  /** 12000 × 12000 16-bit grey of zeros, about 280 KB (16 s and +1.2 GB). */
  grey16x12000: () => zeroImage(12000, 12000, 16, 0, 16),
  /** A label-sized 1-bit header whose data inflates to 1 GiB: about 1 MB (18 s and +2 GB). */
  bomb1GiB: () => pngOf(ihdr(812, 1218, 1, 0), pngChunk('IDAT', zerosZlib(1024 * 1024 * 1024))),
  /** Not an image at all: a proxy's error page stored as the label. */
  notPng: () => Buffer.from('<html><body><h1>502 Bad Gateway</h1></body></html>\n'),
} as const;

export type HostileImage = keyof typeof HOSTILE_IMAGES;

/** A JPEG's markers as far as a PDF needs them: SOI, a baseline frame header (SOF0) of `width` × `height`, 3 components of `bits`, EOI. Nothing decodes the scan. */
export const jpegOf = (width: number, height: number, bits = 8): Buffer => {
  const sof = Buffer.from([0xff, 0xc0, 0, 17, bits, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
};

/** A PDF of these objects (numbered from 1, the first the catalog), with its cross-reference table. */
export function pdfOf(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((object, i) => {
    offsets.push(size);
    const bytes = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(object), Buffer.from('\nendobj\n')]);
    parts.push(bytes);
    size += bytes.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A PDF of `pages` 4×6 pages, every one the same page object. */
export const pdfOfPages = (pages: number): Buffer =>
  pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, () => '3 0 R').join(' ')}] /Count ${pages} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >>',
  ]);

/** A stream object's body: its dictionary with its /Length, and its data. */
export const streamObject = (dict: string, data: Buffer): Buffer =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** A catalog, a page tree and one 4×6 page: objects 1 to 3 of a PDF. */
const ONE_PAGE = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >>'];

/** A one-page PDF with `extra` objects after its page (objects 4 on). */
export const onePageWith = (...extra: (string | Buffer)[]): Buffer => pdfOf([...ONE_PAGE, ...extra]);

export const HOSTILE_PDFS = {
  /** A page tree whose node lists itself among its kids. */
  pageTreeLoop: () =>
    pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >>']),
  /** 100,000 pages (pdf-lib copied them for minutes). */
  pages100k: () => pdfOfPages(100_000),
  /** Objects that never end: pdf-lib's recovery scans the rest of the file for each (3,000 of them: seconds; 30,000: minutes). */
  unendingObjects: (count = 3_000) => Buffer.from(`%PDF-1.7\n${'1 0 obj\n(\n'.repeat(count)}`),
  /** Not a PDF: a proxy's error page stored as the label. */
  notPdf: () => Buffer.from('<html><body><h1>502 Bad Gateway</h1></body></html>\n'),
  /** About 1 MB whose object stream inflates to 1 GiB: pdf-lib inflates it whole while parsing (5-9 s, +1.1 GB). */
  objectStreamBomb: () => onePageWith(streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zerosZlib(1024 * 1024 * 1024))),
  /** A run of digits between two objects: pdf-lib's skip over what is not an object reads the run from each of its digits (30 KB: 37 s). */
  digitsBetweenObjects: (length = 30_000) => pdfOf([...ONE_PAGE.slice(0, 2), Buffer.from(`${ONE_PAGE[2]}\nendobj\n${'7'.repeat(length)}\n4 0 obj\nnull`)]),
  /** A cross-reference stream of 3 bytes claiming 100 million entries: pdf-lib makes a reference for each. */
  xrefStreamHugeSize: () => onePageWith(streamObject('/Type /XRef /Size 100000000 /W [1 1 1] /Filter /FlateDecode', deflateSync(Buffer.alloc(3)))),
  /** An object stream whose 3,000 objects all start at the same array of 10,000 numbers: pdf-lib parses it once for each (30 million numbers). */
  objectStreamOverlap: (count = 3_000) => {
    const header = Array.from({ length: count }, (_, i) => `${i + 10} 0`).join(' ');
    const body = `${header}\n[${'0 '.repeat(10_000)}]`;
    return onePageWith(streamObject(`/Type /ObjStm /N ${count} /First ${header.length + 1} /Filter /FlateDecode`, deflateSync(Buffer.from(body))));
  },
  /** Arrays nested 100,000 deep. */
  deepNesting: () => onePageWith(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  /** 300,000 names, each other: pdf-lib keeps every name it reads for as long as the process lives. */
  manyNames: (count = 300_000) => onePageWith(`[${Array.from({ length: count }, (_, i) => `/N${i}`).join(' ')}]`),
  /** 300,000 references, each to another object: kept as the names are. */
  manyReferences: (count = 300_000) => onePageWith(`[${Array.from({ length: count }, (_, i) => `${i + 10} 0 R`).join(' ')}]`),
  /** A name of 3 MiB. */
  longName: () => onePageWith(`/${'A'.repeat(3 * 1024 * 1024)}`),
} as const;
