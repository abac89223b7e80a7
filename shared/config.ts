/**
 * Runtime configuration of the functions: the settings of
 * docs/configuration.md that the CDK stack (or the local runtime) sets in the
 * environment. Each getter reads its variable when asked (a test sets one and
 * reads it back), and a value out of its range throws at that read.
 * Constructs never read process.env. A few modules still read variables of
 * their own beside this one: the logger, tracer and metrics (Powertools'),
 * the AWS clients' endpoints (aws-clients.ts, store/s3-client.ts,
 * notify/ses.ts, secrets.ts), the queue URLs (queues.ts), a live carrier's
 * base URL (carriers/live-http.ts) and the sandbox's crash switch
 * (carriers/sandbox/crash.ts).
 */
import { isSandboxCarriersSetting, SANDBOX_CARRIERS_SETTINGS, type SandboxCarriersSetting } from './domain/sandbox-carriers';
import { parseRetrySchedule } from './domain/webhooks';

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
  return n;
};

export const config = {
  get tableName(): string {
    return process.env.TABLE_NAME ?? 'shipping-local';
  },
  get bucketName(): string {
    return process.env.BUCKET_NAME ?? 'shipping-labels-local';
  },
  /** Brand prefix of API keys: `<prefix>_api_<32 hex>`. */
  get apiKeyPrefix(): string {
    return process.env.API_KEY_PREFIX ?? 'ship';
  },
  /** Prefix of test keys: `<prefix>_api_<32 hex>`. It must differ from the live prefix, or a key could not say its mode. */
  get apiKeyTestPrefix(): string {
    const prefix = process.env.API_KEY_TEST_PREFIX ?? 'shiptest';
    if (prefix === this.apiKeyPrefix) throw new Error(`API_KEY_TEST_PREFIX must differ from API_KEY_PREFIX, both are "${prefix}"`);
    return prefix;
  },
  /**
   * How long a verified key stays cached in one container; revocation takes
   * effect within it. 0 (no cache) unless set: the CDK stack sets it per stage,
   * while the local runtime sees a revocation at once.
   */
  get apiKeyCacheSeconds(): number {
    return num('API_KEY_CACHE_SECONDS', 0);
  },
  /** How long reference data (carriers, services, default packaging, plans) stays cached per container; 0 unless set. */
  get referenceCacheSeconds(): number {
    return num('REFERENCE_CACHE_SECONDS', 0);
  },
  /** Lifetime of rate requests and rate responses. */
  get rateTtlHours(): number {
    return num('RATE_TTL_HOURS', 24);
  },
  get carrierTimeoutMs(): number {
    return num('CARRIER_TIMEOUT_MS', 3000);
  },
  get rateBudgetMs(): number {
    return num('RATE_BUDGET_MS', 8000);
  },
  /**
   * Carrier circuit breaker (shared/carriers/breaker.ts): this many carrier
   * timeouts in a row open a carrier's breaker in one container; 0 turns the
   * breaker off.
   */
  get carrierBreakerFailures(): number {
    const n = num('CARRIER_BREAKER_FAILURES', 3);
    if (!Number.isInteger(n) || n < 0) throw new Error(`CARRIER_BREAKER_FAILURES must be a whole number, 0 or more, got "${n}"`);
    return n;
  },
  /** How long an open carrier breaker skips its carrier before one request probes it again. */
  get carrierBreakerOpenSeconds(): number {
    const n = num('CARRIER_BREAKER_OPEN_SECONDS', 30);
    if (n <= 0) throw new Error(`CARRIER_BREAKER_OPEN_SECONDS must be more than 0, got "${n}"`);
    return n;
  },
  /** How long a ship waits for the carrier; shorter than the function timeout, so a failure is answered (502), not cut. */
  get carrierShipTimeoutMs(): number {
    return num('CARRIER_SHIP_TIMEOUT_MS', 8000);
  },
  /**
   * A ship claim older than this belongs to a ship that died between the
   * carrier call and the order write (shared/store/orders.ts); the next ship
   * takes it over. Longer than the function timeout, so a live ship is never
   * taken over.
   */
  get shipClaimStaleSeconds(): number {
    return num('SHIP_CLAIM_STALE_SECONDS', 30);
  },
  /**
   * How long after a carrier call of unknown outcome (a ship or a void that
   * timed out, lost its connection or got a 5xx, or whose function died) the
   * reconciler first asks the carrier what happened (docs/reliability.md):
   * longer than the carrier's worst latency, so a late answer has landed.
   * Later rounds wait twice as long each, up to a day, for as long as the
   * carrier's void window lasts.
   */
  get shipReconcileAfterSeconds(): number {
    const n = num('SHIP_RECONCILE_AFTER_SECONDS', 300);
    if (!(n > 0 && n <= 86_400)) throw new Error(`SHIP_RECONCILE_AFTER_SECONDS must be more than 0 and at most 86400, got "${n}"`);
    return n;
  },
  /** `Retry-After` of 409 SHIPMENT_IN_PROGRESS: about one ship's duration. */
  get shipRetryAfterSeconds(): number {
    return num('SHIP_RETRY_AFTER_SECONDS', 2);
  },
  /** How long a presigned label URL is valid; the API's own label URL never expires (each GET presigns anew). */
  get labelUrlMinutes(): number {
    return num('LABEL_URL_MINUTES', 15);
  },
  /** How long a label request waits for another request rendering the same file, and when that rendering counts as dead. */
  get labelRenderWaitSeconds(): number {
    return num('LABEL_RENDER_WAIT_SECONDS', 10);
  },
  /** How long GET /track waits for the carrier before it answers the stored tracking (which says when it was last checked). */
  get carrierTrackTimeoutMs(): number {
    return num('CARRIER_TRACK_TIMEOUT_MS', 3000);
  },
  /**
   * How long the ship waits for a carrier's push subscription (UPS Track
   * Alert) after the order is stored; past it the order stays polled and the
   * ship answers as usual (docs/tracking.md, "Pushed tracking").
   */
  get pushSubscribeTimeoutMs(): number {
    return num('PUSH_SUBSCRIBE_TIMEOUT_MS', 2000);
  },
  /** Lifetime of a bearer token our token URL issues to a carrier that pushes events (UPS Track Alert). */
  get pushTokenSeconds(): number {
    return num('PUSH_TOKEN_SECONDS', 900);
  },
  /** How long a cancel waits for the carrier to void the shipment; a failure is a 502 with the order unchanged. */
  get carrierCancelTimeoutMs(): number {
    return num('CARRIER_CANCEL_TIMEOUT_MS', 8000);
  },
  /**
   * Messages the tracking dispatcher lets wait in the tracking-checks queue:
   * a run adds due checks only up to this many waiting, so a queue the
   * workers cannot keep up with is not filled with the same orders again and
   * again (docs/tracking.md).
   */
  get trackingDispatchBacklog(): number {
    return num('TRACKING_DISPATCH_BACKLOG', 50_000);
  },
  /** A dispatcher run starts no new page after this long, so it ends within the function timeout. */
  get trackingDispatchBudgetMs(): number {
    return num('TRACKING_DISPATCH_BUDGET_MS', 10_000);
  },
  /**
   * Sandbox network: how many times faster than real time shipments move
   * (1: pickup, transit and delivery at their real times; 1440: a day a
   * minute, for a local demo). The refresh cadence shrinks by the same factor.
   */
  get sandboxTrackingPace(): number {
    const n = num('SANDBOX_TRACKING_PACE', 1);
    if (!(n >= 1 && n <= 1_000_000)) throw new Error(`SANDBOX_TRACKING_PACE must be between 1 and 1000000, got "${n}"`);
    return n;
  },
  /**
   * Which keys the sandbox carriers answer (shared/domain/sandbox-carriers.ts):
   * `all` (dev, local), `test` (prod: test keys only; a live key never sees
   * them) or `off`. Anything else fails, never read as one of them.
   */
  get sandboxCarriers(): SandboxCarriersSetting {
    const raw = process.env.SANDBOX_CARRIERS;
    if (raw === undefined || raw === '') return 'all';
    if (!isSandboxCarriersSetting(raw)) throw new Error(`SANDBOX_CARRIERS must be one of ${SANDBOX_CARRIERS_SETTINGS.join(', ')}, got "${raw}"`);
    return raw;
  },
  /** Sender of status e-mails (SES v2); set by the stage. */
  get emailFrom(): string | undefined {
    return process.env.EMAIL_FROM || undefined;
  },
  /** SES configuration set the e-mails are sent with (delivery events, suppression); set by the stage. */
  get emailConfigurationSet(): string | undefined {
    return process.env.EMAIL_CONFIGURATION_SET || undefined;
  },
  /** Local runtime only: status e-mails are written as files here instead of being sent (`admin outbox list`). */
  get emailOutboxDir(): string | undefined {
    return process.env.EMAIL_OUTBOX_DIR || undefined;
  },
  /**
   * A status e-mail whose send was recorded as started this long ago, and
   * never as done, belongs to an attempt that died: the next attempt may send it.
   */
  get notifyLeaseSeconds(): number {
    return num('NOTIFY_LEASE_SECONDS', 60);
  },
  /**
   * Deployed stage: the name prefix of the carrier-account secrets in Secrets
   * Manager (`<prefix>/<carrierAccountId>`); set by the stage on the functions
   * that call carriers, and by the operator for the admin CLI on a stage.
   */
  get carrierSecretPrefix(): string | undefined {
    return process.env.CARRIER_SECRET_PREFIX || undefined;
  },
  /** How long a carrier account's credentials read from Secrets Manager stay cached per container; a rotated secret is seen within it. */
  get carrierSecretCacheSeconds(): number {
    const n = num('CARRIER_SECRET_CACHE_SECONDS', 300);
    if (!Number.isInteger(n) || n < 0) throw new Error(`CARRIER_SECRET_CACHE_SECONDS must be a whole number, 0 or more, got "${n}"`);
    return n;
  },
  /** Local runtime only: the private directory (0700) of the carrier-account credential files (0600), DATA_DIR/secrets/carrier-accounts. */
  get carrierSecretsDir(): string | undefined {
    return process.env.CARRIER_SECRETS_DIR || undefined;
  },
  /** JSON: per-carrier fault injection for the sandbox network, e.g. {"CARRIERY":{"latencyMs":5000}}. */
  get sandboxFaults(): string | undefined {
    return process.env.SANDBOX_FAULTS;
  },
  /** Deployed stage: the KMS key that seals webhook signing secrets (shared/webhooks/secret-box.ts). */
  get webhookKmsKeyId(): string | undefined {
    return process.env.WEBHOOK_KMS_KEY_ID || undefined;
  },
  /** Local runtime: the file (0600, under DATA_DIR) holding the 32-byte key that seals webhook signing secrets. */
  get webhookSecretKeyFile(): string | undefined {
    return process.env.WEBHOOK_SECRET_KEY_FILE || undefined;
  },
  /** Seconds between a failed delivery attempt and each retry, comma-separated (shared/domain/webhooks.ts has the default). */
  get webhookRetrySchedule(): readonly number[] {
    return parseRetrySchedule(process.env.WEBHOOK_RETRY_SCHEDULE_SECONDS);
  },
  /**
   * Whether webhook URLs may be http and reach loopback and private
   * addresses: only in the local runtime (WEBHOOK_ALLOW_PRIVATE_URLS=true),
   * never on a deployed stage.
   */
  get webhookAllowPrivateUrls(): boolean {
    return process.env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true';
  },
};
