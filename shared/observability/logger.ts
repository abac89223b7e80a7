/**
 * One structured logger per container (./log-lines.ts: Powertools Logger's
 * line format, written by the service), created on first use.
 * The HTTP layer (shared/http/handler.ts) adds the Lambda context (function,
 * cold start, AWS request id) with `injectLambdaContext` below, then the request id
 * and, once authenticated, the company and key id. Context and keys are the
 * running invocation's (./invocation.ts): invocations that interleave in one
 * process (the local runtime runs every function side by side) each write
 * theirs, and one's end never clears another's.
 *
 * Nothing logs request headers or bodies. As a second line, every log line
 * passes `redact` on its way to JSON: API keys, SHA-256 hex digests (key
 * hashes) and e-mail addresses become placeholders wherever they appear, in a
 * message, an attribute or an error's message and stack. An error's stack is
 * first mapped through the bundle's source map (shared/observability/source-maps.ts), so
 * function logs show source files and lines without `--enable-source-maps`.
 */
import type { MiddlewareObj } from '@middy/core';
import { config, type ConfigValues } from '../config';
import { lazy } from '../lazy';
import { currentInvocation } from './invocation';
import { holdLines, releaseLines } from './log-output';
import { LineLogger, type LambdaContextFields, type LineLoggerOptions } from './log-lines';
import { sourceMapStack } from './source-maps';

export const SERVICE_NAME = 'shipping-api';

/** Anything shaped like an API key (any prefix, even a mistyped key), a SHA-256 hex digest, an e-mail address. */
const SECRETS: ReadonlyArray<[RegExp, string]> = [
  [/[a-z][a-z0-9]{0,15}_api_[0-9a-z]{8,}/gi, '[api key]'],
  [/[0-9a-f]{64}/gi, '[hash]'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi, '[e-mail]'],
];

/**
 * Whether one of SECRETS may match `text`: each pattern's match holds one of
 * these (a 64-digit run, `_api_` and 8 key characters, `@host.x`), and each of
 * those a character looked for first, so a string without them (most strings
 * of a line: codes, ids, times) is left as it is after a few `includes`
 * instead of three replace calls.
 */
const HEX_RUN = /[0-9a-f]{64}/i;
const KEY_MARK = /_api_[0-9a-z]{8}/i;
const ADDRESS_TAIL = /@[a-z0-9-]+\.[a-z0-9-]/i;
const mayHoldSecret = (text: string): boolean =>
  (text.length >= 64 && HEX_RUN.test(text)) || (text.includes('_') && KEY_MARK.test(text)) || (text.includes('@') && ADDRESS_TAIL.test(text));

/**
 * Attributes whose string value is a secret or an address whatever it looks
 * like; the names carrier credentials go by (`clientSecret`, `password`)
 * included, should a carrier connector ever log what it was given.
 */
const SECRET_NAMES = /^(x-api-key|api[-_]?key|key[-_]?hash|authorization)$|e-?mail|secret|passw(or)?d/i;

/**
 * SECRET_NAMES' answer per attribute name, kept: a trace line asks it of the
 * same few names (service, operation, outcome, ...) about 35 times, and the
 * expression took about a third of `redact`'s time on one. Names past
 * SECRET_NAME_MEMO (free-form keys, should any be logged) are asked each time.
 */
const SECRET_NAME_MEMO = 512;
const secretNames = new Map<string, boolean>();
const isSecretName = (key: string): boolean => {
  let secret = secretNames.get(key);
  if (secret === undefined) {
    secret = SECRET_NAMES.test(key);
    if (secretNames.size < SECRET_NAME_MEMO) secretNames.set(key, secret);
  }
  return secret;
};

/** JSON replacer of every log line (Powertools calls it before its own Error handling, and again on the error's fields). */
export const redact = (key: string, value: unknown): unknown => {
  if (value instanceof Error) sourceMapStack(value);
  if (typeof value !== 'string') return value;
  if (key !== '' && isSecretName(key)) return '[redacted]';
  if (!mayHoldSecret(value)) return value;
  return SECRETS.reduce((text, [pattern, placeholder]) => text.replace(pattern, placeholder), value);
};

/** Whether `redact` returns this string, the value of `key`, as it is (./log-lines.ts writes a line of such strings without the replacer). */
export const keepsString = (key: string, value: string): boolean => (key === '' || !isSecretName(key)) && !mayHoldSecret(value);

/**
 * Attribute names the line keeps for itself (Powertools' `ReservedKeys`): an
 * attribute of one of these names is dropped, with a warning line of its own.
 */
export const RESERVED_LOG_KEYS = ['level', 'message', 'sampling_rate', 'service', 'timestamp'] as const;
/** Written on every line from the Lambda context and the trace: an attribute of one of these names would replace them. */
export const CONTEXT_LOG_KEYS = [
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
  'xray_trace_id',
  'tenant_id',
] as const;

/** The attributes of a log line, by any name but those above (the type checker refuses `{ message }`). */
export type LogAttributes = Record<string, unknown> & { [key in (typeof RESERVED_LOG_KEYS)[number] | (typeof CONTEXT_LOG_KEYS)[number]]?: never };

/**
 * The one logging port of the services and the rating fan-out: what they are
 * given to log with. Structurally a Powertools Logger, so a handler passes
 * `logger` (below); a test passes a recorder of the lines.
 */
export type LogPort = {
  info(message: string, attributes: LogAttributes): void;
  warn(message: string, attributes: LogAttributes): void;
  error(message: string, attributes: LogAttributes): void;
};

export type Logger = LineLogger;

/** A logger of its own context and keys, at `settings`' level (tests, tools). */
export const createLogger = (settings: Pick<ConfigValues, 'logLevel' | 'nodeEnv'> = config, scope?: LineLoggerOptions['scope']): Logger =>
  new LineLogger({
    serviceName: SERVICE_NAME,
    logLevel: settings.logLevel ?? (settings.nodeEnv === 'test' ? 'SILENT' : 'INFO'),
    jsonReplacerFn: redact,
    keepsString,
    ...(scope ? { scope } : {}),
  });

/** The container's logger, whose context and keys are the running invocation's. */
export const logger: Logger = /* @__PURE__ */ lazy(() => createLogger(config, () => currentInvocation().log));

/**
 * The middy middleware that gives the logger each invocation's Lambda
 * context (and with it the container's cold start), and clears the keys the
 * invocation appended when it ends, however it ends, and at its start too,
 * should an earlier one have ended without its middlewares. What Powertools'
 * `injectLambdaContext(logger, { resetKeys: true })` did; the event is never
 * logged. Between its start and its end the invocation's stdout lines are
 * held and written together (./log-output.ts).
 */
export const injectLambdaContext = (target: Logger = logger): MiddlewareObj<unknown, unknown, Error, LambdaContextFields> => ({
  before: (request) => {
    holdLines();
    target.resetKeys();
    target.addContext(request.context);
  },
  after: () => {
    target.resetKeys();
    releaseLines();
  },
  onError: () => {
    target.resetKeys();
    releaseLines();
  },
});
