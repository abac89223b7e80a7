/**
 * How the FedEx connector's operations reach FedEx: one request at a time,
 * through a client bound to one carrier account and one mode (./config.ts).
 * The operations are written against this interface and tested against
 * FedEx's documents; ./http.ts is the client over HTTP.
 */
import type { CarrierMode } from '../../domain/carrier';

export type FedexRequest = {
  method: 'POST' | 'PUT';
  /** The path under the base: `/ship/v1/shipments`. */
  path: string;
  /** The JSON body. */
  body: unknown;
  /**
   * Safe to send again after a 5xx or a lost connection: a rate, a track, a
   * cancel. A ship is not (FedEx has no idempotency key): it is sent again
   * only after a 429, which FedEx answers before doing anything.
   */
  retryable: boolean;
  /** A read (a rate, a track, a reference search, a reprint): FedEx takes them as POSTs, but they change nothing there. */
  readOnly?: true;
};

/**
 * FedEx's answer: any 2xx, and the 4xx the operation must read (FedEx's
 * error document says why). Never a 401 (the client renews the token once,
 * then fails) and never a 5xx (retried while allowed, then the client fails).
 */
export type FedexAnswer = { status: number; body: unknown };

export interface FedexApi {
  readonly mode: CarrierMode;
  /**
   * Sends one request. Rejects with CarrierError (FedEx's words, scrubbed of
   * every credential and token by the call) when FedEx cannot be reached or
   * keeps failing, CarrierAccountUnusable when the account's credentials are
   * incomplete or refused before anything was done, and with the signal's
   * reason when it aborts.
   */
  send(request: FedexRequest, signal: AbortSignal): Promise<FedexAnswer>;
  /** `text` without any credential or token the call sent (../live-call.ts): for FedEx's text that leaves as bytes (a report). */
  scrub: (text: string) => string;
}
