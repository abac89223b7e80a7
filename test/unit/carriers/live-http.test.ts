/** The wait before a live carrier's next attempt (shared/carriers/live-http.ts `nextWait`): its Retry-After, else a jittered backoff, never past the ceiling. */
import { nextWait, RetryableFailure } from '../../../shared/carriers/live-http';

const policy = (random = 1) => ({ maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 5_000, random: () => random });

describe('nextWait', () => {
  it('backs off with full jitter, doubling its ceiling per attempt', () => {
    const failure = new RetryableFailure('HTTP 503');
    expect(nextWait(1, failure, policy(1))).toBe(200);
    expect(nextWait(2, failure, policy(1))).toBe(400);
    expect(nextWait(2, failure, policy(0.5))).toBe(200);
    expect(nextWait(1, failure, policy(0))).toBe(0);
  });

  it('waits what the carrier asked (Retry-After), even when that is less than the backoff', () => {
    expect(nextWait(2, new RetryableFailure('HTTP 429', 50), policy(1))).toBe(50);
    expect(nextWait(1, new RetryableFailure('HTTP 429', 0), policy(1))).toBe(0);
  });

  it('gives up after the last attempt, and rather than wait past the ceiling', () => {
    expect(nextWait(3, new RetryableFailure('HTTP 503'), policy(1))).toBeUndefined();
    expect(nextWait(1, new RetryableFailure('HTTP 429', 5_001), policy(1))).toBeUndefined();
    // The backoff's ceiling never passes maxDelayMs, however many attempts are allowed.
    expect(nextWait(40, new RetryableFailure('HTTP 503'), { ...policy(1), maxAttempts: 1_000_000_000 })).toBe(5_000);
    // A billion attempts allowed and a Retry-After of a year: no wait is held.
    expect(nextWait(1, new RetryableFailure('HTTP 429', 365 * 24 * 3600 * 1000), { ...policy(1), maxAttempts: 1_000_000_000 })).toBeUndefined();
  });
});
