/**
 * The carrier side of the port that shared/domain/carrier.ts declares: each
 * adapter first builds the request its carrier would receive (the mapping
 * rules live there and are unit-tested), then hands it to a transport. The
 * sandbox transport prices it locally; a real carrier integration is another
 * transport.
 */
export * from '../domain/carrier';
import type { CarrierCallOptions } from '../domain/carrier';

/**
 * Carries a carrier request to the carrier and brings back its answer: the
 * sandbox network now, a real carrier API later (a new transport, same
 * adapter). The answers are the rate wire format of ./wire/rate.ts, the ship
 * wire format of ./wire/ship.ts and the track and cancel wire formats of
 * ./wire/track.ts; a real transport translates its carrier's
 * responses into them. The adapter validates them, so a malformed answer
 * fails loudly as a CarrierError.
 *
 * `ship` is idempotent by the reference its request carries: a real
 * transport sends it as the carrier's idempotency key (or looks the shipment
 * up by it before buying), so a retry never buys a second shipment. `cancel`
 * (a void) is idempotent too: voiding a voided shipment succeeds; a carrier
 * that will not void throws CarrierRefusal with its reason.
 */
export interface CarrierTransport<CarrierRequest, CarrierShipRequest = unknown, CarrierTrackRequest = unknown, CarrierVoidRequest = unknown> {
  rate(request: CarrierRequest, options: CarrierCallOptions): Promise<unknown>;
  ship(request: CarrierShipRequest, options: CarrierCallOptions): Promise<unknown>;
  track(request: CarrierTrackRequest, options: CarrierCallOptions): Promise<unknown>;
  cancel(request: CarrierVoidRequest, options: CarrierCallOptions): Promise<unknown>;
}
