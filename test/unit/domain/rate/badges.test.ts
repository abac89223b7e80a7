import fc from 'fast-check';
import { assignBadges, commitmentKey, savingsRatio } from '../../../../shared/domain/rate';
import { commitment, facts, factsArb } from './fixtures';

const badgesOf = (list: ReturnType<typeof assignBadges>) => list.map((r) => [r.isBestPrice, r.isBestChoice, r.isFastDelivery]);

describe('display badges (spec 2.14)', () => {
  const cheap = facts({ retailTotal: 1_200, discountedTotal: 1_000, commitment: commitment('2025-03-19') }); // 16.7 %
  const value = facts({ retailTotal: 4_000, discountedTotal: 2_000, commitment: commitment('2025-03-18') }); // 50 %
  const fast = facts({ retailTotal: 5_000, discountedTotal: 4_500, commitment: commitment('2025-03-15', '10:30') }); // 10 %

  test('isBestPrice: the lowest discounted total', () => {
    expect(assignBadges([fast, cheap, value]).map((r) => r.isBestPrice)).toEqual([false, true, false]);
  });

  test('isBestChoice: the highest (retail − discounted) / retail', () => {
    expect(assignBadges([fast, cheap, value]).map((r) => r.isBestChoice)).toEqual([false, false, true]);
  });

  test('isFastDelivery: the earliest commitment date plus time', () => {
    const sameDayLater = facts({ commitment: commitment('2025-03-15', '17:00') });
    expect(assignBadges([cheap, sameDayLater, fast, value]).map((r) => r.isFastDelivery)).toEqual([false, false, true, false]);
  });

  test('isFastDelivery goes to nobody when no rate has a commitment', () => {
    expect(assignBadges([facts(), facts()]).map((r) => r.isFastDelivery)).toEqual([false, false]);
  });

  test('a rate without commitment never gets isFastDelivery', () => {
    const without = facts({ commitment: null });
    expect(assignBadges([without, value]).map((r) => r.isFastDelivery)).toEqual([false, true]);
  });

  test('ties: every tied rate gets the badge', () => {
    const a = facts({ retailTotal: 2_000, discountedTotal: 1_000, commitment: commitment('2025-03-15') });
    const b = facts({ retailTotal: 4_000, discountedTotal: 2_000, commitment: commitment('2025-03-15') });
    const c = facts({ retailTotal: 1_000, discountedTotal: 1_000, commitment: commitment('2025-03-16') });
    expect(badgesOf(assignBadges([a, b, c]))).toEqual([
      [true, true, true],
      [false, true, true],
      [true, false, false],
    ]);
  });

  test('a single rate gets every badge it can', () => {
    expect(badgesOf(assignBadges([fast]))).toEqual([[true, true, true]]);
  });

  test('badges never reorder the rates', () => {
    const input = [value, fast, cheap];
    expect(assignBadges(input).map((r) => r.id)).toEqual(input.map((r) => r.id));
  });

  test('no rates, no badges', () => {
    expect(assignBadges([])).toEqual([]);
  });
});

describe('badges hold for any rates and never reorder them (property)', () => {
  test('each badge marks exactly the rates that are best on its rule', () => {
    fc.assert(
      fc.property(fc.array(factsArb, { maxLength: 12 }), (rates) => {
        const out = assignBadges(rates);
        expect(out.map(({ isBestPrice: _p, isBestChoice: _c, isFastDelivery: _f, ...r }) => r)).toEqual(rates);
        const keys = rates.map((r) => commitmentKey(r.commitment));
        out.forEach((r, i) => {
          expect(r.isBestPrice).toBe(rates.every((o) => r.discountedTotal <= o.discountedTotal));
          expect(r.isBestChoice).toBe(rates.every((o) => savingsRatio(r) >= savingsRatio(o)));
          const k = keys[i];
          expect(r.isFastDelivery).toBe(k !== undefined && keys.every((o) => o === undefined || k <= o));
        });
        if (rates.length > 0) {
          expect(out.some((r) => r.isBestPrice)).toBe(true);
          expect(out.some((r) => r.isBestChoice)).toBe(true);
          expect(out.some((r) => r.isFastDelivery)).toBe(rates.some((r) => r.commitment !== null));
        }
      }),
      { numRuns: 500 },
    );
  });
});
