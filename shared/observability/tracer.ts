/**
 * Tracing without the X-Ray SDK (docs/decisions.md, "Tracing"; issue 35).
 *
 * Lambda's active tracing (lib/project-function.ts, `Tracing.ACTIVE`) records
 * the platform's segments: API Gateway, the Lambda service and the function
 * with its Init (cold start) and Invocation. What the Powertools Tracer added
 * on top, a subsegment per DynamoDB, S3 and carrier call, is recorded here
 * as one structured log line per invocation, `trace`, that carries the
 * invocation's `xray_trace_id` (Powertools' logger writes it on every line
 * from `_X_AMZN_TRACE_ID`), so a trace found in X-Ray leads to its line in
 * the logs and back:
 *
 *   {"message":"trace","xray_trace_id":"1-…","requestId":"…","function":"rate","companyId":"…",
 *    "status":200,"durationMs":41.2,"sampled":true,
 *    "calls":[{"service":"DynamoDB","operation":"GetItem","resource":"<table>","at":0.4,"ms":3.1,"outcome":"ok","attempts":1},
 *             {"service":"carrier","carrier":"CARRIERX","operation":"rate","at":4.0,"ms":301.5,"outcome":"answered"}, …]}
 *
 * `at` is when the call started, in ms from the invocation's start; `ms` its
 * latency (retries included, `attempts` says how many); `outcome` is `ok` or
 * the SDK error's name for an AWS call, the fan-out's outcome for a carrier
 * (`answered`, `refused`, `timeout`, `error`, `unavailable`). Past
 * MAX_LISTED_CALLS the calls are summed per service and operation
 * (`moreCalls`: count, ms, failed). The line is
 * written when X-Ray sampled the invocation (`Sampled=1`: the trace exists,
 * and so does its line; about what X-Ray used to record, at the same rate),
 * and for every invocation in which a call failed (a carrier timeout or error,
 * an AWS fault or throttle), sampled or not, then as a warning.
 *
 * Why not the Tracer: it loads aws-xray-sdk-core, whose cls-hooked context
 * installs a process-wide async hook that made promise-heavy code about ten
 * times slower, and its load added 11–14 ms to every function's first
 * request (docs/performance.md, "Observability"). Nothing here installs an
 * async hook: the record is the running invocation's (./invocation.ts,
 * AsyncLocalStorage over Node 24's AsyncContextFrame), so invocations that
 * interleave in one process each trace their own calls, and the AWS clients
 * are timed by a middleware of their own stack (`traced`).
 *
 * On in Lambda (AWS_EXECUTION_ENV) unless POWERTOOLS_TRACE_ENABLED=false
 * (the name Powertools used, kept), off in tests, the local runtime and the
 * admin CLI, where nothing is recorded and the clients are left as they are.
 */
import type { MiddlewareObj } from '@middy/core';
import { config, type ConfigValues } from '../config';
import { currentInvocation } from './invocation';
import { logger } from './logger';

type TraceSettings = Pick<ConfigValues, 'traceEnabledSwitch' | 'executionEnv' | 'samLocal'>;

/** Powertools' rule (Tracer.setTracingEnabled): on in Lambda, off with POWERTOOLS_TRACE_ENABLED=false, under SAM local and Amplify's mock. */
export const tracingEnabled = (settings: TraceSettings = config): boolean =>
  settings.traceEnabledSwitch?.toLowerCase() !== 'false' &&
  Boolean(settings.executionEnv) &&
  settings.executionEnv !== 'AWS_Lambda_amplify-mock' &&
  !settings.samLocal;

/** X-Ray's trace header as Lambda sets it in `_X_AMZN_TRACE_ID` for each invocation: `Root=1-…;Parent=…;Sampled=1`. */
export const traceSampled = (header: string | undefined): boolean => /(?:^|;)\s*Sampled=1(?:;|$)/.test(header ?? '');

/** One dependency call of an invocation, as the `trace` line lists it. */
export type TracedCall = {
  /** `DynamoDB`, `S3`, `SESv2`, … for an AWS call; `carrier` for a carrier's. */
  service: string;
  /** The SDK command without `Command` (`GetItem`), or the carrier operation (`rate`, `call`). */
  operation: string;
  /** The table or bucket of an AWS call. */
  resource?: string;
  /** The carrier of a carrier call. */
  carrier?: string;
  /** Started, ms after the invocation's start. */
  at: number;
  ms: number;
  outcome: string;
  /** Attempts of an AWS call, retries included. */
  attempts?: number;
  /** A failure worth a line even when unsampled: a carrier timeout or error, an AWS fault or throttle. */
  failed?: true;
};

/**
 * Calls listed one by one in a trace line; the rest of a long invocation (the
 * tracking dispatcher sends thousands of SQS batches) is summed per service
 * and operation in `moreCalls`, so a line stays far below CloudWatch's 256 KB
 * per event.
 */
export const MAX_LISTED_CALLS = 50;

type CallTotals = Record<string, { count: number; ms: number; failed: number }>;
/** One invocation's calls; the invocation's (./invocation.ts) while tracing is on, from `beginInvocation` to `endInvocation`. */
export type TraceRecord = { started: number; sampled: boolean; failed: boolean; calls: TracedCall[]; more: CallTotals };

const tenths = (ms: number): number => Math.round(ms * 10) / 10;

/** Records a call that started at `started` (performance.now()) and ended now; nothing when no invocation is traced. `call` is kept (given its `at` and `ms`), not copied. */
export const recordCall = (started: number, call: Omit<TracedCall, 'at' | 'ms'>): void => {
  const invocation = currentInvocation().trace;
  if (!invocation) return;
  const ms = tenths(performance.now() - started);
  if (call.failed) invocation.failed = true;
  if (invocation.calls.length < MAX_LISTED_CALLS) {
    const listed = call as TracedCall;
    listed.at = tenths(started - invocation.started);
    listed.ms = ms;
    invocation.calls.push(listed);
    return;
  }
  const key = `${call.service === 'carrier' ? `carrier ${call.carrier ?? ''}` : call.service} ${call.operation}`;
  const totals = (invocation.more[key] ??= { count: 0, ms: 0, failed: 0 });
  totals.count += 1;
  totals.ms = tenths(totals.ms + ms);
  if (call.failed) totals.failed += 1;
};

/** Starts the invocation's record (when tracing is on). */
export const beginInvocation = (settings: TraceSettings & Pick<ConfigValues, 'xrayTraceHeader'> = config): void => {
  currentInvocation().trace = tracingEnabled(settings)
    ? { started: performance.now(), sampled: traceSampled(settings.xrayTraceHeader), failed: false, calls: [], more: {} }
    : undefined;
};

/** Ends it: the `trace` line when sampled or a call failed (see above). */
export const endInvocation = (status?: number): void => {
  const scope = currentInvocation();
  const invocation = scope.trace;
  scope.trace = undefined;
  if (!invocation || !(invocation.sampled || invocation.failed)) return;
  const line = {
    ...(status === undefined ? {} : { status }),
    durationMs: tenths(performance.now() - invocation.started),
    sampled: invocation.sampled,
    calls: invocation.calls,
    ...(Object.keys(invocation.more).length > 0 ? { moreCalls: invocation.more } : {}),
  };
  if (invocation.failed) logger.warn('trace', line);
  else logger.info('trace', line);
};

/**
 * The middy middleware of every handler (shared/http/handler.ts, the batch
 * handlers, the scheduled ones): records the invocation. Placed after the
 * logger's middlewares, so the `trace` line is written with the request's
 * keys (requestId, function, companyId) before they are reset.
 */
export const traceInvocation = (): MiddlewareObj => ({
  before: async () => beginInvocation(),
  after: async (request) => endInvocation((request.response as { statusCode?: number } | undefined)?.statusCode),
  onError: async (request) => endInvocation((request.response as { statusCode?: number } | undefined)?.statusCode ?? 500),
});

type SdkError = { name?: string; $fault?: string; $metadata?: { httpStatusCode?: number; attempts?: number }; $retryable?: { throttling?: boolean } };
type SdkContext = { clientName?: string; commandName?: string };
type SdkArgs = { input?: { TableName?: unknown; Bucket?: unknown; RequestItems?: unknown } };
type SdkOutput = { output?: { $metadata?: { attempts?: number } } };

/** The name of the timing middleware in a client's stack. */
export const CALL_TIMER_MIDDLEWARE = 'traceCallTimer';

/** `DynamoDBClient` -> `DynamoDB`, `GetItemCommand` -> `GetItem`: a client has a handful of each, so each is worked out once. */
const shortNames = new Map<string, string>();
const shortName = (name: string, suffix: RegExp): string => {
  let short = shortNames.get(name);
  if (short === undefined) shortNames.set(name, (short = name.replace(suffix, '')));
  return short;
};

/** A call as the trace line lists it, its fields in the line's order. */
const awsCall = (
  service: string,
  operation: string,
  resource: string | undefined,
  outcome: string,
  attempts: number | undefined,
  failed: boolean,
): Omit<TracedCall, 'at' | 'ms'> => {
  const call: Omit<TracedCall, 'at' | 'ms'> = resource ? { service, operation, resource, outcome } : { service, operation, outcome };
  if (attempts) call.attempts = attempts;
  if (failed) call.failed = true;
  return call;
};

const callTimer =
  (next: (args: SdkArgs) => Promise<SdkOutput>, context: SdkContext) =>
  async (args: SdkArgs): Promise<SdkOutput> => {
    if (!currentInvocation().trace) return next(args);
    const started = performance.now();
    const service = shortName(context.clientName ?? 'AWS', /Client$/);
    const operation = shortName(context.commandName ?? 'unknown', /Command$/);
    const input = args.input;
    // The table or bucket; a batch's tables, joined.
    const target =
      input?.TableName ??
      input?.Bucket ??
      (input?.RequestItems && typeof input.RequestItems === 'object' ? Object.keys(input.RequestItems).join(',') : undefined);
    const resource = typeof target === 'string' && target ? target : undefined;
    try {
      const result = await next(args);
      recordCall(started, awsCall(service, operation, resource, 'ok', result.output?.$metadata?.attempts, false));
      return result;
    } catch (error) {
      const e = (error ?? {}) as SdkError;
      const status = e.$metadata?.httpStatusCode;
      // A fault (5xx, no answer at all) or a throttle; a 4xx such as a failed condition is the API answering.
      const failed = e.$fault === 'server' || status === undefined || status >= 500 || e.$retryable?.throttling === true;
      recordCall(started, awsCall(service, operation, resource, e.name ?? 'Error', e.$metadata?.attempts, failed));
      throw error;
    }
  };

type WithMiddlewareStack = {
  middlewareStack: { add(middleware: never, options: { step: 'initialize'; name: string; priority: 'high'; override: boolean }): void };
};

/**
 * The client with a middleware that times each of its calls into the
 * invocation's `trace` line when tracing is on; the client as it is otherwise.
 * Outermost (`initialize`, high priority), so a call's time includes its
 * retries.
 */
export const traced = <T>(client: T): T => {
  if (tracingEnabled()) {
    (client as WithMiddlewareStack).middlewareStack.add(callTimer as never, {
      step: 'initialize',
      name: CALL_TIMER_MIDDLEWARE,
      priority: 'high',
      override: true,
    });
  }
  return client;
};
