/**
 * The service's EMF writer (shared/observability/emf.ts) writes what Powertools Metrics
 * writes for the same calls: the same text, line for line, but for the time,
 * with the same switches.
 */
import { Metrics } from '@aws-lambda-powertools/metrics';
import { logMetrics as powertoolsLogMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { EmfMetrics, logMetrics, MetricUnit } from '../../shared/observability/emf';
import { outputOf } from '../support/output';

type Calls = (metrics: Pick<EmfMetrics, 'addMetric' | 'addMetadata' | 'hasStoredMetrics' | 'publishStoredMetrics' | 'captureColdStartMetric'>) => void;

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const NAMESPACE = 'ShippingApi/test';

/** The lines written while `run` runs, their times blanked. */
const lines = (run: () => void) =>
  outputOf(run)
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/"Timestamp":\d+/, '"Timestamp":0'));

/** Both writers, made in the same environment, given the same calls. */
const both = (calls: Calls, env: Record<string, string | undefined> = {}, defaultDimensions?: Record<string, string>) => {
  for (const [name, value] of Object.entries({ POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: undefined, ...env })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const options = { namespace: NAMESPACE, serviceName: 'shipping-api', ...(defaultDimensions ? { defaultDimensions } : {}) };
  const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  const theirs = lines(() => calls(new Metrics({ ...options, logger: quiet }) as never));
  const ours = lines(() => calls(new EmfMetrics(options)));
  return { ours, theirs };
};

describe('the service’s EMF lines are Powertools Metrics’ lines', () => {
  it.each<[string, Calls, Record<string, string | undefined>, Record<string, string> | undefined]>([
    ['one metric', (m) => m.addMetric('RatesReturned', MetricUnit.Count, 12).publishStoredMetrics(), {}, undefined],
    [
      'several metrics, one of them added three times (a list of values), with metadata',
      (m) => {
        m.addMetric('WebhookDelivered', MetricUnit.Count, 1);
        m.addMetric('WebhookAttemptFailed', MetricUnit.Count, 1);
        m.addMetric('WebhookDelivered', MetricUnit.Count, 1);
        m.addMetadata('carrier', 'UPS');
        m.addMetric('WebhookDelivered', MetricUnit.Count, 1);
        m.publishStoredMetrics();
        // Cleared by the flush: metrics and metadata.
        m.addMetric('OrphanShipmentsVoided', MetricUnit.Count, 1);
        m.publishStoredMetrics();
      },
      {},
      undefined,
    ],
    ['default dimensions of its own', (m) => m.addMetric('CarrierLatency', MetricUnit.Milliseconds, 310).publishStoredMetrics(), {}, { carrier: 'CARRIERX' }],
    ['an empty flush writes nothing', (m) => m.publishStoredMetrics(), {}, undefined],
    [
      'off: nothing written, and the flush still clears',
      (m) => (m.addMetric('RatesReturned', MetricUnit.Count, 1).publishStoredMetrics(), m.publishStoredMetrics()),
      { POWERTOOLS_METRICS_DISABLED: 'true' },
      undefined,
    ],
    [
      'off by POWERTOOLS_DEV when the switch is unset',
      (m) => m.addMetric('RatesReturned', MetricUnit.Count, 1).publishStoredMetrics(),
      { POWERTOOLS_METRICS_DISABLED: undefined, POWERTOOLS_DEV: 'yes' },
      undefined,
    ],
    [
      'the cold start of an on-demand container, once, with the function’s name',
      (m) => {
        m.captureColdStartMetric('shipping-prod-rate');
        m.captureColdStartMetric('shipping-prod-rate');
      },
      { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' },
      undefined,
    ],
    [
      'no cold start line with provisioned concurrency',
      (m) => m.captureColdStartMetric('f'),
      { AWS_LAMBDA_INITIALIZATION_TYPE: 'provisioned-concurrency' },
      undefined,
    ],
    [
      'a hundred values of one metric are written at once',
      (m) => {
        for (let i = 0; i < 101; i++) m.addMetric('WebhookFailed', MetricUnit.Count, 1);
        m.publishStoredMetrics();
      },
      {},
      undefined,
    ],
  ])('%s', (_name, calls, env, dimensions) => {
    const { ours, theirs } = both(calls, env, dimensions);
    expect(ours).toEqual(theirs);
  });

  it('a metric added again with another unit is refused, as Powertools refuses it', () => {
    const metrics = new EmfMetrics({ namespace: NAMESPACE, serviceName: 'shipping-api' });
    metrics.addMetric('CarrierLatency', MetricUnit.Milliseconds, 1);
    expect(() => metrics.addMetric('CarrierLatency', MetricUnit.Count, 1)).toThrow(/already been added with unit "Milliseconds"/);
  });

  it('the middleware: the cold start before the first invocation, a flush after each, and after a failed one', async () => {
    process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const run = async (
      middleware: { before?: unknown; after?: unknown; onError?: unknown },
      metrics: { addMetric: EmfMetrics['addMetric'] },
      fails: boolean,
    ) => {
      const request = { context: { functionName: 'shipping-prod-rate' }, event: {}, response: undefined, error: undefined, internal: {} } as never;
      const m = middleware as { before: (r: never) => unknown; after: (r: never) => unknown; onError: (r: never) => unknown };
      await m.before(request);
      metrics.addMetric('RatesReturned', MetricUnit.Count, 3);
      await (fails ? m.onError(request) : m.after(request));
    };
    const theirs = new Metrics({ namespace: NAMESPACE, serviceName: 'shipping-api' });
    const ours = new EmfMetrics({ namespace: NAMESPACE, serviceName: 'shipping-api' });
    const text = async (go: () => Promise<void>) => {
      const chunks: string[] = [];
      const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (chunks.push(String(chunk)), true));
      try {
        await go();
      } finally {
        spy.mockRestore();
      }
      return chunks.join('').replace(/"Timestamp":\d+/g, '"Timestamp":0');
    };
    const theirText = await text(async () => {
      const middleware = powertoolsLogMetrics(theirs, { captureColdStartMetric: true });
      await run(middleware, theirs as never, false);
      await run(middleware, theirs as never, true);
    });
    const ourText = await text(async () => {
      const middleware = logMetrics(ours);
      await run(middleware, ours, false);
      await run(middleware, ours, true);
    });
    expect(theirText.split('\n').filter(Boolean)).toHaveLength(3);
    expect(ourText).toBe(theirText);
  });
});
