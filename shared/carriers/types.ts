/**
 * The carrier side of the port that shared/domain/carrier.ts declares: each
 * adapter first builds the request its carrier would receive (the mapping
 * rules live there and are unit-tested), then hands it to a transport. The
 * sandbox transport prices it locally; a real carrier integration is another
 * transport.
 */
export * from '../domain/carrier';

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
