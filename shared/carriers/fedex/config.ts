/**
 * Where FedEx's APIs are, by the mode of the call: a test key reaches FedEx's
 * sandbox, a live key production (FedEx's documents list both servers).
 * `FEDEX_API_BASE_URL_TEST` / `FEDEX_API_BASE_URL_LIVE` override the base of
 * one mode, read on every call; a test base that names production is
 * refused, in any spelling of its host (../live-http.ts).
 */
import type { CarrierMode } from '../../domain/carrier';
import { liveBaseUrl } from '../live-http';

export const FEDEX_BASE_URLS: Readonly<Record<CarrierMode, string>> = {
  test: 'https://apis-sandbox.fedex.com',
  live: 'https://apis.fedex.com',
};

const ENV: Readonly<Record<CarrierMode, string>> = { test: 'FEDEX_API_BASE_URL_TEST', live: 'FEDEX_API_BASE_URL_LIVE' };

/** The API base of `mode`, without a trailing slash. */
export const fedexBaseUrl = (mode: CarrierMode): string => liveBaseUrl({ name: 'FedEx', defaults: FEDEX_BASE_URLS, env: ENV }, mode);

/** The URL of a path (`/rate/v1/rates/quotes`, `/oauth/token`) in `mode`: FedEx serves its token and its APIs at the host's root. */
export const fedexUrl = (mode: CarrierMode, path: string): string => `${fedexBaseUrl(mode)}${path.startsWith('/') ? path : `/${path}`}`;
