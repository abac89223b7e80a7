/**
 * The documents the local Canada Post (./simulator.ts) hands out besides
 * XML: its labels and manifests as Get Artifact answers them. A label is a
 * real one-page PDF of 4×6 inches (288×432 points) or a ZPL II block
 * (`^XA…^XZ`) for a 4×6 thermal printer, both showing the PIN; a manifest is
 * a one-page letter-size PDF naming its PO number and its shipments.
 * Tooling only: no function imports it.
 */

import { simplePdf } from '../stand-in-kit';

export type LabelFacts = { pin: string; serviceCode: string; from: string; to: string };

/** A 4×6 PDF label (288×432 points) showing the service, the postal codes and the PIN, with bars. */
export const labelPdf = (label: LabelFacts): Buffer =>
  simplePdf(
    288,
    432,
    [
      { text: 'Canada Post / Postes Canada', size: 14 },
      { text: `Service ${label.serviceCode}`, size: 11 },
      { text: `From ${label.from}  To ${label.to}`, size: 11 },
      { text: `PIN ${label.pin}`, size: 16 },
    ],
    label.pin,
  );

/** A ZPL II label for a 4×6 printer at 203 dpi: the same facts, the PIN as a Code 128 barcode. */
export const labelZpl = (label: LabelFacts): string =>
  [
    '^XA',
    '^PW812^LL1218',
    '^FO40,40^A0N,40,40^FDCanada Post / Postes Canada^FS',
    `^FO40,100^A0N,30,30^FDService ${label.serviceCode}^FS`,
    `^FO40,150^A0N,30,30^FDFrom ${label.from}  To ${label.to}^FS`,
    `^FO40,240^BY3^BCN,200,Y,N,N^FD${label.pin}^FS`,
    `^FO40,520^A0N,40,40^FDPIN ${label.pin}^FS`,
    '^XZ',
    '',
  ].join('\n');

/** A letter-size manifest PDF: its PO number, date and the PINs it carries. */
export const manifestPdf = (poNumber: string, date: string, pins: readonly string[]): Buffer =>
  simplePdf(612, 792, [
    { text: 'Canada Post - Manifest / Bordereau', size: 16 },
    { text: `PO number ${poNumber}   ${date}`, size: 12 },
    { text: `${pins.length} shipment(s)`, size: 12 },
    ...pins.slice(0, 40).map((pin) => ({ text: pin, size: 10 })),
  ]);
