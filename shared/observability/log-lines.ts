/**
 * The service's structured logger: one JSON line per call, in the format of
 * Powertools Logger (its PowertoolsLogFormatter) as the service used it
 * until 2026-11-26, key for key and in the same order, so CloudWatch Logs
 * Insights queries, metric filters and the dashboard read the lines as
 * before. test/unit/log-lines.test.ts writes the same calls through this
 * logger and through Powertools Logger and compares the text.
 *
 * A line: `level`, `message`, `timestamp`, `service`, the Lambda context
 * once `addContext` has been given it (`cold_start`, `function_arn`,
 * `function_memory_size`, `function_name`, `function_request_id`),
 * `sampling_rate`, `xray_trace_id` (the `Root` of the invocation's trace
 * header), `tenant_id`, then the keys appended for the invocation, then the
 * call's attributes. Top-level values that are undefined, null or '' are left
 * out; an Error anywhere becomes `{ name, location, message, stack, cause,
 * …its own fields }`; an attribute named `level`, `message`,
 * `sampling_rate`, `service` or `timestamp` is dropped with a warning line.
 * DEBUG and INFO lines go to stdout, WARN and ERROR to stderr, as
 * Powertools' console writes them (through ./log-output.ts, which holds an
 * invocation's stdout lines and writes them together).
 *
 * Why not Powertools Logger itself: its path from a call to a written line
 * (its attribute stores, deep merge, the checks before printing, its
 * replacer, a Console) took about 50 us for a warm rate request's trace line
 * in place, against about 20 us for the same line here; with the request
 * line, most of what observability cost a warm rate request. What Powertools
 * offers beyond this (log buffering, debug sampling, correlation ids, log
 * events, pretty printing in dev mode) the service does not use.
 */

import { config } from '../config';
import { writeStderr, writeStdout } from './log-output';

/** Powertools' level numbers. */
const LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 } as const;
export type LogLevelName = keyof typeof LEVELS;

/** Attribute names the line keeps for itself. */
const RESERVED = new Set(['level', 'message', 'sampling_rate', 'service', 'timestamp']);
/** Attribute names Powertools' merge skips without a word (they would reach an object's prototype). */
const UNSAFE = new Set(['__proto__', 'constructor']);

/** What a line takes from the Lambda context. */
export type LambdaContextFields = {
  functionName?: string;
  invokedFunctionArn?: string;
  memoryLimitInMB?: string | number;
  awsRequestId?: string;
  functionVersion?: string;
  tenantId?: string;
};

export type LineLoggerOptions = {
  serviceName: string;
  /** A level name (any case); anything else is INFO. */
  logLevel?: string;
  /** Runs on every key and value on the way to JSON, before an Error is formatted. */
  jsonReplacerFn?: (key: string, value: unknown) => unknown;
  /**
   * Whether `jsonReplacerFn` returns this string, the value of `key` (an
   * array element's index as text), as it is. Given, a line in which every
   * value is plain (see `plainLine`) is written by JSON.stringify without the
   * replacer, which gives the same text; without it, every line passes the
   * replacer.
   */
  keepsString?: (key: string, value: string) => boolean;
  /**
   * Where the Lambda context and the appended keys live: the running
   * invocation's (./logger.ts, ./invocation.ts), so invocations that
   * interleave keep theirs apart. Without it, the logger's own.
   */
  scope?: () => LogScope;
};

/** The context and keys on every line of a logger (or of the invocation it writes for). */
export type LogScope = { context: (LambdaContextFields & { coldStart: boolean }) | undefined; keys: Record<string, unknown> };

type AwsLambdaGlobal = { awslambda?: { InvokeStore?: { getXRayTraceId?: () => string | undefined } } };

/** The last header read and its `Root`: every line of an invocation reads the same one. */
let lastHeader = '';
let lastRoot: string | undefined;

/** The `Root` of the invocation's trace header, as Powertools reads it. */
const xrayTraceId = (): string | undefined => {
  const header = (globalThis as AwsLambdaGlobal).awslambda?.InvokeStore?.getXRayTraceId?.() ?? config.xrayTraceHeader?.trim() ?? '';
  if (header !== lastHeader) {
    lastHeader = header;
    lastRoot = rootOf(header);
  }
  return lastRoot;
};

const rootOf = (header: string): string | undefined => {
  if (header === '') return undefined;
  if (!header.includes('=')) return header;
  for (const part of header.split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() === 'Root') return value?.trim();
  }
  return undefined;
};

/** The first `file:line` of a stack, as Powertools writes an error's `location`. */
const codeLocation = (stack: string | undefined): string => {
  if (!stack) return '';
  for (const line of stack.split('\n')) {
    const match = /\(([^()]*?):(\d+?):(\d+?)\)\\?$/.exec(line);
    if (match) return `${match[1]}:${Number(match[2])}`;
  }
  return '';
};

/** An error as Powertools writes it, its causes too (a cause met again along the chain is left out rather than followed for ever). */
const formatError = (error: Error, seen: Error[] = []): Record<string, unknown> => {
  const { name, message, stack, cause } = error;
  const chain = [...seen, error];
  const formatted: Record<string, unknown> = {
    name,
    location: codeLocation(stack),
    message,
    stack,
    cause: cause instanceof Error ? (chain.includes(cause) ? undefined : formatError(cause, chain)) : cause,
  };
  for (const key in error) {
    if (key !== 'name' && key !== 'message' && key !== 'stack' && key !== 'cause') formatted[key] = (error as unknown as Record<string, unknown>)[key];
  }
  return formatted;
};

/**
 * `line` without its undefined, null and '' values: copied rather than
 * cleared of them, since a deleted key turns the object into a dictionary,
 * which JSON.stringify walks several times slower.
 */
const withoutEmpty = (line: Record<string, unknown>): Record<string, unknown> => {
  let empty = false;
  for (const key in line) {
    const value = line[key];
    if (value === undefined || value === null || value === '') empty = true;
  }
  if (!empty) return line;
  const kept: Record<string, unknown> = {};
  for (const key in line) {
    const value = line[key];
    if (value !== undefined && value !== null && value !== '') kept[key] = value;
  }
  return kept;
};

/**
 * Nesting below which `plain` looks: a deeper line (or a cycle) passes the
 * replacer, which drops a circular reference.
 */
const PLAIN_DEPTH = 12;

/**
 * Whether the replacer below would leave `value` (held under `key`) and
 * everything in it as it is: numbers, booleans, strings the service's
 * replacer keeps, and plain objects and arrays of those, with no Error,
 * bigint, toJSON or other class (Date, Map, a Buffer), no cycle. A line of
 * nothing else is written by JSON.stringify alone, whose own path is about
 * twice as fast as one that calls back into a replacer for every key: a
 * warm rate request's trace line is such a line (ids, names, numbers), and
 * was the largest part of what observability cost it (docs/performance.md).
 */
const plain = (key: string, value: unknown, depth: number, keepsString: (key: string, value: string) => boolean): boolean => {
  switch (typeof value) {
    case 'string':
      return keepsString(key, value);
    case 'number':
    case 'boolean':
    case 'undefined':
    case 'function':
    case 'symbol':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth === 0) return false;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let i = 0; i < value.length; i++) if (!plain(String(i), value[i], depth - 1, keepsString)) return false;
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      const record = value as Record<string, unknown>;
      if (typeof record.toJSON === 'function') return false;
      for (const name in record) if (!plain(name, record[name], depth - 1, keepsString)) return false;
      return true;
    }
    default:
      return false;
  }
};

/** An additional key laid over the base line as Powertools' merge lays it: an undefined value never replaces a base value. */
const merge = (line: Record<string, unknown>, key: string, value: unknown): void => {
  if (value !== undefined || !(key in line)) line[key] = value;
};

export class LineLogger {
  private readonly threshold: number;
  private readonly options: LineLoggerOptions;
  /** Cold starts are told for on-demand containers only, as Powertools tells them. */
  private coldStart: boolean;
  private readonly scope: () => LogScope;

  constructor(options: LineLoggerOptions) {
    this.options = options;
    const name = options.logLevel?.toUpperCase();
    this.threshold = name && Object.hasOwn(LEVELS, name) ? LEVELS[name as LogLevelName] : LEVELS.INFO;
    this.coldStart = config.lambdaInitializationType?.trim() === 'on-demand';
    const own: LogScope = { context: undefined, keys: {} };
    this.scope = options.scope ?? (() => own);
  }

  /** The invocation's Lambda context, on every line from now on; the first one of an on-demand container is its cold start. */
  addContext(context: LambdaContextFields): void {
    const coldStart = this.coldStart;
    this.coldStart = false;
    this.scope().context = {
      invokedFunctionArn: context.invokedFunctionArn,
      coldStart,
      awsRequestId: context.awsRequestId,
      memoryLimitInMB: context.memoryLimitInMB,
      functionName: context.functionName,
      functionVersion: context.functionVersion,
      tenantId: context.tenantId,
    };
  }

  /** Keys on every line until `resetKeys` (the end of the invocation). */
  appendKeys(attributes: Record<string, unknown>): void {
    // The names checked first (a reserved one warned of), then the keys added, as Powertools does:
    // a warning line carries none of the keys of the call that caused it.
    // A key given undefined keeps its value, or takes its place among the keys without one (Powertools' merge).
    const added = Object.keys(attributes).filter((key) => !UNSAFE.has(key) && !this.reserved(key));
    const keys = this.scope().keys;
    for (const key of added) {
      if (attributes[key] !== undefined || !Object.hasOwn(keys, key)) keys[key] = attributes[key];
    }
  }

  resetKeys(): void {
    this.scope().keys = {};
  }

  debug(message: string, attributes?: Record<string, unknown>): void {
    this.write('DEBUG', message, attributes);
  }

  info(message: string, attributes?: Record<string, unknown>): void {
    this.write('INFO', message, attributes);
  }

  warn(message: string, attributes?: Record<string, unknown>): void {
    this.write('WARN', message, attributes);
  }

  error(message: string, attributes?: Record<string, unknown>): void {
    this.write('ERROR', message, attributes);
  }

  private reserved(key: string): boolean {
    if (!RESERVED.has(key)) return false;
    this.warn(`The key "${key}" is a reserved key and will be dropped.`);
    return true;
  }

  private write(level: LogLevelName, message: string, attributes?: Record<string, unknown>): void {
    if (LEVELS[level] < this.threshold) return;
    const text = `${this.wholeLine(level, message, attributes)}\n`;
    if (LEVELS[level] >= LEVELS.WARN) writeStderr(text);
    else writeStdout(text);
  }

  /** The line built whole: its fields merged (Powertools' rules), its empty values left out, then JSON. */
  private wholeLine(level: LogLevelName, message: string, attributes?: Record<string, unknown>): string {
    const { context, keys } = this.scope();
    const line: Record<string, unknown> = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.options.serviceName,
      cold_start: context?.coldStart,
      function_arn: context?.invokedFunctionArn,
      function_memory_size: context?.memoryLimitInMB,
      function_name: context?.functionName,
      function_request_id: context?.awsRequestId,
      sampling_rate: 0,
      xray_trace_id: xrayTraceId(),
      tenant_id: context?.tenantId,
    };
    // The keys, then the call's attributes, each replacing the last (undefined too), over the base ones.
    // A key left undefined takes no place among them (an attribute left undefined still clears a key: Powertools' merge).
    const additional: Record<string, unknown> = {};
    for (const key in keys) {
      if (keys[key] !== undefined) additional[key] = keys[key];
    }
    if (attributes) {
      for (const key of Object.keys(attributes)) {
        if (!UNSAFE.has(key) && !this.reserved(key)) additional[key] = attributes[key];
      }
    }
    for (const key in additional) merge(line, key, additional[key]);
    const kept = withoutEmpty(line);
    const keepsString = this.options.keepsString;
    if (keepsString && plain('', kept, PLAIN_DEPTH, keepsString)) return JSON.stringify(kept);
    return JSON.stringify(kept, this.replacer());
  }

  /** Powertools' replacer: the service's first, then an Error formatted, a bigint as text, a circular reference dropped. */
  private replacer(): (this: unknown, key: string, value: unknown) => unknown {
    const ancestors: unknown[] = [];
    const own = this.options.jsonReplacerFn;
    return function (this: unknown, key: string, value: unknown) {
      let replaced = own ? own(key, value) : value;
      if (replaced instanceof Error) replaced = formatError(replaced);
      if (typeof replaced === 'bigint') return replaced.toString();
      if (typeof replaced === 'object' && replaced !== null) {
        while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
        if (ancestors.includes(replaced)) return undefined;
        ancestors.push(replaced);
      }
      return replaced;
    };
  }
}
