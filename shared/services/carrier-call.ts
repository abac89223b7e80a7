/**
 * One call to a carrier under a timeout: the adapter gets an AbortSignal that
 * fires at the deadline, and the call settles at the deadline even when the
 * transport ignores the signal, with a CarrierTimeout.
 */
import { CarrierRefusal, CarrierTimeout } from '../domain/carrier';

export const callCarrier = async <T>(carrierCode: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new CarrierTimeout(carrierCode, `${carrierCode} did not answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    return await new Promise<T>((resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      call(controller.signal).then(resolve, reject);
    });
  } finally {
    clearTimeout(timer);
  }
};

/** A failure's kind, for logs and metrics. */
export const failureKind = (error: unknown): 'refused' | 'timeout' | 'error' =>
  error instanceof CarrierRefusal ? 'refused' : error instanceof CarrierTimeout ? 'timeout' : 'error';
