/**
 * Where a webhook may go, and the POST itself (docs/webhooks.md, "Safety").
 * An endpoint URL is the caller's, so it must not turn this service into a
 * way into its own network: on a deployed stage only `https` URLs whose host
 * resolves to public addresses are accepted, when registered and again at
 * every delivery, and the address actually connected to is checked at connect
 * time (a `lookup` of our own), so a name that changes its answer between the
 * check and the connection (DNS rebinding) still cannot reach loopback,
 * private, link-local or cloud metadata addresses. Redirects are never
 * followed, an attempt is bounded in time, and only the first few KB of an
 * answer are read.
 *
 * The address ranges come from ipaddr.js (maintained, used by Express's
 * proxy-addr): only its `unicast` range is public, for IPv6 within the global
 * unicast block; IPv4-mapped IPv6 addresses are judged by their IPv4 address. The local runtime allows http and private
 * addresses (`allowHttp`, `allowPrivate`), so a receiver on 127.0.0.1 works;
 * link-local and cloud metadata addresses stay refused there too
 * (`isLinkLocalOrMetadata`), and so do IPv6 forms that carry an IPv4 address
 * (`carriesIpv4`): nothing a developer runs listens on them, and a local
 * runtime on a cloud machine would otherwise post to its metadata service.
 */
import { lookup as dnsLookup } from 'node:dns';
import { promises as dns } from 'node:dns';
import type * as Http from 'node:http';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config } from '../config';
import { MAX_RETRY_AFTER_SECONDS } from '../domain/webhooks';

export type DestinationPolicy = { allowHttp: boolean; allowPrivate: boolean };

/** The rules of this deployment: a deployed stage takes https to public addresses only; the local runtime also http and loopback. */
export const stagePolicy = (): DestinationPolicy => ({ allowHttp: config.webhookAllowPrivateUrls, allowPrivate: config.webhookAllowPrivateUrls });

export type PostOutcome = { kind: 'response'; status: number; retryAfterSeconds?: number; body: string } | { kind: 'failed'; reason: string };

export type Resolve = (host: string) => Promise<string[]>;

const MAX_URL_LENGTH = 2048;

/** IANA's global unicast block: outside it, ipaddr.js still calls `::/96` (IPv4-compatible, `::127.0.0.1`) and the rest of `::/8` unicast. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** An address judged by `v4` or `v6` (an IPv4-mapped IPv6 address by its IPv4 address); false for what is not an address. */
const judged = (ip: string, v4: (address: ipaddr.IPv4) => boolean, v6: (address: ipaddr.IPv6) => boolean): boolean => {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return v4(address as ipaddr.IPv4);
  const six = address as ipaddr.IPv6;
  return six.isIPv4MappedAddress() ? v4(six.toIPv4Address()) : v6(six);
};

/**
 * Whether an address is public unicast: not loopback, private, link-local
 * (metadata), CGNAT, multicast, reserved or documentation. An IPv4-mapped
 * address is judged by its IPv4 address; every other IPv6 form that carries
 * an IPv4 address (IPv4-compatible `::/96`, NAT64, 6to4, Teredo, IPv4-translated)
 * is refused whatever it carries (docs/webhooks.md, "Safety").
 */
export const isPublicAddress = (ip: string): boolean =>
  judged(
    ip,
    (v4) => v4.range() === 'unicast',
    (v6) => v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST),
  );

/** AWS's IPv6 instance metadata and time services (fd00:ec2::254, fd00:ec2::123): unique-local, so "private" to ipaddr.js. */
const AWS_METADATA_V6 = ipaddr.IPv6.parseCIDR('fd00:ec2::/32');

/**
 * Whether an address is link-local (169.254.0.0/16 with the metadata service
 * 169.254.169.254, fe80::/10, or either IPv4-mapped) or AWS's IPv6 metadata
 * block: refused under every policy, the local runtime's included.
 */
export const isLinkLocalOrMetadata = (ip: string): boolean =>
  judged(
    ip,
    (v4) => v4.range() === 'linkLocal',
    (v6) => v6.range() === 'linkLocal' || v6.match(AWS_METADATA_V6),
  );

/** IPv4-compatible addresses (`::a.b.c.d`), outside loopback and unspecified, which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
/** ipaddr.js' names of the IPv6 ranges that carry an IPv4 address: NAT64 (RFC 6052, 6145), 6to4, Teredo. */
const CARRYING_RANGES = new Set(['rfc6052', 'rfc6145', '6to4', 'teredo']);

/**
 * Whether an IPv6 address carries an IPv4 address in one of the translation
 * or tunnelling forms (IPv4-compatible, NAT64, 6to4, Teredo), whatever that
 * address is: refused under every policy, as the public one refuses it,
 * since `[::169.254.169.254]` or `[64:ff9b::a9fe:a9fe]` may lead where
 * 169.254.169.254 does, and no receiver a developer runs needs these forms.
 * An IPv4-mapped address is judged by its IPv4 address instead (above).
 */
export const carriesIpv4 = (ip: string): boolean =>
  judged(
    ip,
    () => false,
    (v6) => CARRYING_RANGES.has(v6.range()) || (v6.match(IPV4_COMPATIBLE) && v6.range() !== 'loopback' && v6.range() !== 'unspecified'),
  );

/** Refused under every policy, the local runtime's included. */
const neverAllowed = (ip: string): boolean => isLinkLocalOrMetadata(ip) || carriesIpv4(ip);

/** Whether `policy` lets a webhook reach `ip`. */
const allowedAddress = (ip: string, policy: DestinationPolicy): boolean => (policy.allowPrivate ? !neverAllowed(ip) : isPublicAddress(ip));

const defaultResolve: Resolve = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A bracketed IPv6 host as the URL has it, without brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL, or why it is refused (a sentence safe to show the caller). */
export const checkWebhookUrl = async (
  raw: string,
  policy: DestinationPolicy,
  resolve: Resolve = defaultResolve,
): Promise<{ ok: true; url: URL } | { ok: false; reason: string }> => {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a valid URL' };
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
    return { ok: false, reason: policy.allowHttp ? 'must be an http or https URL' : 'only https URLs are accepted' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry a user name or password' };
  if (url.hash) return { ok: false, reason: 'must not have a fragment' };
  const host = hostOf(url);
  if (!host) return { ok: false, reason: 'must name a host' };
  if (policy.allowPrivate) {
    // Names are checked when they are connected to (guardedLookup): a local receiver's name need not resolve yet.
    if (isIP(host) && neverAllowed(host))
      return { ok: false, reason: `host ${host} is a link-local or metadata address, or an IPv6 form carrying an IPv4 address` };
    return { ok: true, url };
  }
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: `host ${host} does not resolve` };
    }
    if (addresses.length === 0) return { ok: false, reason: `host ${host} does not resolve` };
  }
  if (!addresses.every(isPublicAddress))
    return { ok: false, reason: `host ${host} resolves to an address that is not public (loopback, private, link-local or reserved)` };
  return { ok: true, url };
};

class AddressNotAllowed extends Error {
  readonly code = 'EADDRNOTALLOWED';
}

/** A lookup that refuses, at connect time, any address the policy does not allow. */
const guardedLookup =
  (policy: DestinationPolicy): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      const allowed = list.filter((a) => allowedAddress(a.address, policy));
      if (allowed.length === 0 || allowed.length !== list.length) return callback(new AddressNotAllowed('address not allowed'), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof list) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };

/** `Retry-After` in seconds: delta-seconds or an HTTP date, at most a day; undefined when absent or unreadable. */
export const retryAfterSeconds = (value: string | undefined, now = Date.now()): number | undefined => {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), MAX_RETRY_AFTER_SECONDS);
  // An HTTP date names its day and month in letters; anything else (a negative number, a bare year) is unreadable.
  const at = /[A-Za-z]/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - now) / 1000)), MAX_RETRY_AFTER_SECONDS);
};

const reasonOf = (error: NodeJS.ErrnoException): string => {
  if (error instanceof AddressNotAllowed || error.code === 'EADDRNOTALLOWED') return 'address not allowed';
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'dns failure';
  if (error.code === 'ECONNRESET') return 'connection reset';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT') || /SSL|TLS/i.test(error.message)) return 'tls error';
  return error.code ?? 'connection failed';
};

/**
 * node:http and node:https through `require`, on first use: an ES import of
 * either is hoisted to the top of the function's bundle, and Node's ES module
 * view of node:http loads undici at once (tens of ms of every cold start).
 */
const transport = (secure: boolean): { request: typeof Http.request } =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  secure ? (require('node:https') as typeof import('node:https')) : (require('node:http') as typeof import('node:http'));

/**
 * POSTs `body` (the exact bytes) to `url`. Never throws: the outcome is the
 * answer's status (3xx included: redirects are not followed) or why there was
 * none (`timeout`, `address not allowed`, `connection refused`, ...).
 */
export const postWebhook = (
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; maxResponseBytes: number; policy: DestinationPolicy },
): Promise<PostOutcome> =>
  new Promise<PostOutcome>((resolve) => {
    const host = hostOf(url);
    const secure = url.protocol === 'https:';
    if (!secure && !(options.policy.allowHttp && url.protocol === 'http:')) return resolve({ kind: 'failed', reason: 'scheme not allowed' });
    if (isIP(host) && !allowedAddress(host, options.policy)) return resolve({ kind: 'failed', reason: 'address not allowed' });
    const payload = Buffer.from(body, 'utf8');
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = transport(secure).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'shipping-api-webhooks/1' },
      lookup: guardedLookup(options.policy),
      agent: false,
    });
    const timer = setTimeout(() => finish({ kind: 'failed', reason: 'timeout' }), options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'failed', reason: reasonOf(error) }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          kind: 'response',
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ...(retryAfterSeconds(response.headers['retry-after']) !== undefined
            ? { retryAfterSeconds: retryAfterSeconds(response.headers['retry-after'])! }
            : {}),
        });
      response.on('data', (chunk: Buffer) => {
        const room = options.maxResponseBytes - size;
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += chunk.length;
        if (size >= options.maxResponseBytes) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(payload);
  });
