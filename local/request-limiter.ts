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
 * A carrier's push token URL (UPS Track Alert) takes no API key: there the
 * limiter counts refused attempts (401) per client id and per source IP
 * instead, and refuses a client id or an IP that has used up its failures of
 * the window before the function checks another secret (docs/ups.md, Track
 * Alert). An attempt counts from its start and is given back when it is
 * answered other than 401, so a burst in parallel is bounded as well. Deployed, WAF counts every token request per IP (lib/waf.ts): it
 * cannot see the answer. Only a client id shaped as ours gets a counter; any
 * other is counted by its IP alone.
 *
 * Hand-written rather than a library (rate-limiter-flexible and friends):
 * it is two counters and an eviction rule, and it must follow WAF's
 * key-or-IP aggregation, which none of them models.
 */
import { pushTokenLimits, rateLimits } from '../lib/limits';
import { carrierAccountOfClient } from '../shared/domain/push-token';
import { isWellFormedKey, type KeyPrefixes } from '../shared/http/auth';

export type LimitRule = { limit: number; windowSeconds: number };

export type LimiterOptions = {
  /** Requests with a well-formed key: at most `limit` per key per window; undefined turns the rule off. */
  perKey?: LimitRule;
  /** Requests without a well-formed key: at most `limit` per source IP per window; undefined turns the rule off. */
  perIp?: LimitRule;
  /** Refused attempts at a push token URL: at most `limit` per client id and per source IP per window; undefined turns the rule off. */
  pushTokenFailures?: LimitRule;
  /** What a well-formed key looks like (shared/http/auth.ts): anything else is counted by IP. */
  isWellFormedKey: (apiKey: string) => boolean;
  /** Counters kept at most; defaults to 10,000. */
  maxTracked?: number;
  now?: () => number;
};

export type LimitDecision =
  { allowed: true } | { allowed: false; rule: 'key' | 'ip' | 'client'; limit: number; windowSeconds: number; retryAfterSeconds: number };

/** A request to a push token URL: its source IP and its `Authorization` header (HTTP Basic with the client id). */
export type PushTokenAttempt = { authorization?: string; ip: string };

export type RequestLimiter = {
  /** The rules in force, for the start banner. */
  rules: { perKey?: LimitRule; perIp?: LimitRule; pushTokenFailures?: LimitRule };
  check: (request: { apiKey?: string; ip: string }) => LimitDecision;
  /**
   * Before a push token request: refused while its client id or its IP has
   * no attempt left in the window; otherwise counted for both, until
   * `answered` with a status other than 401 gives it back.
   */
  pushTokenAttempt: (attempt: PushTokenAttempt) => { decision: LimitDecision; answered: (status: number) => void };
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

  /** The counter of `id` in the current window of `rule`, and how far the window has to run; a new one when the window turned. */
  const counterOf = (id: string, rule: LimitRule, create: boolean): { counter?: Counter; retryAfterSeconds: number } => {
    const at = now();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(at / windowMs) * windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000));
    let counter = counters.get(id);
    if (!counter || counter.windowStart !== windowStart) {
      counters.delete(id);
      if (!create) return { retryAfterSeconds };
      counter = { windowStart, count: 0 };
      counters.set(id, counter);
      evict();
    }
    return { counter, retryAfterSeconds };
  };

  const refused = (kind: 'key' | 'ip' | 'client', rule: LimitRule, retryAfterSeconds: number): LimitDecision => ({
    allowed: false,
    rule: kind,
    limit: rule.limit,
    windowSeconds: rule.windowSeconds,
    retryAfterSeconds,
  });

  const count = (id: string, rule: LimitRule, kind: 'key' | 'ip'): LimitDecision => {
    const { counter, retryAfterSeconds } = counterOf(id, rule, true);
    if (counter!.count >= rule.limit) return refused(kind, rule, retryAfterSeconds);
    counter!.count += 1;
    return { allowed: true };
  };

  /** The counters of a token attempt: its client id when shaped as ours, then its IP. */
  const pushTokenIds = ({ authorization, ip }: PushTokenAttempt): Array<{ id: string; kind: 'client' | 'ip' }> => {
    const clientId = basicClientId(authorization);
    return [...(clientId === undefined ? [] : [{ id: `tc:${clientId}`, kind: 'client' as const }]), { id: `ti:${ip}`, kind: 'ip' as const }];
  };

  return {
    rules: {
      ...(options.perKey ? { perKey: options.perKey } : {}),
      ...(options.perIp ? { perIp: options.perIp } : {}),
      ...(options.pushTokenFailures ? { pushTokenFailures: options.pushTokenFailures } : {}),
    },
    check: ({ apiKey, ip }) => {
      if (apiKey !== undefined && options.isWellFormedKey(apiKey)) {
        return options.perKey ? count(`k:${apiKey}`, options.perKey, 'key') : { allowed: true };
      }
      return options.perIp ? count(`i:${ip}`, options.perIp, 'ip') : { allowed: true };
    },
    pushTokenAttempt: (attempt) => {
      const rule = options.pushTokenFailures;
      const answered = () => undefined;
      if (!rule) return { decision: { allowed: true }, answered };
      const ids = pushTokenIds(attempt);
      for (const { id, kind } of ids) {
        const { counter, retryAfterSeconds } = counterOf(id, rule, false);
        if (counter && counter.count >= rule.limit) return { decision: refused(kind, rule, retryAfterSeconds), answered };
      }
      const held = ids.map(({ id }) => {
        const counter = counterOf(id, rule, true).counter!;
        counter.count += 1;
        return { id, counter };
      });
      return {
        decision: { allowed: true },
        answered: (status) => {
          if (status === 401) return;
          // Given back only to the window it was taken from (a turned window has a new counter).
          for (const { id, counter } of held) if (counters.get(id) === counter && counter.count > 0) counter.count -= 1;
        },
      };
    },
    size: () => counters.size,
  };
};

/**
 * The client id of an HTTP Basic `Authorization` (RFC 6749 2.3.1: form-encoded,
 * then Basic) when it is shaped as a push client id of ours; undefined otherwise.
 */
export const basicClientId = (authorization: string | undefined): string | undefined => {
  const match = /^Basic[ ]+([A-Za-z0-9+/=]{1,1024})\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  let clientId: string;
  try {
    clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
  return carrierAccountOfClient(clientId) === undefined ? undefined : clientId;
};

/**
 * The limiter's rules from the environment of the local runtime:
 * `LOCAL_RATE_LIMIT_PER_KEY`, `LOCAL_RATE_LIMIT_PER_IP` (requests per window,
 * `off` or `0` turns a rule off) and `LOCAL_RATE_LIMIT_WINDOW_SECONDS`, each
 * defaulting to the given stage values. A malformed value stops the start.
 */
export const limitRulesFromEnv = (
  env: NodeJS.ProcessEnv,
  defaults: { perKey: number; perIp: number; windowSeconds: number; pushTokenFailures?: number },
): { perKey?: LimitRule; perIp?: LimitRule; pushTokenFailures?: LimitRule } => {
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
    ...(defaults.pushTokenFailures === undefined ? {} : { pushTokenFailures: { limit: defaults.pushTokenFailures, windowSeconds } }),
  };
};

/**
 * The limiter `npm start` applies: dev's limits, or those of `LOCAL_RATE_LIMIT_*`; a key of either prefix is counted per key;
 * refused push token attempts as lib/limits.ts's pushTokenLimits says.
 */
export const localRequestLimiter = (env: NodeJS.ProcessEnv, prefixes: KeyPrefixes): RequestLimiter =>
  createRequestLimiter({
    ...limitRulesFromEnv(env, {
      perKey: rateLimits.dev.perKey,
      perIp: rateLimits.dev.perIpWithoutKey,
      windowSeconds: rateLimits.dev.windowSeconds,
      pushTokenFailures: pushTokenLimits.failures,
    }),
    isWellFormedKey: (apiKey) => isWellFormedKey(apiKey, prefixes),
  });

/** One line for `npm start`'s banner: what the limiter allows, and how to change it. */
export const describeLimits = ({ rules }: RequestLimiter): string => {
  const rule = (r: LimitRule | undefined, who: string) => (r ? `${r.limit} requests per ${r.windowSeconds} s ${who}` : `no limit ${who}`);
  const failures = rules.pushTokenFailures
    ? `; ${rules.pushTokenFailures.limit} refused push token attempts per ${rules.pushTokenFailures.windowSeconds} s per client id and per IP`
    : '';
  return `${rule(rules.perKey, 'per API key')}, ${rule(rules.perIp, 'per IP without a valid key')}${failures} (429 THROTTLED beyond; LOCAL_RATE_LIMIT_PER_KEY, LOCAL_RATE_LIMIT_PER_IP)`;
};
