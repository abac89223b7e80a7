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

export const CANADA_POST_BASE_URLS: Readonly<Record<CarrierMode, string>> = {
  test: 'https://ct.soa-gw.canadapost.ca',
  live: 'https://soa-gw.canadapost.ca',
};

const ENV: Readonly<Record<CarrierMode, string>> = { test: 'CANADAPOST_API_BASE_URL_TEST', live: 'CANADAPOST_API_BASE_URL_LIVE' };

/**
 * A host as a resolver reads it: the URL parser has already lowered it,
 * decoded its percent-escapes and mapped full-width and IDN forms; the
 * trailing dots of a fully qualified name are dropped, and the port is not
 * part of it (docs/canada-post.md, "Settings").
 */
const normalisedHost = (url: URL): string => url.hostname.replace(/\.+$/, '');

const PRODUCTION_HOST = normalisedHost(new URL(CANADA_POST_BASE_URLS.live));

/** The base of `mode`, without a trailing slash. */
export function canadaPostBaseUrl(mode: CarrierMode): string {
  const name = ENV[mode];
  const raw = process.env[name]?.trim() || CANADA_POST_BASE_URLS[mode];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  if (mode === 'test' && normalisedHost(url) === PRODUCTION_HOST) {
    throw new Error(`${name} names Canada Post production (${PRODUCTION_HOST}): a test key never reaches it`);
  }
  return raw.replace(/\/+$/, '');
}

/** The URL of a path (`/rs/ship/price`) in `mode`. */
export const canadaPostUrl = (mode: CarrierMode, path: string): string => `${canadaPostBaseUrl(mode)}${path.startsWith('/') ? path : `/${path}`}`;
