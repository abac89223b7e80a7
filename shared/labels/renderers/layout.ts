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
import { StandardFontEmbedder, StandardFonts } from '@cantoo/pdf-lib';
import { fitLine, printable, wrapLines, type Measure } from './printable-text';

export const POINTS_PER_INCH = 72;
/** A 4×6 inch thermal label, portrait. */
export const LABEL_SIZE: [number, number] = [4 * POINTS_PER_INCH, 6 * POINTS_PER_INCH];
/** US Letter, portrait: the commercial invoice and the bill of lading. */
export const LETTER_SIZE: [number, number] = [8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH];

export type FontName = 'regular' | 'bold' | 'mono';
export const STANDARD_FONTS: Readonly<Record<FontName, StandardFonts>> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  mono: StandardFonts.CourierBold,
};

const embedders = new Map<FontName, StandardFontEmbedder>();
const metricsOf = (font: FontName): StandardFontEmbedder => {
  let embedder = embedders.get(font);
  if (!embedder) {
    // StandardFonts and the embedder's FontNames are two enums of the same 14 font names.
    embedder = StandardFontEmbedder.for(STANDARD_FONTS[font] as string as Parameters<typeof StandardFontEmbedder.for>[0]);
    embedders.set(font, embedder);
  }
  return embedder;
};

/** Character widths at size 1, per font: a few hundred entries at most, since only folded text is measured. */
const widths = new Map<FontName, Map<string, number>>();

/**
 * The width of text at `size`: the sum of its characters' widths, as the
 * standard fonts have no kerning (the library measures the same way), each
 * character measured once per process.
 */
export const measureWith = (font: FontName, size: number): Measure => {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  const known = cache;
  return (text) => {
    let width = 0;
    for (const ch of text) {
      let w = known.get(ch);
      if (w === undefined) {
        w = metricsOf(font).widthOfTextAtSize(ch, 1);
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
    this.elements.push({ kind: 'text', text, x, top, width: style.width, size: style.size, font, align: style.align ?? 'left', ...(style.inverse ? { inverse: true } : {}) });
    return style.size * LEADING;
  }

  /** Wrapped to at most `maxLines` lines, the last cut with an ellipsis when text remains. */
  paragraph(value: string | undefined, x: number, top: number, style: TextStyle & { maxLines: number }): number {
    const font = style.font ?? 'regular';
    const lines = wrapLines(printable(value ?? ''), style.width, style.maxLines, measureWith(font, style.size));
    lines.forEach((text, i) =>
      this.elements.push({ kind: 'text', text, x, top: top + i * style.size * LEADING, width: style.width, size: style.size, font, align: style.align ?? 'left' }),
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
