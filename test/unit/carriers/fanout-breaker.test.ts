/**
 * The rating fan-out with its carrier circuit breakers (shared/carriers/fanout.ts,
 * shared/carriers/breaker.ts): a carrier that keeps timing out is skipped as
 * `unavailable`, probed again later, and shows in the logs and metrics. The
 * breakers run on an injected clock; carrier timeouts are a few milliseconds
 * and nothing asserts on elapsed time.
 */
import { createCarrierBreakers, containerBreakers, type CarrierBreakers } from '../../../shared/carriers/breaker';
import { fanOutRates, type CarrierCall, type FanOutMetrics, type RateJob } from '../../../shared/carriers/fanout';
import type { LogPort } from '../../../shared/observability/logger';
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports, type SandboxNetworkOptions } from '../../../shared/carriers/sandbox/network';
import { CarrierError, CarrierRefusal, type CarrierQuote } from '../../../shared/domain/carrier';
import type { CarrierPort } from '../../../shared/carriers/port';
import { carrierMetrics } from '../../../shared/observability/metrics';
import { rateInput, rateRequest, withOptions } from './fixtures';
import { emfLines, type EmfLine } from '../../support/output';

const TIMEOUT_MS = 15;
const OPEN_MS = 30_000;

type Mode = 'answer' | 'hang' | 'http500' | 'refuse' | 'held';

/** A carrier of the test's making whose behaviour the test switches; counts the calls that reached it. */
const fakeCarrier = (code: string) => {
  let mode: Mode = 'answer';
  let release: (() => void) | undefined;
  const state = { calls: 0 };
  const quote = { carrierCode: code, serviceCode: `${code}_GROUND` } as CarrierQuote;
  const carrier: CarrierPort = {
    code,
    kind: 'parcel',
    ship: () => Promise.reject(new Error('rating tests do not ship')),
    track: () => Promise.reject(new Error('rating tests do not track')),
    cancel: () => Promise.reject(new Error('rating tests do not cancel')),
    buildRateRequest: async () => {
      if (mode === 'refuse') throw new CarrierRefusal(code, `${code} does not quote this`);
      return {};
    },
    rate: async (_request, { signal }) => {
      state.calls++;
      switch (mode) {
        case 'hang':
          return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
        case 'http500':
          throw new CarrierError(code, `${code} answered HTTP 500`);
        case 'held':
          await new Promise<void>((resolve) => (release = resolve));
          return [quote];
        default:
          return [quote];
      }
    },
  };
  return {
    carrier,
    state,
    set: (next: Mode) => {
      mode = next;
    },
    /** Lets a `held` call answer. */
    answer: () => release?.(),
  };
};

const setup = (failures = 3) => {
  let now = 0;
  const breakers = createCarrierBreakers({ settings: () => ({ failures, openMs: OPEN_MS }), clock: () => now });
  const x = fakeCarrier('CARRIERX');
  const y = fakeCarrier('CARRIERY');
  const calls: CarrierCall[] = [];
  const opened: string[] = [];
  const metrics: FanOutMetrics = { carrierCall: (c) => calls.push(c), breakerOpened: (code) => opened.push(code) };
  const logged: Array<[string, string, Record<string, unknown>]> = [];
  const logger: LogPort = {
    warn: (message, attributes) => logged.push(['warn', message, attributes]),
    info: (message, attributes) => logged.push(['info', message, attributes]),
    error: (message, attributes) => logged.push(['error', message, attributes]),
  };
  const input = rateInput('CARRIERX');
  const rate = () =>
    fanOutRates(
      [x, y].map((c) => ({ carrier: c.carrier, input })),
      { timeoutMs: TIMEOUT_MS, budgetMs: 5_000, breakers, metrics, logger },
    );
  return {
    breakers,
    x,
    y,
    calls,
    opened,
    logged,
    rate,
    advance: (ms: number) => {
      now += ms;
    },
    /** Forgets what was recorded so far. */
    clear: () => {
      calls.length = 0;
      opened.length = 0;
      logged.length = 0;
    },
  };
};

const reasons = (result: Awaited<ReturnType<typeof fanOutRates>>) => result.failures.map((f) => [f.carrierCode, f.reason]);

describe('rating fan-out with carrier breakers', () => {
  it('after three timeouts in a row the carrier is skipped as unavailable, without a call, and the others still answer', async () => {
    const t = setup();
    t.y.set('hang');
    for (let i = 0; i < 3; i++) expect(reasons(await t.rate())).toEqual([['CARRIERY', 'timeout']]);
    expect(t.y.state.calls).toBe(3);
    expect(t.opened).toEqual(['CARRIERY']);
    expect(t.logged).toContainEqual([
      'warn',
      'carrier breaker opened',
      { carrierCode: 'CARRIERY', reason: 'timeout', consecutiveTimeouts: 3, openSeconds: 30 },
    ]);

    t.clear();
    const skipped = await t.rate();
    expect(t.y.state.calls).toBe(3);
    expect(skipped.failures).toEqual([
      { carrierCode: 'CARRIERY', reason: 'unavailable', message: 'CARRIERY is skipped after 3 timeouts in a row; probed again in 30 s' },
    ]);
    expect(skipped.quotes.map((q) => q.carrierCode)).toEqual(['CARRIERX']);
    expect(t.calls.map((c) => [c.carrierCode, c.outcome])).toEqual(
      expect.arrayContaining([
        ['CARRIERX', 'answered'],
        ['CARRIERY', 'unavailable'],
      ]),
    );
    expect(t.logged).toEqual([['warn', 'carrier rate failed', { carrierCode: 'CARRIERY', reason: 'unavailable', detail: skipped.failures[0]!.message }]]);
    expect(t.opened).toEqual([]);
    expect(t.breakers.snapshot()).toMatchObject({ CARRIERX: { state: 'closed' }, CARRIERY: { state: 'open' } });
  });

  it('after the open time one request probes while a concurrent one skips; the answer closes the breaker', async () => {
    const t = setup();
    t.y.set('hang');
    for (let i = 0; i < 3; i++) await t.rate();
    t.advance(OPEN_MS);
    t.clear();

    t.y.set('held');
    const probing = t.rate();
    const concurrent = await t.rate();
    expect(reasons(concurrent)).toEqual([['CARRIERY', 'unavailable']]);
    expect(concurrent.failures[0]!.message).toMatch(/probe/);
    t.y.answer();
    const probed = await probing;
    expect(probed.failures).toEqual([]);
    expect(probed.quotes.map((q) => q.carrierCode)).toEqual(['CARRIERX', 'CARRIERY']);
    expect(t.y.state.calls).toBe(4);
    expect(t.logged.filter(([, message]) => message.startsWith('carrier breaker'))).toEqual([
      ['info', 'carrier breaker half-open, probing', { carrierCode: 'CARRIERY' }],
      ['info', 'carrier breaker closed', { carrierCode: 'CARRIERY', reason: 'probe answered' }],
    ]);

    t.y.set('answer');
    expect((await t.rate()).failures).toEqual([]);
    expect(t.breakers.snapshot().CARRIERY).toMatchObject({ state: 'closed', consecutiveTimeouts: 0 });
  });

  it('a probe that times out opens the breaker again, counted and logged as an opening', async () => {
    const t = setup();
    t.y.set('hang');
    for (let i = 0; i < 3; i++) await t.rate();
    t.advance(OPEN_MS);
    t.clear();
    expect(reasons(await t.rate())).toEqual([['CARRIERY', 'timeout']]);
    expect(t.opened).toEqual(['CARRIERY']);
    expect(t.logged).toContainEqual(['warn', 'carrier breaker opened', { carrierCode: 'CARRIERY', reason: 'probe timed out', openSeconds: 30 }]);
    expect(reasons(await t.rate())).toEqual([['CARRIERY', 'unavailable']]);
    expect(t.y.state.calls).toBe(4);
  });

  it('HTTP 500s never open it: the carrier is asked every time', async () => {
    const t = setup();
    t.y.set('http500');
    for (let i = 0; i < 6; i++) expect(reasons(await t.rate())).toEqual([['CARRIERY', 'error']]);
    expect(t.y.state.calls).toBe(6);
    expect(t.opened).toEqual([]);
  });

  it('refusals never reach the breaker, and a carrier that refuses says so even while its breaker is open', async () => {
    const t = setup();
    t.y.set('refuse');
    for (let i = 0; i < 6; i++) expect(reasons(await t.rate())).toEqual([['CARRIERY', 'refused']]);
    expect(t.breakers.snapshot().CARRIERY).toBeUndefined();

    t.y.set('hang');
    for (let i = 0; i < 3; i++) await t.rate();
    t.y.set('refuse');
    expect(reasons(await t.rate())).toEqual([['CARRIERY', 'refused']]);
    t.y.set('answer');
    expect(reasons(await t.rate())).toEqual([['CARRIERY', 'unavailable']]);
  });

  it('the overall rating budget running out counts as a timeout', async () => {
    let now = 0;
    const breakers = createCarrierBreakers({ settings: () => ({ failures: 2, openMs: OPEN_MS }), clock: () => now });
    const y = fakeCarrier('CARRIERY');
    y.set('hang');
    const jobs = [{ carrier: y.carrier, input: rateInput('CARRIERY') }];
    for (let i = 0; i < 2; i++) expect((await fanOutRates(jobs, { timeoutMs: 60_000, budgetMs: TIMEOUT_MS, breakers })).failures[0]!.message).toMatch(/budget/);
    expect(breakers.snapshot().CARRIERY!.state).toBe('open');
    now += 1;
    expect((await fanOutRates(jobs, { timeoutMs: 60_000, budgetMs: TIMEOUT_MS, breakers })).failures[0]!.reason).toBe('unavailable');
  });
});

describe('with the sandbox network', () => {
  const sandboxJobs = (options: SandboxNetworkOptions = {}, request = rateRequest()): RateJob[] =>
    createCarrierRegistry(createSandboxTransports(options)).sandboxPorts.map((carrier) => ({ carrier, input: rateInput(carrier.code, request) }));

  it('a carrier that never answers is skipped once its breaker opens; the other three still quote', async () => {
    const breakers: CarrierBreakers = createCarrierBreakers({ settings: () => ({ failures: 2, openMs: OPEN_MS }), clock: () => 0 });
    const jobs = sandboxJobs({ faults: { CARRIERZ: { error: 'timeout' } } });
    const options = { timeoutMs: TIMEOUT_MS, budgetMs: 5_000, breakers, metrics: { carrierCall: () => undefined } };
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(reasons(await fanOutRates(jobs, options)));
    expect(seen).toEqual([[['CARRIERZ', 'timeout']], [['CARRIERZ', 'timeout']], [['CARRIERZ', 'unavailable']], [['CARRIERZ', 'unavailable']]]);
    const last = await fanOutRates(jobs, options);
    expect(new Set(last.quotes.map((q) => q.carrierCode))).toEqual(new Set(['CARRIERX', 'CARRIERY', 'CARRIERF']));
  });

  it('parcel carriers refuse a non-conveyable shipment as refused, whatever their breakers say', async () => {
    const breakers = createCarrierBreakers({ settings: () => ({ failures: 1, openMs: OPEN_MS }), clock: () => 0 });
    await fanOutRates(sandboxJobs({ faults: { CARRIERX: { error: 'timeout' } } }), { timeoutMs: TIMEOUT_MS, budgetMs: 5_000, breakers });
    const result = await fanOutRates(sandboxJobs({}, withOptions(rateRequest(), { nonConveyable: true })), {
      timeoutMs: TIMEOUT_MS,
      budgetMs: 5_000,
      breakers,
    });
    expect(reasons(result)).toEqual([
      ['CARRIERX', 'refused'],
      ['CARRIERY', 'refused'],
      ['CARRIERZ', 'refused'],
    ]);
  });
});

describe("by default the container's breakers, with the configured settings", () => {
  const saved = process.env.CARRIER_BREAKER_FAILURES;
  afterEach(() => {
    if (saved === undefined) delete process.env.CARRIER_BREAKER_FAILURES;
    else process.env.CARRIER_BREAKER_FAILURES = saved;
  });

  it('CARRIER_BREAKER_FAILURES=1 opens on the first timeout', async () => {
    process.env.CARRIER_BREAKER_FAILURES = '1';
    const deaf = fakeCarrier('DEFAULTED');
    deaf.set('hang');
    const jobs = [{ carrier: deaf.carrier, input: rateInput('CARRIERX') }];
    const metrics = { carrierCall: () => undefined };
    expect(reasons(await fanOutRates(jobs, { timeoutMs: TIMEOUT_MS, budgetMs: 5_000, metrics }))).toEqual([['DEFAULTED', 'timeout']]);
    expect(reasons(await fanOutRates(jobs, { timeoutMs: TIMEOUT_MS, budgetMs: 5_000, metrics }))).toEqual([['DEFAULTED', 'unavailable']]);
    expect(containerBreakers.snapshot().DEFAULTED).toMatchObject({ state: 'open' });
  });
});

describe('the default metrics port (EMF)', () => {
  const saved = { disabled: process.env.POWERTOOLS_METRICS_DISABLED, namespace: process.env.POWERTOOLS_METRICS_NAMESPACE };
  beforeAll(() => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    process.env.POWERTOOLS_METRICS_NAMESPACE = 'ShippingApi/test';
  });
  afterAll(() => {
    for (const [name, value] of [
      ['POWERTOOLS_METRICS_DISABLED', saved.disabled],
      ['POWERTOOLS_METRICS_NAMESPACE', saved.namespace],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const names = (line: EmfLine) => line._aws.CloudWatchMetrics[0]!.Metrics.map((m) => m.Name);

  it('a skipped carrier: outcome unavailable, counted as a failure, no latency', async () => {
    const [line] = await emfLines(() => carrierMetrics.carrierCall({ carrierCode: 'CARRIERY', latencyMs: 0.01, outcome: 'unavailable' }));
    expect(names(line!)).toEqual(['CarrierFailures']);
    expect(line).toMatchObject({ carrier: 'CARRIERY', outcome: 'unavailable', CarrierFailures: 1 });
    expect(line).not.toHaveProperty('CarrierLatency');
  });

  it('a breaker opening: CarrierBreakerOpened 1 with the carrier', async () => {
    const [line] = await emfLines(() => carrierMetrics.breakerOpened!('CARRIERY'));
    expect(names(line!)).toEqual(['CarrierBreakerOpened']);
    expect(line).toMatchObject({ service: 'shipping-api', carrier: 'CARRIERY', CarrierBreakerOpened: 1 });
  });
});
