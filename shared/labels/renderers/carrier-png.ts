/**
 * A carrier's PNG label, read before any decoder sees it. Three outcomes:
 *
 * - **Passed through**: PDF's FlateDecode filter with the PNG predictors
 *   (`/Predictor 15`) reads a PNG's IDAT data itself, so an opaque,
 *   non-interlaced image is embedded without being decoded (what pdfkit and
 *   jsPDF do). @cantoo/pdf-lib's `embedPng` decodes every PNG to RGBA,
 *   deflates it again, and keeps each decoded image until `save()`: about
 *   3.3 MB and 43 ms per 812×1218 label, so a 200-package label grew the
 *   process by about 670 MB (docs/decisions.md, labels). Passed through:
 *   colour type 0 (grey) at 1, 2, 4 or 8 bits, 2 (RGB) at 8, 3 (palette) at
 *   1, 2, 4 or 8 with its PLTE; never interlaced; no tRNS; every chunk's CRC
 *   right, the IDATs one after another, every row's filter type 0 to 4.
 * - **Decoded** by pdf-lib: any other PNG that passes the checks below (alpha,
 *   tRNS, interlace, 16 bits, a bad CRC, a filter type beyond 4), given to the
 *   decoder with only the chunks that make its pixels (IHDR, PLTE, tRNS,
 *   IDAT, IEND): pdf-lib's decoder also inflates compressed text chunks
 *   (zTXt, iTXt), without a bound.
 * - **Refused**, before anything is decoded: more than `maxBytes`; not a PNG;
 *   a chunk that runs past the end, or none that ends it; IHDR not first, or
 *   a colour type and bit depth no PNG has; sides beyond `shortSide` ×
 *   `longSide` (either way round); animation (acTL, fcTL, fdAT), Apple's
 *   CgBI or any other critical chunk not known here; a palette image without
 *   its palette; or IDAT data that does not inflate to exactly the rows the
 *   header claims, checked by inflating it with `maxOutputLength` set to
 *   those rows (pdf-lib's decoder runs its loops over the header's rows and
 *   inflates whatever the data holds: a 68-byte PNG claiming 2³¹ - 1 pixels
 *   a side kept it busy for ever, a 1 MB one inflating to 1 GB cost 2 GB).
 *   Rows beyond `maxInflated` (what the file has left, ./carrier-limits.ts)
 *   are refused uninflated.
 *
 * Never throws.
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

export type PngLimits = { shortSide: number; longSide: number; maxBytes: number; maxInflated: number };

/** What became of a carrier's PNG; `inflated`: the bytes of rows inflated to check it. */
export type CarrierPng =
  | { kind: 'pass-through'; image: PassThroughPng; inflated: number }
  | { kind: 'decode'; png: Buffer; width: number; height: number; inflated: number }
  | { kind: 'refused'; reason: string };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bit depths of each colour type (PNG 11.2.2), and samples per pixel. */
const KINDS: Record<number, { depths: readonly number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};

/** Bit depths passed through for each colour type (16-bit and the alpha types are decoded). */
const PASSED_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8], 2: [8], 3: [1, 2, 4, 8] };

/** Chunks the decoder is given: those that make the pixels. Other ancillary chunks are dropped. */
const KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
const ANIMATION = new Set(['acTL', 'fcTL', 'fdAT']);

/** Adam7's passes: first column and row, and steps (PNG 8.2). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const isLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
const isCritical = (type: string) => type.charCodeAt(0) <= 0x5a;

/** Bytes of the filtered rows of a `width` × `height` image: a filter byte and the packed samples per row. */
const rowsLength = (width: number, height: number, bitsPerPixel: number) =>
  width > 0 && height > 0 ? (Math.ceil((width * bitsPerPixel) / 8) + 1) * height : 0;

const interlacedLength = (width: number, height: number, bitsPerPixel: number) =>
  ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rowsLength(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy), bitsPerPixel), 0);

const refused = (reason: string): CarrierPng => ({ kind: 'refused', reason });

/** What can be made of a carrier's PNG within `limits`. */
export function readCarrierPng(png: Buffer, limits: PngLimits): CarrierPng {
  try {
    return read(png, limits);
  } catch {
    // Nothing above throws on purpose; a mistake here must not become a 500.
    return refused('a PNG that cannot be read');
  }
}

type Header = { width: number; height: number; depth: number; colorType: number; interlace: number };

function read(png: Buffer, limits: PngLimits): CarrierPng {
  if (png.length > limits.maxBytes) return refused(`a PNG of ${png.length} bytes, more than ${limits.maxBytes}`);
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return refused('not a PNG');
  let offset = SIGNATURE.length;
  let header: Header | undefined;
  let palette: Buffer | undefined;
  let transparency = false;
  /** A PLTE in a grey image, which has none (the decoder ignores it). */
  let strayPalette = false;
  const idats: Buffer[] = [];
  const kept: Buffer[] = [SIGNATURE];
  let idatsEnded = false;
  let idatsApart = false;
  let crcsRight = true;
  let ended = false;
  // Each pass moves offset on by at least 12 bytes, within the buffer: the loop ends.
  while (!ended) {
    if (offset + 12 > png.length) return refused('a PNG cut short');
    const length = png.readUInt32BE(offset);
    if (length > png.length - offset - 12) return refused('a PNG chunk running past its end');
    const typeBytes = png.subarray(offset + 4, offset + 8);
    if (!typeBytes.every(isLetter)) return refused('a PNG chunk of no type');
    const type = typeBytes.toString('latin1');
    const data = png.subarray(offset + 8, offset + 8 + length);
    crcsRight &&= crc32(data, crc32(typeBytes)) >>> 0 === png.readUInt32BE(offset + 8 + length);
    const whole = png.subarray(offset, offset + 12 + length);
    offset += 12 + length;
    if (!header) {
      if (type !== 'IHDR' || length !== 13) return refused('a PNG whose first chunk is not its header');
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8]!, colorType: data[9]!, interlace: data[12]! };
      const { width, height, depth, colorType, interlace } = header;
      if (!KINDS[colorType]?.depths.includes(depth) || data[10] !== 0 || data[11] !== 0 || interlace > 1) return refused('a PNG header no PNG has');
      const [short, long] = width < height ? [width, height] : [height, width];
      if (short < 1 || short > limits.shortSide || long > limits.longSide) {
        return refused(`a PNG of ${width}×${height} pixels, beyond the ${limits.shortSide}×${limits.longSide} of its page`);
      }
      kept.push(whole);
      continue;
    }
    if (idats.length > 0 && type !== 'IDAT') idatsEnded = true;
    if (KEPT.has(type)) kept.push(whole);
    switch (type) {
      case 'IDAT':
        // IDAT chunks are consecutive (PNG 11.2.4); the decoder joins them wherever they are.
        idatsApart ||= idatsEnded;
        idats.push(data);
        break;
      case 'PLTE':
        if (palette || idats.length > 0 || length === 0 || length % 3 !== 0 || length / 3 > 256) return refused('a PNG palette no PNG has');
        strayPalette = header.colorType === 0 || header.colorType === 4;
        palette = data;
        break;
      case 'tRNS':
        transparency = true;
        break;
      case 'IEND':
        ended = true;
        break;
      case 'IHDR':
        return refused('a PNG with a second header');
      default:
        if (ANIMATION.has(type)) return refused('an animated PNG');
        if (isCritical(type)) return refused('a PNG chunk that changes how it is read, not known here');
    }
  }
  const { width, height, depth, colorType, interlace } = header!;
  if (idats.length === 0) return refused('a PNG without image data');
  if (colorType === 3 && !palette) return refused('a palette PNG without its palette');
  const bitsPerPixel = KINDS[colorType]!.channels * depth;
  const expected = interlace === 1 ? interlacedLength(width, height, bitsPerPixel) : rowsLength(width, height, bitsPerPixel);
  if (expected > limits.maxInflated) return refused(`a PNG of ${expected} bytes of rows, more than the ${limits.maxInflated} the file has left`);
  const joined = idats.length === 1 ? idats[0]! : Buffer.concat(idats);
  let rows: Buffer;
  try {
    // Stops as soon as the stream holds more than the image's rows.
    rows = inflateSync(joined, { maxOutputLength: expected });
  } catch {
    return refused('PNG data that does not inflate to its rows');
  }
  if (rows.length !== expected) return refused(`PNG data that inflates to ${rows.length} bytes, not the ${expected} of its rows`);

  const passable =
    PASSED_DEPTHS[colorType]?.includes(depth) &&
    interlace === 0 &&
    !transparency &&
    !strayPalette &&
    crcsRight &&
    !idatsApart &&
    !(colorType === 3 && palette!.length / 3 > 2 ** depth);
  const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
  if (passable && filterTypesKnown(rows, rowBytes)) {
    const colors = colorType === 2 ? 3 : 1;
    const image: PassThroughPng = { width, height, bitsPerComponent: depth as PassThroughPng['bitsPerComponent'], colors, data: joined };
    if (colorType === 3) {
      // An index beyond a short palette is black, as pdf-lib's decoder draws it. (RGB's palette is a suggestion, unused here and by pdf-lib.)
      image.palette = Buffer.alloc(3 * 2 ** depth);
      palette!.copy(image.palette);
    }
    return { kind: 'pass-through', image, inflated: expected };
  }
  return { kind: 'decode', png: Buffer.concat(kept), width, height, inflated: expected };
}

/** Every row's filter type is one of PNG's five (PDF's predictors know no other). */
function filterTypesKnown(rows: Buffer, rowBytes: number): boolean {
  for (let row = 0; row < rows.length; row += rowBytes + 1) if (rows[row]! > 4) return false;
  return true;
}
