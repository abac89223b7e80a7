/**
 * The carriers as the services call them: each carrier's port
 * (CarrierAdapter) over its profile (./profile.ts), whose connector is
 * loaded on the first call to the carrier. A function never builds at its
 * cold start the request builders and answer schemas of carriers it is not
 * asked to call (docs/performance.md, "Bundles and cold import"): the
 * functions of one order's operations (ship, track, cancel, push, the
 * tracking workers) load the one connector of the order; rating
 * (./registry.ts) quotes every carrier of a plan and loads theirs at its
 * first quote, all at once.
 *
 * The profiles are the lines of ./carriers.ts, ordered by carrier code.
 */
import * as registered from './carriers';
import { bindConnector, type BoundConnector, type ClientFor, type TransportFor } from './connector';
import type { CarrierProfile } from './profile';
import type { CarrierAdapter, CarrierTransport } from './port';

export type { CarrierProfile } from './profile';

/** Every carrier, by code. */
export const CARRIER_PROFILES: readonly CarrierProfile[] = Object.values(registered).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/** Transports by carrier code: the sandbox network's, or a test's stand-in for one carrier. */
export type TransportSet = { readonly [code: string]: CarrierTransport<unknown> | undefined };

/** The sandbox network of this process, loaded on the first call of a sandbox carrier. */
export const loadSandboxNetwork = async (): Promise<TransportSet> => (await import('./sandbox/network')).defaultSandboxNetwork();

/** A sandbox connector's transport: from `sandbox` (a set, or a loader of one called once). */
export const sandboxTransportFor = (sandbox: TransportSet | (() => Promise<TransportSet>)): TransportFor => {
  let loaded: Promise<TransportSet> | undefined;
  const transports = () => (loaded ??= typeof sandbox === 'function' ? sandbox() : Promise.resolve(sandbox));
  return async (connector) => {
    const transport = (await transports())[connector.code];
    if (!transport) throw new Error(`No transport for ${connector.code}`);
    return transport;
  };
};

/** The carrier port of one order's operations, and of a close (`closeOut`, `findCloseOuts`; shared/services/manifests/transmit.ts). */
export type ShipmentCarrier = Pick<
  CarrierAdapter,
  'code' | 'kind' | 'ship' | 'track' | 'cancel' | 'subscribePush' | 'push' | 'findShipments' | 'voidWindowDays' | 'closeOut' | 'findCloseOuts' | 'requestRefund'
>;
/** The carriers of order operations; the full registry (./registry.ts) is one too. */
export type ShipmentCarriers = {
  /** The carrier of a code (case-insensitive); undefined for a code no connector serves. */
  getAdapter(code: string): ShipmentCarrier | undefined;
};

/**
 * The port of a carrier whose connector loads on its first call, once; a
 * load that fails is tried again on the next call. Its optional operations
 * are there as its profile says, so a service can tell what the carrier does
 * without loading it.
 */
export function bindProfile(profile: CarrierProfile, transportFor: TransportFor, clientFor?: ClientFor): CarrierAdapter {
  let bound: Promise<BoundConnector> | undefined;
  const adapter = () =>
    (bound ??= profile.load().then(
      (connector) => bindConnector(connector, transportFor, clientFor),
      (error: unknown) => {
        bound = undefined;
        throw error;
      },
    ));
  /** An optional operation of the loaded connector; its profile said it has it, a unit test holds them together. */
  const operation = async <K extends 'subscribePush' | 'push' | 'findShipments' | 'closeOut' | 'findCloseOuts' | 'requestRefund'>(name: K) => {
    const loaded = (await adapter())[name];
    if (!loaded) throw new Error(`${profile.code} has no ${name}`);
    return loaded as NonNullable<CarrierAdapter[K]>;
  };
  return {
    code: profile.code,
    kind: profile.kind,
    buildRateRequest: async (input) => (await adapter()).buildRateRequest(input),
    rate: async (request, options) => (await adapter()).rate(request, options),
    ship: async (input, options) => (await adapter()).ship(input, options),
    track: async (shipment, options) => (await adapter()).track(shipment, options),
    cancel: async (shipment, options) => (await adapter()).cancel(shipment, options),
    ...(profile.pushes
      ? {
          subscribePush: async (input, options) => (await operation('subscribePush'))(input, options),
          // What the carrier pushes is read by its connector, loaded on the first push.
          push: {
            authenticate: async (headers, clientId) => {
              const push = await operation('push');
              return push.authenticate ? push.authenticate(headers, clientId) : { ok: true };
            },
            parseEvents: async (body, headers) => (await operation('push')).parseEvents(body, headers),
          },
        }
      : {}),
    ...(profile.voidWindowDays !== undefined
      ? {
          voidWindowDays: profile.voidWindowDays,
          findShipments: async (reference, options) => (await operation('findShipments'))(reference, options),
        }
      : {}),
    ...(profile.transmits
      ? {
          closeOut: async (input, options) => (await operation('closeOut'))(input, options),
          findCloseOuts: async (reference, options) => (await operation('findCloseOuts'))(reference, options),
          requestRefund: async (shipment, options) => (await operation('requestRefund'))(shipment, options),
        }
      : {}),
  };
}

/**
 * Order carriers over `sandbox`, the sandbox network's transports (or a
 * loader of them; by default the network of this process, loaded on first
 * use). Live connectors make their own clients, unless `live.clientFor`
 * stands in for them (a test's carrier simulator).
 */
export function createShipmentCarriers(
  sandbox: TransportSet | (() => Promise<TransportSet>) = loadSandboxNetwork,
  live: { clientFor?: ClientFor } = {},
  profiles: readonly CarrierProfile[] = CARRIER_PROFILES,
): ShipmentCarriers {
  const transportFor = sandboxTransportFor(sandbox);
  const byCode = new Map(profiles.map((profile) => [profile.code, bindProfile(profile, transportFor, live.clientFor)]));
  return { getAdapter: (code) => byCode.get(code.toUpperCase()) };
}

/** The order carriers of this process. */
export const defaultShipmentCarriers: ShipmentCarriers = createShipmentCarriers();
