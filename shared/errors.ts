/**
 * The one error class of the service. Domain and store code throw it; the
 * error middleware turns it into the error body of docs/decisions.md:
 * `{"error": {"code", "message", "details"?}}`.
 */
export type ErrorDetail = { path?: string; message: string };

/**
 * Every `error.code` a caller can receive, with the HTTP statuses it comes
 * with: the functions' own, the local runtime's (local/api-gateway.ts)
 * and API Gateway's gateway responses (lib/api.ts, whose Default4xx answers
 * with API Gateway's response type as the code). openapi.json enumerates
 * exactly these codes; test/unit/openapi-error-codes.test.ts fails when the
 * code base answers a code or status missing here, or when one here is unused.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: [400],
  UNAUTHORIZED: [401],
  FORBIDDEN: [403],
  NOT_FOUND: [404],
  METHOD_NOT_ALLOWED: [405],
  PAYLOAD_TOO_LARGE: [413],
  UNSUPPORTED_MEDIA_TYPE: [415],
  NO_RATES: [422],
  /** Ship: the organization is not on account billing (spec part 7). */
  ACCOUNT_BILLING_REQUIRED: [402],
  /** Ship: a ship of the same rate response is in flight; retry after `Retry-After`. */
  SHIPMENT_IN_PROGRESS: [409],
  /** Ship: the rate response is past its expiry. */
  RATE_EXPIRED: [410],
  /** Ship: the carrier account the rate was quoted under no longer serves the pricing group (docs/decisions.md); rate again. */
  RATE_ACCOUNT_CHANGED: [409],
  /** Cancel: the shipment is in transit or delivered. */
  NOT_CANCELLABLE: [409],
  /** Cancel: the order kept changing under concurrent writes while the cancel was stored; retry after `Retry-After`. */
  ORDER_BUSY: [409],
  /** Ship: the carrier refused the shipment as requested (its reason in the message); the rate response can be shipped again once the request is fixed. */
  CARRIER_REJECTED: [422],
  /** Ship or cancel: the carrier failed or refused; the rate response can be shipped again, the order is unchanged. */
  CARRIER_ERROR: [502],
  /** Over a limit: API Gateway's stage throttle, the stage's WAF per-key and per-IP rules (lib/waf.ts), the local runtime's in-memory limiter. */
  THROTTLED: [429],
  /** 502 and 504 when API Gateway answers for a failed or timed-out function. */
  INTERNAL: [500, 502, 504],
  /** The local runtime's answer when a function does not answer within 29 s. */
  TIMEOUT: [504],
  /** Webhooks: the company has the most endpoints it may have (10); delete one first. */
  WEBHOOK_LIMIT_REACHED: [409],
  /** Webhooks: a retry of a delivery whose endpoint is disabled (it answered 410 Gone), or whose attempt is in flight right now. */
  WEBHOOK_CONFLICT: [409],
  /** Manifests: another close of the same carrier and mode is running; retry after `Retry-After` to get its manifest. */
  MANIFEST_IN_PROGRESS: [409],
  /** Batches: the label file of a batch whose items have not all ended, or that another request is rendering; retry after `Retry-After`. */
  BATCH_IN_PROGRESS: [409],
  /** Manifests: the close found no open shipment of the carrier to put on a manifest. */
  NOTHING_TO_MANIFEST: [422],
  /** Pickups: a create of the same request is booking it right now; retry after `Retry-After` to get its pickup. */
  PICKUP_BUSY: [409],
  /** Pickups: the carrier will no longer cancel the pickup (past its cut-off), with its reason; or the pickup was never booked. */
  PICKUP_NOT_CANCELLABLE: [409],
  /** Rate with `shippingOptions.addressValidation: strict`: the shipper or recipient address is `invalid` (docs/addresses.md). */
  ADDRESS_INVALID: [422],
  /** The local runtime's answer when a request body stops short of its Content-Length (LOCAL_BODY_TIMEOUT_MS). */
  REQUEST_TIMEOUT: [408],
} as const satisfies Record<string, readonly number[]>;
export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodes = Object.keys(ERROR_CODES) as ErrorCode[];

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ErrorDetail[];
  /** When false the message is replaced by a generic one in the response. */
  readonly expose: boolean;
  /** Response headers that come with the error (e.g. `Retry-After`). */
  readonly headers?: Record<string, string>;

  constructor(status: number, code: string, message: string, options: { details?: ErrorDetail[]; expose?: boolean; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.expose = options.expose ?? status < 500;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, 'VALIDATION_FAILED', message, { details });
export const unauthorized = (message = 'Invalid or missing API key') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
