/**
 * How the Canada Post connector's operations reach Canada Post: one request
 * at a time, through a client bound to one carrier account and one mode (a
 * test key's calls go to Canada Post's development environment, a live key's
 * to production; ./config.ts). The operations (./operations.ts, ./rate.ts)
 * are written against this interface and tested over a fake of it; ./http.ts
 * is the client over HTTP (Basic authentication, bounded retries).
 */
import type { CarrierAccount, CarrierMode } from '../../domain/carrier';
import type { LiveCall } from '../live-call';

/** Where a request goes: a path under the base that the documentation spells, or a link Canada Post returned. */
export type CanadaPostTarget =
  /** A documented endpoint under the base (`/rs/ship/price`); path parameters already encoded. */
  | { path: string; query?: Readonly<Record<string, string>> }
  /** A link of an earlier answer (`rel` self, details, label, refund, …), followed as given. */
  | { link: string };

export type CanadaPostRequest = {
  method: 'GET' | 'POST' | 'DELETE';
  target: CanadaPostTarget;
  /** Canada Post's versioned media type (`application/vnd.cpc.shipment-v8+xml`), or a label's (`application/pdf`). */
  accept: string;
  /** An XML body (POST), with its media type. */
  body?: { contentType: string; xml: string };
  /**
   * Safe to send again after a 5xx, a 429 or a lost connection: a GET, a
   * void (a shipment voided twice is not found the second time). A create or
   * a refund request is not: Canada Post has no idempotency key.
   */
  retryable: boolean;
};

/**
 * Canada Post's answer: any 2xx, and the 4xx answers the operation reads
 * (Canada Post's `messages` document says why). Never a 401 (the client
 * fails: the account's key is refused) and never a 5xx (retried while
 * allowed, then the client fails). The body as bytes: XML, PDF or ZPL.
 */
export type CanadaPostAnswer = { status: number; contentType: string; body: Buffer };

export interface CanadaPostApi {
  readonly mode: CarrierMode;
  /** The account's customer number (the mailed-by and mailed-on-behalf-of customer). */
  readonly customerNumber: string;
  /** The account's parcel services contract; absent for a non-contract (Solutions for Small Business or counter) account. */
  readonly contractId?: string;
  /** Where Canada Post answers a refund request: the account's `refundEmail`, when its credentials carry one. */
  refundEmail(): Promise<string | undefined>;
  /**
   * Sends one request. Rejects with CarrierError (Canada Post's message;
   * the layer scrubs every credential from it) when Canada Post cannot be
   * reached or keeps failing, CarrierAccountUnusable when the account's
   * credentials are incomplete or refused before anything was done, and
   * with the signal's reason when it aborts.
   */
  send(request: CanadaPostRequest, signal: AbortSignal): Promise<CanadaPostAnswer>;
}

/**
 * What a client is made for: one account (its credentials read on each
 * request) in one mode, within one call of the live-client layer (a call of
 * its own when none is given).
 */
export type CanadaPostApiTarget = { mode: CarrierMode; account: CarrierAccount; call?: LiveCall };
