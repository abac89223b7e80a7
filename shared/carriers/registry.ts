/**
 * The carrier adapters of the service, one per carrier code. Today every
 * adapter talks to the sandbox network; a real carrier integration replaces
 * that carrier's transport here, not its adapter.
 */
import { config } from '../config';
import type { CarrierService } from '../domain/types';
import { carrierFAdapter, type CarrierFRateRequest } from './adapters/carrier-f';
import { carrierXAdapter, type CarrierXRateRequest } from './adapters/carrier-x';
import { carrierYAdapter, type CarrierYRateRequest } from './adapters/carrier-y';
import { carrierZAdapter, type CarrierZRateRequest } from './adapters/carrier-z';
import { parseSandboxFaults, type SandboxFaults } from './sandbox/faults';
import { readCarrierFRequest, readCarrierXRequest, readCarrierYRequest, readCarrierZRequest } from './sandbox/shipment';
import { createSandboxTransport } from './sandbox/transport';
import type { CarrierAdapter, CarrierTransport } from './types';

export type CarrierTransports = {
  CARRIERX: CarrierTransport<CarrierXRateRequest>;
  CARRIERY: CarrierTransport<CarrierYRateRequest>;
  CARRIERZ: CarrierTransport<CarrierZRateRequest>;
  CARRIERF: CarrierTransport<CarrierFRateRequest>;
};

export type SandboxNetworkOptions = {
  faults?: SandboxFaults;
  random?: () => number;
  services?: CarrierService[];
};

export function createSandboxTransports(options: SandboxNetworkOptions = {}): CarrierTransports {
  const { faults = {}, ...rest } = options;
  const forCarrier = (code: keyof CarrierTransports) => ({ ...rest, fault: faults[code] });
  return {
    CARRIERX: createSandboxTransport('CARRIERX', readCarrierXRequest, forCarrier('CARRIERX')),
    CARRIERY: createSandboxTransport('CARRIERY', readCarrierYRequest, forCarrier('CARRIERY')),
    CARRIERZ: createSandboxTransport('CARRIERZ', readCarrierZRequest, forCarrier('CARRIERZ')),
    CARRIERF: createSandboxTransport('CARRIERF', readCarrierFRequest, forCarrier('CARRIERF')),
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
