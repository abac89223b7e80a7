/**
 * `npm run bench -- capacity`: what one shipment's whole life costs in
 * DynamoDB read and write units, stored bytes, S3 requests and e-mails,
 * measured through the real handlers in process against DynamoDB Local and
 * s3rver (started here, stopped at the end and on a signal), for the capacity
 * model of docs/operations.md.
 *
 * The life, per order, on one settable clock (the sandbox carriers at pace 1,
 * the deployed stage's cache TTLs, lib/stages.ts prod):
 *
 *   rate → ship (one CARRIERX rate) → labels list → label file, first fetch
 *   (render + S3 PUT) → label file again (presign only) → the integrator's
 *   download of the presigned URL (S3 GET) → track (never checked: asks the
 *   carrier and stores its answer);
 *
 * then half the orders are cancelled while still pending. Tracking goes
 * through the real pipeline (docs/tracking.md) twice: the clock moves 4 h on
 * (past the sandbox pickup), the dispatcher (functions/tracking-refresh) reads
 * the tracking-due index and queues every due check on an in-process queue
 * installed with `useQueue('tracking-checks')`, and the worker
 * (functions/tracking-check) takes each queued message, one per invocation:
 * every check finds a new status (in transit). Then the clock moves one
 * in-transit interval on and the same again: every check finds nothing new
 * (the next scan is hours later), the commonest check of a journey. The
 * dispatcher's figures are per check it queued. Last, the notify function
 * gets each record of the table's stream that its manifest filter passes, one
 * record per invocation (ship's INSERT, the cancel, the move to in transit,
 * which sends the one e-mail each order asked for, to a file outbox).
 *
 * Every DynamoDB command asks for `ReturnConsumedCapacity: 'INDEXES'`, reads
 * too, so each step's read units (strongly consistent, eventually consistent
 * and transactional apart: their price differs) and write units come from
 * DynamoDB Local, table and each index apart. Where it reports nothing (a
 * write refused by its condition) the units are computed from item sizes
 * (shared/store/item-size.ts) and marked so. DynamoDB Local counts a
 * transactional write at 4 units per started KB; AWS bills 2 (prepare and
 * commit, "Capacity management for transactions" in the DynamoDB guide), so
 * beside the reported figure the AWS-rule one halves the transactional part.
 * Stream reads, Lambda's own polling, are free and not counted.
 *
 * Orders run one request at a time, so every command recorded between a
 * step's start and end is that step's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AttributeValue, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { ddb, GetCommand } from '../shared/aws';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context, DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent, SQSEvent } from 'aws-lambda';
import { stages } from '../lib/stages';
import { buildContext, buildEvent, manifestRoutes, matchRoute, type Route } from '../local/api-gateway';
import { applyEnv, LOCAL_REGION, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { compileEventFilter } from '../local/event-filter';
import { ensureTableAndBucket } from '../local/provision';
import { startLocalStack } from '../local/stack';
import { toLambdaRecord } from '../local/stream-poller';
import { isBusinessDay } from '../shared/carriers/sandbox/calendar';
import { isoDate, utcDayNumber } from '../shared/domain/dates';
import { FUNCTIONS, type HttpFunctionName } from '../shared/functions';
import { createApiKey } from '../shared/store/api-keys';
import { createCompany } from '../shared/store/companies';
import { itemSize, writeUnits } from '../shared/store/item-size';
import { keys } from '../shared/store/keys';
import { seedReferenceData } from '../shared/store/seed';
import type { DueCheck } from '../shared/store/tracking-schedule';
import type { DispatchSummary } from '../shared/services/tracking/dispatch';
import { check, type BenchContext, type BenchPart, type Check } from './checks';
import { recordCommands, WRITES, writtenItems, type Recorded } from './dynamodb';
import { domestic, international, type Scenario } from './fixtures';
import { fmt, percentile, round, table } from './stats';

// ---------------------------------------------------------------------------
// Workload and targets.
// ---------------------------------------------------------------------------

/** Orders per scenario (domestic, international); half of them are cancelled. Every figure is per request, averaged over them. */
const ORDERS_PER_SCENARIO = 4;
/** The clock moves this far after the ships: past the sandbox pickup (3 h) and the pending check interval (2 h). */
const REFRESH_AFTER_MS = 4 * 3_600_000;
/** Then this far for the second round: one in-transit interval (1 h) and a minute, before the sandbox's departure scan (5 h after pickup). */
const SECOND_ROUND_AFTER_MS = 61 * 60_000;
/**
 * The check of an order before the tracking schedule (commit edd52af, the
 * last capacity.json of the active-orders index projected ALL): each check
 * rewrote the order and its whole copy in the index. Cited as the before.
 */
const WRU_PER_CHECK_BEFORE = 7.5;
/** SQS SendMessageBatch takes at most this many messages (shared/queues.ts). */
const SQS_BATCH = 10;
/** The clock moves this far before each request of a life: an integrator's calls follow one another, not at one instant. */
const STEP_MS = 60_000;
/** Ships at this time of a business day (UTC): inside the sandbox pickup round, so the pickup is 3 h later. */
const SHIP_AT_MS_OF_DAY = 9.5 * 3_600_000;
const RECIPIENT = 'capacity-bench@example.com';

/**
 * Write-unit ceilings (AWS rule, per request), where a regression would show.
 * Measured on the first runs (DynamoDB Local, the fixtures of
 * bench/fixtures.ts; the international order is the larger): ship 11, track
 * 6 and 8, cancel 4 and 6, a status e-mail 2, a first label fetch 2 (with the
 * active-orders index projected ALL; one refresh check was 7.5). Each ceiling
 * is the largest plus about one more KB of order (2 units), so an order
 * record that grows a KB, or a write added to a step, is caught. A tracking
 * check that finds nothing new writes only the schedule item (its claim, and
 * its completion that moves the index entry): 4 measured, held at 4, so any
 * write of the order or a wider projection is caught; one that finds a new
 * status also rewrites the order (2.2 to 2.7 KB: 3 more, 7 measured).
 * Rate write units are held by the dynamodb part. Not speed targets: wall
 * times are reported, never held to a limit.
 */
const WRU_CEILINGS: Partial<Record<StepName, number>> = {
  // 13 before the day's close: a parcel's ship also writes its open entry for the next manifest in the same
  // transaction (docs/manifests.md), 1.1 KB for the international order, 4 units at the transactional rate; measured 17.
  ship: 17,
  track: 10,
  'tracking-check (nothing new)': 4,
  'tracking-check (new status)': 8,
  cancel: 8,
  'notify (e-mail)': 3,
  'label-file first': 3,
};
/**
 * An item read or written whole within 4 KB costs one read unit per strongly
 * consistent read (half when eventual): every order read of the model counts
 * on it (largest measured: the international order, about 2.3 KB).
 */
const MAX_ITEM_BYTES = 4096;
/** A repeated label fetch, a labels list and a download write nothing and render nothing. */
const READ_ONLY_STEPS: readonly StepName[] = ['labels', 'label-file repeat', 'label download'];

// ---------------------------------------------------------------------------
// Pure summarising (unit-tested in test/unit/bench/capacity.test.ts).
// ---------------------------------------------------------------------------

export const STEPS = [
  'rate',
  'ship',
  'labels',
  'label-file first',
  'label-file repeat',
  'label download',
  'track',
  'tracking-dispatch',
  'tracking-check (new status)',
  'tracking-check (nothing new)',
  'notify (e-mail)',
  'notify (no e-mail)',
  'cancel',
] as const;
export type StepName = (typeof STEPS)[number];

const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);

/** Read units by how they are billed: a strongly consistent read costs twice an eventually consistent one, a transactional read twice again. */
export type ReadUnits = { strong: number; eventual: number; transactional: number };
/** What one DynamoDB command consumed: table and each global secondary index apart. */
export type CommandCapacity = {
  command: string;
  /** Units read, by consistency (a GSI is always eventually consistent). */
  tableRead: ReadUnits;
  indexRead: Record<string, number>;
  tableWrite: number;
  indexWrite: Record<string, number>;
  /** Of the write units, those of a transaction (DynamoDB Local counts them at twice AWS's rate). */
  transactionalWrite: number;
  /** True when DynamoDB reported nothing and the figures come from item sizes. */
  computed: boolean;
  /** A read DynamoDB Local reported at 0 units (a Query that matched nothing); AWS may bill it at least half a unit. */
  zeroUnitRead: boolean;
  /** The error's name when the command failed. */
  error?: string;
};

const zeroReads = (): ReadUnits => ({ strong: 0, eventual: 0, transactional: 0 });
const addTo = (into: Record<string, number>, key: string, value: number) => {
  into[key] = (into[key] ?? 0) + value;
};

/** How a read command's table reads are billed. */
const consistencyOf = (r: Pick<Recorded, 'command' | 'input'>): keyof ReadUnits => {
  if (r.command === 'TransactGetItemsCommand') return 'transactional';
  if (r.command === 'BatchGetItemCommand') {
    const requests = Object.values((r.input.RequestItems ?? {}) as Record<string, { ConsistentRead?: boolean }>);
    return requests.some((q) => q.ConsistentRead) ? 'strong' : 'eventual';
  }
  if (r.input.IndexName) return 'eventual';
  return r.input.ConsistentRead === true ? 'strong' : 'eventual';
};

/** Bytes of the items a read returned (document-client output: plain values). */
const readBytes = (r: Pick<Recorded, 'output'>): number[] => {
  const out = r.output ?? {};
  if (out.Item) return [itemSize(out.Item as Record<string, unknown>)];
  if (Array.isArray(out.Items)) return (out.Items as Array<Record<string, unknown>>).map(itemSize);
  return [];
};

/**
 * Units of a command DynamoDB did not report (a write refused by its
 * condition, an emulator that does not say): by AWS's rules from item sizes.
 * A refused write still costs the units of the item it would have written.
 */
const computedCapacity = (r: Recorded): CommandCapacity => {
  const base: CommandCapacity = {
    command: r.command,
    tableRead: zeroReads(),
    indexRead: {},
    tableWrite: 0,
    indexWrite: {},
    transactionalWrite: 0,
    computed: true,
    zeroUnitRead: false,
    ...(r.error ? { error: r.error } : {}),
  };
  if (READS.has(r.command)) {
    const bytes = readBytes(r).reduce((sum, b) => sum + b, 0);
    const units = Math.max(1, Math.ceil(bytes / 4096));
    const consistency = consistencyOf(r);
    const factor = consistency === 'eventual' ? 0.5 : consistency === 'strong' ? 1 : 2;
    if (typeof r.input.IndexName === 'string') base.indexRead[r.input.IndexName] = units * factor;
    else base.tableRead[consistency] = units * factor;
    return base;
  }
  const items = writtenItems(r);
  const updates = r.command === 'TransactWriteItemsCommand' ? (r.input.TransactItems as Array<Record<string, unknown>>).length - items.length : 0;
  const units = items.reduce((sum, i) => sum + writeUnits(i), 0) + (r.command === 'UpdateItemCommand' || r.command === 'DeleteItemCommand' ? 1 : 0) + updates;
  if (r.command === 'TransactWriteItemsCommand') {
    // Local's rate (4 per KB), so that halving it gives AWS's like the reported ones.
    base.tableWrite = 4 * units;
    base.transactionalWrite = 4 * units;
  } else base.tableWrite = units;
  return base;
};

/** What `r` consumed, from DynamoDB's report (ConsumedCapacity with INDEXES), else computed. Pure. */
export const commandCapacity = (r: Recorded): CommandCapacity => {
  const consumed: ConsumedCapacity[] = r.consumed ?? [];
  if (consumed.length === 0) return computedCapacity(r);
  const read = READS.has(r.command);
  const result: CommandCapacity = {
    command: r.command,
    tableRead: zeroReads(),
    indexRead: {},
    tableWrite: 0,
    indexWrite: {},
    transactionalWrite: 0,
    computed: false,
    zeroUnitRead: false,
  };
  const unitsOf = (c: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number } | undefined) =>
    (read ? c?.ReadCapacityUnits : c?.WriteCapacityUnits) ?? c?.CapacityUnits ?? 0;
  for (const c of consumed) {
    const indexes = Object.entries(c.GlobalSecondaryIndexes ?? {});
    // Without a breakdown (TOTAL, or nothing but the table touched), everything is the table's.
    const tableUnits = c.Table ? unitsOf(c.Table) : unitsOf(c) - indexes.reduce((sum, [, i]) => sum + unitsOf(i), 0);
    if (read) {
      result.tableRead[consistencyOf(r)] += tableUnits;
      for (const [name, i] of indexes) addTo(result.indexRead, name, unitsOf(i));
    } else {
      result.tableWrite += tableUnits;
      for (const [name, i] of indexes) addTo(result.indexWrite, name, unitsOf(i));
    }
  }
  if (read) result.zeroUnitRead = consumed.every((c) => (c.CapacityUnits ?? 0) === 0);
  if (r.command === 'TransactWriteItemsCommand') result.transactionalWrite = result.tableWrite + Object.values(result.indexWrite).reduce((s, v) => s + v, 0);
  return result;
};

/** One S3 request a handler made (a presign is no request: it is counted apart). */
export type S3Op = { command: string; bytes: number };

/** One run of one step: what it did. */
export type StepSample = {
  commands: Recorded[];
  s3: S3Op[];
  /** E-mails that reached the outbox. */
  emails: number;
  /** Bytes of each item the step put or updated, as stored after the step. */
  itemBytes: number[];
  ms: number;
};

export type StepSummary = {
  step: StepName;
  scenario: string;
  samples: number;
  /** DynamoDB commands per request, and their names (first sample). */
  commands: number;
  sequence: string;
  rru: { table: ReadUnits; indexes: Record<string, number>; total: number };
  wru: { table: number; indexes: Record<string, number>; total: number; transactional: number; awsRule: number };
  /** Whether some of the units were computed from item sizes (DynamoDB reported nothing for them). */
  computed: boolean;
  /** Reads per request reported at 0 units (Queries that matched nothing). */
  zeroUnitReads: number;
  /** Items put or updated per request, their bytes in all, and the largest. */
  items: { count: number; bytes: number; maxBytes: number };
  s3: { put: number; putBytes: number; get: number; getBytes: number; head: number; presign: number };
  emails: number;
  ms: { p50: number; max: number };
};

const r2 = (v: number) => Math.round(v * 100) / 100;
const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length);
const meanOf = <T>(samples: readonly T[], f: (s: T) => number) => r2(mean(samples.map(f)));
const sumOf = <T>(values: readonly T[], f: (v: T) => number) => values.reduce((s, v) => s + f(v), 0);
const meanRecord = (records: ReadonlyArray<Record<string, number>>, n: number): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const r of records) for (const [k, v] of Object.entries(r)) addTo(out, k, v);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, r2(v / n)]));
};

/** `GetItem ×2, TransactWriteItems`: the commands of one request, in order, repeats counted. */
export const commandSequence = (commands: ReadonlyArray<Pick<Recorded, 'command'>>): string => {
  const parts: Array<{ name: string; n: number }> = [];
  for (const c of commands) {
    const name = c.command.replace(/Command$/, '');
    const last = parts.at(-1);
    if (last?.name === name) last.n += 1;
    else parts.push({ name, n: 1 });
  }
  return parts.map((p) => (p.n > 1 ? `${p.name} ×${p.n}` : p.name)).join(', ');
};

/** The per-request figures of one step over its samples: means, and the wall time's median and max. Pure. */
export const summarizeStep = (step: StepName, scenario: string, samples: readonly StepSample[]): StepSummary => {
  const n = Math.max(1, samples.length);
  const perSample = samples.map((s) => {
    const capacities = s.commands.map(commandCapacity);
    const tableRead = zeroReads();
    for (const c of capacities) for (const k of Object.keys(tableRead) as Array<keyof ReadUnits>) tableRead[k] += c.tableRead[k];
    const indexRead: Record<string, number> = {};
    const indexWrite: Record<string, number> = {};
    for (const c of capacities) {
      for (const [k, v] of Object.entries(c.indexRead)) addTo(indexRead, k, v);
      for (const [k, v] of Object.entries(c.indexWrite)) addTo(indexWrite, k, v);
    }
    return {
      tableRead,
      indexRead,
      indexWrite,
      tableWrite: sumOf(capacities, (c) => c.tableWrite),
      transactional: sumOf(capacities, (c) => c.transactionalWrite),
      computed: capacities.some((c) => c.computed),
      zeroUnitReads: capacities.filter((c) => c.zeroUnitRead).length,
    };
  });
  const tableRead: ReadUnits = {
    strong: meanOf(perSample, (p) => p.tableRead.strong),
    eventual: meanOf(perSample, (p) => p.tableRead.eventual),
    transactional: meanOf(perSample, (p) => p.tableRead.transactional),
  };
  const indexRead = meanRecord(
    perSample.map((p) => p.indexRead),
    n,
  );
  const indexWrite = meanRecord(
    perSample.map((p) => p.indexWrite),
    n,
  );
  const tableWrite = meanOf(perSample, (p) => p.tableWrite);
  const transactional = meanOf(perSample, (p) => p.transactional);
  const wruTotal = r2(tableWrite + sumOf(Object.values(indexWrite), (v) => v));
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const s3Of = (s: StepSample, command: string) => s.s3.filter((o) => o.command === command);
  return {
    step,
    scenario,
    samples: samples.length,
    commands: meanOf(samples, (s) => s.commands.length),
    sequence: samples[0] ? commandSequence(samples[0].commands) : '',
    rru: {
      table: tableRead,
      indexes: indexRead,
      total: r2(tableRead.strong + tableRead.eventual + tableRead.transactional + sumOf(Object.values(indexRead), (v) => v)),
    },
    wru: { table: tableWrite, indexes: indexWrite, total: wruTotal, transactional, awsRule: r2(wruTotal - transactional / 2) },
    computed: perSample.some((p) => p.computed),
    zeroUnitReads: meanOf(perSample, (p) => p.zeroUnitReads),
    items: {
      count: meanOf(samples, (s) => s.itemBytes.length),
      bytes: meanOf(samples, (s) => sumOf(s.itemBytes, (b) => b)),
      maxBytes: Math.max(0, ...samples.flatMap((s) => s.itemBytes)),
    },
    s3: {
      put: meanOf(samples, (s) => s3Of(s, 'PutObjectCommand').length),
      putBytes: meanOf(samples, (s) => sumOf(s3Of(s, 'PutObjectCommand'), (o) => o.bytes)),
      get: meanOf(samples, (s) => s3Of(s, 'GetObjectCommand').length),
      getBytes: meanOf(samples, (s) => sumOf(s3Of(s, 'GetObjectCommand'), (o) => o.bytes)),
      head: meanOf(samples, (s) => s3Of(s, 'HeadObjectCommand').length),
      presign: meanOf(samples, (s) => s3Of(s, 'presign').length),
    },
    emails: meanOf(samples, (s) => s.emails),
    ms: { p50: round(percentile(ms, 50)), max: round(ms.at(-1) ?? Number.NaN) },
  };
};

/** The keys a write command puts or updates (not those it deletes): whose stored size the step leaves behind. */
export const writtenKeys = (r: Pick<Recorded, 'command' | 'input'>): Array<{ pk: string; sk: string }> => {
  if (!WRITES.has(r.command)) return [];
  const keyOf = (item: Record<string, unknown>) => ({ pk: String(item.pk), sk: String(item.sk) });
  if (r.command === 'PutItemCommand') return [keyOf(r.input.Item as Record<string, unknown>)];
  if (r.command === 'UpdateItemCommand') return [keyOf(r.input.Key as Record<string, unknown>)];
  if (r.command === 'BatchWriteItemCommand') {
    const byTable = r.input.RequestItems as Record<string, Array<{ PutRequest?: { Item: Record<string, unknown> } }>>;
    return Object.values(byTable).flatMap((requests) => requests.flatMap((q) => (q.PutRequest ? [keyOf(q.PutRequest.Item)] : [])));
  }
  if (r.command === 'TransactWriteItemsCommand') {
    return (r.input.TransactItems as Array<{ Put?: { Item: Record<string, unknown> }; Update?: { Key: Record<string, unknown> } }>).flatMap((t) =>
      t.Put ? [keyOf(t.Put.Item)] : t.Update ? [keyOf(t.Update.Key)] : [],
    );
  }
  return [];
};

// ---------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------

type HttpHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type Rated = { data: { rates: Array<{ rateResponseId: string; carrier: { code: string } }> } };

/** The first business day after today, at SHIP_AT_MS_OF_DAY UTC: the same sandbox journey whatever day the bench runs. */
const startOfLife = (now = new Date()): Date => {
  let day = utcDayNumber(now) + 1;
  while (!isBusinessDay(day)) day += 1;
  return new Date(day * 86_400_000 + SHIP_AT_MS_OF_DAY);
};

/** A scenario's body shipping on the clock's day, asking for the in-transit and delivered e-mails (spec 2.10). */
const lifeBody = (scenario: Scenario, at: Date) => {
  const body = structuredClone(scenario.body) as Record<string, unknown> & { shippingOptions: Record<string, unknown> };
  body.shippingOptions = { ...body.shippingOptions, shippingDate: isoDate(utcDayNumber(at)) };
  body.shippingNotificationOptions = { shippingNotificationEmail: RECIPIENT, shippingNotificationStatuses: ['intransit', 'delivered'] };
  return body;
};

/** Every record of the table's stream so far, oldest first per shard (DynamoDB Local: one client, TRIM_HORIZON). */
const readStream = async (tableName: string): Promise<{ arn: string; records: StreamRecord[] }> => {
  const dynamodb = new DynamoDBClient({});
  const streams = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  try {
    const arn = (await dynamodb.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
    if (!arn) throw new Error(`table ${tableName} has no stream`);
    const records: StreamRecord[] = [];
    const shards = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription?.Shards ?? [];
    for (const shard of shards) {
      let iterator = (await streams.send(new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' })))
        .ShardIterator;
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        records.push(...(page.Records ?? []));
        // An open shard answers empty pages forever: stop at the first one.
        if ((page.Records ?? []).length === 0) break;
        iterator = page.NextShardIterator;
      }
    }
    return { arn, records };
  } finally {
    dynamodb.destroy();
    streams.destroy();
  }
};

export const runCapacityBench = async (ctx: BenchContext): Promise<BenchPart> => {
  const { log } = ctx;
  log('capacity: starting DynamoDB Local (in memory) and s3rver ...');
  const stack = await startLocalStack();
  ctx.defer('capacity bench emulators', () => stack.stop());
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'capacity-outbox-'));
  ctx.defer('capacity bench outbox', () => rmSync(outbox, { recursive: true, force: true }));
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const tableName = `bench-cap-${suffix}`;
  const deployed = stages.prod;
  applyEnv({
    ...localAwsEnv({ dynamodbEndpoint: stack.dynamodb.endpoint, s3Endpoint: stack.s3.endpoint, tableName, bucketName: `bench-cap-${suffix}` }),
    EMAIL_OUTBOX_DIR: outbox,
    // Steady state of a warm container on a deployed stage: the key and the reference data come from its caches.
    API_KEY_CACHE_SECONDS: String(deployed.apiKeyCacheSeconds),
    REFERENCE_CACHE_SECONDS: String(deployed.referenceCacheSeconds),
  });
  await ensureTableAndBucket();
  await seedReferenceData();
  const company = await createCompany({ name: 'Capacity Bench', pricingGroupId: 'default', billing: 'account', withUser: true });
  const { apiKey } = await createApiKey({ companyId: company.companyId, scopes: [] });

  // Handlers after the environment: the clients and the logger read it when first used. They are
  // required as CommonJS, and middy 7 is ESM-only.
  allowRequireOfEsmOnlyPackages();
  const { createCarrierRegistry } = await import('../shared/carriers/registry');
  const { createSandboxTransports } = await import('../shared/carriers/sandbox/network');
  const { createRateHandler } = await import('../functions/rate/handler');
  const { createShipHandler } = await import('../functions/ship/handler');
  const { handler: labelsHandler } = await import('../functions/labels/handler');
  const { createLabelFileHandler } = await import('../functions/label-file/handler');
  const { createTrackHandler } = await import('../functions/track/handler');
  const { createCancelHandler } = await import('../functions/cancel/handler');
  const { createTrackingRefreshHandler } = await import('../functions/tracking-refresh/handler');
  const { createTrackingCheckHandler } = await import('../functions/tracking-check/handler');
  const { settingsWith } = await import('../shared/process-runtime');
  const { useQueue } = await import('../shared/queues');
  const { createNotifyHandler } = await import('../functions/notify/handler');

  const state = { now: startOfLife() };
  const clock = () => state.now;
  const tick = () => {
    state.now = new Date(state.now.getTime() + STEP_MS);
  };
  const settings = settingsWith({ sandboxTrackingPace: 1 });
  const registry = createCarrierRegistry(createSandboxTransports({ clock, pace: 1 }));
  const http: Partial<Record<HttpFunctionName, HttpHandler>> = {
    rate: createRateHandler(registry, clock),
    ship: createShipHandler(registry, { clock }),
    labels: labelsHandler,
    'label-file': createLabelFileHandler(),
    track: createTrackHandler(registry, { clock, settings }),
    cancel: createCancelHandler(registry, { clock, settings }),
  };
  const dispatcher = createTrackingRefreshHandler({ clock, settings }) as unknown as (e: ScheduledEvent, c: Context) => Promise<DispatchSummary>;
  const worker = createTrackingCheckHandler(registry, { clock, settings });
  // The tracking-checks queue, in process: what the dispatcher sends, how many SendMessageBatch calls SQS would have taken.
  const queue = { waiting: [] as DueCheck[], sendCalls: 0, batches: 0 };
  useQueue<DueCheck>('tracking-checks', {
    send: async (messages) => {
      queue.waiting.push(...messages);
      queue.sendCalls += 1;
      queue.batches += Math.ceil(messages.length / SQS_BATCH);
    },
    depth: async () => queue.waiting.length,
  });
  ctx.defer('capacity bench queue', () => useQueue('tracking-checks', undefined));
  const notify = createNotifyHandler({ clock }) as unknown as (e: DynamoDBStreamEvent, c: Context) => Promise<{ batchItemFailures: unknown[] }>;

  // Recording: every DynamoDB command with INDEXES, every S3 request.
  const recorded: Recorded[] = [];
  recordCommands(ddb, recorded, () => 'INDEXES', 'capacityRecorder');
  const s3ops: S3Op[] = [];
  const { s3 } = await import('../shared/aws/s3');
  s3.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const output = out.output as { presigned?: unknown; ContentLength?: number };
      const input = args.input as { Body?: unknown };
      const command = output.presigned ? 'presign' : String(context.commandName);
      const bytes =
        command === 'PutObjectCommand' && input.Body instanceof Uint8Array
          ? input.Body.byteLength
          : command === 'GetObjectCommand'
            ? (output.ContentLength ?? 0)
            : 0;
      s3ops.push({ command, bytes });
      return out;
    },
    { step: 'initialize', name: 'capacityS3Recorder', priority: 'high' },
  );
  const outboxCount = () => readdirSync(outbox).filter((n) => n.endsWith('.json') && !n.startsWith('.')).length;

  /** Runs `fn` as one step: its commands, S3 requests, e-mails, the stored size of what it wrote, and its wall time. */
  const measure = async <T>(fn: () => Promise<T>): Promise<{ value: T; sample: StepSample }> => {
    recorded.length = 0;
    s3ops.length = 0;
    const emailsBefore = outboxCount();
    const started = performance.now();
    const value = await fn();
    const ms = performance.now() - started;
    const commands = [...recorded];
    const s3 = [...s3ops];
    const emails = outboxCount() - emailsBefore;
    const keys = new Map(commands.flatMap(writtenKeys).map((k) => [`${k.pk}\u0000${k.sk}`, k] as const));
    const itemBytes: number[] = [];
    for (const key of keys.values()) {
      const stored = await ddb.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      if (stored.Item) itemBytes.push(itemSize(stored.Item));
    }
    recorded.length = 0;
    return { value, sample: { commands, s3, emails, itemBytes, ms } };
  };

  const routes = new Map(manifestRoutes().map((r) => [r.name, r] as const));
  const call = async (name: HttpFunctionName, url: string, body?: unknown): Promise<APIGatewayProxyResult> => {
    const route = routes.get(name) as Route;
    const requestId = randomUUID();
    const match = matchRoute([route], route.method, new URL(url, 'http://localhost').pathname);
    if (match.kind !== 'found') throw new Error(`${url} does not match ${route.path}`);
    const event = buildEvent(
      {
        method: route.method,
        url,
        rawHeaders: ['X-API-Key', apiKey, ...(body === undefined ? [] : ['Content-Type', 'application/json'])],
        body: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
        sourceIp: '127.0.0.1',
      },
      match,
      { requestId, stage: 'bench', now: state.now },
    );
    const result = await http[name]!(event, buildContext(route, { awsRequestId: requestId, timeoutMs: 15_000, region: LOCAL_REGION }));
    if (result.statusCode >= 400) throw new Error(`${route.method} ${url}: HTTP ${result.statusCode} ${result.body.slice(0, 300)}`);
    return result;
  };
  const samples = new Map<string, StepSample[]>();
  const add = (step: StepName, scenario: string, sample: StepSample) => {
    const key = `${step}\u0000${scenario}`;
    samples.set(key, [...(samples.get(key) ?? []), sample]);
  };

  /** One order from rate to its first track; returns its id. `record` false: a warm-up life, measured nowhere. */
  const life = async (scenario: Scenario, record: boolean): Promise<string> => {
    const keep = (step: StepName, sample: StepSample) => {
      if (record) add(step, scenario.name, sample);
      tick();
    };
    const rated = await measure(() => call('rate', '/v1/rate', lifeBody(scenario, state.now)));
    keep('rate', rated.sample);
    const rates = (JSON.parse(rated.value.body) as Rated).data.rates;
    const rate = rates.find((r) => r.carrier.code === 'CARRIERX') ?? rates[0];
    if (!rate) throw new Error(`${scenario.name}: no rate`);
    const shipped = await measure(() => call('ship', `/v1/ship/${rate.rateResponseId}`, {}));
    keep('ship', shipped.sample);
    const { orderId } = (JSON.parse(shipped.value.body) as { data: { orderId: string } }).data;
    keep('labels', (await measure(() => call('labels', `/v1/labels/${orderId}`))).sample);
    const first = await measure(() => call('label-file', `/v1/labels/${orderId}/SHIPPING_LABEL_PDF`));
    keep('label-file first', first.sample);
    const repeat = await measure(() => call('label-file', `/v1/labels/${orderId}/SHIPPING_LABEL_PDF`));
    keep('label-file repeat', repeat.sample);
    const location = String(repeat.value.headers?.Location ?? repeat.value.headers?.location ?? '');
    if (!location) throw new Error(`label file of ${orderId}: no redirect (HTTP ${repeat.value.statusCode})`);
    // The integrator's download of the presigned URL: an S3 GET billed to the bucket, no function involved.
    const download = await measure(async () => {
      const response = await fetch(location);
      if (!response.ok) throw new Error(`label download: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer()).byteLength;
    });
    download.sample.s3.push({ command: 'GetObjectCommand', bytes: download.value });
    keep('label download', download.sample);
    keep('track', (await measure(() => call('track', `/v1/track/${orderId}`))).sample);
    return orderId;
  };

  // Warm-up: loads every module and fills the caches (the API key, the reference data) as a warm container has them.
  log('capacity: warm-up life (not measured) ...');
  const warmOrder = await life(domestic, false);
  await call('cancel', `/v1/shipments/${warmOrder}`);

  const kept: Array<{ scenario: Scenario; orderId: string }> = [];
  for (const scenario of [domestic, international]) {
    for (let i = 0; i < ORDERS_PER_SCENARIO; i++) {
      if (ctx.stopped()) throw new Error('capacity: stopped');
      log(`capacity: ${scenario.name} order ${i + 1}/${ORDERS_PER_SCENARIO} ...`);
      const orderId = await life(scenario, true);
      // Every other order is cancelled before pickup; the others go on to the carrier.
      if (i % 2 === 1) add('cancel', scenario.name, (await measure(() => call('cancel', `/v1/shipments/${orderId}`))).sample);
      else kept.push({ scenario, orderId });
    }
  }

  /**
   * One round of tracking: a dispatcher run (measured as one sample), then
   * the worker on each message it queued, one message per invocation (each
   * measured as one check, by the order's scenario; a check that wrote the
   * order item found something new).
   */
  const orderSk = keys.order('x').sk;
  const trackingRound = async (expect: 'new status' | 'nothing new') => {
    queue.waiting.length = 0;
    queue.sendCalls = 0;
    queue.batches = 0;
    const dispatched = await measure(() => dispatcher({} as ScheduledEvent, {} as Context));
    const messages = queue.waiting.splice(0);
    const run = {
      summary: dispatched.value,
      sample: dispatched.sample,
      sendCalls: queue.sendCalls,
      sqsBatches: queue.batches,
      checks: 0,
      wroteOrder: 0,
      failures: 0,
    };
    for (const [i, message] of messages.entries()) {
      const event = { Records: [{ messageId: `m${i}`, body: JSON.stringify(message), attributes: {}, messageAttributes: {} }] } as unknown as SQSEvent;
      const checked = await measure(() => worker(event, { functionName: 'tracking-check', awsRequestId: randomUUID() } as Context));
      run.failures += checked.value.batchItemFailures.length;
      run.checks += 1;
      const wroteOrder = checked.sample.commands.some((c) => writtenKeys(c).some((k) => k.sk === orderSk));
      if (wroteOrder) run.wroteOrder += 1;
      add(wroteOrder ? 'tracking-check (new status)' : 'tracking-check (nothing new)', scenarioOfOrder.get(message.orderId) ?? 'all', checked.sample);
      if (wroteOrder !== (expect === 'new status'))
        log(`capacity: the check of ${message.orderId} ${wroteOrder ? 'wrote' : 'did not write'} the order (expected ${expect})`);
    }
    return run;
  };
  const scenarioOfOrder = new Map(kept.map((k) => [k.orderId, k.scenario.name] as const));

  // Past the pickup (ships ran from 09:30 on): every kept order is due and the carrier reports it in transit.
  state.now = new Date(state.now.getTime() + REFRESH_AFTER_MS);
  log('capacity: tracking round 1 (dispatcher, then a worker per queued check: in transit) ...');
  const firstRound = await trackingRound('new status');
  // One in-transit interval later: due again, and the carrier has nothing new (its next scan is hours away).
  state.now = new Date(state.now.getTime() + SECOND_ROUND_AFTER_MS);
  log('capacity: tracking round 2 (nothing new) ...');
  const secondRound = await trackingRound('nothing new');
  const rounds = [firstRound, secondRound];
  for (const r of rounds) if (r.summary.queued === 0) throw new Error('capacity: the dispatcher queued no check');

  log('capacity: the notify function over the stream ...');
  const notifyEntry = FUNCTIONS.find((f) => f.name === 'notify');
  if (notifyEntry?.trigger.kind !== 'stream') throw new Error('no notify stream function in the manifest');
  const passes = compileEventFilter(notifyEntry.trigger.filters);
  const scenarioOf = new Map(kept.map((k) => [k.orderId, k.scenario.name] as const));
  const { arn, records } = await readStream(tableName);
  const lambdaRecords: DynamoDBRecord[] = records.map((r) => toLambdaRecord(r, arn, LOCAL_REGION)).filter((r) => passes(r));
  let invocations = 0;
  for (const record of lambdaRecords) {
    const pk = (record.dynamodb?.Keys?.pk as AttributeValue | undefined)?.S ?? '';
    const orderId = pk.replace(/^ORDER#/, '');
    const scenario = scenarioOf.get(orderId) ?? 'all';
    const run = await measure(() => notify({ Records: [record] }, {} as Context));
    if (run.value.batchItemFailures.length > 0) throw new Error(`notify failed on ${record.eventName} of ${orderId}`);
    invocations += 1;
    add(run.sample.emails > 0 ? 'notify (e-mail)' : 'notify (no e-mail)', run.sample.emails > 0 ? scenario : 'all', run.sample);
  }

  // ---- Summaries.
  const summaries: StepSummary[] = [];
  for (const step of STEPS) {
    if (step === 'tracking-dispatch') {
      // Per check queued: both runs' figures divided by the checks they queued.
      const queued = sumOf(rounds, (r) => r.summary.queued);
      const whole = summarizeStep(
        'tracking-dispatch',
        'run',
        rounds.map((r) => r.sample),
      );
      const divide = (v: number) => r2((v * rounds.length) / queued);
      const divideRecord = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, divide(v)]));
      summaries.push({
        ...whole,
        scenario: `per check queued (${queued} in ${rounds.length} runs)`,
        commands: divide(whole.commands),
        rru: {
          table: { strong: divide(whole.rru.table.strong), eventual: divide(whole.rru.table.eventual), transactional: divide(whole.rru.table.transactional) },
          indexes: divideRecord(whole.rru.indexes),
          total: divide(whole.rru.total),
        },
        wru: {
          table: divide(whole.wru.table),
          indexes: divideRecord(whole.wru.indexes),
          total: divide(whole.wru.total),
          transactional: divide(whole.wru.transactional),
          awsRule: divide(whole.wru.awsRule),
        },
        zeroUnitReads: divide(whole.zeroUnitReads),
        ms: { p50: round(sumOf(rounds, (r) => r.sample.ms) / queued), max: round(Math.max(...rounds.map((r) => r.sample.ms / r.summary.queued))) },
      });
      continue;
    }
    for (const scenario of [domestic.name, international.name, 'all']) {
      const found = samples.get(`${step}\u0000${scenario}`);
      if (found && found.length > 0) summaries.push(summarizeStep(step, scenario, found));
    }
  }

  // ---- Checks: write-unit ceilings and what must hold for the model to be right.
  const checks: Check[] = [];
  for (const s of summaries) {
    const ceiling = WRU_CEILINGS[s.step];
    if (ceiling !== undefined) checks.push(check(`capacity: ${s.step} ${s.scenario} write units (AWS rule)`, s.wru.awsRule, 'max', ceiling, 'WRU'));
    if (READ_ONLY_STEPS.includes(s.step)) checks.push(check(`capacity: ${s.step} ${s.scenario} writes nothing`, s.wru.total + s.s3.put, 'max', 0, 'WRU+PUT'));
  }
  checks.push(
    check(
      'capacity: largest item stored',
      Math.max(0, ...summaries.map((s) => s.items.maxBytes)),
      'max',
      MAX_ITEM_BYTES,
      'bytes',
      'one read unit per order read',
    ),
  );
  const first = summaries.filter((s) => s.step === 'label-file first');
  checks.push(
    check('capacity: label file rendered and stored once per first fetch', Math.max(...first.map((s) => Math.abs(s.s3.put - 1))), 'max', 0, 'PUT off 1'),
    check(
      'capacity: one e-mail per order in transit',
      summaries.filter((s) => s.step === 'notify (e-mail)').reduce((n, s) => n + s.samples * s.emails, 0),
      'min',
      kept.length,
      'e-mails',
    ),
    check('capacity: dispatcher queued every due order, each round', Math.min(...rounds.map((r) => r.summary.queued)), 'min', kept.length, 'orders'),
    check('capacity: first round: every check wrote the new status', firstRound.wroteOrder, 'min', firstRound.checks, 'checks'),
    check('capacity: second round: no check wrote the order', secondRound.wroteOrder, 'max', 0, 'checks'),
    check(
      'capacity: dispatcher writes nothing',
      sumOf(rounds, (r) => summarizeStep('tracking-dispatch', 'run', [r.sample]).wru.total),
      'max',
      0,
      'WRU',
    ),
    check(
      'capacity: tracking checks failed',
      sumOf(rounds, (r) => r.failures),
      'max',
      0,
      'messages',
    ),
  );

  const units = (v: number) => fmt(v);
  const indexes = (r: Record<string, number>) => {
    const total = Object.values(r).reduce((s, v) => s + v, 0);
    return total === 0 ? '0' : fmt(r2(total));
  };
  const details = [
    table(
      [
        'step',
        'scenario',
        'n',
        'cmds',
        'RRU strong',
        'RRU eventual',
        'RRU GSI',
        'WRU table',
        'WRU GSI',
        'WRU tx',
        'WRU AWS',
        'items',
        'bytes',
        'max item',
        'S3 PUT',
        'S3 GET',
        'S3 HEAD',
        'S3 bytes',
        'e-mails',
        'p50 ms',
        'commands',
      ],
      summaries.map((s) => [
        s.step,
        s.scenario,
        String(s.samples),
        units(s.commands),
        units(s.rru.table.strong),
        units(s.rru.table.eventual),
        indexes(s.rru.indexes),
        units(s.wru.table),
        indexes(s.wru.indexes),
        units(s.wru.transactional),
        units(s.wru.awsRule),
        units(s.items.count),
        units(s.items.bytes),
        String(s.items.maxBytes),
        units(s.s3.put),
        units(s.s3.get),
        units(s.s3.head),
        units(r2(s.s3.putBytes + s.s3.getBytes)),
        units(s.emails),
        fmt(s.ms.p50),
        `${s.sequence}${s.zeroUnitReads > 0 ? ` (${fmt(s.zeroUnitReads)} read at 0 RRU)` : ''}${s.computed ? ' (some units computed from item sizes)' : ''}`,
      ]),
    ),
    `(per request, mean over n; DynamoDB Local's ConsumedCapacity with INDEXES on every command; RRU strong/eventual = table reads by consistency, GSI reads are eventual; ` +
      `WRU tx = the part written in transactions, which DynamoDB Local counts at 4 per KB where AWS bills 2, so WRU AWS = table + GSI - tx/2; ` +
      `items/bytes = items the step put or updated and their stored size; S3 GET of "label download" is the integrator fetching the presigned URL; ` +
      `caches warm with the prod stage's TTLs (${deployed.apiKeyCacheSeconds} s key, ${deployed.referenceCacheSeconds} s reference data); the tracking-dispatch row is the dispatcher's runs divided by the checks they queued)`,
    ...rounds.map(
      (r, i) =>
        `tracking round ${i + 1}: dispatcher queued ${r.summary.queued} (backlog ${r.summary.backlog}, more ${String(r.summary.more)}) in ${fmt(round(r.sample.ms))} ms, ` +
        `${r.sendCalls} sends = ${r.sqsBatches} SQS SendMessageBatch calls; ${r.checks} checks, ${r.wroteOrder} wrote the order, ${r.failures} failed`,
    ),
    `a tracking check before the schedule item (one refresh check with the active-orders index projected ALL): ${fmt(WRU_PER_CHECK_BEFORE)} WRU; now ` +
      summaries
        .filter((s) => s.step.startsWith('tracking-check'))
        .map((s) => `${s.step.replace('tracking-check ', '')} ${s.scenario} ${fmt(s.wru.awsRule)}`)
        .join(', ') +
      `; notify: ${invocations} invocations, one stream record each`,
  ];
  return {
    name: 'capacity',
    checks,
    details,
    figures: {
      ordersPerScenario: ORDERS_PER_SCENARIO,
      cacheSeconds: { apiKey: deployed.apiKeyCacheSeconds, reference: deployed.referenceCacheSeconds },
      clockStart: startOfLife().toISOString(),
      tracking: {
        wruPerCheckBefore: WRU_PER_CHECK_BEFORE,
        rounds: rounds.map((r, i) => {
          const run = summarizeStep('tracking-dispatch', `round ${i + 1}`, [r.sample]);
          return {
            ...r.summary,
            ms: round(r.sample.ms),
            sends: r.sendCalls,
            sqsSendMessageBatch: r.sqsBatches,
            commands: run.commands,
            sequence: run.sequence,
            rru: run.rru,
            wru: run.wru,
            checks: r.checks,
            wroteOrder: r.wroteOrder,
            failures: r.failures,
          };
        }),
      },
      notifyInvocations: invocations,
      notes: [
        'per request, mean over samples; rru/wru from DynamoDB Local ConsumedCapacity (INDEXES) unless computed is true',
        'wru.transactional is counted by DynamoDB Local at 4 per KB; AWS bills 2, so wru.awsRule = total - transactional/2',
        'label download = the integrator GETting the presigned URL (S3 GET billed to the bucket owner)',
        'tracking-dispatch = the dispatcher runs (functions/tracking-refresh) divided by the checks they queued; tracking-check = one queued message through functions/tracking-check',
        `tracking.wruPerCheckBefore = one refresh check with the active-orders index projected ALL (the before: ${WRU_PER_CHECK_BEFORE} WRU)`,
        'zeroUnitReads = reads DynamoDB Local reported at 0 units (a Query that matched nothing); AWS may bill each at least 0.5 RRU',
      ],
      steps: summaries,
    },
  };
};
