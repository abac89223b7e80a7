/**
 * Layout elements (./layout.ts) drawn on PDF pages with @cantoo/pdf-lib. The
 * standard fonts are not embedded (every PDF reader has them), which keeps a
 * 200-page label small. Nothing here reads a clock: the documents carry the
 * order's creation date, so the same order renders the same bytes.
 */
import {
  beginText,
  endText,
  fill,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  setStrokingGrayscaleColor,
  setTextMatrix,
  showText,
  stroke,
  toHexString,
  PDFHexString,
  type PDFOperator,
  type PDFRef,
} from '@cantoo/pdf-lib';
import { code128Bars } from './code128';
import { ascentAtSize, fontNameOf, measureWith, QUIET_ZONE_MODULES, winAnsiCodes, type Element, type FontName } from './layout';

/** The widest bar module drawn, in points (~28 mil): wider only makes a symbol harder to scan in one pass. */
const MAX_MODULE = 2;

/** Each font's dictionary in the document. */
type Fonts = Record<FontName, PDFRef>;

/** The page resource names of the fonts: the same on every page, so pages can share a content stream. */
const FONT_KEYS: Readonly<Record<FontName, PDFName>> = { regular: PDFName.of('F1'), bold: PDFName.of('F2'), mono: PDFName.of('F3') };

/**
 * A PDF whose pages are each a list of elements; its metadata dated
 * `createdDate`. What every page of a multi-page document has (the parties,
 * the header, the rules of a label) is written once, in a content stream all
 * pages share and draw first; each page's own stream follows. A 200-page
 * label is then a third of the bytes and the time. The layouts draw nothing
 * of a page's own under what the pages share.
 */
export async function renderPdf(meta: { title: string; createdDate: string }, size: [number, number], pages: Element[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(meta.title);
  pdf.setCreator('shipping-api');
  pdf.setProducer('shipping-api');
  const created = new Date(meta.createdDate);
  if (!Number.isNaN(created.getTime())) {
    pdf.setCreationDate(created);
    pdf.setModificationDate(created);
  }
  // The dictionary the library's embedFont writes for a standard font, written here: embedFont would decompress the font's metrics (./layout.ts).
  const fonts = Object.fromEntries(
    (Object.keys(FONT_KEYS) as FontName[]).map((name) => [name, pdf.context.register(pdf.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: fontNameOf(name), Encoding: 'WinAnsiEncoding' }))]),
  ) as Fonts;
  const { shared, own } = splitShared(pages);
  const stream = (elements: Element[]) => pdf.context.register(pdf.context.contentStream(operatorsOf(elements, size[1])));
  const sharedStream = shared.length > 0 ? stream(shared) : undefined;
  for (const elements of own) {
    const page = pdf.addPage(size);
    for (const name of Object.keys(FONT_KEYS) as FontName[]) page.node.setFontDictionary(FONT_KEYS[name], fonts[name]);
    if (sharedStream) page.node.addContentStream(sharedStream);
    page.node.addContentStream(stream(elements));
  }
  return Buffer.from(await pdf.save());
}

/** The elements every page has, and what each page has besides. */
function splitShared(pages: Element[][]): { shared: Element[]; own: Element[][] } {
  if (pages.length < 2) return { shared: [], own: pages };
  const keyed = pages.map((elements) => elements.map((e) => [JSON.stringify(e), e] as const));
  const onEvery = keyed
    .map((page) => new Set(page.map(([key]) => key)))
    .reduce((common, keys) => new Set([...common].filter((key) => keys.has(key))));
  return {
    shared: keyed[0]!.filter(([key]) => onEvery.has(key)).map(([, e]) => e),
    own: keyed.map((page) => page.filter(([key]) => !onEvery.has(key)).map(([, e]) => e)),
  };
}

/** Points to 1/100: finer is invisible and costs bytes and time when a label has thousands of bars. */
const r = (value: number): number => Math.round(value * 100) / 100;

/**
 * Text, rectangles and bars go to the content stream as plain operators: the
 * library's drawText validates some twenty options and computes a rotation
 * for each line, and its drawRectangle parses an SVG path for each bar, which
 * made a 200-page label take seconds.
 */
function operatorsOf(elements: Element[], height: number): PDFOperator[] {
  const operators: PDFOperator[] = [];
  const fillRects = (rects: Array<[number, number, number, number]>) =>
    operators.push(pushGraphicsState(), setFillingGrayscaleColor(0), ...rects.map(([x, y, w, h]) => rectangle(r(x), r(y), r(w), r(h))), fill(), popGraphicsState());
  for (const e of elements) {
    switch (e.kind) {
      case 'text': {
        const textWidth = measureWith(e.font, e.size)(e.text);
        const x = e.align === 'left' ? e.x : e.align === 'right' ? e.x + e.width - textWidth : e.x + (e.width - textWidth) / 2;
        // The baseline sits at the font's ascent below the top of the line box.
        const baseline = height - e.top - ascentAtSize(e.font, e.size);
        operators.push(
          beginText(),
          setFontAndSize(FONT_KEYS[e.font], e.size),
          setFillingGrayscaleColor(e.inverse ? 1 : 0),
          setTextMatrix(1, 0, 0, 1, r(x), r(baseline)),
          showText(PDFHexString.of(winAnsiCodes(e.text).map(toHexString).join(''))),
          endText(),
        );
        break;
      }
      case 'box':
        fillRects([[e.x, height - e.top - e.height, e.width, e.height]]);
        break;
      case 'frame': {
        const half = e.thickness / 2;
        operators.push(
          pushGraphicsState(),
          setStrokingGrayscaleColor(0),
          setLineWidth(e.thickness),
          rectangle(r(e.x + half), r(height - e.top - e.height + half), r(e.width - e.thickness), r(e.height - e.thickness)),
          stroke(),
          popGraphicsState(),
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
  return operators;
}
