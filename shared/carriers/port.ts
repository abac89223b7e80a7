/**
 * The carrier port: what the services call of a carrier, each operation
 * declared once, here. `CORE` is what every carrier does (rate, ship, track,
 * cancel); `CAPABILITIES` is what some do, each capability a group of
 * operations and, where it has any, the settings its carrier's profile
 * declares with it (docs/architecture.md, "Carriers as connectors").
 *
 * A carrier's profile declares its capabilities (`capabilities: { push:
 * true, findShipments: { voidWindowDays: 28 } }`), its connector implements
 * their operations, and the registry (./registry.ts) binds both for every
 * carrier alike: a port (`CarrierPort`) whose core operations are always
 * there and whose capabilities are there as its profile declares them, so a
 * service can tell what a carrier does without loading its connector
 * (`carrier.closeOut?.close(…)`). A new capability is one entry here, typed;
 * a carrier that has it declares it in its profile and implements it in its
 * folder, and nothing else changes.
 *
 * What the operations take and give (quotes, shipments, tracking, the
 * account and options of a call, the carrier's errors) is the domain's:
 * shared/domain/carrier.ts.
 */
import type { CarrierKind } from '../domain/entities';
import type {
  AddressValidation,
  AddressValidationInput,
  CarrierCallOptions,
  CarrierCloseOut,
  CarrierPickup,
  CarrierQuote,
  CarrierShipment,
  CarrierTracking,
  CloseOutInput,
  FoundPackage,
  PickupAvailability,
  PickupAvailabilityInput,
  PickupInput,
  PickupLookup,
  PickupRef,
  PushAuthentication,
  PushedEvents,
  PushHeaders,
  PushSubscription,
  PushSubscriptionInput,
  RateInput,
  ShipInput,
  ShipmentRef,
} from '../domain/carrier';

/**
 * An operation that calls the carrier: `(input, options)` on the port; a
 * connector runs it over a client made for the call (a live carrier's HTTP
 * client inside one LiveCall, ./live-call.ts; a sandbox carrier's transport).
 * The types ride along for the mapped types below; the value is its kind.
 */
export type Call<Input, Output> = { readonly kind: 'call'; readonly types?: (input: Input) => Output };
/** An operation the connector answers by itself, calling nothing (building a request, reading what a carrier pushed us). */
export type Local<Operation extends (...args: never[]) => unknown> = { readonly kind: 'local'; readonly types?: Operation };
type Operations = { readonly [name: string]: Call<never, unknown> | Local<(...args: never[]) => unknown> };
/** The settings a profile declares with a capability, instead of `true` (a type; the value only marks it). */
type Declares<S extends object> = { readonly declares: 'settings'; readonly types?: S };

const call = <Input, Output>(): Call<Input, Output> => ({ kind: 'call' });
const local = <Operation extends (...args: never[]) => unknown>(): Local<Operation> => ({ kind: 'local' });
const declares = <S extends object>(): Declares<S> => ({ declares: 'settings' });

/** What every carrier does. */
export const CORE = {
  /** The request the carrier would receive, pure once the connector is loaded; CarrierRefusal when it cannot quote it. */
  buildRateRequest: local<(input: RateInput) => unknown>(),
  /** Sends it; one quote per service. */
  rate: call<unknown, CarrierQuote[]>(),
  /**
   * Buys the shipment, or answers the one this carrier already made under
   * `input.reference`: idempotent by reference, so a retry after a crash is
   * the way to find a shipment. CarrierRefusal when the carrier cannot ship
   * the request as it stands, CarrierError or the signal's reason otherwise.
   */
  ship: call<ShipInput, CarrierShipment>(),
  /** The shipment's tracking as the carrier has it now. CarrierError or the signal's reason when it cannot say. */
  track: call<ShipmentRef, CarrierTracking>(),
  /**
   * Voids the shipment. Idempotent: voiding a voided shipment succeeds.
   * CarrierRefusal (with the carrier's reason) when the carrier will not void
   * it, for example once it is picked up; CarrierError or the signal's reason otherwise.
   */
  cancel: call<ShipmentRef, void>(),
} as const satisfies Operations;

/** What some carriers do, by capability. */
export const CAPABILITIES = {
  /**
   * A carrier without an idempotency key (UPS, Canada Post): `byReference`
   * gives the packages it holds under our reference, in the order it made
   * them, so a ship of unknown outcome is looked up and the reconciler voids
   * what no order adopted (docs/reliability.md); its presence is what makes
   * a ship leave a reconciliation record. `voidWindowDays`: how many days
   * after a ship the carrier still voids it, so how long late duplicates
   * are looked for.
   */
  findShipments: {
    settings: declares<{ readonly voidWindowDays: number }>(),
    operations: { byReference: call<string, FoundPackage[]>() },
  },
  /**
   * A carrier that pushes tracking events (UPS Track Alert): `subscribe`
   * asks it to push the packages' events to us (renewable: subscribing again
   * extends it; CarrierRefusal when it refuses the request as sent);
   * `authenticate` and `parseEvents` read what it pushes to the generic
   * routes (`/v1/carriers/{carrier}/push/…`, shared/services/carrier-push.ts),
   * calling nothing: `authenticate` checks what the carrier's protocol sends
   * beside our bearer token (which the route has already checked),
   * `parseEvents` reads the body (bounds first).
   */
  push: {
    operations: {
      subscribe: call<PushSubscriptionInput, PushSubscription>(),
      authenticate: local<(headers: PushHeaders, clientId: string) => Promise<PushAuthentication>>(),
      parseEvents: local<(body: Uint8Array, headers: PushHeaders) => Promise<PushedEvents>>(),
    },
  },
  /**
   * A carrier whose day ends with a call (Canada Post's transmit of contract
   * shipments): `close` hands it the shipments of one of our manifests
   * (docs/manifests.md; `input.reference` is our manifest id), `find` what it
   * holds under that reference, asked before closing again after a close
   * ended without a clear answer (undefined when it holds nothing).
   * CarrierRefusal when it refuses them as sent. A carrier without it needs
   * no call: the close is ours alone.
   */
  closeOut: {
    operations: {
      close: call<CloseOutInput, CarrierCloseOut>(),
      find: call<string, CarrierCloseOut | undefined>(),
    },
  },
  /**
   * A carrier that refunds instead of voiding once a shipment is on a closed
   * manifest (Canada Post): `request` asks for the refund. An accepted request
   * cancels the order (docs/manifests.md); CarrierRefusal otherwise.
   */
  refund: {
    operations: { request: call<ShipmentRef, void>() },
  },
  /**
   * A carrier that picks parcels up on request: its windows for a place and
   * day, a booking under our reference (exactly once: `find` looks the
   * reference up after an unknown outcome, within the day and place the
   * booking was for), and its cancel.
   */
  pickups: {
    operations: {
      availability: call<PickupAvailabilityInput, PickupAvailability>(),
      create: call<PickupInput, CarrierPickup>(),
      cancel: call<PickupRef, void>(),
      find: call<PickupLookup, CarrierPickup | undefined>(),
    },
  },
  /**
   * A carrier that validates addresses: each address of the input, in
   * order, as the carrier reads it (at most `maxPerCall` a call). It is asked
   * only for addresses of its `countries` (ISO codes; `'*'` for every
   * country).
   */
  validateAddresses: {
    settings: declares<{ readonly countries: readonly string[] | '*'; readonly maxPerCall: number }>(),
    operations: { validate: call<AddressValidationInput, AddressValidation[]>() },
  },
} as const satisfies { readonly [capability: string]: { readonly settings?: Declares<object>; readonly operations: Operations } };

export type CapabilityName = keyof typeof CAPABILITIES;
export type OperationsOf<K extends CapabilityName> = (typeof CAPABILITIES)[K]['operations'];
type SettingsOf<K extends CapabilityName> = (typeof CAPABILITIES)[K] extends { readonly settings: Declares<infer S> } ? S : never;

/** What a profile declares of a capability: `true`, or its settings. */
type Declaration<K extends CapabilityName> = [SettingsOf<K>] extends [never] ? true : SettingsOf<K>;
/** A profile's capabilities: the ones it declares, each with its declaration. */
export type CapabilityDeclarations = { readonly [K in CapabilityName]?: Declaration<K> };

/** An operation as the port gives it: a call takes the call's options; a local one answers a promise. */
type PortOperation<Op> =
  Op extends Call<infer Input, infer Output>
    ? (input: Input, options: CarrierCallOptions) => Promise<Output>
    : Op extends Local<infer F>
      ? (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>>>
      : never;
type PortOperations<Ops> = { readonly [Name in keyof Ops]: PortOperation<Ops[Name]> };
/** A capability as the port gives it: its operations, beside the settings its profile declares. */
export type PortCapability<K extends CapabilityName> = PortOperations<OperationsOf<K>> & ([SettingsOf<K>] extends [never] ? unknown : SettingsOf<K>);

/** The capabilities `D` surely declares. */
type Declared<D> = { [K in keyof D]-?: undefined extends D[K] ? never : K }[keyof D] & CapabilityName;

/**
 * A carrier as the services call it: its code and kind, the core operations,
 * and each capability its profile declares. Of a carrier found by code, a
 * capability is there or not (`carrier.push?.subscribe`); of a profile
 * whose declarations are known, the declared ones are typed present.
 */
export type CarrierPort<D extends CapabilityDeclarations = CapabilityDeclarations> = {
  readonly code: string;
  readonly kind: CarrierKind;
} & PortOperations<typeof CORE> & { readonly [K in CapabilityName]?: PortCapability<K> } & { readonly [K in Declared<D>]: PortCapability<K> };

/** Where an operation is: `capability` undefined for a core one. */
export type OperationSite = { capability?: CapabilityName; name: string; kind: 'call' | 'local' };

/**
 * A port over what a profile says (its code, kind and declared
 * capabilities): each operation of the core and of every declared
 * capability made by `operation`, each capability beside its settings. The
 * one loop that binds the vocabulary above, for every carrier.
 */
export function buildPort<D extends CapabilityDeclarations>(
  profile: { readonly code: string; readonly kind: CarrierKind; readonly capabilities: D },
  operation: (site: OperationSite) => (...args: never[]) => Promise<unknown>,
): CarrierPort<D> {
  const bind = (operations: Operations, capability?: CapabilityName) =>
    Object.fromEntries(Object.entries(operations).map(([name, { kind }]) => [name, operation({ ...(capability ? { capability } : {}), name, kind })]));
  const port: Record<string, unknown> = { code: profile.code, kind: profile.kind, ...bind(CORE) };
  for (const [capability, declaration] of Object.entries(profile.capabilities) as Array<[CapabilityName, true | object | undefined]>) {
    if (declaration === undefined) continue;
    port[capability] = { ...(declaration === true ? {} : declaration), ...bind(CAPABILITIES[capability].operations, capability) };
  }
  return port as CarrierPort<D>;
}
