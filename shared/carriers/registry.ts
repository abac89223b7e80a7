/**
 * The carriers of the service: one list of connectors, each a folder
 * (`./<carrier>/`). Adding a carrier is a folder, a line here and its
 * reference data. The registry binds each connector to its transport: the
 * sandbox network, loaded on the first call of a sandbox carrier (its code
 * is never among a function's static imports), or the carrier's own API.
 */
import { carrierF } from './carrier-f';
import { carrierX } from './carrier-x';
import { carrierY } from './carrier-y';
import { carrierZ } from './carrier-z';
import { ups } from './ups';
import { bindConnector, type CarrierConnector, type ClientFor, type TransportFor } from './connector';
import type { CarrierAdapter, CarrierTransport } from './types';

/** The one list of carriers. */
export const CONNECTORS: readonly CarrierConnector[] = [carrierX, carrierY, carrierZ, carrierF, ups];

/** Transports by carrier code: the sandbox network's, or a test's stand-in for one carrier. */
export type TransportSet = { readonly [code: string]: CarrierTransport<unknown> | undefined };

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
  let loaded: Promise<TransportSet> | undefined;
  const sandboxTransports = () => (loaded ??= typeof sandbox === 'function' ? sandbox() : Promise.resolve(sandbox));
  const transportFor: TransportFor = async (connector) => {
    const transport = (await sandboxTransports())[connector.code];
    if (!transport) throw new Error(`No transport for ${connector.code}`);
    return transport;
  };
  const adapters = CONNECTORS.map((connector) => bindConnector(connector, transportFor, live.clientFor));
  const byCode = new Map(adapters.map((a) => [a.code, a]));
  return {
    adapters,
    sandboxAdapters: adapters.filter((_, i) => CONNECTORS[i]!.network === 'sandbox'),
    getAdapter: (code) => byCode.get(code.toUpperCase()),
    packagingRequiredBy: CONNECTORS.filter((c) => c.requiresPackagingType).map((c) => c.code),
  };
}

const loadSandboxNetwork = async (): Promise<TransportSet> => (await import('./sandbox/network')).defaultSandboxNetwork();

/** The registry of this process. */
export const defaultRegistry: CarrierRegistry = createCarrierRegistry();
export const { adapters, getAdapter } = defaultRegistry;
