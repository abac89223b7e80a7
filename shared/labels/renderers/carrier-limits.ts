/**
 * What a carrier's document may cost a label file before the service draws
 * that package's page itself (docs/decisions.md, "A carrier's images and
 * PDFs are bounded"). A carrier's answer is hostile input: a 68-byte PNG
 * claiming 2147483647 × 2147483647 pixels kept pdf-lib's decoder looping
 * for ever, and images of 8000² pixels, or whose data inflated to a
 * gigabyte, cost 11 to 18 s and 0.6 to 2 GB each; PDFs stalled pdf-lib's
 * parser for seconds to minutes, or left it gigabytes larger. So each image
 * is held to the page it is drawn on, each PDF to a size, a page count and
 * what pdf-lib's parser would do with it (PDF_SYNTAX), and each file to a
 * budget of bytes, inflated rows and streams, decoded pixels, PDF values
 * and what pdf-lib keeps, that every document it takes draws from, in
 * package order; a document beyond any of them is refused, and its package
 * drawn by the service.
 */
import { POINTS_PER_INCH } from './layout';

/** The finest resolution an image is taken at: 300 dpi, the finest label printers', and a third more. */
export const MAX_DPI = 400;

/** Bytes of one image: twice what a carrier Z label of 4×6 in at 203 dpi in RGB would need, and more than a ship answer may carry (1.5 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Bytes of one PDF: a carrier's label or form is tens or hundreds of KB. */
export const MAX_PDF_BYTES = 4 * 1024 * 1024;

/** Pages of one PDF: a label is one or two, a customs form a few; pdf-lib copies a page in about 0.3 ms, so a PDF of 100,000 pages took minutes. */
export const MAX_PDF_PAGES = 20;

/**
 * A carrier's PDF as ./carrier-pdf.ts reads it before pdf-lib parses it. Per
 * document: arrays and dictionaries nested at most `depth` deep; a name at
 * most `nameBytes` and a string at most `stringBytes` (PDF's own limits, ISO
 * 32000-1 annex C), a number at most `numberChars`; at most `values` values
 * (numbers, names, strings, arrays, dictionaries, references: pdf-lib makes
 * an object of each, about 250 bytes and 1.2 us for an empty dictionary);
 * distinct names and references (`N G R`, every object's and every
 * cross-reference entry's included), which pdf-lib keeps for as long as the
 * process lives, taking at most `keptBytes` there (about 128 bytes each, and
 * 32 more a character of a name: 16,000 references, or 500 names of 127
 * bytes); at most `xrefEntries` cross-reference entries, which it loops
 * over; its object and cross-reference streams, which pdf-lib inflates and
 * parses while it loads, at most `parsedStreamBytes` inflated, and all its
 * FlateDecode streams at most `inflatedBytes`. The simulators' labels and
 * manifests have 29 values and 25 names and references (keeping about 8
 * KB); a manual of 60 pages from pdfTeX about 6,000 values, 840 names and
 * references (about 150 KB) and 250 KB of inflated streams.
 */
export const PDF_SYNTAX = {
  depth: 32,
  nameBytes: 127,
  stringBytes: 32_767,
  numberChars: 32,
  values: 20_000,
  keptBytes: 2 * 1024 * 1024,
  xrefEntries: 10_000,
  parsedStreamBytes: 4 * 1024 * 1024,
  inflatedBytes: 16 * 1024 * 1024,
} as const;

/**
 * What one file may spend on the carrier's documents, all packages together:
 * `bytes` of documents taken; `inflatedBytes` of PNG rows and PDF streams
 * inflated to check them (200 RGB labels of 812×1218 are 593 MB; 600 MiB
 * take about 0.8 s of CPU on the 2-core VM); `decodedPixels` decoded by
 * pdf-lib for a PNG that cannot be passed through (about 0.14 s of CPU per
 * million, each decoded image dropped once embedded); `pdfValues` parsed
 * by pdf-lib in its PDFs (ten PDFs at PDF_SYNTAX's bound, whose values
 * their pages may hold: the costliest file of PDFs, 1 to 1.7 s of CPU and
 * about 200 MiB at its peak); `pdfKeptBytes` taken by the names and references
 * of its PDFs that pdf-lib keeps for as long as the process lives. The
 * costliest file they allow is about 2 s of CPU there (bench/labels.ts);
 * Lambda gives the dev function's 512 MB about a third of a core, against
 * its 15 s.
 */
export const FILE_BUDGET = {
  bytes: 64 * 1024 * 1024,
  inflatedBytes: 600 * 1024 * 1024,
  decodedPixels: 8_000_000,
  pdfValues: 200_000,
  pdfKeptBytes: 8 * 1024 * 1024,
} as const;

export type FileBudget = { -readonly [K in keyof typeof FILE_BUDGET]: number };

export const newFileBudget = (): FileBudget => ({ ...FILE_BUDGET });

/** The largest image a page of `size` points takes, in pixels: its short and long sides at MAX_DPI. */
export const imageSidesFor = ([width, height]: readonly [number, number]): { shortSide: number; longSide: number } => ({
  shortSide: Math.round((Math.min(width, height) / POINTS_PER_INCH) * MAX_DPI),
  longSide: Math.round((Math.max(width, height) / POINTS_PER_INCH) * MAX_DPI),
});
