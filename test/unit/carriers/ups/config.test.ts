import { UPS_BASE_URLS, upsApiUrl, upsBaseUrl, upsTokenUrl } from '../../../../shared/carriers/ups/config';

const VARS = ['UPS_API_BASE_URL_TEST', 'UPS_API_BASE_URL_LIVE'] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

beforeEach(() => {
  for (const name of VARS) delete process.env[name];
});

describe('UPS base URLs', () => {
  it('sends a test call to the customer integration environment and a live one to production', () => {
    expect(upsBaseUrl('test')).toBe('https://wwwcie.ups.com/api');
    expect(upsBaseUrl('live')).toBe('https://onlinetools.ups.com/api');
    expect(upsApiUrl('test', '/rating/v2409/Shoptimeintransit')).toBe('https://wwwcie.ups.com/api/rating/v2409/Shoptimeintransit');
  });

  it('serves the token at the host root, outside /api', () => {
    expect(upsTokenUrl('test')).toBe('https://wwwcie.ups.com/security/v1/oauth/token');
    expect(upsTokenUrl('live')).toBe('https://onlinetools.ups.com/security/v1/oauth/token');
  });

  it('reads the overrides on every call, each for its own mode', () => {
    process.env.UPS_API_BASE_URL_TEST = 'http://127.0.0.1:4010/';
    expect(upsBaseUrl('test')).toBe('http://127.0.0.1:4010');
    expect(upsBaseUrl('live')).toBe(UPS_BASE_URLS.live);
    expect(upsTokenUrl('test')).toBe('http://127.0.0.1:4010/security/v1/oauth/token');
    process.env.UPS_API_BASE_URL_LIVE = 'https://ups-proxy.example.com/api';
    expect(upsBaseUrl('live')).toBe('https://ups-proxy.example.com/api');
    expect(upsBaseUrl('test')).toBe('http://127.0.0.1:4010');
  });

  it('never lets a test key reach UPS production, even when the test override names it', () => {
    for (const url of ['https://onlinetools.ups.com/api', 'https://ONLINETOOLS.ups.com/api/', 'https://onlinetools.ups.com']) {
      process.env.UPS_API_BASE_URL_TEST = url;
      expect(() => upsBaseUrl('test')).toThrow(/test key never reaches it/);
      expect(() => upsTokenUrl('test')).toThrow(/test key never reaches it/);
    }
  });

  it('knows production by its host in every spelling: a trailing dot, a port, percent-encoding, full-width letters', () => {
    for (const url of [
      'https://onlinetools.ups.com./api',
      'https://onlinetools.ups.com../api',
      'https://onlinetools.ups.com:8443/api',
      'https://OnlineTools.UPS.com.:443/api',
      'http://onlinetools.ups.com:80/api',
      'https://onlinetools%2Eups%2Ecom/api',
      'https://onlinetools.ups.com%2E/api',
      'https://\uff4fnlinetools.ups.com/api',
      'https://onlinetools\u3002ups\u3002com/api',
    ]) {
      process.env.UPS_API_BASE_URL_TEST = url;
      expect(() => upsBaseUrl('test')).toThrow(/test key never reaches it/);
      expect(() => upsTokenUrl('test')).toThrow(/test key never reaches it/);
    }
  });

  it('still takes a test base on another host or a port of its own', () => {
    for (const url of ['https://wwwcie.ups.com./api', 'https://onlinetools.ups.com.example.com/api', 'http://127.0.0.1:8443/api']) {
      process.env.UPS_API_BASE_URL_TEST = url;
      expect(() => upsBaseUrl('test')).not.toThrow();
    }
  });

  it('never builds a production URL in test mode, with or without overrides', () => {
    const production = new URL(UPS_BASE_URLS.live).host;
    for (const live of [undefined, 'https://onlinetools.ups.com/api']) {
      if (live === undefined) delete process.env.UPS_API_BASE_URL_LIVE;
      else process.env.UPS_API_BASE_URL_LIVE = live;
      expect(new URL(upsApiUrl('test', '/x')).host).not.toBe(production);
      expect(new URL(upsTokenUrl('test')).host).not.toBe(production);
    }
  });

  it('refuses an override that is not an http(s) URL', () => {
    process.env.UPS_API_BASE_URL_LIVE = 'onlinetools.ups.com';
    expect(() => upsBaseUrl('live')).toThrow(/UPS_API_BASE_URL_LIVE must be an absolute URL/);
    process.env.UPS_API_BASE_URL_LIVE = 'ftp://onlinetools.ups.com';
    expect(() => upsBaseUrl('live')).toThrow(/must be an http\(s\) URL/);
  });
});
