/** The documents' numbers (shared/labels/renderers/content.ts formatDecimal) are written as Intl.NumberFormat('en-US') writes them. */
import fc from 'fast-check';
import { formatDecimal } from '../../../shared/labels/renderers/content';

/** The minimum and maximum fraction digits the documents use: numbers and weights, amounts, unit values. */
const STYLES: Array<[number, number]> = [
  [0, 3],
  [2, 2],
  [2, 3],
];
const intl = STYLES.map(([min, max]) => new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max }));
const expectAsIntl = (value: number) =>
  STYLES.forEach(([min, max], i) => expect(`${value}: ${formatDecimal(value, min, max)}`).toBe(`${value}: ${intl[i]!.format(value)}`));

describe('formatDecimal', () => {
  it.each([
    0,
    -0,
    NaN,
    Infinity,
    -Infinity,
    1e21,
    1.5e-7,
    5e-324,
    Number.MAX_VALUE,
    0.0005,
    -0.0005,
    -0.0004,
    2.0005,
    1.005,
    8.345,
    0.9995,
    999.9995,
    99999.995,
    1234567.891,
  ])('writes %p as Intl does (rounding the shortest digits half away from zero, grouping, signed zero)', (value) => expectAsIntl(value));

  it('writes any double as Intl does', () => {
    fc.assert(
      fc.property(fc.double(), (value) => expectAsIntl(value)),
      { numRuns: 20_000 },
    );
  });

  it("writes the documents' kind of number as Intl does: decimals with few digits, halves at every place", () => {
    const decimal = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 })).map(([n, places]) => n / 10 ** places);
    fc.assert(
      fc.property(decimal, (value) => expectAsIntl(value)),
      { numRuns: 20_000 },
    );
  });
});
