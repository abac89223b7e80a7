/**
 * The local runtime's stand-in for a stage's WAF rate-based rules (lib/waf.ts),
 * so an integrator sees the same 429 on their machine: requests carrying a
 * well-formed API key (live or test prefix) are counted per key, requests without one per source
 * IP, with the dev stage's numbers (lib/limits.ts). Over the limit, the
 * answer is 429 `THROTTLED` with `Retry-After` (local/api-gateway.ts). The
 * stage's third rule, a per-IP backstop whatever the key, is left out: every
 * local caller is 127.0.0.1.
 *
 * Counting is in fixed windows aligned on the epoch (WAF counts over a
 * trailing window, so it may start and stop blocking a few seconds apart
 * from this). Memory is bounded whatever callers send: only well-formed keys
 * (fixed length) get an entry of their own, and past `maxTracked` entries
 * the stalest go first.
 *
 * Hand-written rather than a library (rate-limiter-flexible and friends):
 * it is two counters and an eviction rule, and it must follow WAF's
 * key-or-IP aggregation, which none of them models.
 */
import { rateLimits } from '../lib/limits';
import { isWellFormedKey, type KeyPrefixes } from '../shared/http/auth';

export type LimitRule = { limit: number; windowSeconds: number };

export type LimiterOptions = {
  /** Requests with a well-formed key: at most `limit` per key per window; undefined turns the rule off. */
  perKey?: LimitRule;
  /** Requests without a well-formed key: at most `limit` per source IP per window; undefined turns the rule off. */
  perIp?: LimitRule;
  /** What a well-formed key looks like (shared/http/auth.ts): anything else is counted by IP. */
  isWellFormedKey: (apiKey: string) => boolean;
  /** Counters kept at most; defaults to 10,000. */
  maxTracked?: number;
  now?: () => number;
};

export type LimitDecision = { allowed: true } | { allowed: false; rule: 'key' | 'ip'; limit: number; windowSeconds: number; retryAfterSeconds: number };

export type RequestLimiter = {
  /** The rules in force, for the start banner. */
  rules: { perKey?: LimitRule; perIp?: LimitRule };
  check: (request: { apiKey?: string; ip: string }) => LimitDecision;
  /** Counters held now, for tests of the memory bound. */
  size: () => number;
};

type Counter = { windowStart: number; count: number };

const DEFAULT_MAX_TRACKED = 10_000;

export const createRequestLimiter = (options: LimiterOptions): RequestLimiter => {
  const now = options.now ?? Date.now;
  const maxTracked = options.maxTracked ?? DEFAULT_MAX_TRACKED;
  // Insertion order doubles as staleness order: a counter is re-inserted when its window turns.
  const counters = new Map<string, Counter>();

  // The oldest-inserted counter is the stalest: drop from the front.
  const evict = () => {
    for (const id of counters.keys()) {
      if (counters.size <= maxTracked) break;
      counters.delete(id);
    }
  };

  const count = (id: string, rule: LimitRule, kind: 'key' | 'ip'): LimitDecision => {
    const at = now();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(at / windowMs) * windowMs;
    let counter = counters.get(id);
    if (!counter || counter.windowStart !== windowStart) {
      counters.delete(id);
      counter = { windowStart, count: 0 };
      counters.set(id, counter);
      evict();
    }
    if (counter.count >= rule.limit) {
      return { allowed: false, rule: kind, limit: rule.limit, windowSeconds: rule.windowSeconds, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    }
    counter.count += 1;
    return { allowed: true };
  };

  return {
    rules: { ...(options.perKey ? { perKey: options.perKey } : {}), ...(options.perIp ? { perIp: options.perIp } : {}) },
    check: ({ apiKey, ip }) => {
      if (apiKey !== undefined && options.isWellFormedKey(apiKey)) {
        return options.perKey ? count(`k:${apiKey}`, options.perKey, 'key') : { allowed: true };
      }
      return options.perIp ? count(`i:${ip}`, options.perIp, 'ip') : { allowed: true };
    },
    size: () => counters.size,
  };
};

/**
 * The limiter's rules from the environment of the local runtime:
 * `LOCAL_RATE_LIMIT_PER_KEY`, `LOCAL_RATE_LIMIT_PER_IP` (requests per window,
 * `off` or `0` turns a rule off) and `LOCAL_RATE_LIMIT_WINDOW_SECONDS`, each
 * defaulting to the given stage values. A malformed value stops the start.
 */
export const limitRulesFromEnv = (
  env: NodeJS.ProcessEnv,
  defaults: { perKey: number; perIp: number; windowSeconds: number },
): { perKey?: LimitRule; perIp?: LimitRule } => {
  const read = (name: string, fallback: number, allowOff: boolean): number | undefined => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return fallback;
    if (allowOff && (raw === 'off' || raw === '0')) return undefined;
    if (!/^[1-9][0-9]{0,8}$/.test(raw)) {
      throw new Error(`${name} must be a whole number of requests from 1 to 999999999${allowOff ? ', or off' : ''}; got "${raw.slice(0, 40)}"`);
    }
    return Number(raw);
  };
  const windowSeconds = read('LOCAL_RATE_LIMIT_WINDOW_SECONDS', defaults.windowSeconds, false)!;
  if (windowSeconds > 86_400) throw new Error('LOCAL_RATE_LIMIT_WINDOW_SECONDS must be at most 86400');
  const perKey = read('LOCAL_RATE_LIMIT_PER_KEY', defaults.perKey, true);
  const perIp = read('LOCAL_RATE_LIMIT_PER_IP', defaults.perIp, true);
  return {
    ...(perKey === undefined ? {} : { perKey: { limit: perKey, windowSeconds } }),
    ...(perIp === undefined ? {} : { perIp: { limit: perIp, windowSeconds } }),
  };
};

/** The limiter `npm start` applies: dev's limits, or those of `LOCAL_RATE_LIMIT_*`; a key of either prefix is counted per key. */
export const localRequestLimiter = (env: NodeJS.ProcessEnv, prefixes: KeyPrefixes): RequestLimiter =>
  createRequestLimiter({
    ...limitRulesFromEnv(env, { perKey: rateLimits.dev.perKey, perIp: rateLimits.dev.perIpWithoutKey, windowSeconds: rateLimits.dev.windowSeconds }),
    isWellFormedKey: (apiKey) => isWellFormedKey(apiKey, prefixes),
  });

/** One line for `npm start`'s banner: what the limiter allows, and how to change it. */
export const describeLimits = ({ rules }: RequestLimiter): string => {
  const rule = (r: LimitRule | undefined, who: string) => (r ? `${r.limit} requests per ${r.windowSeconds} s ${who}` : `no limit ${who}`);
  return `${rule(rules.perKey, 'per API key')}, ${rule(rules.perIp, 'per IP without a valid key')} (429 THROTTLED beyond; LOCAL_RATE_LIMIT_PER_KEY, LOCAL_RATE_LIMIT_PER_IP)`;
};
