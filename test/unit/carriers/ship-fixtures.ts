/**
 * Ship inputs for the sandbox carriers: the fixtures' rate request shipped
 * under a reference (a rateResponseId) with the carrier's first enabled
 * service, and a fresh sandbox network per call, as a new container would
 * have.
 */
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports, type SandboxNetworkOptions } from '../../../shared/carriers/sandbox/network';
import type { CarrierShipment, ShipInput } from '../../../shared/domain/carrier';
import type { CarrierPort } from '../../../shared/carriers/port';
import type { RateRequest } from '../../../shared/domain/rate/schema';
import { enabledServices, rateInput, rateRequest } from './fixtures';

export const CARRIER_CODES = ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export const REFERENCE = '0b5e2f4c-3f1d-4c3e-9a57-6f1f2d1c9e01';
export const OTHER_REFERENCE = '7c9d3a10-8e2b-4f6a-b1c4-2d5e6f7a8b90';
/** When the shipments of these tests are tendered. */
export const SHIP_TIME = '2025-06-02T13:00:00.000Z';

export const firstService = (carrierCode: string): string => {
  const [service] = enabledServices(carrierCode);
  if (!service) throw new Error(`no enabled service for ${carrierCode}`);
  return service.code;
};

export function shipInput(carrierCode: string, request: RateRequest = rateRequest(), overrides: Partial<ShipInput> = {}): ShipInput {
  const { plan } = rateInput(carrierCode, request);
  return { reference: REFERENCE, request, plan, serviceCode: firstService(carrierCode), shipTime: SHIP_TIME, ...overrides };
}

/** A sandbox network of its own, with its transports (and their ledgers) at hand. */
export function sandboxNetwork(options: SandboxNetworkOptions = {}) {
  const transports = createSandboxTransports(options);
  const registry = createCarrierRegistry(transports);
  const carrier = (code: string): CarrierPort => {
    const found = registry.port(code);
    if (!found) throw new Error(`no carrier for ${code}`);
    return found;
  };
  return { transports, registry, carrier };
}

export const noSignal = () => ({ signal: new AbortController().signal });

/** Ships `input` through a fresh sandbox network, without a timeout. */
export const shipOnce = (input: ShipInput, options: SandboxNetworkOptions = {}): Promise<CarrierShipment> =>
  sandboxNetwork(options).carrier(input.plan.carrierCode).ship(input, noSignal());
