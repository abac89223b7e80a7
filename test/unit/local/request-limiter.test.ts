import { pushTokenLimits } from '../../../lib/limits';
import { basicClientId, createRequestLimiter, limitRulesFromEnv, localRequestLimiter } from '../../../local/request-limiter';

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

describe('refused attempts at a push token URL (UPS Track Alert)', () => {
  const CLIENT_A = '11111111-1111-4111-8111-111111111111.0a0b0c0d';
  const CLIENT_B = '22222222-2222-4222-8222-222222222222.01020304';
  const basic = (clientId: string, secret = 'wrong') => `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${secret}`).toString('base64')}`;
  const limiterAt = (time: ReturnType<typeof clock>, limit = 3) =>
    createRequestLimiter({ pushTokenFailures: { limit, windowSeconds: 60 }, isWellFormedKey, now: time.now });
  type Limiter = ReturnType<typeof limiterAt>;
  /** One attempt answered `status`; its decision. */
  const attempt = (limiter: Limiter, authorization: string | undefined, ip: string, status = 401) => {
    const { decision, answered } = limiter.pushTokenAttempt({ authorization, ip });
    if (decision.allowed) answered(status);
    return decision;
  };

  it('refuses a client id once it has used up its failures of the window, from any IP, the right secret included, until the window turns', () => {
    const time = clock(Date.UTC(2026, 10, 22, 12, 0, 15));
    const limiter = limiterAt(time);
    for (let i = 0; i < 3; i++) expect(attempt(limiter, basic(CLIENT_A), `10.0.0.${i}`).allowed).toBe(true);
    expect(attempt(limiter, basic(CLIENT_A, 'right'), '10.0.0.9', 200)).toEqual({
      allowed: false,
      rule: 'client',
      limit: 3,
      windowSeconds: 60,
      retryAfterSeconds: 45,
    });
    // Another client id from a fresh IP is not touched.
    expect(attempt(limiter, basic(CLIENT_B), '10.0.0.10').allowed).toBe(true);
    time.advance(45_000);
    expect(attempt(limiter, basic(CLIENT_A), '10.0.0.9').allowed).toBe(true);
  });

  it('refuses an IP once it has used up its failures, whatever client id (or none, or garbage) it sends next', () => {
    const limiter = limiterAt(clock());
    for (const authorization of [basic(CLIENT_A), undefined, 'Basic !!!']) attempt(limiter, authorization, '10.0.0.1');
    expect(attempt(limiter, basic(CLIENT_B), '10.0.0.1')).toMatchObject({ allowed: false, rule: 'ip' });
    expect(attempt(limiter, undefined, '10.0.0.1')).toMatchObject({ allowed: false, rule: 'ip' });
    expect(attempt(limiter, basic(CLIENT_B), '10.0.0.2').allowed).toBe(true);
  });

  it('an attempt answered other than 401 is given back: good requests never use up the budget', () => {
    const limiter = limiterAt(clock(), 1);
    for (let i = 0; i < 100; i++) expect(attempt(limiter, basic(CLIENT_A, 'right'), '10.0.0.1', i % 2 ? 200 : 400).allowed).toBe(true);
    expect(attempt(limiter, basic(CLIENT_A), '10.0.0.1').allowed).toBe(true);
    expect(attempt(limiter, basic(CLIENT_A, 'right'), '10.0.0.1', 200).allowed).toBe(false);
  });

  it('counts an attempt from its start: a burst in parallel gets no more than the budget checked', () => {
    const limiter = limiterAt(clock());
    const started = Array.from({ length: 50 }, (_, i) => limiter.pushTokenAttempt({ authorization: basic(CLIENT_A, `wrong-${i}`), ip: `10.0.1.${i}` }));
    expect(started.filter((a) => a.decision.allowed)).toHaveLength(3);
    for (const a of started) a.answered(401);
  });

  it('gives back to the window the attempt was taken from, never to the next one', () => {
    const time = clock(Date.UTC(2026, 10, 22, 12, 0, 59));
    const limiter = limiterAt(time, 1);
    const slow = limiter.pushTokenAttempt({ authorization: basic(CLIENT_A, 'right'), ip: '10.0.0.1' });
    time.advance(2_000);
    attempt(limiter, basic(CLIENT_A), '10.0.0.2');
    slow.answered(200);
    expect(attempt(limiter, basic(CLIENT_A, 'right'), '10.0.0.3', 200)).toMatchObject({ allowed: false, rule: 'client' });
  });

  it('gives a counter only to a client id shaped as ours: random ids are counted by their IP alone', () => {
    const limiter = limiterAt(clock(), 1_000);
    for (let i = 0; i < 50; i++) attempt(limiter, basic(`guess-${i}`), '10.0.0.1');
    expect(limiter.size()).toBe(1);
    expect(basicClientId(basic(CLIENT_A))).toBe(CLIENT_A);
    for (const authorization of [
      undefined,
      '',
      'Bearer x',
      `Basic ${Buffer.from('no colon').toString('base64')}`,
      `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}`,
    ]) {
      expect(basicClientId(authorization)).toBeUndefined();
    }
  });

  it('npm start applies the budget of lib/limits.ts over the local window', () => {
    expect(localRequestLimiter({ LOCAL_RATE_LIMIT_WINDOW_SECONDS: '120' }, { live: 'ship', test: 'shiptest' }).rules.pushTokenFailures).toEqual({
      limit: pushTokenLimits.failures,
      windowSeconds: 120,
    });
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
