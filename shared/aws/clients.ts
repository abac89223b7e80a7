/**
 * AWS clients, one per container, created on first use from the environment
 * of that moment (not at import), so no module has to be imported after the
 * environment is set; the light clients read region, credentials and
 * endpoint at each call, through ../config.ts (`AwsSettings`). Local
 * endpoints come from the standard AWS_ENDPOINT_URL_DYNAMODB /
 * AWS_ENDPOINT_URL_S3 variables (DynamoDB Local, s3rver, LocalStack); S3
 * then needs path-style addressing.
 *
 * Limits (`clientLimits`): without them a call on a dead keep-alive socket
 * (a container thawed after minutes) waits until the Lambda timeout. Each
 * attempt must connect within `connectionTimeoutMs` and receive the response
 * headers within `requestTimeoutMs`, and may not go `requestTimeoutMs`
 * without a byte while the body streams; then it fails with a TimeoutError,
 * which the SDK retries ("standard" mode: exponential backoff with jitter,
 * `maxAttempts` in all). Standard rather than adaptive: adaptive's client-side
 * rate limiter learns from throttling over a long-lived process, which a
 * Lambda container rarely is.
 * - DynamoDB answers in single-digit milliseconds in-region, so 1.5 s is a
 *   dead connection, not a slow answer; three attempts take at most about
 *   3 × (1 s + 1.5 s) plus backoff, under 8 s, inside the 15 s Lambda timeout.
 * - S3 uploads label files (tens to hundreds of KiB) within the request
 *   timeout, so it gets 5 s.
 * - Emulators (an endpoint variable is set) get generous limits: DynamoDB
 *   Local on a busy test machine pauses for seconds (JIT, GC), and a spurious
 *   timeout would retry a conditional write that already succeeded.
 *
 * Every AWS client of the service is built with `awsClientConfig` and
 * `withoutSdkLogging`: DynamoDB (./dynamodb-client.ts), S3
 * (./s3.ts), SES (../notify/ses.ts), Secrets Manager
 * (../secrets.ts), KMS (../webhooks/secret-box.ts) and SQS (../queues.ts). This
 * module imports no SDK client, so a function loads only the clients it uses.
 */
import { config, type ConfigValues } from '../config';

export type AwsService = 'dynamodb' | 's3' | 'sesv2' | 'secretsmanager' | 'kms' | 'sqs';

/** The AWS SDK's variables as ../config.ts reads them: region, the environment's credentials, endpoints. */
export type AwsSettings = Pick<
  ConfigValues,
  | 'awsRegion'
  | 'awsDefaultRegion'
  | 'awsAccessKeyId'
  | 'awsSecretAccessKey'
  | 'awsSessionToken'
  | 'awsEndpointUrl'
  | 'awsEndpointUrlDynamodb'
  | 'awsEndpointUrlS3'
  | 'awsEndpointUrlSesv2'
  | 'awsEndpointUrlSecretsManager'
  | 'awsEndpointUrlKms'
  | 'awsEndpointUrlSqs'
>;

export type ClientLimits = { connectionTimeoutMs: number; requestTimeoutMs: number; maxAttempts: number };

export const clientLimits: Record<AwsService, ClientLimits> = {
  dynamodb: { connectionTimeoutMs: 1_000, requestTimeoutMs: 1_500, maxAttempts: 3 },
  s3: { connectionTimeoutMs: 1_000, requestTimeoutMs: 5_000, maxAttempts: 3 },
  sesv2: { connectionTimeoutMs: 1_000, requestTimeoutMs: 3_000, maxAttempts: 3 },
  // Carrier-account credentials (shared/secrets.ts): a few hundred bytes, read once per container and cache period.
  secretsmanager: { connectionTimeoutMs: 1_000, requestTimeoutMs: 3_000, maxAttempts: 3 },
  // Webhook signing secrets (shared/webhooks/secret-box.ts): one small Encrypt or Decrypt.
  kms: { connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxAttempts: 3 },
  // Webhook delivery messages (shared/webhooks/queue.ts).
  sqs: { connectionTimeoutMs: 1_000, requestTimeoutMs: 3_000, maxAttempts: 3 },
};

export const emulatorLimits: ClientLimits = { connectionTimeoutMs: 2_000, requestTimeoutMs: 10_000, maxAttempts: 3 };

const endpointSetting = {
  dynamodb: 'awsEndpointUrlDynamodb',
  s3: 'awsEndpointUrlS3',
  sesv2: 'awsEndpointUrlSesv2',
  secretsmanager: 'awsEndpointUrlSecretsManager',
  kms: 'awsEndpointUrlKms',
  sqs: 'awsEndpointUrlSqs',
} as const satisfies Record<AwsService, keyof AwsSettings>;

/** The endpoint `service` is pointed at (AWS_ENDPOINT_URL_<SERVICE>, else AWS_ENDPOINT_URL), or undefined for AWS's own. */
export const endpointOf = (service: AwsService, settings: AwsSettings = config): string | undefined =>
  settings[endpointSetting[service]] || settings.awsEndpointUrl;

/** True when the service is pointed at an emulator (or LocalStack) rather than AWS. */
export const usesEmulator = (service: AwsService, settings: AwsSettings = config): boolean => Boolean(endpointOf(service, settings));

/** The limits of `service`'s calls: an emulator's when one is configured. */
export const limitsOf = (service: AwsService, settings: AwsSettings = config): ClientLimits =>
  usesEmulator(service, settings) ? emulatorLimits : clientLimits[service];

/** Constructor options shared by every SDK client of `service`: timeouts and retries (see above). */
export const awsClientConfig = (service: AwsService, settings: AwsSettings = config) => {
  const limits = limitsOf(service, settings);
  return {
    maxAttempts: limits.maxAttempts,
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Without it @smithy/node-http-handler 4 only logs a warning when requestTimeout passes.
      throwOnRequestTimeout: true,
      socketTimeout: limits.requestTimeoutMs,
    },
  } as const;
};

/** Name of the SDK's logger middleware in every client's stack (@aws-sdk/core, step `initialize`). */
export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/**
 * The client without the SDK's logger middleware. That middleware wraps every
 * command: after the response it copies the output and walks input and
 * output through the operation's schema to mask sensitive members
 * (`schemaLogFilter`, a full walk of a 13-item BatchWriteItem), then hands
 * both to the client's `logger`. These clients are given no logger
 * (`awsClientConfig` sets none), so the SDK's NoOpLogger discards it all; on
 * an error the middleware only rethrows. Removing it changes nothing but the
 * time: in the warm rate handler (bench/warm.ts) it was about 7% of a
 * request (p50 3.9 -> 3.6 ms). A client that is ever given a logger must
 * keep it.
 */
export const withoutSdkLogging = <T extends { middlewareStack: { remove(toRemove: string): boolean } }>(client: T): T => {
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return client;
};
