/**
 * What the local carrier stand-ins (`local/<carrier>/`) share beside their
 * HTTP servers (./mock-http.ts): a plain PDF for the documents they hand
 * out, and Canada's provinces by postal code with their sales taxes, which
 * their made-up tariffs charge. Tooling only: no function imports it.
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

/** The province of a Canadian postal code, by its first letter. */
export function provinceOf(postalCode: string): string {
  const letter = postalCode.charAt(0).toUpperCase();
  if (letter === 'A') return 'NL';
  if (letter === 'B') return 'NS';
  if (letter === 'C') return 'PE';
  if (letter === 'E') return 'NB';
  if ('GHJ'.includes(letter)) return 'QC';
  if ('KLMNP'.includes(letter)) return 'ON';
  if (letter === 'R') return 'MB';
  if (letter === 'S') return 'SK';
  if (letter === 'T') return 'AB';
  if (letter === 'V') return 'BC';
  if (letter === 'X') return 'NT';
  if (letter === 'Y') return 'YT';
  return 'ON';
}

/** Sales taxes on a domestic parcel by the destination's province: HST where it applies, GST elsewhere, Quebec's QST as the PST. */
export function taxRatesOf(province: string): { gst: number; pst: number; hst: number } {
  const hst: Readonly<Record<string, number>> = { ON: 13, NB: 15, NL: 15, PE: 15, NS: 14 };
  if (hst[province] !== undefined) return { gst: 0, pst: 0, hst: hst[province] };
  if (province === 'QC') return { gst: 5, pst: 9.975, hst: 0 };
  return { gst: 5, pst: 0, hst: 0 };
}
