/**
 * Which quotes are returned (spec 2.12 with the decision of docs/decisions.md).
 *
 * - A service code other than `default`: the first rate whose service code
 *   matches without case, across all carriers; the carrier filter is ignored.
 *   "First" is in the order the request's `sort` gives (default price
 *   ascending), so among several matches the cheapest wins by default.
 * - Otherwise by `carrier`: omitted or `all` → every rate; `cheapest` → the
 *   one lowest discounted total; `fastest` → the one earliest commitment (a
 *   rate without commitment wins only when none has one, then the cheapest);
 *   a carrier code (without case) → the cheapest rate of that carrier.
 *
 * Ties go to the sort's tie-breakers (./sort.ts). No match gives `[]`, which
 * the handler answers with 422 NO_RATES.
 */
import { isCarrierKeyword, selectedServiceCode } from './carriers';
import { sameCode, type RateFacts } from './facts';
import type { RateRequest } from './schema';
import { orderRates } from './sort';

const firstOf = <T>(rates: readonly T[]): T[] => rates.slice(0, 1);

export const selectRates = <T extends RateFacts>(rates: readonly T[], request: Pick<RateRequest, 'shippingType' | 'sort'>): T[] => {
  const serviceCode = selectedServiceCode(request.shippingType);
  if (serviceCode !== undefined) {
    return firstOf(orderRates(rates, request.sort).filter((rate) => sameCode(rate.serviceCode, serviceCode)));
  }
  const carrier = request.shippingType?.carrier ?? 'all';
  if (isCarrierKeyword(carrier)) {
    switch (carrier.toLowerCase()) {
      case 'cheapest':
        return firstOf(orderRates(rates, { by: 'price' }));
      case 'fastest':
        return firstOf(orderRates(rates, { by: 'date' }));
      default:
        return [...rates];
    }
  }
  return firstOf(
    orderRates(
      rates.filter((rate) => sameCode(rate.carrierCode, carrier)),
      { by: 'price' },
    ),
  );
};
