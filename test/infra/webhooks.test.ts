/**
 * Webhooks as each stage deploys them from the real manifest: the delivery
 * queue with its dead-letter queue and alarm, the queue consumer (partial batch
 * responses, a timeout above the 15 s attempt), the stream consumer with its
 * filter, who may send to the queue, and the KMS key of the signing secrets
 * with exactly one action each for the function that seals and the one that
 * opens.
 */
import { stages } from '../../lib/stages';
import { QUEUE_CONSUMER_TIMEOUT_SECONDS } from '../../lib/shipping-stack';
import { FUNCTIONS } from '../../shared/functions';
import { actionsOf, logicalId, mentions, resources, statementsOf, useSynthesizedStages } from './synth';

const synthesizedStage = useSynthesizedStages();

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  const of = () => synthesizedStage(stage);
  const fn = (name: string) => of().stack.functions.get(name)!;
  const queues = () => of().stack.queues.get('webhook-deliveries')!;

  it('has the delivery queue: encrypted, TLS only, a visibility timeout six times the consumer timeout, a dead-letter queue after 5 receipts', () => {
    const { template } = of();
    const queue = resources(template)[logicalId(queues().queue)]!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 6 * QUEUE_CONSUMER_TIMEOUT_SECONDS,
      RedrivePolicy: { maxReceiveCount: 5, deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(queues().deadLetters), 'Arn'] } },
    });
    expect(resources(template)[logicalId(queues().deadLetters)]!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('feeds webhook-deliver from the queue, reporting failed messages alone, with a timeout above one attempt', () => {
    const { template } = of();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(fn('webhook-deliver').handler) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(queues().queue), 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(resources(template)[logicalId(fn('webhook-deliver').handler)]!.Properties).toMatchObject({ Timeout: QUEUE_CONSUMER_TIMEOUT_SECONDS });
    expect(QUEUE_CONSUMER_TIMEOUT_SECONDS).toBeGreaterThan(15);
  });

  it('alarms on the dead-letter queue and shows it on the dashboard', () => {
    const { template } = of();
    const alarms = Object.values(resources(template)).filter(
      (r) => r.Type === 'AWS::CloudWatch::Alarm' && String(r.Properties!.AlarmName).endsWith('dead-letters-webhook-deliver'),
    );
    expect(alarms).toHaveLength(1);
    expect(mentions(alarms[0]!.Properties, logicalId(queues().deadLetters))).toBe(true);
    const dashboard = Object.values(resources(template)).find((r) => r.Type === 'AWS::CloudWatch::Dashboard')!;
    expect(mentions(dashboard.Properties, logicalId(queues().deadLetters))).toBe(true);
  });

  it('lets exactly the functions that queue deliveries send to the queue, with its URL', () => {
    const { template } = of();
    for (const entry of FUNCTIONS) {
      const sends = statementsOf(template, logicalId(fn(entry.name).handler.role!)).some(
        (s) => actionsOf(s).includes('sqs:SendMessage') && mentions(s.Resource, logicalId(queues().queue)),
      );
      expect([entry.name, sends]).toEqual([entry.name, ['webhook-events', 'webhook-deliver', 'webhook-retry', 'webhook-sweep'].includes(entry.name)]);
      const env = (resources(template)[logicalId(fn(entry.name).handler)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect([entry.name, 'WEBHOOK_QUEUE_URL' in env]).toEqual([entry.name, sends]);
    }
  });

  it('seals secrets with a rotated KMS key: kms:Encrypt for webhooks-create only, kms:Decrypt for webhook-deliver only', () => {
    const { template, stack } = of();
    const key = logicalId(stack.webhookSecretKey!);
    expect(resources(template)[key]!.Properties).toMatchObject({ EnableKeyRotation: true });
    for (const entry of FUNCTIONS) {
      const kms = statementsOf(template, logicalId(fn(entry.name).handler.role!)).flatMap((s) =>
        actionsOf(s)
          .filter((a) => a.startsWith('kms:'))
          .map((a) => [a, mentions(s.Resource, key)]),
      );
      const expected = entry.name === 'webhooks-create' ? [['kms:Encrypt', true]] : entry.name === 'webhook-deliver' ? [['kms:Decrypt', true]] : [];
      expect([entry.name, kms]).toEqual([entry.name, expected]);
    }
  });

  it('feeds webhook-events from the table stream: order records, manifests that became closed, pickups scheduled or cancelled, and batches whose end was written', () => {
    const { template, stack } = of();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(fn('webhook-events').handler) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.storage.table), 'StreamArn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [{ prefix: 'ORDER#' }] }, sk: { S: ['ORDER'] } } } }) },
          {
            Pattern: JSON.stringify({
              eventName: ['MODIFY'],
              dynamodb: {
                Keys: { pk: { S: [{ prefix: 'MANIFEST#' }] }, sk: { S: [{ prefix: 'LIST#' }] } },
                NewImage: { status: { S: ['closed'] } },
                OldImage: { status: { S: [{ 'anything-but': ['closed'] }] } },
              },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT', 'MODIFY'],
              dynamodb: {
                Keys: { pk: { S: [{ prefix: 'PICKUP#' }] }, sk: { S: [{ prefix: 'LIST#' }] } },
                NewImage: { status: { S: ['scheduled', 'cancelled'] } },
              },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['MODIFY'],
              dynamodb: {
                Keys: { pk: { S: [{ prefix: 'BATCH#' }] }, sk: { S: [{ prefix: 'BATCH#' }] } },
                NewImage: { completedDate: { S: [{ exists: true }] } },
                OldImage: { completedDate: { S: [{ exists: false }] } },
              },
            }),
          },
        ],
      },
    });
  });
});
