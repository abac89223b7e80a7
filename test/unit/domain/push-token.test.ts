import { randomBytes } from 'node:crypto';
import {
  carrierAccountOfClient,
  issuePushToken,
  MAX_PUSH_TOKEN_LENGTH,
  newPushClient,
  pushTokenValid,
  readPushToken,
  sameSecret,
} from '../../../shared/domain/push-token';

const accountId = '0b8f5a3e-6c1d-4f2a-9e7b-3d4c5b6a7f80';
const now = new Date('2026-11-25T12:00:00.000Z');
const client = newPushClient(accountId, randomBytes);

describe('push clients', () => {
  it('a client id names its carrier account; a secret is 32 random bytes, stored under its own suffix', () => {
    expect(client.clientId).toMatch(new RegExp(`^${accountId}\\.[0-9a-f]{8}$`));
    expect(carrierAccountOfClient(client.clientId)).toBe(accountId);
    expect(Buffer.from(client.clientSecret, 'base64url')).toHaveLength(32);
    expect(client.secretSuffix).toBe(`push-${client.clientId.slice(-8)}`);
    expect(newPushClient(accountId, randomBytes).clientSecret).not.toBe(client.clientSecret);
  });

  it.each(['', accountId, `${accountId}.zz000000`, `${accountId.toUpperCase()}.00000000`, `x${accountId}.00000000`])('"%s" is no client id', (id) => {
    expect(carrierAccountOfClient(id)).toBeUndefined();
  });

  it('secrets compare equal only when equal, whatever their lengths', () => {
    expect(sameSecret(client.clientSecret, client.clientSecret)).toBe(true);
    expect(sameSecret(`${client.clientSecret}x`, client.clientSecret)).toBe(false);
    expect(sameSecret('', client.clientSecret)).toBe(false);
  });
});

describe('push tokens', () => {
  const { token, expiresIn } = issuePushToken(client.clientId, client.clientSecret, now, 900);

  it('a token is valid for its client until it expires', () => {
    expect(expiresIn).toBe(900);
    const claims = readPushToken(token)!;
    expect(claims.clientId).toBe(client.clientId);
    expect(pushTokenValid(claims, client.clientSecret, new Date(now.getTime() + 899_000))).toBe(true);
    expect(pushTokenValid(claims, client.clientSecret, new Date(now.getTime() + 900_000))).toBe(false);
  });

  it('a token carries nothing of the secret', () => {
    expect(token).not.toContain(client.clientSecret);
    expect(Buffer.from(token.split('.')[1]!, 'base64url').toString()).toBe(client.clientId);
  });

  it('a token of another secret (a rotated one, another client) is refused', () => {
    expect(pushTokenValid(readPushToken(token)!, newPushClient(accountId, randomBytes).clientSecret, now)).toBe(false);
  });

  it('a token whose client id or expiry was changed is refused', () => {
    const other = newPushClient('1c9f6b4f-7d2e-4a3b-8f8c-4e5d6c7b8a91', randomBytes);
    const [v, , exp, mac] = token.split('.');
    const swapped = readPushToken([v, Buffer.from(other.clientId).toString('base64url'), exp, mac].join('.'))!;
    expect(pushTokenValid(swapped, client.clientSecret, now)).toBe(false);
    const extended = readPushToken([v, token.split('.')[1], String(Number(exp) + 86_400), mac].join('.'))!;
    expect(pushTokenValid(extended, client.clientSecret, now)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['another version', token.replace(/^v1\./, 'v2.')],
    ['a short MAC', token.slice(0, -1)],
    ['a client id that is none of ours', `v1.${Buffer.from('ups').toString('base64url')}.${token.split('.')[2]}.${token.split('.')[3]}`],
    ['too long', `${token}${'A'.repeat(MAX_PUSH_TOKEN_LENGTH)}`],
  ])('%s is no token', (_name, text) => {
    expect(readPushToken(text)).toBeUndefined();
  });
});
