/**
 * Our end-of-day manifest (docs/manifests.md), the sheet the driver signs for
 * a carrier that issues none: the shipper, the ship date, the carrier and its
 * account number, one row per package (order, tracking number, service,
 * weight), the totals and the signatures.
 */
import { formatNumber } from './content';
import type { Element, Layout } from './layout';
import { columnHeadings, columnsOf, PAGE_MARGIN, PAGE_WIDTH, pagedElements } from './paged';

/** `1 package`, `3 packages`. */
const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

export type ManifestDocument = {
  manifestId: string;
  carrier: { code: string; name: string };
  accountNumber: string;
  mode: 'live' | 'test';
  shipDate: string;
  createdDate: string;
  shipper: { name: string; company?: string; city?: string; province?: string; country: string };
  lines: ReadonlyArray<{ orderId: string; trackingNumber: string; serviceName: string; packages: ReadonlyArray<{ trackingNumber: string; weightKg: number }> }>;
};

type Row = { orderId: string; serviceName: string; trackingNumber: string; weightKg: number; first: boolean };

const COLUMNS = columnsOf([
  ['number', 36, 'right'],
  ['tracking', 150],
  ['service', 150],
  ['order', 126],
  ['weight', 78, 'right'],
] as const);

const roundKg = (kg: number) => Math.round(kg * 1000) / 1000;

export function manifestPages(document: ManifestDocument): Element[][] {
  const x = PAGE_MARGIN;
  const rows: Row[] = document.lines.flatMap((line) =>
    line.packages.map((p, i) => ({
      orderId: line.orderId,
      serviceName: line.serviceName,
      trackingNumber: p.trackingNumber,
      weightKg: p.weightKg,
      first: i === 0,
    })),
  );
  const total = roundKg(rows.reduce((sum, r) => sum + r.weightKg, 0));
  const shipper = [document.shipper.company, document.shipper.name].filter(Boolean).join(', ');
  const place = [document.shipper.city, document.shipper.province, document.shipper.country].filter(Boolean).join(', ');
  return pagedElements<Row>({
    firstHeader: (l: Layout) => {
      l.text(`${document.mode === 'test' ? 'TEST ' : ''}MANIFEST`, x, 36, { size: 18, font: 'bold', width: 300 });
      l.text('End-of-day close: the packages handed to the carrier', x, 58, { size: 8, width: 300 });
      l.barcode(document.manifestId.replace(/-/g, '').slice(0, 20).toUpperCase(), x + PAGE_WIDTH - 240, 32, 240, 40);
      [
        `Ship date: ${document.shipDate}`,
        `Carrier: ${document.carrier.name} (${document.carrier.code})`,
        `Account: ${document.accountNumber || 'none (sandbox)'}`,
        `Shipper: ${shipper}`,
        place,
        `Manifest: ${document.manifestId}`,
      ]
        .filter(Boolean)
        .forEach((line, i) => l.text(line, x, 80 + i * 11, { size: 9, width: PAGE_WIDTH - 250 }));
      return 156;
    },
    nextHeader: (l: Layout) => {
      l.text('MANIFEST (continued)', x, 36, { size: 13, font: 'bold', width: PAGE_WIDTH / 2 });
      l.text(`${document.carrier.code} ${document.shipDate}`, x + PAGE_WIDTH / 2, 36, { size: 9, font: 'bold', width: PAGE_WIDTH / 2, align: 'right' });
      return 70;
    },
    columns: (l: Layout, top: number) =>
      columnHeadings(l, COLUMNS, top, {
        number: '#',
        tracking: 'Tracking number',
        service: 'Service',
        order: 'Order',
        weight: 'Weight (kg)',
      }),
    rows,
    rowHeight: 14,
    row: (l: Layout, row: Row, index: number, top: number) => {
      const cell = (key: keyof typeof COLUMNS, text: string, font: 'regular' | 'mono' = 'regular') =>
        l.text(text, COLUMNS[key].x, top + 2, { size: 8, font, width: COLUMNS[key].width, align: COLUMNS[key].align });
      cell('number', String(index + 1));
      cell('tracking', row.trackingNumber, 'mono');
      cell('service', row.first ? row.serviceName : '');
      cell('order', row.first ? row.orderId.slice(0, 18) : '', 'mono');
      cell('weight', formatNumber(roundKg(row.weightKg)));
      l.rule(x, top + 13, PAGE_WIDTH, 0.25);
    },
    closingHeight: 130,
    closing: (l: Layout, top: number) => {
      l.rule(x, top + 2, PAGE_WIDTH, 1);
      l.text(`TOTAL ${counted(document.lines.length, 'shipment')}, ${counted(rows.length, 'package')}, ${formatNumber(total)} kg`, x, top + 8, {
        size: 10,
        font: 'bold',
        width: PAGE_WIDTH,
      });
      ['Shipper', 'Driver'].forEach((who, i) => {
        const left = x + i * (PAGE_WIDTH / 2);
        l.frame(left, top + 30, PAGE_WIDTH / 2 - 8, 90, 0.75);
        l.text(`${who.toUpperCase()} SIGNATURE`, left + 6, top + 35, { size: 7, font: 'bold', width: PAGE_WIDTH / 2 - 20 });
        l.rule(left + 6, top + 92, PAGE_WIDTH / 2 - 20, 0.5);
        l.text('Date and time', left + 6, top + 96, { size: 7, width: PAGE_WIDTH / 2 - 20 });
      });
    },
    footer: `Manifest ${document.manifestId}, ${document.carrier.code}, ${document.shipDate}`,
  });
}
