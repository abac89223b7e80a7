/**
 * The carriers of an order's operations (ship, track, cancel, push
 * subscriptions): what the ship, track and cancel functions and the tracking
 * workers use. One order has one carrier, so each connector is loaded on the
 * first call to its carrier, and a function never builds at its cold start
 * the request builders and answer schemas of carriers it is not asked to
 * call (docs/performance.md, "Bundles and cold import"). Rating quotes every
 * carrier of a plan at once and uses the full registry (./registry.ts), which
 * loads them all.
 *
 * CARRIER_PROFILES says what is known of a carrier without its connector:
 * code, kind, network, whether it pushes tracking events, reconciles its
 * ships and transmits its close. A unit test
 * holds them to the connectors (test/unit/carriers/shipment-carriers.test.ts).
 */
import type { CarrierKind } from '../domain/entities';
import { bindConnector, type CarrierConnector, type CarrierNetwork, type ClientFor, type TransportFor } from './connector';
import type { CarrierAdapter, CarrierTransport } from './port';

export type CarrierProfile = {
  readonly code: string;
  readonly kind: CarrierKind;
  readonly network: CarrierNetwork;
  /** The connector has `subscribePush` and `push` (UPS Track Alert): its pushes are served by the generic inbound routes. */
  readonly pushes: boolean;
  /** The connector has `findShipments` (no idempotency key: its ships are reconciled), and this void window. */
  readonly voidWindowDays?: number;
  /** The connector has `closeOut`, `findCloseOuts` and `requestRefund` (Canada Post: the day's close is a transmit, a manifested shipment is refunded). */
  readonly transmits?: boolean;
  /** The connector, from a chunk of its own in a function bundle. */
  load(): Promise<CarrierConnector>;
};

/** Every carrier, in the order of ./registry.ts's CONNECTORS. */
export const CARRIER_PROFILES: readonly CarrierProfile[] = [
  { code: 'CARRIERX', kind: 'parcel', network: 'sandbox', pushes: false, load: async () => (await import('./carrier-x')).carrierX },
  { code: 'CARRIERY', kind: 'parcel', network: 'sandbox', pushes: false, load: async () => (await import('./carrier-y')).carrierY },
  { code: 'CARRIERZ', kind: 'parcel', network: 'sandbox', pushes: false, load: async () => (await import('./carrier-z')).carrierZ },
  { code: 'CARRIERF', kind: 'freight', network: 'sandbox', pushes: false, load: async () => (await import('./carrier-f')).carrierF },
  { code: 'UPS', kind: 'parcel', network: 'live', pushes: true, voidWindowDays: 28, load: async () => (await import('./ups')).ups },
  { code: 'CANADAPOST', kind: 'parcel', network: 'live', pushes: false, voidWindowDays: 30, transmits: true, load: async () => (await import('./canada-post')).canadaPost },
];

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

/** The carrier port of one order's operations, and of a close (`closeOut`, `findCloseOuts`; shared/services/manifests.ts). */
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
 * Order carriers over `sandbox` (as createCarrierRegistry) whose connectors
 * load on their first call. A load that fails is tried again on the next call.
 */
export function createShipmentCarriers(
  sandbox: TransportSet | (() => Promise<TransportSet>) = loadSandboxNetwork,
  live: { clientFor?: ClientFor } = {},
  profiles: readonly CarrierProfile[] = CARRIER_PROFILES,
): ShipmentCarriers {
  const transportFor = sandboxTransportFor(sandbox);
  const carriers = profiles.map((profile): ShipmentCarrier => {
    let bound: Promise<CarrierAdapter> | undefined;
    const adapter = () =>
      (bound ??= profile.load().then(
        (connector) => bindConnector(connector, transportFor, live.clientFor),
        (error: unknown) => {
          bound = undefined;
          throw error;
        },
      ));
    const pushOf = async () => {
      const loaded = await adapter();
      if (!loaded.push) throw new Error(`${profile.code} does not push tracking events`);
      return loaded.push;
    };
    return {
      code: profile.code,
      kind: profile.kind,
      ship: async (input, options) => (await adapter()).ship(input, options),
      track: async (shipment, options) => (await adapter()).track(shipment, options),
      cancel: async (shipment, options) => (await adapter()).cancel(shipment, options),
      ...(profile.pushes
        ? {
            subscribePush: async (input, options) => {
              const loaded = await adapter();
              if (!loaded.subscribePush) throw new Error(`${profile.code} does not push tracking events`);
              return loaded.subscribePush(input, options);
            },
            // What the carrier pushes is read by its connector, loaded on the first push.
            push: {
              authenticate: async (headers, clientId) => {
                const push = await pushOf();
                return push.authenticate ? push.authenticate(headers, clientId) : { ok: true };
              },
              parseEvents: async (body, headers) => (await pushOf()).parseEvents(body, headers),
            },
          }
        : {}),
      ...(profile.voidWindowDays !== undefined
        ? {
            voidWindowDays: profile.voidWindowDays,
            findShipments: async (reference, options) => {
              const loaded = await adapter();
              if (!loaded.findShipments) throw new Error(`${profile.code} cannot search shipments by reference`);
              return loaded.findShipments(reference, options);
            },
          }
        : {}),
      ...(profile.transmits
        ? {
            closeOut: async (input, options) => {
              const loaded = await adapter();
              if (!loaded.closeOut) throw new Error(`${profile.code} does not transmit its close`);
              return loaded.closeOut(input, options);
            },
            findCloseOuts: async (reference, options) => {
              const loaded = await adapter();
              if (!loaded.findCloseOuts) throw new Error(`${profile.code} cannot search its close-outs`);
              return loaded.findCloseOuts(reference, options);
            },
            requestRefund: async (shipment, options) => {
              const loaded = await adapter();
              if (!loaded.requestRefund) throw new Error(`${profile.code} does not refund shipments`);
              return loaded.requestRefund(shipment, options);
            },
          }
        : {}),
    };
  });
  const byCode = new Map(carriers.map((c) => [c.code, c]));
  return { getAdapter: (code) => byCode.get(code.toUpperCase()) };
}

/** The order carriers of this process. */
export const defaultShipmentCarriers: ShipmentCarriers = createShipmentCarriers();
