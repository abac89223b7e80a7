import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { measureWith } from '../../../shared/labels/renderers/layout';
import { fitLine, printable, WIN_ANSI, wrapLines } from '../../../shared/labels/renderers/printable-text';
import { zplFieldData } from '../../../shared/labels/renderers/zpl';
import { hostile } from './fixtures';
import { unescapeFieldData } from './inspect';

const onlyWinAnsi = (text: string) => [...text].every((c) => WIN_ANSI.has(c.codePointAt(0)!));

describe('printable: caller text folded to what the standard fonts print', () => {
  it('WIN_ANSI is exactly what the standard fonts can encode', async () => {
    const pdf = await PDFDocument.create();
    for (const name of [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.CourierBold]) {
      const font = await pdf.embedFont(name);
      const printableSet = font.getCharacterSet().filter((cp) => cp >= 0x20);
      expect(new Set(printableSet)).toEqual(WIN_ANSI);
    }
  });

  it.each([
    ['keeps Latin-1 and cp1252 letters', 'Montréal Straße Œuvre €5 “quoted”', 'Montréal Straße Œuvre €5 “quoted”'],
    ['reduces letters the fonts lack to their base letters', 'Łódź Ğ Đ ı ﬁne Ａ', 'Lódz G D i fine A'],
    ['turns line breaks, tabs and controls into single spaces', 'a\nb\r\n\tc\u0000d', 'a b c d'],
    ['drops invisible format characters', 'ab\u200Bc\u202Ed\uFEFF', 'abcd'],
    ['replaces what no font has with ?', '东京 📦', '?? ?'],
    ['trims and collapses spaces', '  a    b  ', 'a b'],
  ])('%s', (_rule, input, expected) => {
    expect(printable(input)).toBe(expected);
  });

  it('an emoji with joiners and variation selectors becomes one ? per picture', () => {
    expect(printable('👨‍👩‍👧 ✅️')).toBe('??? ?');
  });

  it('never throws and only answers printable WinAnsi, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const out = printable(text);
        expect(onlyWinAnsi(out)).toBe(true);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 500 },
    );
  });
});

describe('fitting measured text', () => {
  const measure = measureWith('bold', 11);

  it('fitLine leaves text that fits whole and cuts the rest with an ellipsis inside the width', () => {
    expect(fitLine('Bob', 100, measure)).toBe('Bob');
    const cut = fitLine(hostile.long, 100, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut)).toBeLessThanOrEqual(100);
    expect(measure(cut.slice(0, -1) + 'W…')).toBeGreaterThan(100);
  });

  it('fitLine answers nothing when not even the ellipsis fits', () => {
    expect(fitLine('Bob', 2, measure)).toBe('');
  });

  it('wrapLines wraps at spaces, breaks a word wider than the line, and ends with an ellipsis when text remains', () => {
    expect(wrapLines('one two three', 1000, 2, measure)).toEqual(['one two three']);
    const lines = wrapLines(hostile.longWords, 150, 3, measure);
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith('Lorem ipsum')).toBe(true);
    expect(lines[2]!.endsWith('…')).toBe(true);
    expect(wrapLines('W'.repeat(40), 60, 2, measure).every((l) => measure(l) <= 60)).toBe(true);
  });

  it('every line fits and there are never more than maxLines, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 255 }),
        fc.integer({ min: 20, max: 300 }),
        fc.integer({ min: 1, max: 4 }),
        (text, width, maxLines) => {
          const lines = wrapLines(printable(text), width, maxLines, measure);
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(width);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ZPL field data', () => {
  it('escapes the command prefixes, the escape indicator, backslash and every non-ASCII byte', () => {
    expect(zplFieldData('^XZ~JR_\\é')).toBe('_5EXZ_7EJR_5F_5C_C3_A9');
  });

  it('never holds ^ or ~, is printable ASCII, and decodes back to the text, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const data = zplFieldData(text);
        expect(data).not.toMatch(/[\^~]/);
        expect(data).toMatch(/^[\x20-\x7e]*$/);
        expect(unescapeFieldData(data)).toBe(Buffer.from(text, 'utf8').toString('utf8'));
      }),
      { numRuns: 500 },
    );
  });
});
