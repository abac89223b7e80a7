/**
 * Which carriers of the pricing group are asked for quotes (spec 2.5, 2.11,
 * 2.12, docs/decisions.md). Selection (./select.ts) later decides which of their
 * quotes are returned; this only avoids asking carriers whose quotes could
 * never be returned, and tells whether carrier X is among those asked.
 */
import type { CarrierService } from '../entities';
import { isThirdPartyBilling } from './billing';
import { sameCode } from './facts';
import type { RateRequest } from './schema';

/** `shippingType.carrier` values that are not a carrier code (compared without case). */
export const CARRIER_KEYWORDS = ['all', 'cheapest', 'fastest'] as const;
export type CarrierKeyword = (typeof CARRIER_KEYWORDS)[number];
/** `shippingType.service` that leaves the carrier rules in charge (compared without case). */
export const DEFAULT_SERVICE = 'default';

export const isCarrierKeyword = (carrier: string): boolean => CARRIER_KEYWORDS.some((k) => sameCode(k, carrier));

/** The service code that selects the rate, or undefined when the carrier rules apply. */
export const selectedServiceCode = (shippingType: RateRequest['shippingType']): string | undefined => {
  const service = shippingType?.service;
  return service === undefined || sameCode(service, DEFAULT_SERVICE) ? undefined : service;
};

export type CarriersToQuoteInput = {
  request: Pick<RateRequest, 'shippingType' | 'billingOptions'>;
  /** Carrier codes that have a plan in the caller's pricing group, in the group's order. */
  groupCarriers: readonly string[];
  /**
   * The services the caller may be quoted (enabled, in the plan). When given,
   * a service selection asks only the carriers offering that service code;
   * without it, every carrier of the group is asked.
   */
  services?: readonly Pick<CarrierService, 'carrierCode' | 'code'>[];
};

/**
 * The carrier codes to quote, spelled as in the group, in the group's order.
 *
 * - Service code other than `default`: the carriers that offer it (the
 *   carrier filter is ignored, as selection ignores it).
 * - Otherwise `shippingType.carrier` omitted, `all`, `cheapest`, `fastest`:
 *   the whole group; a carrier code: that carrier only, matched without case.
 * - Third-party billing with `billingOptions.carrierCode`: further limited to
 *   that carrier's plan.
 *
 * An empty list means nothing can be returned; the handler answers 422
 * NO_RATES without calling any carrier.
 */
export const carriersToQuote = ({ request, groupCarriers, services }: CarriersToQuoteInput): string[] => {
  const serviceCode = selectedServiceCode(request.shippingType);
  const carrier = request.shippingType?.carrier;
  let quoted: string[];
  if (serviceCode !== undefined) {
    quoted = services
      ? groupCarriers.filter((code) => services.some((s) => sameCode(s.carrierCode, code) && sameCode(s.code, serviceCode)))
      : [...groupCarriers];
  } else if (carrier === undefined || isCarrierKeyword(carrier)) {
    quoted = [...groupCarriers];
  } else {
    quoted = groupCarriers.filter((code) => sameCode(code, carrier));
  }
  const billing = request.billingOptions;
  const thirdPartyCarrier = isThirdPartyBilling(billing) ? billing?.carrierCode : undefined;
  // An empty carrierCode names no carrier: the third-party flow then quotes the group.
  return thirdPartyCarrier ? quoted.filter((code) => sameCode(code, thirdPartyCarrier)) : quoted;
};
