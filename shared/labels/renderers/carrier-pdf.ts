/**
 * A carrier's PDF read once, in linear time, before pdf-lib parses it
 * (issue 43; docs/decisions.md, "A carrier's images and PDFs are bounded").
 * pdf-lib's parser has no limits: it inflates object streams and
 * cross-reference streams whole, skips what is not an object by retrying at
 * every byte (quadratic in a run of digits), loops over as many entries as a
 * cross-reference stream claims, parses an object stream's objects wherever
 * its header points, however often, and keeps every name and reference it
 * reads for as long as the process lives. So this reads the file as pdf-lib
 * will, token for token, stream ends and object-stream offsets included, and
 * takes it only if pdf-lib's parse of it is one pass over bounded parts:
 *
 * - the header at the start, then only indirect objects (`N G obj …
 *   endobj`), cross-reference tables, trailers and `startxref`, with
 *   whitespace and comments between: anything else between objects (what
 *   pdf-lib would skip byte by byte) is refused;
 * - every token whole and within PDF_SYNTAX (names, strings, numbers,
 *   nesting), no stream but at an object's top, and within the document's
 *   and its file's bounds: the values pdf-lib will parse, the bytes the
 *   names and references it keeps will take, cross-reference entries;
 * - every FlateDecode stream inflated by zlib within those bounds; an object
 *   stream or cross-reference stream has no other filter, its dictionary
 *   says directly what pdf-lib will read of it, and its contents are read
 *   here as pdf-lib will read them: an object stream's objects one after
 *   the other, none overlapping, a cross-reference stream's entries within
 *   its data.
 *
 * Stricter than pdf-lib everywhere (what it would tolerate, guess at or skip
 * is refused): what this takes, pdf-lib parses the same way, into the same
 * objects (carrier.ts checks that it did; test/unit/labels/carrier-pdf.test.ts
 * holds it on PDFs written from the grammar).
 */
import { createInflate, inflateSync } from 'node:zlib';
import { MAX_PDF_BYTES, PDF_SYNTAX, type FileBudget } from './carrier-limits';

/**
 * A PDF taken, with what it spent of its file's budget (the bytes its
 * streams inflated to, the values pdf-lib will parse, the names and
 * references it will keep) and the objects pdf-lib will find in it; or
 * refused, and why.
 */
export type PdfCheck = { kind: 'refused'; reason: string } | { kind: 'checked'; inflated: number; values: number; kept: number; objects: number };

class Refusal extends Error {}

const charClass = (chars: string) => {
  const table = new Uint8Array(256);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
};
const WHITESPACE = charClass('\0\t\n\f\r ');
const DELIMITER = charClass('()<>[]{}/%');
const NUMERIC = charClass('0123456789.+-');
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isRegular = (c: number | undefined) => c !== undefined && !WHITESPACE[c] && !DELIMITER[c];
const HEX = charClass('0123456789ABCDEFabcdef\0\t\n\f\r ');

/** What pdf-lib keeps of a name or reference, measured: about 110 and 126 bytes, and 28 more a character of a name (it builds a name one character at a time). */
const KEPT_EACH = 128;
const KEPT_PER_CHARACTER = 32;

/** The entries of a dictionary this reads: those of stream dictionaries and trailers that say how pdf-lib parses the file. */
const KEPT = new Set(['Type', 'Length', 'Filter', 'N', 'First', 'Size', 'Index', 'W', 'Encrypt']);

type Value =
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'array'; items: Value[] }
  | { kind: 'dict'; entries: Map<string, Value> }
  | { kind: 'other' };
type Dict = Extract<Value, { kind: 'dict' }>;
const OTHER: Value = { kind: 'other' };
/** A dictionary none of whose entries this reads. */
const UNREAD: Dict = { kind: 'dict', entries: new Map() };

const hexByte = (_: string, hex: string) => String.fromCharCode(parseInt(hex, 16));
/** A name as pdf-lib keeps it: its `#xx` escapes decoded by its parser, then by PDFName.of. */
const poolKey = (raw: string) => (raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, hexByte).replace(/#([\dABCDEF]{2})/g, hexByte) : raw);

/**
 * What one document makes pdf-lib do: the values it parses; the names (`/`
 * and the name) and references it keeps, and the bytes they take (`kept`);
 * the objects it defines; its cross-reference entries.
 */
type Tally = {
  values: number;
  maxValues: number;
  pooled: Set<string | number>;
  kept: number;
  maxKept: number;
  objects: Set<string | number>;
  xrefEntries: number;
};

/** Bytes read as pdf-lib's parser reads them (PDFObjectParser, PDFParser), refused where it would guess or skip. */
class Reader {
  pos = 0;
  readonly bytes: Buffer;
  /** `within`: the stream whose inflated data this reads, named in a refusal. */
  constructor(
    bytes: Uint8Array,
    readonly tally: Tally,
    readonly within = '',
  ) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  }

  fail(what: string): never {
    throw new Refusal(`${what}, at byte ${this.pos}${this.within}`);
  }

  peek(ahead = 0): number | undefined {
    return this.bytes[this.pos + ahead];
  }

  done(): boolean {
    return this.pos >= this.bytes.length;
  }

  /** A short token's text (at most PDF_SYNTAX.nameBytes; for so few, a loop is quicker than any decoder). */
  text(start: number): string {
    let text = '';
    for (let i = start; i < this.pos; i++) text += String.fromCharCode(this.bytes[i]!);
    return text;
  }

  startsWith(keyword: string): boolean {
    if (this.pos + keyword.length > this.bytes.length) return false;
    for (let i = 0; i < keyword.length; i++) if (this.bytes[this.pos + i] !== keyword.charCodeAt(i)) return false;
    return true;
  }

  /** Whitespace and, unless told otherwise, comments (each to the end of its line). */
  skipSpace(comments = true): void {
    for (let c = this.peek(); c !== undefined; c = this.peek()) {
      if (WHITESPACE[c]) this.pos++;
      else if (c === 0x25 && comments) while (!this.done() && this.peek() !== 0x0a && this.peek() !== 0x0d) this.pos++;
      else return;
    }
  }

  /** A keyword: regular characters up to whitespace, a delimiter or the end (none is longer than 9). */
  word(): string {
    const start = this.pos;
    while (isRegular(this.peek()) && this.pos - start < 10) this.pos++;
    return this.text(start);
  }

  expectWord(keyword: string, what: string): void {
    if (this.word() !== keyword || isRegular(this.peek())) this.fail(what);
  }

  /** Digits only, as pdf-lib's parseRawInt reads an object, generation or cross-reference number. */
  integer(what: string): number {
    const start = this.pos;
    let value = 0;
    while (isDigit(this.peek()) && this.pos - start < 10) value = value * 10 + (this.bytes[this.pos++]! - 0x30);
    if (this.pos === start || isDigit(this.peek())) this.fail(what);
    return value;
  }

  /**
   * A number: a sign, digits, a point, digits, as pdf-lib's parseRawNumber
   * reads one, whole (a regular character after it, such as a second sign
   * or point, is refused, where pdf-lib would read on) and within the safe
   * integers.
   */
  number(): number {
    const start = this.pos;
    const sign = this.peek() === 0x2d ? -1 : 1;
    if (this.peek() === 0x2b || this.peek() === 0x2d) this.pos++;
    let whole = 0;
    let digits = 0;
    for (; isDigit(this.peek()); digits++) whole = whole * 10 + (this.bytes[this.pos++]! - 0x30);
    let fraction = 0;
    let scale = 1;
    if (this.peek() === 0x2e) {
      this.pos++;
      // Digits past the 18th change no double.
      for (; isDigit(this.peek()) && scale < 1e18; digits++, scale *= 10) fraction = fraction * 10 + (this.bytes[this.pos++]! - 0x30);
      for (; isDigit(this.peek()); digits++) this.pos++;
    }
    if (this.pos - start > PDF_SYNTAX.numberChars) this.fail(`a PDF number longer than ${PDF_SYNTAX.numberChars} characters`);
    if (digits === 0 || isRegular(this.peek()) || whole > Number.MAX_SAFE_INTEGER) this.fail('a PDF number that is not one');
    return sign * (whole + fraction / scale);
  }

  /** A name or reference pdf-lib keeps for the life of the process, once: what it takes there (PDF_SYNTAX.keptBytes). */
  pool(key: string | number): void {
    if (this.tally.pooled.has(key)) return;
    this.tally.pooled.add(key);
    this.tally.kept += KEPT_EACH + (typeof key === 'string' ? KEPT_PER_CHARACTER * key.length : 0);
    if (this.tally.kept > this.tally.maxKept) this.fail(`a PDF whose names and references would keep more than ${this.tally.maxKept} bytes`);
  }

  name(): string {
    const start = ++this.pos;
    while (isRegular(this.peek())) if (++this.pos - start > PDF_SYNTAX.nameBytes) this.fail(`a PDF name longer than ${PDF_SYNTAX.nameBytes} bytes`);
    const name = poolKey(this.text(start));
    this.pool(`/${name}`);
    return name;
  }

  /** A reference as pdf-lib keeps it (PDFRef.of); `defines`: the object it names is defined here. */
  reference(objectNumber: number, generation: number, defines = false): void {
    const small = generation >= 0 && generation < 2 ** 20 && objectNumber < 2 ** 32;
    const key = small ? objectNumber * 2 ** 20 + generation : `${objectNumber} ${generation} R`;
    this.pool(key);
    if (defines) this.tally.objects.add(key);
  }

  /** A literal string, its parentheses balanced as pdf-lib's parseString counts them. */
  literalString(): void {
    const start = this.pos;
    let depth = 0;
    let escaped = false;
    while (!this.done()) {
      const c = this.bytes[this.pos++]!;
      if (!escaped && c === 0x28) depth++;
      if (!escaped && c === 0x29) depth--;
      escaped = c === 0x5c && !escaped;
      if (depth === 0) return;
      // Its bytes so far, less the opening parenthesis.
      if (this.pos - start - 1 > PDF_SYNTAX.stringBytes) this.fail(`a PDF string longer than ${PDF_SYNTAX.stringBytes} bytes`);
    }
    this.fail('a PDF string without its end');
  }

  hexString(): void {
    const start = ++this.pos;
    for (; this.peek() !== 0x3e; this.pos++) {
      if (!HEX[this.peek() ?? 0x3e]) this.fail('a PDF hex string that is not one');
      if (this.pos - start >= 2 * PDF_SYNTAX.stringBytes) this.fail(`a PDF string longer than ${PDF_SYNTAX.stringBytes} bytes`);
    }
    this.pos++;
  }

  /**
   * A direct object, as pdf-lib's parseObject reads it. `keep`: return the
   * entries of its dictionaries this reads (KEPT), else only its kind. A
   * dictionary followed by `stream` is refused unless it is an indirect
   * object's own (`top`): pdf-lib would take it for a stream anywhere.
   */
  value(depth: number, keep: boolean, top = false): Value {
    this.skipSpace();
    if (++this.tally.values > this.tally.maxValues) this.fail(`a PDF of more than ${this.tally.maxValues} values`);
    const c = this.peek();
    if (c === undefined) this.fail('a PDF object cut short');
    if (c === 0x3c && this.peek(1) === 0x3c) {
      const dict = this.dict(depth, keep);
      const after = this.pos;
      this.skipSpace();
      if (!top && this.startsWith('stream')) this.fail('a PDF stream inside an object');
      this.pos = after;
      return dict;
    }
    if (c === 0x3c) return (this.hexString(), OTHER);
    if (c === 0x28) return (this.literalString(), OTHER);
    if (c === 0x2f) return { kind: 'name', value: this.name() };
    if (c === 0x5b) return this.array(depth, keep);
    if (NUMERIC[c]) return this.numberOrReference(keep);
    const word = this.word();
    if ((word !== 'true' && word !== 'false' && word !== 'null') || isRegular(this.peek())) this.fail('a PDF object that is not one');
    return OTHER;
  }

  /** A number, or `N G R` as pdf-lib's parseNumberOrRef reads ahead for it: a second number starting with a digit, then `R`. */
  numberOrReference(keep: boolean): Value {
    const first = this.number();
    this.skipSpace();
    const lookahead = this.pos;
    if (isDigit(this.peek())) {
      const second = this.number();
      this.skipSpace();
      if (this.peek() === 0x52) {
        this.pos++;
        if (isRegular(this.peek()) || !Number.isInteger(first) || first < 0 || !Number.isInteger(second)) this.fail('a PDF reference that is not one');
        this.reference(first, second);
        return OTHER;
      }
    }
    this.pos = lookahead;
    return keep ? { kind: 'number', value: first } : OTHER;
  }

  /** Refuses a 33rd array or dictionary around a value. */
  nest(depth: number): void {
    if (depth >= PDF_SYNTAX.depth) this.fail(`a PDF object nested deeper than ${PDF_SYNTAX.depth}`);
  }

  array(depth: number, keep: boolean): Value {
    this.nest(depth);
    this.pos++;
    const items: Value[] = [];
    for (this.skipSpace(); this.peek() !== 0x5d; this.skipSpace()) {
      const item = this.value(depth + 1, keep);
      if (keep) items.push(item);
    }
    this.pos++;
    return keep ? { kind: 'array', items } : OTHER;
  }

  dict(depth: number, keep: boolean): Dict {
    this.nest(depth);
    this.pos += 2;
    const entries = keep ? new Map<string, Value>() : UNREAD.entries;
    for (this.skipSpace(); this.peek() !== 0x3e; this.skipSpace()) {
      if (this.peek() !== 0x2f) this.fail('a PDF dictionary that is not one');
      const key = this.name();
      // pdf-lib ends a dictionary at `/>`: an empty key is no key to it.
      if (key === '') this.fail('a PDF dictionary that is not one');
      const kept = keep && KEPT.has(key);
      const value = this.value(depth + 1, kept);
      if (kept) entries.set(key, value);
    }
    if (this.peek(1) !== 0x3e) this.fail('a PDF dictionary that is not one');
    this.pos += 2;
    return keep ? { kind: 'dict', entries } : UNREAD;
  }
}

type Stream = { dict: Dict; data: Uint8Array; at: number };

/**
 * A stream's data, from after its `stream` keyword to where pdf-lib ends
 * it (parseDictOrStream): at its /Length if `endstream` follows there, else
 * at the `endstream` that closes it, counting any `stream` within
 * (findEndOfStreamFallback).
 */
function streamData(reader: Reader, dict: Dict): Uint8Array {
  const eol = [' \r\n', '\r\n', '\r', '\n', ''].find((e) => reader.startsWith(`stream${e}`))!;
  reader.pos += 6 + eol.length;
  const start = reader.pos;
  const length = dict.entries.get('Length');
  if (length?.kind === 'number') {
    if (!Number.isInteger(length.value) || length.value < 0) reader.fail('a PDF stream of a length no stream has');
    if (start + length.value <= reader.bytes.length) {
      reader.pos = start + length.value;
      reader.skipSpace();
      if (reader.startsWith('endstream')) {
        reader.pos += 9;
        return reader.bytes.subarray(start, start + length.value);
      }
    }
    reader.pos = start;
  }
  for (let nesting = 1; !reader.done();) {
    const end = reader.pos;
    const close = ['\r\nendstream', '\rendstream', '\nendstream', 'endstream'].find((k) => reader.startsWith(k));
    if (reader.startsWith('stream')) {
      nesting++;
      reader.pos += 6;
    } else if (close) {
      reader.pos += close.length;
      if (--nesting === 0) return reader.bytes.subarray(start, end);
    } else reader.pos++;
  }
  return reader.fail('a PDF stream without its end');
}

/** pdf-lib's cross-reference table (maybeParseCrossRefSection): subsection headers and entries, each entry a reference it keeps. */
function crossReferenceTable(reader: Reader): void {
  let objectNumber: number | undefined;
  for (reader.skipSpace(); isDigit(reader.peek()); reader.skipSpace()) {
    const first = reader.integer('a PDF cross-reference entry that is not one');
    reader.skipSpace();
    const second = reader.integer('a PDF cross-reference entry that is not one');
    reader.skipSpace();
    if (reader.peek() !== 0x6e && reader.peek() !== 0x66) {
      objectNumber = first;
      continue;
    }
    reader.pos++;
    if (objectNumber === undefined || isRegular(reader.peek())) reader.fail('a PDF cross-reference entry that is not one');
    if (++reader.tally.xrefEntries > PDF_SYNTAX.xrefEntries) reader.fail(`a PDF of more than ${PDF_SYNTAX.xrefEntries} cross-reference entries`);
    reader.reference(objectNumber++, second);
  }
}

/** The file's top level as PDFParser walks it: the header, then objects, cross-reference tables, trailers and `startxref`. */
function walk(reader: Reader): { streams: Stream[]; encrypted: boolean } {
  if (!reader.startsWith('%PDF-')) throw new Refusal('not a PDF');
  reader.pos += 5;
  reader.integer('a PDF header that is not one');
  if (reader.peek() !== 0x2e) reader.fail('a PDF header that is not one');
  reader.pos++;
  reader.integer('a PDF header that is not one');
  if (isRegular(reader.peek()) || reader.peek() === undefined) reader.fail('a PDF header that is not one');
  reader.skipSpace();
  // pdf-lib drops a byte after the header unless an object follows.
  if (!isDigit(reader.peek())) reader.fail('a PDF header that no object follows');
  const streams: Stream[] = [];
  let encrypted = false;
  for (; !reader.done(); reader.skipSpace()) {
    const at = reader.pos;
    if (isDigit(reader.peek())) {
      const objectNumber = reader.integer('something between the objects of a PDF that is not an object');
      reader.skipSpace();
      const generation = reader.integer('something between the objects of a PDF that is not an object');
      reader.skipSpace();
      reader.expectWord('obj', 'something between the objects of a PDF that is not an object');
      // pdf-lib drops an object 0, with a warning on the console.
      if (objectNumber === 0) reader.fail('a PDF object numbered 0');
      reader.reference(objectNumber, generation, true);
      const object = reader.value(0, true, true);
      reader.skipSpace();
      if (object.kind === 'dict' && reader.startsWith('stream')) {
        streams.push({ dict: object, data: streamData(reader, object), at });
        reader.skipSpace();
      }
      reader.expectWord('endobj', 'a PDF object without its endobj');
      continue;
    }
    const keyword = reader.word();
    if (keyword === 'xref') crossReferenceTable(reader);
    else if (keyword === 'trailer') {
      reader.skipSpace();
      if (!reader.startsWith('<<')) reader.fail('a PDF trailer that is not a dictionary');
      encrypted ||= (reader.value(0, true) as Dict).entries.has('Encrypt');
    } else if (keyword === 'startxref') {
      reader.skipSpace();
      reader.integer('a PDF startxref that is not a number');
      // pdf-lib reads the `%%EOF` after it as a keyword, not a comment: the rest of its line is read on.
      reader.skipSpace(false);
      if (reader.startsWith('%%EOF')) reader.pos += 5;
    } else {
      reader.pos = at;
      reader.fail('something between the objects of a PDF that is not an object');
    }
  }
  return { streams, encrypted };
}

const isCount = (v: Value | undefined): v is { kind: 'number'; value: number } => v?.kind === 'number' && Number.isInteger(v.value) && v.value >= 0;

/** An object stream's objects where pdf-lib parses them (PDFObjectStreamParser): each from its offset, one after the other, none overlapping the next. */
function objectStream(dict: Dict, data: Uint8Array, tally: Tally, at: number): void {
  const [count, first] = [dict.entries.get('N'), dict.entries.get('First')];
  if (!isCount(count) || !isCount(first) || first.value > data.length) throw new Refusal(`a PDF object stream whose /N or /First is not one, at byte ${at}`);
  const reader = new Reader(data, tally, ` of the object stream at byte ${at}`);
  const offsets: number[] = [];
  for (let i = 0; i < count.value; i++) {
    reader.skipSpace();
    const objectNumber = reader.integer('a PDF object stream whose header is not one');
    reader.skipSpace();
    offsets.push(reader.integer('a PDF object stream whose header is not one'));
    if (objectNumber === 0) reader.fail('a PDF object numbered 0');
    reader.reference(objectNumber, 0, true);
  }
  let end = reader.pos;
  if (end > first.value) reader.fail('a PDF object stream whose header runs past its /First');
  for (const offset of offsets) {
    if (first.value + offset < end) reader.fail('a PDF object stream whose objects overlap');
    reader.pos = first.value + offset;
    reader.value(0, false);
    end = reader.pos;
  }
}

/** A cross-reference stream's entries as pdf-lib reads them (PDFXRefStreamParser): within its data, each a reference it keeps. */
function crossReferenceStream(dict: Dict, data: Uint8Array, tally: Tally, at: number): void {
  const [size, index, widths] = [dict.entries.get('Size'), dict.entries.get('Index'), dict.entries.get('W')];
  const w =
    widths?.kind === 'array' && widths.items.length === 3 && widths.items.every((i) => isCount(i) && i.value <= 4)
      ? widths.items.map((i) => (i as { value: number }).value)
      : undefined;
  const ranges = index === undefined ? [size] : index.kind === 'array' && index.items.length % 2 === 0 ? index.items : undefined;
  if (!isCount(size) || !w || !ranges?.every(isCount)) throw new Refusal(`a PDF cross-reference stream whose /Size, /Index or /W is not one, at byte ${at}`);
  const counts = index === undefined ? [0, size.value] : ranges.map((r) => (r as { value: number }).value);
  let entries = 0;
  for (let i = 1; i < counts.length; i += 2) entries += counts[i]!;
  tally.xrefEntries += entries;
  if (tally.xrefEntries > PDF_SYNTAX.xrefEntries) throw new Refusal(`a PDF of more than ${PDF_SYNTAX.xrefEntries} cross-reference entries`);
  if (entries * (w[0]! + w[1]! + w[2]!) > data.length) throw new Refusal(`a PDF cross-reference stream whose entries do not fit its data, at byte ${at}`);
  const reader = new Reader(data, tally, ` of the cross-reference stream at byte ${at}`);
  // Each field big-endian, in 32-bit arithmetic, as pdf-lib reads it.
  let pos = 0;
  const field = (width: number) => {
    let value = 0;
    for (let i = 0; i < width; i++) value = (value << 8) | data[pos++]!;
    return value;
  };
  for (let i = 0; i < counts.length; i += 2) {
    for (let objectNumber = counts[i]!; objectNumber < counts[i]! + counts[i + 1]!; objectNumber++) {
      const type = w[0] === 0 ? 1 : field(w[0]!);
      field(w[1]!);
      const generation = field(w[2]!);
      reader.reference(objectNumber, type === 2 ? 0 : generation);
    }
  }
}

/** The names of a stream's filters: none, a name, or an array of names. */
function filtersOf(dict: Dict, at: number): string[] {
  const filter = dict.entries.get('Filter');
  if (filter === undefined) return [];
  if (filter.kind === 'name') return [filter.value];
  if (filter.kind === 'array' && filter.items.every((f) => f.kind === 'name')) return filter.items.map((f) => (f as { value: string }).value);
  throw new Refusal(`a PDF stream whose /Filter is not one, at byte ${at}`);
}

/**
 * Checks a carrier's PDF before pdf-lib parses it, within what its file has
 * left (`budget`, not spent here) and PDF_SYNTAX's bounds of a document.
 */
export async function checkCarrierPdf(bytes: Uint8Array, budget: Pick<FileBudget, 'inflatedBytes' | 'pdfValues' | 'pdfKeptBytes'>): Promise<PdfCheck> {
  if (bytes.length > MAX_PDF_BYTES) return { kind: 'refused', reason: `a PDF of ${bytes.length} bytes, more than ${MAX_PDF_BYTES}` };
  const tally: Tally = {
    values: 0,
    maxValues: Math.min(PDF_SYNTAX.values, budget.pdfValues),
    pooled: new Set(),
    kept: 0,
    maxKept: Math.min(PDF_SYNTAX.keptBytes, budget.pdfKeptBytes),
    objects: new Set(),
    xrefEntries: 0,
  };
  const maxInflated = Math.min(PDF_SYNTAX.inflatedBytes, budget.inflatedBytes);
  const tooMuch =
    maxInflated < PDF_SYNTAX.inflatedBytes
      ? `a PDF whose streams inflate to more than the ${maxInflated} bytes the file has left`
      : `a PDF whose streams inflate to more than ${maxInflated} bytes`;
  try {
    const { streams, encrypted } = walk(new Reader(bytes, tally));
    if (encrypted) throw new Refusal('an encrypted PDF');
    let inflated = 0;
    let parsed = 0;
    for (const { dict, data, at } of streams) {
      const type = dict.entries.get('Type');
      if (type !== undefined && type.kind !== 'name') throw new Refusal(`a PDF stream whose /Type is not a name, at byte ${at}`);
      const filters = filtersOf(dict, at);
      // pdf-lib decodes and parses these two as it loads; the others only this check inflates.
      const parsedByPdfLib = type?.value === 'ObjStm' || type?.value === 'XRef';
      if (parsedByPdfLib && !(filters.length === 0 || (filters.length === 1 && filters[0] === 'FlateDecode'))) {
        throw new Refusal(`a PDF object or cross-reference stream filtered other than by FlateDecode alone, at byte ${at}`);
      }
      if (!parsedByPdfLib) {
        if (filters[0] === 'FlateDecode') inflated += await inflatedLength(data, maxInflated - inflated, at, tooMuch);
        continue;
      }
      let contents = data;
      if (filters[0] === 'FlateDecode') {
        const parsedLeft = PDF_SYNTAX.parsedStreamBytes - parsed;
        contents = inflate(
          data,
          Math.min(parsedLeft, maxInflated - inflated),
          at,
          parsedLeft < maxInflated - inflated
            ? `a PDF whose object and cross-reference streams inflate to more than ${PDF_SYNTAX.parsedStreamBytes} bytes`
            : tooMuch,
        );
        inflated += contents.length;
      }
      parsed += contents.length;
      if (parsed > PDF_SYNTAX.parsedStreamBytes)
        throw new Refusal(`a PDF whose object and cross-reference streams are more than ${PDF_SYNTAX.parsedStreamBytes} bytes`);
      if (type.value === 'ObjStm') objectStream(dict, contents, tally, at);
      else if (dict.entries.has('Encrypt')) throw new Refusal('an encrypted PDF');
      else crossReferenceStream(dict, contents, tally, at);
    }
    return { kind: 'checked', inflated, values: tally.values, kept: tally.kept, objects: tally.objects.size };
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'refused', reason: error.message };
    throw error;
  }
}

/**
 * How many bytes a FlateDecode stream pdf-lib does not decode inflates to,
 * counted as zlib inflates it and dropped (a content stream or an image of
 * 16 MiB would cost twice that kept whole); refused (`tooMuch`) past `left`.
 */
function inflatedLength(data: Uint8Array, left: number, at: number, tooMuch: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 256 * 1024 });
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > left) {
        inflate.destroy();
        reject(new Refusal(tooMuch));
      }
    });
    inflate.on('end', () => resolve(length));
    inflate.on('error', () => reject(new Refusal(`a PDF stream that does not inflate, at byte ${at}`)));
    inflate.end(data);
  });
}

/** An object or cross-reference stream inflated by zlib, for reading as pdf-lib will; refused (`tooMuch`) past `left` bytes. */
function inflate(data: Uint8Array, left: number, at: number, tooMuch: string): Buffer {
  let out: Buffer;
  try {
    out = inflateSync(data, { maxOutputLength: Math.max(1, left) });
  } catch (error) {
    throw new Refusal((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooMuch : `a PDF stream that does not inflate, at byte ${at}`);
  }
  if (out.length > left) throw new Refusal(tooMuch);
  return out;
}
