/**
 * A 1-bit PNG encoder: the few lines the format needs (IHDR, one deflated
 * IDAT, IEND) with Node's zlib, rather than an image library in a function
 * bundle. Label images are black on white: the sandbox draws its carrier Z
 * labels with it, and the UPS connector re-encodes UPS's GIF labels with it
 * (PDF embeds PNG, not GIF).
 */
import { crc32, deflateSync } from 'node:zlib';

/** A 1-bit image: true is black. */
export type Bitmap = { width: number; height: number; black: (x: number, y: number) => boolean };

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

/** A 1-bit grayscale PNG (0 black, 1 white). */
export function encodePng({ width, height, black }: Bitmap): Buffer {
  const stride = Math.ceil(width / 8);
  const raw = Buffer.alloc((stride + 1) * height, 0);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      if (!black(x, y)) raw[row + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Largest image side accepted from a carrier: a 4×6 in label at 300 dpi is 1800 pixels; anything far beyond is not a label. */
const MAX_SIDE = 4000;

/**
 * A carrier's GIF label re-encoded as a 1-bit PNG (dark pixels black), for a
 * PDF page; omggif decodes it. Throws on a GIF that cannot be read or is not
 * label-sized.
 */
export async function gifToPng(gif: Buffer): Promise<Buffer> {
  const { GifReader } = await import('omggif');
  const reader = new GifReader(new Uint8Array(gif.buffer, gif.byteOffset, gif.byteLength));
  const { width, height } = reader;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) throw new Error(`GIF of ${width}×${height} pixels is not a label`);
  const rgba = new Uint8Array(width * height * 4);
  reader.decodeAndBlitFrameRGBA(0, rgba);
  return encodePng({
    width,
    height,
    black: (x, y) => {
      const i = (y * width + x) * 4;
      // Transparent counts as white; luminance below half is black.
      return rgba[i + 3]! >= 128 && 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]! < 128;
    },
  });
}
