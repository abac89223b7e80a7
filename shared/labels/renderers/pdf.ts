/**
 * Layout elements (./layout.ts) drawn on PDF pages, written by the small PDF
 * writer of ./pdf-writer.ts: pages of text, filled rectangles and frames in
 * the standard fonts, not embedded (every PDF reader has them), which keeps a
 * 200-page label small. Nothing here reads a clock: the documents carry the
 * order's creation date, so the same order renders the same bytes.
 *
 * Until 2026-11-26 @cantoo/pdf-lib wrote these files; its chunk was about
 * 40 ms of a container's first label or manifest (compiling and running the
 * library and the SVG, form and HTML modules it brings, and its deflate's
 * first use) for a document model this writer covers in a page
 * (docs/decisions.md, "Hand-written where a library could serve"). The
 * content streams are the operators the library wrote, character for
 * character, and the library's parser reads the files back in the tests.
 */
import { code128Bars } from './code128';
import { ascentAtSize, fontNameOf, measureWith, QUIET_ZONE_MODULES, winAnsiCodes, type Element, type FontName } from './layout';
import { writePdf } from './pdf-writer';

/** The widest bar module drawn, in points (~28 mil): wider only makes a symbol harder to scan in one pass. */
const MAX_MODULE = 2;

/** The page resource names of the fonts: the same on every page, so pages can share a content stream. */
const FONT_KEYS: Readonly<Record<FontName, string>> = { regular: 'F1', bold: 'F2', mono: 'F3' };
const FONT_NAMES = Object.keys(FONT_KEYS) as FontName[];

/**
 * A PDF whose pages are each a list of elements; its metadata dated
 * `createdDate`. What every page of a multi-page document has (the parties,
 * the header, the rules of a label) is written once, in a content stream all
 * pages share and draw first; each page's own stream follows. A 200-page
 * label is then a third of the bytes and the time. The layouts draw nothing
 * of a page's own under what the pages share.
 */
export async function renderPdf(meta: { title: string; createdDate: string }, size: [number, number], pages: Element[][]): Promise<Buffer> {
  const created = new Date(meta.createdDate);
  const { shared, own } = splitShared(pages);
  return writePdf({
    title: meta.title,
    producer: 'shipping-api',
    ...(Number.isNaN(created.getTime()) ? {} : { created }),
    size,
    // The dictionary a standard font has when not embedded.
    fonts: FONT_NAMES.map((name) => ({ key: FONT_KEYS[name], baseFont: fontNameOf(name) })),
    shared: shared.length > 0 ? operatorsOf(shared, size[1]) : undefined,
    pages: own.map((elements) => operatorsOf(elements, size[1])),
  });
}

/** The elements every page has, and what each page has besides. */
function splitShared(pages: Element[][]): { shared: Element[]; own: Element[][] } {
  if (pages.length < 2) return { shared: [], own: pages };
  const keyed = pages.map((elements) => elements.map((e) => [JSON.stringify(e), e] as const));
  const onEvery = keyed.map((page) => new Set(page.map(([key]) => key))).reduce((common, keys) => new Set([...common].filter((key) => keys.has(key))));
  return {
    shared: keyed[0]!.filter(([key]) => onEvery.has(key)).map(([, e]) => e),
    own: keyed.map((page) => page.filter(([key]) => !onEvery.has(key)).map(([, e]) => e)),
  };
}

/** Points to 1/100: finer is invisible and costs bytes and time when a label has thousands of bars. */
const r = (value: number): number => Math.round(value * 100) / 100;

/**
 * A number as a PDF operand, as the library wrote it: the shortest decimal,
 * never an exponent (a value below 1e-6 is 0 at this precision).
 */
const n = (value: number): string => {
  if (!Number.isFinite(value)) throw new Error(`a PDF operand must be finite, not ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text === '-0' ? '0' : text;
  return Math.abs(value) < 1e-6 ? '0' : value.toFixed(20).replace(/\.?0+$/, '');
};

/** A WinAnsi code as two upper-case hex digits. */
const hex = (code: number): string => code.toString(16).toUpperCase().padStart(2, '0');

/**
 * Text, rectangles and bars as a content stream's operators, one a line:
 * BT/Tf/g/Tm/Tj/ET for a line of text, q/g/re.../f/Q for filled boxes and
 * bars, q/G/w/re/S/Q for a frame.
 */
function operatorsOf(elements: Element[], height: number): string {
  const operators: string[] = [];
  const fillRects = (rects: Array<[number, number, number, number]>) =>
    operators.push('q', '0 g', ...rects.map(([x, y, w, h]) => `${n(r(x))} ${n(r(y))} ${n(r(w))} ${n(r(h))} re`), 'f', 'Q');
  for (const e of elements) {
    switch (e.kind) {
      case 'text': {
        const textWidth = measureWith(e.font, e.size)(e.text);
        const x = e.align === 'left' ? e.x : e.align === 'right' ? e.x + e.width - textWidth : e.x + (e.width - textWidth) / 2;
        // The baseline sits at the font's ascent below the top of the line box.
        const baseline = height - e.top - ascentAtSize(e.font, e.size);
        operators.push(
          'BT',
          `/${FONT_KEYS[e.font]} ${n(e.size)} Tf`,
          `${e.inverse ? 1 : 0} g`,
          `1 0 0 1 ${n(r(x))} ${n(r(baseline))} Tm`,
          `<${winAnsiCodes(e.text).map(hex).join('')}> Tj`,
          'ET',
        );
        break;
      }
      case 'box':
        fillRects([[e.x, height - e.top - e.height, e.width, e.height]]);
        break;
      case 'frame': {
        const half = e.thickness / 2;
        operators.push(
          'q',
          '0 G',
          `${n(e.thickness)} w`,
          `${n(r(e.x + half))} ${n(r(height - e.top - e.height + half))} ${n(r(e.width - e.thickness))} ${n(r(e.height - e.thickness))} re`,
          'S',
          'Q',
        );
        break;
      }
      case 'barcode': {
        const { modules, bars } = code128Bars(e.value);
        const module = Math.min(MAX_MODULE, e.width / (modules + 2 * QUIET_ZONE_MODULES));
        const left = e.x + (e.width - modules * module) / 2;
        fillRects(bars.map((bar) => [left + bar.x * module, height - e.top - e.height, bar.width * module, e.height]));
        break;
      }
    }
  }
  return operators.map((operator) => `${operator}\n`).join('');
}
