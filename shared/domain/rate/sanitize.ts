/**
 * The rate response record: the internal one stored for the ship operation
 * (docs/architecture.md, `RATERESP#<rateResponseId>`) and the sanitized one returned
 * by POST /v1/rate (spec 2.14). The public record is built by picking the
 * fields the spec lists, never by deleting from the internal one, so a field
 * added to the internal record stays private until it is picked here.
 */
import type { RateRecord } from '../../contract/rate';
import type { Commitment } from '../carrier';
import type { CarrierKind, Localized } from '../entities';
import type { Badges } from './badges';
import { toMoney, type PricedQuote, type TierTotals } from './pricing';

export const RATE_RESPONSE_ENTITY = 'rateResponse';

export type RateCarrier = { code: string; fullName: Localized; shortName: Localized };
export type RateService = {
  code: string;
  fullName: Localized;
  shortName: Localized;
  billingCode: string;
  chips: string[];
  isDisabled: boolean;
};

/** What the service stores per returned rate; amounts in minor units. Never sent to a client as is. */
export type InternalRateResponse = Badges & {
  entityType: typeof RATE_RESPONSE_ENTITY;
  rateResponseId: string;
  rateRequestId: string;
  /** ISO 8601. */
  createdDate: string;
  /** ISO 8601; shipping after it is 410 RATE_EXPIRED. */
  expiresAt: string;
  companyId: string;
  pricingGroupId: string;
  carrier: RateCarrier & { kind: CarrierKind };
  service: RateService;
  /** null when the carrier committed to no date. */
  commitment: Commitment | null;
  /** Priced tiers, taxes, per-charge margins and the discounts applied. */
  rate: PricedQuote;
  /**
   * The plan's carrier account: its number, and the id of the registered
   * account the quote was made under (none for a sandbox plan without one).
   * Ship buys under that account only (shared/carriers/accounts.ts
   * `accountForRate`); its credentials stay in the secret store, never copied
   * into rate records.
   */
  carrierAccount: { accountNumber: string; carrierAccountId?: string };
  /** billingOptions.type was `thirdParty` on the rate request. */
  isThirdParty: boolean;
};

/** The sanitized rate record of spec 2.14: its contract's type (shared/contract/rate.ts). */
export type PublicRateResponse = RateRecord;
type PublicTier = RateRecord['rate']['totals']['retail'];

const tierMoney = (tier: TierTotals, currency: string): PublicTier => ({
  subtotal: toMoney(tier.subtotal, currency),
  tax: toMoney(tier.tax, currency),
  total: toMoney(tier.total, currency),
});

export const toPublicRate = (internal: InternalRateResponse): PublicRateResponse => {
  const { carrier, service, commitment, rate } = internal;
  const { currency } = rate;
  return {
    carrier: { code: carrier.code, fullName: { ...carrier.fullName }, shortName: { ...carrier.shortName } },
    service: {
      code: service.code,
      fullName: { ...service.fullName },
      shortName: { ...service.shortName },
      billingCode: service.billingCode,
      chips: [...service.chips],
      isDisabled: service.isDisabled,
    },
    commitment: commitment
      ? {
          commitDate: commitment.commitDate,
          commitTime: commitment.commitTime,
          timezoneCode: commitment.timezoneCode,
          guaranteed: commitment.guaranteed,
        }
      : null,
    rate: {
      charges: rate.charges.map((charge) => ({
        chips: [...charge.chips],
        code: charge.code,
        billingCode: charge.billingCode,
        name: { ...charge.name },
        type: charge.type,
        retail: toMoney(charge.retail, currency),
        account: toMoney(charge.account, currency),
      })),
      totals: {
        retail: tierMoney(rate.totals.retail, currency),
        discounted: tierMoney(rate.totals.discounted, currency),
        account: tierMoney(rate.totals.account, currency),
      },
      fxRate: rate.fxRate,
    },
    rateRequestId: internal.rateRequestId,
    rateResponseId: internal.rateResponseId,
    entityType: RATE_RESPONSE_ENTITY,
    createdDate: internal.createdDate,
    isBestPrice: internal.isBestPrice,
    isBestChoice: internal.isBestChoice,
    isFastDelivery: internal.isFastDelivery,
  };
};
