/**
 * Reading rendered documents back, independently of the code that wrote
 * them: PDFs through pdf-lib's parser (pages, sizes, the text and filled
 * rectangles of each page's content stream), Code 128 bars through a decoder
 * written from the symbology's table, ZPL through its command grammar.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from '@cantoo/pdf-lib';

export type PdfPage = { width: number; height: number; text: string[]; bars: Bar[][] };
export type Bar = { x: number; y: number; width: number; height: number };

const winAnsi = new TextDecoder('windows-1252');

function contentOf(pdf: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) throw new Error('unexpected content stream');
      return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    })
    .join('\n');
}

/** Texts shown (`<hex> Tj`) in order, and each group of filled rectangles (`q … re … f Q`). */
export async function readPdf(bytes: Buffer): Promise<{ pageCount: number; pages: PdfPage[]; title?: string; created?: Date }> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages().map((page) => {
    const content = contentOf(pdf, page);
    const text = [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => winAnsi.decode(Buffer.from(m[1]!, 'hex')));
    const bars = [...content.matchAll(/q\s+0 g\s+((?:[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ re\s+)+)f\s+Q/g)]
      .map((m) => [...m[1]!.matchAll(/([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re/g)].map((r) => ({ x: +r[1]!, y: +r[2]!, width: +r[3]!, height: +r[4]! })))
      .filter((group) => group.length > 10);
    const { width, height } = page.getSize();
    return { width, height, text, bars };
  });
  return { pageCount: pdf.getPageCount(), pages, title: pdf.getTitle(), created: pdf.getCreationDate() };
}

/** Code 128 symbol values 0–106 as bar/space widths (ISO/IEC 15417, table 1); 106 is the stop. */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];

/** The text a row of bars encodes, after checking start, check character and stop. */
export function decodeCode128(bars: Bar[]): string {
  const sorted = [...bars].sort((a, b) => a.x - b.x);
  const module = Math.min(...sorted.map((b) => b.width));
  const widths: number[] = [];
  sorted.forEach((bar, i) => {
    if (i > 0) widths.push(Math.round((bar.x - (sorted[i - 1]!.x + sorted[i - 1]!.width)) / module));
    widths.push(Math.round(bar.width / module));
  });
  const symbols: number[] = [];
  for (let i = 0; i < widths.length;) {
    const stop = widths.slice(i, i + 7).join('');
    if (stop === PATTERNS[106]) {
      symbols.push(106);
      i += 7;
      continue;
    }
    const value = PATTERNS.indexOf(widths.slice(i, i + 6).join(''));
    if (value < 0) throw new Error(`no Code 128 symbol at element ${i}`);
    symbols.push(value);
    i += 6;
  }
  if (symbols.at(-1) !== 106) throw new Error('no stop symbol');
  const [start, ...rest] = symbols.slice(0, -1);
  const check = rest.pop()!;
  const sum = rest.reduce((s, v, i) => s + v * (i + 1), start!);
  if (sum % 103 !== check) throw new Error('check character mismatch');
  let set = start === 103 ? 'A' : start === 104 ? 'B' : start === 105 ? 'C' : undefined;
  if (!set) throw new Error('no start symbol');
  let out = '';
  for (const v of rest) {
    if (set === 'C' && v < 100) out += String(v).padStart(2, '0');
    else if (v === 99) set = 'C';
    else if (v === 100) set = 'B';
    else if (v === 101) set = 'A';
    else if (set === 'B' && v < 96) out += String.fromCharCode(32 + v);
    else if (set === 'A' && v < 64) out += String.fromCharCode(32 + v);
    else if (set === 'A' && v < 96) out += String.fromCharCode(v - 64);
    else throw new Error(`symbol ${v} not decoded in set ${set}`);
  }
  return out;
}

/** The `^XA` … `^XZ` formats of a ZPL file, each as its list of commands (`^` or `~` and two letters, then parameters). */
export function zplFormats(zpl: string): string[][] {
  const formats: string[][] = [];
  let current: string[] | undefined;
  for (const command of zpl
    .split(/(?=[\^~])/)
    .map((c) => c.trim())
    .filter(Boolean)) {
    if (command === '^XA') {
      if (current) throw new Error('^XA inside a format');
      current = [];
    } else if (command === '^XZ') {
      if (!current) throw new Error('^XZ outside a format');
      formats.push(current);
      current = undefined;
    } else {
      if (!current) throw new Error(`${command} outside a format`);
      current.push(command);
    }
  }
  if (current) throw new Error('unterminated format');
  return formats;
}

/** Field data with its `^FH` escapes (`_XX`, UTF-8 bytes) undone. */
export function unescapeFieldData(data: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < data.length; i++) {
    if (data[i] === '_') {
      const hex = data.slice(i + 1, i + 3);
      if (!/^[0-9A-F]{2}$/.test(hex)) throw new Error(`bad escape _${hex}`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(data.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
