/**
 * The documents the local Canada Post (./simulator.ts) hands out besides
 * XML: its labels and manifests as Get Artifact answers them. A label is a
 * real one-page PDF of 4×6 inches (288×432 points) or a ZPL II block
 * (`^XA…^XZ`) for a 4×6 thermal printer, both showing the PIN; a manifest is
 * a one-page letter-size PDF naming its PO number and its shipments.
 * Tooling only: no function imports it.
 */

/** `text` as a PDF literal string: backslashes and parentheses escaped, anything outside printable ASCII dropped. */
const pdfString = (text: string): string => `(${text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A one-page PDF (PDF 1.4, Helvetica, uncompressed) of `width`×`height`
 * points with `lines` of text from the top, and a bar pattern drawn from
 * `barcode` when given; its cross-reference table has the exact offsets, so
 * any reader opens it.
 */
export function simplePdf(width: number, height: number, lines: readonly { text: string; size: number }[], barcode?: string): Buffer {
  const ops: string[] = ['0 g'];
  let y = height - 36;
  for (const line of lines) {
    ops.push(`BT /F1 ${line.size} Tf 24 ${y} Td ${pdfString(line.text)} Tj ET`);
    y -= line.size + 10;
  }
  if (barcode) {
    // Bars from the digits: a picture of a barcode, not a scannable one.
    let x = 24;
    for (const c of barcode) {
      const code = c.charCodeAt(0);
      for (let bit = 0; bit < 4; bit++) {
        const w = (code >> bit) & 1 ? 3 : 1.5;
        ops.push(`${x.toFixed(1)} ${y - 90} ${w} 80 re f`);
        x += w + 1.5;
      }
    }
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

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
