/**
 * One stack per stage (docs/architecture.md): the stateful storage, the REST API, and
 * one function per function entry with its grants and its trigger. Nothing
 * here names a function: adding an entry to the function list is enough.
 */
import { ArnFormat, CfnOutput, Duration, RemovalPolicy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Method } from 'aws-cdk-lib/aws-apigateway';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Key } from 'aws-cdk-lib/aws-kms';
import { CloudWatchDimensionSource, ConfigurationSet, EmailSendingEvent, EventDestination, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { environmentOf } from '../shared/config';
import { OPERATOR_PREFIXES, QUEUES, type FunctionEntry, type QueueName } from '../shared/functions';
import { FIFO_QUEUES, QUEUE_URL_ENV } from '../shared/queues';
import { bucketDefinition, tableDefinition } from '../shared/store/table';
import { ShippingApi } from './api';
import { Monitoring } from './monitoring';
import { acknowledgeNagFindings } from './nag-suppressions';
import { ProjectFunction } from './project-function';
import { carrierSecretsEnvironment, stageEnvironment, type StageConfig } from './stages';
import { Storage } from './storage';
import { ApiFirewall } from './waf';

export type ShippingStackProps = StackProps & {
  stage: StageConfig;
  /** The function list (shared/functions.ts); a parameter so tests can pass other triggers. */
  functions: readonly FunctionEntry[];
};

export type DeployedFunction = {
  entry: FunctionEntry;
  handler: ProjectFunction;
  /** HTTP or inbound trigger: the API method. */
  method?: Method;
  /** Stream trigger: where batches that keep failing end up; queue trigger: its queue's dead-letter queue. */
  failureQueue?: Queue;
  /** Queue trigger: the queue it consumes. */
  sourceQueue?: Queue;
  /** Schedule trigger: the EventBridge rule. */
  rule?: Rule;
};

/** SES events of status e-mails counted in CloudWatch, by the `status` message tag (shared/notify/ses.ts). */
const EMAIL_EVENTS = [
  EmailSendingEvent.SEND,
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
  EmailSendingEvent.RENDERING_FAILURE,
  EmailSendingEvent.DELIVERY_DELAY,
];

export const SERVICE_NAME = 'shipping-api';

/** Template metadata SAM CLI takes as a function's identifier (before the logical id and the CDK path). */
export const SAM_RESOURCE_ID = 'SamResourceId';

/**
 * A queue consumer's timeout: a webhook attempt may take its whole 15 s
 * (shared/services/webhook-delivery.ts), with the reads and writes around it.
 */
export const QUEUE_CONSUMER_TIMEOUT_SECONDS = 30;
/** SQS visibility timeout of the stack's queues: six times the consumer's timeout, as AWS advises for Lambda consumers. */
const QUEUE_VISIBILITY_SECONDS = 6 * QUEUE_CONSUMER_TIMEOUT_SECONDS;

/** Stream consumers retry a failing batch, halving it each time, before parking it. */
const STREAM_RETRY_ATTEMPTS = 3;

/** Lambda's default quota of filter patterns per event source mapping. */
const MAX_STREAM_FILTERS = 5;

/** Every table function reads items and queries indexes; none scans. */
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];
/** Writes, fenced to the function's partition-key prefixes. */
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** Two key prefixes overlap when one starts with the other: `CARRIER` reaches `CARRIER#X`. */
const overlaps = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/** Function list mistakes that CloudFormation would only report halfway through a deployment. */
export const checkFunctions = (functions: readonly FunctionEntry[], stage: StageConfig): void => {
  const problems: string[] = [];
  const names = new Set<string>();
  const routes = new Set<string>();
  for (const entry of functions) {
    if (!/^[a-z][a-z0-9-]*$/.test(entry.name)) problems.push(`function name "${entry.name}" must be lowercase kebab-case`);
    if (names.has(entry.name)) problems.push(`function "${entry.name}" is declared twice`);
    names.add(entry.name);
    const { trigger } = entry;
    if (trigger.kind === 'http' || trigger.kind === 'inbound') {
      const route = `${trigger.method} ${trigger.path}`;
      if (!trigger.path.startsWith('/v1/')) problems.push(`${entry.name}: path "${trigger.path}" is not under /v1/`);
      if (routes.has(route)) problems.push(`${entry.name}: route ${route} is declared twice`);
      routes.add(route);
    }
    if (trigger.kind === 'schedule' && !(Number.isInteger(trigger.everyMinutes) && trigger.everyMinutes >= 1)) {
      problems.push(`${entry.name}: schedule everyMinutes must be a whole number of minutes, at least 1`);
    }
    if (trigger.kind === 'stream' && !(trigger.filters.length >= 1 && trigger.filters.length <= MAX_STREAM_FILTERS)) {
      problems.push(`${entry.name}: a stream trigger needs 1 to ${MAX_STREAM_FILTERS} filters, so only the records it handles invoke it`);
    }
    const { writes } = entry.access;
    if (writes.length > 0 && entry.access.table === 'none') problems.push(`${entry.name} writes the table but has no table access`);
    for (const prefix of writes) {
      // A wildcard or a prefix without its # would reach other kinds of items through StringLike.
      if (!/^[A-Z]+#$/.test(prefix)) problems.push(`${entry.name}: write prefix "${prefix}" must be capital letters ending with #`);
      const operators = OPERATOR_PREFIXES.filter((operator) => overlaps(prefix, operator));
      if (operators.length > 0) problems.push(`${entry.name}: write prefix "${prefix}" reaches ${operators.join(', ')}, which only the operator writes`);
    }
    if (entry.access.email && !stage.emailFrom) {
      problems.push(`${entry.name} sends e-mail but stage ${stage.name} has no emailFrom (lib/stages.ts)`);
    }
  }
  if (problems.length > 0) throw new Error(`The function list does not fit stage ${stage.name}: ${problems.join('; ')}`);
};

export class ShippingStack extends Stack {
  readonly stage: StageConfig;
  readonly storage: Storage;
  readonly api: ShippingApi;
  /** The SES configuration set of status e-mails; only when a function sends e-mail. */
  readonly emailConfigurationSet?: ConfigurationSet;
  /** Every function entry, by name. */
  readonly functions: ReadonlyMap<string, DeployedFunction>;
  /** The WAF web ACL on the API stage: per-key and per-IP limits. */
  readonly firewall: ApiFirewall;
  readonly monitoring: Monitoring;
  /** The stack's queues (shared/functions.ts QUEUES) with their dead-letter queues. */
  readonly queues: ReadonlyMap<QueueName, { queue: Queue; deadLetters: Queue }>;
  /** Seals webhook signing secrets; only when a function handles them. */
  readonly webhookSecretKey?: Key;

  constructor(scope: Construct, id: string, props: ShippingStackProps) {
    const { stage, functions, ...stackProps } = props;
    super(scope, id, {
      description: `Shipping rate-and-label API, stage ${stage.name}`,
      terminationProtection: stage.retainData,
      ...stackProps,
    });
    checkFunctions(functions, stage);
    this.stage = stage;
    Tags.of(this).add('project', SERVICE_NAME);
    Tags.of(this).add('stage', stage.name);

    this.storage = new Storage(this, 'Storage', { stage });
    this.api = new ShippingApi(this, 'Api', { stage });
    this.firewall = new ApiFirewall(this, 'Firewall', { stage, apiStage: this.api.restApi.deploymentStage });

    const environment = {
      ...environmentOf({ tableName: this.storage.table.tableName, bucketName: this.storage.labelBucket.bucketName }),
      ...stageEnvironment(stage, SERVICE_NAME),
    };

    if (functions.some((entry) => entry.access.email)) {
      this.emailConfigurationSet = new ConfigurationSet(this, 'EmailConfigurationSet', {
        configurationSetName: stage.emailConfigurationSet,
        sendingEnabled: true,
        reputationMetrics: true,
        // An address that bounced or complained is not mailed again (the account-level list, applied to this set).
        suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      });
      this.emailConfigurationSet.addEventDestination('Metrics', {
        destination: EventDestination.cloudWatchDimensions([{ name: 'status', source: CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: 'none' }]),
        events: EMAIL_EVENTS,
      });
    }
    const emailEnvironment = environmentOf({
      emailFrom: stage.emailFrom,
      emailConfigurationSet: stage.emailConfigurationSet,
      notifyLeaseSeconds: stage.notifyLeaseSeconds,
    });

    const queues = new Map<QueueName, { queue: Queue; deadLetters: Queue }>();
    const maxReceivesOf = (name: QueueName) =>
      Math.max(1, ...functions.flatMap((f) => (f.trigger.kind === 'queue' && f.trigger.queue === name ? [f.trigger.maxReceives] : [])));
    for (const name of QUEUES) {
      if (!functions.some((f) => (f.trigger.kind === 'queue' && f.trigger.queue === name) || f.access.sends?.includes(name))) continue;
      const queueScope = new Construct(this, `Queue-${name}`);
      // A FIFO queue's dead-letter queue must be FIFO too (docs/batches.md: one message of a group at a time).
      const fifo = FIFO_QUEUES.includes(name) ? { fifo: true } : {};
      const deadLetters = new Queue(queueScope, 'DeadLetters', {
        ...fifo,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      const queue = new Queue(queueScope, 'Queue', {
        ...fifo,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // A delivery's message is sent on at every step, at most 15 minutes apart, and a tracking check is queued again
        // while it is due, so no message lives long; 4 days covers an outage of the consumer.
        retentionPeriod: Duration.days(4),
        visibilityTimeout: Duration.seconds(QUEUE_VISIBILITY_SECONDS),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: maxReceivesOf(name) },
      });
      queues.set(name, { queue, deadLetters });
    }
    this.queues = queues;
    if (functions.some((f) => f.access.webhookSecrets)) {
      this.webhookSecretKey = new Key(this, 'WebhookSecretKey', {
        description: `Seals webhook signing secrets, stage ${stage.name}`,
        enableKeyRotation: true,
        removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
    }

    const container = new Construct(this, 'Functions');
    const deployed = new Map<string, DeployedFunction>();
    for (const entry of functions) {
      const scopeOfEntry = new Construct(container, entry.name);
      const handler = new ProjectFunction(scopeOfEntry, 'Handler', {
        entry: entry.entry,
        description: entry.description,
        stage,
        environment: {
          ...environment,
          ...(entry.access.email ? emailEnvironment : {}),
          ...(entry.access.carrierSecrets ? carrierSecretsEnvironment(stage) : {}),
          ...Object.fromEntries((entry.access.sends ?? []).map((name) => [QUEUE_URL_ENV[name], queues.get(name)!.queue.queueUrl])),
          ...(entry.access.sends?.includes('tracking-checks') ? environmentOf({ trackingDispatchBacklog: stage.trackingDispatchBacklog }) : {}),
          ...(entry.access.webhookSecrets && this.webhookSecretKey ? environmentOf({ webhookKmsKeyId: this.webhookSecretKey.keyArn }) : {}),
        },
        reservedConcurrency: stage.reservedConcurrency[entry.name],
        ...(entry.trigger.kind === 'queue' ? { timeoutSeconds: QUEUE_CONSUMER_TIMEOUT_SECONDS } : {}),
      });
      // `sam local invoke -t cdk.out/<stack>.template.json <name>`: SAM names a CDK function after the construct
      // above its resource, `Handler` for all of them; this metadata names it after its function entry instead.
      (handler.node.defaultChild as CfnFunction).addMetadata(SAM_RESOURCE_ID, entry.name);
      this.grantAccess(entry, handler);
      deployed.set(entry.name, { entry, handler, ...this.attachTrigger(scopeOfEntry, entry, handler) });
    }
    this.functions = deployed;
    this.monitoring = new Monitoring(this, 'Monitoring', { stage, serviceName: SERVICE_NAME, api: this.api, firewall: this.firewall, functions: deployed });

    new CfnOutput(this, 'ApiUrl', { value: this.api.restApi.url, description: 'Base URL; the API lives under <ApiUrl>v1/' });
    new CfnOutput(this, 'TableName', { value: this.storage.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.storage.labelBucket.bucketName, description: 'Label files' });
    new CfnOutput(this, 'CarrierSecretPrefix', {
      value: stage.carrierSecretPrefix,
      description: 'Carrier-account credentials are the Secrets Manager secrets <prefix>/<carrierAccountId>; the admin CLI takes it as CARRIER_SECRET_PREFIX',
    });

    acknowledgeNagFindings(this);
  }

  /**
   * Least privilege from the function list's `access`. Table writes are fenced with
   * `dynamodb:LeadingKeys` to the entry's partition-key prefixes, which never
   * reach API keys, companies or reference data (checkManifest); no function
   * may Scan.
   */
  private grantAccess(entry: FunctionEntry, handler: ProjectFunction): void {
    const { table, labelBucket } = this.storage;
    const { writes } = entry.access;
    if (entry.access.table === 'read') {
      const indexes = tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`);
      handler.addToRolePolicy(
        new PolicyStatement({
          // A writer's transactions may check a condition on an item they do not write.
          actions: writes.length > 0 ? [...TABLE_READ_ACTIONS, 'dynamodb:ConditionCheckItem'] : TABLE_READ_ACTIONS,
          resources: [table.tableArn, ...indexes],
        }),
      );
    }
    if (writes.length > 0) {
      handler.addToRolePolicy(
        new PolicyStatement({
          actions: TABLE_WRITE_ACTIONS,
          resources: [table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': writes.map((prefix) => `${prefix}*`) },
            // ForAllValues holds for a request that carries no key at all; require the keys.
            Null: { 'dynamodb:LeadingKeys': 'false' },
          },
        }),
      );
    }

    if (entry.access.bucket !== 'none') {
      const labels = labelBucket.arnForObjects(`${bucketDefinition.labelPrefix}*`);
      handler.addToRolePolicy(
        new PolicyStatement({ actions: entry.access.bucket === 'readwrite' ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject'], resources: [labels] }),
      );
      // Without ListBucket a HeadObject on a label not rendered yet is a 403, not a 404.
      handler.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [labelBucket.bucketArn] }));
    }

    if (entry.access.carrierSecrets) {
      // Read only, and only the carrier-account secrets of this stage; the AWS managed key (aws/secretsmanager) needs no grant.
      handler.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.carrierSecretsArn()] }));
    }

    for (const name of entry.access.sends ?? []) this.queues.get(name)!.queue.grantSendMessages(handler);
    // Exactly one KMS action each (grantEncrypt would add ReEncrypt* and GenerateDataKey*, which nothing here calls).
    if (entry.access.webhookSecrets) {
      const action = entry.access.webhookSecrets === 'seal' ? 'kms:Encrypt' : 'kms:Decrypt';
      handler.addToRolePolicy(new PolicyStatement({ actions: [action], resources: [this.webhookSecretKey!.keyArn] }));
    }

    if (entry.access.email && this.stage.emailFrom) {
      const domain = this.stage.emailFrom.split('@')[1]!;
      const identity = (name: string) => this.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
      // SES authorizes a send on the configuration set it names too.
      const configurationSet = this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.stage.emailConfigurationSet });
      // The sender may be verified as an address or through its domain.
      handler.addToRolePolicy(
        new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identity(this.stage.emailFrom), identity(domain), configurationSet] }),
      );
    }
  }

  /** The ARN pattern of the stage's carrier-account secrets (Secrets Manager appends 6 random characters to each name). */
  carrierSecretsArn(): string {
    return this.formatArn({
      service: 'secretsmanager',
      resource: 'secret',
      resourceName: `${this.stage.carrierSecretPrefix}/*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  }

  private attachTrigger(scope: Construct, entry: FunctionEntry, handler: ProjectFunction): Omit<DeployedFunction, 'entry' | 'handler'> {
    const { trigger } = entry;
    switch (trigger.kind) {
      case 'http':
      case 'inbound':
        return { method: this.api.addRoute(trigger, handler) };
      case 'stream': {
        const failureQueue = new Queue(scope, 'StreamFailures', {
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          retentionPeriod: Duration.days(14),
        });
        handler.addEventSource(
          new DynamoEventSource(this.storage.table, {
            startingPosition: StartingPosition.TRIM_HORIZON,
            batchSize: 10,
            bisectBatchOnError: true,
            retryAttempts: STREAM_RETRY_ATTEMPTS,
            reportBatchItemFailures: true,
            onFailure: new SqsDlq(failureQueue),
            filters: trigger.filters.map((pattern) => FilterCriteria.filter({ ...pattern })),
          }),
        );
        return { failureQueue };
      }
      case 'queue': {
        const { queue, deadLetters } = this.queues.get(trigger.queue)!;
        // The stage's reserved concurrency is the consumer's: the event source never scales past it (SQS would
        // otherwise have its deliveries throttled, and count each throttle as a receipt towards the dead-letter queue).
        const reserved = this.stage.reservedConcurrency[entry.name];
        handler.addEventSource(
          new SqsEventSource(queue, {
            batchSize: trigger.batchSize,
            reportBatchItemFailures: true,
            ...(reserved ? { maxConcurrency: Math.max(2, reserved) } : {}),
          }),
        );
        return { failureQueue: deadLetters, sourceQueue: queue };
      }
      case 'schedule': {
        const rule = new Rule(scope, 'Schedule', {
          description: `${entry.name} every ${trigger.everyMinutes} minute(s)`,
          schedule: Schedule.rate(Duration.minutes(trigger.everyMinutes)),
          targets: [new LambdaFunction(handler)],
        });
        return { rule };
      }
    }
  }
}
