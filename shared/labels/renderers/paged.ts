/**
 * Letter-size documents whose table may run over pages (a commercial invoice
 * has up to 100 items, a bill of lading up to 200 handling units): the first
 * page has the full header, the next ones a short one, the closing block
 * (totals, declaration, signatures) follows the last row, and every page says
 * "Page n of m". Rows have a fixed height, so no row is split.
 */
import { LETTER_SIZE, Layout, type Element } from './layout';

export const PAGE_MARGIN = 36;
export const PAGE_WIDTH = LETTER_SIZE[0] - 2 * PAGE_MARGIN;
/** Where rows and the closing block stop: above the page footer. */
const BOTTOM = LETTER_SIZE[1] - PAGE_MARGIN - 16;

export type PagedDocument<Row> = {
  /** Draws the first page's header; returns where the table starts. */
  firstHeader(l: Layout): number;
  /** Draws a following page's header; returns where the table continues. */
  nextHeader(l: Layout): number;
  /** Draws the table's column headings at `top`; returns their height. */
  columns(l: Layout, top: number): number;
  rows: Row[];
  rowHeight: number;
  row(l: Layout, row: Row, index: number, top: number): void;
  closingHeight: number;
  closing(l: Layout, top: number): void;
  /** The page footer's text before "Page n of m". */
  footer: string;
};

export function pagedElements<Row>(spec: PagedDocument<Row>): Element[][] {
  const pages: Layout[] = [new Layout()];
  let page = pages[0]!;
  let top = spec.firstHeader(page);
  top += spec.columns(page, top);
  const newPage = () => {
    page = new Layout();
    pages.push(page);
    top = spec.nextHeader(page);
  };
  spec.rows.forEach((row, index) => {
    if (top + spec.rowHeight > BOTTOM) {
      newPage();
      top += spec.columns(page, top);
    }
    spec.row(page, row, index, top);
    top += spec.rowHeight;
  });
  if (top + spec.closingHeight > BOTTOM) newPage();
  spec.closing(page, top);
  pages.forEach((layout, i) =>
    layout.text(`${spec.footer} · Page ${i + 1} of ${pages.length}`, PAGE_MARGIN, LETTER_SIZE[1] - PAGE_MARGIN - 8, {
      size: 7,
      width: PAGE_WIDTH,
      align: 'right',
    }),
  );
  return pages.map((layout) => layout.elements);
}

/** A column of a table: where it starts, how wide, how its cells align. */
export type Column = { x: number; width: number; align?: 'left' | 'right' | 'center' };

/** Columns laid left to right from the page margin, 4 points apart. */
export function columnsOf<K extends string>(widths: ReadonlyArray<readonly [K, number, Column['align']?]>): Record<K, Column> {
  let x = PAGE_MARGIN;
  const columns = {} as Record<K, Column>;
  for (const [key, width, align] of widths) {
    columns[key] = { x, width: width - 4, align: align ?? 'left' };
    x += width;
  }
  return columns;
}

/**
 * A table's column headings between two rules, every column named in
 * `headings`, in its column's place and alignment; the height they take.
 */
export function columnHeadings<K extends string>(l: Layout, columns: Record<K, Column>, top: number, headings: Record<K, string>): number {
  l.rule(PAGE_MARGIN, top, PAGE_WIDTH, 0.75);
  for (const key of Object.keys(headings) as K[]) {
    l.text(headings[key], columns[key].x, top + 3, { size: 7, font: 'bold', width: columns[key].width, align: columns[key].align });
  }
  l.rule(PAGE_MARGIN, top + 13, PAGE_WIDTH, 0.75);
  return 16;
}
