/**
 * The size DynamoDB bills for an item, by its documented rules
 * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * attribute names and strings count their UTF-8 bytes, a number about one
 * byte per two significant digits plus one, binary its bytes, a boolean or
 * null one byte, a list or map 3 bytes plus one per element plus its
 * elements. A write costs one write unit per started KB of the item. Used to
 * keep stored records within one write unit and by the bench; an estimate
 * within a few bytes of DynamoDB's own.
 */
const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

const numberSize = (n: number): number => {
  const digits = String(Math.abs(n)).replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
};

const valueSize = (value: unknown): number => {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + valueSize(v), 0);
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + valueSize(v), 0);
  if (typeof value === 'object') {
    return 3 + Object.entries(value).reduce((sum, [k, v]) => (v === undefined ? sum : sum + 1 + utf8(k) + valueSize(v)), 0);
  }
  return 0;
};

/** Bytes of `item` (a document-client item: plain JS values) as DynamoDB counts them. */
export const itemSize = (item: Record<string, unknown>): number =>
  Object.entries(item).reduce((sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + valueSize(value)), 0);

/** Write units of putting `item`: one per started KB. */
export const writeUnits = (item: Record<string, unknown>): number => Math.max(1, Math.ceil(itemSize(item) / 1024));
