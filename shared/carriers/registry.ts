/**
 * The carrier adapters of the service, one per carrier code. Today every
 * adapter talks to the sandbox network; a real carrier integration replaces
 * that carrier's transport here, not its adapter.
 */
import { config } from '../config';
import type { CarrierService } from '../domain/types';
import { carrierFAdapter, type CarrierFTransport } from './adapters/carrier-f';
import { carrierXAdapter, type CarrierXTransport } from './adapters/carrier-x';
import { carrierYAdapter, type CarrierYTransport } from './adapters/carrier-y';
import { carrierZAdapter, type CarrierZTransport } from './adapters/carrier-z';
import { parseSandboxFaults, type SandboxFaults } from './sandbox/faults';
import { readCarrierFShipRequest, readCarrierXShipRequest, readCarrierYShipRequest, readCarrierZShipRequest } from './sandbox/ship';
import { readCarrierFRequest, readCarrierXRequest, readCarrierYRequest, readCarrierZRequest } from './sandbox/shipment';
import {
  readCarrierFTrackRequest,
  readCarrierFVoidRequest,
  readCarrierXTrackRequest,
  readCarrierXVoidRequest,
  readCarrierYTrackRequest,
  readCarrierYVoidRequest,
  readCarrierZTrackRequest,
  readCarrierZVoidRequest,
} from './sandbox/track';
import { createSandboxTransport, type SandboxLedger } from './sandbox/transport';
import type { CarrierAdapter } from './types';

export type CarrierTransports = {
  CARRIERX: CarrierXTransport;
  CARRIERY: CarrierYTransport;
  CARRIERZ: CarrierZTransport;
  CARRIERF: CarrierFTransport;
};

/** The sandbox network: each transport also keeps a ledger of what it shipped (tests only read it). */
export type SandboxTransports = { [Code in keyof CarrierTransports]: CarrierTransports[Code] & { readonly ledger: SandboxLedger } };

export type SandboxNetworkOptions = {
  faults?: SandboxFaults;
  random?: () => number;
  services?: CarrierService[];
  /** The carriers' clock, which moves tracking forward; the system clock by default. */
  clock?: () => Date;
  /** How much faster than real time shipments travel; SANDBOX_TRACKING_PACE, read at each call, by default. */
  pace?: number;
};

export function createSandboxTransports(options: SandboxNetworkOptions = {}): SandboxTransports {
  const { faults = {}, ...rest } = options;
  const forCarrier = (code: keyof CarrierTransports) => ({ ...rest, fault: faults[code] });
  return {
    CARRIERX: createSandboxTransport(
      'CARRIERX',
      { rate: readCarrierXRequest, ship: readCarrierXShipRequest, track: readCarrierXTrackRequest, cancel: readCarrierXVoidRequest },
      forCarrier('CARRIERX'),
    ),
    CARRIERY: createSandboxTransport(
      'CARRIERY',
      { rate: readCarrierYRequest, ship: readCarrierYShipRequest, track: readCarrierYTrackRequest, cancel: readCarrierYVoidRequest },
      forCarrier('CARRIERY'),
    ),
    CARRIERZ: createSandboxTransport(
      'CARRIERZ',
      { rate: readCarrierZRequest, ship: readCarrierZShipRequest, track: readCarrierZTrackRequest, cancel: readCarrierZVoidRequest },
      forCarrier('CARRIERZ'),
    ),
    CARRIERF: createSandboxTransport(
      'CARRIERF',
      { rate: readCarrierFRequest, ship: readCarrierFShipRequest, track: readCarrierFTrackRequest, cancel: readCarrierFVoidRequest },
      forCarrier('CARRIERF'),
    ),
  };
}

export type CarrierRegistry = {
  adapters: readonly CarrierAdapter[];
  /** The adapter of a carrier code (case-insensitive); undefined for a code no adapter serves. */
  getAdapter(code: string): CarrierAdapter | undefined;
};

export function createCarrierRegistry(transports: CarrierTransports): CarrierRegistry {
  const adapters: readonly CarrierAdapter[] = [
    carrierXAdapter(transports.CARRIERX),
    carrierYAdapter(transports.CARRIERY),
    carrierZAdapter(transports.CARRIERZ),
    carrierFAdapter(transports.CARRIERF),
  ];
  const byCode = new Map(adapters.map((a) => [a.code, a]));
  return { adapters, getAdapter: (code) => byCode.get(code.toUpperCase()) };
}

/** The registry of this process: the sandbox network with the faults of SANDBOX_FAULTS. */
export const defaultRegistry: CarrierRegistry = createCarrierRegistry(
  createSandboxTransports({ faults: parseSandboxFaults(config.sandboxFaults) }),
);
export const { adapters, getAdapter } = defaultRegistry;
