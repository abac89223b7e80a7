/**
 * A carrier's plain-text report (FedEx's Ground End of Day Close answers its
 * manifest as text) drawn as it was written: Courier 8 on letter pages, one
 * line of the text a line of the page, cut at the margin. Bounded like a
 * carrier's PDF: a report longer than a carrier PDF's pages is none.
 *
 * The second face of the renderers beside ./render.ts
 * (test/unit/labels/imports.test.ts): it takes our PDF writer and the
 * carrier limits alone, so a connector that draws a report (FedEx's close)
 * bundles neither the label renderers nor the PDF library.
 */
import { MAX_PDF_PAGES } from './renderers/carrier-limits';
import { writePdf } from './renderers/pdf-writer';

const LINE_HEIGHT = 10;
const MARGIN = 36;
const PAGE: [number, number] = [612, 792];
const LINES_A_PAGE = Math.floor((PAGE[1] - 2 * MARGIN) / LINE_HEIGHT);
/** Courier at 8 points is 4.8 points a character: what fits between the margins. */
const CHARACTERS_A_LINE = Math.floor((PAGE[0] - 2 * MARGIN) / 4.8);

/** A PDF literal string of printable ASCII, `\`, `(` and `)` escaped. */
const literal = (text: string): string => `(${text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** `text` on letter pages; undefined when it is blank or longer than the pages a carrier PDF may have. */
export function textReportPdf(text: string, meta: { title: string; producer: string }): Buffer | undefined {
  if (text.trim() === '') return undefined;
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n+$/, '')
    .split('\n')
    .map((line) => line.replace(/\t/g, '    ').slice(0, CHARACTERS_A_LINE));
  if (lines.length > MAX_PDF_PAGES * LINES_A_PAGE) return undefined;
  const pages: string[] = [];
  for (let i = 0; i < lines.length; i += LINES_A_PAGE) {
    const page = lines.slice(i, i + LINES_A_PAGE);
    pages.push(page.map((line, n) => `BT /F1 8 Tf ${MARGIN} ${PAGE[1] - MARGIN - (n + 1) * LINE_HEIGHT} Td ${literal(line)} Tj ET`).join('\n'));
  }
  return writePdf({ title: meta.title, producer: meta.producer, size: PAGE, fonts: [{ key: 'F1', baseFont: 'Courier' }], pages });
}
