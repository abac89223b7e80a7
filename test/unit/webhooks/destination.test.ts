/** Where a webhook may go: public addresses only on a deployed stage; loopback and http only locally. */
import { carriesIpv4, checkWebhookUrl, isLinkLocalOrMetadata, isPublicAddress, postWebhook, retryAfterSeconds } from '../../../shared/webhooks/destination';

// A name whose resolver answers an IPv4-compatible loopback: what the guarded lookup sees when it connects.
jest.mock('node:dns', () => {
  const actual = jest.requireActual<typeof import('node:dns')>('node:dns');
  const lookup = (host: string, options: object, callback: (error: Error | null, addresses: Array<{ address: string; family: number }>) => void) =>
    host === 'compat-loopback.example.test'
      ? callback(null, [{ address: '::7f00:1', family: 6 }])
      : host === 'metadata.example.test'
        ? callback(null, [{ address: '169.254.169.254', family: 4 }])
        : (actual.lookup as (...args: unknown[]) => void)(host, options, callback);
  return { ...actual, lookup };
});

const deployed = { allowHttp: false, allowPrivate: false };
const local = { allowHttp: true, allowPrivate: true };
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('%s is public', (ip) => expect(isPublicAddress(ip)).toBe(true));
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    'ff02::1',
    '2001:db8::1',
    'not an address',
    '',
  ])('%s is not', (ip) => expect(isPublicAddress(ip)).toBe(false));
  // The forms of IPv6 that carry an IPv4 address, as the URL parser and a resolver spell them (docs/webhooks.md, "Safety").
  it.each([
    ['IPv4-compatible loopback (::127.0.0.1)', '::7f00:1'],
    ['IPv4-compatible metadata (::169.254.169.254)', '::a9fe:a9fe'],
    ['IPv4-compatible private (::10.0.0.1)', '::a00:1'],
    ['IPv4-compatible public (::8.8.8.8): ::/96 is deprecated whatever it holds', '::808:808'],
    ['the rest of ::/8', '::1:0:0:1'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['NAT64 loopback', '64:ff9b::7f00:1'],
    ['NAT64 metadata', '64:ff9b::a9fe:a9fe'],
    ['local NAT64 private', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of metadata', '2002:a9fe:a9fe::'],
    ['6to4 of a private address', '2002:a00:1::1'],
    ['Teredo whose client is 127.0.0.1', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['Teredo whose client is 10.0.0.1', '2001:0:4136:e378:8000:63bf:f5ff:fffe'],
  ])('%s is not', (_case, ip) => expect(isPublicAddress(ip)).toBe(false));
});

describe('checkWebhookUrl on a deployed stage', () => {
  it('accepts https to a host resolving to public addresses', async () => {
    const checked = await checkWebhookUrl('https://hooks.example.com/a?b=1', deployed, resolvesTo('93.184.216.34'));
    expect(checked).toMatchObject({ ok: true });
  });
  it.each([
    ['http', 'http://hooks.example.com/a', /https/],
    ['credentials', 'https://user:pw@hooks.example.com/a', /user name or password/],
    ['a fragment', 'https://hooks.example.com/a#x', /fragment/],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data', /not public/],
    ['a mapped loopback', 'https://[::ffff:127.0.0.1]/', /not public/],
    ['an IPv4-compatible loopback', 'https://[::127.0.0.1]/', /not public/],
    ['an IPv4-compatible metadata address', 'https://[::169.254.169.254]/latest/meta-data', /not public/],
    ['an IPv4-compatible private address', 'https://[::10.0.0.1]/', /not public/],
    ['an IPv4-compatible loopback in hexadecimal', 'https://[0:0:0:0:0:0:7f00:1]/', /not public/],
    ['a NAT64 metadata address', 'https://[64:ff9b::169.254.169.254]/', /not public/],
    ['a 6to4 loopback', 'https://[2002:7f00:1::1]/', /not public/],
    ['loopback', 'https://127.0.0.1:8443/', /not public/],
    ['not a URL', 'hooks.example.com', /not a valid URL/],
    ['ftp', 'ftp://example.com/x', /https/],
    ['3000 characters', `https://example.com/${'a'.repeat(3000)}`, /2048/],
  ])('refuses %s', async (_case, url, reason) => {
    const checked = await checkWebhookUrl(url, deployed, resolvesTo('93.184.216.34'));
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.reason).toMatch(reason);
  });
  it('refuses a name that resolves to a private address, or to a mix', async () => {
    expect((await checkWebhookUrl('https://internal.example.com/', deployed, resolvesTo('10.0.0.1'))).ok).toBe(false);
    expect((await checkWebhookUrl('https://mixed.example.com/', deployed, resolvesTo('93.184.216.34', '127.0.0.1'))).ok).toBe(false);
  });
  it('refuses a name that resolves to an IPv4-compatible address', async () => {
    for (const address of ['::7f00:1', '::a9fe:a9fe', '::a00:1'])
      expect((await checkWebhookUrl('https://compat.example.com/', deployed, resolvesTo(address))).ok).toBe(false);
  });
  it('refuses a name that does not resolve', async () => {
    const checked = await checkWebhookUrl('https://nowhere.example.com/', deployed, async () => {
      throw new Error('ENOTFOUND');
    });
    expect(checked).toEqual({ ok: false, reason: 'host nowhere.example.com does not resolve' });
    expect((await checkWebhookUrl('https://empty.example.com/', deployed, resolvesTo())).ok).toBe(false);
  });
});

describe('postWebhook on a deployed stage', () => {
  const options = { timeoutMs: 1000, maxResponseBytes: 64, policy: deployed };
  it.each([
    'https://[::127.0.0.1]/',
    'https://[::169.254.169.254]/latest/meta-data',
    'https://[::10.0.0.1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:a9fe:a9fe::]/',
  ])('refuses %s before connecting', async (url) =>
    expect(await postWebhook(new URL(url), {}, '{}', options)).toEqual({ kind: 'failed', reason: 'address not allowed' }),
  );
  it('refuses, at connect time, a name that resolves to an IPv4-compatible loopback', async () => {
    expect(await postWebhook(new URL('https://compat-loopback.example.test/hook'), {}, '{}', options)).toEqual({
      kind: 'failed',
      reason: 'address not allowed',
    });
  });
});

describe('checkWebhookUrl in the local runtime', () => {
  it('accepts http on loopback', async () => expect((await checkWebhookUrl('http://127.0.0.1:9999/x', local)).ok).toBe(true));
  it('still refuses other schemes and credentials', async () => {
    expect((await checkWebhookUrl('file:///etc/passwd', local)).ok).toBe(false);
    expect((await checkWebhookUrl('http://a:b@127.0.0.1/', local)).ok).toBe(false);
  });
  it('accepts private and loopback addresses of a developer machine', async () => {
    for (const url of ['http://10.0.0.5:8080/h', 'http://192.168.1.20/h', 'http://[::1]:9/h', 'http://localhost:9/h'])
      expect((await checkWebhookUrl(url, local)).ok).toBe(true);
  });
  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://169.254.170.2/v2/credentials',
    'http://[fe80::1]/h',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/latest/meta-data',
    'http://[::169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[::127.0.0.1]/',
  ])('still refuses the link-local or metadata address, or the IPv4-carrying form, of %s', async (url) => {
    const checked = await checkWebhookUrl(url, local);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toMatch(/link-local or metadata address, or an IPv6 form carrying an IPv4 address/);
  });
});

describe('carriesIpv4', () => {
  it.each(['::a9fe:a9fe', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1', '2002:a9fe:a9fe::', '2001::1'])('%s does', (ip) => expect(carriesIpv4(ip)).toBe(true));
  it.each(['::1', '::', '::ffff:10.0.0.1', 'fe80::1', 'fd00::1', '2600:1f18::1', '169.254.169.254', 'not an address'])('%s does not', (ip) =>
    expect(carriesIpv4(ip)).toBe(false),
  );
});

describe('isLinkLocalOrMetadata', () => {
  it.each(['169.254.169.254', '169.254.0.1', 'fe80::1', '::ffff:169.254.169.254', 'fd00:ec2::254', 'fd00:ec2::123'])('%s is', (ip) =>
    expect(isLinkLocalOrMetadata(ip)).toBe(true),
  );
  it.each(['127.0.0.1', '10.0.0.1', '::1', 'fd00::1', '93.184.216.34', 'not an address'])('%s is not', (ip) => expect(isLinkLocalOrMetadata(ip)).toBe(false));
});

describe('postWebhook in the local runtime', () => {
  const options = { timeoutMs: 1000, maxResponseBytes: 64, policy: local };
  it('refuses a metadata address before connecting, and a name that resolves to one when it connects', async () => {
    expect(await postWebhook(new URL('http://169.254.169.254/latest/meta-data'), {}, '{}', options)).toEqual({ kind: 'failed', reason: 'address not allowed' });
    expect(await postWebhook(new URL('http://metadata.example.test/hook'), {}, '{}', options)).toEqual({ kind: 'failed', reason: 'address not allowed' });
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  it('reads delta-seconds and HTTP dates, capped at a day', () => {
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 10:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('999999999999', now)).toBe(86_400);
    expect(retryAfterSeconds('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(86_400);
  });
  it('ignores what it cannot read', () => {
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('-5', now)).toBeUndefined();
  });
});
