/**
 * Stage configuration (docs/architecture.md: a typed, validated object per stage, passed
 * down as props). The CDK app picks one with `-c stage=dev|prod`; constructs
 * read only this object, never process.env.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from '../shared/zod';
import { environmentOf, type Setting } from '../shared/config';
import { SANDBOX_CARRIERS_SETTINGS } from '../shared/domain/sandbox-carriers';
import { FUNCTIONS } from '../shared/functions';
import { EVALUATION_WINDOWS_SECONDS, rateLimits, WAF_MAX_RATE_LIMIT, WAF_MIN_RATE_LIMIT } from './limits';

export const stageNames = ['dev', 'prod'] as const;
export type StageName = (typeof stageNames)[number];

const logRetentionValues = Object.values(RetentionDays).filter((v): v is RetentionDays => typeof v === 'number');
const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

/** API Gateway REST APIs end every integration at 29 s; a longer Lambda timeout buys nothing. */
export const API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS = 29;

const positiveInt = z.number().check(z.int(), z.positive());

const keyPrefix = z.string().check(z.regex(/^[a-z][a-z0-9]{0,15}$/, 'must be 1-16 lowercase letters or digits, starting with a letter'));

/**
 * AWS keeps this much of an account's concurrency unreserved in each region:
 * a PutFunctionConcurrency that would leave less fails the deploy.
 */
export const UNRESERVED_CONCURRENCY_FLOOR = 100;

const functionNames = new Set(FUNCTIONS.map((entry) => entry.name));
const httpFunctionNames = new Set(FUNCTIONS.filter((entry) => entry.trigger.kind === 'http').map((entry) => entry.name));

const wafLimit = z.number().check(z.int(), z.gte(WAF_MIN_RATE_LIMIT), z.lte(WAF_MAX_RATE_LIMIT));

const rateLimitsSchema = z.object({
  perKey: wafLimit,
  perIpWithoutKey: wafLimit,
  perIp: wafLimit,
  windowSeconds: z.literal(EVALUATION_WINDOWS_SECONDS),
});

const monitoringSchema = z.object({
  /** Name of the SNS topic the stack creates; every alarm of the stage notifies it. */
  alarmTopicName: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 letters, digits, _ or -')),
  /** Period of every alarm and dashboard graph. */
  periodSeconds: z.number().check(z.int(), z.gte(60), z.lte(3600), z.multipleOf(60)),
  /** Rate alarms (5xx, latency, carrier failures) fire on this many bad periods out of `evaluationPeriods`. */
  datapointsToAlarm: positiveInt,
  evaluationPeriods: positiveInt,
  /** Share of API requests answered 5xx (0-1)… */
  serverErrorRate: z.number().check(z.gt(0), z.lt(1)),
  /** …counted only in a period with at least this many requests, so one failure in three calls pages nobody. */
  serverErrorMinRequests: positiveInt,
  /** p99 of API Gateway's Latency per HTTP function (function name → milliseconds). */
  latencyP99Ms: z.record(z.string(), z.number().check(z.int(), z.positive(), z.lte(29_000))),
  /** Share of carrier calls that failed (timeout, error, skipped by an open breaker) for the worst carrier (0-1). */
  carrierFailureRate: z.number().check(z.gt(0), z.lte(1)),
  /** Circuit-breaker openings in one period, all carriers together. */
  carrierBreakerOpenings: positiveInt,
  /** Lambda throttles of one function in one period (its reserved concurrency reached). */
  lambdaThrottles: positiveInt,
  /** Requests API Gateway answered 429 in one period (stage throttling). */
  apiThrottled: positiveInt,
  /** Requests the web ACL blocked in one period (per-key and per-IP limits). */
  wafBlocked: positiveInt,
  /** Stream batches parked in the notify failure queue. */
  notifyDeadLetters: positiveInt,
  /**
   * Seconds the oldest tracking check may wait in the tracking-checks queue
   * (ApproximateAgeOfOldestMessage): a check is queued by one dispatcher run
   * and should be made before the next few, so an older one means the
   * workers are not keeping up (docs/tracking.md) and tracking goes stale.
   */
  trackingQueueAgeSeconds: z.number().check(z.int(), z.gte(60)),
});

export const stageConfigSchema = z
  .object({
    name: z.enum(stageNames),
    /** Production keeps its data: table and bucket retained, deletion and termination protection on. */
    retainData: z.boolean(),
    logRetentionDays: z
      .number()
      .check(z.refine((days) => logRetentionValues.includes(days as RetentionDays), 'must be one of the CloudWatch Logs retention periods')),
    /** LOG_LEVEL of the functions' structured logger. */
    logLevel: z.enum(logLevels),
    throttling: z.object({
      /** Steady-state requests per second across the stage. */
      rateLimit: positiveInt,
      burstLimit: positiveInt,
    }),
    lambda: z.object({
      memoryMb: z.number().check(z.int(), z.gte(128), z.lte(10240)),
      timeoutSeconds: z.number().check(z.int(), z.gte(1), z.lte(API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS)),
    }),
    /** Brand prefix of live API keys, `<prefix>_api_<32 hex>` (docs/decisions.md). */
    apiKeyPrefix: keyPrefix,
    /** Prefix of test API keys, `<prefix>_api_<32 hex>`: the prefix tells a key's mode, so it differs from apiKeyPrefix. */
    apiKeyTestPrefix: keyPrefix,
    apiKeyCacheSeconds: z.number().check(z.int(), z.gte(0), z.lte(3600)),
    /** Per-container cache of reference data; a new `admin seed` is seen within it. */
    referenceCacheSeconds: z.number().check(z.int(), z.gte(0), z.lte(3600)),
    /** Lifetime of rate requests and rate responses. */
    rateTtlHours: z.number().check(z.positive(), z.lte(24 * 30)),
    /** Per-carrier timeout of the rating fan-out. */
    carrierTimeoutMs: positiveInt,
    /** Time budget of one POST /rate, all carriers included. */
    rateBudgetMs: positiveInt,
    /** Circuit breaker per carrier and container (shared/carriers/breaker.ts): timeouts in a row that open it; 0 turns it off. */
    carrierBreakerFailures: z.number().check(z.int(), z.gte(0), z.lte(100)),
    /** How long an open breaker skips its carrier before one request probes it again. */
    carrierBreakerOpenSeconds: z.number().check(z.positive(), z.lte(3600)),
    /**
     * Sender of status e-mails; required once a function of the function list sends
     * e-mail (lib/shipping-stack.ts checkManifest). The address, or its
     * domain, must be a verified SES identity of the account.
     */
    emailFrom: z.optional(z.email()),
    /** Name of the SES configuration set the stack creates and the e-mails are sent with (delivery events, suppression). */
    emailConfigurationSet: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')),
    /**
     * A status e-mail claimed this long ago and never marked sent belongs to
     * an attempt that died; the next attempt sends it (shared/store/notifications.ts).
     */
    notifyLeaseSeconds: z.number().check(z.int(), z.positive(), z.lte(3600)),
    /**
     * Name prefix of the carrier-account secrets in Secrets Manager: an
     * account's credentials are the secret `<prefix>/<carrierAccountId>`
     * (admin `carrier-account add`), and the functions that call carriers may
     * read the secrets under it, nothing else.
     */
    carrierSecretPrefix: z
      .string()
      .check(
        z.regex(
          /^[A-Za-z0-9_+=.@-]+(\/[A-Za-z0-9_+=.@-]+)*$/,
          'must be Secrets Manager name characters (letters, digits, _+=.@-) in /-separated parts, without a leading or trailing /',
        ),
        z.maxLength(200),
      ),
    /** How long a function keeps a carrier account's credentials once read; a rotated secret is seen within it. */
    carrierSecretCacheSeconds: z.number().check(z.int(), z.gte(0), z.lte(3600)),
    /**
     * Which keys the sandbox carriers (CARRIERX, CARRIERY, CARRIERZ, CARRIERF)
     * answer, SANDBOX_CARRIERS: `all`, `test` (test keys only: a live key never
     * quotes or buys a sandbox label) or `off` (docs/decisions.md).
     */
    sandboxCarriers: z.enum(SANDBOX_CARRIERS_SETTINGS),
    /** Per-key and per-IP limits of the stage's WAF web ACL (lib/limits.ts, lib/waf.ts). */
    rateLimits: rateLimitsSchema,
    /**
     * Reserved concurrency by listed function name: guaranteed to the
     * function and its ceiling (a runaway caller or a slow carrier cannot
     * take the account's whole concurrency). A function left out is
     * unreserved and shares the account's unreserved pool.
     */
    reservedConcurrency: z.record(z.string(), z.number().check(z.int(), z.gte(1))),
    /**
     * Tracking checks the dispatcher lets wait in the tracking-checks queue
     * (TRACKING_DISPATCH_BACKLOG): about what the tracking workers
     * (`reservedConcurrency['tracking-check']`) clear in two dispatcher runs,
     * so a run never queues an order that is still waiting from the last one.
     * It is also the most one run queues (a run queues the backlog less what
     * waits), so it must be at least a minute of checks. A worker checks its
     * batch of 10 side by side, about 20 checks a second with carriers at
     * 0.3 s (`npm run bench -- tracking-scale`): 1,200 a minute per worker.
     */
    trackingDispatchBacklog: positiveInt,
    /**
     * The Lambda concurrent-executions quota of the account and region the
     * stage deploys to (1,000 by default; new accounts may start lower, check
     * Service Quotas). The reservations must leave UNRESERVED_CONCURRENCY_FLOOR of it.
     */
    accountConcurrency: positiveInt,
    monitoring: monitoringSchema,
  })
  .check(
    z.superRefine((stage, ctx) => {
      if (stage.apiKeyTestPrefix === stage.apiKeyPrefix) {
        ctx.addIssue({ code: 'custom', path: ['apiKeyTestPrefix'], message: 'must differ from apiKeyPrefix, or a key could not tell its mode' });
      }
      if (stage.throttling.burstLimit < stage.throttling.rateLimit) {
        ctx.addIssue({ code: 'custom', path: ['throttling', 'burstLimit'], message: 'must be at least throttling.rateLimit' });
      }
      if (stage.carrierTimeoutMs >= stage.rateBudgetMs) {
        ctx.addIssue({ code: 'custom', path: ['carrierTimeoutMs'], message: 'must be shorter than rateBudgetMs' });
      }
      if (stage.rateBudgetMs >= stage.lambda.timeoutSeconds * 1000) {
        ctx.addIssue({ code: 'custom', path: ['rateBudgetMs'], message: 'must be shorter than lambda.timeoutSeconds, or rating is cut off mid-flight' });
      }
      if (stage.notifyLeaseSeconds <= stage.lambda.timeoutSeconds) {
        ctx.addIssue({
          code: 'custom',
          path: ['notifyLeaseSeconds'],
          message: 'must be longer than lambda.timeoutSeconds, or a live attempt is taken over and an e-mail goes out twice',
        });
      }
      if (stage.rateLimits.perIp < stage.rateLimits.perKey) {
        ctx.addIssue({
          code: 'custom',
          path: ['rateLimits', 'perIp'],
          message: 'must be at least rateLimits.perKey, or one key from one address is cut below its own limit',
        });
      }
      for (const name of Object.keys(stage.reservedConcurrency)) {
        if (!functionNames.has(name))
          ctx.addIssue({ code: 'custom', path: ['reservedConcurrency', name], message: 'is not a function of the function list (shared/functions.ts)' });
      }
      const reserved = Object.values(stage.reservedConcurrency).reduce((sum, n) => sum + n, 0);
      if (reserved > stage.accountConcurrency - UNRESERVED_CONCURRENCY_FLOOR) {
        ctx.addIssue({
          code: 'custom',
          path: ['reservedConcurrency'],
          message: `reserves ${reserved} in all, but AWS keeps ${UNRESERVED_CONCURRENCY_FLOOR} of the account's ${stage.accountConcurrency} unreserved: at most ${stage.accountConcurrency - UNRESERVED_CONCURRENCY_FLOOR}`,
        });
      }
      for (const name of Object.keys(stage.monitoring.latencyP99Ms)) {
        if (!httpFunctionNames.has(name))
          ctx.addIssue({ code: 'custom', path: ['monitoring', 'latencyP99Ms', name], message: 'is not an HTTP function of the function list' });
      }
      if (stage.monitoring.datapointsToAlarm > stage.monitoring.evaluationPeriods) {
        ctx.addIssue({ code: 'custom', path: ['monitoring', 'datapointsToAlarm'], message: 'must be at most monitoring.evaluationPeriods' });
      }
    }),
  );

export type StageConfig = z.infer<typeof stageConfigSchema>;

/** Parses a stage configuration, with one readable line per problem. */
export const parseStageConfig = (input: unknown): StageConfig => {
  const result = stageConfigSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`);
    throw new Error(`Invalid stage configuration: ${problems.join('; ')}`);
  }
  return result.data;
};

const shared = {
  apiKeyPrefix: 'ship',
  apiKeyTestPrefix: 'shiptest',
  apiKeyCacheSeconds: 60,
  referenceCacheSeconds: 300,
  rateTtlHours: 24,
  carrierTimeoutMs: 3000,
  rateBudgetMs: 8000,
  carrierBreakerFailures: 3,
  carrierBreakerOpenSeconds: 30,
  // Just longer than the function timeout: a retry after a crash mid-send waits no longer than it must.
  notifyLeaseSeconds: 30,
  carrierSecretCacheSeconds: 300,
  // AWS's default quota; lower it here for an account that has less, and the reservations are checked against it.
  accountConcurrency: 1000,
} as const;

/**
 * Alarm settings both stages share: 5-minute periods, 2 bad periods out of 3
 * for the rates, and any parked stream batch or breaker opening at once.
 */
const sharedMonitoring = {
  periodSeconds: 300,
  datapointsToAlarm: 2,
  evaluationPeriods: 3,
  carrierBreakerOpenings: 1,
  lambdaThrottles: 1,
  notifyDeadLetters: 1,
  // Five dispatcher runs: a backlog the workers clear within a run or two never gets near it.
  trackingQueueAgeSeconds: 300,
} as const;

/**
 * Placeholder sender of status e-mails: the operator replaces it with an
 * address of a domain verified in SES for the account (and region) of the
 * stage before the first deploy. Until then SES refuses each e-mail, and
 * the stream records end in the notify function's failure queue.
 */
const PLACEHOLDER_EMAIL_FROM = 'shipping@notifications.example.com';

export const stages: Record<StageName, StageConfig> = {
  dev: parseStageConfig({
    ...shared,
    name: 'dev',
    retainData: false,
    logRetentionDays: RetentionDays.ONE_WEEK,
    logLevel: 'DEBUG',
    throttling: { rateLimit: 10, burstLimit: 20 },
    lambda: { memoryMb: 512, timeoutSeconds: 15 },
    emailFrom: PLACEHOLDER_EMAIL_FROM,
    emailConfigurationSet: 'shipping-api-dev',
    carrierSecretPrefix: 'shipping-api/dev/carrier-accounts',
    // Dev is for trying the API: the sandbox carriers answer every key.
    sandboxCarriers: 'all',
    rateLimits: rateLimits.dev,
    // Two dispatcher runs' worth of 2 workers' checks (about 40 a second, a minute apart).
    trackingDispatchBacklog: 5_000,
    // 75 in all: enough for dev's 10 requests a second, small enough for a shared sandbox account.
    reservedConcurrency: {
      'packaging-types': 2,
      carriers: 2,
      'carrier-services': 2,
      rate: 10,
      ship: 5,
      labels: 2,
      'label-file': 3,
      track: 3,
      cancel: 2,
      notify: 2,
      // One dispatcher run at a time: a run still going when the next is due does not queue the same checks twice.
      'tracking-refresh': 1,
      // The tracking workers: each invocation checks its batch of 10 side by side, waiting on the carriers (about
      // 0.3 s) and the table, about 0.5 s a batch: 2 check about 40 orders a second.
      'tracking-check': 2,
      'webhooks-create': 1,
      'webhooks-list': 1,
      'webhook-get': 1,
      'webhook-delete': 1,
      'webhook-deliveries': 1,
      'webhook-retry': 1,
      'webhook-events': 2,
      // Deliveries wait on integrators' servers (up to 15 s each): enough side by side that a slow endpoint does not queue the others.
      'webhook-deliver': 5,
      // One sweep run at a time: a run still going when the next is due does not requeue the same deliveries twice.
      'webhook-sweep': 1,
      // Pushed tracking (UPS Track Alert): a carrier asks a token about once per its lifetime (15 minutes) and pushes one event per scan.
      'carrier-push-token': 1,
      'carrier-push-events': 2,
      // The day's close: a few a day per company, each up to 200 order writes (a few seconds); the reads are quick.
      'manifests-create': 2,
      'manifests-list': 1,
      'manifest-get': 1,
      'manifest-file': 1,
      // Pickups: about one a day per company and carrier; a create holds its claim for one carrier call, its duplicates wait.
      'pickups-availability': 1,
      'pickups-create': 2,
      'pickups-list': 1,
      'pickup-get': 1,
      'pickup-cancel': 1,
      // Address validation: up to 100 addresses a call, a carrier call per chunk, answered from the cache within a day.
      'addresses-validate': 2,
      // Batches (docs/batches.md): the worker ships one item an invocation, at most BATCH_CONCURRENCY_PER_ACCOUNT (4) per
      // carrier account; 4 keep one account's lanes busy. The reads and the post are quick.
      'batch-worker': 4,
      'batch-labels': 1,
      'batches-create': 1,
      'batch-get': 1,
      'batch-items': 1,
      'batch-cancel': 1,
    },
    monitoring: {
      ...sharedMonitoring,
      alarmTopicName: 'shipping-api-dev-alarms',
      serverErrorRate: 0.05,
      serverErrorMinRequests: 20,
      // Above the rate budget (8 s) the function answers anyway with what it has; p99 near it means carriers are slow.
      latencyP99Ms: { rate: 6000, ship: 8000 },
      carrierFailureRate: 0.5,
      apiThrottled: 50,
      wafBlocked: 100,
    },
  }),
  prod: parseStageConfig({
    ...shared,
    name: 'prod',
    retainData: true,
    logRetentionDays: RetentionDays.ONE_YEAR,
    logLevel: 'INFO',
    throttling: { rateLimit: 100, burstLimit: 200 },
    lambda: { memoryMb: 1024, timeoutSeconds: 15 },
    emailFrom: PLACEHOLDER_EMAIL_FROM,
    emailConfigurationSet: 'shipping-api-prod',
    carrierSecretPrefix: 'shipping-api/prod/carrier-accounts',
    // A sandbox label is no real shipment: a merchant's live key must never buy one; test keys keep them to integrate against.
    sandboxCarriers: 'test',
    rateLimits: rateLimits.prod,
    // Two dispatcher runs' worth of 160 workers' checks (about 3,200 a second, a minute apart). A run queues at
    // most this less what still waits, so it must hold a minute of checks: 183,000 at 50 ships a second
    // (docs/operations.md, capacity model). SQS keeps any number of waiting messages.
    trackingDispatchBacklog: 400_000,
    // 641 in all, 359 of the default 1,000 left to share. Sized on the stage throttle (100 requests/s, burst 200):
    // rate at ~1 s per call takes up to 150, ship 40; the reads are fast. Tracking is sized on 50 ships a second.
    reservedConcurrency: {
      'packaging-types': 10,
      carriers: 10,
      'carrier-services': 10,
      rate: 150,
      ship: 40,
      labels: 10,
      'label-file': 20,
      track: 20,
      cancel: 10,
      // A stream function runs one batch per shard at a time; a few shards at most.
      notify: 5,
      'tracking-refresh': 1,
      // Each worker checks a batch of 10 side by side in about 0.5 s (carriers at 0.3 s; bench tracking-scale):
      // about 20 checks a second. 50 ships a second make about 3,050 checks a second (docs/operations.md,
      // capacity model): 153 workers; 160. Slower carriers need proportionally more.
      'tracking-check': 160,
      'webhooks-create': 2,
      'webhooks-list': 2,
      'webhook-get': 2,
      'webhook-delete': 2,
      'webhook-deliveries': 2,
      'webhook-retry': 2,
      'webhook-events': 5,
      // Up to 10 messages a batch, each attempt up to 15 s: 50 containers deliver about 30 messages a second to slow endpoints, far more to quick ones.
      'webhook-deliver': 50,
      'webhook-sweep': 1,
      // A push is a read of the pointer and the order and at most one write (about 50 ms): 20 take about 400 events a
      // second, well above the scans of 50 ships a second spread over their days in transit.
      'carrier-push-token': 2,
      'carrier-push-events': 20,
      // Closes come at the end of shipping days, bunched by time zone: each up to 200 order writes (a few seconds);
      // the manifest PDF is rendered once and then presigned like a label.
      'manifests-create': 5,
      'manifests-list': 2,
      'manifest-get': 2,
      'manifest-file': 5,
      // Pickups come after the day's close, bunched like it: one carrier call each (up to 8 s), identical creates
      // waiting on the first (up to 8 s more).
      'pickups-availability': 5,
      'pickups-create': 5,
      'pickups-list': 2,
      'pickup-get': 2,
      'pickup-cancel': 5,
      // Address validation: up to 100 addresses a call, a carrier call per chunk (FedEx 100, UPS 1), cached a day.
      'addresses-validate': 10,
      // Batches (docs/batches.md, docs/operations.md): one item an invocation, about 1 s with a live carrier; 4 per carrier
      // account (BATCH_CONCURRENCY_PER_ACCOUNT), so 40 serve 10 accounts' batches at once, about 40 items a second.
      'batch-worker': 40,
      // A batch's label file: up to 1,000 labels rendered once, then presigned like a label.
      'batch-labels': 5,
      'batches-create': 5,
      'batch-get': 5,
      'batch-items': 5,
      'batch-cancel': 2,
    },
    monitoring: {
      ...sharedMonitoring,
      alarmTopicName: 'shipping-api-prod-alarms',
      serverErrorRate: 0.01,
      serverErrorMinRequests: 100,
      latencyP99Ms: { rate: 4000, ship: 6000 },
      carrierFailureRate: 0.2,
      apiThrottled: 100,
      wafBlocked: 500,
    },
  }),
};

/** The stage named by `-c stage=...`; anything else stops the app with the choices. */
export const resolveStage = (name: unknown): StageConfig => {
  const choices = stageNames.map((s) => `-c stage=${s}`).join(' or ');
  if (name === undefined || name === null || name === '') {
    throw new Error(`No stage given: pass ${choices}`);
  }
  if (typeof name !== 'string' || !(stageNames as readonly string[]).includes(name)) {
    throw new Error(`Unknown stage "${typeof name === 'string' ? name : (JSON.stringify(name) ?? 'undefined')}": pass ${choices}`);
  }
  return stages[name as StageName];
};

/** What a function that calls carriers gets besides stageEnvironment: where the carrier accounts' credentials are (shared/secrets.ts). */
export const carrierSecretsEnvironment = (stage: StageConfig): Record<string, string> =>
  environmentOf({ carrierSecretPrefix: stage.carrierSecretPrefix, carrierSecretCacheSeconds: stage.carrierSecretCacheSeconds });

/** The CloudWatch namespace of the functions' own metrics (shared/observability/metrics.ts) and of the stack's metric filters. */
export const metricsNamespace = (stage: Pick<StageConfig, 'name'>): string => `ShippingApi/${stage.name}`;

/**
 * The settings of shared/config.ts a stage gives every function, under the
 * same names in the stage configuration and in `config`.
 */
export const STAGE_FUNCTION_SETTINGS = [
  'apiKeyPrefix',
  'apiKeyTestPrefix',
  'apiKeyCacheSeconds',
  'referenceCacheSeconds',
  'rateTtlHours',
  'carrierTimeoutMs',
  'rateBudgetMs',
  'carrierBreakerFailures',
  'carrierBreakerOpenSeconds',
  'sandboxCarriers',
] as const satisfies ReadonlyArray<Setting & keyof StageConfig>;

/**
 * The environment a stage gives every function, besides the table and bucket
 * names: read by shared/config.ts (the variable names are its own), Powertools
 * and the bench (bench/warm.ts runs the rate handler as the prod stage
 * configures it).
 */
export const stageEnvironment = (stage: StageConfig, serviceName: string): Record<string, string> => ({
  ...environmentOf(Object.fromEntries(STAGE_FUNCTION_SETTINGS.map((setting) => [setting, stage[setting]]))),
  LOG_LEVEL: stage.logLevel,
  POWERTOOLS_SERVICE_NAME: serviceName,
  // One metrics namespace per stage, so dev traffic never mixes with prod's (shared/observability/metrics.ts).
  POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stage),
});
