/**
 * The stack is built from the function list alone: entries with the triggers and
 * access the design announces (ship, label-file, notify, tracking-refresh)
 * get their routes, fenced grants, stream filters and schedules without any
 * change to lib/. The entries borrow an existing handler file; the handler is
 * not the point.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { checkFunctions } from '../../lib/shipping-stack';
import { parseStageConfig, stages } from '../../lib/stages';
import { environmentOf, variableName } from '../../shared/config';
import { FUNCTIONS, orderStatusChanges, type FunctionEntry } from '../../shared/functions';
import { keys } from '../../shared/store/keys';
import { bucketDefinition } from '../../shared/store/table';
import {
  actionsOf,
  logicalId,
  matchesFilter,
  mentions,
  resources,
  routesOf,
  statementsOf,
  synthesize,
  tableWriteFences,
  type Statement,
  type Synthesized,
} from './synth';

const borrowedEntry = FUNCTIONS[0]!.entry;
/** The statuses an e-mail can be asked for (`shippingNotificationStatuses`). */
const NOTIFIED = ['pending', 'intransit', 'delivered', 'cancelled'];
const announced: FunctionEntry[] = [
  {
    name: 'ship',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'POST', path: '/v1/ship/{rateResponseId}', scopes: ['shipments:create'], body: 'optional' },
    access: { table: 'read', writes: ['ORDER#', 'RATERESP#'], bucket: 'readwrite' },
    description: 'Ship a rate response',
  },
  {
    name: 'labels',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'GET', path: '/v1/labels/{orderId}', scopes: ['shipments:labels', 'shipments:create'], body: 'none' },
    access: { table: 'read', writes: [], bucket: 'read' },
    description: 'Label types of an order',
  },
  {
    name: 'label-file',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'GET', path: '/v1/labels/{orderId}/{labelType}', scopes: ['shipments:labels', 'shipments:create'], body: 'none' },
    access: { table: 'read', writes: [], bucket: 'readwrite' },
    description: 'One label file',
  },
  {
    name: 'label-archive',
    entry: borrowedEntry,
    trigger: { kind: 'http', method: 'GET', path: '/v1/label-archive/{orderId}', scopes: ['shipments:labels'], body: 'none' },
    access: { table: 'read', writes: [], bucket: 'read' },
    description: 'A reader of label files (stands in for any read-only bucket entry)',
  },
  {
    name: 'notify',
    entry: borrowedEntry,
    trigger: { kind: 'stream', filters: orderStatusChanges(NOTIFIED) },
    access: { table: 'read', writes: ['ORDER#'], bucket: 'none', email: true },
    description: 'Status e-mails from the table stream',
  },
  {
    name: 'tracking-refresh',
    entry: borrowedEntry,
    trigger: { kind: 'schedule', everyMinutes: 5 },
    access: { table: 'read', writes: ['ORDER#'], bucket: 'none' },
    description: 'Moves tracking forward',
  },
];
// Announced entries stand in until the function list has them.
const functions = [...FUNCTIONS, ...announced.filter((a) => !FUNCTIONS.some((m) => m.name === a.name))];
const stage = parseStageConfig({ ...stages.dev, emailFrom: 'shipping@mail.example.com' });

let synthesized: Synthesized;
beforeAll(() => {
  synthesized = synthesize(stage, { functions });
});

const statementsOfFunction = (name: string): Statement[] => statementsOf(synthesized.template, logicalId(synthesized.stack.functions.get(name)!.handler.role!));
const actionsOn = (name: string, target: IConstruct): string[] =>
  statementsOfFunction(name)
    .filter((s) => mentions(s.Resource, logicalId(target)))
    .flatMap(actionsOf);

it('routes every HTTP and inbound entry, nested path parameters included', () => {
  const expected = functions.flatMap((f) => (f.trigger.kind === 'http' || f.trigger.kind === 'inbound' ? [`${f.trigger.method} ${f.trigger.path}`] : []));
  expect(
    routesOf(synthesized.template)
      .map((r) => r.route)
      .sort(),
  ).toEqual(expected.sort());
});

it('builds one function per entry, whatever its trigger', () => {
  const { template, stack } = synthesized;
  for (const entry of functions) {
    expect(resources(template)[logicalId(stack.functions.get(entry.name)!.handler)]?.Type).toBe('AWS::Lambda::Function');
  }
});

describe('grants follow access', () => {
  it('an entry with writes may put, update and delete items of its prefixes only, and read and transact on the table', () => {
    const fences = tableWriteFences(synthesized.template, synthesized.stack);
    // The order's entry among the company's open shipments (MANIFEST#) goes with it.
    expect(fences.get('ship')).toEqual([
      {
        actions: ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        prefixes: ['MANIFEST#*', 'ORDER#*', 'RATERESP#*', 'TRACKNO#*'],
      },
    ]);
    expect(fences.get('carrier-push-events')).toEqual([{ actions: expect.arrayContaining(['dynamodb:UpdateItem']), prefixes: ['ORDER#*'] }]);
    expect(fences.get('carrier-push-token')).toEqual([]);
    expect(fences.get('notify')).toEqual([{ actions: expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']), prefixes: ['ORDER#*'] }]);
    // The tracking worker also reconciles, and an adoption writes what a ship writes; a pickup's round its record and pickup.
    expect(fences.get('tracking-check')).toEqual([
      { actions: expect.arrayContaining(['dynamodb:UpdateItem']), prefixes: ['MANIFEST#*', 'ORDER#*', 'PICKUP#*', 'RATERESP#*', 'TRACKNO#*'] },
    ]);
    expect(fences.get('pickups-create')).toEqual([{ actions: expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:DeleteItem']), prefixes: ['PICKUP#*'] }]);
    // The dispatcher only reads the index and sends to the queue.
    expect(fences.get('tracking-refresh')).toEqual([]);
    expect(actionsOn('ship', synthesized.stack.storage.table)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem']),
    );
  });

  it('an entry without writes gets no write and no condition check', () => {
    expect(tableWriteFences(synthesized.template, synthesized.stack).get('labels')).toEqual([]);
    expect(actionsOn('labels', synthesized.stack.storage.table).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query']);
  });

  it('a readwrite bucket entry may read and write label objects, nothing else of the bucket', () => {
    const bucketId = logicalId(synthesized.stack.storage.labelBucket);
    const s3 = statementsOfFunction('label-file').filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Action: ['s3:GetObject', 's3:PutObject'],
          Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${bucketDefinition.labelPrefix}*`]] },
        }),
        expect.objectContaining({ Action: 's3:ListBucket', Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] } }),
      ]),
    );
    expect(s3.flatMap(actionsOf).sort()).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
  });

  it('a read bucket entry may not write label objects', () => {
    const actions = statementsOfFunction('label-archive')
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('s3:'));
    expect(actions.sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
  });

  it('only an e-mail entry may send e-mail, from the stage sender identity', () => {
    const ses = (name: string) => statementsOfFunction(name).filter((s) => actionsOf(s).includes('ses:SendEmail'));
    expect(ses('notify')).toHaveLength(1);
    const resourcesOfSes = JSON.stringify(ses('notify')[0]!.Resource);
    expect(resourcesOfSes).toContain(':identity/shipping@mail.example.com');
    expect(resourcesOfSes).toContain(':identity/mail.example.com');
    expect(resourcesOfSes).toContain(`:configuration-set/${stage.emailConfigurationSet}`);
    expect(ses('ship')).toEqual([]);
    expect(ses('tracking-refresh')).toEqual([]);
  });

  it('only an e-mail entry gets EMAIL_FROM, the configuration set and the lease of its e-mails', () => {
    const env = (name: string) =>
      (
        resources(synthesized.template)[logicalId(synthesized.stack.functions.get(name)!.handler)]!.Properties!.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    expect(env('notify')).toEqual(
      expect.objectContaining(
        environmentOf({
          emailFrom: 'shipping@mail.example.com',
          emailConfigurationSet: stage.emailConfigurationSet,
          notifyLeaseSeconds: stage.notifyLeaseSeconds,
        }),
      ),
    );
    for (const setting of ['emailFrom', 'emailConfigurationSet', 'notifyLeaseSeconds'] as const) expect(env('ship')[variableName(setting)]).toBeUndefined();
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

  it('gets the filter patterns of its function entry', () => {
    const { template, stack } = synthesized;
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack.functions.get('notify')!.handler) },
      FilterCriteria: { Filters: orderStatusChanges(NOTIFIED).map((pattern) => ({ Pattern: JSON.stringify(pattern) })) },
    });
  });

  describe('its filter, as deployed, passes order status changes only', () => {
    const image = (pk: string, sk: string, status?: string) => ({
      pk: { S: pk },
      sk: { S: sk },
      ...(status ? { status: { S: status } } : {}),
      nextCheckAt: { S: '2026-05-01T10:00:00.000Z' },
    });
    const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', key: { pk: string; sk: string }, old?: string | null, now?: string | null) => ({
      eventName,
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: { pk: { S: key.pk }, sk: { S: key.sk } },
        ...(old !== undefined ? { OldImage: image(key.pk, key.sk, old ?? undefined) } : {}),
        ...(now !== undefined ? { NewImage: image(key.pk, key.sk, now ?? undefined) } : {}),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
    const order = keys.order('0b6c2a8e-5a1f-4c55-9d7e-3f1e2b7c9a10');
    const deployedPatterns = () => {
      const mapping = Object.values(resources(synthesized.template)).find(
        (r) =>
          r.Type === 'AWS::Lambda::EventSourceMapping' && mentions(r.Properties!.FunctionName, logicalId(synthesized.stack.functions.get('notify')!.handler)),
      )!;
      return (mapping.Properties!.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map(
        (f) => JSON.parse(f.Pattern) as Record<string, unknown>,
      );
    };
    const invokes = (r: unknown) => deployedPatterns().some((pattern) => matchesFilter(pattern, r));

    it.each([
      ['an order created pending', record('INSERT', order, undefined, 'pending')],
      ['pending to intransit', record('MODIFY', order, 'pending', 'intransit')],
      ['intransit to delivered', record('MODIFY', order, 'intransit', 'delivered')],
      ['pending to cancelled', record('MODIFY', order, 'pending', 'cancelled')],
    ])('invokes for %s', (_case, r) => {
      expect(invokes(r)).toBe(true);
    });

    it.each([
      ['a tracking check that keeps the status', record('MODIFY', order, 'intransit', 'intransit')],
      ['a status nobody can be notified of', record('MODIFY', order, 'intransit', 'exception')],
      ['an order without a status', record('INSERT', order, undefined, null)],
      ['a notification marker under the order', record('INSERT', { pk: order.pk, sk: 'NOTIFY#intransit' }, undefined, 'intransit')],
      ['a rate response written', record('INSERT', keys.rateResponse('r1'), undefined, null)],
      ['a rate response deleted by TTL', record('REMOVE', keys.rateResponse('r1'), null)],
      ['an order deleted', record('REMOVE', order, 'delivered')],
    ])('does not invoke for %s', (_case, r) => {
      expect(invokes(r)).toBe(false);
    });
  });

  it('may read the stream', () => {
    const streamActions = statementsOfFunction('notify')
      .filter((s) => JSON.stringify(s.Resource).includes('StreamArn'))
      .flatMap(actionsOf);
    expect(streamActions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream']));
  });
});

it('a schedule entry runs every N minutes from an EventBridge rule (the tracking dispatcher: every minute)', () => {
  const { template, stack } = synthesized;
  const refresh = stack.functions.get('tracking-refresh')!;
  template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: 'rate(1 minute)',
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

describe('checkFunctions stops a function list the stage cannot deploy', () => {
  const base = FUNCTIONS[0]!;
  it.each([
    ['a name declared twice', [base, { ...base }], /declared twice/],
    ['a route declared twice', [base, { ...base, name: 'other' }], /route GET \/v1\/packaging-types is declared twice/],
    ['a path outside /v1/', [{ ...base, trigger: { kind: 'http', method: 'GET', path: '/carriers', scopes: [] } }], /not under \/v1\//],
    ['a name that is not kebab-case', [{ ...base, name: 'Packaging_Types' }], /kebab-case/],
    ['a schedule of a fraction of a minute', [{ ...base, trigger: { kind: 'schedule', everyMinutes: 0.5 } }], /whole number of minutes/],
    ['a write to API keys', [{ ...base, access: { table: 'read', writes: ['APIKEY#'], bucket: 'none' } }], /"APIKEY#" reaches APIKEY#/],
    ['a write to companies', [{ ...base, access: { table: 'read', writes: ['COMPANY#'], bucket: 'none' } }], /"COMPANY#" reaches COMPANY#/],
    ['a write that reaches reference data', [{ ...base, access: { table: 'read', writes: ['REFERENCE#'], bucket: 'none' } }], /"REFERENCE#" reaches REFERENCE/],
    ['a write prefix with a wildcard', [{ ...base, access: { table: 'read', writes: ['ORDER*'], bucket: 'none' } }], /must be capital letters ending with #/],
    ['a write prefix without its #', [{ ...base, access: { table: 'read', writes: ['RATE'], bucket: 'none' } }], /must be capital letters ending with #/],
    ['writes without table access', [{ ...base, access: { table: 'none', writes: ['ORDER#'], bucket: 'none' } }], /writes the table but has no table access/],
    ['a stream trigger without a filter', [{ ...base, trigger: { kind: 'stream', filters: [] } }], /needs 1 to 5 filters/],
    [
      'a stream trigger beyond the filter quota',
      [{ ...base, trigger: { kind: 'stream', filters: orderStatusChanges(['pending', 'intransit', 'delivered', 'cancelled', 'exception']) } }],
      /needs 1 to 5 filters/,
    ],
  ] as Array<[string, FunctionEntry[], RegExp]>)('%s', (_case, entries, message) => {
    expect(() => checkFunctions(entries, stages.dev)).toThrow(message);
  });

  it('an e-mail sender on a stage without emailFrom', () => {
    const withoutSender = parseStageConfig({ ...stages.dev, emailFrom: undefined });
    expect(() => checkFunctions([{ ...base, access: { table: 'read', writes: [], bucket: 'none', email: true } }], withoutSender)).toThrow(/has no emailFrom/);
  });

  it('accepts the function list', () => {
    expect(() => checkFunctions(FUNCTIONS, stages.dev)).not.toThrow();
    expect(() => checkFunctions(FUNCTIONS, stages.prod)).not.toThrow();
  });
});
