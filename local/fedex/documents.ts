/**
 * The documents the local FedEx (./simulator.ts) hands out: labels on 4×6
 * stock as a one-page PDF (288×432 points, PAPER_4X6) or a ZPL II block for
 * a 203 dpi thermal printer (812×1218 dots, STOCK_4X6), a commercial invoice
 * (letter-size PDF), and the Ground End of Day manifest, which FedEx gives as
 * text. The PDFs are drawn by the Canada Post stand-in's one-page writer, so
 * both stand-ins hand out the same kind of file. Tooling only: no function
 * imports it.
 */
import { simplePdf } from '../stand-in-kit';

export type FedexLabelFacts = {
  trackingNumber: string;
  /** FedEx's name of the service (`FedEx Ground®`). */
  serviceName: string;
  /** `CITY PROVINCE POSTAL COUNTRY` of each end. */
  from: string;
  to: string;
  /** `1 of 3`. */
  piece: string;
  weight: string;
  references: readonly string[];
  isReturn: boolean;
};

const labelLines = (label: FedexLabelFacts): string[] => [
  label.isReturn ? `FedEx RETURN - ${label.serviceName}` : `FedEx - ${label.serviceName}`,
  `From ${label.from}`,
  `To ${label.to}`,
  `Piece ${label.piece}   ${label.weight}`,
  ...label.references.slice(0, 3).map((r) => `Ref ${r}`),
  `TRK# ${label.trackingNumber}`,
];

/** A 4×6 PDF label: the service, both ends, the piece, the references and the tracking number, with bars. */
export function fedexLabelPdf(label: FedexLabelFacts): Buffer {
  const lines = labelLines(label);
  return simplePdf(
    288,
    432,
    lines.map((text, i) => ({ text, size: i === 0 ? 13 : i === lines.length - 1 ? 14 : 10 })),
    label.trackingNumber,
  );
}

/** ZPL II field data: `^` and `~` (command prefixes) and anything outside printable ASCII dropped. */
const zplField = (text: string): string => text.replace(/[^\x20-\x7e]|[\^~]/g, '');

/** A ZPL II label for a 4×6 printer at 203 dpi: the same facts, the tracking number as a Code 128 barcode. */
export const fedexLabelZpl = (label: FedexLabelFacts): string =>
  [
    '^XA',
    '^CI28',
    '^PW812^LL1218',
    ...labelLines(label)
      .slice(0, -1)
      .map((text, i) => `^FO40,${40 + i * 50}^A0N,${i === 0 ? 40 : 30},${i === 0 ? 40 : 30}^FD${zplField(text)}^FS`),
    `^FO40,520^BY3^BCN,220,Y,N,N^FD${label.trackingNumber}^FS`,
    `^FO40,820^A0N,44,44^FDTRK# ${label.trackingNumber}^FS`,
    '^XZ',
    '',
  ].join('\n');

/** A letter-size commercial invoice: the shipment's tracking number, both ends and its goods. */
export const fedexInvoicePdf = (
  trackingNumber: string,
  from: string,
  to: string,
  goods: readonly { description: string; quantity: number; value: string }[],
): Buffer =>
  simplePdf(612, 792, [
    { text: 'COMMERCIAL INVOICE', size: 16 },
    { text: `FedEx tracking number ${trackingNumber}`, size: 11 },
    { text: `Exporter ${from}`, size: 10 },
    { text: `Consignee ${to}`, size: 10 },
    ...goods.slice(0, 30).map((g) => ({ text: `${g.quantity} x ${g.description}  ${g.value}`, size: 10 })),
  ]);

/** The Ground manifest of one close, as text: the account, the close date and one line per package closed. */
export const fedexGroundManifest = (
  accountNumber: string,
  closeDate: string,
  packages: readonly { trackingNumber: string; service: string; weight: string; to: string }[],
): string =>
  [
    'FEDEX GROUND MANIFEST',
    `ACCOUNT ${accountNumber}   CLOSE DATE ${closeDate}`,
    `PACKAGES ${packages.length}`,
    '',
    ...packages.map((p) => `${p.trackingNumber}  ${p.service.padEnd(22)} ${p.weight.padStart(10)}  ${p.to}`),
    '',
    'SHIPPER SIGNATURE ____________________   DRIVER ____________________',
    '',
  ].join('\n');

/** The OP-950 (hazardous materials certification) page of a close, when asked for: a one-page letter PDF. */
export const fedexOp950Pdf = (accountNumber: string, closeDate: string): Buffer =>
  simplePdf(612, 792, [
    { text: 'OP-950 Hazardous Materials Certification', size: 16 },
    { text: `Account ${accountNumber}   ${closeDate}`, size: 12 },
    { text: 'No hazardous materials declared', size: 12 },
  ]);
