/**
 * The stack of each stage, as CloudFormation sees it, and the drift test: the
 * API is exactly the manifest's HTTP triggers (docs/architecture.md).
 */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { accessLogFields } from '../../lib/api';
import { FUNCTION_RUNTIME } from '../../lib/project-function';
import { QUEUE_CONSUMER_TIMEOUT_SECONDS, SERVICE_NAME } from '../../lib/shipping-stack';
import { STAGE_FUNCTION_SETTINGS, stages } from '../../lib/stages';
import { variableName } from '../../shared/config';
import { httpFunctions, inboundFunctions, FUNCTIONS } from '../../shared/functions';
import { keys } from '../../shared/store/keys';
import { tableDefinition, trackingDueIndex, webhookOverdueIndex } from '../../shared/store/table';
import {
  actionsOf,
  isTableWrite,
  logicalId,
  mentions,
  resources,
  routesOf,
  statementsOf,
  stringLike,
  tableWriteFences,
  type Synthesized,
  useSynthesizedStages,
} from './synth';

const of = useSynthesizedStages();

const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:*'];

describe.each([stages.dev, stages.prod])('stage $name', (stage) => {
  const retention = stage.retainData ? 'Retain' : 'Delete';

  describe('table', () => {
    it('has string pk/sk keys, TTL, point-in-time recovery, a NEW_AND_OLD_IMAGES stream and on-demand billing', () => {
      of(stage).template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: tableDefinition.partitionKey, AttributeType: 'S' },
          { AttributeName: tableDefinition.sortKey, AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        DeletionProtectionEnabled: stage.retainData,
      });
    });

    it('has the sparse tracking-due index (shard and due time, keys only), and the sparse webhook-overdue index (keys only)', () => {
      of(stage).template.hasResourceProperties('AWS::DynamoDB::Table', {
        GlobalSecondaryIndexes: [
          {
            IndexName: trackingDueIndex.indexName,
            KeySchema: [
              { AttributeName: 'dueShard', KeyType: 'HASH' },
              { AttributeName: 'dueAt', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
          {
            IndexName: webhookOverdueIndex.indexName,
            KeySchema: [
              { AttributeName: 'overdueShard', KeyType: 'HASH' },
              { AttributeName: 'overdueAt', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'dueShard', AttributeType: 'S' },
          { AttributeName: 'dueAt', AttributeType: 'S' },
          { AttributeName: 'overdueShard', AttributeType: 'S' },
          { AttributeName: 'overdueAt', AttributeType: 'S' },
        ]),
      });
    });

    it(`is ${retention === 'Retain' ? 'retained' : 'deleted'} with the stack`, () => {
      of(stage).template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: retention, UpdateReplacePolicy: retention });
    });
  });

  describe('buckets', () => {
    it('block every kind of public access, encrypt with S3-managed keys and follow the stage retention', () => {
      const { template } = of(stage);
      template.resourceCountIs('AWS::S3::Bucket', 2);
      template.allResources('AWS::S3::Bucket', {
        DeletionPolicy: retention,
        Properties: Match.objectLike({
          PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
          BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        }),
      });
    });

    it('refuse every request that is not over TLS', () => {
      const { template, stack } = of(stage);
      for (const bucket of [stack.storage.labelBucket, stack.storage.accessLogsBucket]) {
        template.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: logicalId(bucket) },
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Principal: { AWS: '*' }, Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    });

    it('log label bucket access to the access-log bucket', () => {
      const { template, stack } = of(stage);
      template.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: { DestinationBucketName: { Ref: logicalId(stack.storage.accessLogsBucket) }, LogFilePrefix: Match.anyValue() },
      });
    });

    it(stage.retainData ? 'keep their objects when the stack goes' : 'empty themselves when the stack goes', () => {
      of(stage).template.resourceCountIs('Custom::S3AutoDeleteObjects', stage.retainData ? 0 : 2);
    });
  });

  describe('functions', () => {
    it('are one Lambda function per function entry', () => {
      const { template, stack } = of(stage);
      const projectFunctions = template.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: Match.objectLike({ [variableName('tableName')]: Match.anyValue() }) } },
      });
      expect(Object.keys(projectFunctions).sort()).toEqual(FUNCTIONS.map((entry) => logicalId(stack.functions.get(entry.name)!.handler)).sort());
    });

    it.each(FUNCTIONS.map((entry) => [entry.name, entry] as const))(
      '%s runs on arm64 with the stage memory, timeout, tracing and environment',
      (name, entry) => {
        const { template, stack } = of(stage);
        const handler = stack.functions.get(name)!.handler;
        template.hasResource('AWS::Lambda::Function', {
          Properties: {
            Runtime: FUNCTION_RUNTIME.name,
            Architectures: ['arm64'],
            Handler: 'index.handler',
            MemorySize: stage.lambda.memoryMb,
            Timeout: entry.trigger.kind === 'queue' ? QUEUE_CONSUMER_TIMEOUT_SECONDS : stage.lambda.timeoutSeconds,
            Description: entry.description,
            TracingConfig: { Mode: 'Active' },
            LoggingConfig: { LogGroup: { Ref: logicalId(handler.logs) } },
            Environment: {
              Variables: {
                // The names are shared/config.ts's, the values the stage's (stages.test.ts reads them back through config).
                [variableName('tableName')]: { Ref: logicalId(stack.storage.table) },
                [variableName('bucketName')]: { Ref: logicalId(stack.storage.labelBucket) },
                ...Object.fromEntries(STAGE_FUNCTION_SETTINGS.map((setting) => [variableName(setting), String(stage[setting])])),
                LOG_LEVEL: stage.logLevel,
                POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
              },
            },
          },
        });
        // No --enable-source-maps (lib/bundling.ts): a logged error's stack is mapped then (shared/observability/source-maps.ts).
        const variables = (resources(template)[logicalId(handler)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables.NODE_OPTIONS).toBeUndefined();
        expect(resources(template)[logicalId(handler.logs)]).toMatchObject({
          Properties: { RetentionInDays: stage.logRetentionDays },
          DeletionPolicy: retention,
        });
      },
    );

    it('write their logs to their own log group only, with no AWS managed policy', () => {
      const { template, stack } = of(stage);
      for (const { handler } of stack.functions.values()) {
        const roleId = logicalId(handler.role!);
        const role = resources(template)[roleId]!;
        expect(role.Properties!.ManagedPolicyArns).toBeUndefined();
        const logStatements = statementsOf(template, roleId).filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));
        expect(logStatements).toEqual([
          expect.objectContaining({ Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logicalId(handler.logs), 'Arn'] } }),
        ]);
      }
    });

    it.each(FUNCTIONS.filter((e) => e.access.table === 'read' && e.access.writes.length === 0).map((e) => [e.name] as const))(
      '%s reads the table and cannot write it',
      (name) => {
        const { template, stack } = of(stage);
        const tableId = logicalId(stack.storage.table);
        const onTable = statementsOf(template, logicalId(stack.functions.get(name)!.handler.role!)).filter((s) => mentions(s.Resource, tableId));
        const actions = onTable.flatMap(actionsOf);
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
        expect(actions.filter((a) => TABLE_WRITE_ACTIONS.includes(a))).toEqual([]);
      },
    );

    it.each(FUNCTIONS.filter((e) => e.access.bucket === 'none').map((e) => [e.name] as const))('%s has no access to the label bucket', (name) => {
      const { template, stack } = of(stage);
      const statements = statementsOf(template, logicalId(stack.functions.get(name)!.handler.role!));
      expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('s3:'))).toEqual([]);
    });
  });

  describe('table grants', () => {
    const functionStatements = () => {
      const { template, stack } = of(stage);
      return [...stack.functions.values()].flatMap(({ entry, handler }) =>
        statementsOf(template, logicalId(handler.role!)).map((s) => ({ name: entry.name, s })),
      );
    };

    it('no function may Scan, run PartiQL or use a wildcard action', () => {
      const found = functionStatements().flatMap(({ name, s }) =>
        actionsOf(s)
          .filter((a) => a === '*' || a === 'dynamodb:Scan' || a.startsWith('dynamodb:PartiQL') || (a.startsWith('dynamodb:') && a.includes('*')))
          .map((a) => `${name}: ${a}`),
      );
      expect(found).toEqual([]);
    });

    it('a function writes the table only within the key prefixes of its function entry', () => {
      const fences = tableWriteFences(of(stage).template, of(stage).stack);
      for (const entry of FUNCTIONS) {
        expect([entry.name, fences.get(entry.name)]).toEqual([
          entry.name,
          entry.access.writes.length === 0
            ? []
            : [
                {
                  actions: ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
                  prefixes: entry.access.writes.map((p) => `${p}*`).sort(),
                },
              ],
        ]);
      }
      expect(fences.get('rate')).toEqual([expect.objectContaining({ prefixes: ['ADDRVAL#*', 'RATEREQ#*', 'RATERESP#*'] })]);
      for (const name of ['packaging-types', 'carriers', 'carrier-services']) expect(fences.get(name)).toEqual([]);
    });

    it('every table write is on the table itself, fenced by dynamodb:LeadingKeys, which must be present', () => {
      const tableArn = { 'Fn::GetAtt': [logicalId(of(stage).stack.storage.table), 'Arn'] };
      const writes = functionStatements().filter(({ s }) => actionsOf(s).some(isTableWrite));
      expect(writes.length).toBeGreaterThan(0);
      for (const { s } of writes) {
        expect(s.Resource).toEqual(tableArn);
        expect(s.Condition).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': expect.anything() },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        });
      }
    });

    it.each([
      ['an API key', keys.apiKey('0'.repeat(64)).pk],
      ['an API key id pointer', keys.apiKeyId('k1').pk],
      ['a company', keys.company('c1').pk],
      ["a company's box", keys.companyPackaging('c1', 'b1').pk],
      ['a pricing plan', keys.pricingPlan('default', 'CARRIERX').pk],
      ['the carrier list', keys.carrier('CARRIERX').pk],
      ['a carrier service', keys.service('CARRIERX', 'CARRIERX_GROUND').pk],
      ['a default packaging type', keys.defaultPackaging('p1').pk],
      ['a carrier account', keys.carrierAccount('00000000-0000-4000-8000-000000000000').pk],
    ])('no function may write %s', (_what, pk) => {
      const reaching = [...tableWriteFences(of(stage).template, of(stage).stack)].filter(([, fences]) =>
        fences.some((f) => f.prefixes.some((pattern) => stringLike(pattern, pk))),
      );
      expect(reaching.map(([name]) => name)).toEqual([]);
    });

    it('reads reach the table and its indexes, nothing else', () => {
      const { stack } = of(stage);
      const tableArn = { 'Fn::GetAtt': [logicalId(stack.storage.table), 'Arn'] };
      const reads = functionStatements().filter(({ s }) => actionsOf(s).includes('dynamodb:GetItem'));
      expect(reads).toHaveLength(FUNCTIONS.filter((e) => e.access.table === 'read').length);
      for (const { s } of reads) {
        const expected = [tableArn, ...tableDefinition.globalSecondaryIndexes.map((index) => ({ 'Fn::Join': ['', [tableArn, `/index/${index.indexName}`]] }))];
        expect(s.Resource).toHaveLength(expected.length);
        expect(s.Resource).toEqual(expect.arrayContaining(expected));
        expect(s.Condition).toBeUndefined();
      }
    });
  });

  describe('API', () => {
    it('is a regional REST API', () => {
      of(stage).template.hasResourceProperties('AWS::ApiGateway::RestApi', { EndpointConfiguration: { Types: ['REGIONAL'] } });
    });

    it('has one method per HTTP and inbound trigger, each a Lambda proxy integration', () => {
      const { template } = of(stage);
      const http = FUNCTIONS.filter((e) => e.trigger.kind === 'http' || e.trigger.kind === 'inbound');
      template.resourceCountIs('AWS::ApiGateway::Method', http.length);
      template.allResourcesProperties('AWS::ApiGateway::Method', {
        AuthorizationType: 'NONE',
        Integration: Match.objectLike({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' }),
      });
    });

    it(`deploys to a stage named "${stage.name}" with throttling, tracing, metrics and error logging without data trace`, () => {
      of(stage).template.hasResourceProperties('AWS::ApiGateway::Stage', {
        StageName: stage.name,
        TracingEnabled: true,
        MethodSettings: [
          {
            HttpMethod: '*',
            ResourcePath: '/*',
            ThrottlingRateLimit: stage.throttling.rateLimit,
            ThrottlingBurstLimit: stage.throttling.burstLimit,
            MetricsEnabled: true,
            LoggingLevel: 'ERROR',
            DataTraceEnabled: false,
          },
        ],
      });
    });

    it('writes one JSON access-log line per request to its own log group', () => {
      const { template, stack } = of(stage);
      const apiStage = Object.values(resources(template)).find((r) => r.Type === 'AWS::ApiGateway::Stage')!;
      const setting = apiStage.Properties!.AccessLogSetting as { DestinationArn: unknown; Format: string };
      expect(mentions(setting.DestinationArn, logicalId(stack.api.accessLogs))).toBe(true);
      const line = JSON.parse(setting.Format) as Record<string, string>;
      expect(line).toEqual(accessLogFields);
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['requestId', 'httpMethod', 'resourcePath', 'status', 'integrationLatency']));
      expect(setting.Format).not.toMatch(/header|apiKey/i);
      expect(resources(template)[logicalId(stack.api.accessLogs)]).toMatchObject({
        Properties: { RetentionInDays: stage.logRetentionDays },
        DeletionPolicy: retention,
      });
    });

    it('answers an unknown route with 404 and the project error body', () => {
      const { template } = of(stage);
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
        StatusCode: '404',
        ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"NOT_FOUND"') },
      });
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'REQUEST_TOO_LARGE',
        StatusCode: '413',
        ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"PAYLOAD_TOO_LARGE"') },
      });
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'THROTTLED',
        StatusCode: '429',
        ResponseParameters: { 'gatewayresponse.header.Retry-After': "'1'" },
        ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"THROTTLED"') },
      });
      for (const type of ['DEFAULT_4XX', 'DEFAULT_5XX']) {
        const response = Object.values(resources(template)).find((r) => r.Type === 'AWS::ApiGateway::GatewayResponse' && r.Properties!.ResponseType === type)!;
        const body = (response.Properties!.ResponseTemplates as Record<string, string>)['application/json']!;
        expect(body).toMatch(/^\{"error":\{"code":"[^"]+","message":\$context\.error\.messageString\}\}$/);
      }
    });
  });

  describe('routes match the manifest (drift)', () => {
    it('has exactly the routes of the HTTP and inbound triggers', () => {
      const expected = [...httpFunctions(), ...inboundFunctions()].map((f) => `${f.trigger.method} ${f.trigger.path}`);
      expect(
        routesOf(of(stage).template)
          .map((r) => r.route)
          .sort(),
      ).toEqual(expected.sort());
    });

    it.each([...httpFunctions(), ...inboundFunctions()].map((f) => [`${f.trigger.method} ${f.trigger.path}`, f.name] as const))(
      '%s invokes the %s function and no other',
      (route, name) => {
        const { stack, template } = of(stage);
        const method = routesOf(template).find((r) => r.route === route)!;
        for (const other of stack.functions.values()) {
          expect(mentions(method.integrationUri, logicalId(other.handler))).toBe(other.entry.name === name);
        }
      },
    );
  });

  describe('carrier-account secrets', () => {
    const secretsArn = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':secretsmanager:',
          { Ref: 'AWS::Region' },
          ':',
          { Ref: 'AWS::AccountId' },
          `:secret:${stage.carrierSecretPrefix}/*`,
        ],
      ],
    };
    const secretStatements = (name: string) => {
      const { template, stack } = of(stage);
      return statementsOf(template, logicalId(stack.functions.get(name)!.handler.role!)).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
      );
    };
    const variables = (name: string) => {
      const { template, stack } = of(stage);
      return (resources(template)[logicalId(stack.functions.get(name)!.handler)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    };

    it("are read by exactly the functions that call carriers, and the inbound routes that check a carrier's push credentials", () => {
      expect(
        FUNCTIONS.filter((e) => e.access.carrierSecrets)
          .map((e) => e.name)
          .sort(),
      ).toEqual([
        // A carrier's address service (docs/addresses.md).
        'addresses-validate',
        // Quotes and ships batch items (docs/batches.md).
        'batch-worker',
        'cancel',
        'carrier-push-events',
        'carrier-push-token',
        // The day's close of a carrier that transmits it (docs/manifests.md).
        'manifests-create',
        // Pickups: the carrier's windows, its booking and its cancel (docs/pickups.md).
        'pickup-cancel',
        'pickups-availability',
        'pickups-create',
        'rate',
        'ship',
        'track',
        'tracking-check',
      ]);
    });

    it.each(FUNCTIONS.map((entry) => [entry.name, Boolean(entry.access.carrierSecrets)] as const))(
      '%s (carrier calls: %s) may read the stage secrets under its prefix only, with the prefix in its environment, or neither',
      (name, calls) => {
        if (calls) {
          expect(secretStatements(name)).toEqual([{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: secretsArn }]);
          expect(variables(name)).toMatchObject({
            [variableName('carrierSecretPrefix')]: stage.carrierSecretPrefix,
            [variableName('carrierSecretCacheSeconds')]: String(stage.carrierSecretCacheSeconds),
          });
        } else {
          expect(secretStatements(name)).toEqual([]);
          expect(variables(name)[variableName('carrierSecretPrefix')]).toBeUndefined();
        }
      },
    );

    it('each stage has its own prefix', () => {
      expect(stages.dev.carrierSecretPrefix).not.toBe(stages.prod.carrierSecretPrefix);
      expect(stage.carrierSecretPrefix).toContain(stage.name);
    });
  });

  it('outputs the API URL, the table name, the bucket name and the carrier secret prefix', () => {
    const { template, stack } = of(stage);
    template.hasOutput('ApiUrl', { Value: Match.objectLike({ 'Fn::Join': Match.anyValue() }) });
    template.hasOutput('TableName', { Value: { Ref: logicalId(stack.storage.table) } });
    template.hasOutput('BucketName', { Value: { Ref: logicalId(stack.storage.labelBucket) } });
    template.hasOutput('CarrierSecretPrefix', { Value: stage.carrierSecretPrefix });
  });

  it('is environment-agnostic and needs no lookup, so synth needs no AWS account', () => {
    const { app, stack } = of(stage);
    expect(stack.environment).toBe('aws://unknown-account/unknown-region');
    expect(app.synth().manifest.missing ?? []).toEqual([]);
  });

  it('raises no CDK warning or error', () => {
    const annotations = Annotations.fromStack(of(stage).stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });
});

describe('dev and prod differ where data is at stake', () => {
  it('only prod retains the table and the buckets and protects the stack from deletion', () => {
    const policies = (s: Synthesized) =>
      Object.values(resources(s.template))
        .filter((r) => ['AWS::DynamoDB::Table', 'AWS::S3::Bucket'].includes(r.Type))
        .map((r) => r.DeletionPolicy);
    expect(new Set(policies(of(stages.dev)))).toEqual(new Set(['Delete']));
    expect(new Set(policies(of(stages.prod)))).toEqual(new Set(['Retain']));
    expect(of(stages.dev).stack.terminationProtection).toBe(false);
    expect(of(stages.prod).stack.terminationProtection).toBe(true);
  });

  it('prod keeps its logs longer', () => {
    const retentions = (s: Synthesized) =>
      new Set(
        Object.values(resources(s.template))
          .filter((r) => r.Type === 'AWS::Logs::LogGroup')
          .map((r) => r.Properties!.RetentionInDays),
      );
    expect(retentions(of(stages.dev))).toEqual(new Set([stages.dev.logRetentionDays]));
    expect(retentions(of(stages.prod))).toEqual(new Set([stages.prod.logRetentionDays]));
    expect(stages.prod.logRetentionDays).toBeGreaterThan(stages.dev.logRetentionDays);
  });

  it('on prod the sandbox carriers answer test keys only (SANDBOX_CARRIERS=test) in every function; on dev every key', () => {
    const settings = (s: Synthesized) =>
      new Set(
        Object.values(resources(s.template))
          .filter(
            (r) =>
              r.Type === 'AWS::Lambda::Function' &&
              (r.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[variableName('tableName')],
          )
          .map((r) => (r.Properties!.Environment as { Variables: Record<string, unknown> }).Variables[variableName('sandboxCarriers')]),
      );
    expect(settings(of(stages.prod))).toEqual(new Set(['test']));
    expect(settings(of(stages.dev))).toEqual(new Set(['all']));
  });
});
