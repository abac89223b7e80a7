/**
 * The carriers of the service: the list of connectors, each a folder
 * (`./<carrier>/`). Adding a carrier is a folder, a line here, its profile
 * in CARRIER_PROFILES (./shipment-carriers.ts, in the same order: a unit test
 * holds the two lists together) and its reference data. The registry binds each connector to its transport: the
 * sandbox network, loaded on the first call of a sandbox carrier (its code
 * is never among a function's static imports), or the carrier's own API.
 * It imports every connector: rating quotes them all. The functions of one
 * order's operations use ./shipment-carriers.ts, which loads one connector
 * when its carrier is first called.
 */
import { carrierF } from './carrier-f';
import { carrierX } from './carrier-x';
import { carrierY } from './carrier-y';
import { carrierZ } from './carrier-z';
import { ups } from './ups';
import { canadaPost } from './canada-post';
import { bindConnector, type CarrierConnector, type ClientFor } from './connector';
import { loadSandboxNetwork, sandboxTransportFor, type TransportSet } from './shipment-carriers';
import type { CarrierAdapter } from './port';

export type { TransportSet } from './shipment-carriers';

/** Every connector; CARRIER_PROFILES (./shipment-carriers.ts) is its twin, for the functions that load one. */
export const CONNECTORS: readonly CarrierConnector[] = [carrierX, carrierY, carrierZ, carrierF, ups, canadaPost];

export type CarrierRegistry = {
  adapters: readonly CarrierAdapter[];
  /** The adapters of the sandbox network's carriers (no account needed). */
  sandboxAdapters: readonly CarrierAdapter[];
  /** The adapter of a carrier code (case-insensitive); undefined for a code no connector serves. */
  getAdapter(code: string): CarrierAdapter | undefined;
  /** Carriers that need packagingType on every piece when quoted. */
  packagingRequiredBy: readonly string[];
};

/**
 * A registry over `sandbox`, the sandbox network's transports (or a loader of
 * them); by default the network of this process, loaded on first use. Live
 * connectors make their own clients, unless `live.clientFor` stands in for
 * them (a test's carrier simulator).
 */
export function createCarrierRegistry(
  sandbox: TransportSet | (() => Promise<TransportSet>) = loadSandboxNetwork,
  live: { clientFor?: ClientFor } = {},
): CarrierRegistry {
  const transportFor = sandboxTransportFor(sandbox);
  const adapters = CONNECTORS.map((connector) => bindConnector(connector, transportFor, live.clientFor));
  const byCode = new Map(adapters.map((a) => [a.code, a]));
  return {
    adapters,
    sandboxAdapters: adapters.filter((_, i) => CONNECTORS[i]!.network === 'sandbox'),
    getAdapter: (code) => byCode.get(code.toUpperCase()),
    packagingRequiredBy: CONNECTORS.filter((c) => c.requiresPackagingType).map((c) => c.code),
  };
}

/** The registry of this process. */
export const defaultRegistry: CarrierRegistry = createCarrierRegistry();
export const { adapters, getAdapter } = defaultRegistry;
