/**
 * Runtime configuration of the functions: the settings of
 * docs/configuration.md that the CDK stack (or the local runtime) sets in the
 * environment, described once by `variables`: each setting's variable name
 * and its zod schema (default, type, range). lib/stages.ts writes a stage's
 * values through `environmentOf` and the tests derive the names from here,
 * so no list of variable names is spelled twice.
 *
 * `config` reads each variable when asked and parses it once per value (a
 * test sets one and reads it back; a deployed function parses each once);
 * a value out of its range throws at that read, naming the variable and the
 * value. `readEnvironment` parses them all at once. A schema is built at its
 * first use and shared by the variables of its shape, and an unset variable
 * is its default without any parsing, so importing this module builds none
 * and a function's first request builds a few: about 0.4 ms more than
 * reading the variables by hand for the dozen a stage sets, measured on
 * 2026-11-26, and 2-3 KB of bundle (cold start, docs/performance.md).
 *
 * This module is the only reader of process.env in shared/ and functions/
 * (test/unit/architecture.test.ts), and nothing writes it. Beside the
 * service's settings it reads what Lambda, the AWS conventions and
 * Powertools set (the runtime, the trace header, region, credentials,
 * endpoints, Powertools' switches under their names), as text: the logger,
 * tracer, metrics and AWS clients apply their libraries' rules to it, and
 * take these values as a parameter whose default is `config`, so a test
 * hands them `readEnvironment({...})` rather than patching the environment.
 * A live carrier's base URL override is named by its connector
 * (`carrierBaseUrlOverride`). Constructs never read process.env.
 */
import * as z from './zod';
import { SANDBOX_CARRIERS_SETTINGS, type SandboxCarriersSetting } from './domain/sandbox-carriers';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from './domain/webhooks';

/**
 * A setting: the variable that holds it, its value when the variable is unset
 * (or empty, unless `keepsEmpty`), and the schema of a value that is set,
 * which reads the variable's text as `convert` makes it (as it is without).
 */
type Variable<T> = {
  readonly name: string;
  readonly fallback: T;
  readonly keepsEmpty?: boolean;
  readonly convert?: (raw: string) => unknown;
  readonly schema: () => z.ZodMiniType<T>;
};

/** Built once, on first use, and shared by every variable of that shape. */
const once = <T>(build: () => T): (() => T) => {
  let built: T | undefined;
  return () => (built ??= build());
};

const anyText = once(() => z.string());
const anyNumber = once(() => z.number('must be a number'));
/** A number within `checks`, each refusal with its message. */
const numberWithin = (...checks: Array<() => z.core.$ZodCheck<number>>) => once(() => z.number('must be a number').check(...checks.map((check) => check())));
const wholeFromZero = numberWithin(
  () => z.int('must be a whole number, 0 or more'),
  () => z.gte(0, 'must be a whole number, 0 or more'),
);

/** Text, `fallback` when unset (an empty value is kept). */
const textVariable = (name: string, fallback: string): Variable<string> => ({ name, fallback, keepsEmpty: true, schema: anyText });
/** Text, or undefined when unset or empty. */
const optionalTextVariable = (name: string): Variable<string | undefined> => ({ name, fallback: undefined, schema: anyText });
/** A number, `fallback` when unset or empty; `schema` when it has a range. */
const numberVariable = (name: string, fallback: number, schema: () => z.ZodMiniType<number> = anyNumber): Variable<number> => ({
  name,
  fallback,
  convert: Number,
  schema,
});

/** Every setting of `config`, by its property name. */
export const variables = {
  tableName: textVariable('TABLE_NAME', 'shipping-local'),
  bucketName: textVariable('BUCKET_NAME', 'shipping-labels-local'),
  /** Brand prefix of API keys: `<prefix>_api_<32 hex>`. */
  apiKeyPrefix: textVariable('API_KEY_PREFIX', 'ship'),
  /** Prefix of test keys: `<prefix>_api_<32 hex>`. It must differ from the live prefix, or a key could not say its mode. */
  apiKeyTestPrefix: textVariable('API_KEY_TEST_PREFIX', 'shiptest'),
  /**
   * How long a verified key stays cached in one container; revocation takes
   * effect within it. 0 (no cache) unless set: the CDK stack sets it per stage,
   * while the local runtime sees a revocation at once.
   */
  apiKeyCacheSeconds: numberVariable('API_KEY_CACHE_SECONDS', 0),
  /** How long reference data (carriers, services, default packaging, plans) stays cached per container; 0 unless set. */
  referenceCacheSeconds: numberVariable('REFERENCE_CACHE_SECONDS', 0),
  /** Lifetime of rate requests and rate responses. */
  rateTtlHours: numberVariable('RATE_TTL_HOURS', 24),
  carrierTimeoutMs: numberVariable('CARRIER_TIMEOUT_MS', 3000),
  rateBudgetMs: numberVariable('RATE_BUDGET_MS', 8000),
  /**
   * Carrier circuit breaker (shared/carriers/breaker.ts): this many carrier
   * timeouts in a row open a carrier's breaker in one container; 0 turns the
   * breaker off.
   */
  carrierBreakerFailures: numberVariable('CARRIER_BREAKER_FAILURES', 3, wholeFromZero),
  /** How long an open carrier breaker skips its carrier before one request probes it again. */
  carrierBreakerOpenSeconds: numberVariable(
    'CARRIER_BREAKER_OPEN_SECONDS',
    30,
    numberWithin(() => z.gt(0, 'must be more than 0')),
  ),
  /** How long a ship waits for the carrier; shorter than the function timeout, so a failure is answered (502), not cut. */
  carrierShipTimeoutMs: numberVariable('CARRIER_SHIP_TIMEOUT_MS', 8000),
  /**
   * A ship claim older than this belongs to a ship that died between the
   * carrier call and the order write (shared/store/orders.ts); the next ship
   * takes it over. Longer than the function timeout, so a live ship is never
   * taken over.
   */
  shipClaimStaleSeconds: numberVariable('SHIP_CLAIM_STALE_SECONDS', 30),
  /**
   * How long after a carrier call of unknown outcome (a ship or a void that
   * timed out, lost its connection or got a 5xx, or whose function died) the
   * reconciler first asks the carrier what happened (docs/reliability.md):
   * longer than the carrier's worst latency, so a late answer has landed.
   * Later rounds wait twice as long each, up to a day, for as long as the
   * carrier's void window lasts.
   */
  shipReconcileAfterSeconds: numberVariable(
    'SHIP_RECONCILE_AFTER_SECONDS',
    300,
    numberWithin(
      () => z.gt(0, 'must be more than 0 and at most 86400'),
      () => z.lte(86_400, 'must be more than 0 and at most 86400'),
    ),
  ),
  /** `Retry-After` of 409 SHIPMENT_IN_PROGRESS: about one ship's duration. */
  shipRetryAfterSeconds: numberVariable('SHIP_RETRY_AFTER_SECONDS', 2),
  /** How long a presigned label URL is valid; the API's own label URL never expires (each GET presigns anew). */
  labelUrlMinutes: numberVariable('LABEL_URL_MINUTES', 15),
  /** How long a label request waits for another request rendering the same file, and when that rendering counts as dead. */
  labelRenderWaitSeconds: numberVariable('LABEL_RENDER_WAIT_SECONDS', 10),
  /** How long GET /track waits for the carrier before it answers the stored tracking (which says when it was last checked). */
  carrierTrackTimeoutMs: numberVariable('CARRIER_TRACK_TIMEOUT_MS', 3000),
  /**
   * How long the ship waits for a carrier's push subscription (UPS Track
   * Alert) after the order is stored; past it the order stays polled and the
   * ship answers as usual (docs/tracking.md, "Pushed tracking").
   */
  pushSubscribeTimeoutMs: numberVariable('PUSH_SUBSCRIBE_TIMEOUT_MS', 2000),
  /** Lifetime of a bearer token our token URL issues to a carrier that pushes events (UPS Track Alert). */
  pushTokenSeconds: numberVariable('PUSH_TOKEN_SECONDS', 900),
  /** How long a cancel waits for the carrier to void the shipment; a failure is a 502 with the order unchanged. */
  carrierCancelTimeoutMs: numberVariable('CARRIER_CANCEL_TIMEOUT_MS', 8000),
  /**
   * Messages the tracking dispatcher lets wait in the tracking-checks queue:
   * a run adds due checks only up to this many waiting, so a queue the
   * workers cannot keep up with is not filled with the same orders again and
   * again (docs/tracking.md).
   */
  trackingDispatchBacklog: numberVariable('TRACKING_DISPATCH_BACKLOG', 50_000),
  /** A dispatcher run starts no new page after this long, so it ends within the function timeout. */
  trackingDispatchBudgetMs: numberVariable('TRACKING_DISPATCH_BUDGET_MS', 10_000),
  /**
   * Sandbox network: how many times faster than real time shipments move
   * (1: pickup, transit and delivery at their real times; 1440: a day a
   * minute, for a local demo). The refresh cadence shrinks by the same factor.
   */
  sandboxTrackingPace: numberVariable(
    'SANDBOX_TRACKING_PACE',
    1,
    numberWithin(
      () => z.gte(1, 'must be between 1 and 1000000'),
      () => z.lte(1_000_000, 'must be between 1 and 1000000'),
    ),
  ),
  /**
   * Which keys the sandbox carriers answer (shared/domain/sandbox-carriers.ts):
   * `all` (dev, local), `test` (prod: test keys only; a live key never sees
   * them) or `off`. Anything else fails, never read as one of them.
   */
  sandboxCarriers: {
    name: 'SANDBOX_CARRIERS',
    fallback: 'all',
    schema: once(() => z.enum(SANDBOX_CARRIERS_SETTINGS, `must be one of ${SANDBOX_CARRIERS_SETTINGS.join(', ')}`)),
  } satisfies Variable<SandboxCarriersSetting>,
  /** Sender of status e-mails (SES v2); set by the stage. */
  emailFrom: optionalTextVariable('EMAIL_FROM'),
  /** SES configuration set the e-mails are sent with (delivery events, suppression); set by the stage. */
  emailConfigurationSet: optionalTextVariable('EMAIL_CONFIGURATION_SET'),
  /** Local runtime only: status e-mails are written as files here instead of being sent (`admin outbox list`). */
  emailOutboxDir: optionalTextVariable('EMAIL_OUTBOX_DIR'),
  /**
   * A status e-mail whose send was recorded as started this long ago, and
   * never as done, belongs to an attempt that died: the next attempt may send it.
   */
  notifyLeaseSeconds: numberVariable('NOTIFY_LEASE_SECONDS', 60),
  /**
   * Deployed stage: the name prefix of the carrier-account secrets in Secrets
   * Manager (`<prefix>/<carrierAccountId>`); set by the stage on the functions
   * that call carriers, and by the operator for the admin CLI on a stage.
   */
  carrierSecretPrefix: optionalTextVariable('CARRIER_SECRET_PREFIX'),
  /** How long a carrier account's credentials read from Secrets Manager stay cached per container; a rotated secret is seen within it. */
  carrierSecretCacheSeconds: numberVariable('CARRIER_SECRET_CACHE_SECONDS', 300, wholeFromZero),
  /** Local runtime only: the private directory (0700) of the carrier-account credential files (0600), DATA_DIR/secrets/carrier-accounts. */
  carrierSecretsDir: optionalTextVariable('CARRIER_SECRETS_DIR'),
  /** JSON: per-carrier fault injection for the sandbox network, e.g. {"CARRIERY":{"latencyMs":5000}}. */
  sandboxFaults: { name: 'SANDBOX_FAULTS', fallback: undefined, keepsEmpty: true, schema: anyText } satisfies Variable<string | undefined>,
  /** Deployed stage: the KMS key that seals webhook signing secrets (shared/webhooks/secret-box.ts). */
  webhookKmsKeyId: optionalTextVariable('WEBHOOK_KMS_KEY_ID'),
  /** Local runtime: the file (0600, under DATA_DIR) holding the 32-byte key that seals webhook signing secrets. */
  webhookSecretKeyFile: optionalTextVariable('WEBHOOK_SECRET_KEY_FILE'),
  /** Seconds between a failed delivery attempt and each retry, comma-separated (shared/domain/webhooks.ts has the default). */
  webhookRetrySchedule: {
    name: 'WEBHOOK_RETRY_SCHEDULE_SECONDS',
    fallback: DEFAULT_RETRY_SCHEDULE_SECONDS,
    convert: parseRetrySchedule,
    schema: once(() => z.readonly(z.array(z.number()))),
  } satisfies Variable<readonly number[]>,
  /**
   * Whether webhook URLs may be http and reach loopback and private
   * addresses: only in the local runtime (WEBHOOK_ALLOW_PRIVATE_URLS=true),
   * never on a deployed stage.
   */
  webhookAllowPrivateUrls: {
    name: 'WEBHOOK_ALLOW_PRIVATE_URLS',
    fallback: false,
    convert: (raw) => raw === 'true',
    schema: once(() => z.boolean()),
  } satisfies Variable<boolean>,
  /** Each queue's URL on a deployed stage (lib/shipping-stack.ts sets it where a function `sends`); locally the runtime's own queue. */
  trackingQueueUrl: optionalTextVariable('TRACKING_QUEUE_URL'),
  webhookQueueUrl: optionalTextVariable('WEBHOOK_QUEUE_URL'),
  batchQueueUrl: optionalTextVariable('BATCH_QUEUE_URL'),
  /**
   * Batch items of one carrier account shipped at once, at most
   * (docs/batches.md): the message groups of the batch-items queue per account.
   */
  batchConcurrencyPerAccount: numberVariable(
    'BATCH_CONCURRENCY_PER_ACCOUNT',
    4,
    numberWithin(
      () => z.int('must be a whole number from 1 to 50'),
      () => z.gte(1, 'must be a whole number from 1 to 50'),
      () => z.lte(50, 'must be a whole number from 1 to 50'),
    ),
  ),
  /**
   * A batch item's lease older than this belongs to a worker that died
   * (docs/batches.md): the item's next message takes it over. Longer than
   * the worker's timeout, so a live worker's item is never taken.
   */
  batchItemLeaseSeconds: numberVariable(
    'BATCH_ITEM_LEASE_SECONDS',
    60,
    numberWithin(() => z.gt(0, 'must be more than 0')),
  ),
  /** Local runtime only (local/sandbox-hooks.ts): the next n ships die after the carrier shipped, before the order is written. */
  sandboxShipCrash: numberVariable('SANDBOX_SHIP_CRASH', 0, wholeFromZero),

  // What Lambda, the AWS conventions and Powertools set beside the settings, read here all the same
  // (docs/configuration.md, "Set by Lambda and AWS"); text as it is, each reader keeping its library's rule.
  /** DEBUG, INFO, WARN, ERROR or SILENT (any case); unset: INFO, SILENT under NODE_ENV=test (shared/observability/logger.ts). */
  logLevel: optionalTextVariable('LOG_LEVEL'),
  nodeEnv: optionalTextVariable('NODE_ENV'),
  /** Powertools' switches, read by its rules (shared/observability/tracer.ts, emf.ts, metrics.ts): set but empty is set. */
  traceEnabledSwitch: { name: 'POWERTOOLS_TRACE_ENABLED', fallback: undefined, keepsEmpty: true, schema: anyText } satisfies Variable<string | undefined>,
  metricsDisabledSwitch: { name: 'POWERTOOLS_METRICS_DISABLED', fallback: undefined, keepsEmpty: true, schema: anyText } satisfies Variable<string | undefined>,
  powertoolsDevSwitch: { name: 'POWERTOOLS_DEV', fallback: undefined, keepsEmpty: true, schema: anyText } satisfies Variable<string | undefined>,
  metricsNamespace: optionalTextVariable('POWERTOOLS_METRICS_NAMESPACE'),
  /** Lambda's: the runtime (`AWS_Lambda_nodejs24.x`), the function, on-demand or provisioned, the invocation's X-Ray trace header. */
  executionEnv: optionalTextVariable('AWS_EXECUTION_ENV'),
  samLocal: optionalTextVariable('AWS_SAM_LOCAL'),
  lambdaFunctionName: optionalTextVariable('AWS_LAMBDA_FUNCTION_NAME'),
  lambdaInitializationType: optionalTextVariable('AWS_LAMBDA_INITIALIZATION_TYPE'),
  xrayTraceHeader: optionalTextVariable('_X_AMZN_TRACE_ID'),
  /** The AWS SDK's: region, the environment's credentials, and endpoints (an emulator's, LocalStack's) for all services or one. */
  awsRegion: optionalTextVariable('AWS_REGION'),
  awsDefaultRegion: optionalTextVariable('AWS_DEFAULT_REGION'),
  awsAccessKeyId: optionalTextVariable('AWS_ACCESS_KEY_ID'),
  awsSecretAccessKey: optionalTextVariable('AWS_SECRET_ACCESS_KEY'),
  awsSessionToken: optionalTextVariable('AWS_SESSION_TOKEN'),
  awsEndpointUrl: optionalTextVariable('AWS_ENDPOINT_URL'),
  awsEndpointUrlDynamodb: optionalTextVariable('AWS_ENDPOINT_URL_DYNAMODB'),
  awsEndpointUrlS3: optionalTextVariable('AWS_ENDPOINT_URL_S3'),
  awsEndpointUrlSesv2: optionalTextVariable('AWS_ENDPOINT_URL_SESV2'),
  awsEndpointUrlSecretsManager: optionalTextVariable('AWS_ENDPOINT_URL_SECRETS_MANAGER'),
  awsEndpointUrlKms: optionalTextVariable('AWS_ENDPOINT_URL_KMS'),
  awsEndpointUrlSqs: optionalTextVariable('AWS_ENDPOINT_URL_SQS'),
};

type Variables = typeof variables;
export type Setting = keyof Variables;
/** The value of every setting, as `config` reads it. */
export type ConfigValues = { readonly [K in Setting]: Variables[K] extends Variable<infer T> ? T : never };

/** The variable that holds a setting. */
export const variableName = (setting: Setting): string => variables[setting].name;

/** `<NAME> <what is wrong>, got "<value>"`: the first problem of a value. */
const problemOf = (setting: Setting, raw: string, error: z.core.$ZodError): string =>
  `${variables[setting].name} ${error.issues[0]?.message ?? 'is not valid'}, got "${raw.slice(0, 80)}"`;

const parsed = new Map<Setting, { raw: string; value: unknown }>();

/** The setting as the environment now says, a set value parsed once per value; throws on a value out of range. */
const read = <K extends Setting>(setting: K, env: NodeJS.ProcessEnv = process.env): ConfigValues[K] => {
  const variable: Variable<unknown> = variables[setting];
  const raw = env[variable.name];
  if (raw === undefined || (raw === '' && !variable.keepsEmpty)) return variable.fallback as ConfigValues[K];
  // Text is taken as it is: nothing to parse (the trace header changes with every invocation).
  if (variable.schema === anyText) return raw as ConfigValues[K];
  const last = parsed.get(setting);
  if (last && last.raw === raw) return last.value as ConfigValues[K];
  const result = variable.schema().safeParse(variable.convert ? variable.convert(raw) : raw);
  if (!result.success) throw new Error(problemOf(setting, raw, result.error));
  parsed.set(setting, { raw, value: result.data });
  return result.data as ConfigValues[K];
};

const differentTestPrefix = (live: string, test: string): string => {
  if (test === live) throw new Error(`API_KEY_TEST_PREFIX must differ from API_KEY_PREFIX, both are "${test}"`);
  return test;
};

/**
 * Every setting of `env` at once, or one error naming every variable out of
 * range (the local runtime's start, the tests of a stage's environment).
 */
export const readEnvironment = (env: NodeJS.ProcessEnv = process.env): ConfigValues => {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const setting of Object.keys(variables) as Setting[]) {
    try {
      values[setting] = read(setting, env);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length === 0) {
    try {
      differentTestPrefix(values.apiKeyPrefix as string, values.apiKeyTestPrefix as string);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return values as ConfigValues;
};

const asVariable = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

/**
 * The variables that give a function these settings (what lib/stages.ts puts
 * on a stage's functions); a setting left undefined is left out.
 */
export const environmentOf = (settings: Partial<{ [K in Setting]: ConfigValues[K] }>): Record<string, string> =>
  Object.fromEntries(
    (Object.entries(settings) as Array<[Setting, unknown]>)
      .filter(([, value]) => value !== undefined)
      .map(([setting, value]) => [variables[setting].name, asVariable(value)]),
  );

/** The settings, each read from the environment when asked (see the module's comment). */
export const config: ConfigValues = Object.defineProperties({} as ConfigValues, {
  ...Object.fromEntries((Object.keys(variables) as Setting[]).map((setting) => [setting, { enumerable: true, configurable: true, get: () => read(setting) }])),
  apiKeyTestPrefix: { enumerable: true, configurable: true, get: () => differentTestPrefix(read('apiKeyPrefix'), read('apiKeyTestPrefix')) },
});

/** `<CODE>_API_BASE_URL_TEST` or `_LIVE`: the variables a live carrier's connector names (docs/configuration.md). */
const CARRIER_BASE_URL_VARIABLE = /^[A-Z][A-Z0-9]*_API_BASE_URL_(TEST|LIVE)$/;

/**
 * A live carrier's API base override, read at each call (a test or the
 * local runtime may set it late); undefined when unset or blank. Named by
 * the carrier's connector (shared/carriers/live-http.ts), so no setting here
 * names a carrier; a name of any other shape is refused.
 */
export const carrierBaseUrlOverride = (variable: string): string | undefined => {
  if (!CARRIER_BASE_URL_VARIABLE.test(variable)) throw new Error(`${variable} is not a carrier base URL variable (<CODE>_API_BASE_URL_TEST or _LIVE)`);
  return process.env[variable]?.trim() || undefined;
};
