/**
 * What a carrier's document may cost a label file before the service draws
 * that package's page itself (docs/decisions.md, "A carrier's images and
 * PDFs are bounded"). A carrier's answer is hostile input: a 68-byte PNG
 * claiming 2147483647 × 2147483647 pixels kept pdf-lib's decoder looping
 * for ever, and images of 8000² pixels, or whose data inflated to a
 * gigabyte, cost 11 to 18 s and 0.6 to 2 GB each. So each image is held to
 * the page it is drawn on, each PDF to a size and a page count, and each
 * file to a budget of bytes, inflated rows and decoded pixels that every
 * document it takes draws from, in package order; a document beyond any of
 * them is refused, and its package drawn by the service.
 */
import { POINTS_PER_INCH } from './layout';

/** The finest resolution an image is taken at: 300 dpi, the finest label printers', and a third more. */
export const MAX_DPI = 400;

/** Bytes of one image: twice what a carrier Z label of 4×6 in at 203 dpi in RGB would need, and more than a ship answer may carry (1.5 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Bytes of one PDF: a carrier's label or form is tens or hundreds of KB; pdf-lib parses about 4 MB of the smallest objects a second. */
export const MAX_PDF_BYTES = 4 * 1024 * 1024;

/** Pages of one PDF: a label is one or two, a customs form a few; pdf-lib copies a page in about 0.3 ms, so a PDF of 100,000 pages took minutes. */
export const MAX_PDF_PAGES = 20;

/**
 * What one file may spend on the carrier's documents, all packages together:
 * `bytes` of documents taken; `inflatedBytes` of PNG rows inflated to check
 * them (200 RGB labels of 812×1218 are 593 MB; 600 MiB take about 0.8 s of
 * CPU on the 2-core VM); `decodedPixels` decoded by pdf-lib for a PNG that
 * cannot be passed through (about 0.14 s of CPU per million, each decoded
 * image dropped once embedded). The costliest file they allow is about 2 s
 * of CPU there (bench/labels.ts); Lambda gives the dev function's 512 MB
 * about a third of a core, against its 15 s.
 */
export const FILE_BUDGET = { bytes: 64 * 1024 * 1024, inflatedBytes: 600 * 1024 * 1024, decodedPixels: 8_000_000 } as const;

export type FileBudget = { -readonly [K in keyof typeof FILE_BUDGET]: number };

export const newFileBudget = (): FileBudget => ({ ...FILE_BUDGET });

/** The largest image a page of `size` points takes, in pixels: its short and long sides at MAX_DPI. */
export const imageSidesFor = ([width, height]: readonly [number, number]): { shortSide: number; longSide: number } => ({
  shortSide: Math.round((Math.min(width, height) / POINTS_PER_INCH) * MAX_DPI),
  longSide: Math.round((Math.max(width, height) / POINTS_PER_INCH) * MAX_DPI),
});
