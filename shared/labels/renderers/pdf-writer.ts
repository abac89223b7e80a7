/**
 * Writes the one kind of PDF the service draws (./pdf.ts): pages of one
 * size whose content streams are given as operators, the standard fonts they
 * name (Type 1, WinAnsiEncoding, not embedded), an optional content stream
 * every page draws first, and the document's title, producer and dates.
 *
 * The file is PDF 1.7 with a classic cross-reference table (what every
 * reader and printer driver takes), its streams deflated by node:zlib
 * (FlateDecode), objects in this order: catalog, page tree, fonts, the shared
 * stream, then each page and its stream, then the information dictionary.
 * Text in the information dictionary is UTF-16BE with its byte order mark,
 * dates `D:YYYYMMDDHHmmSSZ`, as @cantoo/pdf-lib wrote them.
 */
import { deflateSync } from 'node:zlib';

export type PdfSpec = {
  title: string;
  producer: string;
  created?: Date;
  /** Width and height of every page, in points. */
  size: [number, number];
  /** Resource name (`F1`) and PostScript name (`Helvetica`) of each font the streams use. */
  fonts: ReadonlyArray<{ key: string; baseFont: string }>;
  /** Operators every page draws before its own. */
  shared?: string;
  /** Each page's own operators. */
  pages: readonly string[];
};

/** A text string: UTF-16BE with its byte order mark, as hex. */
const textString = (text: string): string => {
  const bytes = Buffer.from(`\ufeff${text}`, 'utf16le');
  bytes.swap16();
  return `<${bytes.toString('hex').toUpperCase()}>`;
};

const two = (value: number) => String(value).padStart(2, '0');
/** A PDF date in UTC. */
const dateString = (date: Date): string =>
  `(D:${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z)`;

/** A PostScript or resource name: letters, digits and `-` only here, so nothing needs escaping. */
const name = (value: string): string => {
  if (!/^[A-Za-z0-9-]+$/.test(value)) throw new Error(`not a plain PDF name: ${value}`);
  return `/${value}`;
};

const number = (value: number): string => {
  if (!Number.isFinite(value) || /e/i.test(String(value))) throw new Error(`not a plain PDF number: ${value}`);
  return String(value);
};

export function writePdf(spec: PdfSpec): Buffer {
  if (spec.pages.length === 0) throw new Error('a PDF needs a page');
  const objects: Array<Buffer | string> = [];
  /** Reserves the next object number (objects are numbered from 1 in the order added). */
  const add = (body: Buffer | string): number => objects.push(body);
  const ref = (id: number) => `${id} 0 R`;
  const stream = (operators: string): Buffer => {
    const data = deflateSync(Buffer.from(operators, 'latin1'));
    return Buffer.concat([Buffer.from(`<<\n/Length ${data.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
  };

  const catalog = add('');
  const pageTree = add('');
  const fonts = spec.fonts.map(({ key, baseFont }) => ({
    key,
    id: add(`<<\n/Type /Font\n/Subtype /Type1\n/BaseFont ${name(baseFont)}\n/Encoding /WinAnsiEncoding\n>>`),
  }));
  const resources = `<<\n/Font <<\n${fonts.map(({ key, id }) => `${name(key)} ${ref(id)}`).join('\n')}\n>>\n>>`;
  const shared = spec.shared === undefined ? undefined : add(stream(spec.shared));
  const mediaBox = `[ 0 0 ${number(spec.size[0])} ${number(spec.size[1])} ]`;
  const pages = spec.pages.map((operators) => {
    const page = add('');
    const own = add(stream(operators));
    objects[page - 1] = `<<\n/Type /Page\n/Parent ${ref(pageTree)}\n/MediaBox ${mediaBox}\n/Resources ${resources}\n/Contents [ ${[shared, own]
      .filter((id) => id !== undefined)
      .map((id) => ref(id))
      .join(' ')} ]\n>>`;
    return page;
  });
  objects[catalog - 1] = `<<\n/Type /Catalog\n/Pages ${ref(pageTree)}\n>>`;
  objects[pageTree - 1] = `<<\n/Type /Pages\n/Kids [ ${pages.map(ref).join(' ')} ]\n/Count ${pages.length}\n>>`;
  const info = add(
    `<<\n/Title ${textString(spec.title)}\n/Creator ${textString(spec.producer)}\n/Producer ${textString(spec.producer)}` +
      (spec.created ? `\n/CreationDate ${dateString(spec.created)}\n/ModDate ${dateString(spec.created)}` : '') +
      '\n>>',
  );

  // The header's second line: bytes above 127, so a transfer that is not binary-safe shows.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const bytes = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n\n', 'latin1'),
    ]);
    chunks.push(bytes);
    offset += bytes.length;
  });
  // Each entry exactly 20 bytes, the end of line included.
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(
    Buffer.from(`${xref}trailer\n<<\n/Size ${objects.length + 1}\n/Root ${ref(catalog)}\n/Info ${ref(info)}\n>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(chunks);
}
