/**
 * CloudWatch metrics in embedded metric format (EMF): JSON lines in the
 * function's log that CloudWatch turns into metrics. The lines are Powertools
 * Metrics' lines, key for key and in its order (the service wrote them with
 * Powertools Metrics until 2026-11-26; test/unit/emf.test.ts makes the same
 * calls through both and compares the text), and the switches are its
 * environment variables: `POWERTOOLS_METRICS_NAMESPACE`,
 * `POWERTOOLS_METRICS_DISABLED` (else `POWERTOOLS_DEV`), read when an
 * instance is made, and `AWS_LAMBDA_INITIALIZATION_TYPE` for the cold start.
 *
 * What the service uses of Powertools Metrics, no more: metrics with the
 * `service` dimension (and default dimensions of its own), stored and written
 * in one line per flush, a metric added again within a flush becoming a list
 * of values, metadata, the `ColdStart` line of an on-demand container's first
 * invocation, and the middy middleware that flushes after each invocation.
 * Why not Powertools Metrics itself: its stores (read through its
 * invocation-scoped storage, which reads the environment at every access) and
 * checks took about 16 us of a warm rate request's flush of one metric, most
 * of what was left of observability's cost there.
 */
import type { MiddlewareObj } from '@middy/core';
import { config, type ConfigValues } from '../config';
import { writeStdout } from './log-output';

/** The units the service writes (Powertools' MetricUnit values). */
export const MetricUnit = { Count: 'Count', Milliseconds: 'Milliseconds' } as const;
export type MetricUnitName = (typeof MetricUnit)[keyof typeof MetricUnit];

/** Powertools' reading of a switch: these values (any case) mean on. */
const TRUTHY = new Set(['1', 'y', 'yes', 't', 'true', 'on']);
const switchOn = (value: string | undefined): boolean => value !== undefined && TRUTHY.has(value.trim().toLowerCase());

export type MetricsSwitches = Pick<ConfigValues, 'metricsDisabledSwitch' | 'powertoolsDevSwitch'>;

/** Whether metrics are off: POWERTOOLS_METRICS_DISABLED when set, else POWERTOOLS_DEV. */
export const metricsDisabled = (settings: MetricsSwitches = config): boolean =>
  settings.metricsDisabledSwitch !== undefined ? switchOn(settings.metricsDisabledSwitch) : switchOn(settings.powertoolsDevSwitch);

/** Powertools' limits: a flush is written when 100 metrics, or 100 values of one metric, are stored. */
const MAX_METRICS = 100;
const MAX_VALUES = 100;

export type EmfMetric = { name: string; unit: MetricUnitName; value: number | number[] };

/**
 * One EMF line: `_aws` (its time, the namespace, one dimension set of every
 * dimension key, the metrics' names and units), then the metadata, the
 * dimensions and the values, as Powertools serializes it.
 */
export const emfLine = (
  namespace: string,
  dimensions: Record<string, string>,
  metrics: readonly EmfMetric[],
  metadata: Record<string, unknown> = {},
): string => {
  const line: Record<string, unknown> = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        { Namespace: namespace, Dimensions: [Object.keys(dimensions)], Metrics: metrics.map(({ name, unit }) => ({ Name: name, Unit: unit })) },
      ],
    },
    ...metadata,
    ...dimensions,
  };
  for (const { name, value } of metrics) line[name] = value;
  return `${JSON.stringify(line)}\n`;
};

export type EmfMetricsOptions = {
  namespace: string;
  serviceName: string;
  defaultDimensions?: Record<string, string>;
  /** Where an empty flush is mentioned (Powertools warns; the service logs it at debug). */
  onEmptyFlush?: (message: string) => void;
  /** Off: nothing written. Powertools' switches (`metricsDisabled`) unless given. */
  disabled?: boolean;
};

const EMPTY_FLUSH =
  'No application metrics to publish. The cold-start metric may be published if enabled. If application metrics should never be empty, consider using `throwOnEmptyMetrics`';

export class EmfMetrics {
  private readonly dimensions: Record<string, string>;
  private readonly disabled: boolean;
  private coldStart = config.lambdaInitializationType?.trim() === 'on-demand';
  private stored = new Map<string, EmfMetric>();
  private metadata: Record<string, unknown> = {};

  constructor(private readonly options: EmfMetricsOptions) {
    this.dimensions = { service: options.serviceName, ...options.defaultDimensions };
    this.disabled = options.disabled ?? metricsDisabled();
  }

  /** Stores a value of `name`: a second one within a flush makes its value a list. */
  addMetric(name: string, unit: MetricUnitName, value: number): this {
    if (this.stored.size >= MAX_METRICS) this.publishStoredMetrics();
    const metric = this.stored.get(name);
    if (!metric) {
      this.stored.set(name, { name, unit, value });
      return this;
    }
    if (metric.unit !== unit) throw new Error(`Metric "${name}" has already been added with unit "${metric.unit}", but we received unit "${unit}".`);
    metric.value = Array.isArray(metric.value) ? [...metric.value, value] : [metric.value, value];
    if (metric.value.length === MAX_VALUES) this.publishStoredMetrics();
    return this;
  }

  /** A field of the next line, not a dimension. */
  addMetadata(key: string, value: string): void {
    this.metadata[key] = value;
  }

  hasStoredMetrics(): boolean {
    return this.stored.size > 0;
  }

  /** Writes the stored metrics as one line (none when there are none, or metrics are off) and clears them and the metadata. */
  publishStoredMetrics(): this {
    const metrics = [...this.stored.values()];
    if (metrics.length === 0) this.options.onEmptyFlush?.(EMPTY_FLUSH);
    if (!this.disabled && metrics.length > 0) writeStdout(emfLine(this.options.namespace, this.dimensions, metrics, this.metadata));
    this.stored = new Map();
    this.metadata = {};
    return this;
  }

  /** The `ColdStart` line, at the first invocation of an on-demand container only, with the function's name as a dimension. */
  captureColdStartMetric(functionName?: string): void {
    if (!this.coldStart) return;
    this.coldStart = false;
    if (this.disabled) return;
    const name = functionName?.trim();
    const dimensions = { ...this.dimensions, ...(name ? { function_name: name } : {}) };
    writeStdout(emfLine(this.options.namespace, dimensions, [{ name: 'ColdStart', unit: MetricUnit.Count, value: 1 }]));
  }
}

/**
 * The middy middleware that writes the `ColdStart` line before the first
 * invocation's work and flushes the metrics after each invocation, however
 * it ends: what Powertools' `logMetrics(metrics, { captureColdStartMetric: true })` did.
 */
export const logMetrics = (
  target: Pick<EmfMetrics, 'captureColdStartMetric' | 'publishStoredMetrics'>,
): MiddlewareObj<unknown, unknown, Error, { functionName?: string }> => ({
  before: (request) => target.captureColdStartMetric(request.context.functionName),
  after: () => {
    target.publishStoredMetrics();
  },
  onError: () => {
    target.publishStoredMetrics();
  },
});
