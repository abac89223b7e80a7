/**
 * A carrier quote joined to the records it is priced with: the pricing plan,
 * the carrier and the service. Every quote ends up either joined or rejected
 * with its reason (a quote for a service the catalog does not know, or for a
 * disabled one, is rejected by buildRateResults, never dropped in silence).
 */
import type { CarrierQuote } from '../carrier';
import type { Carrier, CarrierService, PricingPlan } from '../entities';
import type { QuotedRate, RejectedQuote } from './results';

export type QuoteRecords = {
  plans: readonly PricingPlan[];
  carriers: readonly Carrier[];
  /** Every service of each carrier, disabled ones included, by carrier code. */
  servicesByCarrier: ReadonlyMap<string, readonly CarrierService[]>;
};

export const joinQuotes = (quotes: readonly CarrierQuote[], records: QuoteRecords): { quoted: QuotedRate[]; rejected: RejectedQuote[] } => {
  const quoted: QuotedRate[] = [];
  const rejected: RejectedQuote[] = [];
  for (const quote of quotes) {
    const reject = (reason: string) => rejected.push({ carrierCode: quote.carrierCode, serviceCode: quote.serviceCode, reason });
    const plan = records.plans.find((p) => p.carrierCode === quote.carrierCode);
    const carrier = records.carriers.find((c) => c.code === quote.carrierCode);
    const service = records.servicesByCarrier.get(quote.carrierCode)?.find((s) => s.code === quote.serviceCode);
    if (!plan) reject(`no pricing plan for ${quote.carrierCode} in the pricing group`);
    else if (!carrier) reject(`carrier ${quote.carrierCode} is not in the catalog`);
    else if (!service) reject(`service ${quote.serviceCode} is not in the catalog of ${quote.carrierCode}`);
    else quoted.push({ quote, plan, carrier, service });
  }
  return { quoted, rejected };
};
