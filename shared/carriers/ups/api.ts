/**
 * How the UPS connector's operations reach UPS: one request at a time,
 * through a client bound to one carrier account and one mode (a test key's
 * calls go to UPS's customer integration environment, a live key's to
 * production; shared/carriers/ups/config.ts). The operations (rate, ship,
 * void, track) are written against this interface and tested against UPS's
 * published documents; ./http.ts is the client over HTTP (OAuth bearer token,
 * UPS's transaction headers, bounded retries).
 */
import type { CarrierAccount, CarrierMode } from '../../domain/carrier';
import type { LiveCall } from '../live-call';

export type UpsRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path under the API base, with its version: `/shipments/v2409/ship`. Path parameters already encoded. */
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Headers an operation's document defines beside UPS's transaction headers (Pickup's `AccountNumber`, `Prn`). */
  headers?: Readonly<Record<string, string>>;
  /** A JSON body (POST). */
  body?: unknown;
  /**
   * Safe to send again after a 5xx, a 429 or a lost connection: a GET, a void.
   * A ship is not (UPS has no idempotency key): it is sent again only after a
   * 429, which UPS answers before doing anything.
   */
  retryable: boolean;
};

/**
 * UPS's answer: any 2xx, and the 4xx answers the operation must read (UPS's
 * error body says why: a void past its window, a validation error). Never a
 * 401 (the client refreshes the token once, then fails) and never a 5xx
 * (retried while allowed, then the client fails).
 */
export type UpsAnswer = { status: number; body: unknown };

export interface UpsApi {
  readonly mode: CarrierMode;
  /**
   * Sends one request. Rejects with CarrierError (UPS's message; the layer
   * scrubs every credential and token from it) when UPS cannot be reached or
   * keeps failing, CarrierAccountUnusable when the account's credentials are
   * incomplete or refused before anything was done, and with the signal's
   * reason when it aborts.
   */
  send(request: UpsRequest, signal: AbortSignal): Promise<UpsAnswer>;
}

/**
 * What a client is made for: one account (its credentials read on the first
 * request, and when a token is needed) in one mode, within one call of the
 * live-client layer (a call of its own when none is given).
 */
export type UpsApiTarget = { mode: CarrierMode; account: CarrierAccount; call?: LiveCall };
