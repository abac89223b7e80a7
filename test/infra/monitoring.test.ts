/**
 * Reserved concurrency, alarms and the dashboard of each stage: every alarm
 * with its metric, threshold and the stage's SNS topic; and the carrier
 * alarms read exactly the metric names and dimensions the functions emit
 * (shared/observability/metrics.ts, run here with Powertools on).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { API_THROTTLED_METRIC, carrierQueries } from '../../lib/monitoring';
import { SERVICE_NAME } from '../../lib/shipping-stack';
import { metricsNamespace, stages, type StageConfig } from '../../lib/stages';
import { httpFunctions, FUNCTIONS } from '../../shared/functions';
import { logicalId, resources, useSynthesizedStages } from './synth';

const of = useSynthesizedStages();

type MetricStat = { Metric: { Namespace: string; MetricName: string; Dimensions?: Array<{ Name: string; Value: unknown }> }; Stat: string };
type AlarmProps = {
  AlarmName: string;
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  TreatMissingData: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  Namespace?: string;
  MetricName?: string;
  Dimensions?: Array<{ Name: string; Value: unknown }>;
  Statistic?: string;
  ExtendedStatistic?: string;
  Period?: number;
  Metrics?: Array<{ Id: string; Expression?: string; MetricStat?: MetricStat; ReturnData?: boolean; Period?: number }>;
};

const alarmsOf = (stage: StageConfig): Map<string, AlarmProps> => {
  const prefix = `shipping-api-${stage.name}-`;
  return new Map(
    Object.values(resources(of(stage).template))
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => {
        const props = r.Properties as unknown as AlarmProps;
        expect(props.AlarmName.startsWith(prefix)).toBe(true);
        return [props.AlarmName.slice(prefix.length), props];
      }),
  );
};
const alarm = (stage: StageConfig, name: string): AlarmProps => {
  const found = alarmsOf(stage).get(name);
  if (!found) throw new Error(`no alarm ${name}; there are ${[...alarmsOf(stage).keys()].join(', ')}`);
  return found;
};
/** The one metric an alarm watches, whether CDK rendered it flat or as a one-entry Metrics list (a labelled metric). */
const watched = (props: AlarmProps) => {
  if (props.MetricName) {
    return {
      Namespace: props.Namespace,
      MetricName: props.MetricName,
      Stat: props.ExtendedStatistic ?? props.Statistic,
      Period: props.Period,
      Dimensions: props.Dimensions,
    };
  }
  expect(props.Metrics).toHaveLength(1);
  const { MetricStat } = props.Metrics![0]!;
  return { ...MetricStat!.Metric, Stat: MetricStat!.Stat, Period: (MetricStat as { Period?: number }).Period };
};
const dims = (list: Array<{ Name: string; Value: unknown }> | undefined) => Object.fromEntries((list ?? []).map((d) => [d.Name, d.Value]));

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  const settings = stage.monitoring;
  const period = settings.periodSeconds;

  describe('reserved concurrency', () => {
    it('is set on each function as the stage configures it', () => {
      const { stack, template } = of(stage);
      for (const entry of FUNCTIONS) {
        const fn = resources(template)[logicalId(stack.functions.get(entry.name)!.handler)]!;
        expect([entry.name, fn.Properties!.ReservedConcurrentExecutions]).toEqual([entry.name, stage.reservedConcurrency[entry.name]]);
      }
    });

    it('is decided for every function of the manifest, and leaves AWS its 100 unreserved', () => {
      expect(Object.keys(stage.reservedConcurrency).sort()).toEqual(FUNCTIONS.map((e) => e.name).sort());
      const total = Object.values(stage.reservedConcurrency).reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(stage.accountConcurrency - 100);
    });
  });

  describe('alarm topic', () => {
    it('is created with the configured name and accepts publishing over TLS only', () => {
      const { template, stack } = of(stage);
      template.hasResourceProperties('AWS::SNS::Topic', { TopicName: settings.alarmTopicName });
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: logicalId(stack.monitoring.topic) }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        },
      });
    });

    it('is notified by every alarm when it fires and when it recovers', () => {
      const topic = { Ref: logicalId(of(stage).stack.monitoring.topic) };
      const alarms = alarmsOf(stage);
      expect(alarms.size).toBeGreaterThan(0);
      for (const [name, props] of alarms) {
        expect([name, props.AlarmActions, props.OKActions]).toEqual([name, [topic], [topic]]);
        expect([name, props.ComparisonOperator, props.TreatMissingData]).toEqual([name, 'GreaterThanOrEqualToThreshold', 'notBreaching']);
      }
    });
  });

  it('has exactly the alarms of the issue: 5xx rate, p99 of rate and ship, carriers, throttles, dead letters, the tracking queue age', () => {
    const expected = [
      'api-5xx-rate',
      ...Object.keys(settings.latencyP99Ms).map((name) => `latency-p99-${name}`),
      'carrier-failure-rate',
      'carrier-breaker-opened',
      ...FUNCTIONS.map((entry) => `throttles-${entry.name}`),
      'api-throttled',
      'waf-blocked',
      ...FUNCTIONS.filter((entry) => entry.trigger.kind === 'stream' || entry.trigger.kind === 'queue').map((entry) => `dead-letters-${entry.name}`),
      'tracking-queue-age',
      'orphan-shipments-voided',
    ];
    expect([...alarmsOf(stage).keys()].sort()).toEqual(expected.sort());
    expect(Object.keys(settings.latencyP99Ms).sort()).toEqual(['rate', 'ship']);
    expect(expected).toContain('dead-letters-notify');
    expect(expected).toContain('dead-letters-webhook-deliver');
  });

  it('alarms on the share of 5xx answers of the API stage, in periods with enough requests', () => {
    const { stack } = of(stage);
    const props = alarm(stage, 'api-5xx-rate');
    expect(props.Threshold).toBe(settings.serverErrorRate);
    expect([props.EvaluationPeriods, props.DatapointsToAlarm]).toEqual([settings.evaluationPeriods, settings.datapointsToAlarm]);
    const byId = new Map(props.Metrics!.map((m) => [m.Id, m]));
    const expression = props.Metrics!.find((m) => m.Expression)!;
    expect(expression.Expression).toBe(`IF(requests >= ${settings.serverErrorMinRequests}, errors / requests, 0)`);
    const apiDims = { ApiName: stack.api.restApi.restApiName, Stage: { Ref: logicalId(stack.api.restApi.deploymentStage) } };
    expect(byId.get('errors')!.MetricStat).toEqual({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5XXError', Dimensions: expect.any(Array) },
      Period: period,
      Stat: 'Sum',
    });
    expect(dims(byId.get('errors')!.MetricStat!.Metric.Dimensions)).toEqual(apiDims);
    expect(byId.get('requests')!.MetricStat!.Metric.MetricName).toBe('Count');
    expect(dims(byId.get('requests')!.MetricStat!.Metric.Dimensions)).toEqual(apiDims);
  });

  it.each([['rate'], ['ship']])('alarms on the p99 latency API Gateway measures for %s, per resource and method', (name) => {
    const { stack } = of(stage);
    const trigger = httpFunctions().find((f) => f.name === name)!.trigger;
    const props = alarm(stage, `latency-p99-${name}`);
    expect(props.Threshold).toBe(settings.latencyP99Ms[name]);
    expect(watched(props)).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: 'Latency', Stat: 'p99', Period: period });
    expect(dims(watched(props).Dimensions)).toEqual({
      ApiName: stack.api.restApi.restApiName,
      Stage: { Ref: logicalId(stack.api.restApi.deploymentStage) },
      Resource: trigger.path,
      Method: trigger.method,
    });
  });

  it('alarms on the failure rate of the worst carrier and on breaker openings, from the EMF metrics of the stage', () => {
    const queries = carrierQueries(stage, SERVICE_NAME);
    const failure = alarm(stage, 'carrier-failure-rate');
    expect(failure.Threshold).toBe(settings.carrierFailureRate);
    expect(failure.Metrics).toEqual([expect.objectContaining({ Expression: queries.worstFailureRate, Period: period })]);
    expect(queries.worstFailureRate).toBe(
      `SELECT AVG(CarrierFailures) FROM SCHEMA("ShippingApi/${stage.name}", carrier, service) WHERE service = 'shipping-api' GROUP BY carrier ORDER BY AVG() DESC LIMIT 1`,
    );
    const breaker = alarm(stage, 'carrier-breaker-opened');
    expect(breaker.Threshold).toBe(settings.carrierBreakerOpenings);
    expect([breaker.EvaluationPeriods, breaker.DatapointsToAlarm]).toEqual([1, 1]);
    expect(breaker.Metrics).toEqual([
      expect.objectContaining({
        Expression: `SELECT SUM(CarrierBreakerOpened) FROM SCHEMA("ShippingApi/${stage.name}", carrier, service) WHERE service = 'shipping-api'`,
      }),
    ]);
  });

  it('alarms on the Lambda throttles of each function', () => {
    const { stack } = of(stage);
    for (const entry of FUNCTIONS) {
      const props = alarm(stage, `throttles-${entry.name}`);
      expect(props.Threshold).toBe(settings.lambdaThrottles);
      expect(watched(props)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Stat: 'Sum', Period: period });
      expect(dims(watched(props).Dimensions)).toEqual({ FunctionName: { Ref: logicalId(stack.functions.get(entry.name)!.handler) } });
    }
  });

  it("alarms on API Gateway's 429 answers, counted from the access log", () => {
    const { stack, template } = of(stage);
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: logicalId(stack.api.accessLogs) },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: metricsNamespace(stage), MetricName: API_THROTTLED_METRIC, MetricValue: '1' }],
    });
    const props = alarm(stage, 'api-throttled');
    expect(props.Threshold).toBe(settings.apiThrottled);
    expect(watched(props)).toEqual({ Namespace: metricsNamespace(stage), MetricName: API_THROTTLED_METRIC, Stat: 'Sum', Period: period });
  });

  it('alarms on the requests the web ACL blocked, all rules together', () => {
    const props = alarm(stage, 'waf-blocked');
    expect(props.Threshold).toBe(settings.wafBlocked);
    expect(watched(props)).toMatchObject({ Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests', Stat: 'Sum' });
    expect(dims(watched(props).Dimensions)).toEqual({ WebACL: of(stage).stack.firewall.webAclName, Rule: 'ALL', Region: { Ref: 'AWS::Region' } });
    const acl = Object.values(resources(of(stage).template)).find((r) => r.Type === 'AWS::WAFv2::WebACL')!;
    expect((acl.Properties as { VisibilityConfig: { MetricName: string } }).VisibilityConfig.MetricName).toBe(of(stage).stack.firewall.webAclName);
  });

  it("alarms as soon as a batch lands in notify's dead-letter queue", () => {
    const { stack } = of(stage);
    const props = alarm(stage, 'dead-letters-notify');
    expect(props.Threshold).toBe(settings.notifyDeadLetters);
    expect([props.EvaluationPeriods, props.DatapointsToAlarm]).toEqual([1, 1]);
    expect(watched(props)).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Stat: 'Maximum' });
    expect(dims(watched(props).Dimensions)).toEqual({ QueueName: { 'Fn::GetAtt': [logicalId(stack.functions.get('notify')!.failureQueue!), 'QueueName'] } });
  });

  it('alarms when the oldest tracking check has waited longer than the stage allows, on the queue the workers consume', () => {
    const { stack } = of(stage);
    const props = alarm(stage, 'tracking-queue-age');
    expect(props.Threshold).toBe(settings.trackingQueueAgeSeconds);
    expect([props.EvaluationPeriods, props.DatapointsToAlarm]).toEqual([settings.evaluationPeriods, settings.datapointsToAlarm]);
    expect(watched(props)).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateAgeOfOldestMessage', Stat: 'Maximum' });
    const queue = stack.functions.get('tracking-check')!.sourceQueue!;
    expect(dims(watched(props).Dimensions)).toEqual({ QueueName: { 'Fn::GetAtt': [logicalId(queue), 'QueueName'] } });
  });

  it('alarms at once when the reconciler voids an orphan shipment, on the metric the tracking workers emit', () => {
    const props = alarm(stage, 'orphan-shipments-voided');
    expect(props.Threshold).toBe(1);
    expect([props.EvaluationPeriods, props.DatapointsToAlarm]).toEqual([1, 1]);
    expect(watched(props)).toMatchObject({ MetricName: 'OrphanShipmentsVoided', Stat: 'Sum' });
    expect(Object.keys(dims(watched(props).Dimensions))).toEqual(['service']);
  });

  it('has a dashboard of the stage that shows every alarm and the carrier, throttle and dead-letter graphs', () => {
    const { template, stack } = of(stage);
    const dashboards = Object.values(resources(template)).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties!.DashboardName).toBe(`shipping-api-${stage.name}`);
    const body = JSON.stringify(dashboards[0]!.Properties!.DashboardBody);
    for (const created of stack.monitoring.alarms.values()) expect(body).toContain(logicalId(created));
    for (const text of [
      'CarrierFailures',
      'CarrierBreakerOpened',
      'CarrierLatency',
      'Throttles',
      'BlockedRequests',
      API_THROTTLED_METRIC,
      'ApproximateNumberOfMessagesVisible',
      'Latency',
      '5XXError',
      'OrphanShipmentsVoided',
    ]) {
      expect([text, body.includes(text)]).toEqual([text, true]);
    }
  });
});

describe('carrier metrics as the functions emit them', () => {
  type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;
  const saved = { ...process.env };
  let lines: Emf[];

  beforeAll(async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    process.env.POWERTOOLS_METRICS_NAMESPACE = metricsNamespace(stages.dev);
    process.env.POWERTOOLS_SERVICE_NAME = SERVICE_NAME;
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const logSpy = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(' ')));
    try {
      const { carrierMetrics } = await import('../../shared/observability/metrics');
      carrierMetrics.carrierCall({ carrierCode: 'CARRIERX', latencyMs: 120, outcome: 'timeout' });
      expect(carrierMetrics.breakerOpened).toBeDefined();
      carrierMetrics.breakerOpened!('CARRIERX');
    } finally {
      spy.mockRestore();
      logSpy.mockRestore();
      process.env = saved;
    }
    lines = written
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.includes('"_aws"'))
      .map((line) => JSON.parse(line) as Emf);
  });

  it('are EMF lines in the namespace, dimensions and names the alarms query', () => {
    const declared = lines.flatMap((line) => line._aws.CloudWatchMetrics.map((m) => ({ ...m, service: line.service, carrier: line.carrier })));
    const byName = (name: string) => declared.find((m) => m.Metrics.some((metric) => metric.Name === name));
    for (const name of ['CarrierFailures', 'CarrierLatency', 'CarrierBreakerOpened']) {
      const metric = byName(name);
      expect([name, metric?.Namespace]).toEqual([name, metricsNamespace(stages.dev)]);
      // SCHEMA("<namespace>", carrier, service): exactly these two dimensions.
      expect(metric!.Dimensions.map((set) => [...set].sort())).toEqual([['carrier', 'service']]);
      expect(metric!.service).toBe(SERVICE_NAME);
      expect(metric!.carrier).toBe('CARRIERX');
    }
    const queries = carrierQueries(stages.dev, SERVICE_NAME);
    expect(queries.worstFailureRate).toContain('AVG(CarrierFailures)');
    expect(queries.breakerOpenings).toContain('SUM(CarrierBreakerOpened)');
  });
});
