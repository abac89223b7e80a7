/**
 * The sandbox network: one transport per sandbox carrier, each reading its
 * carrier's requests (./carriers.ts). Loaded by the registry only when a
 * sandbox carrier is called (never a static import of a function), and by
 * tests that give it a clock, a pace or faults.
 */
import type { CarrierService } from '../../domain/types';
import { parseSandboxFaults, type SandboxFaults } from './faults';
import { readCarrierFShipRequest, readCarrierXShipRequest, readCarrierYShipRequest, readCarrierZShipRequest } from './ship';
import { readCarrierFRequest, readCarrierXRequest, readCarrierYRequest, readCarrierZRequest } from './shipment';
import {
  readCarrierFTrackRequest,
  readCarrierFVoidRequest,
  readCarrierXTrackRequest,
  readCarrierXVoidRequest,
  readCarrierYTrackRequest,
  readCarrierYVoidRequest,
  readCarrierZTrackRequest,
  readCarrierZVoidRequest,
} from './track';
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

/* eslint-disable @typescript-eslint/no-explicit-any -- each reader takes its own carrier's request; the transport is typed per call site */
export function createSandboxTransports(options: SandboxNetworkOptions = {}): SandboxTransports {
  const { faults = {}, ...rest } = options;
  const forCarrier = (code: SandboxCarrier) => ({ ...rest, fault: faults[code] });
  const transport = (code: SandboxCarrier, read: Parameters<typeof createSandboxTransport<any, any, any, any>>[1]) =>
    createSandboxTransport<unknown, unknown, unknown, unknown>(code, read, forCarrier(code));
  return {
    CARRIERX: transport('CARRIERX', { rate: readCarrierXRequest, ship: readCarrierXShipRequest, track: readCarrierXTrackRequest, cancel: readCarrierXVoidRequest }),
    CARRIERY: transport('CARRIERY', { rate: readCarrierYRequest, ship: readCarrierYShipRequest, track: readCarrierYTrackRequest, cancel: readCarrierYVoidRequest }),
    CARRIERZ: transport('CARRIERZ', { rate: readCarrierZRequest, ship: readCarrierZShipRequest, track: readCarrierZTrackRequest, cancel: readCarrierZVoidRequest }),
    CARRIERF: transport('CARRIERF', { rate: readCarrierFRequest, ship: readCarrierFShipRequest, track: readCarrierFTrackRequest, cancel: readCarrierFVoidRequest }),
  };
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The network of this process: the faults of SANDBOX_FAULTS. */
export const defaultSandboxNetwork = (): SandboxTransports => createSandboxTransports({ faults: parseSandboxFaults(config.sandboxFaults) });
