/**
 * Per-key and per-IP request limits of each stage: the numbers only, so that
 * the local runtime can apply dev's per-key limit in memory without loading
 * aws-cdk-lib (no CDK import here, nor anything that imports it).
 *
 * A deployed stage enforces them with the rate-based rules of its WAF web ACL
 * (lib/waf.ts); lib/stages.ts validates them with the rest of the stage
 * configuration. A blocked caller gets 429, `Retry-After: <windowSeconds>`
 * and `{"error":{"code":"THROTTLED","message":…}}` (RATE_LIMIT_ERROR_CODE):
 * the code API Gateway's own stage throttling answers (lib/api.ts), so an
 * integrator handles one code for "slow down", whoever says it.
 */

/** The evaluation windows a WAF rate-based rule accepts, in seconds. */
export const EVALUATION_WINDOWS_SECONDS = [60, 120, 300, 600] as const;
export type EvaluationWindowSeconds = (typeof EVALUATION_WINDOWS_SECONDS)[number];

/** The smallest and largest `Limit` of a WAF rate-based rule. */
export const WAF_MIN_RATE_LIMIT = 10;
export const WAF_MAX_RATE_LIMIT = 2_000_000_000;

/** `error.code` of a caller over a limit (shared/errors.ts ERROR_CODES, 429). */
export const RATE_LIMIT_ERROR_CODE = 'THROTTLED';
export const RATE_LIMIT_STATUS = 429;

export type RateLimits = {
  /** Requests one well-formed `X-API-Key` may make per window, whatever IP they come from. */
  perKey: number;
  /** Requests one IP may make per window without a well-formed key (missing or malformed). */
  perIpWithoutKey: number;
  /**
   * Requests one IP may make per window, whatever the key: the backstop
   * against a client that sends a new random well-formed key with each
   * request (each key has a counter of its own). At least `perKey`, so an
   * integrator with one key and one egress IP is stopped by its key's limit
   * first; above it by the few keys a platform may send from one NAT.
   */
  perIp: number;
  /** The window the limits count over; it is also the `Retry-After` of a blocked request. */
  windowSeconds: EvaluationWindowSeconds;
};

/**
 * The limits of each stage. dev stays low so that a loop of curl calls shows
 * the 429 (the local runtime uses dev's numbers); prod allows one key 50
 * requests a second on average, half of the stage-wide throttle (lib/stages.ts
 * `throttling`), so no single integrator takes the whole stage.
 */
export const rateLimits = {
  dev: { perKey: 300, perIpWithoutKey: 60, perIp: 1500, windowSeconds: 60 },
  prod: { perKey: 3000, perIpWithoutKey: 100, perIp: 15000, windowSeconds: 60 },
} as const satisfies Record<'dev' | 'prod', RateLimits>;

/**
 * The token URL of a carrier's pushes (UPS Track Alert, docs/ups.md) takes no
 * API key, so none of the limits above meets a caller trying client secrets
 * there. The same on every stage, counted over the stage's window:
 * - `perIp`: token requests one IP may make, deployed (lib/waf.ts). WAF sees
 *   requests, not answers, so good requests count too: far above what UPS
 *   needs (a token lasts PUSH_TOKEN_SECONDS, 900 s; even one per push stays
 *   under it from one address), far below a guesser's hundreds a second.
 * - `failures`: refused attempts (401) per client id and per IP, locally
 *   (local/request-limiter.ts), where the gateway sees the answer.
 * Why no per-client budget is kept deployed: docs/decisions.md.
 */
export const pushTokenLimits = { perIp: 100, failures: 10 } as const;

/** The `Retry-After` (seconds) of a request blocked by these limits: after a whole window the count has gone. */
export const retryAfterSeconds = (limits: Pick<RateLimits, 'windowSeconds'>): number => limits.windowSeconds;

/** The message of the 429 body. */
export const rateLimitMessage = (limits: Pick<RateLimits, 'windowSeconds'>): string =>
  `Too many requests for this API key or address; retry after ${retryAfterSeconds(limits)} seconds`;
