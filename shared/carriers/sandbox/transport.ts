/**
 * The sandbox transport: a carrier of the sandbox network behind the same
 * interface a real carrier API would have. It reads the carrier's request,
 * prices it (rate), makes the shipment (ship), tells its journey so far
 * (track) or voids it (cancel), books and cancels pickups (./pickups.ts),
 * and answers in the matching wire format,
 * after the faults configured for that carrier (latency, errors, no answer
 * at all), which apply to every call alike.
 */
import { config } from '../../config';
import type { CarrierService } from '../../domain/entities';
import { services as referenceServices } from '../../reference/carriers';
import type { ShipWire } from '../wire/ship';
import type { CancelWire, TrackWire } from '../wire/track';
import { CarrierError, CarrierRefusal, type TrackingPlace } from '../../domain/carrier';
import type { CarrierTransport } from '../connector';
import { abortReason, sleepFor } from '../signals';
import type { RateWire } from '../wire/rate';
import { callFails, type SandboxFault, type SandboxOperation } from './faults';
import { createPickupDesk, type SandboxBooking } from './pickups';
import type { SandboxPickupRequest } from '../wire/pickup';
import { maxSequence, TRACKING_NUMBER_FORMATS, type SandboxCarrierCode } from './numbers';
import { commitmentFor, priceShipment } from './quotes';
import { makeShipment } from './ship';
import { decodeShipmentId, encodeShipmentId, PLACE_TEXT_KEPT, type SandboxShipmentFacts } from './shipment-id';
import type { SandboxLookup, SandboxReaders, SandboxShipOrder } from './readers';
import { TARIFFS } from './tariffs';
import type { SandboxPlace } from './geography';
import { sandboxJourney } from './tracking';

export type SandboxTransportOptions = {
  fault?: SandboxFault;
  /** Drawn for a fail rate strictly between 0 and 1; Math.random by default. */
  random?: () => number;
  /** The services the sandbox carriers offer; the reference services by default. */
  services?: CarrierService[];
  /** The carrier's clock, which moves tracking forward; the system clock by default. */
  clock?: () => Date;
  /** How much faster than real time shipments travel (./tracking.ts); SANDBOX_TRACKING_PACE, read at each call, by default. */
  pace?: number;
};

/** A carrier that never answers: settles only when the caller gives up. */
const noAnswer = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
  });

/**
 * What a sandbox carrier has seen, for tests and the "one carrier shipment"
 * check: ship calls and the distinct shipments made, per transport instance.
 * Nothing reads it to decide an answer: a repeated reference gets the same
 * shipment because the shipment is a function of its reference, not because
 * it is remembered here.
 */
export type SandboxLedger = {
  /** Ship calls that reached the carrier, failed ones included. */
  readonly shipCalls: number;
  /** Track and cancel calls that reached the carrier, failed ones included. */
  readonly trackCalls: number;
  readonly cancelCalls: number;
  /** The shipments made, by reference, with their master tracking number and package count; the oldest beyond LEDGER_LIMIT are dropped. */
  readonly shipments: ReadonlyMap<string, { trackingNumber: string; packageCount: number }>;
  /** Pickup calls that reached the carrier by operation, failed ones included. */
  readonly pickupCalls: Readonly<Record<SandboxPickupRequest['operation'], number>>;
  /** Every pickup booked, cancelled ones included, by confirmation number. */
  readonly pickups: ReadonlyMap<string, SandboxBooking>;
};

/** Entries a ledger keeps, so a long-lived container does not grow with every shipment. */
export const LEDGER_LIMIT = 1_000;

export type SandboxTransport<CarrierRequest, CarrierShipRequest, CarrierTrackRequest = unknown, CarrierVoidRequest = unknown> = CarrierTransport<
  CarrierRequest,
  CarrierShipRequest,
  CarrierTrackRequest,
  CarrierVoidRequest
> & {
  readonly ledger: SandboxLedger;
};

/** A place of tracking events: the city, else the postal code, else the country names it. */
/** At most PLACE_TEXT_KEPT code points (a surrogate pair is never split). */
const kept = (text: string): string => [...text].slice(0, PLACE_TEXT_KEPT).join('');

const journeyPlace = (place: SandboxPlace): TrackingPlace => {
  const city = kept(place.city?.trim() || place.postalCode?.replace(/\s+/g, '').toUpperCase() || place.countryCode.toUpperCase());
  const provinceCode = place.provinceCode?.trim().toUpperCase() && kept(place.provinceCode.trim().toUpperCase());
  return provinceCode ? { city, provinceCode, countryCode: place.countryCode.toUpperCase() } : { city, countryCode: place.countryCode.toUpperCase() };
};

export function createSandboxTransport<CarrierRequest, CarrierShipRequest, CarrierTrackRequest, CarrierVoidRequest>(
  carrierCode: SandboxCarrierCode,
  read: SandboxReaders<CarrierRequest, CarrierShipRequest, CarrierTrackRequest, CarrierVoidRequest>,
  options: SandboxTransportOptions = {},
): SandboxTransport<CarrierRequest, CarrierShipRequest, CarrierTrackRequest, CarrierVoidRequest> {
  const tariff = TARIFFS[carrierCode];
  if (!tariff) throw new Error(`The sandbox network has no tariff for ${carrierCode}`);
  const { fault, random = Math.random, services = referenceServices, clock = () => new Date() } = options;
  const maxPackages = maxSequence(TRACKING_NUMBER_FORMATS[carrierCode]);
  const shipments = new Map<string, { trackingNumber: string; packageCount: number }>();
  let shipCalls = 0;
  let trackCalls = 0;
  let cancelCalls = 0;
  const pickupCalls = { availability: 0, create: 0, find: 0, cancel: 0 };
  const desk = createPickupDesk(carrierCode, clock);
  const pickupOperations = {
    availability: 'pickupAvailability',
    create: 'pickupCreate',
    find: 'pickupFind',
    cancel: 'pickupCancel',
  } as const satisfies Record<SandboxPickupRequest['operation'], SandboxOperation>;

  /** The journey now of the shipment a track or void names; the pace is read per call so a changed setting applies without a new transport. */
  const journeyNow = ({ trackingNumber, shipmentId }: SandboxLookup) =>
    sandboxJourney(
      carrierCode,
      { trackingNumber, ...decodeShipmentId(carrierCode, trackingNumber, shipmentId) },
      options.pace ?? config.sandboxTrackingPace,
      clock(),
    );

  /** What the carrier remembers of a shipment it makes now: it is written into the shipment id. */
  const factsOf = (order: SandboxShipOrder): SandboxShipmentFacts => {
    const service = services.find((s) => s.carrierCode === carrierCode && s.code === order.serviceCode)!;
    return {
      shippedAt: order.shipTime,
      commitment: commitmentFor(order.view, service, tariff),
      origin: journeyPlace(order.view.origin),
      destination: journeyPlace(order.view.destination),
    };
  };

  /** The configured fault of this call: undefined to answer normally, else what the call resolves to. */
  async function faultOf(signal: AbortSignal, malformed: unknown, operation: SandboxOperation, act?: () => unknown): Promise<{ answer: unknown } | undefined> {
    if (signal.aborted) throw abortReason(signal);
    if (fault?.latencyMs) await sleepFor(fault.latencyMs, signal);
    if (!callFails(fault, random, operation)) return undefined;
    switch (fault?.error ?? 'http500') {
      case 'late':
        // The carrier acts (its refusal is lost with its answer), and answers after the caller gave up.
        try {
          act?.();
        } catch {
          // Nothing is answered either way.
        }
        return { answer: await noAnswer(signal) };
      case 'timeout':
        return { answer: await noAnswer(signal) };
      case 'malformed':
        return { answer: malformed };
      case 'http500':
        throw new CarrierError(carrierCode, `${carrierCode} answered HTTP 500 Internal Server Error`);
    }
  }

  function offered(serviceCode: string): void {
    const service = services.find((s) => s.carrierCode === carrierCode && s.code === serviceCode);
    if (!service || service.isDisabled) throw new CarrierRefusal(carrierCode, `${carrierCode} does not offer the service ${serviceCode}`);
  }

  return {
    async rate(request, { signal }): Promise<unknown> {
      const failed = await faultOf(signal, { status: 'OK', quotes: '<html><body>502 Bad Gateway</body></html>' }, 'rate');
      if (failed) return failed.answer;
      const answer: RateWire = { quotes: priceShipment(read.rate(request), tariff, services) };
      return answer;
    },

    async ship(request, { signal }): Promise<unknown> {
      shipCalls += 1;
      const failed = await faultOf(signal, { status: 'OK', shipment: '<html><body>502 Bad Gateway</body></html>' }, 'ship');
      if (failed) return failed.answer;
      const order = read.ship(request);
      offered(order.serviceCode);
      if (order.packageCount < 1 || order.packageCount > maxPackages) {
        throw new CarrierRefusal(carrierCode, `${carrierCode} ships 1 to ${maxPackages} packages in one shipment, not ${order.packageCount}`);
      }
      const made = makeShipment(order, encodeShipmentId(factsOf(order)));
      const shipment = read.documents ? { ...made, documents: read.documents(made) } : made;
      if (!shipments.has(order.reference)) {
        shipments.set(order.reference, { trackingNumber: shipment.trackingNumber, packageCount: order.packageCount });
        if (shipments.size > LEDGER_LIMIT) shipments.delete(shipments.keys().next().value as string);
      }
      const answer: ShipWire = { shipment };
      return answer;
    },

    async track(request, { signal }): Promise<unknown> {
      trackCalls += 1;
      const failed = await faultOf(signal, { status: 'OK', tracking: '<html><body>502 Bad Gateway</body></html>' }, 'track');
      if (failed) return failed.answer;
      const answer: TrackWire = { tracking: journeyNow(read.track(request)) };
      return answer;
    },

    /** Voids until the driver has the shipment; stateless, so voiding again answers the same. */
    async cancel(request, { signal }): Promise<unknown> {
      cancelCalls += 1;
      const failed = await faultOf(signal, { status: 'OK', voided: '<html><body>502 Bad Gateway</body></html>' }, 'cancel');
      if (failed) return failed.answer;
      const shipment = read.cancel(request);
      const pickedUp = journeyNow(shipment).events.find((e) => e.code === 'PICKED_UP');
      if (pickedUp) {
        throw new CarrierRefusal(carrierCode, `${carrierCode} cannot void ${shipment.trackingNumber}: picked up at ${pickedUp.occurredAt}`);
      }
      const answer: CancelWire = { voided: { trackingNumber: shipment.trackingNumber } };
      return answer;
    },

    async pickup(request, { signal }): Promise<unknown> {
      const asked = request as SandboxPickupRequest;
      pickupCalls[asked.operation] += 1;
      const failed = await faultOf(signal, { status: 'OK', pickup: '<html><body>502 Bad Gateway</body></html>' }, pickupOperations[asked.operation], () =>
        desk.handle(asked),
      );
      if (failed) return failed.answer;
      return desk.handle(asked);
    },

    ledger: {
      pickupCalls,
      pickups: desk.bookings,
      get shipCalls() {
        return shipCalls;
      },
      get trackCalls() {
        return trackCalls;
      },
      get cancelCalls() {
        return cancelCalls;
      },
      shipments,
    },
  };
}
