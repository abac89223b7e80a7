/**
 * From carrier quotes to the rate responses of POST /v1/rate: pricing →
 * selection → sort → badges (over the rates actually returned) → ids →
 * internal records and their sanitized public form. Time and ids are passed
 * in, so the same input always gives the same output.
 */
import type { CarrierQuote } from '../carrier';
import { isAppError } from '../../errors';
import type { Carrier, CarrierService, PricingPlan } from '../entities';
import { assignBadges } from './badges';
import { isThirdPartyBilling } from './billing';
import { sameCode, type RateFacts } from './facts';
import { priceQuote, type PricedQuote } from './pricing';
import { toPublicRate, RATE_RESPONSE_ENTITY, type InternalRateResponse, type PublicRateResponse } from './sanitize';
import type { RateRequest } from './schema';
import { selectRates } from './select';
import { sortRates } from './sort';

/** One quote with the records it was obtained with. */
export type QuotedRate = {
  quote: CarrierQuote;
  plan: PricingPlan;
  carrier: Carrier;
  service: CarrierService;
};

/** A quote left out because it breaks the carrier port's contract; the handler logs it. */
export type RejectedQuote = { carrierCode: string; serviceCode: string; reason: string };

export type BuildRateResultsInput = {
  /** The rate request id (`rateRequestId` of every rate). */
  requestId: string;
  companyId: string;
  request: Pick<RateRequest, 'shippingType' | 'sort' | 'billingOptions'>;
  quotes: readonly QuotedRate[];
  now: Date;
  /** Lifetime of a rate response (24 hours by default, RATE_TTL_HOURS). */
  lifetimeSeconds: number;
  /** Called once per returned rate, in the returned order. */
  newId: () => string;
};

export type RateResults = {
  /** To store, one per returned rate, in the returned order. */
  internal: InternalRateResponse[];
  /** `data.rates` of the response, same order as `internal`. */
  public: PublicRateResponse[];
  rejected: RejectedQuote[];
  /** The carriers with at least one priced rate, returned or left out by the request's selection (./unavailable.ts). */
  rated: string[];
};

type Candidate = RateFacts & { quoted: QuotedRate; priced: PricedQuote };

const mismatch = ({ quote, plan, carrier, service }: QuotedRate): string | undefined => {
  if (!sameCode(quote.carrierCode, carrier.code) || !sameCode(plan.carrierCode, carrier.code)) {
    return `quote, plan and carrier disagree on the carrier (${quote.carrierCode}, ${plan.carrierCode}, ${carrier.code})`;
  }
  if (!sameCode(quote.serviceCode, service.code) || !sameCode(service.carrierCode, carrier.code)) {
    return `quote and service record disagree on the service (${quote.serviceCode}, ${service.carrierCode}/${service.code})`;
  }
  if (service.isDisabled) return `service ${service.code} is disabled`;
  return undefined;
};

export const buildRateResults = (input: BuildRateResultsInput): RateResults => {
  const rejected: RejectedQuote[] = [];
  const candidates: Candidate[] = [];
  for (const quoted of input.quotes) {
    const { quote } = quoted;
    const reject = (reason: string) => rejected.push({ carrierCode: quote.carrierCode, serviceCode: quote.serviceCode, reason });
    const problem = mismatch(quoted);
    if (problem) {
      reject(problem);
      continue;
    }
    try {
      const priced = priceQuote(quote, quoted.plan);
      candidates.push({
        carrierCode: quoted.carrier.code,
        serviceCode: quoted.service.code,
        commitment: quote.commitment,
        retailTotal: priced.totals.retail.total,
        discountedTotal: priced.totals.discounted.total,
        quoted,
        priced,
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      reject(error.message);
    }
  }

  const returned = assignBadges(sortRates(selectRates(candidates, input.request), input.request));

  const createdDate = input.now.toISOString();
  const expiresAt = new Date(input.now.getTime() + input.lifetimeSeconds * 1000).toISOString();
  const isThirdParty = isThirdPartyBilling(input.request.billingOptions);
  const internal = returned.map((rate): InternalRateResponse => {
    const { quote, plan, carrier, service } = rate.quoted;
    return {
      entityType: RATE_RESPONSE_ENTITY,
      rateResponseId: input.newId(),
      rateRequestId: input.requestId,
      createdDate,
      expiresAt,
      companyId: input.companyId,
      pricingGroupId: plan.pricingGroupId,
      carrier: { code: carrier.code, fullName: carrier.fullName, shortName: carrier.shortName, kind: carrier.kind },
      service: {
        code: service.code,
        fullName: service.fullName,
        shortName: service.shortName,
        billingCode: service.billingCode,
        chips: service.chips,
        isDisabled: service.isDisabled,
      },
      commitment: quote.commitment,
      rate: rate.priced,
      carrierAccount: { accountNumber: plan.account.accountNumber, ...(plan.carrierAccountId ? { carrierAccountId: plan.carrierAccountId } : {}) },
      isThirdParty,
      isBestPrice: rate.isBestPrice,
      isBestChoice: rate.isBestChoice,
      isFastDelivery: rate.isFastDelivery,
    };
  });
  return { internal, public: internal.map(toPublicRate), rejected, rated: [...new Set(candidates.map((c) => c.carrierCode))] };
};
