/**
 * The credentials a carrier that pushes tracking (UPS Track Alert) uses to
 * reach our inbound routes (docs/ups.md, "Track Alert"): a client id and
 * secret this API issues per carrier account, exchanged at our token URL
 * (OAuth 2 client credentials, RFC 6749 4.4) for a short-lived bearer token.
 *
 * The token is `v1.<client id, base64url>.<expiry, Unix seconds>.<MAC>`, the
 * MAC an HMAC-SHA256 over the rest keyed from the client's secret, so any
 * container verifies it with the stored secret and no table write, and a new
 * secret (a rotation) ends every token of the old one. Written with
 * node:crypto rather than a JWT library (docs/decisions.md, hand-written
 * list): nobody but this API reads the token, so none of JWT's headers,
 * algorithms or claims is needed, and none can be negotiated down.
 *
 * Pure: the time and the random bytes are passed in. Comparisons of secrets
 * and MACs are constant-time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<carrierAccountId>.<8 hex>`: the account, and which of its successive pairs. */
const CLIENT_ID = new RegExp(`^(${UUID})\\.([0-9a-f]{8})$`);
/** A token longer than this is no token of ours (ours are about 140 characters). */
export const MAX_PUSH_TOKEN_LENGTH = 512;
const TOKEN = /^v1\.([A-Za-z0-9_-]{1,200})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

export type PushClient = { clientId: string; clientSecret: string; secretSuffix: string };

/** A new client id and secret for `carrierAccountId` (32 random bytes of secret), and the name suffix its secret is stored under. */
export const newPushClient = (carrierAccountId: string, randomBytes: (size: number) => Buffer): PushClient => {
  const generation = randomBytes(4).toString('hex');
  return { clientId: `${carrierAccountId}.${generation}`, clientSecret: randomBytes(32).toString('base64url'), secretSuffix: `push-${generation}` };
};

/** The carrier account a client id belongs to; undefined when it is no client id of ours. */
export const carrierAccountOfClient = (clientId: string): string | undefined => CLIENT_ID.exec(clientId)?.[1];

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Whether two strings are equal, in a time that does not depend on where they differ (both hashed to the same length first). */
export const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

/** The MAC key of a client's tokens: derived from its secret, so the secret itself never keys anything a caller sees. */
const tokenKey = (secret: string) => createHmac('sha256', secret).update('push-token-v1').digest();
const macOf = (secret: string, payload: string) => createHmac('sha256', tokenKey(secret)).update(payload).digest();

/** A bearer token for `clientId`, valid for `lifetimeSeconds` from `now`. */
export const issuePushToken = (clientId: string, secret: string, now: Date, lifetimeSeconds: number): { token: string; expiresIn: number } => {
  const expiresIn = Math.max(1, Math.floor(lifetimeSeconds));
  const payload = `v1.${Buffer.from(clientId, 'utf8').toString('base64url')}.${Math.floor(now.getTime() / 1000) + expiresIn}`;
  return { token: `${payload}.${macOf(secret, payload).toString('base64url')}`, expiresIn };
};

/** A token's parts, unverified; undefined when it is not shaped as ours. */
export type PushTokenClaims = { clientId: string; expiresAt: number; payload: string; mac: Buffer };

export const readPushToken = (token: string): PushTokenClaims | undefined => {
  if (token.length > MAX_PUSH_TOKEN_LENGTH) return undefined;
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const clientId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (!carrierAccountOfClient(clientId)) return undefined;
  return { clientId, expiresAt: Number(match[2]), payload: token.slice(0, token.lastIndexOf('.')), mac: Buffer.from(match[3]!, 'base64url') };
};

/** Whether the token was issued with `secret` and has not expired at `now`. */
export const pushTokenValid = (claims: PushTokenClaims, secret: string, now: Date): boolean => {
  const expected = macOf(secret, claims.payload);
  const authentic = claims.mac.length === expected.length && timingSafeEqual(claims.mac, expected);
  return authentic && claims.expiresAt * 1000 > now.getTime();
};
