import fc from 'fast-check';
import { commitmentKey, savingsRatio, sortApplies, sortRates, type RateFacts, type SortOptions } from '../../../../shared/domain/rate';
import { commitment, facts, factsArb } from './fixtures';

// Dates deliberately out of price order; savings ratios in the comments.
const cheap = facts({ retailTotal: 2_000, discountedTotal: 1_000, commitment: commitment('2025-03-18') }); // 50 %
const mid = facts({ retailTotal: 2_500, discountedTotal: 2_000, commitment: commitment('2025-03-16') }); // 20 %
const dear = facts({ retailTotal: 4_000, discountedTotal: 3_000, commitment: commitment('2025-03-17') }); // 25 %
const none = facts({ retailTotal: 5_000, discountedTotal: 4_000, commitment: null }); // 20 %
const rates = [dear, none, cheap, mid];
const ids = (list: { id: number }[]) => list.map((r) => r.id);
const sorted = (sort?: SortOptions, carrier?: string) => ids(sortRates(rates, { sort, ...(carrier ? { shippingType: { carrier } } : {}) }));

describe('sort of the returned rates (spec 2.13)', () => {
  test('sort omitted: price ascending', () => {
    expect(sorted()).toEqual(ids([cheap, mid, dear, none]));
  });

  test('by price asc: cheapest first, on the discounted total', () => {
    expect(sorted({ by: 'price', dir: 'asc' })).toEqual(ids([cheap, mid, dear, none]));
  });

  test('by price desc: most expensive first', () => {
    expect(sorted({ by: 'price', dir: 'desc' })).toEqual(ids([none, dear, mid, cheap]));
  });

  test('by date asc: earliest commitment first, rates without commitment last', () => {
    expect(sorted({ by: 'date', dir: 'asc' })).toEqual(ids([mid, dear, cheap, none]));
  });

  test('by date desc: latest commitment first, rates without commitment still last', () => {
    expect(sorted({ by: 'date', dir: 'desc' })).toEqual(ids([cheap, dear, mid, none]));
  });

  test('by value asc: smallest savings ratio first', () => {
    // mid and none tie at 20 %: the cheaper one first.
    expect(sorted({ by: 'value', dir: 'asc' })).toEqual(ids([mid, none, dear, cheap]));
  });

  test('by value desc: largest savings ratio first', () => {
    expect(sorted({ by: 'value', dir: 'desc' })).toEqual(ids([cheap, dear, mid, none]));
  });

  test('dir defaults to asc when by is set', () => {
    expect(sorted({ by: 'date' })).toEqual(sorted({ by: 'date', dir: 'asc' }));
    expect(sorted({ by: 'value' })).toEqual(sorted({ by: 'value', dir: 'asc' }));
  });

  test('applies when carrier is all, in any case', () => {
    expect(sorted({ by: 'price', dir: 'desc' }, 'ALL')).toEqual(ids([none, dear, mid, cheap]));
  });

  test.each(['cheapest', 'fastest', 'CARRIERX'])('does not apply when carrier is %s', (carrier) => {
    expect(sorted({ by: 'price', dir: 'desc' }, carrier)).toEqual(ids(rates));
    expect(sortApplies({ carrier }, 4)).toBe(false);
  });

  test('a single rate is unchanged', () => {
    expect(sortApplies(undefined, 1)).toBe(false);
    expect(sortRates([dear], { sort: { by: 'price', dir: 'desc' } })).toEqual([dear]);
  });

  test('the input is not modified', () => {
    const input = [...rates];
    sortRates(input, { sort: { by: 'date' } });
    expect(input).toEqual(rates);
  });
});

describe('sort keys', () => {
  test('the value ratio is (retail − discounted) / retail, 0 when retail is 0', () => {
    expect(savingsRatio({ retailTotal: 4_000, discountedTotal: 3_000 })).toBe(0.25);
    expect(savingsRatio({ retailTotal: 0, discountedTotal: 0 })).toBe(0);
  });

  test('a date sorts on commitDate plus commitTime', () => {
    expect(commitmentKey(commitment('2025-03-17', '09:05'))).toBe('2025-03-17T09:05');
    expect(commitmentKey(null)).toBeUndefined();
    const morning = facts({ commitment: commitment('2025-03-17', '09:00'), discountedTotal: 9 });
    const evening = facts({ commitment: commitment('2025-03-17', '18:00'), discountedTotal: 1 });
    expect(ids(sortRates([evening, morning], { sort: { by: 'date' } }))).toEqual(ids([morning, evening]));
  });

  test('same price and commitment: the higher retail total (larger saving) first', () => {
    const small = facts({ retailTotal: 600, discountedTotal: 500, commitment: commitment('2025-03-17') });
    const large = facts({ retailTotal: 900, discountedTotal: 500, commitment: commitment('2025-03-17') });
    expect(ids(sortRates([small, large], {}))).toEqual(ids([large, small]));
    expect(ids(sortRates([small, large], { sort: { by: 'price', dir: 'desc' } }))).toEqual(ids([large, small]));
  });

  test('price ties fall back to the earlier commitment, then carrier and service codes', () => {
    const a = facts({ carrierCode: 'CARRIERZ', serviceCode: 'A', discountedTotal: 500, commitment: commitment('2025-03-17') });
    const b = facts({ carrierCode: 'CARRIERY', serviceCode: 'B', discountedTotal: 500, commitment: commitment('2025-03-17') });
    const c = facts({ carrierCode: 'CARRIERY', serviceCode: 'A', discountedTotal: 500, commitment: commitment('2025-03-17') });
    const d = facts({ carrierCode: 'CARRIERX', serviceCode: 'A', discountedTotal: 500, commitment: commitment('2025-03-16') });
    expect(ids(sortRates([a, b, c, d], {}))).toEqual(ids([d, c, b, a]));
  });
});

describe('sort order holds for any rates (property)', () => {
  const key = (r: RateFacts) => JSON.stringify([r.carrierCode, r.serviceCode, r.commitment, r.retailTotal, r.discountedTotal]);
  const allSorts: SortOptions[] = ['price', 'date', 'value'].flatMap((by) =>
    [undefined, 'asc', 'desc'].map((dir) => ({ by, ...(dir ? { dir } : {}) }) as SortOptions),
  );

  /** The primary key comparison the spec asks for: negative when a must come first. */
  const primaryOrder = (sort: SortOptions, a: RateFacts, b: RateFacts): number => {
    const dir = sort.dir === 'desc' ? -1 : 1;
    if (sort.by === 'date') {
      const ka = commitmentKey(a.commitment);
      const kb = commitmentKey(b.commitment);
      if (ka === undefined || kb === undefined) return (ka === undefined ? 1 : 0) - (kb === undefined ? 1 : 0);
      return dir * ka.localeCompare(kb);
    }
    if (sort.by === 'value') return dir * (savingsRatio(a) - savingsRatio(b));
    return dir * (a.discountedTotal - b.discountedTotal);
  };

  test.each(allSorts.map((s) => [JSON.stringify(s), s] as const))('%s: every adjacent pair is in order', (_name, sort) => {
    fc.assert(
      fc.property(fc.array(factsArb, { maxLength: 12 }), (input) => {
        const out = sortRates(input, { sort });
        expect(out).toHaveLength(input.length);
        expect(out.map(key).sort()).toEqual(input.map(key).sort()); // a permutation
        for (let i = 1; i < out.length; i += 1) {
          expect(primaryOrder(sort, out[i - 1] as RateFacts, out[i] as RateFacts)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  test('the order does not depend on the input order (deterministic tie-breakers)', () => {
    fc.assert(
      fc.property(
        fc.array(factsArb, { maxLength: 10 }).chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray(input, { minLength: input.length }))),
        fc.constantFrom(...allSorts),
        (input, sort) => {
          const [original, shuffled] = input;
          expect(sortRates(shuffled, { sort }).map(key)).toEqual(sortRates(original, { sort }).map(key));
        },
      ),
    );
  });

  test('rates without commitment are after every rate with one, in both directions, when sorting by date', () => {
    fc.assert(
      fc.property(fc.array(factsArb, { maxLength: 12 }), fc.constantFrom<'asc' | 'desc'>('asc', 'desc'), (input, dir) => {
        const out = sortRates(input, { sort: { by: 'date', dir } });
        const firstWithout = out.findIndex((r) => r.commitment === null);
        if (firstWithout >= 0) expect(out.slice(firstWithout).every((r) => r.commitment === null)).toBe(true);
      }),
    );
  });
});
