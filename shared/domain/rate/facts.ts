/**
 * What selection, sorting and badges look at in a rate, in minor units so that
 * comparisons are exact. Rates of any richer shape extend it.
 */
import type { Commitment } from '../carrier';

export type RateFacts = {
  carrierCode: string;
  serviceCode: string;
  commitment: Commitment | null;
  /** `rate.totals.retail.total`, minor units. */
  retailTotal: number;
  /** `rate.totals.discounted.total`, minor units: the customer price. */
  discountedTotal: number;
};

/**
 * `YYYY-MM-DDTHH:MM`, comparable as a string; undefined without a commitment.
 * Commitments are compared as the carrier's local wall-clock times:
 * `timezoneCode` is not applied (carriers give abbreviations, not offsets).
 */
export const commitmentKey = (commitment: Commitment | null): string | undefined =>
  commitment ? `${commitment.commitDate}T${commitment.commitTime.padStart(5, '0')}` : undefined;

/** (retail − discounted) / retail; 0 when the retail total is not positive. */
export const savingsRatio = (rate: Pick<RateFacts, 'retailTotal' | 'discountedTotal'>): number =>
  rate.retailTotal > 0 ? (rate.retailTotal - rate.discountedTotal) / rate.retailTotal : 0;

export const sameCode = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();
