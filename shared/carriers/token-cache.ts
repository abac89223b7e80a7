/**
 * A container's cache of a live carrier's OAuth bearer tokens (UPS's and
 * FedEx's client credentials), one per carrier account and mode:
 *
 * - a token is kept until shortly before it expires (`renewAt`, set by the
 *   carrier's own token request);
 * - concurrent callers of one account and mode share one token request; a
 *   caller's signal ends its wait, not the shared request (which has its own
 *   timeout);
 * - bounded: at most `maxEntries` tokens, the least recently used dropped;
 * - `invalidate` forgets a token the carrier refused, never a newer one.
 *
 * Hand-written, and why it stays (docs/decisions.md): an OAuth library would
 * still leave this per-account sharing and bound to us, and each carrier's
 * token request is one form post with its own error answers.
 */
import { CarrierError, type CarrierAccount, type CarrierMode } from '../domain/carrier';
import { untilAborted } from './signals';

/** A token and when to ask for the next one (epoch ms). */
export type TokenEntry = { token: string; renewAt: number };

export type TokenKey = { mode: CarrierMode; account: CarrierAccount };

export type TokenCache = {
  /** A bearer token for the account in this mode: cached, shared or fetched. */
  token(options: TokenKey & { signal: AbortSignal }): Promise<string>;
  /** Forgets `token` (the carrier refused it) for the account and mode; a newer token stays. */
  invalidate(options: TokenKey, token: string): void;
  /** Tokens held. */
  readonly size: number;
};

/** When to renew a token that lasts `lifetimeMs` from `requestedAt`: `marginMs` before it ends, or halfway for a short-lived one rather than never caching it. */
export const renewAt = (requestedAt: number, lifetimeMs: number, marginMs = 60_000): number => requestedAt + lifetimeMs - Math.min(marginMs, lifetimeMs / 2);

export function createTokenCache(
  carrier: { code: string; name: string },
  requestToken: (mode: CarrierMode, account: CarrierAccount) => Promise<TokenEntry>,
  options: { now?: () => number; maxEntries?: number } = {},
): TokenCache {
  const { now = Date.now, maxEntries = 200 } = options;
  const cached = new Map<string, TokenEntry>();
  const inFlight = new Map<string, Promise<TokenEntry>>();
  const keyOf = ({ mode, account }: TokenKey): string => {
    if (!account.carrierAccountId)
      throw new CarrierError(carrier.code, `${carrier.name} calls need a registered carrier account (carrierAccountId) with its credentials`);
    return `${mode}\u0000${account.carrierAccountId}`;
  };
  const remember = (key: string, entry: TokenEntry) => {
    cached.delete(key);
    cached.set(key, entry);
    while (cached.size > maxEntries) cached.delete(cached.keys().next().value as string);
  };

  return {
    async token({ signal, mode, account }) {
      if (signal.aborted) throw signal.reason;
      const key = keyOf({ mode, account });
      const hit = cached.get(key);
      if (hit && now() < hit.renewAt) {
        remember(key, hit);
        return hit.token;
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = requestToken(mode, account).then(
          (entry) => {
            inFlight.delete(key);
            remember(key, entry);
            return entry;
          },
          (error: unknown) => {
            inFlight.delete(key);
            throw error;
          },
        );
        inFlight.set(key, pending);
      }
      return (await untilAborted(pending, signal)).token;
    },
    invalidate(options, token) {
      const key = keyOf(options);
      if (cached.get(key)?.token === token) cached.delete(key);
    },
    get size() {
      return cached.size;
    },
  };
}
