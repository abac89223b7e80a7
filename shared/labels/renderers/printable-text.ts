/**
 * Caller text as a label can print it. Names, address lines, references and
 * invoice descriptions are any Unicode up to 255 characters; the documents
 * print them with the PDF standard fonts (WinAnsi: Latin-1 and a few more) and
 * the printer's resident ZPL font, which have no glyph for most of Unicode.
 * Rather than ship a font per script (a CJK font alone is ~16 MB), text is
 * folded to WinAnsi: accents and compatibility forms are reduced to their base
 * letters (ﬁ → fi, Ａ → A, Ł → L), line breaks and controls become spaces,
 * invisible format characters are dropped, and anything else (emoji, CJK,
 * Arabic, Hebrew) becomes `?`. Carriers ask for Latin characters on labels and
 * customs forms for the same reason.
 *
 * Fitting is measured, never guessed by character count, so that no text
 * leaves its box: a line is cut with an ellipsis, a paragraph is wrapped to a
 * fixed number of lines and its last line cut.
 */

/** cp1252 (WinAnsiEncoding) 0x80–0x9F: the characters it adds to Latin-1. */
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Every code point the standard fonts can print (tests hold it to the font's own character set). */
export const WIN_ANSI: ReadonlySet<number> = new Set([...range(0x20, 0x7e), ...range(0xa0, 0xff), ...[...CP1252_EXTRA].map((c) => c.codePointAt(0)!)]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Letters that do not decompose to a base letter under NFKD. */
const FALLBACK: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ŋ: 'N',
  ŋ: 'n',
  Ŧ: 'T',
  ŧ: 't',
  Ə: 'E',
  ə: 'e',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '′': "'",
  '″': '"',
  '‚': ',',
  '⁄': '/',
};

const SPACE_LIKE = /[\p{Cc}\p{Zs}\p{Zl}\p{Zp}]/u;
const INVISIBLE = /[\p{Cf}\p{M}]/u;
const MARKS = /\p{M}/gu;

/** The text folded to WinAnsi, whitespace collapsed and trimmed (see the module comment). */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x20 && WIN_ANSI.has(cp)) {
      out += ch;
    } else if (SPACE_LIKE.test(ch)) {
      out += ' ';
    } else if (INVISIBLE.test(ch)) {
      // A combining mark NFC could not compose, a zero-width joiner, a direction mark.
    } else {
      out += FALLBACK[ch] ?? base(ch);
    }
  }
  return out.replace(/[ \u00a0]+/g, ' ').trim();
}

function base(ch: string): string {
  const stripped = ch.normalize('NFKD').replace(MARKS, '');
  return stripped !== '' && [...stripped].every((c) => WIN_ANSI.has(c.codePointAt(0)!)) ? stripped : '?';
}

/** Width of a string in the document's unit at the current font and size. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';

/**
 * The text cut to `maxWidth` with an ellipsis; whole when it fits. Expects
 * printable text. The standard fonts have no kerning, so a prefix's width is
 * the sum of its characters': one pass, not a measure per candidate prefix.
 */
export function fitLine(text: string, maxWidth: number, measure: Measure): string {
  if (measure(text) <= maxWidth) return text;
  const room = maxWidth - measure(ELLIPSIS);
  if (room < 0) return '';
  let kept = '';
  let width = 0;
  for (const ch of text) {
    width += measure(ch);
    if (width > room) break;
    kept += ch;
  }
  return kept.trimEnd() + ELLIPSIS;
}

/**
 * The text wrapped at spaces into at most `maxLines` lines of `maxWidth`; a
 * word wider than a line is broken where it must. When text remains, the last
 * line ends with an ellipsis. Expects printable text.
 */
export function wrapLines(text: string, maxWidth: number, maxLines: number, measure: Measure): string[] {
  if (maxLines < 1 || text === '') return [];
  const lines: string[] = [];
  let rest = text;
  while (rest !== '' && lines.length < maxLines - 1) {
    const [line, remainder] = takeLine(rest, maxWidth, measure);
    lines.push(line);
    rest = remainder;
  }
  if (rest !== '') lines.push(fitLine(rest, maxWidth, measure));
  return lines;
}

/** The first line of `text` and what is left after it. */
function takeLine(text: string, maxWidth: number, measure: Measure): [string, string] {
  if (measure(text) <= maxWidth) return [text, ''];
  const words = text.split(' ');
  let line = '';
  let used = 0;
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) > maxWidth) break;
    line = candidate;
    used++;
  }
  if (used > 0) return [line, words.slice(used).join(' ')];
  // The first word alone is too wide: as many of its characters as fit (at least one).
  const chars = [...text];
  let n = 1;
  let width = measure(chars[0]!);
  while (n < chars.length && width + measure(chars[n]!) <= maxWidth) width += measure(chars[n++]!);
  return [chars.slice(0, n).join(''), chars.slice(n).join('').trimStart()];
}
