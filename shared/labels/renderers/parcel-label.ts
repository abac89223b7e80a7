/**
 * The 4×6 inch labels: the shipping label of each package (PDF and ZPL from
 * the same elements) and the return label. Every block has a fixed place and
 * height; text longer than its block is cut, so a label is always one page.
 */
import type { Address } from '../../domain/rate/schema';
import type { ShipmentDocument } from '../document';
import { addressLines, dateOf, formatDimensions, formatWeight, referenceLine } from './content';
import { LABEL_SIZE, Layout, type Element } from './layout';

const MARGIN = 12;
const WIDTH = LABEL_SIZE[0] - 2 * MARGIN;
const RIGHT = 0.36 * WIDTH;
const LEFT = WIDTH - RIGHT - 6;

type LabelContent = {
  banner?: string;
  from: Address;
  to: Address;
  /** The bold figure in the framed box, with its caption. */
  box: { caption: string; value: string; note?: string };
  facts: Array<{ caption: string; value: string }>;
  notes: string[];
  barcode: string;
  barcodeNote?: string;
};

function parcelLabel(document: ShipmentDocument, content: LabelContent): Element[] {
  const l = new Layout();
  const x = MARGIN;
  l.text(document.carrier.name, x, 12, { size: 15, font: 'bold', width: 150 });
  l.text(document.service.name, x + 154, 12, { size: 9, font: 'bold', width: WIDTH - 154, align: 'right' });
  l.text(`Ship date ${dateOf(document.shippingDate)}`, x + 154, 25, { size: 7, width: WIDTH - 154, align: 'right' });
  l.rule(x, 38, WIDTH, 1.5);

  let top = 42;
  if (content.banner) {
    l.fill(x, top, WIDTH, 18);
    l.text(content.banner, x, top + 3, { size: 12, font: 'bold', width: WIDTH, align: 'center', inverse: true });
    top += 20;
  }

  l.text('FROM', x, top, { size: 6, font: 'bold', width: WIDTH });
  addressLines(content.from, { phone: true })
    .slice(0, content.banner ? 4 : 6)
    .forEach((line, i) => l.text(line, x, top + 8 + i * 9, { size: 7.5, width: WIDTH }));
  l.rule(x, 106, WIDTH);

  l.text('SHIP TO', x, 110, { size: 7, font: 'bold', width: WIDTH });
  addressLines(content.to, { phone: true })
    .slice(0, 7)
    .forEach((line, i) => l.text(line, x, 119 + i * 13, { size: 11, font: 'bold', width: WIDTH }));
  l.rule(x, 214, WIDTH, 1.5);

  const facts = content.facts.slice(0, 2);
  facts.forEach((fact, i) => {
    const column = x + (i * LEFT) / facts.length;
    l.text(fact.caption, column, 218, { size: 6, font: 'bold', width: LEFT / facts.length - 4 });
    l.text(fact.value, column, 226, { size: 9.5, font: 'bold', width: LEFT / facts.length - 4 });
  });
  content.notes.slice(0, 3).forEach((note, i) => l.text(note, x, 242 + i * 10, { size: 7.5, width: LEFT }));

  const boxX = x + WIDTH - RIGHT;
  l.frame(boxX, 218, RIGHT, 60, 1.5);
  l.text(content.box.caption, boxX + 4, 222, { size: 6, font: 'bold', width: RIGHT - 8, align: 'center' });
  l.text(content.box.value, boxX + 4, 233, { size: 14, font: 'bold', width: RIGHT - 8, align: 'center' });
  l.text(content.box.note, boxX + 4, 256, { size: 7, width: RIGHT - 8, align: 'center' });
  l.rule(x, 282, WIDTH, 1.5);

  l.text('TRACKING NUMBER', x, 286, { size: 6, font: 'bold', width: WIDTH });
  l.barcode(content.barcode, x, 295, WIDTH, 70);
  l.text(content.barcode, x, 368, { size: 11, font: 'mono', width: WIDTH, align: 'center' });
  l.text(content.barcodeNote, x, 383, { size: 7, width: WIDTH, align: 'center' });
  l.rule(x, 396, WIDTH);

  l.text(`Order ${document.orderId}`, x, 400, { size: 6.5, width: WIDTH });
  l.text(document.trackingUrl, x, 410, { size: 6.5, width: WIDTH });
  return l.elements;
}

const instructionNotes = (document: ShipmentDocument): string[] =>
  [
    referenceLine(document.references),
    document.signature && document.signature !== 'none' ? `Signature ${document.signature === 'adult' ? 'of an adult ' : ''}required` : '',
    document.deliveryInstructions ? `Instructions: ${document.deliveryInstructions}` : '',
  ].filter(Boolean);

/** The label of package `index` (0-based): its weight, size, place in the shipment and tracking number. */
export function shippingLabelElements(document: ShipmentDocument, index: number): Element[] {
  const piece = document.pieces[index]!;
  const count = document.pieces.length;
  return parcelLabel(document, {
    from: document.shipper,
    to: document.recipient,
    box: { caption: 'PIECE', value: `${index + 1} OF ${count}`, note: piece.packaging },
    facts: [
      { caption: 'WEIGHT', value: formatWeight(piece.weight, document.unitOfMeasure) },
      { caption: 'DIMENSIONS', value: formatDimensions(piece, document.unitOfMeasure) },
    ],
    notes: instructionNotes(document),
    barcode: document.pieceTrackingNumbers[index]!,
    barcodeNote: count > 1 ? `Master ${document.trackingNumber}` : undefined,
  });
}

/** The prepaid return: from the recipient back to the shipper, one label for the shipment. */
export function returnLabelElements(document: ShipmentDocument): Element[] {
  const count = document.pieces.length;
  return parcelLabel(document, {
    banner: 'RETURN LABEL',
    from: document.recipient,
    to: document.shipper,
    box: { caption: 'RETURN OF', value: `${count} ${count === 1 ? 'PIECE' : 'PIECES'}` },
    facts: [{ caption: 'ORIGINAL SHIPMENT', value: document.trackingNumber }],
    notes: [`Shipped ${dateOf(document.shippingDate)}`, referenceLine(document.references)].filter(Boolean),
    barcode: document.returnTrackingNumber ?? document.trackingNumber,
  });
}
