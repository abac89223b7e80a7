/**
 * One call to a carrier under a timeout: the operation gets an AbortSignal
 * that fires at the deadline, and the call settles at the deadline even when
 * the transport ignores the signal, with a CarrierTimeout. Each call is listed,
 * with its latency and outcome, in the invocation's trace line
 * (shared/observability/tracer.ts); the rating fan-out lists its own (shared/carriers/fanout.ts).
 */
import { CarrierRefusal, CarrierTimeout } from '../domain/carrier';
import { untilAborted } from '../carriers/signals';
import { recordCall } from '../observability';

/** `operation` names the call in the trace line (`ship`, `track`, …); `call` when the caller does not say. */
export const callCarrier = async <T>(carrierCode: string, timeoutMs: number, call: (signal: AbortSignal) => Promise<T>, operation = 'call'): Promise<T> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new CarrierTimeout(carrierCode, `${carrierCode} did not answer within ${timeoutMs} ms`)), timeoutMs);
  const started = performance.now();
  try {
    const answer = await untilAborted(call(controller.signal), controller.signal);
    recordCall(started, { service: 'carrier', operation, carrier: carrierCode, outcome: 'answered' });
    return answer;
  } catch (error) {
    const outcome = failureKind(error);
    recordCall(started, { service: 'carrier', operation, carrier: carrierCode, outcome, ...(outcome === 'refused' ? {} : { failed: true as const }) });
    throw error;
  } finally {
    clearTimeout(timer);
  }
};

/** A failure's kind, for logs and metrics. */
export const failureKind = (error: unknown): 'refused' | 'timeout' | 'error' =>
  error instanceof CarrierRefusal ? 'refused' : error instanceof CarrierTimeout ? 'timeout' : 'error';
