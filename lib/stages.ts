/**
 * Stage configuration (STYLE.md: a typed, validated object per stage, passed
 * down as props). The CDK app picks one with `-c stage=dev|prod`; constructs
 * read only this object, never process.env.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';

export const stageNames = ['dev', 'prod'] as const;
export type StageName = (typeof stageNames)[number];

const logRetentionValues = Object.values(RetentionDays).filter((v): v is RetentionDays => typeof v === 'number');
const logLevels = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

/** API Gateway REST APIs end every integration at 29 s; a longer Lambda timeout buys nothing. */
export const API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS = 29;

const positiveInt = z.number().int().positive();

export const stageConfigSchema = z
  .object({
    name: z.enum(stageNames),
    /** Production keeps its data: table and bucket retained, deletion and termination protection on. */
    retainData: z.boolean(),
    logRetentionDays: z
      .number()
      .refine((days) => logRetentionValues.includes(days as RetentionDays), 'must be one of the CloudWatch Logs retention periods'),
    /** LOG_LEVEL of the functions' structured logger. */
    logLevel: z.enum(logLevels),
    throttling: z.object({
      /** Steady-state requests per second across the stage. */
      rateLimit: positiveInt,
      burstLimit: positiveInt,
    }),
    lambda: z.object({
      memoryMb: z.number().int().min(128).max(10240),
      timeoutSeconds: z.number().int().min(1).max(API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS),
    }),
    /** Brand prefix of API keys, `<prefix>_api_<32 hex>` (DESIGN.md §5). */
    apiKeyPrefix: z.string().regex(/^[a-z][a-z0-9]{0,15}$/, 'must be 1-16 lowercase letters or digits, starting with a letter'),
    apiKeyCacheSeconds: z.number().int().min(0).max(3600),
    /** Per-container cache of reference data; a new `admin seed` is seen within it. */
    referenceCacheSeconds: z.number().int().min(0).max(3600),
    /** Lifetime of rate requests and rate responses. */
    rateTtlHours: z.number().positive().max(24 * 30),
    /** Per-carrier timeout of the rating fan-out. */
    carrierTimeoutMs: positiveInt,
    /** Time budget of one POST /rate, all carriers included. */
    rateBudgetMs: positiveInt,
    /** Circuit breaker per carrier and container (shared/carriers/breaker.ts): timeouts in a row that open it; 0 turns it off. */
    carrierBreakerFailures: z.number().int().min(0).max(100),
    /** How long an open breaker skips its carrier before one request probes it again. */
    carrierBreakerOpenSeconds: z.number().positive().max(3600),
    /**
     * Sender of status e-mails; required once a function of the manifest sends
     * e-mail (lib/shipping-stack.ts checkManifest). The address, or its
     * domain, must be a verified SES identity of the account.
     */
    emailFrom: z.email().optional(),
    /** Name of the SES configuration set the stack creates and the e-mails are sent with (delivery events, suppression). */
    emailConfigurationSet: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -'),
    /**
     * A status e-mail claimed this long ago and never marked sent belongs to
     * an attempt that died; the next attempt sends it (shared/store/notifications.ts).
     */
    notifyLeaseSeconds: z.number().int().positive().max(3600),
  })
  .superRefine((stage, ctx) => {
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
      ctx.addIssue({ code: 'custom', path: ['notifyLeaseSeconds'], message: 'must be longer than lambda.timeoutSeconds, or a live attempt is taken over and an e-mail goes out twice' });
    }
  });

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
  apiKeyCacheSeconds: 60,
  referenceCacheSeconds: 300,
  rateTtlHours: 24,
  carrierTimeoutMs: 3000,
  rateBudgetMs: 8000,
  carrierBreakerFailures: 3,
  carrierBreakerOpenSeconds: 30,
  // Just longer than the function timeout: a retry after a crash mid-send waits no longer than it must.
  notifyLeaseSeconds: 30,
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
  }),
};

/** The stage named by `-c stage=...`; anything else stops the app with the choices. */
export const resolveStage = (name: unknown): StageConfig => {
  const choices = stageNames.map((s) => `-c stage=${s}`).join(' or ');
  if (name === undefined || name === null || name === '') {
    throw new Error(`No stage given: pass ${choices}`);
  }
  if (typeof name !== 'string' || !(stageNames as readonly string[]).includes(name)) {
    throw new Error(`Unknown stage "${String(name)}": pass ${choices}`);
  }
  return stages[name as StageName];
};

/**
 * The environment a stage gives every function, besides the table and bucket
 * names: read by shared/config.ts, Powertools and the bench (bench/warm.ts runs
 * the rate handler as the prod stage configures it).
 */
export const stageEnvironment = (stage: StageConfig, serviceName: string): Record<string, string> => ({
  API_KEY_PREFIX: stage.apiKeyPrefix,
  API_KEY_CACHE_SECONDS: String(stage.apiKeyCacheSeconds),
  REFERENCE_CACHE_SECONDS: String(stage.referenceCacheSeconds),
  RATE_TTL_HOURS: String(stage.rateTtlHours),
  CARRIER_TIMEOUT_MS: String(stage.carrierTimeoutMs),
  RATE_BUDGET_MS: String(stage.rateBudgetMs),
  CARRIER_BREAKER_FAILURES: String(stage.carrierBreakerFailures),
  CARRIER_BREAKER_OPEN_SECONDS: String(stage.carrierBreakerOpenSeconds),
  LOG_LEVEL: stage.logLevel,
  POWERTOOLS_SERVICE_NAME: serviceName,
  // One metrics namespace per stage, so dev traffic never mixes with prod's (shared/metrics.ts).
  POWERTOOLS_METRICS_NAMESPACE: `ShippingApi/${stage.name}`,
});
