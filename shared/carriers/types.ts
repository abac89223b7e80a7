/**
 * The carrier port (DESIGN.md §4). Each adapter first builds the request its
 * carrier would receive (the mapping rules live there and are unit-tested),
 * then hands it to a transport. The sandbox transport prices it locally; a
 * real carrier integration is another transport.
 *
 * Amounts here are integer minor units of `currency`.
 */
import type { CarrierKind, CarrierService, Localized, PricingPlan } from '../domain/types';
import type { RateRequest } from '../domain/rate/schema';

export type Commitment = {
  commitDate: string; // YYYY-MM-DD
  commitTime: string; // HH:MM
  timezoneCode: string;
  guaranteed: boolean;
};

/** One line of a carrier quote at list (retail) price, before tax. */
export type QuoteCharge = {
  code: string;
  billingCode: string;
  name: Localized;
  type: 'base' | 'fuel' | 'surcharge' | 'accessorial' | 'duties';
  chips: string[];
  amount: number;
};

/** A sales tax applied to the subtotal of every tier (e.g. Canadian GST/HST/PST/QST). */
export type QuoteTax = { code: string; name: Localized; rateBp: number };

export type CarrierQuote = {
  carrierCode: string;
  serviceCode: string;
  currency: string;
  /** Units of the request currency per unit of the quote currency. */
  fxRate: number;
  charges: QuoteCharge[];
  taxes: QuoteTax[];
  commitment: Commitment | null;
};

/** What an adapter receives to build its carrier request. */
export type RateInput = {
  /** Validated request; every packagingType already resolved to an object. */
  request: RateRequest;
  plan: PricingPlan;
  /** The carrier's services enabled for this plan (never disabled ones). */
  services: CarrierService[];
};

export interface CarrierAdapter<CarrierRequest = unknown> {
  readonly code: string;
  readonly kind: CarrierKind;
  /** Pure: the request this carrier would receive. Throws CarrierRefusal when the carrier cannot quote it. */
  buildRateRequest(input: RateInput): CarrierRequest;
  /** Sends it through the transport; one quote per service. */
  rate(request: CarrierRequest, options: { signal: AbortSignal }): Promise<CarrierQuote[]>;
}

/** The carrier declines to quote this shipment (e.g. a parcel carrier and `nonConveyable`). */
export class CarrierRefusal extends Error {
  constructor(readonly carrierCode: string, reason: string) {
    super(reason);
    this.name = 'CarrierRefusal';
  }
}
