/**
 * The stack is built from the manifest alone: entries with the triggers and
 * access the design announces (ship, label-file, notify, tracking-refresh)
 * get their routes, grants and event sources without any change to lib/.
 * The entries borrow an existing handler file; the handler is not the point.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { checkManifest } from '../../lib/shipping-stack';
import { parseStageConfig, stages } from '../../lib/stages';
import { manifest, type FunctionEntry } from '../../shared/manifest';
import { bucketDefinition } from '../../shared/store/table';
import { actionsOf, logicalId, mentions, resources, routesOf, statementsOf, synthesize, type Statement, type Synthesized } from './synth';

const borrowedEntry = manifest[0]!.entry;
const announced: FunctionEntry[] = [
  {
    name: 'ship',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'POST', path: '/v1/ship/{rateResponseId}', scopes: ['shipments:create'] },
    access: { table: 'readwrite', bucket: 'readwrite' },
    description: 'Ship a rate response',
  },
  {
    name: 'labels',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'GET', path: '/v1/labels/{orderId}', scopes: ['shipments:labels', 'shipments:create'] },
    access: { table: 'read', bucket: 'none' },
    description: 'Label types of an order',
  },
  {
    name: 'label-file',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'GET', path: '/v1/labels/{orderId}/{labelType}', scopes: ['shipments:labels', 'shipments:create'] },
    access: { table: 'read', bucket: 'read' },
    description: 'One label file',
  },
  {
    name: 'notify',
    entry: borrowedEntry,
    trigger: { kind: 'stream' },
    access: { table: 'readwrite', bucket: 'none', email: true },
    description: 'Status e-mails from the table stream',
  },
  {
    name: 'tracking-refresh',
    entry: borrowedEntry,
    trigger: { kind: 'schedule', everyMinutes: 5 },
    access: { table: 'readwrite', bucket: 'none' },
    description: 'Moves tracking forward',
  },
];
const functions = [...manifest, ...announced];
const stage = parseStageConfig({ ...stages.dev, emailFrom: 'shipping@mail.example.com' });

let synthesized: Synthesized;
beforeAll(() => {
  synthesized = synthesize(stage, { functions });
});

const statementsOfFunction = (name: string): Statement[] =>
  statementsOf(synthesized.template, logicalId(synthesized.stack.functions.get(name)!.handler.role!));
const actionsOn = (name: string, target: IConstruct): string[] =>
  statementsOfFunction(name)
    .filter((s) => mentions(s.Resource, logicalId(target)))
    .flatMap(actionsOf);

it('routes every HTTP entry, nested path parameters included', () => {
  const expected = functions.flatMap((f) => (f.trigger.kind === 'http' ? [`${f.trigger.method} ${f.trigger.path}`] : []));
  expect(routesOf(synthesized.template).map((r) => r.route).sort()).toEqual(expected.sort());
});

it('builds one function per entry, whatever its trigger', () => {
  const { template, stack } = synthesized;
  for (const entry of functions) {
    expect(resources(template)[logicalId(stack.functions.get(entry.name)!.handler)]?.Type).toBe('AWS::Lambda::Function');
  }
});

describe('grants follow access', () => {
  it('a readwrite table entry may write items', () => {
    expect(actionsOn('ship', synthesized.stack.storage.table)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetItem']));
  });

  it('a readwrite bucket entry may read and write label objects, nothing else of the bucket', () => {
    const bucketId = logicalId(synthesized.stack.storage.labelBucket);
    const s3 = statementsOfFunction('ship').filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: ['s3:GetObject', 's3:PutObject'], Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${bucketDefinition.labelPrefix}*`]] } }),
        expect.objectContaining({ Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] } }),
      ]),
    );
    expect(s3.flatMap(actionsOf).sort()).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
  });

  it('a read bucket entry may not write label objects', () => {
    const actions = statementsOfFunction('label-file').flatMap(actionsOf).filter((a) => a.startsWith('s3:'));
    expect(actions.sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
  });

  it('only an e-mail entry may send e-mail, from the stage sender identity', () => {
    const ses = (name: string) => statementsOfFunction(name).filter((s) => actionsOf(s).includes('ses:SendEmail'));
    expect(ses('notify')).toHaveLength(1);
    const resourcesOfSes = JSON.stringify(ses('notify')[0]!.Resource);
    expect(resourcesOfSes).toContain(':identity/shipping@mail.example.com');
    expect(resourcesOfSes).toContain(':identity/mail.example.com');
    expect(ses('ship')).toEqual([]);
    expect(ses('tracking-refresh')).toEqual([]);
  });

  it('only an e-mail entry gets EMAIL_FROM', () => {
    const env = (name: string) =>
      (resources(synthesized.template)[logicalId(synthesized.stack.functions.get(name)!.handler)]!.Properties!.Environment as { Variables: Record<string, unknown> })
        .Variables;
    expect(env('notify').EMAIL_FROM).toBe('shipping@mail.example.com');
    expect(env('ship').EMAIL_FROM).toBeUndefined();
  });
});

describe('a stream entry', () => {
  it('reads the table stream in batches, reports item failures and parks poison batches in its queue', () => {
    const { template, stack } = synthesized;
    const notify = stack.functions.get('notify')!;
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(notify.handler) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.storage.table), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: Match.anyValue(),
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(notify.failureQueue!), 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
  });

  it('may read the stream', () => {
    const streamActions = statementsOfFunction('notify')
      .filter((s) => JSON.stringify(s.Resource).includes('StreamArn'))
      .flatMap(actionsOf);
    expect(streamActions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream']));
  });
});

it('a schedule entry runs every N minutes from an EventBridge rule', () => {
  const { template, stack } = synthesized;
  const refresh = stack.functions.get('tracking-refresh')!;
  template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: 'rate(5 minutes)',
    State: 'ENABLED',
    Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalId(refresh.handler), 'Arn'] } })],
  });
  template.hasResourceProperties('AWS::Lambda::Permission', {
    FunctionName: { 'Fn::GetAtt': [logicalId(refresh.handler), 'Arn'] },
    Principal: 'events.amazonaws.com',
    SourceArn: { 'Fn::GetAtt': [logicalId(refresh.rule!), 'Arn'] },
  });
});

it('passes cdk-nag without a new acknowledgement in lib/nag-suppressions.ts', () => {
  expect(new AwsSolutionsChecks().validateScope(synthesized.stack).violations).toEqual([]);
});

describe('checkManifest stops a manifest the stage cannot deploy', () => {
  const base = manifest[0]!;
  it.each([
    ['a name declared twice', [base, { ...base }], /declared twice/],
    ['a route declared twice', [base, { ...base, name: 'other' }], /route GET \/v1\/packaging-types is declared twice/],
    ['a path outside /v1/', [{ ...base, trigger: { kind: 'http', method: 'GET', path: '/carriers', scopes: [] } }], /not under \/v1\//],
    ['a name that is not kebab-case', [{ ...base, name: 'Packaging_Types' }], /kebab-case/],
    ['a schedule of a fraction of a minute', [{ ...base, trigger: { kind: 'schedule', everyMinutes: 0.5 } }], /whole number of minutes/],
    ['an e-mail sender without emailFrom', [{ ...base, access: { table: 'read', bucket: 'none', email: true } }], /has no emailFrom/],
  ] as Array<[string, FunctionEntry[], RegExp]>)('%s', (_case, entries, message) => {
    expect(() => checkManifest(entries, stages.dev)).toThrow(message);
  });

  it('accepts the manifest', () => {
    expect(() => checkManifest(manifest, stages.dev)).not.toThrow();
    expect(() => checkManifest(manifest, stages.prod)).not.toThrow();
  });
});
