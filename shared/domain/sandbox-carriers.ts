/**
 * Which keys the sandbox carriers answer (SANDBOX_CARRIERS, docs/decisions.md,
 * "Sandbox carriers and live keys"): a sandbox carrier's label is no real
 * shipment, so on a production stage a live key must never quote or buy one.
 * A carrier the setting hides from a key is, for that key, a carrier outside
 * its pricing group: absent from the catalog, never quoted, its rates not
 * found. Pure: the setting is passed in.
 */
import type { Carrier, CarrierNetwork, KeyMode, PricingPlan } from './entities';

/** `all`: every key (dev, local); `test`: test keys only (prod); `off`: no key. */
export const SANDBOX_CARRIERS_SETTINGS = ['all', 'test', 'off'] as const;
export type SandboxCarriersSetting = (typeof SANDBOX_CARRIERS_SETTINGS)[number];

export const isSandboxCarriersSetting = (value: string): value is SandboxCarriersSetting => (SANDBOX_CARRIERS_SETTINGS as readonly string[]).includes(value);

/** The keys a setting lets the sandbox carriers answer, in words (the admin CLI and npm start say it). */
export const describeSandboxCarriers = (setting: SandboxCarriersSetting): string =>
  setting === 'all' ? 'every key' : setting === 'test' ? 'test keys only' : 'no key';

/**
 * Whether a carrier on `network` answers a key of `mode`. A carrier whose
 * network is not known (not in the catalog) counts as a sandbox one: hidden
 * rather than served by mistake.
 */
export const carrierServesKey = (network: CarrierNetwork | undefined, mode: KeyMode, setting: SandboxCarriersSetting): boolean =>
  network === 'live' || setting === 'all' || (setting === 'test' && mode === 'test');

/** The codes of the catalog's carriers that do not answer a key of `mode`. */
export const hiddenCarrierCodes = (catalog: readonly Pick<Carrier, 'code' | 'network'>[], mode: KeyMode, setting: SandboxCarriersSetting): Set<string> =>
  new Set(catalog.filter((c) => !carrierServesKey(c.network, mode, setting)).map((c) => c.code));

/** The plans whose carrier answers a key of `mode`; a plan of a carrier missing from the catalog is dropped unless every carrier answers. */
export const plansServingKey = <P extends Pick<PricingPlan, 'carrierCode'>>(
  plans: readonly P[],
  catalog: readonly Pick<Carrier, 'code' | 'network'>[],
  mode: KeyMode,
  setting: SandboxCarriersSetting,
): P[] => {
  const networks = new Map(catalog.map((c) => [c.code, c.network]));
  return plans.filter((p) => carrierServesKey(networks.get(p.carrierCode), mode, setting));
};
