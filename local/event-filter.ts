/**
 * Lambda event filtering (the patterns of a function list stream trigger, the JSON
 * CDK's `FilterCriteria.filter` takes) applied locally to the records the
 * stream poller builds, so the local runtime invokes a function with exactly
 * the records Lambda would.
 *
 * A record passes when it matches ANY pattern; a pattern matches when EVERY
 * field matches (nested objects recurse); a field's list matches when ANY of
 * its entries matches. Where the record holds an array, any element may match.
 * The supported subset of Lambda's syntax:
 *
 * | entry | matches a value that |
 * |---|---|
 * | `"s"`, `5`, `true`, `null` | equals it (`""` is the empty string) |
 * | `{ "prefix": "s" }` / `{ "suffix": "s" }` | is a string starting / ending with it |
 * | `{ "equals-ignore-case": "s" }` | is a string equal to it in any case |
 * | `{ "anything-but": v }` or `{ "anything-but": [v, ...] }` | is present and none of them (strings, numbers, booleans, null) |
 * | `{ "exists": true }` / `{ "exists": false }` | is a leaf that is present / is absent |
 * | `{ "numeric": ["=", 5] }`, `[">", 0, "<=", 5]` | is a number in the range (DynamoDB `N` values are strings and never match, as in Lambda) |
 *
 * Anything else (`$or`, `wildcard`, `cidr`, `anything-but` with an operator,
 * a field that is not a list or an object) throws when the filter is built,
 * so a function list filter is never silently applied differently from Lambda.
 * Only own properties of the record are read: `constructor` or `__proto__`
 * in a pattern is a field name like any other.
 */

/** One pattern, as in shared/functions.ts `StreamFilter`. */
export type FilterPattern = { readonly [field: string]: unknown };

/** A value's presence and the value, at a pattern leaf. */
type LeafTest = (value: unknown, present: boolean) => boolean;
type Node = { kind: 'fields'; fields: Array<[string, Node]> } | { kind: 'leaf'; tests: LeafTest[] };

export class UnsupportedFilterError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** An own property only: never `constructor`, `toString` or a prototype's `__proto__`. */
const own = (container: unknown, key: string): { present: boolean; value: unknown } => {
  if (!isObject(container) || !Object.hasOwn(container, key)) return { present: false, value: undefined };
  const value = Object.getOwnPropertyDescriptor(container, key)?.value;
  return { present: value !== undefined, value };
};

const NUMERIC_OPERATORS = new Map<string, (a: number, b: number) => boolean>([
  ['=', (a, b) => a === b],
  ['<', (a, b) => a < b],
  ['<=', (a, b) => a <= b],
  ['>', (a, b) => a > b],
  ['>=', (a, b) => a >= b],
]);

const numericTest = (spec: unknown, where: string): LeafTest => {
  const fail = () => new UnsupportedFilterError(`${where}: numeric takes [operator, number] or two of them, e.g. [">", 0, "<=", 5]`);
  if (!Array.isArray(spec) || (spec.length !== 2 && spec.length !== 4)) throw fail();
  const conditions: Array<{ compare: (a: number, b: number) => boolean; bound: number }> = [];
  for (let i = 0; i < spec.length; i += 2) {
    const compare = typeof spec[i] === 'string' ? NUMERIC_OPERATORS.get(spec[i] as string) : undefined;
    const bound = spec[i + 1];
    if (!compare || typeof bound !== 'number' || !Number.isFinite(bound)) throw fail();
    conditions.push({ compare, bound });
  }
  return (value) => typeof value === 'number' && conditions.every(({ compare, bound }) => compare(value, bound));
};

const stringTest =
  (test: (value: string) => boolean): LeafTest =>
  (value) =>
    typeof value === 'string' && test(value);

const operatorTest = (entry: Record<string, unknown>, where: string): LeafTest => {
  const names = Object.keys(entry);
  if (names.length !== 1) throw new UnsupportedFilterError(`${where}: an operator object holds exactly one operator, got ${JSON.stringify(names)}`);
  const name = names[0]!;
  const operand = entry[name];
  const needString = () => {
    if (typeof operand !== 'string') throw new UnsupportedFilterError(`${where}: ${name} takes a string`);
    return operand;
  };
  switch (name) {
    case 'prefix': {
      const prefix = needString();
      return stringTest((value) => value.startsWith(prefix));
    }
    case 'suffix': {
      const suffix = needString();
      return stringTest((value) => value.endsWith(suffix));
    }
    case 'equals-ignore-case': {
      const lower = needString().toLowerCase();
      return stringTest((value) => value.toLowerCase() === lower);
    }
    case 'anything-but': {
      const excluded = Array.isArray(operand) ? operand : [operand];
      if (excluded.length === 0 || !excluded.every(isScalar)) {
        throw new UnsupportedFilterError(
          `${where}: anything-but takes a value or a list of strings, numbers, booleans or null (operators inside it are not supported)`,
        );
      }
      return (value, present) => present && isScalar(value) && !excluded.includes(value);
    }
    case 'exists': {
      if (typeof operand !== 'boolean') throw new UnsupportedFilterError(`${where}: exists takes true or false`);
      // Lambda's exists looks at leaves only: an object at the path is no leaf.
      return (value, present) => (present && !isObject(value)) === operand;
    }
    case 'numeric':
      return numericTest(operand, where);
    default:
      throw new UnsupportedFilterError(`${where}: operator "${name}" is not supported by the local runtime (local/event-filter.ts)`);
  }
};

const compileLeaf = (entries: unknown[], where: string): Node => {
  if (entries.length === 0) throw new UnsupportedFilterError(`${where}: an empty list matches nothing`);
  const tests = entries.map((entry): LeafTest => {
    if (isScalar(entry)) return (value, present) => present && value === entry;
    if (isObject(entry)) return operatorTest(entry, where);
    throw new UnsupportedFilterError(`${where}: ${JSON.stringify(entry)} is neither a value nor an operator`);
  });
  return { kind: 'leaf', tests };
};

const compileFields = (pattern: Record<string, unknown>, where: string): Node => {
  const fields: Array<[string, Node]> = [];
  for (const key of Object.keys(pattern)) {
    const value = Object.getOwnPropertyDescriptor(pattern, key)?.value;
    const path = where ? `${where}.${key}` : key;
    if (key.startsWith('$')) throw new UnsupportedFilterError(`${path}: "${key}" is not supported by the local runtime (local/event-filter.ts)`);
    if (Array.isArray(value)) fields.push([key, compileLeaf(value, path)]);
    else if (isObject(value)) fields.push([key, compileFields(value, path)]);
    else throw new UnsupportedFilterError(`${path}: a pattern field is a list of values or an object, got ${JSON.stringify(value)}`);
  }
  return { kind: 'fields', fields };
};

const matchLeaf = (node: Extract<Node, { kind: 'leaf' }>, value: unknown, present: boolean): boolean => {
  if (Array.isArray(value)) {
    // An empty list holds no leaf: absent, as in Lambda.
    if (value.length === 0) return node.tests.some((test) => test(undefined, false));
    return value.some((element) => node.tests.some((test) => test(element, true)));
  }
  return node.tests.some((test) => test(value, present));
};

const matchNode = (node: Node, value: unknown, present: boolean): boolean => {
  if (node.kind === 'leaf') return matchLeaf(node, value, present);
  if (Array.isArray(value)) return value.some((element) => matchNode(node, element, true));
  // Below a missing or non-object value every field is absent: only `exists: false` can hold there.
  return node.fields.every(([key, child]) => {
    const field = own(value, key);
    return matchNode(child, field.value, field.present);
  });
};

/**
 * Builds the matcher of a trigger's patterns; throws UnsupportedFilterError
 * at once for syntax outside the supported subset. No patterns at all lets
 * every record through, like an event source without filter criteria.
 */
export const compileEventFilter = (patterns: readonly FilterPattern[]): ((record: unknown) => boolean) => {
  const nodes = patterns.map((pattern, i) => {
    if (!isObject(pattern)) throw new UnsupportedFilterError(`pattern ${i}: a pattern is an object`);
    return compileFields(pattern, '');
  });
  if (nodes.length === 0) return () => true;
  return (record) => nodes.some((node) => matchNode(node, record, true));
};
