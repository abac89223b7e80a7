/**
 * One structured logger per container (Powertools), created on first use.
 * The HTTP layer (shared/http/handler.ts) adds the Lambda context (function,
 * cold start, AWS request id) with `injectLambdaContext`, then the request id
 * and, once authenticated, the company and key id.
 *
 * Nothing logs request headers or bodies. As a second line, every log line
 * passes `redact` on its way to JSON: API keys, SHA-256 hex digests (key
 * hashes) and e-mail addresses become placeholders wherever they appear, in a
 * message, an attribute or an error's message and stack. An error's stack is
 * first mapped through the bundle's source map (shared/source-maps.ts), so
 * function logs show source files and lines without `--enable-source-maps`.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { lazy } from './lazy';
import { sourceMapStack } from './source-maps';

export const SERVICE_NAME = 'shipping-api';

type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

/** Anything shaped like an API key (any prefix, even a mistyped key), a SHA-256 hex digest, an e-mail address. */
const SECRETS: ReadonlyArray<[RegExp, string]> = [
  [/[a-z][a-z0-9]{0,15}_api_[0-9a-z]{8,}/gi, '[api key]'],
  [/[0-9a-f]{64}/gi, '[hash]'],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi, '[e-mail]'],
];

/**
 * Attributes whose string value is a secret or an address whatever it looks
 * like; the names carrier credentials go by (`clientSecret`, `password`)
 * included, should a carrier connector ever log what it was given.
 */
const SECRET_NAMES = /^(x-api-key|api[-_]?key|key[-_]?hash|authorization)$|e-?mail|secret|passw(or)?d/i;

/** JSON replacer of every log line (Powertools calls it before its own Error handling, and again on the error's fields). */
export const redact = (key: string, value: unknown): unknown => {
  if (value instanceof Error) sourceMapStack(value);
  if (typeof value !== 'string') return value;
  if (key !== '' && SECRET_NAMES.test(key)) return '[redacted]';
  return SECRETS.reduce((text, [pattern, placeholder]) => text.replace(pattern, placeholder), value);
};

export const createLogger = (env: NodeJS.ProcessEnv = process.env): Logger =>
  new Logger({
    serviceName: SERVICE_NAME,
    logLevel: (env.LOG_LEVEL as LogLevel | undefined) ?? (env.NODE_ENV === 'test' ? 'SILENT' : 'INFO'),
    jsonReplacerFn: redact,
  });

export const logger: Logger = /* @__PURE__ */ lazy(() => createLogger());
