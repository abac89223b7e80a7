/**
 * The notify function as each stage deploys it from the real manifest: the
 * table stream with partial batch responses, bounded retries and a failure
 * queue, the five filter patterns of order status changes, and the SES
 * configuration set it sends with (sender, set and grant).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { stages } from '../../lib/stages';
import { environmentOf } from '../../shared/config';
import { NOTIFICATION_STATUSES, orderStatusChanges } from '../../shared/functions';
import { actionsOf, logicalId, resources, statementsOf, useSynthesizedStages } from './synth';

const synthesizedStage = useSynthesizedStages();

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  const of = () => synthesizedStage(stage);
  const notify = () => of().stack.functions.get('notify')!;

  it('reads the table stream, reports failed records alone, retries 3 times and then parks them in its queue', () => {
    const { template, stack } = of();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(notify().handler) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.storage.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 3,
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(notify().failureQueue!), 'Arn'] } } },
    });
    expect(resources(template)[logicalId(notify().failureQueue!)]).toEqual(
      expect.objectContaining({
        Type: 'AWS::SQS::Queue',
        Properties: expect.objectContaining({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 }),
      }),
    );
  });

  it('is invoked only by order status changes: the five patterns of its function entry', () => {
    const patterns = orderStatusChanges(NOTIFICATION_STATUSES);
    expect(patterns).toHaveLength(5);
    of().template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(notify().handler) },
      FilterCriteria: { Filters: patterns.map((pattern) => ({ Pattern: JSON.stringify(pattern) })) },
    });
  });

  it('has an SES configuration set of its own, with bounce and complaint suppression and per-status event metrics', () => {
    const { template, stack } = of();
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: stage.emailConfigurationSet,
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: logicalId(stack.emailConfigurationSet!) },
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['send', 'delivery', 'bounce', 'complaint', 'reject']),
        CloudWatchDestination: { DimensionConfigurations: [{ DimensionName: 'status', DimensionValueSource: 'messageTag', DefaultDimensionValue: 'none' }] },
      }),
    });
  });

  it('sends from the stage sender, with its configuration set, and may send only as that sender and set', () => {
    const { template } = of();
    const variables = (resources(template)[logicalId(notify().handler)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toEqual(
      expect.objectContaining(
        environmentOf({ emailFrom: stage.emailFrom, emailConfigurationSet: stage.emailConfigurationSet, notifyLeaseSeconds: stage.notifyLeaseSeconds }),
      ),
    );
    const ses = statementsOf(template, logicalId(notify().handler.role!)).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(actionsOf(ses[0]!)).toEqual(['ses:SendEmail']);
    const granted = JSON.stringify(ses[0]!.Resource);
    expect(granted).toContain(`:identity/${stage.emailFrom}`);
    expect(granted).toContain(`:identity/${stage.emailFrom!.split('@')[1]}`);
    expect(granted).toContain(`:configuration-set/${stage.emailConfigurationSet}`);
    expect((ses[0]!.Resource as unknown[]).length).toBe(3);
  });

  it('gives the lease longer than the function timeout, so a live attempt is never taken over', () => {
    expect(stage.notifyLeaseSeconds).toBeGreaterThan(stage.lambda.timeoutSeconds);
  });
});
