/**
 * One signed request to an AWS service, with the limits and retries of
 * ./clients.ts: what the service's light DynamoDB client (./dynamodb.ts)
 * stands on instead of the AWS SDK's client (docs/decisions.md, "A light
 * DynamoDB client").
 *
 * - Signing is the `aws4` library's Signature Version 4, its signing key
 *   held as a KeyObject and kept per day (`Signer` below); credentials are the environment's, as a Lambda function
 *   is given them (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 *   AWS_SESSION_TOKEN), read at each call, so renewed ones are used at once.
 *   Without them (the admin CLI on an operator's profile) the SDK's default
 *   chain is loaded once and asked; a function bundle maps that chain to the
 *   environment alone (lib/bundle/env-credentials.ts).
 * - Transport is Node's own http/https with one keep-alive agent per protocol
 *   (at most 50 sockets, as the SDK's). Each attempt must connect within
 *   `connectionTimeoutMs`, get the response headers within
 *   `requestTimeoutMs` and never wait `requestTimeoutMs` for a byte while
 *   the body streams, or it fails with a TimeoutError: a dead keep-alive
 *   socket of a thawed container fails fast instead of waiting for the Lambda
 *   timeout.
 * - Retries follow the SDK's "standard" mode: `maxAttempts` in all; a
 *   network error, a timeout, a 500/502/503/504 or a throttling error is
 *   tried again after a random wait up to 100 ms × 2^attempt (500 ms × 2^attempt
 *   when throttled), at most 20 s. The SDK's retry quota (a token bucket that
 *   stops retries when most calls fail) is not kept: a Lambda container lives
 *   minutes and serves one request at a time, and three attempts bound the
 *   work anyway.
 * - An error answer becomes an `AwsServiceError` named after the service's
 *   error code, with `$fault`, `$metadata` (status, request id, attempts) and
 *   the answer's other fields (a cancelled transaction's reasons), the shape
 *   the SDK gives, so the code that reads errors by name, and the tracer,
 *   read either.
 *
 * The transport is `requestHandler` in the client's config, so the warm
 * bench can answer in process (bench/warm.ts), as it replaced the SDK's.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { Agent, IncomingHttpHeaders } from 'node:http';
import aws4 from 'aws4';
import type { AwsSettings, ClientLimits } from './clients';

export type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export type HttpRequest = {
  protocol: 'http:' | 'https:';
  hostname: string;
  port?: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
};

export type HttpResponse = { statusCode: number; headers: IncomingHttpHeaders; body: Buffer };

/** Sends one attempt; rejects on a network failure or a timeout. */
export type RequestHandler = { handle(request: HttpRequest, limits: ClientLimits): Promise<HttpResponse> };

/** An error the service answered, or a failure to get an answer, in the SDK's shape. */
export class AwsServiceError extends Error {
  $fault: 'client' | 'server';
  $metadata: { httpStatusCode?: number; requestId?: string; attempts: number; totalRetryDelay: number };
  $retryable?: { throttling: boolean };
  [field: string]: unknown;

  constructor(
    name: string,
    message: string,
    details: { fault: 'client' | 'server'; status?: number; requestId?: string; throttling?: boolean; fields?: Record<string, unknown> },
  ) {
    super(message);
    Object.assign(this, details.fields ?? {});
    this.name = name;
    this.$fault = details.fault;
    this.$metadata = { httpStatusCode: details.status, requestId: details.requestId, attempts: 1, totalRetryDelay: 0 };
    if (details.throttling !== undefined) this.$retryable = { throttling: details.throttling };
  }
}

/** A call that did not finish in time (the SDK's name, which ../observability/tracer.ts and the tests read). */
const timeoutError = (what: string, ms: number) => new AwsServiceError('TimeoutError', `${what} within ${ms} ms`, { fault: 'client' });

const agents = new Map<string, Agent>();
const agentOf = (protocol: HttpRequest['protocol']): Agent => {
  let agent = agents.get(protocol);
  if (!agent) {
    // getBuiltinModule: the CommonJS view; the ES module view of node:http loads undici on Node 24 (lib/bundle/env-credentials.ts).
    const { Agent: AgentOf } = process.getBuiltinModule(protocol === 'https:' ? 'node:https' : 'node:http');
    agent = new AgentOf({ keepAlive: true, maxSockets: 50 });
    agents.set(protocol, agent);
  }
  return agent;
};

/** Node's http/https, each attempt bounded by the limits (see above). */
export const nodeRequestHandler: RequestHandler = {
  handle: (request, limits) =>
    new Promise<HttpResponse>((resolve, reject) => {
      const { request: send } = process.getBuiltinModule(request.protocol === 'https:' ? 'node:https' : 'node:http');
      let timer: NodeJS.Timeout | undefined;
      const fail = (error: Error) => {
        clearTimeout(timer);
        req.destroy(error);
      };
      const req = send({
        protocol: request.protocol,
        hostname: request.hostname,
        port: request.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent: agentOf(request.protocol),
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.on('socket', (socket) => {
        if (socket.connecting) {
          timer = setTimeout(() => fail(timeoutError('no connection', limits.connectionTimeoutMs)), limits.connectionTimeoutMs);
          socket.once('connect', () => {
            clearTimeout(timer);
            timer = setTimeout(() => fail(timeoutError('no answer', limits.requestTimeoutMs)), limits.requestTimeoutMs);
          });
        } else {
          timer = setTimeout(() => fail(timeoutError('no answer', limits.requestTimeoutMs)), limits.requestTimeoutMs);
        }
      });
      // Idle while the answer streams.
      req.setTimeout(limits.requestTimeoutMs, () => fail(timeoutError('the answer stalled', limits.requestTimeoutMs)));
      req.on('response', (res) => {
        clearTimeout(timer);
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        // A connection closed mid-answer: a network failure, tried again like one.
        res.on('aborted', () => reject(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' })));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.end(request.body);
    }),
};

/** Error codes the SDK treats as throttling (retried with the longer base). */
const THROTTLING = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'TransactionInProgressException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'RequestThrottled',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
]);
/** Error codes the SDK treats as transient (retried). */
const TRANSIENT = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

const isThrottling = (e: AwsServiceError) => THROTTLING.has(e.name) || e.$metadata.httpStatusCode === 429;
export const isRetryable = (error: unknown): boolean => {
  if (error instanceof AwsServiceError) return isThrottling(error) || TRANSIENT.has(error.name) || TRANSIENT_STATUS.has(error.$metadata.httpStatusCode ?? 0);
  const code = (error as { code?: string } | undefined)?.code;
  return typeof code === 'string' && NETWORK_CODES.has(code);
};

/** The SDK's standard backoff: a random wait up to base × 2^(attempt − 1), at most 20 s. */
export const retryDelayMs = (error: unknown, attempt: number, random: () => number = Math.random): number => {
  const base = error instanceof AwsServiceError && isThrottling(error) ? 500 : 100;
  return Math.floor(random() * Math.min(20_000, base * 2 ** (attempt - 1)));
};

let fallbackCredentials: Promise<() => Promise<Credentials>> | undefined;
/** The environment's credentials; without them, the SDK's default chain (loaded once, see above). */
export const credentialsOf = async (settings: AwsSettings): Promise<Credentials> => {
  const { awsAccessKeyId: accessKeyId, awsSecretAccessKey: secretAccessKey, awsSessionToken: sessionToken } = settings;
  if (accessKeyId && secretAccessKey) return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
  fallbackCredentials ??= import('@aws-sdk/credential-provider-node').then(({ defaultProvider }) => defaultProvider());
  return (await fallbackCredentials)();
};

export const regionOf = (settings: AwsSettings): string => {
  const region = settings.awsRegion || settings.awsDefaultRegion;
  if (!region) throw new AwsServiceError('ConfigurationError', 'no AWS region: set AWS_REGION', { fault: 'client' });
  return region;
};

export type SignedCall = {
  service: string;
  region: string;
  endpoint: URL;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  credentials: Credentials;
  /** Sign in the query (a presigned URL) instead of the Authorization header. */
  signQuery?: boolean;
};

/** Signing keys kept (one per secret, day, region and service): a container uses one or two. */
const SIGNING_KEYS_KEPT = 16;
const signingKeys = new Map<string, KeyObject>();

/** SigV4's signing key for a day, region and service, derived as aws4 derives it, kept as a KeyObject. */
const signingKey = (secret: string, date: string, region: string, service: string): KeyObject => {
  const id = [secret, date, region, service].join('\n');
  let key = signingKeys.get(id);
  if (!key) {
    const kDate = createHmac('sha256', `AWS4${secret}`).update(date, 'utf8').digest();
    const kRegion = createHmac('sha256', kDate).update(region, 'utf8').digest();
    const kService = createHmac('sha256', kRegion).update(service, 'utf8').digest();
    key = createSecretKey(createHmac('sha256', kService).update('aws4_request', 'utf8').digest());
    if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.delete(signingKeys.keys().next().value!);
    signingKeys.set(id, key);
  }
  return key;
};

/**
 * aws4's signer with one change: its signing key is a KeyObject. aws4 keeps
 * the key as a Buffer, and Node 24's createHmac first tries a Buffer as a
 * KeyObject and a CryptoKey (internal checks that fail slowly): 9.7 us an
 * HMAC against 1.4 with a KeyObject, and in place, on a warm rate request's
 * two signatures, about 6 % of the request. Everything else (the canonical
 * request, the string to sign, headers, presigned queries) is aws4's, and
 * the signatures are held to AWS's own implementation
 * (test/unit/aws-signing.test.ts).
 */
class Signer extends aws4.RequestSigner {
  override signature(): string {
    const key = signingKey(this.credentials.secretAccessKey!, this.getDate(), this.region, this.service);
    return createHmac('sha256', key).update(this.stringToSign(), 'utf8').digest('hex');
  }
}

/** The request `call` describes, signed (SigV4). */
export const signed = (call: SignedCall): HttpRequest => {
  const { endpoint } = call;
  const options = new Signer(
    {
      service: call.service,
      region: call.region,
      method: call.method,
      path: call.path,
      host: endpoint.host,
      headers: { ...call.headers, Host: endpoint.host },
      ...(call.body === undefined ? {} : { body: call.body }),
      ...(call.signQuery ? { signQuery: true } : {}),
    },
    call.credentials,
  ).sign();
  return {
    protocol: endpoint.protocol === 'http:' ? 'http:' : 'https:',
    hostname: endpoint.hostname.replace(/^\[|\]$/g, ''),
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    method: call.method,
    path: options.path ?? call.path,
    headers: options.headers as Record<string, string>,
    ...(call.body === undefined ? {} : { body: call.body }),
  };
};

/**
 * Sends the request `build` makes for each attempt (signed anew: the
 * signature carries the time), reads the answer with `read`, and retries as
 * described above. `read` throws an AwsServiceError for an error answer.
 */
export const withRetries = async <T>(
  build: () => Promise<HttpRequest>,
  read: (response: HttpResponse) => T,
  options: { handler: RequestHandler; limits: ClientLimits; sleep?: (ms: number) => Promise<void> },
): Promise<T & { $metadata: AwsServiceError['$metadata'] }> => {
  const sleep = options.sleep ?? wait;
  let totalRetryDelay = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await options.handler.handle(await build(), options.limits);
      const out = read(response);
      const requestId = firstHeader(response.headers, 'x-amzn-requestid') ?? firstHeader(response.headers, 'x-amz-request-id');
      return { ...out, $metadata: { httpStatusCode: response.statusCode, requestId, attempts: attempt, totalRetryDelay } };
    } catch (error) {
      if (attempt >= options.limits.maxAttempts || !isRetryable(error)) {
        if (error instanceof AwsServiceError) {
          error.$metadata.attempts = attempt;
          error.$metadata.totalRetryDelay = totalRetryDelay;
        }
        throw error;
      }
      const wait = retryDelayMs(error, attempt);
      totalRetryDelay += wait;
      await sleep(wait);
    }
  }
};

/**
 * One call to `service`: the request `describe` gives for the region, signed
 * anew for each attempt with the environment's region and credentials (read
 * then, so renewed ones are used at once), its answer read by `read`, retried
 * as `withRetries` does.
 */
export const sendSigned = <T>(
  service: string,
  settings: AwsSettings,
  describe: (region: string) => Omit<SignedCall, 'service' | 'region' | 'credentials'>,
  read: (response: HttpResponse) => T,
  options: { handler: RequestHandler; limits: ClientLimits },
) =>
  withRetries(
    async () => {
      const region = regionOf(settings);
      return signed({ service, region, ...describe(region), credentials: await credentialsOf(settings) });
    },
    read,
    options,
  );

export const firstHeader = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export type MiddlewareContext = { clientName: string; commandName: string };
export type MiddlewareArgs = { input: Record<string, unknown> };
export type MiddlewareResult = { output: Record<string, unknown> };
export type Middleware = (
  next: (args: MiddlewareArgs) => Promise<MiddlewareResult>,
  context: MiddlewareContext,
) => (args: MiddlewareArgs) => Promise<MiddlewareResult>;
type MiddlewareOptions = { name?: string; step?: string; priority?: 'high' | 'normal' | 'low'; override?: boolean };

const PRIORITY = { high: 0, normal: 1, low: 2 } as const;

/** The part of the SDK's middleware stack the service and its benches use; every middleware wraps the whole call (retries included). */
export class MiddlewareStack {
  private entries: Array<{ middleware: Middleware; name?: string; priority: number }> = [];

  add(middleware: Middleware, options: MiddlewareOptions = {}): void {
    if (options.name && this.entries.some((e) => e.name === options.name)) {
      if (!options.override) throw new Error(`a middleware named ${options.name} is already in the stack`);
      this.remove(options.name);
    }
    this.entries.push({ middleware, ...(options.name ? { name: options.name } : {}), priority: PRIORITY[options.priority ?? 'normal'] });
    this.entries.sort((a, b) => a.priority - b.priority);
  }

  remove(name: string): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.name !== name);
    return this.entries.length < before;
  }

  identify(): string[] {
    return this.entries.map((e) => `${e.name ?? 'anonymous'} - initialize`);
  }

  /** `handler` wrapped by every middleware, the first added (of the highest priority) outermost. */
  resolve(handler: (args: MiddlewareArgs) => Promise<MiddlewareResult>, context: MiddlewareContext): (args: MiddlewareArgs) => Promise<MiddlewareResult> {
    return this.entries.reduceRight((next, entry) => entry.middleware(next, context), handler);
  }
}
