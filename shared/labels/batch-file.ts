/**
 * A batch's label file (issue 48, docs/batches.md): every shipped item's
 * shipping label in item order, one file, written as it is made so a file
 * of 1,000 labels is never held whole. Each order's labels are those of its
 * own SHIPPING_LABEL_PDF or SHIPPING_LABEL_ZPL file, the carrier's
 * documents bounded and refused as there (./render.ts).
 */
import type { ShipmentDocument } from './document';
import { renderBatchPdf, renderDocument } from './render';

/** What `write` is given at a time of a ZPL file, at least (the last chunk aside). */
const ZPL_CHUNK_BYTES = 64 * 1024;

/**
 * One label file of every document, in order: format PDF (4×6 pages) or ZPL.
 * `documents` yields each shipped item's shipment document (as the order's label
 * file would render it); chunks are handed to `write` as they are produced,
 * so the file is never held whole. A file needs a label: throws when
 * `documents` yields none.
 */
export async function writeBatchLabelFile(
  format: 'PDF' | 'ZPL',
  documents: AsyncIterable<ShipmentDocument>,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<{ pages: number; bytes: number }> {
  if (format === 'PDF') {
    const pdf = await renderBatchPdf(write);
    for await (const document of documents) await pdf.add(document);
    return pdf.end();
  }
  let pages = 0;
  let bytes = 0;
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  const flush = async () => {
    const chunk = Buffer.concat(buffered, bufferedBytes);
    buffered = [];
    bufferedBytes = 0;
    await write(chunk);
  };
  for await (const document of documents) {
    // One label a package, each file ending with a line end.
    const { body } = await renderDocument('SHIPPING_LABEL_ZPL', document);
    pages += document.pieces.length;
    bytes += body.length;
    buffered.push(body);
    bufferedBytes += body.length;
    if (bufferedBytes >= ZPL_CHUNK_BYTES) await flush();
  }
  if (pages === 0) throw new Error('a label file needs a label');
  if (bufferedBytes > 0) await flush();
  return { pages, bytes };
}
