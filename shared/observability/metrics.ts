/**
 * CloudWatch metrics in embedded metric format (./emf.ts, Powertools Metrics'
 * line format; the per-carrier lines are written at once by
 * `writeCarrierLine`): JSON lines in the function's log that CloudWatch turns into metrics, so no
 * PutMetricData call and no extra permission. Namespace
 * POWERTOOLS_METRICS_NAMESPACE (one per stage, set by the stack), dimension
 * `service`; the HTTP layer's `logMetrics` middleware (./emf.ts) flushes
 * once per request and adds `ColdStart`.
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
 * | `CarrierDocumentsRefused` | Count | service, carrier | per label file rendered, the carrier's documents (label images, PDFs) it refused as beyond its bounds or unreadable, each package drawn by the service instead (shared/services/labels.ts); per close, the carrier's manifest PDFs it refused, the manifest's PDF the service's (shared/services/manifests/documents.ts) |
 *
 * Each carrier line carries the call's `outcome` (`answered`, `timeout`,
 * `error`, `refused`, `unavailable`, `not-configured`) as metadata.
 *
 * Emitted only inside Lambda unless POWERTOOLS_METRICS_DISABLED says
 * otherwise, so tests, the local runtime and the bench stay quiet;
 * `POWERTOOLS_METRICS_DISABLED=false npm start` prints them.
 */
import type { FanOutMetrics } from '../carriers/fanout';
import { config, type ConfigValues } from '../config';
import { EmfMetrics, emfLine, metricsDisabled, MetricUnit, type EmfMetric, type MetricsSwitches } from './emf';
import { lazy } from '../lazy';
import { writeStdout } from './log-output';
import { logger, SERVICE_NAME } from './logger';

export { MetricUnit };

const DEFAULT_NAMESPACE = 'ShippingApi';

/**
 * Whether metrics are off: Powertools' switches when POWERTOOLS_METRICS_DISABLED
 * is set, and off outside Lambda when it is not (tests, npm start, the bench).
 */
export const metricsOff = (settings: MetricsSwitches & Pick<ConfigValues, 'lambdaFunctionName'> = config): boolean =>
  settings.metricsDisabledSwitch === undefined && !settings.lambdaFunctionName ? true : metricsDisabled(settings);

const namespace = () => config.metricsNamespace || DEFAULT_NAMESPACE;

export const createMetrics = (defaultDimensions?: Record<string, string>): EmfMetrics =>
  new EmfMetrics({
    namespace: namespace(),
    serviceName: SERVICE_NAME,
    disabled: metricsOff(),
    // An empty flush (any GET) is not worth a warning per request.
    onEmptyFlush: (message) => logger.debug(message),
    ...(defaultDimensions ? { defaultDimensions } : {}),
  });

/** The container's metrics, flushed by the HTTP layer after each request. */
export const metrics: EmfMetrics = /* @__PURE__ */ lazy(() => createMetrics());

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

/**
 * One carrier's EMF line, written at once: dimensions `service` and
 * `carrier`, the call's `outcome` as metadata, with the switches read at
 * each call. A rate request writes one per carrier asked.
 */
const writeCarrierLine = (carrierCode: string, metrics: EmfMetric[], outcome?: string): void => {
  if (metricsOff()) return;
  writeStdout(emfLine(namespace(), { service: SERVICE_NAME, carrier: carrierCode }, metrics, outcome === undefined ? {} : { outcome }));
};

/**
 * For the label service: `count` documents of `carrierCode` a label file
 * refused (docs/decisions.md, "A carrier's images and PDFs are bounded").
 * A line of its own, written at once, so the carrier is a dimension.
 */
export const recordCarrierDocumentsRefused = (carrierCode: string, count: number): void =>
  writeCarrierLine(carrierCode, [{ name: 'CarrierDocumentsRefused', unit: MetricUnit.Count, value: count }]);

/**
 * The fan-out's port (shared/carriers/fanout.ts). Per-carrier values need the
 * carrier as a dimension, which the request's own metrics cannot carry, so
 * each carrier call is one EMF line of its own, written at once.
 */
export const carrierMetrics: FanOutMetrics = {
  carrierCall: ({ carrierCode, latencyMs, outcome }) => {
    const failed = outcome === 'timeout' || outcome === 'error' || outcome === 'unavailable' || outcome === 'not-configured' ? 1 : 0;
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
