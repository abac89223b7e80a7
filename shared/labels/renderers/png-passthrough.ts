/**
 * A PNG whose pixels a PDF can carry as they are: PDF's FlateDecode filter
 * with the PNG predictors (`/Predictor 15`) reads a PNG's IDAT data itself,
 * so an opaque, non-interlaced image is embedded without being decoded
 * (what pdfkit and jsPDF do). @cantoo/pdf-lib's `embedPng` decodes every PNG
 * to RGBA, deflates it again, and keeps each decoded image until `save()`:
 * about 3.3 MB and 43 ms per 812×1218 label, so a 200-package label grew
 * the process by about 670 MB, more than the dev function's 512 MB
 * (docs/decisions.md, labels).
 *
 * Passed through: colour type 0 (grey) at 1, 2, 4 or 8 bits, 2 (RGB) at 8,
 * 3 (palette) at 1, 2, 4 or 8 with its PLTE; never interlaced; no tRNS, no
 * animation. Anything else, and anything this parser doubts (a bad
 * signature, length or CRC, IHDR not first, no IDAT, a deflate stream that
 * does not inflate to exactly the image's rows, a filter type beyond 4), is
 * undefined: the caller then embeds it through pdf-lib as before, which
 * draws it or fails as it always did.
 */
import { crc32, inflateSync } from 'node:zlib';

export type PassThroughPng = {
  width: number;
  height: number;
  bitsPerComponent: 1 | 2 | 4 | 8;
  /** Samples per pixel in the data: 1 (grey, palette index) or 3 (RGB). */
  colors: 1 | 3;
  /** The palette (RGB triples) of colour type 3, padded with black to 2^bitsPerComponent entries; undefined for grey and RGB. */
  palette?: Buffer;
  /** The IDAT chunks' data, joined: a zlib stream of filtered rows. */
  data: Buffer;
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Filtered rows inflated to check them, at most this many bytes (a 4000×4000 RGB image is 48 MB); larger images go to pdf-lib as before. */
const MAX_INFLATED = 64 * 1024 * 1024;

/** Bit depths passed through for each colour type (16-bit and the alpha types go to pdf-lib). */
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8], 2: [8], 3: [1, 2, 4, 8] };

const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** The image of `png` as a PDF can carry it, or undefined when it cannot or this parser doubts it. Never throws. */
export function passThroughPng(png: Buffer): PassThroughPng | undefined {
  try {
    return parse(png);
  } catch {
    return undefined;
  }
}

function parse(png: Buffer): PassThroughPng | undefined {
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return undefined;
  let offset = SIGNATURE.length;
  let header: { width: number; height: number; depth: number; colorType: number } | undefined;
  let palette: Buffer | undefined;
  const idats: Buffer[] = [];
  let idatsEnded = false;
  let ended = false;
  // Each pass moves offset on by at least 12 bytes, within the buffer: the loop ends.
  while (!ended) {
    if (offset + 12 > png.length) return undefined;
    const length = png.readUInt32BE(offset);
    if (length > 0x7fffffff || length > png.length - offset - 12) return undefined;
    const typeBytes = png.subarray(offset + 4, offset + 8);
    if (!typeBytes.every(isLetter)) return undefined;
    const type = typeBytes.toString('latin1');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (crc32(data, crc32(typeBytes)) >>> 0 !== png.readUInt32BE(offset + 8 + length)) return undefined;
    offset += 12 + length;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return undefined;
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const [depth, colorType, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
      if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) return undefined;
      if (!DEPTHS[colorType]?.includes(depth) || compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
      header = { width, height, depth, colorType };
      continue;
    }
    if (idats.length > 0 && type !== 'IDAT') idatsEnded = true;
    switch (type) {
      case 'IDAT':
        // IDAT chunks are consecutive (PNG 11.2.4).
        if (idatsEnded) return undefined;
        idats.push(data);
        break;
      case 'PLTE':
        if (palette || idats.length > 0 || length === 0 || length % 3 !== 0 || length / 3 > 256) return undefined;
        // Grey has no palette; RGB's is a suggestion, unused here and by pdf-lib.
        if (header.colorType === 0) return undefined;
        palette = data;
        break;
      case 'IEND':
        ended = true;
        break;
      default:
        // An unknown critical chunk (upper-case first letter), a second IHDR, transparency, animation, Apple's CgBI: pdf-lib's.
        if (isUpper(type) || type === 'tRNS' || type === 'acTL' || type === 'fcTL' || type === 'fdAT') return undefined;
    }
  }
  if (!header || idats.length === 0) return undefined;
  const { width, height, depth, colorType } = header;
  const bitsPerComponent = depth as PassThroughPng['bitsPerComponent'];
  const colors = colorType === 2 ? 3 : 1;
  if (colorType === 3) {
    if (!palette || palette.length / 3 > 2 ** depth) return undefined;
    // An index beyond the palette is black, as pdf-lib's decoder draws it.
    const padded = Buffer.alloc(3 * 2 ** depth);
    palette.copy(padded);
    palette = padded;
  }
  const rowBytes = Math.ceil((width * colors * depth) / 8);
  const inflatedLength = (rowBytes + 1) * height;
  if (inflatedLength > MAX_INFLATED) return undefined;
  const joined = idats.length === 1 ? idats[0]! : Buffer.concat(idats);
  // Throws (caught above) on a broken stream, a preset dictionary, or more than the image's rows.
  const rows = inflateSync(joined, { maxOutputLength: inflatedLength });
  if (rows.length !== inflatedLength) return undefined;
  for (let row = 0; row < inflatedLength; row += rowBytes + 1) if (rows[row]! > 4) return undefined;
  return { width, height, bitsPerComponent, colors, palette: colorType === 3 ? palette : undefined, data: joined };
}

const isUpper = (type: string) => type.charCodeAt(0) <= 0x5a;
