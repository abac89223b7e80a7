/**
 * Waiting under a carrier call's AbortSignal, settling with the signal's own
 * reason (our CarrierTimeout says which deadline passed): the rating fan-out
 * (./fanout.ts), the UPS token cache (./ups/oauth.ts) and the live carriers'
 * HTTP clients (./live-http.ts).
 *
 * Hand-written, and why it stays: Node's `timers/promises` and
 * `events.once` take a signal but reject with their own AbortError, so the
 * caller would lose the reason; `AbortSignal.any` combines signals but does
 * not race a promise against one. Each is a dozen lines.
 */

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts (at once when it already has). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
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

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleepFor = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
