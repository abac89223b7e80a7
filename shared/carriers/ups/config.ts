/**
 * Where UPS's APIs are, by the mode of the call: a test key reaches UPS's
 * customer integration environment (CIE), a live key production. Read from
 * the environment on every call, like shared/config.ts, so a test (or the
 * local runtime pointing at a mock) can set it late.
 *
 * `UPS_API_BASE_URL_TEST` / `UPS_API_BASE_URL_LIVE` override the base of one
 * mode. A test call never goes to UPS production, whatever the environment
 * says: an override of the test base that names production is refused, in
 * any spelling of its host.
 */
import type { CarrierMode } from '../../domain/carrier';

export const UPS_BASE_URLS: Readonly<Record<CarrierMode, string>> = {
  test: 'https://wwwcie.ups.com/api',
  live: 'https://onlinetools.ups.com/api',
};

const ENV: Readonly<Record<CarrierMode, string>> = { test: 'UPS_API_BASE_URL_TEST', live: 'UPS_API_BASE_URL_LIVE' };

/**
 * A host as a resolver reads it: the URL parser has already lowered it,
 * decoded its percent-escapes and mapped full-width and IDN forms; the
 * trailing dots of a fully qualified name are dropped, and the port is not
 * part of it (docs/ups.md, "Settings").
 */
const normalisedHost = (url: URL): string => url.hostname.replace(/\.+$/, '');

const PRODUCTION_HOST = normalisedHost(new URL(UPS_BASE_URLS.live));

/** The API base of `mode`, without a trailing slash; the `/api` prefix is part of it. */
export function upsBaseUrl(mode: CarrierMode): string {
  const name = ENV[mode];
  const raw = process.env[name]?.trim() || UPS_BASE_URLS[mode];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  if (mode === 'test' && normalisedHost(url) === PRODUCTION_HOST) {
    throw new Error(`${name} names UPS production (${PRODUCTION_HOST}): a test key never reaches it`);
  }
  return raw.replace(/\/+$/, '');
}

/** The URL of an API path (`/rating/v2409/Shop`) in `mode`. */
export const upsApiUrl = (mode: CarrierMode, path: string): string => `${upsBaseUrl(mode)}${path.startsWith('/') ? path : `/${path}`}`;

/**
 * The OAuth token endpoint of `mode`. UPS serves it at the host's root, not
 * under `/api` (OAuthClientCredentials.yaml lists `https://wwwcie.ups.com/`
 * as its server), so it is resolved against the origin of the base.
 */
export const upsTokenUrl = (mode: CarrierMode): string => new URL('/security/v1/oauth/token', upsBaseUrl(mode)).toString();
