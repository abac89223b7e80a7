/**
 * The carrier circuit breaker's state machine (shared/carriers/breaker.ts),
 * on an injected clock: nothing here waits.
 */
import {
  configuredBreakerSettings,
  containerBreakers,
  createCarrierBreaker,
  createCarrierBreakers,
  type BreakerSettings,
  type CallOutcome,
  type CarrierBreaker,
} from '../../../shared/carriers/breaker';

const OPEN_MS = 30_000;

const setup = (settings: BreakerSettings = { failures: 3, openMs: OPEN_MS }) => {
  let now = 1_000_000;
  const current = { ...settings };
  const breaker = createCarrierBreaker('CARRIERY', { settings: () => current, clock: () => now });
  return {
    breaker,
    settings: current,
    advance: (ms: number) => {
      now += ms;
    },
  };
};

/** One call through the breaker that ends with `outcome`; what the breaker said. */
const call = (breaker: CarrierBreaker, outcome: CallOutcome) => {
  const admission = breaker.acquire();
  if (!admission.permit) return { skipped: true as const, reason: admission.reason };
  return { skipped: false as const, admitted: admission.transition, released: breaker.release(admission.permit, outcome) };
};

const trip = (breaker: CarrierBreaker, failures = 3) => {
  for (let i = 0; i < failures; i++) call(breaker, 'timeout');
  expect(breaker.snapshot().state).toBe('open');
};

describe('carrier circuit breaker', () => {
  it('starts closed and lets every call through', () => {
    const { breaker } = setup();
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveTimeouts: 0, probeInFlight: false });
    for (let i = 0; i < 10; i++) expect(call(breaker, 'answered')).toMatchObject({ skipped: false, released: undefined });
  });

  it('opens on the configured number of timeouts in a row, and says so once', () => {
    const { breaker } = setup();
    expect(call(breaker, 'timeout')).toMatchObject({ released: undefined });
    expect(call(breaker, 'timeout')).toMatchObject({ released: undefined });
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveTimeouts: 2 });
    expect(call(breaker, 'timeout')).toMatchObject({
      released: { carrierCode: 'CARRIERY', from: 'closed', to: 'open', consecutiveTimeouts: 3, openMs: OPEN_MS },
    });
    expect(breaker.snapshot()).toEqual({ state: 'open', consecutiveTimeouts: 3, openUntil: 1_000_000 + OPEN_MS, probeInFlight: false });
  });

  it('an answer resets the run of timeouts', () => {
    const { breaker } = setup();
    call(breaker, 'timeout');
    call(breaker, 'timeout');
    call(breaker, 'answered');
    call(breaker, 'timeout');
    call(breaker, 'timeout');
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveTimeouts: 2 });
  });

  it('errors (HTTP 500, malformed answers) neither count nor break a run of timeouts', () => {
    const { breaker } = setup();
    for (let i = 0; i < 10; i++) call(breaker, 'error');
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveTimeouts: 0 });
    call(breaker, 'timeout');
    call(breaker, 'error');
    call(breaker, 'timeout');
    call(breaker, 'error');
    call(breaker, 'timeout');
    expect(breaker.snapshot().state).toBe('open');
  });

  it('while open, every call is skipped with a reason, until the open time has passed', () => {
    const { breaker, advance } = setup();
    trip(breaker);
    const skipped = call(breaker, 'answered');
    expect(skipped).toEqual({ skipped: true, reason: 'CARRIERY is skipped after 3 timeouts in a row; probed again in 30 s' });
    advance(OPEN_MS - 1);
    expect(call(breaker, 'answered')).toEqual({ skipped: true, reason: 'CARRIERY is skipped after 3 timeouts in a row; probed again in 1 s' });
    expect(breaker.snapshot().state).toBe('open');
  });

  it('after the open time one probe goes through while the others keep skipping; an answer closes it', () => {
    const { breaker, advance } = setup();
    trip(breaker);
    advance(OPEN_MS);
    const probe = breaker.acquire();
    expect(probe).toEqual({ permit: expect.objectContaining({ probe: true }), transition: { carrierCode: 'CARRIERY', from: 'open', to: 'half-open' } });
    expect(breaker.snapshot()).toMatchObject({ state: 'half-open', probeInFlight: true });
    expect(breaker.acquire()).toEqual({ reason: 'CARRIERY is skipped while a probe request finds out whether it answers again' });
    expect(breaker.acquire().permit).toBeUndefined();

    expect(breaker.release(probe.permit!, 'answered')).toEqual({ carrierCode: 'CARRIERY', from: 'half-open', to: 'closed' });
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveTimeouts: 0, probeInFlight: false });
    expect(call(breaker, 'answered')).toMatchObject({ skipped: false });
  });

  it('a probe that times out opens it again for the whole open time', () => {
    const { breaker, advance } = setup();
    trip(breaker);
    advance(OPEN_MS + 5_000);
    const probe = breaker.acquire();
    advance(3_000); // the probe waits its carrier timeout
    expect(breaker.release(probe.permit!, 'timeout')).toEqual({ carrierCode: 'CARRIERY', from: 'half-open', to: 'open', openMs: OPEN_MS });
    expect(breaker.snapshot()).toMatchObject({ state: 'open', openUntil: 1_000_000 + OPEN_MS + 5_000 + 3_000 + OPEN_MS });
    advance(OPEN_MS - 1);
    expect(call(breaker, 'answered').skipped).toBe(true);
    advance(1);
    expect(call(breaker, 'answered')).toMatchObject({ skipped: false, released: { to: 'closed' } });
  });

  it('a probe that ends in an error leaves it half-open: the next call probes', () => {
    const { breaker, advance } = setup();
    trip(breaker);
    advance(OPEN_MS);
    expect(call(breaker, 'error')).toMatchObject({ skipped: false, admitted: { to: 'half-open' }, released: undefined });
    expect(breaker.snapshot()).toMatchObject({ state: 'half-open', probeInFlight: false });
    const next = breaker.acquire();
    expect(next).toEqual({ permit: expect.objectContaining({ probe: true }) });
    expect(breaker.acquire().permit).toBeUndefined();
    expect(breaker.release(next.permit!, 'answered')).toMatchObject({ to: 'closed' });
  });

  it('outcomes of calls let through before the breaker opened are ignored', () => {
    const { breaker, advance } = setup();
    const early = [breaker.acquire().permit!, breaker.acquire().permit!];
    trip(breaker);
    const openUntil = breaker.snapshot().openUntil;
    advance(1_000);
    expect(breaker.release(early[0]!, 'timeout')).toBeUndefined();
    expect(breaker.release(early[1]!, 'answered')).toBeUndefined();
    expect(breaker.snapshot()).toMatchObject({ state: 'open', openUntil });

    // Nor do they decide the probe: only the probe's own outcome does.
    const late = breaker.acquire();
    expect(late.permit).toBeUndefined();
    advance(OPEN_MS);
    const probe = breaker.acquire().permit!;
    expect(breaker.release(early[1]!, 'answered')).toBeUndefined();
    expect(breaker.snapshot().state).toBe('half-open');
    expect(breaker.release(probe, 'answered')).toMatchObject({ to: 'closed' });
  });

  it('a probe that never reports is presumed lost after the open time, and another call probes', () => {
    const { breaker, advance } = setup();
    trip(breaker);
    advance(OPEN_MS);
    const lost = breaker.acquire().permit!;
    advance(OPEN_MS - 1);
    expect(breaker.acquire().permit).toBeUndefined();
    advance(1);
    const second = breaker.acquire().permit!;
    expect(second.probe).toBe(true);
    // The lost probe, should it ever report, no longer counts.
    expect(breaker.release(lost, 'timeout')).toBeUndefined();
    expect(breaker.snapshot().state).toBe('half-open');
    expect(breaker.release(second, 'answered')).toMatchObject({ to: 'closed' });
  });

  it('failures 0 turns it off: it never opens, and an open breaker lets calls through again', () => {
    const off = setup({ failures: 0, openMs: OPEN_MS });
    for (let i = 0; i < 20; i++) call(off.breaker, 'timeout');
    expect(off.breaker.snapshot().state).toBe('closed');

    const { breaker, settings } = setup();
    trip(breaker);
    settings.failures = 0;
    expect(call(breaker, 'timeout')).toMatchObject({ skipped: false, released: undefined });
    expect(breaker.snapshot().state).toBe('closed');
  });

  it('the settings are read on use: a lower count applies to the run under way', () => {
    const { breaker, settings } = setup({ failures: 5, openMs: OPEN_MS });
    call(breaker, 'timeout');
    call(breaker, 'timeout');
    settings.failures = 3;
    expect(call(breaker, 'timeout')).toMatchObject({ released: { to: 'open', consecutiveTimeouts: 3 } });
  });

  it('a breaker per carrier code, created on first use', () => {
    const breakers = createCarrierBreakers({ settings: () => ({ failures: 1, openMs: OPEN_MS }), clock: () => 0 });
    expect(breakers.snapshot()).toEqual({});
    call(breakers.get('CARRIERX'), 'timeout');
    call(breakers.get('CARRIERZ'), 'answered');
    expect(breakers.get('CARRIERX')).toBe(breakers.get('CARRIERX'));
    expect(breakers.snapshot()).toEqual({
      CARRIERX: { state: 'open', consecutiveTimeouts: 1, openUntil: OPEN_MS, probeInFlight: false },
      CARRIERZ: { state: 'closed', consecutiveTimeouts: 0, probeInFlight: false },
    });
    expect(containerBreakers).not.toBe(breakers);
  });
});

describe('breaker settings (CARRIER_BREAKER_FAILURES, CARRIER_BREAKER_OPEN_SECONDS)', () => {
  const saved = { failures: process.env.CARRIER_BREAKER_FAILURES, open: process.env.CARRIER_BREAKER_OPEN_SECONDS };
  afterEach(() => {
    for (const [name, value] of [
      ['CARRIER_BREAKER_FAILURES', saved.failures],
      ['CARRIER_BREAKER_OPEN_SECONDS', saved.open],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('default to 3 timeouts in a row and 30 s open', () => {
    delete process.env.CARRIER_BREAKER_FAILURES;
    delete process.env.CARRIER_BREAKER_OPEN_SECONDS;
    expect(configuredBreakerSettings()).toEqual({ failures: 3, openMs: 30_000 });
  });

  it('come from the environment', () => {
    process.env.CARRIER_BREAKER_FAILURES = '0';
    process.env.CARRIER_BREAKER_OPEN_SECONDS = '2.5';
    expect(configuredBreakerSettings()).toEqual({ failures: 0, openMs: 2_500 });
  });

  it.each([
    ['CARRIER_BREAKER_FAILURES', '-1', 'CARRIER_BREAKER_FAILURES must be a whole number'],
    ['CARRIER_BREAKER_FAILURES', '1.5', 'CARRIER_BREAKER_FAILURES must be a whole number'],
    ['CARRIER_BREAKER_FAILURES', 'three', 'CARRIER_BREAKER_FAILURES must be a number'],
    ['CARRIER_BREAKER_OPEN_SECONDS', '0', 'CARRIER_BREAKER_OPEN_SECONDS must be more than 0'],
  ])('%s=%s is refused', (name, value, message) => {
    process.env[name] = value;
    expect(() => configuredBreakerSettings()).toThrow(message);
  });
});
