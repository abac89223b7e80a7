/**
 * The straight bill of lading of a freight shipment: its number as a Code 128
 * barcode, shipper and consignee, the carrier's PRO (tracking) number, the
 * freight options the carrier must honour, the handling units (identical
 * consecutive packages on one row) with their weights, and the signatures.
 */
import type { Address } from '../../domain/rate/schema';
import type { DocumentPiece, ShipmentDocument } from '../document';
import { addressLines, dateOf, formatDimensions, formatNumber, formatWeight, freightInstructions, referenceLine, totalWeight, weightUnit } from './content';
import type { Element, Layout } from './layout';
import { columnHeadings, columnsOf, PAGE_MARGIN, PAGE_WIDTH, pagedElements } from './paged';

const HALF = PAGE_WIDTH / 2 - 6;

const COLUMNS = columnsOf([
  ['units', 40, 'right'],
  ['packaging', 110],
  ['dimensions', 150],
  ['weightEach', 70, 'right'],
  ['weightTotal', 70, 'right'],
  ['tracking', 100],
] as const);

/** Consecutive packages of the same size, weight and packaging, with their tracking numbers. */
type HandlingUnits = { piece: DocumentPiece; count: number; first: string; last: string };

function handlingUnits(document: ShipmentDocument): HandlingUnits[] {
  const rows: HandlingUnits[] = [];
  document.pieces.forEach((piece, i) => {
    const tracking = document.pieceTrackingNumbers[i]!;
    const previous = rows.at(-1);
    const same =
      previous &&
      previous.piece.weight === piece.weight &&
      previous.piece.length === piece.length &&
      previous.piece.width === piece.width &&
      previous.piece.height === piece.height &&
      previous.piece.packaging === piece.packaging;
    if (same) {
      previous.count++;
      previous.last = tracking;
    } else {
      rows.push({ piece, count: 1, first: tracking, last: tracking });
    }
  });
  return rows;
}

function party(l: Layout, caption: string, address: Address, x: number, top: number): void {
  l.frame(x, top, HALF, 100, 0.75);
  l.text(caption, x + 6, top + 5, { size: 7, font: 'bold', width: HALF - 12 });
  addressLines(address, { phone: true })
    .slice(0, 7)
    .forEach((line, i) => l.text(line, x + 6, top + 15 + i * 11, { size: 8.5, width: HALF - 12 }));
}

export function billOfLadingPages(document: ShipmentDocument & { billOfLadingNumber: string }): Element[][] {
  const x = PAGE_MARGIN;
  const bol = document.billOfLadingNumber;
  const unit = document.unitOfMeasure;
  return pagedElements<HandlingUnits>({
    firstHeader: (l) => {
      l.text('BILL OF LADING', x, 36, { size: 18, font: 'bold', width: 300 });
      l.text('Straight bill of lading, not negotiable', x, 58, { size: 8, width: 300 });
      l.barcode(bol, x + PAGE_WIDTH - 240, 32, 240, 40);
      l.text(bol, x + PAGE_WIDTH - 240, 75, { size: 10, font: 'mono', width: 240, align: 'center' });
      [
        `Date ${dateOf(document.shippingDate)}`,
        `Via ${document.carrier.name}, ${document.service.name}`,
        `PRO / tracking number ${document.trackingNumber}`,
        `Order ${document.orderId}`,
        referenceLine(document.references),
      ]
        .filter(Boolean)
        .forEach((line, i) => l.text(line, x, 74 + i * 10, { size: 8, width: PAGE_WIDTH - 250 }));
      party(l, 'SHIPPER (FROM)', document.shipper, x, 130);
      party(l, 'CONSIGNEE (TO)', document.recipient, x + HALF + 12, 130);
      const instructions = [...freightInstructions(document), document.deliveryInstructions ? `Instructions: ${document.deliveryInstructions}` : ''].filter(
        Boolean,
      );
      l.text('SPECIAL INSTRUCTIONS', x, 238, { size: 7, font: 'bold', width: PAGE_WIDTH });
      let top = 247;
      // At most 9 lines, two for a free-text one.
      for (const line of instructions) top += l.paragraph(line, x, top, { size: 8, width: PAGE_WIDTH, maxLines: Math.min(2, Math.floor((340 - top) / 9.6)) });
      if (instructions.length === 0) top += l.text('None', x, top, { size: 8, width: PAGE_WIDTH });
      return top + 14;
    },
    nextHeader: (l) => {
      l.text('BILL OF LADING (continued)', x, 36, { size: 13, font: 'bold', width: PAGE_WIDTH / 2 });
      l.text(`BOL ${bol}`, x + PAGE_WIDTH / 2, 36, { size: 9, font: 'bold', width: PAGE_WIDTH / 2, align: 'right' });
      return 70;
    },
    columns: (l, top) =>
      columnHeadings(l, COLUMNS, top, {
        units: 'Units',
        packaging: 'Packaging',
        dimensions: 'Dimensions (each)',
        weightEach: `Weight each (${weightUnit(unit)})`,
        weightTotal: `Weight (${weightUnit(unit)})`,
        tracking: 'Tracking numbers',
      }),
    rows: handlingUnits(document),
    rowHeight: 22,
    row: (l, row, _index, top) => {
      const cell = (key: keyof typeof COLUMNS, text: string | undefined, line = 0, font: 'regular' | 'mono' = 'regular') =>
        l.text(text, COLUMNS[key].x, top + 2 + line * 9.5, { size: 8, font, width: COLUMNS[key].width, align: COLUMNS[key].align });
      cell('units', String(row.count));
      cell('packaging', row.piece.packaging ?? 'Package');
      cell('dimensions', formatDimensions(row.piece, unit));
      cell('weightEach', formatNumber(row.piece.weight));
      cell('weightTotal', formatNumber(Math.round(row.piece.weight * row.count * 1000) / 1000));
      cell('tracking', row.first, 0, 'mono');
      if (row.count > 1) cell('tracking', `to ${row.last}`, 1, 'mono');
      l.rule(x, top + 21, PAGE_WIDTH, 0.25);
    },
    closingHeight: 140,
    closing: (l, top) => {
      l.rule(x, top + 2, PAGE_WIDTH, 1);
      l.text(`TOTAL ${document.pieces.length} handling units, ${formatWeight(totalWeight(document), unit)}`, x, top + 8, {
        size: 10,
        font: 'bold',
        width: PAGE_WIDTH,
      });
      ['Shipper', 'Carrier', 'Consignee'].forEach((who, i) => {
        const left = x + i * (PAGE_WIDTH / 3);
        l.frame(left, top + 34, PAGE_WIDTH / 3 - 8, 96, 0.75);
        l.text(`${who.toUpperCase()} SIGNATURE`, left + 6, top + 39, { size: 7, font: 'bold', width: PAGE_WIDTH / 3 - 20 });
        l.rule(left + 6, top + 100, PAGE_WIDTH / 3 - 20, 0.5);
        l.text('Date', left + 6, top + 104, { size: 7, width: PAGE_WIDTH / 3 - 20 });
      });
    },
    footer: `Bill of lading ${bol}, order ${document.orderId}`,
  });
}
