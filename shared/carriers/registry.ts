/**
 * The carriers of the service, as rating sees them: every carrier's port,
 * each over its profile (./profile.ts), the lines of ./carriers.ts. A
 * carrier's connector is loaded on its first call (./shipment-carriers.ts):
 * a rate loads those of the carriers it quotes, all at once. The sandbox
 * network is loaded on the first call of a sandbox carrier (its code is never
 * among a function's static imports).
 */
import type { CarrierConnector, ClientFor } from './connector';
import { bindProfile, CARRIER_PROFILES, loadSandboxNetwork, sandboxTransportFor, type TransportSet } from './shipment-carriers';
import type { CarrierAdapter } from './port';

export type { TransportSet } from './shipment-carriers';
export { CARRIER_PROFILES } from './shipment-carriers';

/** Every connector, loaded (the admin CLI's account checks, the tests that hold profiles to connectors). */
export const loadConnectors = (): Promise<CarrierConnector[]> => Promise.all(CARRIER_PROFILES.map((p) => p.load()));

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
  const adapters = CARRIER_PROFILES.map((profile) => bindProfile(profile, transportFor, live.clientFor));
  const byCode = new Map(adapters.map((a) => [a.code, a]));
  return {
    adapters,
    sandboxAdapters: adapters.filter((_, i) => CARRIER_PROFILES[i]!.network === 'sandbox'),
    getAdapter: (code) => byCode.get(code.toUpperCase()),
    packagingRequiredBy: CARRIER_PROFILES.filter((p) => p.requiresPackagingType).map((p) => p.code),
  };
}

/** The registry of this process. */
export const defaultRegistry: CarrierRegistry = createCarrierRegistry();
export const { adapters, getAdapter } = defaultRegistry;
