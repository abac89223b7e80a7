/**
 * The marshaller's fast path (shared/aws/attribute-values.ts) answers what
 * AWS's own marshaller answers, value for value, for every document it
 * takes, and leaves to AWS's marshaller every document it does not.
 */
import fc from 'fast-check';
import { marshall } from '@aws-sdk/util-dynamodb';
import { wireAttributeMap } from '../../../shared/aws/attribute-values';
import { rateItems } from '../../../shared/store/rates';

/** AWS's marshaller as the client calls it, binaries then turned to base64 as the protocol carries them. */
const reference = (document: object): unknown => {
  const map = marshall(document as Record<string, unknown>, { removeUndefinedValues: true });
  return JSON.parse(
    JSON.stringify(map, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key];
      return key === 'B' && raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') : value;
    }),
  );
};

const outcome = (run: () => unknown): { value: unknown } | { threw: true } => {
  try {
    return { value: run() };
  } catch {
    return { threw: true };
  }
};

/** Plain documents: what the service writes. */
const plainValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    fc.boolean(),
    fc.constant(null),
    fc.uint8Array({ maxLength: 16 }).map((bytes) => Buffer.from(bytes)),
    fc.uint8Array({ maxLength: 16 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.string().filter((k) => k !== 'constructor' && k !== '__proto__'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
}));
const plainDocument = fc.dictionary(
  fc.string().filter((k) => k !== 'constructor' && k !== '__proto__'),
  plainValue.value,
  { maxKeys: 6 },
);

class Parcel {
  weight = 1;
}

/** Anything at all: the fast path either answers as AWS's marshaller does or steps aside. */
const anyValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.anything({
      withBigInt: true,
      withMap: true,
      withSet: true,
      withBoxedValues: true,
      withNullPrototype: true,
      withTypedArray: true,
      withSparseArray: true,
    }),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 2, -0, undefined, () => 1, new Parcel(), new Date(0), new Float32Array([1])),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constant('constructor')), tie('value'), { maxKeys: 3 }),
  ),
}));
const anyDocument = fc.dictionary(fc.oneof(fc.string(), fc.constant('constructor')), anyValue.value, { maxKeys: 4 });

describe("the marshaller's fast path", () => {
  it('takes every plain document and answers what AWS’s marshaller answers', () => {
    fc.assert(
      fc.property(plainDocument, (document) => {
        const fast = wireAttributeMap(document);
        expect(fast).toBeDefined();
        expect(JSON.parse(JSON.stringify(fast))).toEqual(reference(document));
      }),
      { numRuns: 500 },
    );
  });

  it('for any value, answers as AWS’s marshaller does or leaves it to it', () => {
    fc.assert(
      fc.property(anyDocument, (document) => {
        const fast = wireAttributeMap(document);
        if (fast === undefined) return;
        const expected = outcome(() => reference(document));
        expect(expected).toEqual({ value: JSON.parse(JSON.stringify(fast)) });
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves to AWS’s marshaller what it refuses or converts its own way', () => {
    for (const odd of [
      { n: Number.NaN },
      { n: Infinity },
      { n: Number.MAX_SAFE_INTEGER + 2 },
      { n: 10n },
      { s: new Set(['a']) },
      { m: new Map([['a', 1]]) },
      { c: new Parcel() },
      { d: new Date(0) },
      { f: new Float32Array([1]) },
      { nested: { constructor: 'x' } },
      { list: [1, new Set([2])] },
    ]) {
      expect(wireAttributeMap(odd)).toBeUndefined();
    }
    // A key named `constructor` at the top too: AWS's marshaller refuses it.
    expect(wireAttributeMap({ constructor: 'x' })).toBeUndefined();
    expect(outcome(() => reference({ constructor: 'x' }))).toEqual({ threw: true });
  });

  it('drops undefined members and functions, as removeUndefinedValues does, and keeps empty strings, -0 and null', () => {
    const document = { a: undefined, f: () => 1, list: [1, undefined, 'x', () => 2], empty: '', zero: -0, none: null, nested: { b: undefined, c: [] } };
    expect(wireAttributeMap(document)).toEqual(reference(document));
    expect(wireAttributeMap(document)).toEqual({
      list: { L: [{ N: '1' }, { S: 'x' }] },
      empty: { S: '' },
      zero: { N: '0' },
      none: { NULL: true },
      nested: { M: { c: { L: [] } } },
    });
  });

  it('a Buffer that is a slice of a larger one travels as its own bytes alone', () => {
    const whole = Buffer.from('0123456789');
    const document = { bytes: whole.subarray(2, 5) };
    expect(wireAttributeMap(document)).toEqual({ bytes: { B: Buffer.from('234').toString('base64') } });
    expect(wireAttributeMap(document)).toEqual(reference(document));
  });

  it('takes the items a rate request writes (the request, gzip-compressed, and a rate response)', () => {
    const stored = {
      rateResponseId: 'resp-1',
      rateRequestId: 'req-1',
      companyId: 'c',
      createdDate: '2026-11-26T00:00:00.000Z',
      expiresAt: '2026-11-27T00:00:00.000Z',
      pricingGroupId: 'default',
      carrierCode: 'CARRIERX',
      serviceCode: 'CARRIERX_GROUND',
      accountNumber: 'X-1',
      isThirdParty: false,
      commitment: null,
      currency: 'CAD',
      fxRate: 1.3542,
      charges: [['FREIGHT', 1000, 900, 950]],
      totals: { retail: [1000, 130, 1130], account: [900, 117, 1017], discounted: [950, 124, 1074] },
      margin: [50, 6, 56],
      discountBp: { account: 1000, customer: 500 },
      mode: 'test',
    };
    const items = rateItems(
      {
        requestId: 'req-1',
        companyId: 'c',
        request: { shipper: { countryCode: 'CA' } },
        createdDate: stored.createdDate,
        expiresAt: stored.expiresAt,
        mode: 'test',
      },
      [stored as never],
    );
    for (const item of items) {
      const fast = wireAttributeMap(item);
      expect(fast).toBeDefined();
      expect(fast).toEqual(reference(item));
    }
  });
});
