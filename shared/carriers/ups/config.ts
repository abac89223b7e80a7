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
import { liveBaseUrl } from '../live-http';

export const UPS_BASE_URLS: Readonly<Record<CarrierMode, string>> = {
  test: 'https://wwwcie.ups.com/api',
  live: 'https://onlinetools.ups.com/api',
};

const ENV: Readonly<Record<CarrierMode, string>> = { test: 'UPS_API_BASE_URL_TEST', live: 'UPS_API_BASE_URL_LIVE' };

/** The API base of `mode`, without a trailing slash; the `/api` prefix is part of it (../live-http.ts: the production guard). */
export const upsBaseUrl = (mode: CarrierMode): string => liveBaseUrl({ name: 'UPS', defaults: UPS_BASE_URLS, env: ENV }, mode);

/** The URL of an API path (`/rating/v2409/Shop`) in `mode`. */
export const upsApiUrl = (mode: CarrierMode, path: string): string => `${upsBaseUrl(mode)}${path.startsWith('/') ? path : `/${path}`}`;

/**
 * The OAuth token endpoint of `mode`. UPS serves it at the host's root, not
 * under `/api` (OAuthClientCredentials.yaml lists `https://wwwcie.ups.com/`
 * as its server), so it is resolved against the origin of the base.
 */
export const upsTokenUrl = (mode: CarrierMode): string => new URL('/security/v1/oauth/token', upsBaseUrl(mode)).toString();
