/**
 * A PDF written as it is made, for a file too large to hold whole (a
 * batch's label file: 1,000 labels and more, shared/labels/batch-file.ts).
 * @cantoo/pdf-lib keeps every object of a document until `save()`, and
 * ./pdf-writer.ts builds the file in memory; here each object goes out as
 * it is written, and what is kept is its offset (for the cross-reference
 * table at the end), the page tree node being filled, and the object
 * numbers of the nodes (one per PAGES_PER_NODE pages).
 *
 * The file is PDF 1.7 with a classic cross-reference table, as
 * ./pdf-writer.ts writes it: the header, the catalog (object 1), then the
 * objects as their writer gives them, in any order of their numbers; page
 * tree nodes of PAGES_PER_NODE pages each, written when full, under a root
 * (object 2) written at the end with the information dictionary, the
 * cross-reference table and the trailer. Objects reserved and never written
 * are free in the table.
 */

export type PdfStreamMeta = { title: string; producer: string };

/** What `write` is given at a time, at least (a stream's data or the table may make a chunk larger). */
const CHUNK_BYTES = 64 * 1024;
/** Pages under one node of the page tree: the root then has a kid per 64 pages, not per page. */
const PAGES_PER_NODE = 64;
/** Objects shared across the file at most (the service's labels have three: their fonts). */
const MAX_SHARED = 64;

/** A text string: UTF-16BE with its byte order mark, as hex (as ./pdf-writer.ts writes it). */
const textString = (text: string): string => {
  const bytes = Buffer.from(`\ufeff${text}`, 'utf16le');
  bytes.swap16();
  return `<${bytes.toString('hex').toUpperCase()}>`;
};

const ref = (id: number) => `${id} 0 R`;

export class PdfStream {
  /** Where each object starts, by object number less one; -1 while reserved and not written. */
  private readonly offsets: number[] = [];
  private buffered: Uint8Array[] = [];
  private bufferedBytes = 0;
  /** Bytes of the file so far, buffered ones included. */
  private position = 0;
  private readonly rootId: number;
  private readonly nodeIds: number[] = [];
  private node: { id: number; kids: number[] } | undefined;
  private pageCount = 0;
  /**
   * Objects the file writes once and every page that has one refers to (the
   * standard fonts of the service's labels), by their bytes; at most
   * MAX_SHARED, so a file of pages that each bring their own does not grow it.
   */
  private readonly shared = new Map<string, number>();

  constructor(
    private readonly write: (chunk: Uint8Array) => Promise<void>,
    private readonly meta: PdfStreamMeta,
  ) {
    // The header's second line: bytes above 127, so a transfer that is not binary-safe shows.
    this.push(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    const catalogId = this.reserve();
    this.rootId = this.reserve();
    this.pushObject(catalogId, [`<<\n/Type /Catalog\n/Pages ${ref(this.rootId)}\n>>`]);
  }

  get pages(): number {
    return this.pageCount;
  }

  /** The object already written with these bytes, if it is one the file shares. */
  sharedObject(bytes: string): number | undefined {
    return this.shared.get(bytes);
  }

  /** Object `id`, written with these bytes, is one the file shares (while it shares fewer than MAX_SHARED). */
  rememberShared(bytes: string, id: number): void {
    if (this.shared.size < MAX_SHARED) this.shared.set(bytes, id);
  }

  /** Reserves `count` object numbers; the first of them. */
  reserve(count = 1): number {
    const first = this.offsets.length + 1;
    for (let i = 0; i < count; i++) this.offsets.push(-1);
    return first;
  }

  /** Writes reserved object `id`: its body (a dictionary, array or stream) in parts, Latin-1 text or bytes. */
  async object(id: number, body: ReadonlyArray<string | Uint8Array>): Promise<void> {
    this.pushObject(id, body);
    await this.flush(CHUNK_BYTES);
  }

  /** Adds page object `page` (reserved, written by the caller) as the file's next page: the page tree node to name as its /Parent. */
  async addPage(page: number): Promise<number> {
    if (!this.node) {
      this.node = { id: this.reserve(), kids: [] };
      this.nodeIds.push(this.node.id);
    }
    const node = this.node;
    node.kids.push(page);
    this.pageCount++;
    if (node.kids.length === PAGES_PER_NODE) await this.closeNode();
    return node.id;
  }

  /** Ends the file: the last node, the root, the information dictionary, the table and the trailer. Its pages and bytes. */
  async end(): Promise<{ pages: number; bytes: number }> {
    if (this.pageCount === 0) throw new Error('a PDF needs a page');
    await this.closeNode();
    this.pushObject(this.rootId, [`<<\n/Type /Pages\n/Kids [ ${this.nodeIds.map(ref).join(' ')} ]\n/Count ${this.pageCount}\n>>`]);
    const info = this.reserve();
    this.pushObject(info, [
      `<<\n/Title ${textString(this.meta.title)}\n/Creator ${textString(this.meta.producer)}\n/Producer ${textString(this.meta.producer)}\n>>`,
    ]);
    const xrefAt = this.position;
    this.push(Buffer.from(`xref\n0 ${this.offsets.length + 1}\n0000000000 65535 f \n`, 'latin1'));
    // Each entry exactly 20 bytes, the end of line included; written a chunk at a time.
    const perChunk = CHUNK_BYTES / 20;
    for (let start = 0; start < this.offsets.length; start += perChunk) {
      const entries = this.offsets
        .slice(start, start + perChunk)
        .map((at) => (at < 0 ? '0000000000 00000 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`))
        .join('');
      this.push(Buffer.from(entries, 'latin1'));
      await this.flush(CHUNK_BYTES);
    }
    this.push(Buffer.from(`trailer\n<<\n/Size ${this.offsets.length + 1}\n/Root 1 0 R\n/Info ${ref(info)}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
    await this.flush(1);
    return { pages: this.pageCount, bytes: this.position };
  }

  private async closeNode(): Promise<void> {
    const node = this.node;
    if (!node) return;
    this.node = undefined;
    await this.object(node.id, [`<<\n/Type /Pages\n/Parent ${ref(this.rootId)}\n/Kids [ ${node.kids.map(ref).join(' ')} ]\n/Count ${node.kids.length}\n>>`]);
  }

  private pushObject(id: number, body: ReadonlyArray<string | Uint8Array>): void {
    if (this.offsets[id - 1] !== -1) throw new Error(`object ${id} is not reserved, or written already`);
    this.offsets[id - 1] = this.position;
    this.push(Buffer.from(`${id} 0 obj\n`, 'latin1'));
    for (const part of body) this.push(typeof part === 'string' ? Buffer.from(part, 'latin1') : part);
    this.push(Buffer.from('\nendobj\n\n', 'latin1'));
  }

  private push(bytes: Uint8Array): void {
    this.buffered.push(bytes);
    this.bufferedBytes += bytes.length;
    this.position += bytes.length;
  }

  /** Hands what is buffered to `write` once it is `atLeast` bytes. */
  private async flush(atLeast: number): Promise<void> {
    if (this.bufferedBytes < atLeast || this.bufferedBytes === 0) return;
    const chunk = Buffer.concat(this.buffered, this.bufferedBytes);
    this.buffered = [];
    this.bufferedBytes = 0;
    await this.write(chunk);
  }
}
