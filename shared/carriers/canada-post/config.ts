/**
 * Where Canada Post's web services are, by the mode of the call: a test key
 * reaches Canada Post's development environment, a live key production.
 * Read from the environment on every call (like ../ups/config.ts), so a test
 * or the local runtime pointing at a simulator can set it late.
 *
 * `CANADAPOST_API_BASE_URL_TEST` / `CANADAPOST_API_BASE_URL_LIVE` override the
 * base of one mode (the `/rs` and `/vis` paths are below it). A test call
 * never reaches Canada Post production: an override of the test base that
 * names it is refused, in any spelling of its host.
 */
import type { CarrierMode } from '../../domain/carrier';
import { liveBaseUrl } from '../live-http';

export const CANADA_POST_BASE_URLS: Readonly<Record<CarrierMode, string>> = {
  test: 'https://ct.soa-gw.canadapost.ca',
  live: 'https://soa-gw.canadapost.ca',
};

const ENV: Readonly<Record<CarrierMode, string>> = { test: 'CANADAPOST_API_BASE_URL_TEST', live: 'CANADAPOST_API_BASE_URL_LIVE' };

/** The base of `mode`, without a trailing slash (../live-http.ts: the production guard). */
export const canadaPostBaseUrl = (mode: CarrierMode): string => liveBaseUrl({ name: 'Canada Post', defaults: CANADA_POST_BASE_URLS, env: ENV }, mode);

/** The URL of a path (`/rs/ship/price`) in `mode`. */
export const canadaPostUrl = (mode: CarrierMode, path: string): string => `${canadaPostBaseUrl(mode)}${path.startsWith('/') ? path : `/${path}`}`;
