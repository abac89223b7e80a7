/** The standard fonts' metrics the renderers use (shared/labels/renderers/standard-font-metrics.ts, generated) are the PDF library's own. */
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFontEmbedder } from '@cantoo/pdf-lib';
import { ascentAtSize, fontNameOf, measureWith, STANDARD_FONTS, winAnsiCodes, type FontName } from '../../../shared/labels/renderers/layout';
import { WIN_ANSI_CODE_POINTS } from '../../../shared/labels/renderers/standard-font-metrics';
import { STANDARD_FONT_METRICS_FILE, standardFontMetricsSource } from '../../../tooling/standard-font-metrics';
import { hostile } from './fixtures';

const embedderOf = (font: FontName) => StandardFontEmbedder.for(STANDARD_FONTS[font] as string as Parameters<typeof StandardFontEmbedder.for>[0]);
const FONTS = Object.keys(STANDARD_FONTS) as FontName[];
/** Every character WinAnsi prints, and some it does not (printed as `?`). */
const CHARACTERS = [...WIN_ANSI_CODE_POINTS.map((cp) => String.fromCodePoint(cp)), '\u0000', '\n', 'Ł', '东', '📦', '\u200B'];

describe('standard font metrics', () => {
  it('the generated module is what tooling/standard-font-metrics.ts makes of the installed library (run it after an upgrade)', () => {
    expect(readFileSync(STANDARD_FONT_METRICS_FILE, 'utf8')).toBe(standardFontMetricsSource());
  });

  it.each(FONTS)('%s: each character measures as the library measures it, to the bit', (font) => {
    const embedder = embedderOf(font);
    for (const size of [1, 7, 9.5, 22]) {
      const measure = measureWith(font, size);
      for (const ch of CHARACTERS) expect(measure(ch)).toBe(embedder.widthOfTextAtSize(ch, 1) * size);
    }
  });

  it.each(FONTS)("%s: the ascent, name and codes are the library's", (font) => {
    const embedder = embedderOf(font);
    for (const size of [6, 8, 11, 30]) expect(ascentAtSize(font, size)).toBe(embedder.heightOfFontAtSize(size, { descender: false }));
    expect(fontNameOf(font)).toBe(embedder.fontName);
    for (const text of [CHARACTERS.join(''), ...Object.values(hostile)]) {
      const hex = winAnsiCodes(text)
        .map((code) => code.toString(16).padStart(2, '0').toUpperCase())
        .join('');
      expect(`<${hex}>`).toBe(embedder.encodeText(text).toString());
    }
  });

  it('the font dictionaries are the ones embedFont writes', async () => {
    const pdf = await PDFDocument.create();
    for (const font of FONTS) {
      const embedded = await pdf.embedFont(STANDARD_FONTS[font]);
      await embedded.embed();
      const written = pdf.context.lookup(embedded.ref)!.toString();
      expect(written).toBe(pdf.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: fontNameOf(font), Encoding: 'WinAnsiEncoding' }).toString());
    }
  });
});
