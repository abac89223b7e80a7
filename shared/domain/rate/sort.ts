/**
 * Order of the returned rates (spec 2.13). `price` sorts on the discounted
 * total, `date` on commitDate + commitTime, `value` on the savings ratio;
 * `dir` defaults to `asc`; without `sort` the order is price ascending.
 *
 * Rates without a commitment come last when sorting by date, in both
 * directions. Ties fall back, whatever `dir`, to the lower discounted total,
 * the earlier commitment, the higher retail total (larger saving), the carrier
 * code and the service code, then to the input order (the sort is stable), so
 * the same rates always come back in the same order.
 */
import { commitmentKey, sameCode, savingsRatio, type RateFacts } from './facts';
import type { RateRequest, SortOptions } from './schema';

type Compare = (a: RateFacts, b: RateFacts) => number;

const byPrice: Compare = (a, b) => a.discountedTotal - b.discountedTotal;
const byValue: Compare = (a, b) => savingsRatio(a) - savingsRatio(b);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Commitments compared in `dir`; a rate without one is after any rate with one. */
const byDate =
  (dir: 1 | -1): Compare =>
  (a, b) => {
    const ka = commitmentKey(a.commitment);
    const kb = commitmentKey(b.commitment);
    if (ka === undefined || kb === undefined) return (ka === undefined ? 1 : 0) - (kb === undefined ? 1 : 0);
    return dir * byText(ka, kb);
  };

const tieBreakers: Compare[] = [
  byPrice,
  byDate(1),
  // Same price: the higher list price, i.e. the larger saving, first.
  (a, b) => b.retailTotal - a.retailTotal,
  (a, b) => byText(a.carrierCode.toUpperCase(), b.carrierCode.toUpperCase()),
  (a, b) => byText(a.serviceCode.toUpperCase(), b.serviceCode.toUpperCase()),
];

export const DEFAULT_SORT: Required<SortOptions> = { by: 'price', dir: 'asc' };

/** The comparator of a sort option (default price ascending), tie-breakers included. */
export const compareRates = (sort: SortOptions = DEFAULT_SORT): Compare => {
  const dir = sort.dir === 'desc' ? -1 : 1;
  const primary: Compare = sort.by === 'date' ? byDate(dir) : sort.by === 'value' ? (a, b) => dir * byValue(a, b) : (a, b) => dir * byPrice(a, b);
  return (a, b) => {
    for (const compare of [primary, ...tieBreakers]) {
      const c = compare(a, b);
      if (c !== 0) return c;
    }
    return 0;
  };
};

/** A sorted copy, whatever the shipping type. Used for every "first" and "single" selection. */
export const orderRates = <T extends RateFacts>(rates: readonly T[], sort?: SortOptions): T[] => [...rates].sort(compareRates(sort));

/** Sorting applies only when `shippingType.carrier` is `all` or omitted, and to two or more rates. */
export const sortApplies = (shippingType: RateRequest['shippingType'], count: number): boolean => {
  const carrier = shippingType?.carrier;
  return count >= 2 && (carrier === undefined || sameCode(carrier, 'all'));
};

/** Spec 2.13: the returned rates in the requested order, or unchanged where sorting does not apply. */
export const sortRates = <T extends RateFacts>(rates: readonly T[], request: Pick<RateRequest, 'shippingType' | 'sort'>): T[] =>
  sortApplies(request.shippingType, rates.length) ? orderRates(rates, request.sort) : [...rates];
