/**
 * Documents a sandbox carrier issues itself, as a real carrier returns its
 * labels with the shipment: carrier Z answers every ship with a ZPL label and
 * a PNG label image per package (and a PNG return label when asked), so the
 * path of a carrier's own documents (stored at ship, served by the label
 * endpoints, the PDF label built from the image) runs end to end without a
 * live carrier. The other sandbox carriers issue none; the service renders
 * their labels.
 *
 * The image is a 4×6 in label at 203 dpi, black on white: a frame, a bar
 * pattern drawn from the tracking number (a sandbox pattern, not a scannable
 * symbology) and a block per package of the shipment, encoded by
 * shared/labels/png.ts.
 */
import { encodePng } from '../../labels/png';
import type { ShipWire } from '../wire/ship';

type WireDocument = NonNullable<ShipWire['shipment']['documents']>[number];

const WIDTH = 812;
const HEIGHT = 1218;

/** Bar widths (in modules) from the characters of a number: a sandbox pattern that differs per number. */
const barsOf = (text: string): number[] => [...text].flatMap((c) => [1 + (c.charCodeAt(0) % 3), 1 + ((c.charCodeAt(0) >> 2) % 2)]);

function labelImage(trackingNumber: string, index: number, count: number): Buffer {
  const bars = barsOf(trackingNumber);
  const module = 4;
  const barTop = 760;
  const barBottom = 1000;
  const starts: Array<[number, number]> = [];
  let x = 60;
  bars.forEach((width, i) => {
    if (i % 2 === 0) starts.push([x, x + width * module]);
    x += width * module;
  });
  const blockWidth = Math.floor((WIDTH - 120) / Math.max(count, 1));
  return encodePng({
    width: WIDTH,
    height: HEIGHT,
    black: (px, py) => {
      if (px < 8 || px >= WIDTH - 8 || py < 8 || py >= HEIGHT - 8) return true;
      if (py >= barTop && py < barBottom) return starts.some(([a, b]) => px >= a && px < b);
      // One block per package along the top, this package's filled.
      if (py >= 60 && py < 140 && px >= 60 && px < 60 + blockWidth * count) {
        const block = Math.floor((px - 60) / blockWidth);
        const edge = px - 60 - block * blockWidth < 4 || py < 64 || py >= 136;
        return block === index || edge;
      }
      return false;
    },
  });
}

/** Carrier Z's own ZPL: a title, the tracking number and its Code 128 barcode. */
const labelZpl = (carrierCode: string, trackingNumber: string, index: number, count: number): string =>
  [
    '^XA',
    '^PW812^LL1218^LH0,0',
    `^FO40,40^A0N,50,50^FD${carrierCode}^FS`,
    `^FO40,110^A0N,30,30^FDPackage ${index + 1} of ${count}^FS`,
    `^FO60,760^BY3^BCN,240,Y,N,N^FD${trackingNumber}^FS`,
    '^XZ',
  ].join('\n');

/** The documents carrier Z issues for a shipment: per package a ZPL label and a PNG label; a PNG return label. */
export function carrierZDocuments(shipment: { carrierCode: string; pieceTrackingNumbers: string[]; returnTrackingNumber?: string }): WireDocument[] {
  const count = shipment.pieceTrackingNumbers.length;
  return [
    ...shipment.pieceTrackingNumbers.flatMap((number, packageIndex): WireDocument[] => [
      {
        type: 'label',
        format: 'ZPL',
        packageIndex,
        content: Buffer.from(labelZpl(shipment.carrierCode, number, packageIndex, count), 'ascii').toString('base64'),
      },
      { type: 'label', format: 'PNG', packageIndex, content: labelImage(number, packageIndex, count).toString('base64') },
    ]),
    ...(shipment.returnTrackingNumber
      ? [{ type: 'returnLabel' as const, format: 'PNG' as const, content: labelImage(shipment.returnTrackingNumber, 0, 1).toString('base64') }]
      : []),
  ];
}
