/**
 * CloudWatch metrics in embedded metric format (Powertools Metrics, and the
 * per-carrier lines written here in its format, see `writeCarrierLine`): JSON
 * lines in the function's log that CloudWatch turns into metrics, so no
 * PutMetricData call and no extra permission. Namespace
 * POWERTOOLS_METRICS_NAMESPACE (one per stage, set by the stack), dimension
 * `service`; the HTTP layer's `logMetrics` middleware flushes once per
 * request and adds `ColdStart`.
 *
 * | metric | unit | dimensions | emitted |
 * |---|---|---|---|
 * | `RatesReturned` | Count | service | once per POST /v1/rate answered 200 (`recordRatesReturned`) |
 * | `CarrierLatency` | Milliseconds | service, carrier | once per carrier asked, answered or not (not for a carrier skipped by its breaker) |
 * | `CarrierFailures` | Count | service, carrier | 1 per timeout, error or `unavailable` (skipped, breaker open), 0 per answer or refusal: Average is the failure rate |
 * | `CarrierBreakerOpened` | Count | service, carrier | 1 each time a carrier's circuit breaker opens (shared/carriers/breaker.ts) |
 * | `NotificationsSent` | Count | service | 1 per status e-mail sent (shared/services/notifying.ts) |
 * | `NotificationsSkipped` | Count | service | 1 per status e-mail found already sent (a stream record delivered again or out of order) |
 * | `OrphanShipmentsVoided` | Count | service | 1 per shipment a carrier held under our reference that no order adopted, voided by the reconciler (shared/services/reconciliation.ts) |
 *
 * Each carrier line carries the call's `outcome` (`answered`, `timeout`,
 * `error`, `refused`, `unavailable`) as metadata.
 *
 * Emitted only inside Lambda unless POWERTOOLS_METRICS_DISABLED says
 * otherwise, so tests, the local runtime and the bench stay quiet;
 * `POWERTOOLS_METRICS_DISABLED=false npm start` prints them.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { FanOutMetrics } from './carriers/fanout';
import { lazy } from './lazy';
import { logger, SERVICE_NAME } from './logger';

const DEFAULT_NAMESPACE = 'ShippingApi';

/** Powertools' diagnostics go to the structured logger; an empty flush (any GET) is not worth a warning per request. */
const diagnostics = {
  debug: (...args: unknown[]) => logger.debug(String(args[0]), { details: args.slice(1) }),
  info: (...args: unknown[]) => logger.info(String(args[0]), { details: args.slice(1) }),
  warn: (...args: unknown[]) =>
    String(args[0]).startsWith('No application metrics to publish')
      ? logger.debug(String(args[0]))
      : logger.warn(String(args[0]), { details: args.slice(1) }),
  error: (...args: unknown[]) => logger.error(String(args[0]), { details: args.slice(1) }),
};

/**
 * Every Metrics instance reads its on/off switch from the environment, so the
 * default (off outside Lambda) is written there before the first one exists.
 */
const quietOutsideLambda = () => {
  if (process.env.POWERTOOLS_METRICS_DISABLED === undefined && !process.env.AWS_LAMBDA_FUNCTION_NAME) {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  }
};

export const createMetrics = (defaultDimensions?: Record<string, string>): Metrics => {
  quietOutsideLambda();
  return new Metrics({
    namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_NAMESPACE,
    serviceName: SERVICE_NAME,
    logger: diagnostics,
    ...(defaultDimensions ? { defaultDimensions } : {}),
  });
};

/** The container's metrics, flushed by the HTTP layer after each request. */
export const metrics: Metrics = /* @__PURE__ */ lazy(() => createMetrics());

/** For the rating service: how many rates a successful POST /v1/rate returned. */
export const recordRatesReturned = (count: number): void => {
  metrics.addMetric('RatesReturned', MetricUnit.Count, count);
};

/**
 * For the reconciler: a shipment a carrier holds under our reference that no
 * order adopted was voided (a late answer, or a crash before the order
 * write). Alarmed on: each one is a carrier slower than our timeout.
 */
export const recordOrphanVoided = (carrierCode: string): void => {
  metrics.addMetadata('carrier', carrierCode);
  metrics.addMetric('OrphanShipmentsVoided', MetricUnit.Count, 1);
};

/** Powertools' reading of a switch: these values (any case) mean on. */
const TRUTHY = new Set(['1', 'y', 'yes', 't', 'true', 'on']);
const switchOn = (value: string | undefined): boolean => value !== undefined && TRUTHY.has(value.toLowerCase());

type CarrierMetric = { name: 'CarrierLatency' | 'CarrierFailures' | 'CarrierBreakerOpened'; unit: 'Milliseconds' | 'Count'; value: number };

/**
 * One carrier's EMF line, written as Powertools Metrics writes it (the same
 * keys in the same order: `_aws`, the metadata, the dimensions `service` and
 * `carrier`, then the values), with the same switches (namespace, on or off)
 * read from the environment at each call. Written here rather than by a
 * Powertools Metrics per carrier: a rate request writes one line per carrier
 * asked, and Powertools' store, validation and console took about 19 us a
 * line in a warm rate request (78 us of its 1.2 ms for four carriers) against
 * about 2 us for this one JSON.stringify and write. The request's own metrics
 * (ColdStart, RatesReturned, …) stay with Powertools: one line a request.
 */
const writeCarrierLine = (carrierCode: string, metrics: CarrierMetric[], outcome?: string): void => {
  quietOutsideLambda();
  const env = process.env;
  const disabled = env.POWERTOOLS_METRICS_DISABLED !== undefined ? switchOn(env.POWERTOOLS_METRICS_DISABLED) : switchOn(env.POWERTOOLS_DEV);
  if (disabled) return;
  const line: Record<string, unknown> = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_NAMESPACE,
          Dimensions: [['service', 'carrier']],
          Metrics: metrics.map(({ name, unit }) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    ...(outcome === undefined ? {} : { outcome }),
    service: SERVICE_NAME,
    carrier: carrierCode,
  };
  for (const { name, value } of metrics) line[name] = value;
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

/**
 * The fan-out's port (shared/carriers/fanout.ts). Per-carrier values need the
 * carrier as a dimension, which the request's own metrics cannot carry, so
 * each carrier call is one EMF line of its own, written at once.
 */
export const carrierMetrics: FanOutMetrics = {
  carrierCall: ({ carrierCode, latencyMs, outcome }) => {
    const failed = outcome === 'timeout' || outcome === 'error' || outcome === 'unavailable' ? 1 : 0;
    writeCarrierLine(
      carrierCode,
      [
        // A skipped carrier was not called: a latency of 0 would only pull its percentiles down.
        ...(outcome === 'unavailable' ? [] : [{ name: 'CarrierLatency' as const, unit: MetricUnit.Milliseconds, value: Math.round(latencyMs) }]),
        // Skipped counts as failed, so the failure rate stays high (and an alarm on it stays on) while the breaker is open.
        { name: 'CarrierFailures', unit: MetricUnit.Count, value: failed },
      ],
      outcome,
    );
  },
  breakerOpened: (carrierCode) => writeCarrierLine(carrierCode, [{ name: 'CarrierBreakerOpened', unit: MetricUnit.Count, value: 1 }]),
};
