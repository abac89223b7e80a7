/**
 * What is kept of each returned rate for the ship operation (docs/architecture.md:
 * a compact internal record, at most 1 KB, so storing one costs one write
 * unit and ship reads it with one GetItem by `rateResponseId`).
 *
 * It holds references and amounts, not what can be read again: carrier and
 * service by code (their names live in the reference data), the plan by
 * pricing group and carrier, the registered carrier account the quote was
 * made under by id (ship buys under that one only, its credentials read from
 * the secret store again), the request by id (its own item). The names of the
 * charges are in the public response the caller already has; kept are each
 * charge's code and its amounts in the three tiers, the totals, the margin
 * and the discounts, in minor units.
 */
import type { Commitment } from '../carrier';
import type { KeyMode } from '../entities';
import type { InternalRateResponse } from './sanitize';
import type { TierName, TierTotals } from './pricing';

/**
 * One charge: `[code, retail, account, discounted]`, minor units. A tuple, not
 * a map: a map repeats four attribute names per charge, and a rate with eight
 * charges would then pass 1 KB.
 */
export type StoredCharge = [code: string, retail: number, account: number, discounted: number];

/** A tier's `[subtotal, tax, total]`, minor units (a tuple for the same reason). */
export type StoredTier = [subtotal: number, tax: number, total: number];

const tier = (t: TierTotals): StoredTier => [t.subtotal, t.tax, t.total];

export type StoredRate = {
  rateResponseId: string;
  rateRequestId: string;
  companyId: string;
  /** ISO 8601. */
  createdDate: string;
  /** ISO 8601; shipping after it is 410 RATE_EXPIRED. */
  expiresAt: string;
  pricingGroupId: string;
  carrierCode: string;
  serviceCode: string;
  /** The plan's carrier account number at rate time (never its credentials). */
  accountNumber: string;
  /** The registered carrier account the rate was quoted under; absent for a sandbox plan without one. */
  carrierAccountId?: string;
  /** billingOptions.type was `thirdParty` on the rate request. */
  isThirdParty: boolean;
  /** null when the carrier committed to no date. */
  commitment: Commitment | null;
  currency: string;
  fxRate: number;
  charges: StoredCharge[];
  totals: Record<TierName, StoredTier>;
  /** discounted − account: what the service earns on this rate. */
  margin: StoredTier;
  discountBp: { account: number; customer: number };
  /** The mode of the key that rated: only a key of this mode ships it, and its order has this mode. */
  mode: KeyMode;
};

export const toStoredRate = (rate: InternalRateResponse, mode: KeyMode): StoredRate => ({
  rateResponseId: rate.rateResponseId,
  rateRequestId: rate.rateRequestId,
  companyId: rate.companyId,
  createdDate: rate.createdDate,
  expiresAt: rate.expiresAt,
  pricingGroupId: rate.pricingGroupId,
  carrierCode: rate.carrier.code,
  serviceCode: rate.service.code,
  accountNumber: rate.carrierAccount.accountNumber,
  ...(rate.carrierAccount.carrierAccountId ? { carrierAccountId: rate.carrierAccount.carrierAccountId } : {}),
  isThirdParty: rate.isThirdParty,
  commitment: rate.commitment && { ...rate.commitment },
  currency: rate.rate.currency,
  fxRate: rate.rate.fxRate,
  charges: rate.rate.charges.map((c): StoredCharge => [c.code, c.retail, c.account, c.discounted]),
  totals: { retail: tier(rate.rate.totals.retail), account: tier(rate.rate.totals.account), discounted: tier(rate.rate.totals.discounted) },
  margin: tier(rate.rate.margin),
  discountBp: { ...rate.rate.discountBp },
  mode,
});
