/**
 * A document page as positioned elements, in points from the page's top left
 * corner: text already folded and fitted, rules, boxes and barcodes. The same
 * elements become a PDF page (./pdf.ts) or a ZPL label (./zpl.ts), so the two
 * shipping labels say the same things in the same places.
 *
 * Text is measured with the metrics of the PDF standard fonts. ZPL's
 * resident font 0 is a condensed face, narrower at the same height, so text
 * that fits the PDF fits the ZPL label too.
 */
import { fitLine, printable, wrapLines, type Measure } from './printable-text';
import { STANDARD_FONT_METRICS, WIN_ANSI_CODE_POINTS, WIN_ANSI_CODES } from './standard-font-metrics';

export const POINTS_PER_INCH = 72;
/** A 4×6 inch thermal label, portrait. */
export const LABEL_SIZE: [number, number] = [4 * POINTS_PER_INCH, 6 * POINTS_PER_INCH];
/** US Letter, portrait: the commercial invoice and the bill of lading. */
export const LETTER_SIZE: [number, number] = [8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH];

export type FontName = 'regular' | 'bold' | 'mono';
/** The PDF standard fonts used, by their PostScript names (@cantoo/pdf-lib's `StandardFonts` values). */
export const STANDARD_FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  mono: 'Courier-Bold',
} as const satisfies Readonly<Record<FontName, string>>;

/**
 * The fonts' metrics come from ./standard-font-metrics.ts, generated from the
 * library's (tooling/standard-font-metrics.ts): the library decompresses a
 * font's whole AFM the first time it measures with it, about 14 ms of a
 * container's first document for these three. What follows computes what the
 * library's StandardFontEmbedder computes, the same way (a unit test holds
 * them equal), for what it cannot print too: it prints `?` instead.
 */
const FALLBACK = '?'.codePointAt(0)!;
const indexOfCodePoint = new Map(WIN_ANSI_CODE_POINTS.map((cp, i) => [cp, i]));
const indexOf = (ch: string): number => indexOfCodePoint.get(ch.codePointAt(0)!) ?? indexOfCodePoint.get(FALLBACK)!;

/** The PostScript name of a font (its dictionary's BaseFont). */
export const fontNameOf = (font: FontName): string => STANDARD_FONT_METRICS[font].fontName;

/** The WinAnsi codes of text, one per character (`?` for one WinAnsi cannot print). */
export const winAnsiCodes = (text: string): number[] => Array.from(text, (ch) => WIN_ANSI_CODES[indexOf(ch)]!);

/** The height of the font's ascent at `size`: the library's heightOfFontAtSize(size, { descender: false }). */
export const ascentAtSize = (font: FontName, size: number): number => {
  const { ascender, descender, bbox } = STANDARD_FONT_METRICS[font];
  const yTop = ascender || bbox[3];
  const yBottom = descender || bbox[1];
  return ((yTop - yBottom + (descender || 0)) / 1000) * size;
};

/** Character widths at size 1, per font: a few hundred entries at most, since only folded text is measured. */
const widths = new Map<FontName, Map<string, number>>();

/**
 * The width of text at `size`: the sum of its characters' widths, as the
 * standard fonts have no kerning (the library measures the same way), each
 * character's width looked up once per process.
 */
export const measureWith = (font: FontName, size: number): Measure => {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  const known = cache;
  const table = STANDARD_FONT_METRICS[font].widths;
  return (text) => {
    let width = 0;
    for (const ch of text) {
      let w = known.get(ch);
      if (w === undefined) {
        // As the library computes a one-character width at size 1: the AFM width times 1/1000.
        w = table[indexOf(ch)]! * (1 / 1000);
        known.set(ch, w);
      }
      width += w;
    }
    return width * size;
  };
};

export type Align = 'left' | 'center' | 'right';

/** One line of printable text, fitted to `width`; `top` is the top of its line box. */
export type TextElement = {
  kind: 'text';
  text: string;
  x: number;
  top: number;
  width: number;
  size: number;
  font: FontName;
  align: Align;
  /** White on a filled box drawn before it. */
  inverse?: boolean;
};
/** A filled rectangle: a rule when it is thin. */
export type BoxElement = { kind: 'box'; x: number; top: number; width: number; height: number };
/** A frame drawn with `thickness` inside its bounds. */
export type FrameElement = { kind: 'frame'; x: number; top: number; width: number; height: number; thickness: number };
/** A Code 128 barcode of `value`, centred in its bounds with its quiet zones. */
export type BarcodeElement = { kind: 'barcode'; value: string; x: number; top: number; width: number; height: number };
export type Element = TextElement | BoxElement | FrameElement | BarcodeElement;

export type TextStyle = { size: number; font?: FontName; width: number; align?: Align; inverse?: boolean };

/** Line height as a multiple of the font size. */
export const LEADING = 1.2;

/** Collects a page's elements; every method returns the height it used. */
export class Layout {
  readonly elements: Element[] = [];

  /** One line, cut with an ellipsis when too wide; nothing for empty text. */
  text(value: string | undefined, x: number, top: number, style: TextStyle): number {
    const font = style.font ?? 'regular';
    const text = fitLine(printable(value ?? ''), style.width, measureWith(font, style.size));
    if (text === '') return 0;
    this.elements.push({
      kind: 'text',
      text,
      x,
      top,
      width: style.width,
      size: style.size,
      font,
      align: style.align ?? 'left',
      ...(style.inverse ? { inverse: true } : {}),
    });
    return style.size * LEADING;
  }

  /** Wrapped to at most `maxLines` lines, the last cut with an ellipsis when text remains. */
  paragraph(value: string | undefined, x: number, top: number, style: TextStyle & { maxLines: number }): number {
    const font = style.font ?? 'regular';
    const lines = wrapLines(printable(value ?? ''), style.width, style.maxLines, measureWith(font, style.size));
    lines.forEach((text, i) =>
      this.elements.push({
        kind: 'text',
        text,
        x,
        top: top + i * style.size * LEADING,
        width: style.width,
        size: style.size,
        font,
        align: style.align ?? 'left',
      }),
    );
    return lines.length * style.size * LEADING;
  }

  /** A horizontal rule. */
  rule(x: number, top: number, width: number, thickness = 1): number {
    this.elements.push({ kind: 'box', x, top, width, height: thickness });
    return thickness;
  }

  fill(x: number, top: number, width: number, height: number): number {
    this.elements.push({ kind: 'box', x, top, width, height });
    return height;
  }

  frame(x: number, top: number, width: number, height: number, thickness = 1): number {
    this.elements.push({ kind: 'frame', x, top, width, height, thickness });
    return height;
  }

  barcode(value: string, x: number, top: number, width: number, height: number): number {
    this.elements.push({ kind: 'barcode', value, x, top, width, height });
    return height;
  }
}

/** Quiet zone on each side of a Code 128 symbol, in modules (ISO/IEC 15417: at least 10). */
export const QUIET_ZONE_MODULES = 10;
