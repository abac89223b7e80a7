/**
 * The registry: every carrier's port (./port.ts), each bound over its
 * profile (./profile.ts), the lines of ./carriers.ts in the order of the
 * carrier codes. A carrier's connector is loaded on its first call, so a
 * function never builds at its cold start the request builders and answer
 * schemas of carriers it is not asked to call (docs/performance.md, "Bundles
 * and cold import"): the functions of one order's operations (ship, track,
 * cancel, push, the tracking workers, a close) load the one connector of the
 * order; rating loads those of the carriers it quotes, all at once. The
 * sandbox network is loaded on the first call of a sandbox carrier (its code
 * is never among a function's static imports).
 */
import * as registered from './carriers';
import { bindConnector, type CarrierTransport, type ClientFor, type Connector, type TransportFor } from './connector';
import { buildPort, type CapabilityDeclarations, type CarrierPort } from './port';
import type { CarrierProfile } from './profile';

export type { CarrierProfile } from './profile';

/** Every carrier, by code. */
export const CARRIER_PROFILES: readonly CarrierProfile[] = Object.values(registered).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

/** The fields carriers add to an address, every profile's `addressFields` in the order of the codes (shared/contract/rate.ts). */
export const addressFieldsOf = (profiles: readonly CarrierProfile[]): readonly string[] => [...new Set(profiles.flatMap((p) => p.addressFields ?? []))];
export const ADDRESS_FIELDS = addressFieldsOf(CARRIER_PROFILES);

/** Every connector, loaded (the admin CLI's account checks, the tests that hold profiles to connectors). */
export const loadConnectors = (): Promise<Connector[]> => Promise.all(CARRIER_PROFILES.map((p) => p.load()));

/** Transports by carrier code: the sandbox network's, or a test's stand-in for one carrier. */
export type TransportSet = { readonly [code: string]: CarrierTransport<unknown> | undefined };

/** The sandbox network of this process, loaded on the first call of a sandbox carrier. */
export const loadSandboxNetwork = async (): Promise<TransportSet> => (await import('./sandbox/network')).defaultSandboxNetwork();

/** A sandbox carrier's transport: from `sandbox` (a set, or a loader of one called once). */
export const sandboxTransportFor = (sandbox: TransportSet | (() => Promise<TransportSet>)): TransportFor => {
  let loaded: Promise<TransportSet> | undefined;
  const transports = () => (loaded ??= typeof sandbox === 'function' ? sandbox() : Promise.resolve(sandbox));
  return async (carrierCode) => {
    const transport = (await transports())[carrierCode];
    if (!transport) throw new Error(`No transport for ${carrierCode}`);
    return transport;
  };
};

/**
 * The port of a carrier whose connector loads on its first call, once; a
 * load that fails is tried again on the next call. Its capabilities are
 * there as its profile declares them, so a service can tell what the
 * carrier does without loading it.
 */
export function bindProfile<D extends CapabilityDeclarations>(profile: CarrierProfile<D>, transportFor: TransportFor, clientFor?: ClientFor): CarrierPort<D> {
  let bound: Promise<CarrierPort<D>> | undefined;
  const loaded = () =>
    (bound ??= profile.load().then(
      (connector) => bindConnector(profile, connector, transportFor, clientFor),
      (error: unknown) => {
        bound = undefined;
        throw error;
      },
    ));
  return buildPort(profile, ({ capability, name }) => async (...args: unknown[]) => {
    const port = await loaded();
    const operations = (capability ? port[capability] : port) as Readonly<Record<string, (...args: unknown[]) => Promise<unknown>>>;
    return operations[name]!(...args);
  });
}

export type CarrierRegistry = {
  /** Every carrier's port, in the order of the codes. */
  ports: readonly CarrierPort[];
  /** The ports of the sandbox network's carriers (no account needed). */
  sandboxPorts: readonly CarrierPort[];
  /** The port of a carrier code (case-insensitive); undefined for a code no connector serves. */
  port(code: string): CarrierPort | undefined;
  /** Carriers that need packagingType on every piece when quoted. */
  packagingRequiredBy: readonly string[];
};

/**
 * A registry over `sandbox`, the sandbox network's transports (or a loader
 * of them); by default the network of this process, loaded on first use.
 * Live connectors make their own clients, unless `live.clientFor` stands in
 * for them (a test's carrier simulator).
 */
export function createCarrierRegistry(
  sandbox: TransportSet | (() => Promise<TransportSet>) = loadSandboxNetwork,
  live: { clientFor?: ClientFor } = {},
  profiles: readonly CarrierProfile[] = CARRIER_PROFILES,
): CarrierRegistry {
  const transportFor = sandboxTransportFor(sandbox);
  const ports = profiles.map((profile) => bindProfile(profile, transportFor, live.clientFor));
  const byCode = new Map(ports.map((port) => [port.code, port]));
  return {
    ports,
    sandboxPorts: ports.filter((_, i) => profiles[i]!.network === 'sandbox'),
    port: (code) => byCode.get(code.toUpperCase()),
    packagingRequiredBy: profiles.filter((p) => p.requiresPackagingType).map((p) => p.code),
  };
}

/** The registry of this process. */
export const defaultRegistry: CarrierRegistry = createCarrierRegistry();
