/**
 * The carrier adapters of the service, one per carrier code. Today every
 * adapter talks to the sandbox network; a real carrier integration replaces
 * that carrier's transport here, not its adapter.
 */
import { config } from '../config';
import type { CarrierService } from '../domain/types';
import { carrierFAdapter, type CarrierFRateRequest, type CarrierFShipRequest } from './adapters/carrier-f';
import { carrierXAdapter, type CarrierXRateRequest, type CarrierXShipRequest } from './adapters/carrier-x';
import { carrierYAdapter, type CarrierYRateRequest, type CarrierYShipRequest } from './adapters/carrier-y';
import { carrierZAdapter, type CarrierZRateRequest, type CarrierZShipRequest } from './adapters/carrier-z';
import { parseSandboxFaults, type SandboxFaults } from './sandbox/faults';
import { readCarrierFShipRequest, readCarrierXShipRequest, readCarrierYShipRequest, readCarrierZShipRequest } from './sandbox/ship';
import { readCarrierFRequest, readCarrierXRequest, readCarrierYRequest, readCarrierZRequest } from './sandbox/shipment';
import { createSandboxTransport, type SandboxTransport } from './sandbox/transport';
import type { CarrierAdapter, CarrierTransport } from './types';

export type CarrierTransports = {
  CARRIERX: CarrierTransport<CarrierXRateRequest, CarrierXShipRequest>;
  CARRIERY: CarrierTransport<CarrierYRateRequest, CarrierYShipRequest>;
  CARRIERZ: CarrierTransport<CarrierZRateRequest, CarrierZShipRequest>;
  CARRIERF: CarrierTransport<CarrierFRateRequest, CarrierFShipRequest>;
};

/** The sandbox network: each transport also keeps a ledger of what it shipped (tests only read it). */
export type SandboxTransports = {
  CARRIERX: SandboxTransport<CarrierXRateRequest, CarrierXShipRequest>;
  CARRIERY: SandboxTransport<CarrierYRateRequest, CarrierYShipRequest>;
  CARRIERZ: SandboxTransport<CarrierZRateRequest, CarrierZShipRequest>;
  CARRIERF: SandboxTransport<CarrierFRateRequest, CarrierFShipRequest>;
};

export type SandboxNetworkOptions = {
  faults?: SandboxFaults;
  random?: () => number;
  services?: CarrierService[];
};

export function createSandboxTransports(options: SandboxNetworkOptions = {}): SandboxTransports {
  const { faults = {}, ...rest } = options;
  const forCarrier = (code: keyof CarrierTransports) => ({ ...rest, fault: faults[code] });
  return {
    CARRIERX: createSandboxTransport('CARRIERX', { rate: readCarrierXRequest, ship: readCarrierXShipRequest }, forCarrier('CARRIERX')),
    CARRIERY: createSandboxTransport('CARRIERY', { rate: readCarrierYRequest, ship: readCarrierYShipRequest }, forCarrier('CARRIERY')),
    CARRIERZ: createSandboxTransport('CARRIERZ', { rate: readCarrierZRequest, ship: readCarrierZShipRequest }, forCarrier('CARRIERZ')),
    CARRIERF: createSandboxTransport('CARRIERF', { rate: readCarrierFRequest, ship: readCarrierFShipRequest }, forCarrier('CARRIERF')),
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
