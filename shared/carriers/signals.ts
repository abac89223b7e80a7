/**
 * Waiting under a carrier call's AbortSignal, settling with the signal's own
 * reason (our CarrierTimeout says which deadline passed): the rating fan-out
 * (./fanout.ts), the services' one-call timeout
 * (shared/services/carrier-call.ts), the UPS token cache (./ups/oauth.ts) and
 * the live carriers' HTTP clients (./live-http.ts).
 *
 * `sleepFor` is Node's own `timers/promises` wait, whose AbortError is
 * turned back into the signal's reason. `untilAborted` is hand-written, and
 * why it stays (docs/decisions.md, "Hand-written where a library could
 * serve"): Node races no promise against a signal (`AbortSignal.any` combines
 * signals, `events.once` waits for one but keeps its listener until the
 * signal fires), and p-timeout and friends start a timer of their own where
 * the caller already has a signal.
 */
import { setTimeout as wait } from 'node:timers/promises';

/** Why `signal` aborted: its reason when that is an Error (our CarrierTimeout, AbortSignal's own DOMException), else a plain one. */
export const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error('aborted'));

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (at once when it already has). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (at once when it already has). */
export const sleepFor = (ms: number, signal: AbortSignal): Promise<void> =>
  wait(ms, undefined, { signal }).catch((error: unknown) => {
    throw signal.aborted ? abortReason(signal) : error;
  });
