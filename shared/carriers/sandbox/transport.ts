/**
 * The sandbox transport: a carrier of the sandbox network behind the same
 * interface a real carrier API would have. It reads the carrier's request,
 * prices it and answers in the rate wire format, after the faults configured
 * for that carrier (latency, errors, no answer at all).
 */
import type { CarrierService } from '../../domain/types';
import { services as referenceServices } from '../../reference/carriers';
import { CarrierError, type CarrierTransport } from '../types';
import type { RateWire } from '../wire';
import { callFails, type SandboxFault } from './faults';
import { priceShipment } from './pricing';
import type { SandboxShipment } from './shipment';
import { TARIFFS } from './tariffs';

export type SandboxTransportOptions = {
  fault?: SandboxFault;
  /** Drawn for a fail rate strictly between 0 and 1; Math.random by default. */
  random?: () => number;
  /** The services the sandbox carriers offer; the reference services by default. */
  services?: CarrierService[];
};

const abortReason = (signal: AbortSignal) => signal.reason ?? new Error('aborted');

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A carrier that never answers: settles only when the caller gives up. */
const noAnswer = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
  });

export function createSandboxTransport<CarrierRequest>(
  carrierCode: string,
  read: (request: CarrierRequest) => SandboxShipment,
  options: SandboxTransportOptions = {},
): CarrierTransport<CarrierRequest> {
  const tariff = TARIFFS[carrierCode];
  if (!tariff) throw new Error(`The sandbox network has no tariff for ${carrierCode}`);
  const { fault, random = Math.random, services = referenceServices } = options;

  return {
    async rate(request, { signal }): Promise<unknown> {
      if (signal.aborted) throw abortReason(signal);
      if (fault?.latencyMs) await sleep(fault.latencyMs, signal);
      if (callFails(fault, random)) {
        switch (fault?.error ?? 'http500') {
          case 'timeout':
            return noAnswer(signal);
          case 'malformed':
            return { status: 'OK', quotes: '<html><body>502 Bad Gateway</body></html>' };
          case 'http500':
            throw new CarrierError(carrierCode, `${carrierCode} answered HTTP 500 Internal Server Error`);
        }
      }
      const answer: RateWire = { quotes: priceShipment(read(request), tariff, services) };
      return answer;
    },
  };
}
