/**
 * The sandbox network: one transport per sandbox carrier, each reading its
 * carrier's requests (./request-readers/). Loaded by the registry only when a
 * sandbox carrier is called (never a static import of a function), and by
 * tests that give it a clock, a pace or faults.
 */
import type { CarrierService } from '../../domain/entities';
import { parseSandboxFaults, type SandboxFaults } from './faults';
import { carrierFReaders } from './request-readers/carrier-f';
import { carrierXReaders } from './request-readers/carrier-x';
import { carrierYReaders } from './request-readers/carrier-y';
import { carrierZReaders } from './request-readers/carrier-z';
import { createSandboxTransport, type SandboxTransport } from './transport';
import { config } from '../../config';

export type SandboxNetworkOptions = {
  faults?: SandboxFaults;
  random?: () => number;
  services?: CarrierService[];
  /** The carriers' clock, which moves tracking forward; the system clock by default. */
  clock?: () => Date;
  /** How much faster than real time shipments travel; SANDBOX_TRACKING_PACE, read at each call, by default. */
  pace?: number;
};

export type SandboxCarrier = 'CARRIERX' | 'CARRIERY' | 'CARRIERZ' | 'CARRIERF';

/** The sandbox network: each transport also keeps a ledger of what it shipped (tests only read it). */
export type SandboxTransports = Record<SandboxCarrier, SandboxTransport<unknown, unknown, unknown, unknown>>;

export function createSandboxTransports(options: SandboxNetworkOptions = {}): SandboxTransports {
  const { faults = {}, ...rest } = options;
  const forCarrier = (code: SandboxCarrier) => ({ ...rest, fault: faults[code] });
  return {
    CARRIERX: createSandboxTransport('CARRIERX', carrierXReaders, forCarrier('CARRIERX')),
    CARRIERY: createSandboxTransport('CARRIERY', carrierYReaders, forCarrier('CARRIERY')),
    CARRIERZ: createSandboxTransport('CARRIERZ', carrierZReaders, forCarrier('CARRIERZ')),
    CARRIERF: createSandboxTransport('CARRIERF', carrierFReaders, forCarrier('CARRIERF')),
  };
}

/** The network of this process: the faults of SANDBOX_FAULTS. */
export const defaultSandboxNetwork = (): SandboxTransports => createSandboxTransports({ faults: parseSandboxFaults(config.sandboxFaults) });
