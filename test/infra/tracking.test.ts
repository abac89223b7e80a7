/**
 * Tracking at scale as each stage deploys it from the real manifest: the
 * dispatcher every minute, reading the table's indexes and sending to the
 * tracking-checks queue (nothing else); the workers fed by the queue, their
 * event source never scaling past the stage's reserved concurrency (the
 * worker concurrency setting); the queue with a dead-letter queue.
 */
import { stages } from '../../lib/stages';
import { QUEUE_CONSUMER_TIMEOUT_SECONDS } from '../../lib/shipping-stack';
import { variableName } from '../../shared/config';
import { FUNCTIONS } from '../../shared/functions';
import { actionsOf, logicalId, mentions, resources, statementsOf, useSynthesizedStages } from './synth';

const synthesizedStage = useSynthesizedStages();

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  const of = () => synthesizedStage(stage);
  const fn = (name: string) => of().stack.functions.get(name)!;
  const queue = () => of().stack.queues.get('tracking-checks')!;
  const env = (name: string) =>
    (resources(of().template)[logicalId(fn(name).handler)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;

  it('feeds tracking-check from the queue at most at the stage worker concurrency, failed messages alone', () => {
    const reserved = stage.reservedConcurrency['tracking-check']!;
    of().template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(fn('tracking-check').handler) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(queue().queue), 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: Math.max(2, reserved) },
    });
    expect(resources(of().template)[logicalId(fn('tracking-check').handler)]!.Properties).toMatchObject({
      ReservedConcurrentExecutions: reserved,
      Timeout: QUEUE_CONSUMER_TIMEOUT_SECONDS,
    });
    expect(resources(of().template)[logicalId(queue().queue)]!.Properties).toMatchObject({
      RedrivePolicy: { maxReceiveCount: 3, deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(queue().deadLetters), 'Arn'] } },
    });
  });

  it('lets exactly the dispatcher send to the queue, with its URL and the stage backlog', () => {
    for (const entry of FUNCTIONS) {
      const sends = statementsOf(of().template, logicalId(fn(entry.name).handler.role!)).some(
        (s) => actionsOf(s).includes('sqs:SendMessage') && mentions(s.Resource, logicalId(queue().queue)),
      );
      expect([entry.name, sends]).toEqual([entry.name, entry.name === 'tracking-refresh']);
      expect([entry.name, 'TRACKING_QUEUE_URL' in env(entry.name)]).toEqual([entry.name, sends]);
    }
    expect(env('tracking-refresh')[variableName('trackingDispatchBacklog')]).toBe(String(stage.trackingDispatchBacklog));
    // The queue depth the dispatcher reads before it sends.
    const depth = statementsOf(of().template, logicalId(fn('tracking-refresh').handler.role!)).some((s) => actionsOf(s).includes('sqs:GetQueueAttributes'));
    expect(depth).toBe(true);
  });

  it('runs the dispatcher every minute, one run at a time', () => {
    of().template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
    expect(stage.reservedConcurrency['tracking-refresh']).toBe(1);
  });

  it('sizes the backlog to about two dispatcher runs of the workers (a batch of 10 side by side in about 0.5 s)', () => {
    const perMinute = stage.reservedConcurrency['tracking-check']! * (10 / 0.5) * 60;
    expect(stage.trackingDispatchBacklog).toBeGreaterThanOrEqual(perMinute);
    expect(stage.trackingDispatchBacklog).toBeLessThanOrEqual(3 * perMinute);
  });
});
