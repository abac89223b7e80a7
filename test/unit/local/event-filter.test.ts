/** Lambda event filtering, locally (local/event-filter.ts): the manifest's patterns and the operator subset. */
import { compileEventFilter, UnsupportedFilterError, type FilterPattern } from '../../../local/event-filter';
import { NOTIFICATION_STATUSES, orderStatusChanges } from '../../../shared/functions';

type Image = Record<string, { S: string } | { N: string } | { NULL: true } | { BOOL: boolean }>;

/** A stream record as the poller hands it to the filter: DynamoDB JSON under `dynamodb`. */
const streamRecord = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', keys: { pk: string; sk: string }, images: { NewImage?: Image; OldImage?: Image }) => ({
  eventID: '1',
  eventName,
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'us-east-1',
  dynamodb: {
    ApproximateCreationDateTime: 1_780_000_000,
    Keys: { pk: { S: keys.pk }, sk: { S: keys.sk } },
    ...images,
    SequenceNumber: '000000000000000000001',
    SizeBytes: 100,
    StreamViewType: 'NEW_AND_OLD_IMAGES',
  },
});

const orderKeys = { pk: 'ORDER#0b6f6f0e-6a43-4c39-9d0b-2a7cde1c1e6d', sk: 'ORDER' };
const order = (status: string): Image => ({ pk: { S: orderKeys.pk }, sk: { S: orderKeys.sk }, status: { S: status }, companyId: { S: 'c1' } });

describe('the notify trigger (orderStatusChanges of the manifest)', () => {
  const passes = compileEventFilter(orderStatusChanges(NOTIFICATION_STATUSES));

  it('an order created pending passes', () => {
    expect(passes(streamRecord('INSERT', orderKeys, { NewImage: order('pending') }))).toBe(true);
  });

  it('an order whose status changes pending → intransit passes', () => {
    expect(passes(streamRecord('MODIFY', orderKeys, { NewImage: order('intransit'), OldImage: order('pending') }))).toBe(true);
  });

  it('an order update that keeps intransit (a tracking check) does not', () => {
    expect(passes(streamRecord('MODIFY', orderKeys, { NewImage: order('intransit'), OldImage: order('intransit') }))).toBe(false);
  });

  it('a change to exception, which is no notification status, does not', () => {
    expect(passes(streamRecord('MODIFY', orderKeys, { NewImage: order('exception'), OldImage: order('intransit') }))).toBe(false);
  });

  it('a NOTIFY# marker beside the order does not', () => {
    const keys = { pk: orderKeys.pk, sk: 'NOTIFY#intransit' };
    expect(passes(streamRecord('INSERT', keys, { NewImage: { pk: { S: keys.pk }, sk: { S: keys.sk }, status: { S: 'intransit' } } }))).toBe(false);
  });

  it('a rate response item does not', () => {
    const keys = { pk: 'RATERESP#r1', sk: 'RATERESP' };
    expect(passes(streamRecord('INSERT', keys, { NewImage: { pk: { S: keys.pk }, sk: { S: keys.sk }, status: { S: 'pending' } } }))).toBe(false);
  });

  it('a removal (TTL) of an order does not', () => {
    expect(passes(streamRecord('REMOVE', orderKeys, { OldImage: order('pending') }))).toBe(false);
  });

  it('a MODIFY whose old image has no status does not (anything-but needs a value, as in Lambda)', () => {
    const { status: _status, ...withoutStatus } = order('pending');
    expect(passes(streamRecord('MODIFY', orderKeys, { NewImage: order('pending'), OldImage: withoutStatus }))).toBe(false);
  });
});

describe('compileEventFilter', () => {
  const match = (pattern: FilterPattern, record: unknown) => compileEventFilter([pattern])(record);

  it('a record matches when it matches any pattern, a pattern when every field matches', () => {
    const either = compileEventFilter([{ a: ['x'], b: ['y'] }, { c: ['z'] }]);
    expect(either({ a: 'x', b: 'y' })).toBe(true);
    expect(either({ a: 'x', b: 'n' })).toBe(false);
    expect(either({ c: 'z' })).toBe(true);
  });

  it('lists of allowed values: strings, numbers, booleans, null, the empty string', () => {
    expect(match({ a: ['x', 'y'] }, { a: 'y' })).toBe(true);
    expect(match({ a: [5] }, { a: 5 })).toBe(true);
    expect(match({ a: [5] }, { a: '5' })).toBe(false);
    expect(match({ a: [true] }, { a: true })).toBe(true);
    expect(match({ a: [true] }, { a: 'true' })).toBe(false);
    expect(match({ a: [null] }, { a: null })).toBe(true);
    expect(match({ a: [null] }, {})).toBe(false);
    expect(match({ a: [''] }, { a: '' })).toBe(true);
  });

  it('an array in the record matches when any element does', () => {
    expect(match({ a: ['x'] }, { a: ['w', 'x'] })).toBe(true);
    expect(match({ a: { b: ['x'] } }, { a: [{ b: 'w' }, { b: 'x' }] })).toBe(true);
    expect(match({ a: ['x'] }, { a: [] })).toBe(false);
  });

  it('prefix, suffix and equals-ignore-case match strings only', () => {
    expect(match({ a: [{ prefix: 'OR' }] }, { a: 'ORDER#1' })).toBe(true);
    expect(match({ a: [{ prefix: 'OR' }] }, { a: 'RATERESP#1' })).toBe(false);
    expect(match({ a: [{ suffix: '#1' }] }, { a: 'ORDER#1' })).toBe(true);
    expect(match({ a: [{ 'equals-ignore-case': 'insert' }] }, { a: 'INSERT' })).toBe(true);
    expect(match({ a: [{ prefix: '1' }] }, { a: 10 })).toBe(false);
  });

  it('anything-but takes a list or a single value and needs the field present', () => {
    expect(match({ a: [{ 'anything-but': ['x', 'y'] }] }, { a: 'z' })).toBe(true);
    expect(match({ a: [{ 'anything-but': ['x', 'y'] }] }, { a: 'y' })).toBe(false);
    expect(match({ a: [{ 'anything-but': 'x' }] }, { a: 'z' })).toBe(true);
    expect(match({ a: [{ 'anything-but': 'x' }] }, { a: 'x' })).toBe(false);
    expect(match({ a: [{ 'anything-but': 'x' }] }, {})).toBe(false);
  });

  it('exists: true for a present leaf, false for an absent one; an object is no leaf', () => {
    expect(match({ a: [{ exists: true }] }, { a: 'v' })).toBe(true);
    expect(match({ a: [{ exists: true }] }, {})).toBe(false);
    expect(match({ a: [{ exists: false }] }, {})).toBe(true);
    expect(match({ a: [{ exists: false }] }, { a: 'v' })).toBe(false);
    expect(match({ a: [{ exists: true }] }, { a: { S: 'v' } })).toBe(false);
    expect(match({ a: { S: [{ exists: false }] } }, {})).toBe(true);
  });

  it('numeric ranges match numbers, never the strings DynamoDB JSON keeps numbers in', () => {
    expect(match({ n: [{ numeric: ['>', 0, '<=', 5] }] }, { n: 5 })).toBe(true);
    expect(match({ n: [{ numeric: ['>', 0, '<=', 5] }] }, { n: 0 })).toBe(false);
    expect(match({ n: [{ numeric: ['=', 3] }] }, { n: 3 })).toBe(true);
    expect(match({ n: { N: [{ numeric: ['=', 3] }] } }, { n: { N: '3' } })).toBe(false);
  });

  it('no patterns at all let every record through, like an event source without filters', () => {
    expect(compileEventFilter([])({ anything: 1 })).toBe(true);
  });

  it('reads only own fields of the record: constructor, toString and __proto__ are plain names', () => {
    expect(match({ constructor: [{ exists: true }] }, {})).toBe(false);
    expect(match({ toString: [{ exists: false }] }, {})).toBe(true);
    expect(match({ constructor: { name: ['Object'] } }, {})).toBe(false);
    const hostile = JSON.parse('{"__proto__": {"polluted": "yes"}, "a": "x"}') as unknown;
    expect(compileEventFilter([JSON.parse('{"__proto__": {"polluted": ["yes"]}}') as FilterPattern])(hostile)).toBe(true);
    expect(compileEventFilter([JSON.parse('{"__proto__": {"polluted": ["yes"]}}') as FilterPattern])({ a: 'x' })).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['an unknown operator', { a: [{ wildcard: '*x' }] }],
    ['$or', { $or: [{ a: ['x'] }, { b: ['y'] }] }],
    ['anything-but with an operator inside', { a: [{ 'anything-but': { prefix: 'x' } }] }],
    ['two operators in one object', { a: [{ prefix: 'x', suffix: 'y' }] }],
    ['a field that is a bare value', { a: 'x' }],
    ['an empty list', { a: [] }],
    ['a malformed numeric', { a: [{ numeric: ['~', 1] }] }],
    ['exists with a string', { a: [{ exists: 'yes' }] }],
  ])('throws for %s, so a filter is never applied differently from Lambda', (_name, pattern) => {
    expect(() => compileEventFilter([pattern as FilterPattern])).toThrow(UnsupportedFilterError);
  });
});
