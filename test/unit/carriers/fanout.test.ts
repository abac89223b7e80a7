import { Logger } from '@aws-lambda-powertools/logger';
import { fanOutRates, type RateJob } from '../../../shared/carriers/fanout';
import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports, type SandboxNetworkOptions } from '../../../shared/carriers/sandbox/network';
import { createLogger, type LogPort } from '../../../shared/observability/logger';
import type { CarrierPort } from '../../../shared/carriers/port';
import { CarrierAccountUnusable } from '../../../shared/domain/carrier';
import { rateInput, rateRequest, withOptions } from './fixtures';
import { captureOutput } from '../../support/output';
import { readEnvironment } from '../../../shared/config';

// The sandbox carriers, in the registry's order (by code).
const ALL = ['CARRIERF', 'CARRIERX', 'CARRIERY', 'CARRIERZ'];

function jobs(options: SandboxNetworkOptions = {}, request = rateRequest()): RateJob[] {
  const { sandboxPorts: carriers } = createCarrierRegistry(createSandboxTransports(options));
  return carriers.map((carrier) => ({ carrier, input: rateInput(carrier.code, request) }));
}

const carriersQuoted = (result: Awaited<ReturnType<typeof fanOutRates>>) => [...new Set(result.quotes.map((q) => q.carrierCode))];

/** A carrier of the test's own making, for behaviours the sandbox does not have. */
const carrierThat = (code: string, behaviour: Pick<CarrierPort, 'buildRateRequest' | 'rate'>): CarrierPort => ({
  code,
  kind: 'parcel',
  ship: () => Promise.reject(new Error('rating tests do not ship')),
  track: () => Promise.reject(new Error('rating tests do not track')),
  cancel: () => Promise.reject(new Error('rating tests do not cancel')),
  ...behaviour,
});

describe('rating fan-out', () => {
  it('collects the quotes of every carrier, in job order', async () => {
    const result = await fanOutRates(jobs(), { timeoutMs: 2_000, budgetMs: 5_000 });
    expect(result.failures).toEqual([]);
    expect(carriersQuoted(result)).toEqual(ALL);
    expect(result.quotes).toHaveLength(3 + 4 + 3 + 2);
    expect(result.quotes.every(({ carrierCode, quote }) => quote.carrierCode === carrierCode)).toBe(true);
  });

  it('a slow carrier times out while the others return', async () => {
    const started = Date.now();
    const result = await fanOutRates(jobs({ faults: { CARRIERY: { latencyMs: 30_000 } } }), { timeoutMs: 100, budgetMs: 10_000 });
    expect(carriersQuoted(result)).toEqual(['CARRIERF', 'CARRIERX', 'CARRIERZ']);
    expect(result.failures).toEqual([{ carrierCode: 'CARRIERY', reason: 'timeout', message: 'CARRIERY did not answer within 100 ms' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a carrier that never answers times out', async () => {
    const result = await fanOutRates(jobs({ faults: { CARRIERX: { error: 'timeout' } } }), { timeoutMs: 50, budgetMs: 10_000 });
    expect(result.failures.map((f) => [f.carrierCode, f.reason])).toEqual([['CARRIERX', 'timeout']]);
    expect(carriersQuoted(result)).toEqual(['CARRIERF', 'CARRIERY', 'CARRIERZ']);
  });

  it('a failing carrier is reported and the others still return', async () => {
    const result = await fanOutRates(jobs({ faults: { CARRIERZ: { error: 'http500' }, CARRIERF: { error: 'malformed' } } }), {
      timeoutMs: 2_000,
      budgetMs: 5_000,
    });
    expect(carriersQuoted(result)).toEqual(['CARRIERX', 'CARRIERY']);
    expect(result.failures).toEqual([
      { carrierCode: 'CARRIERF', reason: 'error', message: expect.stringMatching(/malformed/) },
      { carrierCode: 'CARRIERZ', reason: 'error', message: expect.stringMatching(/HTTP 500/) },
    ]);
  });

  it('builders that refuse count as refused', async () => {
    const result = await fanOutRates(jobs({}, withOptions(rateRequest(), { nonConveyable: true })), { timeoutMs: 2_000, budgetMs: 5_000 });
    expect(carriersQuoted(result)).toEqual(['CARRIERF']);
    expect(result.failures.map((f) => [f.carrierCode, f.reason])).toEqual([
      ['CARRIERX', 'refused'],
      ['CARRIERY', 'refused'],
      ['CARRIERZ', 'refused'],
    ]);
  });

  it('the overall budget is respected even when per-carrier timeouts are longer', async () => {
    const started = Date.now();
    const result = await fanOutRates(jobs({ faults: { CARRIERY: { latencyMs: 30_000 }, CARRIERZ: { error: 'timeout' } } }), {
      timeoutMs: 60_000,
      budgetMs: 80,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(carriersQuoted(result)).toEqual(['CARRIERF', 'CARRIERX']);
    expect(result.failures).toEqual([
      { carrierCode: 'CARRIERY', reason: 'timeout', message: 'CARRIERY did not answer within the rating budget of 80 ms' },
      { carrierCode: 'CARRIERZ', reason: 'timeout', message: 'CARRIERZ did not answer within the rating budget of 80 ms' },
    ]);
  });

  it('a carrier that ignores the abort signal is still cut off', async () => {
    const deaf = carrierThat('DEAF', { buildRateRequest: async () => ({}), rate: () => new Promise(() => undefined) });
    const result = await fanOutRates([{ carrier: deaf, input: rateInput('CARRIERX') }, ...jobs().slice(1, 2)], { timeoutMs: 50, budgetMs: 5_000 });
    expect(result.failures).toEqual([{ carrierCode: 'DEAF', reason: 'timeout', message: 'DEAF did not answer within 50 ms' }]);
    expect(carriersQuoted(result)).toEqual(['CARRIERX']);
  });

  it('a builder that breaks is an error, not a crash of the call', async () => {
    const broken = carrierThat('BROKEN', {
      buildRateRequest: () => {
        throw new TypeError('cannot read the request');
      },
      rate: async () => [],
    });
    const result = await fanOutRates([{ carrier: broken, input: rateInput('CARRIERX') }, ...jobs().slice(2, 3)], { timeoutMs: 2_000, budgetMs: 5_000 });
    expect(result.failures).toEqual([{ carrierCode: 'BROKEN', reason: 'error', message: 'cannot read the request' }]);
    expect(carriersQuoted(result)).toEqual(['CARRIERY']);
  });

  it('an account that cannot be used counts as not-configured, neither refused nor an error of the carrier', async () => {
    const unusable = carrierThat('LIVEQ', {
      buildRateRequest: async () => ({}),
      rate: () => Promise.reject(new CarrierAccountUnusable('LIVEQ', 'the LIVEQ carrier account has no password')),
    });
    const result = await fanOutRates([{ carrier: unusable, input: rateInput('CARRIERX') }], { timeoutMs: 2_000, budgetMs: 5_000 });
    expect(result.failures).toEqual([
      { carrierCode: 'LIVEQ', reason: 'not-configured', message: 'the LIVEQ carrier account has no password; the operator must fix the carrier account' },
    ]);
  });

  it('when every carrier fails there are no quotes and every failure is listed', async () => {
    const faults = Object.fromEntries(ALL.map((code) => [code, { error: 'http500' as const }]));
    const result = await fanOutRates(jobs({ faults }), { timeoutMs: 2_000, budgetMs: 5_000 });
    expect(result.quotes).toEqual([]);
    expect(result.failures.map((f) => f.carrierCode)).toEqual(ALL);
  });

  it('logs each failure', async () => {
    const logged: Array<[string, Record<string, unknown>]> = [];
    const record = (message: string, attributes: Record<string, unknown>) => logged.push([message, attributes]);
    const logger: LogPort = { info: record, warn: record, error: record };
    await fanOutRates(jobs({ faults: { CARRIERZ: { error: 'http500' } } }), { timeoutMs: 2_000, budgetMs: 5_000, logger });
    expect(logged).toEqual([['carrier rate failed', { carrierCode: 'CARRIERZ', reason: 'error', detail: expect.stringMatching(/HTTP 500/) }]]);
  });

  it('accepts a Powertools logger', async () => {
    const logger: LogPort = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
    const result = await fanOutRates(jobs({ faults: { CARRIERZ: { error: 'http500' } } }), { timeoutMs: 2_000, budgetMs: 5_000, logger });
    expect(result.failures).toHaveLength(1);
  });

  it("through the service's Powertools logger, the failure line keeps every attribute: no reserved key is passed", async () => {
    const written: string[] = [];
    const restore = captureOutput(written);
    try {
      await fanOutRates(jobs({ faults: { CARRIERZ: { error: 'http500' } } }), {
        timeoutMs: 2_000,
        budgetMs: 5_000,
        logger: createLogger(readEnvironment({ LOG_LEVEL: 'DEBUG' })),
      });
    } finally {
      restore();
    }
    // Powertools drops a reserved key with a warning line of its own ("The key ... is a reserved key and will be dropped").
    const lines = written
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'carrier rate failed',
        carrierCode: 'CARRIERZ',
        reason: 'error',
        detail: expect.stringMatching(/HTTP 500/),
      }),
    ]);
  });

  describe('defaults', () => {
    const saved = { timeout: process.env.CARRIER_TIMEOUT_MS, budget: process.env.RATE_BUDGET_MS };
    afterEach(() => {
      for (const [name, value] of [
        ['CARRIER_TIMEOUT_MS', saved.timeout],
        ['RATE_BUDGET_MS', saved.budget],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('come from config.carrierTimeoutMs and config.rateBudgetMs', async () => {
      process.env.CARRIER_TIMEOUT_MS = '40';
      process.env.RATE_BUDGET_MS = '5000';
      const slow = await fanOutRates(jobs({ faults: { CARRIERY: { latencyMs: 30_000 } } }));
      expect(slow.failures).toEqual([{ carrierCode: 'CARRIERY', reason: 'timeout', message: 'CARRIERY did not answer within 40 ms' }]);

      process.env.CARRIER_TIMEOUT_MS = '5000';
      process.env.RATE_BUDGET_MS = '40';
      const overBudget = await fanOutRates(jobs({ faults: { CARRIERY: { latencyMs: 30_000 } } }));
      expect(overBudget.failures[0]?.message).toBe('CARRIERY did not answer within the rating budget of 40 ms');
    });
  });
});
