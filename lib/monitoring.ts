/**
 * Alarms and a dashboard per stage. Every alarm notifies the stage's SNS
 * topic (named in the stage configuration, created here, publishing over TLS
 * only) when it fires and when it recovers; thresholds come from
 * `stage.monitoring` (lib/stages.ts).
 *
 * | alarm | metric |
 * |---|---|
 * | API 5xx rate | AWS/ApiGateway 5XXError / Count of the stage, in periods with enough requests |
 * | p99 latency per HTTP function (rate, ship) | AWS/ApiGateway Latency p99 by Resource and Method |
 * | carrier failure rate | `CarrierFailures` average of the worst carrier (Metrics Insights over `carrier`) |
 * | carrier breaker openings | `CarrierBreakerOpened` sum over the carriers |
 * | Lambda throttles per function | AWS/Lambda Throttles (reserved concurrency reached) |
 * | API 429 | `ApiThrottled`, a metric filter on the access log (status 429: the stage throttle) |
 * | WAF blocked | AWS/WAFV2 BlockedRequests of the web ACL, all rules |
 * | dead letters per stream function | ApproximateNumberOfMessagesVisible of its failure queue |
 * | tracking checks waiting too long | ApproximateAgeOfOldestMessage of the tracking-checks queue (the workers fall behind) |
 * | orphan shipments voided | `OrphanShipmentsVoided` sum: the reconciler voided a shipment no order adopted (shared/services/reconciliation.ts) |
 *
 * Latency is API Gateway's and not the function's Duration: it is what the
 * caller waits, cold starts (Init Duration is not in Duration) and
 * integration overhead included, and it is per route without any code
 * in the function. The stage has detailed metrics on (lib/api.ts
 * `metricsEnabled`), which publishes it per resource and method.
 *
 * The carrier metrics are emitted by the functions in EMF with the
 * dimensions `service` and `carrier` (shared/observability/metrics.ts). The carriers are
 * not listed here: a Metrics Insights query over `SCHEMA(namespace, carrier,
 * service)` covers a carrier added later without a change to the stack.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  Stats,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { ShippingApi } from './api';
import type { DeployedFunction } from './shipping-stack';
import { metricsNamespace, type StageConfig } from './stages';
import { WAF_RULES, type ApiFirewall } from './waf';

/** The metric the access-log filter counts: requests API Gateway answered 429 (stage throttling). */
export const API_THROTTLED_METRIC = 'ApiThrottled';

/** Metrics Insights over the carrier lines of shared/observability/metrics.ts (dimensions `carrier` and `service`). */
export const carrierQueries = (stage: StageConfig, serviceName: string) => {
  const from = `FROM SCHEMA("${metricsNamespace(stage)}", carrier, service) WHERE service = '${serviceName}'`;
  return {
    /** One series: the failure rate of the carrier that fails most (Average of a 0/1 count is the share of failures). */
    worstFailureRate: `SELECT AVG(CarrierFailures) ${from} GROUP BY carrier ORDER BY AVG() DESC LIMIT 1`,
    /** One series per carrier, for the dashboard. */
    failureRateByCarrier: `SELECT AVG(CarrierFailures) ${from} GROUP BY carrier`,
    /** One series: breaker openings of every carrier together. */
    breakerOpenings: `SELECT SUM(CarrierBreakerOpened) ${from}`,
    latencyP99ByCarrier: `SELECT MAX(CarrierLatency) ${from} GROUP BY carrier`,
  };
};

export type MonitoringProps = {
  stage: StageConfig;
  serviceName: string;
  api: ShippingApi;
  firewall: ApiFirewall;
  functions: ReadonlyMap<string, DeployedFunction>;
};

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** Every alarm, by a short name: `api-5xx-rate`, `latency-p99-rate`, `throttles-ship`, `dead-letters-notify`… */
  readonly alarms: ReadonlyMap<string, Alarm>;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, serviceName, api, firewall, functions } = props;
    const settings = stage.monitoring;
    const period = Duration.seconds(settings.periodSeconds);
    const prefix = `shipping-api-${stage.name}`;
    const apiStage = api.restApi.deploymentStage;

    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: settings.alarmTopicName,
      displayName: `Shipping API ${stage.name} alarms`,
      enforceSSL: true,
    });
    const action = new SnsAction(this.topic);

    const alarms = new Map<string, Alarm>();
    const alarm = (name: string, metric: IMetric, threshold: number, description: string, rate: boolean): Alarm => {
      const created = new Alarm(this, `Alarm-${name}`, {
        alarmName: `${prefix}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // Rates wait for a second bad period; counts of things that should never happen fire at once.
        evaluationPeriods: rate ? settings.evaluationPeriods : 1,
        datapointsToAlarm: rate ? settings.datapointsToAlarm : 1,
        // No traffic is no failure.
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      alarms.set(name, created);
      return created;
    };

    // API 5xx rate, only in periods with enough requests to mean something.
    const requests = apiStage.metricCount({ statistic: Stats.SUM, period });
    const serverErrors = apiStage.metricServerError({ statistic: Stats.SUM, period });
    const serverErrorRate = new MathExpression({
      expression: `IF(requests >= ${settings.serverErrorMinRequests}, errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      label: '5xx rate',
      period,
    });
    alarm(
      'api-5xx-rate',
      serverErrorRate,
      settings.serverErrorRate,
      `At least ${settings.serverErrorRate * 100}% of API requests answered 5xx (periods of ${settings.serverErrorMinRequests}+ requests)`,
      true,
    );

    // p99 latency per HTTP function named in the configuration.
    const latency = new Map<string, Metric>();
    for (const [name, thresholdMs] of Object.entries(settings.latencyP99Ms)) {
      const deployed = functions.get(name);
      if (!deployed || deployed.entry.trigger.kind !== 'http') continue;
      const { trigger } = deployed.entry;
      const metric = new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'Latency',
        dimensionsMap: { ApiName: api.restApi.restApiName, Stage: apiStage.stageName, Resource: trigger.path, Method: trigger.method },
        statistic: Stats.p(99),
        period,
        label: `${trigger.method} ${trigger.path} p99`,
      });
      latency.set(name, metric);
      alarm(`latency-p99-${name}`, metric, thresholdMs, `p99 latency of ${trigger.method} ${trigger.path} at or above ${thresholdMs} ms`, true);
    }

    // Carriers.
    const queries = carrierQueries(stage, serviceName);
    const worstCarrierFailureRate = new MathExpression({ expression: queries.worstFailureRate, label: 'Worst carrier failure rate', period });
    alarm(
      'carrier-failure-rate',
      worstCarrierFailureRate,
      settings.carrierFailureRate,
      `A carrier failed (timeout, error or skipped by its open breaker) at least ${settings.carrierFailureRate * 100}% of its calls`,
      true,
    );
    const breakerOpenings = new MathExpression({ expression: queries.breakerOpenings, label: 'Breaker openings', period });
    alarm('carrier-breaker-opened', breakerOpenings, settings.carrierBreakerOpenings, 'A carrier circuit breaker opened: its calls are being skipped', false);

    // Throttles: Lambda (reserved concurrency), API Gateway (stage throttle), WAF (per-key and per-IP limits).
    const throttles = new Map<string, IMetric>();
    for (const [name, { handler }] of functions) {
      const metric = handler.metricThrottles({ statistic: Stats.SUM, period, label: name });
      throttles.set(name, metric);
      alarm(
        `throttles-${name}`,
        metric,
        settings.lambdaThrottles,
        `Function ${name} throttled: its reserved concurrency (${stage.reservedConcurrency[name] ?? 'none'}) was reached`,
        false,
      );
    }
    new MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: api.accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: metricsNamespace(stage),
      metricName: API_THROTTLED_METRIC,
      metricValue: '1',
    });
    const apiThrottled = new Metric({
      namespace: metricsNamespace(stage),
      metricName: API_THROTTLED_METRIC,
      statistic: Stats.SUM,
      period,
      label: 'API Gateway 429',
    });
    alarm(
      'api-throttled',
      apiThrottled,
      settings.apiThrottled,
      `API Gateway answered 429 (stage throttle) to at least ${settings.apiThrottled} requests`,
      false,
    );
    const wafBlocked = (rule: string) =>
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: firewall.webAclName, Region: Stack.of(this).region, Rule: rule },
        statistic: Stats.SUM,
        period,
        label: `WAF ${rule}`,
      });
    alarm(
      'waf-blocked',
      wafBlocked('ALL'),
      settings.wafBlocked,
      `The web ACL blocked at least ${settings.wafBlocked} requests (per-key or per-IP limits)`,
      false,
    );

    // Stream batches and queue messages that kept failing.
    const deadLetters = new Map<string, IMetric>();
    for (const [name, { failureQueue }] of functions) {
      if (!failureQueue) continue;
      const metric = failureQueue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM, period, label: `${name} dead letters` });
      deadLetters.set(name, metric);
      alarm(
        `dead-letters-${name}`,
        metric,
        settings.notifyDeadLetters,
        `Stream batches or queue messages of ${name} parked in its dead-letter queue after every retry`,
        false,
      );
    }
    // The tracking workers falling behind the dispatcher: checks wait, and tracking goes stale (docs/tracking.md).
    const trackingQueue = functions.get('tracking-check')?.sourceQueue;
    const trackingAge = trackingQueue?.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM, period, label: 'oldest tracking check (s)' });
    if (trackingAge) {
      alarm(
        'tracking-queue-age',
        trackingAge,
        settings.trackingQueueAgeSeconds,
        `A tracking check waited ${settings.trackingQueueAgeSeconds} s or more in the tracking-checks queue: the tracking workers do not keep up (raise reservedConcurrency['tracking-check'])`,
        true,
      );
    }
    // A carrier held a shipment under our reference that no order adopted (it answered after our timeout, or a
    // function died before the order write), and the reconciler voided it (docs/reliability.md). Each one is a carrier
    // slower than our timeout: worth a look at once, though nothing was lost.
    const orphans = new Metric({
      namespace: metricsNamespace(stage),
      metricName: 'OrphanShipmentsVoided',
      dimensionsMap: { service: serviceName },
      statistic: Stats.SUM,
      period,
      label: 'Orphan shipments voided',
    });
    alarm(
      'orphan-shipments-voided',
      orphans,
      1,
      'The reconciler voided a shipment a carrier held under our reference that no order adopted: the carrier answered after our timeout, or a ship died before its order was written',
      false,
    );
    this.alarms = alarms;

    const wide = { width: 12, height: 6 };
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: prefix, defaultInterval: Duration.hours(3) });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Shipping API (${stage.name})\nAlarms notify SNS topic \`${settings.alarmTopicName}\`. Limits: ${stage.rateLimits.perKey} requests per key, ${stage.rateLimits.perIpWithoutKey} per IP without a key, ${stage.rateLimits.perIp} per IP, every ${stage.rateLimits.windowSeconds} s.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms.values()], width: 24, height: 4 }));
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests and 5xx', left: [requests.with({ label: 'Requests' }), serverErrors.with({ label: '5xx' })], ...wide }),
      new GraphWidget({
        title: 'API 5xx rate',
        left: [serverErrorRate],
        leftAnnotations: [{ value: settings.serverErrorRate, label: 'alarm' }],
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'p99 latency (ms)', left: [...latency.values()], ...wide }),
      new GraphWidget({
        title: 'Carrier failure rate',
        left: [new MathExpression({ expression: queries.failureRateByCarrier, label: '', period })],
        leftAnnotations: [{ value: settings.carrierFailureRate, label: 'alarm' }],
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Carrier latency (max, ms)',
        left: [new MathExpression({ expression: queries.latencyP99ByCarrier, label: '', period })],
        ...wide,
      }),
      new GraphWidget({ title: 'Carrier breaker openings', left: [breakerOpenings], ...wide }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Lambda throttles', left: [...throttles.values()], ...wide }),
      new GraphWidget({
        title: 'Requests refused for rate (API Gateway 429, WAF blocks by rule)',
        left: [apiThrottled, ...Object.values(WAF_RULES).map(wafBlocked)],
        ...wide,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Dead letters', left: [...deadLetters.values()], ...wide }),
      new GraphWidget({ title: 'Orphan shipments voided by the reconciler', left: [orphans], ...wide }),
      ...(trackingAge
        ? [
            new GraphWidget({
              title: 'Oldest tracking check waiting (s)',
              left: [trackingAge],
              leftAnnotations: [{ value: settings.trackingQueueAgeSeconds, label: 'alarm' }],
              ...wide,
            }),
          ]
        : []),
    );
  }
}
