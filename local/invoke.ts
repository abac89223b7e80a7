/**
 * `npm run invoke -- <function> [event.json]` (bin/invoke.ts is the thin
 * entry point): runs one function's unchanged `handler`, the one the function list
 * names, in this process with a sample event, against the local stack a
 * running `npm start` serves (DynamoDB Local and s3rver; no Docker).
 *
 * Decisions (docs/local-invoke.md says them to users):
 * - Target: the running `npm start` of DATA_DIR, found as the admin CLI finds
 *   it (`DATA_DIR/runtime.json`, its process alive), with the demo company of
 *   `DATA_DIR/demo.json`. Invoke starts no emulator of its own: the data, the
 *   demo key, the stream poller that sends e-mails of the orders invoke
 *   creates, all live in that runtime, and a second DynamoDB Local on the same
 *   files would fight it. Without one it says so, with `npm start`, and exits 1.
 *   It never falls back to a deployed stage (TABLE_NAME): invoke is local only.
 * - The sample events stay valid Lambda events (so `sam local invoke -e`
 *   takes them) and carry placeholders that invoke fills (PLACEHOLDERS):
 *   the demo key; a fresh rate response (events/rate.json run through the
 *   rate handler); a fresh order of the demo company (rate, then ship, through
 *   the same handlers); a new order id in the notify sample's stream images,
 *   so its e-mail goes out on every invoke rather than once per stack. A
 *   prerequisite is made only when the event carries its placeholder, so every
 *   sample works on a fresh `npm start` and again on later runs.
 * - A `shippingOptions.shippingDate` outside the window the rate validation
 *   accepts today (shippingDateWindow: 7 days back to 90 ahead, UTC) is moved
 *   to tomorrow, keeping a date-time's time; a date inside it is kept, so a
 *   sample can ask for a given day. Every change is reported as a note.
 * - The handler's answer is printed; the HTTP status is not the exit code
 *   (0 whenever the handler returned: a 4xx is what an error sample is for).
 *   1 when the handler threw, a prerequisite failed or no stack runs; 2 for
 *   bad arguments.
 * - The expected outcome of each sample lives in events/README.md (a table:
 *   the event files must stay plain Lambda events); invoke prints it beside
 *   the actual one, and test/integration/invoke.test.ts holds every sample to it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, DynamoDBBatchResponse, SQSBatchResponse } from 'aws-lambda';
import { useQueue } from '../shared/queues';
import type { BatchMessage } from '../shared/services/batches';
import type { DueCheck } from '../shared/store/tracking-schedule';
import { useDeliveryQueue } from '../shared/webhooks/queue';
import { isoDate, utcDayNumber, dayNumber } from '../shared/domain/dates';
import { shippingDateWindow } from '../shared/domain/rate/validate';
import { FUNCTIONS, type FunctionEntry } from '../shared/functions';
import { listOutbox, type OutboxEntry } from '../shared/notify/outbox';
import { buildContext, requireHandlerLoader } from './api-gateway';
import { applyEnv, runtimeAwsEnv } from './env';
import { dataPaths, isProcessAlive, readDemoFile, readRuntimeFile, resolveDataDir, type DemoFile, type RuntimeFile } from './runtime-files';

export const REPOSITORY_ROOT = path.resolve(__dirname, '..');
export const EVENTS_DIR = path.join(REPOSITORY_ROOT, 'events');
/** Where the expected outcome of every sample is written down. */
export const EXPECTATIONS_FILE = path.join(EVENTS_DIR, 'README.md');

/** What the sample events carry and invoke fills (docs/local-invoke.md, events/README.md). */
export const PLACEHOLDERS = {
  /** The `X-API-Key` of the samples: the demo company's key. Without a key invoke fills none (the 401 samples). */
  apiKey: 'ship_api_00000000000000000000000000000000',
  /** A rate response of the demo company: events/rate.json through the rate handler, its first rate. */
  rateResponseId: '00000000-0000-4000-8000-000000000001',
  /** An order of the demo company (HTTP samples): a fresh rate response shipped through the ship handler. */
  orderId: '00000000-0000-4000-8000-000000000002',
  /** The order of the notify sample's stream images: a new id per invoke (its NOTIFY# markers would let only the first run send). */
  streamOrderId: '00000000-0000-4000-8000-000000000003',
  /** A webhook endpoint of the demo company: events/webhooks-create.json through its handler. */
  webhookId: '00000000-0000-4000-8000-000000000004',
} as const;

/** Bad arguments: exit 2. */
export class InvokeUsageError extends Error {
  override readonly name = 'InvokeUsageError';
}
/** No local stack, a prerequisite that failed, an event that does not fit the function: exit 1. */
export class InvokeError extends Error {
  override readonly name = 'InvokeError';
}

export const INVOKE_USAGE = `Usage: npm run invoke -- <function>[.<case>] [event.json] [options]

Runs the function's handler (shared/functions.ts) in this process with a sample
event, against the running \`npm start\` of DATA_DIR (default .data/).
The event defaults to events/<function>.json; \`rate.no-key\` means
events/rate.no-key.json. Placeholders in the event are filled: the demo API key,
a fresh rateResponseId or orderId of the demo company (made through the rate and
ship handlers), a shipping date moved into the accepted window.

Options:
  --print-event   print the filled event (JSON) instead of invoking the function,
                  e.g. for \`sam local invoke -e\`
  --json          print the handler's result as JSON only
  --list          list the samples of events/ with their expected outcome
  --help

Functions: ${FUNCTIONS.map((f) => f.name).join(', ')}
Exit code: 0 when the handler returned (whatever the HTTP status), 1 when it
threw or no local stack is running, 2 for bad arguments.`;

export type InvokeCommand = { kind: 'help' } | { kind: 'list' } | { kind: 'invoke'; fn: FunctionEntry; eventFile: string; printEvent: boolean; json: boolean };

const functionNamed = (name: string): FunctionEntry => {
  const fn = FUNCTIONS.find((f) => f.name === name);
  if (!fn) throw new InvokeUsageError(`unknown function "${name}"; functions: ${FUNCTIONS.map((f) => f.name).join(', ')}`);
  return fn;
};

/**
 * Parses the arguments after `invoke --`. A relative event path is taken
 * from the directory the user ran npm in (npm runs scripts in the package
 * root and says where it was called from in INIT_CWD).
 */
export const parseInvokeArgs = (argv: string[], env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): InvokeCommand => {
  const flags = new Set(argv.filter((a) => a.startsWith('-')));
  const positionals = argv.filter((a) => !a.startsWith('-'));
  for (const flag of flags) {
    if (!['--print-event', '--json', '--list', '--help', '-h'].includes(flag)) throw new InvokeUsageError(`unknown option ${flag}; see --help`);
  }
  if (flags.has('--help') || flags.has('-h')) return { kind: 'help' };
  if (flags.has('--list')) return { kind: 'list' };
  const [name, file, ...extra] = positionals;
  if (name === undefined) throw new InvokeUsageError('no function given; see --help');
  if (extra.length > 0) throw new InvokeUsageError(`unexpected arguments: ${extra.join(' ')}`);
  const dot = name.indexOf('.');
  const fn = functionNamed(dot < 0 ? name : name.slice(0, dot));
  if (dot >= 0 && file !== undefined) throw new InvokeUsageError(`give either ${name} or an event file, not both`);
  const eventFile = file === undefined ? path.join(EVENTS_DIR, `${name}.json`) : path.resolve(env.INIT_CWD || cwd, file);
  if (!existsSync(eventFile)) {
    const samples = listSamples()
      .filter((s) => s.fn === fn.name)
      .map((s) => s.file);
    throw new InvokeUsageError(`no event file ${eventFile}; samples of ${fn.name}: ${samples.join(', ') || 'none'}`);
  }
  return { kind: 'invoke', fn, eventFile, printEvent: flags.has('--print-event'), json: flags.has('--json') };
};

/** A bare request body (`rate-body.json`, the README's curl body), not an event. */
export const isBareBody = (file: string): boolean => /^[^.]+-body\.json$/.test(file);

/** The sample events in events/: `<function>.json` and `<function>.<case>.json`; a bare `<function>-body.json` is not one. */
export const listSamples = (dir = EVENTS_DIR): Array<{ file: string; fn: string }> =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !isBareBody(file))
    .sort()
    .map((file) => ({ file, fn: file.slice(0, file.indexOf('.')) }));

/**
 * The expected outcome of each sample, from the table of events/README.md:
 * rows "| `<file>` | `<outcome>` | ... |", the outcome written as
 * `describeOutcome` prints it.
 */
export const readExpectations = (file = EXPECTATIONS_FILE): Map<string, string> => {
  const expected = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const row = /^\|\s*`([^`]+\.json)`\s*\|\s*`([^`]+)`\s*\|/.exec(line);
    if (row) expected.set(row[1]!, row[2]!.trim());
  }
  return expected;
};

export type InvokeTarget = { dataDir: string; runtime: RuntimeFile; demo: DemoFile };

/** The running `npm start` of DATA_DIR and its demo company, found as the admin CLI finds it (admin/target.ts resolveAdminTarget). */
export const resolveInvokeTarget = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): InvokeTarget => {
  const dataDir = resolveDataDir(env, cwd);
  const paths = dataPaths(dataDir);
  const runtime = readRuntimeFile(dataDir);
  if (!runtime) {
    throw new InvokeError(
      `no local stack is running for DATA_DIR ${dataDir} (${paths.runtime} does not exist). ` +
        'Start one in another terminal with `npm start` (same DATA_DIR), wait for its banner, then run this again.',
    );
  }
  if (!isProcessAlive(runtime.pid)) {
    throw new InvokeError(
      `${paths.runtime} was left by a local runtime that is no longer running (pid ${runtime.pid}). Start it again with \`npm start\` (same DATA_DIR).`,
    );
  }
  const demo = readDemoFile(dataDir);
  if (!demo) throw new InvokeError(`${paths.demo} does not exist: the local runtime of ${dataDir} has no demo company. Restart \`npm start\` to create one.`);
  return { dataDir, runtime, demo };
};

/**
 * What the handlers need to reach the local stack: the emulators' endpoints
 * and credentials, the table and bucket, and the runtime's outbox, so a
 * status e-mail lands beside the runtime's own (`admin outbox list`) and
 * never goes to SES.
 */
export const invokeEnv = (target: InvokeTarget): Record<string, string | undefined> => ({
  ...runtimeAwsEnv(target.runtime),
  EMAIL_OUTBOX_DIR: outboxOf(target),
  // The carrier accounts' credentials that `admin carrier-account add` wrote for this stack.
  CARRIER_SECRETS_DIR: dataPaths(target.dataDir).carrierSecrets,
  // The key the runtime seals webhook secrets with, and its local URL rules.
  WEBHOOK_SECRET_KEY_FILE: dataPaths(target.dataDir).webhookSecretKey,
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
});

const outboxOf = (target: InvokeTarget) => target.runtime.outboxDir ?? dataPaths(target.dataDir).outbox;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const readEvent = (file: string): Json => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InvokeError(`${file} is not JSON: ${(e as Error).message}`);
  }
  if (!isObject(parsed)) throw new InvokeError(`${file} is not a JSON object (a Lambda event)`);
  return parsed;
};

/** Refuses an event of another trigger (`invoke ship events/rate.json`): the handler would answer nonsense. */
export const assertEventFits = (fn: FunctionEntry, event: Json, file: string): void => {
  const { trigger } = fn;
  const name = path.basename(file);
  if (trigger.kind === 'http' || trigger.kind === 'inbound') {
    if (event.httpMethod !== trigger.method || event.resource !== trigger.path) {
      const got = typeof event.httpMethod === 'string' ? `an event of ${event.httpMethod} ${String(event.resource)}` : 'not an API Gateway proxy event';
      throw new InvokeError(`${name} is ${got}; ${fn.name} takes ${trigger.method} ${trigger.path}`);
    }
  } else if (trigger.kind === 'stream') {
    const records = event.Records;
    if (!Array.isArray(records) || !records.every((r) => isObject(r) && r.eventSource === 'aws:dynamodb')) {
      throw new InvokeError(
        `${name} is not a DynamoDB stream batch ({"Records":[{"eventSource":"aws:dynamodb",...}]}); ${fn.name} is triggered by the table stream`,
      );
    }
  } else if (trigger.kind === 'queue') {
    const records = event.Records;
    if (!Array.isArray(records) || !records.every((r) => isObject(r) && r.eventSource === 'aws:sqs')) {
      throw new InvokeError(
        `${name} is not an SQS batch ({"Records":[{"eventSource":"aws:sqs",...}]}); ${fn.name} takes the messages of queue ${trigger.queue}`,
      );
    }
  } else if (event['detail-type'] !== 'Scheduled Event' || event.source !== 'aws.events') {
    throw new InvokeError(`${name} is not an EventBridge scheduled event ("detail-type": "Scheduled Event"); ${fn.name} runs on a schedule`);
  }
};

/** A date-time keeps its time; a date inside the window is kept. Returns the new value, or undefined when it stays. */
export const shippingDateInWindow = (shippingDate: string, now: Date): string | undefined => {
  const { earliest, latest } = shippingDateWindow(now);
  const day = dayNumber(shippingDate);
  if (Number.isNaN(day) || (day >= dayNumber(earliest) && day <= dayNumber(latest))) return undefined;
  return `${isoDate(utcDayNumber(now) + 1)}${shippingDate.slice(10)}`;
};

/** The body of an API Gateway event with its shipping date moved into today's window; notes what changed. */
const withShippingDateInWindow = (event: Json, now: Date, notes: string[]): Json => {
  if (typeof event.body !== 'string' || event.isBase64Encoded === true) return event;
  let body: unknown;
  try {
    body = JSON.parse(event.body);
  } catch {
    return event; // A malformed body stays malformed: that is what such a sample is for.
  }
  const options = isObject(body) ? body.shippingOptions : undefined;
  if (!isObject(options) || typeof options.shippingDate !== 'string') return event;
  const moved = shippingDateInWindow(options.shippingDate, now);
  if (moved === undefined) return event;
  notes.push(
    `shippingOptions.shippingDate ${options.shippingDate} is outside today's window (${Object.values(shippingDateWindow(now)).join(' to ')}): sent as ${moved}`,
  );
  options.shippingDate = moved;
  return { ...event, body: JSON.stringify(body) };
};

const replaceAll = (event: Json, from: string, to: string): Json => JSON.parse(JSON.stringify(event).split(from).join(to)) as Json;
const carries = (event: Json, placeholder: string) => JSON.stringify(event).includes(placeholder);

export type InvokeOptions = {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  now?: () => Date;
  /** Where notes go as they happen (what invoke filled, the prerequisite calls). */
  note?: (line: string) => void;
};

export type InvokeOutcome =
  | { kind: 'event'; event: Json }
  | { kind: 'http'; result: APIGatewayProxyResult }
  | { kind: 'stream'; result: DynamoDBBatchResponse; emails: OutboxEntry[] }
  | { kind: 'queue'; result: SQSBatchResponse }
  | { kind: 'schedule'; result: unknown };

export type InvokeReport = { fn: FunctionEntry; eventFile: string; event: Json; notes: string[]; outcome: InvokeOutcome };

/**
 * The whole of `npm run invoke` but the printing: finds the local stack,
 * points this process at it, reads the event, fills its placeholders (running
 * the prerequisite calls through the handlers), then runs the function's
 * handler with it, or only returns the filled event (`printEvent`).
 */
export const invoke = async (command: Extract<InvokeCommand, { kind: 'invoke' }>, options: InvokeOptions = {}): Promise<InvokeReport> => {
  const env = options.env ?? process.env;
  const now = options.now ?? (() => new Date());
  const notes: string[] = [];
  const note = (line: string) => {
    notes.push(line);
    options.note?.(line);
  };
  const target = resolveInvokeTarget(env, options.cwd);
  // Before any handler or store module creates its client: they read these on first use.
  applyEnv(invokeEnv(target));
  // The runtime's queue is its own process's: a message a handler sends here is noted, not sent (the delivery is in the table; POST .../retry through the API sends it).
  useDeliveryQueue({
    send: async (messages, delaySeconds) => {
      for (const m of messages) note(`queue message not sent (invoke runs beside the runtime, not in it): delivery ${m.deliveryId}, delay ${delaySeconds} s`);
    },
  });
  // The same for the tracking checks the dispatcher queues: the runtime's own dispatcher queues them for its workers.
  useQueue<DueCheck>('tracking-checks', {
    send: async (messages) => {
      for (const m of messages)
        note(`queue message not sent (invoke runs beside the runtime, not in it): tracking check of order ${m.orderId}, due ${m.dueAt}`);
    },
  });
  // And for batch items: the runtime's own batch worker ships them.
  useQueue<BatchMessage>('batch-items', {
    send: async (messages) => {
      for (const m of messages) note(`queue message not sent (invoke runs beside the runtime, not in it): item ${m.index} of batch ${m.batchId}`);
    },
  });
  const { fn, eventFile } = command;
  const raw = readEvent(eventFile);
  assertEventFits(fn, raw, eventFile);

  const load = requireHandlerLoader(REPOSITORY_ROOT);
  const handlerOf = (entry: FunctionEntry) => load({ name: entry.name, entry: entry.entry, method: entry.trigger.kind, path: '' });
  const contextOf = (entry: FunctionEntry) =>
    buildContext(
      { name: entry.name, entry: entry.entry, method: '', path: '' },
      { awsRequestId: randomUUID(), timeoutMs: 15_000, region: target.runtime.region },
    );

  /** A sample through its handler with the demo key and a valid date: what a prerequisite call needs. */
  const callSample = async (name: string, prepare: (event: Json) => Json = (e) => e): Promise<Json> => {
    const entry = functionNamed(name);
    const event = prepare(
      withShippingDateInWindow(replaceAll(readEvent(path.join(EVENTS_DIR, `${name}.json`)), PLACEHOLDERS.apiKey, target.demo.apiKey), now(), []),
    );
    const result = await handlerOf(entry)(event as unknown as APIGatewayProxyEvent, contextOf(entry));
    if (result.statusCode !== 200 && result.statusCode !== 201)
      throw new InvokeError(`prerequisite ${name} (events/${name}.json) answered ${result.statusCode}: ${result.body}`);
    return (JSON.parse(result.body) as { data: Json }).data;
  };
  const freshRateResponseId = async (): Promise<string> => {
    const rates = (await callSample('rate')).rates as Array<{ rateResponseId: string }> | undefined;
    if (!rates?.[0]) throw new InvokeError('prerequisite rate (events/rate.json) returned no rate');
    return rates[0].rateResponseId;
  };
  const freshOrderId = async (): Promise<string> => {
    const rateResponseId = await freshRateResponseId();
    const order = await callSample('ship', (event) => replaceAll(event, PLACEHOLDERS.rateResponseId, rateResponseId));
    return order.orderId as string;
  };

  let event = replaceAll(raw, PLACEHOLDERS.apiKey, target.demo.apiKey);
  if (carries(raw, PLACEHOLDERS.apiKey)) note(`X-API-Key: the demo key of company ${target.demo.companyId} (${dataPaths(target.dataDir).demo})`);
  if (fn.trigger.kind === 'http') {
    const dateNotes: string[] = [];
    event = withShippingDateInWindow(event, now(), dateNotes);
    dateNotes.forEach(note);
    if (carries(event, PLACEHOLDERS.rateResponseId)) {
      const id = await freshRateResponseId();
      note(`rateResponseId: ${id}, a fresh rate of events/rate.json through the rate handler`);
      event = replaceAll(event, PLACEHOLDERS.rateResponseId, id);
    }
    if (carries(event, PLACEHOLDERS.webhookId)) {
      const id = (await callSample('webhooks-create')).id as string;
      note(`webhookId: ${id}, a fresh endpoint of the demo company (events/webhooks-create.json through its handler)`);
      event = replaceAll(event, PLACEHOLDERS.webhookId, id);
    }
    if (carries(event, PLACEHOLDERS.orderId)) {
      const id = await freshOrderId();
      note(`orderId: ${id}, a fresh order of the demo company (events/rate.json, then events/ship.json, through their handlers)`);
      event = replaceAll(event, PLACEHOLDERS.orderId, id);
    }
  } else if (fn.trigger.kind === 'stream' && carries(event, PLACEHOLDERS.streamOrderId)) {
    const id = randomUUID();
    note(`order ${PLACEHOLDERS.streamOrderId} of the stream images: ${id}, a new id so its e-mails are due again`);
    event = replaceAll(event, PLACEHOLDERS.streamOrderId, id);
  }

  if (command.printEvent) return { fn, eventFile, event, notes, outcome: { kind: 'event', event } };

  // The handler gets a copy: middy's body parser replaces the body of the event it is given, and the report keeps the event as sent.
  const loaded = handlerOf(fn) as unknown as (event: unknown, context: Context) => Promise<unknown>;
  const handler = (sent: Json, context: Context) => loaded(structuredClone(sent), context);
  if (fn.trigger.kind === 'http' || fn.trigger.kind === 'inbound') {
    return { fn, eventFile, event, notes, outcome: { kind: 'http', result: (await handler(event, contextOf(fn))) as APIGatewayProxyResult } };
  }
  if (fn.trigger.kind === 'stream') {
    const outbox = outboxOf(target);
    const orders = new Set(
      (event.Records as Json[]).map((r) => {
        const image = ((r.dynamodb as Json | undefined)?.NewImage ?? {}) as Json;
        return ((image.orderId as Json | undefined)?.S as string | undefined) ?? '';
      }),
    );
    const before = new Set(
      listOutbox(outbox)
        .filter((m) => orders.has(m.orderId))
        .map((m) => `${m.sentAt} ${m.orderId} ${m.status}`),
    );
    const result = (await handler(event, contextOf(fn))) as DynamoDBBatchResponse;
    const emails = listOutbox(outbox).filter((m) => orders.has(m.orderId) && !before.has(`${m.sentAt} ${m.orderId} ${m.status}`));
    return { fn, eventFile, event, notes, outcome: { kind: 'stream', result, emails } };
  }
  if (fn.trigger.kind === 'queue')
    return { fn, eventFile, event, notes, outcome: { kind: 'queue', result: (await handler(event, contextOf(fn))) as SQSBatchResponse } };
  return { fn, eventFile, event, notes, outcome: { kind: 'schedule', result: await handler(event, contextOf(fn)) } };
};

const headerOf = (result: APIGatewayProxyResult, name: string): string | undefined => {
  const found = Object.entries(result.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found === undefined ? undefined : String(found[1]);
};

/** The error code of an HTTP answer's `{"error":{"code"}}` body, if it has one. */
export const errorCodeOf = (result: APIGatewayProxyResult): string | undefined => {
  try {
    const body = JSON.parse(result.body) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One line that says what happened, in the form of events/README.md's
 * "expected" column: `200`, `400 VALIDATION_FAILED`, `batchItemFailures 0,
 * e-mails 1`, `ran`.
 */
export const describeOutcome = (outcome: InvokeOutcome): string => {
  switch (outcome.kind) {
    case 'event':
      return 'event printed';
    case 'http': {
      const code = errorCodeOf(outcome.result);
      return code ? `${outcome.result.statusCode} ${code}` : String(outcome.result.statusCode);
    }
    case 'stream':
      return `batchItemFailures ${outcome.result?.batchItemFailures?.length ?? 0}, e-mails ${outcome.emails.length}`;
    case 'queue':
      return `batchItemFailures ${outcome.result?.batchItemFailures?.length ?? 0}`;
    case 'schedule':
      return 'ran';
  }
};

/** The handler's answer for a reader: status, headers and the body pretty-printed; the batch response and e-mails; the refresh summary. */
export const formatOutcome = (outcome: InvokeOutcome): string => {
  switch (outcome.kind) {
    case 'event':
      return JSON.stringify(outcome.event, null, 2);
    case 'http': {
      const { result } = outcome;
      const lines = [`HTTP ${result.statusCode}`];
      for (const [name, value] of Object.entries(result.headers ?? {})) lines.push(`${name}: ${String(value)}`);
      for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) lines.push(`${name}: ${values.map(String).join(', ')}`);
      lines.push('');
      if (result.isBase64Encoded) lines.push(`(${Buffer.from(result.body, 'base64').length} bytes, base64-encoded)`);
      else if (result.body && /json/i.test(headerOf(result, 'content-type') ?? 'json')) {
        try {
          lines.push(JSON.stringify(JSON.parse(result.body), null, 2));
        } catch {
          lines.push(result.body);
        }
      } else lines.push(result.body || '(no body)');
      return lines.join('\n');
    }
    case 'stream': {
      const lines = [`batch response: ${JSON.stringify(outcome.result)}`, `e-mails written to the outbox: ${outcome.emails.length}`];
      for (const m of outcome.emails) lines.push(`  ${m.status} to ${m.to}: ${m.subject} (order ${m.orderId})`);
      return lines.join('\n');
    }
    case 'queue':
      return `batch response: ${JSON.stringify(outcome.result)}`;
    case 'schedule':
      return `run summary: ${JSON.stringify(outcome.result, null, 2)}`;
  }
};
