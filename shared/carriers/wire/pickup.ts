/**
 * The pickup wire format of the sandbox network (docs/pickups.md): one
 * request shape for every sandbox carrier, named by its `operation`, and the
 * answers `{ availability }`, `{ pickup }` (null when a lookup finds none) and
 * `{ cancelled }`. `sandboxPickups` is the `pickups` capability of a sandbox
 * connector over them; every answer is parsed, so one that is not ours
 * becomes a CarrierError.
 */
import * as z from '../../zod';
import {
  CarrierError,
  type CarrierPickup,
  type PickupAvailability,
  type PickupAvailabilityInput,
  type PickupInput,
  type PickupLookup,
  type PickupRef,
} from '../../domain/carrier';
import type { CarrierCallOptions } from '../../domain/carrier';
import type { CarrierTransport, ConnectorCapabilities } from '../connector';

/** A place as the sandbox carriers read it for a pickup. */
type Place = { countryCode: string; postalCode?: string };

export type SandboxPickupRequest =
  | ({ operation: 'availability'; date: string } & Place)
  | ({
      operation: 'create';
      reference: string;
      date: string;
      readyTime: string;
      closeTime: string;
      packageCount: number;
      weightKg: number;
      mayExist: boolean;
    } & Place)
  | { operation: 'find'; reference: string; date: string }
  | { operation: 'cancel'; reference: string; confirmationNumber: string; date: string };

const time = z.string().check(z.regex(/^\d{2}:\d{2}$/));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const identifier = z.string().check(z.minLength(1), z.maxLength(64));
const window = z.object({ date: day, readyTime: time, closeTime: time });
const pickupWire = z.object({
  reference: identifier,
  confirmationNumber: identifier,
  window,
  location: z.optional(identifier),
  charges: z.optional(z.object({ amount: z.number().check(z.int(), z.gte(0), z.lte(100_000_00)), currency: z.string().check(z.regex(/^[A-Z]{3}$/)) })),
});
const availabilityWire = z.object({ availability: z.object({ windows: z.array(window).check(z.maxLength(48)), cutoffTime: z.optional(time) }) });
const pickupAnswer = z.object({ pickup: z.nullable(pickupWire) });
const cancelledWire = z.object({ cancelled: z.object({ confirmationNumber: identifier }) });

export type PickupWire = z.infer<typeof pickupWire>;
export type AvailabilityWire = z.infer<typeof availabilityWire>;
export type PickupAnswerWire = z.infer<typeof pickupAnswer>;
export type CancelledWire = z.infer<typeof cancelledWire>;

const read = <T>(carrierCode: string, what: string, schema: z.ZodMiniType<T>, raw: unknown): T => {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new CarrierError(carrierCode, `${carrierCode} answered with a malformed ${what} response`);
  return parsed.data;
};

const placeOf = (address: { countryCode: string; postalCode?: string }): Place => ({
  countryCode: address.countryCode.toUpperCase(),
  ...(address.postalCode ? { postalCode: address.postalCode.replace(/\s+/g, '').toUpperCase() } : {}),
});

/** The booking under `reference`: one under another reference is someone else's. */
const pickupOf = (carrierCode: string, reference: string, wire: PickupWire): CarrierPickup => {
  if (wire.reference !== reference) throw new CarrierError(carrierCode, `${carrierCode} answered with the pickup of another reference`);
  return {
    reference: wire.reference,
    confirmationNumber: wire.confirmationNumber,
    window: wire.window,
    ...(wire.location ? { location: wire.location } : {}),
    ...(wire.charges ? { charges: wire.charges } : {}),
  };
};

type Transport = CarrierTransport<unknown>;
const send = (carrierCode: string, transport: Transport, request: SandboxPickupRequest, options: CarrierCallOptions): Promise<unknown> => {
  if (!transport.pickup) throw new CarrierError(carrierCode, `${carrierCode} takes no pickup requests on this network`);
  return transport.pickup(request, options);
};

/** The `pickups` capability of a sandbox carrier: its requests to the sandbox network and its answers read. */
export const sandboxPickups = (carrierCode: string): NonNullable<ConnectorCapabilities<Transport>['pickups']> => ({
  async availability(input: PickupAvailabilityInput, transport, options): Promise<PickupAvailability> {
    const raw = await send(carrierCode, transport, { operation: 'availability', date: input.date, ...placeOf(input.address) }, options);
    const { availability } = read(carrierCode, 'pickup availability', availabilityWire, raw);
    return { windows: availability.windows, ...(availability.cutoffTime ? { cutoffTime: availability.cutoffTime } : {}) };
  },
  async create(input: PickupInput, transport, options): Promise<CarrierPickup> {
    const weightKg = input.load.totalWeight.unit === 'kg' ? input.load.totalWeight.value : input.load.totalWeight.value * 0.45359237;
    const request: SandboxPickupRequest = {
      operation: 'create',
      reference: input.reference,
      date: input.window.date,
      readyTime: input.window.readyTime,
      closeTime: input.window.closeTime,
      packageCount: input.load.packageCount,
      weightKg: Math.round(weightKg * 1000) / 1000,
      mayExist: input.mayExist === true,
      ...placeOf(input.address),
    };
    const { pickup } = read(carrierCode, 'pickup', pickupAnswer, await send(carrierCode, transport, request, options));
    if (!pickup) throw new CarrierError(carrierCode, `${carrierCode} answered a booking without its pickup`);
    return pickupOf(carrierCode, input.reference, pickup);
  },
  async find(input: PickupLookup, transport, options): Promise<CarrierPickup | undefined> {
    const raw = await send(carrierCode, transport, { operation: 'find', reference: input.reference, date: input.date }, options);
    const { pickup } = read(carrierCode, 'pickup lookup', pickupAnswer, raw);
    return pickup ? pickupOf(carrierCode, input.reference, pickup) : undefined;
  },
  async cancel(input: PickupRef, transport, options): Promise<void> {
    const request: SandboxPickupRequest = { operation: 'cancel', reference: input.reference, confirmationNumber: input.confirmationNumber, date: input.date };
    const { cancelled } = read(carrierCode, 'pickup cancel', cancelledWire, await send(carrierCode, transport, request, options));
    if (cancelled.confirmationNumber !== input.confirmationNumber) throw new CarrierError(carrierCode, `${carrierCode} cancelled another pickup`);
  },
});
