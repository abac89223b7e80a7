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

/**
 * Carries a carrier request to the carrier and brings back its answer: the
 * sandbox network now, a real carrier API later (a new transport, same
 * adapter). The answer is the rate wire format of ./wire.ts; a real transport
 * translates its carrier's response into it. The adapter validates it, so a
 * malformed answer fails loudly as a CarrierError.
 */
export interface CarrierTransport<CarrierRequest> {
  rate(request: CarrierRequest, options: { signal: AbortSignal }): Promise<unknown>;
}

/** The carrier declines to quote this shipment (e.g. a parcel carrier and `nonConveyable`). */
export class CarrierRefusal extends Error {
  constructor(readonly carrierCode: string, reason: string) {
    super(reason);
    this.name = 'CarrierRefusal';
  }
}

/** The carrier answered with an error or an answer that cannot be read. */
export class CarrierError extends Error {
  constructor(readonly carrierCode: string, message: string) {
    super(message);
    this.name = 'CarrierError';
  }
}

/** No answer from the carrier in time (per-carrier timeout or the overall rating budget). */
export class CarrierTimeout extends Error {
  constructor(readonly carrierCode: string, message: string) {
    super(message);
    this.name = 'CarrierTimeout';
  }
}
