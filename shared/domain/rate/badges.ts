/**
 * Display badges (spec 2.14), computed over the rates actually returned and
 * never reordering them:
 *
 * - isBestPrice: lowest discounted total;
 * - isBestChoice: highest savings ratio (retail − discounted) / retail;
 * - isFastDelivery: earliest commitment; no rate gets it when none has one.
 *
 * Ties: every tied rate gets the badge. The badge states a fact about the
 * rate ("nothing is cheaper"), and giving it to only one of two equal rates
 * would depend on an order the spec says badges must not depend on.
 */
import { commitmentKey, savingsRatio, type RateFacts } from './facts';

export type Badges = { isBestPrice: boolean; isBestChoice: boolean; isFastDelivery: boolean };

export const assignBadges = <T extends RateFacts>(rates: readonly T[]): (T & Badges)[] => {
  const lowestPrice = rates.reduce((low, r) => Math.min(low, r.discountedTotal), Infinity);
  const highestRatio = rates.reduce((high, r) => Math.max(high, savingsRatio(r)), -Infinity);
  const keys = rates.map((r) => commitmentKey(r.commitment)).filter((k): k is string => k !== undefined);
  const earliest = keys.length > 0 ? keys.reduce((a, b) => (b < a ? b : a)) : undefined;
  return rates.map((rate) => ({
    ...rate,
    isBestPrice: rate.discountedTotal === lowestPrice,
    isBestChoice: savingsRatio(rate) === highestRatio,
    isFastDelivery: earliest !== undefined && commitmentKey(rate.commitment) === earliest,
  }));
};
