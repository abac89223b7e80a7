/**
 * The pages of a PDF the service made (an order's label file: ./pdf.ts or
 * ./carrier.ts wrote it) written into a streaming PDF (./pdf-stream.ts):
 * each page and what it refers to (its content streams, images, fonts,
 * copied carrier pages' resources), renumbered, streams' data as they are
 * (a carrier PNG's IDAT data stays the FlateDecode image it was, nothing is
 * decoded or deflated again). The page's inherited attributes are set on
 * it, its /Parent is the streaming file's. A small dictionary that refers
 * to nothing (a standard font's) is written once for the whole file.
 *
 * The file is read whole by @cantoo/pdf-lib and walked before anything is
 * written, so a file that cannot be read or copied writes nothing and
 * throws: the caller then draws that order's pages itself.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFPageLeaf, PDFRef, PDFStream, type PDFObject } from '@cantoo/pdf-lib';
import type { PdfStream } from './pdf-stream';

/** A dictionary this small that refers to nothing is shared across the file when the same bytes come again. */
const SHARED_MAX_BYTES = 512;

const PARENT = PDFName.of('Parent');
const LENGTH = PDFName.of('Length');
const TYPE = PDFName.of('Type');
const INHERITABLE = PDFPageLeaf.InheritableEntries.map((key) => PDFName.of(key));
/** What a page must not bring along: its document's page tree and catalog, which the streaming file has of its own. */
const NOT_COPIED = new Set([PDFName.of('Pages'), PDFName.of('Catalog')]);

/** A direct value's bytes as pdf-lib writes them, as Latin-1 text. */
const bytesOf = (value: PDFObject): string => {
  const bytes = new Uint8Array(value.sizeInBytes());
  value.copyBytesInto(bytes, 0);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
};

/** A value written with each reference through `refer` (the streaming file's number of it, or undefined for null). */
function serialize(value: PDFObject, refer: (ref: PDFRef) => number | undefined, out: string[]): void {
  if (value instanceof PDFRef) {
    const id = refer(value);
    out.push(id === undefined ? 'null' : `${id} 0 R`);
  } else if (value instanceof PDFDict) {
    out.push('<<\n');
    for (const [key, entry] of value.entries()) {
      out.push(bytesOf(key), ' ');
      serialize(entry, refer, out);
      out.push('\n');
    }
    out.push('>>');
  } else if (value instanceof PDFArray) {
    out.push('[ ');
    for (const item of value.asArray()) {
      serialize(item, refer, out);
      out.push(' ');
    }
    out.push(']');
  } else if (value instanceof PDFStream) {
    throw new Error('a PDF stream that is not an indirect object');
  } else {
    out.push(bytesOf(value));
  }
}

/** The references in a value, in order (a stream's /Length aside: it is written anew). */
function referencesIn(value: PDFObject | undefined, found: PDFRef[]): void {
  if (value instanceof PDFRef) found.push(value);
  else if (value instanceof PDFStream) {
    for (const [key, entry] of value.dict.entries()) if (key !== LENGTH) referencesIn(entry, found);
  } else if (value instanceof PDFDict) for (const [, entry] of value.entries()) referencesIn(entry, found);
  else if (value instanceof PDFArray) for (const item of value.asArray()) referencesIn(item, found);
}

/** A page's dictionary as the streaming file has it: no /Parent of its own, its inherited attributes set. */
function pageEntries(page: PDFPageLeaf): Array<[PDFName, PDFObject]> {
  const entries = page.entries().filter(([key]) => key !== PARENT);
  for (const key of INHERITABLE) {
    const inherited = page.get(key) ? undefined : page.getInheritableAttribute(key);
    if (inherited) entries.push([key, inherited]);
  }
  return entries;
}

type Planned = { ref: PDFRef; object: PDFObject; page?: boolean; sharedKey?: string };

/** A PDF's pages read and walked, ready to be written: `write` adds them to the streaming file, in order, and answers how many. */
export type CopiedPages = { pages: number; write: () => Promise<number> };

/**
 * Reads `pdf` and walks every object its pages reach, writing nothing:
 * throws when the file cannot be read or holds what a page cannot be copied
 * with. The objects the streaming file shares already are named from it.
 */
export async function readPdfPages(pdf: Uint8Array, out: PdfStream): Promise<CopiedPages> {
  const source = await PDFDocument.load(pdf, { throwOnInvalidObject: true, updateMetadata: false });
  const context = source.context;
  const pages = source.getPages().map((page) => ({ ref: page.ref, node: page.node }));
  if (pages.length === 0) throw new Error('a PDF without pages');

  // Every object the pages reach, once each, pages first; each either new to the file or one it shares already.
  const planned: Planned[] = [];
  const local = new Map<PDFRef, number>();
  const sharedIds = new Map<PDFRef, number>();
  const nulls = new Set<PDFRef>();
  const queue: PDFRef[] = [];
  const plan = (entry: Planned) => {
    local.set(entry.ref, planned.length);
    planned.push(entry);
  };
  for (const { ref, node } of pages) plan({ ref, object: PDFDict.fromMapWithContext(new Map(pageEntries(node)), context), page: true });
  for (const entry of planned) referencesIn(entry.object, queue);
  while (queue.length > 0) {
    const ref = queue.pop()!;
    if (local.has(ref) || sharedIds.has(ref) || nulls.has(ref)) continue;
    const object = context.lookup(ref);
    const type = object instanceof PDFDict ? object.get(TYPE) : undefined;
    if (object === undefined || (type instanceof PDFName && NOT_COPIED.has(type))) {
      nulls.add(ref);
      continue;
    }
    const found: PDFRef[] = [];
    referencesIn(object, found);
    if (object instanceof PDFDict && found.length === 0 && object.sizeInBytes() <= SHARED_MAX_BYTES) {
      const key = bytesOf(object);
      const id = out.sharedObject(key);
      if (id === undefined) plan({ ref, object, sharedKey: key });
      else sharedIds.set(ref, id);
      continue;
    }
    plan({ ref, object });
    queue.push(...found);
  }
  // Serializing checks every value's kind: a stream anywhere but at an object's top throws here, before anything is written.
  for (const { object } of planned) if (!(object instanceof PDFStream)) serialize(object, () => 0, []);

  const write = async (): Promise<number> => {
    const base = out.reserve(planned.length);
    const refer = (ref: PDFRef): number | undefined => {
      const at = local.get(ref);
      return at !== undefined ? base + at : sharedIds.get(ref);
    };
    for (const [at, { object, page, sharedKey }] of planned.entries()) {
      const id = base + at;
      const text: string[] = [];
      if (object instanceof PDFStream) {
        text.push('<<\n');
        for (const [key, entry] of object.dict.entries()) {
          if (key === LENGTH) continue;
          text.push(bytesOf(key), ' ');
          serialize(entry, refer, text);
          text.push('\n');
        }
        const data = object.getContents();
        text.push(`/Length ${data.length}\n>>\nstream\n`);
        await out.object(id, [text.join(''), data, '\nendstream']);
        continue;
      }
      serialize(object, refer, text);
      // A page's closing `>>`, with the streaming file's /Parent before it.
      if (page) text.splice(text.length - 1, 1, `/Parent ${await out.addPage(id)} 0 R\n>>`);
      await out.object(id, [text.join('')]);
      if (sharedKey !== undefined) out.rememberShared(sharedKey, id);
    }
    return pages.length;
  };
  return { pages: pages.length, write };
}
