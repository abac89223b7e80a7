/**
 * DynamoDB round trips and write units per request, through the real
 * handlers in process against DynamoDB Local:
 *
 * - commands per request, and the longest chain of them that had to wait
 *   for each other (a command that starts after another ended is one step
 *   further down the chain; commands under way together are one step), with
 *   the per-container caches empty (API key and reference data read on every
 *   request) and warm (the TTLs of a deployed stage, lib/stages.ts, second
 *   request of the same caller);
 * - for POST /v1/rate, the write units of what it stores (one per started KB
 *   of each item, shared/store/item-size.ts) against the rates returned, and
 *   the largest stored rate response.
 *
 * Requests run one at a time, so every command recorded between a request's
 * start and its end is that request's.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AttributeValue, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { ddb, type DynamoClient } from '../shared/aws';
import type { Context } from 'aws-lambda';
import { stages } from '../lib/stages';
import { buildContext, buildEvent, manifestRoutes, matchRoute, requireHandlerLoader, type Route } from '../local/api-gateway';
import { applyEnv, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { ensureTableAndBucket } from '../local/provision';
import { startLocalStack } from '../local/stack';
import { clearAuthCache } from '../shared/http/auth';
import type { HttpFunctionName } from '../shared/functions';
import { createApiKey } from '../shared/store/api-keys';
import { createCompany } from '../shared/store/companies';
import { itemSize, writeUnits } from '../shared/store/item-size';
import { clearReferenceCache } from '../shared/store/memo';
import { seedReferenceData } from '../shared/store/seed';
import { sampleRateBody } from '../test/support/rate-body';
import { check, type BenchContext, type BenchPart, type Check } from './checks';
import { table } from './stats';

// The handlers are required as CommonJS; middy 7 is ESM-only.
allowRequireOfEsmOnlyPackages();

/**
 * Targets (issue 8): the longest chain of round trips, caches empty and warm,
 * for rating and the catalog reads. Ship and the label file are measured,
 * not held to them: buying exactly once needs a claim written before the
 * carrier is called and the order written after it (shared/store/orders.ts),
 * and rendering once a marker written before the file; the label list is a
 * read like the catalog's.
 */
const CHAIN_TARGETS: Partial<Record<HttpFunctionName, { empty: number; warm: number }>> = {
  rate: { empty: 3, warm: 2 },
  'packaging-types': { empty: 2, warm: 1 },
  carriers: { empty: 2, warm: 1 },
  'carrier-services': { empty: 2, warm: 1 },
  labels: { empty: 2, warm: 1 },
};
/** Write units of one rate request, beyond one per rate returned (the rate request item itself, with room). */
const RATE_EXTRA_WRITE_UNITS = 2;
const RATE_RESPONSE_MAX_BYTES = 1024;

type Sample = { url: string; body?: unknown };
/** What a sample may do before its request, unrecorded. */
type SampleSetup = { rateResponseId: () => Promise<string>; orderId: () => Promise<string> };

/**
 * The webhook endpoints', the manifests' and the pickups' reads and writes are one partition each (docs/webhooks.md, docs/manifests.md, docs/pickups.md)
 * and are not measured here; the batches' write units per item are measured with their worker (docs/batches.md).
 */
type MeasuredFunction = Exclude<HttpFunctionName, `webhook${string}` | `manifest${string}` | `pickup${string}` | `batch${string}`>;

/** A sample request per HTTP function; the compiler asks for one when a function is added to the manifest. */
const SAMPLES: Record<MeasuredFunction, (setup: SampleSetup) => Promise<Sample>> = {
  'packaging-types': async () => ({ url: '/v1/packaging-types' }),
  carriers: async () => ({ url: '/v1/carriers' }),
  'carrier-services': async () => ({ url: '/v1/carrier-services?carrierCode=CARRIERX' }),
  rate: async () => ({ url: '/v1/rate', body: sampleRateBody() }),
  // A fresh rate response each time: a second ship of one is a replay.
  ship: async (setup) => ({ url: `/v1/ship/${await setup.rateResponseId()}`, body: {} }),
  labels: async (setup) => ({ url: `/v1/labels/${await setup.orderId()}` }),
  // A fresh order each time: the first request renders the file, later ones only presign.
  'label-file': async (setup) => ({ url: `/v1/labels/${await setup.orderId()}/SHIPPING_LABEL_PDF` }),
  // A fresh order each time: never checked, so the read asks the carrier and stores its answer.
  track: async (setup) => ({ url: `/v1/track/${await setup.orderId()}` }),
  // A fresh order each time: a cancelled one only answers again.
  cancel: async (setup) => ({ url: `/v1/shipments/${await setup.orderId()}` }),
  // No carrier of the seed validates addresses: the built-in rules, after the key, company and reference reads.
  'addresses-validate': async () => ({ url: '/v1/addresses/validate', body: { addresses: [sampleRateBody().recipient] } }),
};

export type Recorded = {
  command: string;
  start: number;
  end: number;
  input: Record<string, unknown>;
  /** What DynamoDB (Local) says the command consumed, asked for on writes. */
  capacityUnits?: number;
  /** The ConsumedCapacity entries DynamoDB (Local) returned, as returned (one per table). */
  consumed?: ConsumedCapacity[];
  /** The command's output (document client form), when it succeeded. */
  output?: Record<string, unknown>;
  /** The error's name, when it failed (a false condition, say). */
  error?: string;
};

export const WRITES = new Set(['PutItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand', 'UpdateItemCommand', 'DeleteItemCommand']);

/**
 * Records every command of the document client `client` into `into` (its
 * input, output, timing and the capacity DynamoDB reports), asking for
 * `ReturnConsumedCapacity: capacity(command)` where that gives a level.
 */
export const recordCommands = (
  client: DynamoClient,
  into: Recorded[],
  capacity: (command: string) => 'TOTAL' | 'INDEXES' | undefined,
  name = 'benchRecorder',
): void => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      const input = args.input;
      const level = capacity(command);
      if (level) input.ReturnConsumedCapacity ??= level;
      const entry: Recorded = { command, start: performance.now(), end: Number.NaN, input };
      try {
        const out = await next(args);
        const output = out.output as Record<string, unknown> & { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] };
        const consumed = output.ConsumedCapacity;
        entry.output = output;
        if (consumed) {
          entry.consumed = [consumed].flat();
          entry.capacityUnits = entry.consumed.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
        }
        return out;
      } catch (error) {
        entry.error = (error as Error)?.name ?? 'Error';
        throw error;
      } finally {
        entry.end = performance.now();
        into.push(entry);
      }
    },
    { step: 'initialize', name, priority: 'high' },
  );
};

/** Each command's step in the chain: 1 + the deepest step that ended before it started. Pure. */
export const chainSteps = (commands: ReadonlyArray<Pick<Recorded, 'start' | 'end'>>): number[] => {
  const order = commands.map((_, i) => i).sort((a, b) => commands[a]!.start - commands[b]!.start);
  const steps = new Array<number>(commands.length).fill(0);
  order.forEach((i, k) => {
    let step = 1;
    for (const j of order.slice(0, k)) if (commands[j]!.end <= commands[i]!.start) step = Math.max(step, steps[j]! + 1);
    steps[i] = step;
  });
  return steps;
};

/** Longest chain of `commands` where each step started after the previous one ended. Pure. */
export const longestChain = (commands: ReadonlyArray<Pick<Recorded, 'start' | 'end'>>): number => Math.max(0, ...chainSteps(commands));

/** The items a recorded write command puts (the client's wire form, unmarshalled). */
export const writtenItems = (r: Recorded): Array<Record<string, unknown>> => {
  const items: Array<Record<string, AttributeValue>> = [];
  if (r.command === 'PutItemCommand') items.push(r.input.Item as Record<string, AttributeValue>);
  if (r.command === 'BatchWriteItemCommand') {
    const byTable = r.input.RequestItems as Record<string, Array<{ PutRequest?: { Item: Record<string, AttributeValue> } }>>;
    for (const requests of Object.values(byTable)) for (const q of requests) if (q.PutRequest) items.push(q.PutRequest.Item);
  }
  if (r.command === 'TransactWriteItemsCommand') {
    for (const t of r.input.TransactItems as Array<{ Put?: { Item: Record<string, AttributeValue> } }>) if (t.Put) items.push(t.Put.Item);
  }
  // The document client marshals after this middleware has seen the input: items are plain values here.
  return items;
};

type EndpointFigures = {
  function: string;
  emptyCommands: number;
  emptyChain: number;
  emptySequence: string;
  warmCommands: number;
  warmChain: number;
  warmSequence: string;
};

/** `Query ‖ GetItem → GetItem ‖ Query → BatchWriteItem`: the chain's steps, the commands of one step side by side. */
const sequence = (commands: readonly Recorded[]): string => {
  const steps = chainSteps(commands);
  const byStep = new Map<number, string[]>();
  commands.forEach((c, i) => byStep.set(steps[i]!, [...(byStep.get(steps[i]!) ?? []), c.command.replace(/Command$/, '')]));
  return [...byStep.keys()]
    .sort((a, b) => a - b)
    .map((step) => byStep.get(step)!.join(' ‖ '))
    .join(' → ');
};

export const runDynamodbBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const { log } = ctx;
  log('dynamodb: starting DynamoDB Local (in memory) and s3rver ...');
  const stack = await startLocalStack();
  ctx.defer('dynamodb bench emulators', () => stack.stop());
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  applyEnv(
    localAwsEnv({
      dynamodbEndpoint: stack.dynamodb.endpoint,
      s3Endpoint: stack.s3.endpoint,
      tableName: `bench-ddb-${suffix}`,
      bucketName: `bench-ddb-${suffix}`,
    }),
  );
  await ensureTableAndBucket();
  await seedReferenceData();
  const company = await createCompany({ name: 'Bench Company', pricingGroupId: 'default', billing: 'account', withUser: true });
  const { apiKey } = await createApiKey({ companyId: company.companyId, scopes: [] });

  const recorded: Recorded[] = [];
  // Writes report the capacity they consumed, to check shared/store/item-size.ts against DynamoDB's own count.
  recordCommands(ddb, recorded, (command) => (WRITES.has(command) ? 'TOTAL' : undefined));

  const loadHandler = requireHandlerLoader();
  const routes = new Map(manifestRoutes().map((r) => [r.name, r] as const));
  const send = async (name: HttpFunctionName, sample: Sample) => {
    const route = routes.get(name) as Route;
    const body = sample.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(sample.body));
    const requestId = randomBytes(8).toString('hex');
    const match = matchRoute([route], route.method, new URL(sample.url, 'http://localhost').pathname);
    if (match.kind !== 'found') throw new Error(`${sample.url} does not match ${route.path}`);
    const event = buildEvent(
      {
        method: route.method,
        url: sample.url,
        rawHeaders: ['X-API-Key', apiKey, ...(sample.body === undefined ? [] : ['Content-Type', 'application/json'])],
        body,
        sourceIp: '127.0.0.1',
      },
      match,
      { requestId, stage: 'bench', now: new Date() },
    );
    const context: Context = buildContext(route, { awsRequestId: requestId, timeoutMs: 15_000, region: 'us-east-1' });
    const result = await loadHandler(route)(event, context);
    if (result.statusCode >= 400) throw new Error(`${route.method} ${sample.url}: HTTP ${result.statusCode} ${result.body.slice(0, 300)}`);
    return result;
  };
  const setup: SampleSetup = {
    rateResponseId: async () => {
      const rated = JSON.parse((await send('rate', await SAMPLES.rate(setup))).body) as { data: { rates: Array<{ rateResponseId: string }> } };
      return rated.data.rates[0]!.rateResponseId;
    },
    orderId: async () => {
      const shipped = JSON.parse((await send('ship', await SAMPLES.ship(setup))).body) as { data: { orderId: string } };
      return shipped.data.orderId;
    },
  };
  /** One request of `name`, its DynamoDB commands recorded (its sample's setup is not). */
  const invoke = async (name: MeasuredFunction) => {
    const sample = await SAMPLES[name](setup);
    recorded.length = 0;
    const result = await send(name, sample);
    return { commands: [...recorded], result };
  };

  const names = Object.keys(SAMPLES) as MeasuredFunction[];
  const deployed = stages.prod;
  const endpoints: EndpointFigures[] = [];
  let rateWrites:
    { units: number; reportedUnits: number; rates: number; items: number; bytes: number; largestResponseBytes: number; requestBytes: number } | undefined;
  for (const name of names) {
    if (ctx.stopped()) break;
    // Caches empty: every request reads its key, company and reference data.
    process.env.API_KEY_CACHE_SECONDS = '0';
    process.env.REFERENCE_CACHE_SECONDS = '0';
    clearAuthCache();
    clearReferenceCache();
    await invoke(name); // loads the module: the figures below are of a warm process with empty caches
    const empty = await invoke(name);
    // Caches warm, with a deployed stage's TTLs: the second request of the same caller.
    process.env.API_KEY_CACHE_SECONDS = String(deployed.apiKeyCacheSeconds);
    process.env.REFERENCE_CACHE_SECONDS = String(deployed.referenceCacheSeconds);
    clearAuthCache();
    clearReferenceCache();
    await invoke(name);
    const warm = await invoke(name);
    endpoints.push({
      function: name,
      emptyCommands: empty.commands.length,
      emptyChain: longestChain(empty.commands),
      emptySequence: sequence(empty.commands),
      warmCommands: warm.commands.length,
      warmChain: longestChain(warm.commands),
      warmSequence: sequence(warm.commands),
    });
    if (name === 'rate') {
      const items = empty.commands.flatMap(writtenItems);
      const rates = (JSON.parse(empty.result.body) as { data: { rates: unknown[] } }).data.rates.length;
      const responses = items.filter((i) => i.entityType === 'rateResponse');
      const request = items.find((i) => i.entityType === 'rateRequest');
      rateWrites = {
        units: items.reduce((sum, i) => sum + writeUnits(i), 0),
        reportedUnits: empty.commands.reduce((sum, c) => sum + (c.capacityUnits ?? 0), 0),
        rates,
        items: items.length,
        bytes: items.reduce((sum, i) => sum + itemSize(i), 0),
        largestResponseBytes: Math.max(0, ...responses.map(itemSize)),
        requestBytes: request ? itemSize(request) : 0,
      };
    }
  }
  delete process.env.API_KEY_CACHE_SECONDS;
  delete process.env.REFERENCE_CACHE_SECONDS;
  clearAuthCache();
  clearReferenceCache();

  const checks: Check[] = endpoints.flatMap((e) => {
    const target = CHAIN_TARGETS[e.function as HttpFunctionName];
    if (!target) return [];
    return [
      check(`${e.function} round-trip chain, caches empty`, e.emptyChain, 'max', target.empty, 'steps'),
      check(`${e.function} round-trip chain, caches warm`, e.warmChain, 'max', target.warm, 'steps'),
    ];
  });
  if (rateWrites) {
    checks.push(
      check(
        'rate write units',
        rateWrites.reportedUnits,
        'max',
        rateWrites.rates + RATE_EXTRA_WRITE_UNITS,
        'WCU',
        `${rateWrites.rates} rates + ${RATE_EXTRA_WRITE_UNITS}`,
      ),
      check('largest stored rate response', rateWrites.largestResponseBytes, 'max', RATE_RESPONSE_MAX_BYTES, 'bytes'),
    );
  }
  const details = [
    table(
      ['function', 'empty: commands', 'chain', 'empty: steps', 'warm: commands', 'chain', 'warm: steps'],
      endpoints.map((e) => [
        e.function,
        String(e.emptyCommands),
        String(e.emptyChain),
        e.emptySequence,
        String(e.warmCommands),
        String(e.warmChain),
        e.warmSequence || '(none)',
      ]),
    ),
    `(DynamoDB Local, one request at a time; empty = API_KEY_CACHE_SECONDS=0 and REFERENCE_CACHE_SECONDS=0, warm = ${deployed.apiKeyCacheSeconds} s and ${deployed.referenceCacheSeconds} s as on a deployed stage; ship is measured, not held to the read endpoints' targets)`,
    ...(rateWrites
      ? [
          `rate writes: ${rateWrites.items} items, ${rateWrites.bytes} bytes, ${rateWrites.reportedUnits} write units consumed (DynamoDB Local's count; ${rateWrites.units} by shared/store/item-size.ts) for ${rateWrites.rates} rates; rate request item ${rateWrites.requestBytes} bytes, largest rate response ${rateWrites.largestResponseBytes} bytes`,
        ]
      : []),
  ];
  return { name: 'dynamodb', checks, details, figures: { endpoints, rateWrites } };
};
