import { createRequestLimiter, limitRulesFromEnv } from '../../../local/request-limiter';

const KEY_A = `ship_api_${'a'.repeat(32)}`;
const KEY_B = `ship_api_${'b'.repeat(32)}`;
const isWellFormedKey = (key: string) => /^ship_api_[0-9a-f]{32}$/.test(key);

const clock = (start = Date.UTC(2026, 10, 22, 12, 0, 0)) => {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

describe('request limiter', () => {
  it('lets a key make `limit` requests per window, then answers with the seconds to the window end', () => {
    const time = clock(Date.UTC(2026, 10, 22, 12, 0, 10));
    const limiter = createRequestLimiter({ perKey: { limit: 3, windowSeconds: 60 }, isWellFormedKey, now: time.now });
    const decisions = Array.from({ length: 4 }, () => limiter.check({ apiKey: KEY_A, ip: '127.0.0.1' }));
    expect(decisions.slice(0, 3).every((d) => d.allowed)).toBe(true);
    expect(decisions[3]).toEqual({ allowed: false, rule: 'key', limit: 3, windowSeconds: 60, retryAfterSeconds: 50 });
    // Another key has its own count; the same key is allowed again once the window turns.
    expect(limiter.check({ apiKey: KEY_B, ip: '127.0.0.1' }).allowed).toBe(true);
    time.advance(50_000);
    expect(limiter.check({ apiKey: KEY_A, ip: '127.0.0.1' }).allowed).toBe(true);
  });

  it('never tells a caller to retry in less than a second', () => {
    const time = clock(Date.UTC(2026, 10, 22, 12, 0, 59) + 999);
    const limiter = createRequestLimiter({ perKey: { limit: 1, windowSeconds: 60 }, isWellFormedKey, now: time.now });
    limiter.check({ apiKey: KEY_A, ip: '1.1.1.1' });
    expect(limiter.check({ apiKey: KEY_A, ip: '1.1.1.1' })).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it('counts requests without a well-formed key by IP, whatever key text they carry', () => {
    const time = clock();
    const limiter = createRequestLimiter({ perKey: { limit: 100, windowSeconds: 60 }, perIp: { limit: 2, windowSeconds: 60 }, isWellFormedKey, now: time.now });
    expect(limiter.check({ ip: '10.0.0.1' }).allowed).toBe(true);
    expect(limiter.check({ apiKey: 'constructor', ip: '10.0.0.1' }).allowed).toBe(true);
    expect(limiter.check({ apiKey: `${KEY_A}x`, ip: '10.0.0.1' })).toMatchObject({ allowed: false, rule: 'ip' });
    // The IP's block does not touch a well-formed key sent from it, nor another IP.
    expect(limiter.check({ apiKey: KEY_A, ip: '10.0.0.1' }).allowed).toBe(true);
    expect(limiter.check({ ip: '10.0.0.2' }).allowed).toBe(true);
  });

  it('a rule left out does not limit', () => {
    const limiter = createRequestLimiter({ isWellFormedKey });
    for (let i = 0; i < 1000; i++) expect(limiter.check({ apiKey: KEY_A, ip: '1.1.1.1' }).allowed).toBe(true);
    expect(limiter.size()).toBe(0);
  });

  it('keeps at most maxTracked counters when a caller rotates keys, dropping the stalest', () => {
    const time = clock();
    const limiter = createRequestLimiter({ perKey: { limit: 1, windowSeconds: 300 }, isWellFormedKey, maxTracked: 100, now: time.now });
    for (let i = 0; i < 10_000; i++) limiter.check({ apiKey: `ship_api_${i.toString(16).padStart(32, '0')}`, ip: '1.1.1.1' });
    expect(limiter.size()).toBe(100);
    // The newest key is still counted; the first one was dropped and starts afresh.
    expect(limiter.check({ apiKey: `ship_api_${(9999).toString(16).padStart(32, '0')}`, ip: '1.1.1.1' }).allowed).toBe(false);
    expect(limiter.check({ apiKey: `ship_api_${'0'.repeat(32)}`, ip: '1.1.1.1' }).allowed).toBe(true);
  });
});

describe('limit rules from the environment', () => {
  const defaults = { perKey: 600, perIp: 100, windowSeconds: 300 };

  it('defaults to the given stage values', () => {
    expect(limitRulesFromEnv({}, defaults)).toEqual({ perKey: { limit: 600, windowSeconds: 300 }, perIp: { limit: 100, windowSeconds: 300 } });
  });

  it('reads numbers and off', () => {
    expect(limitRulesFromEnv({ LOCAL_RATE_LIMIT_PER_KEY: '5', LOCAL_RATE_LIMIT_PER_IP: 'off', LOCAL_RATE_LIMIT_WINDOW_SECONDS: '60' }, defaults)).toEqual({
      perKey: { limit: 5, windowSeconds: 60 },
    });
    expect(limitRulesFromEnv({ LOCAL_RATE_LIMIT_PER_KEY: '0' }, defaults).perKey).toBeUndefined();
  });

  it.each([
    ['LOCAL_RATE_LIMIT_PER_KEY', '-1'],
    ['LOCAL_RATE_LIMIT_PER_KEY', '1e9'],
    ['LOCAL_RATE_LIMIT_PER_KEY', '99999999999999999999'],
    ['LOCAL_RATE_LIMIT_PER_IP', 'lots'],
    ['LOCAL_RATE_LIMIT_WINDOW_SECONDS', 'off'],
    ['LOCAL_RATE_LIMIT_WINDOW_SECONDS', '999999'],
  ])('refuses %s=%s with the variable named', (name, value) => {
    expect(() => limitRulesFromEnv({ [name]: value }, defaults)).toThrow(name);
  });
});
