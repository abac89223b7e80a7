/**
 * A local stand-in for Lambda's DynamoDB stream event source mapping
 * (lib/shipping-stack.ts): reads the table's stream on DynamoDB Local and
 * invokes a function list stream function, in this process, with the
 * `DynamoDBStreamEvent` Lambda would send.
 *
 * As deployed: starting at TRIM_HORIZON, the trigger's filter patterns
 * (records that match none are skipped), batches of up to 10 matching records
 * in stream order per shard, partial batch responses (`batchItemFailures`:
 * everything before the first failure is done, the rest is retried from it),
 * a failing record retried `retryAttempts` (3) times and then set aside, so
 * one bad record never holds up the others. Where the deployed mapping halves
 * a batch that throws, locally that batch is retried one record at a time, so
 * the failing record is found at once. A record set aside is appended, whole,
 * to a JSON-lines file (the deployed mapping sends only its position to the
 * failure queue) and reported on stderr.
 *
 * The position in each shard is checkpointed after every handled batch (a
 * file under DATA_DIR for `npm start`, memory in tests), so a restart neither
 * loses nor replays records; a new stream (a recreated table) starts over.
 * Retry counts live in memory: a restart gives a failing record its attempts
 * again.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as SdkStreamRecord,
  type AttributeValue as SdkAttributeValue,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { buildContext } from './api-gateway';
import { compileEventFilter, type FilterPattern } from './event-filter';

export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<unknown>;

/** Where one consumer has got to in one stream: the last handled sequence number of each shard. */
export type StreamCheckpoint = { streamArn: string; shards: Map<string, string> };

export type CheckpointStore = {
  load: (consumer: string) => StreamCheckpoint | undefined;
  save: (consumer: string, checkpoint: StreamCheckpoint) => void;
};

const copy = (checkpoint: StreamCheckpoint): StreamCheckpoint => ({ streamArn: checkpoint.streamArn, shards: new Map(checkpoint.shards) });

/** Checkpoints that last as long as the process (tests). */
export const memoryCheckpoints = (): CheckpointStore => {
  const consumers = new Map<string, StreamCheckpoint>();
  return {
    load: (consumer) => {
      const found = consumers.get(consumer);
      return found && copy(found);
    },
    save: (consumer, checkpoint) => void consumers.set(consumer, copy(checkpoint)),
  };
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const parseCheckpointFile = (text: string): Map<string, StreamCheckpoint> => {
  const parsed: unknown = JSON.parse(text);
  if (!isObject(parsed)) throw new Error('not an object');
  const consumers = new Map<string, StreamCheckpoint>();
  for (const [consumer, value] of Object.entries(parsed)) {
    if (!isObject(value) || typeof value.streamArn !== 'string' || !isObject(value.shards)) throw new Error(`${consumer}: not {streamArn, shards}`);
    const shards = new Map<string, string>();
    for (const [shardId, sequence] of Object.entries(value.shards)) {
      if (typeof sequence !== 'string') throw new Error(`${consumer}: shard ${shardId} has no sequence number`);
      shards.set(shardId, sequence);
    }
    consumers.set(consumer, { streamArn: value.streamArn, shards });
  }
  return consumers;
};

/**
 * Checkpoints in one JSON file, `{"<function>": {"streamArn", "shards": {"<shardId>": "<sequence number>"}}}`
 * (one entry per stream function, as each deployed function has its own
 * event source mapping), written whole to a temporary file and renamed. The
 * pollers of one runtime share one store; a file that cannot be read is
 * reported and the consumers start from the oldest record, which is safe for
 * idempotent consumers such as notify.
 */
export const fileCheckpoints = (file: string, warn: (line: string) => void = () => undefined): CheckpointStore => {
  let consumers = new Map<string, StreamCheckpoint>();
  if (existsSync(file)) {
    try {
      consumers = parseCheckpointFile(readFileSync(file, 'utf8'));
    } catch (e) {
      warn(`warning: ${file} cannot be read (${(e as Error).message}); the stream consumers start from the oldest record`);
    }
  }
  return {
    load: (consumer) => {
      const found = consumers.get(consumer);
      return found && copy(found);
    },
    save: (consumer, checkpoint) => {
      consumers.set(consumer, copy(checkpoint));
      const json = Object.create(null) as Record<string, { streamArn: string; shards: Record<string, string> }>;
      for (const [name, { streamArn, shards }] of consumers) {
        json[name] = { streamArn, shards: Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(shards)) };
      }
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, file);
    },
  };
};

const dictionary = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** An attribute value as it appears in a Lambda event (JSON): binary as base64, the rest as DynamoDB JSON. */
export const toLambdaAttributeValue = (value: SdkAttributeValue): AttributeValue => {
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaAttributeValue) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  throw new Error(`unknown attribute value type: ${Object.keys(value).join(', ')}`);
};

const toLambdaImage = (image: Record<string, SdkAttributeValue>): Record<string, AttributeValue> => {
  const out = dictionary<AttributeValue>();
  for (const [name, value] of Object.entries(image)) out[name] = toLambdaAttributeValue(value);
  return out;
};

/** The record Lambda would put in the event for this stream record. */
export const toLambdaRecord = (record: SdkStreamRecord, streamArn: string, region: string): DynamoDBRecord => {
  const stream = record.dynamodb ?? {};
  const created = stream.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(created.getTime() / 1000) } : {}),
      ...(stream.Keys ? { Keys: toLambdaImage(stream.Keys) } : {}),
      ...(stream.NewImage ? { NewImage: toLambdaImage(stream.NewImage) } : {}),
      ...(stream.OldImage ? { OldImage: toLambdaImage(stream.OldImage) } : {}),
      SequenceNumber: stream.SequenceNumber,
      SizeBytes: stream.SizeBytes,
      StreamViewType: stream.StreamViewType,
    },
    // Set on TTL deletions: { type: 'Service', principalId: 'dynamodb.amazonaws.com' }.
    ...(record.userIdentity ? { userIdentity: { type: record.userIdentity.Type, principalId: record.userIdentity.PrincipalId } } : {}),
  };
};

/** A record set aside after its attempts, one JSON line each in the failures file. */
export type ParkedRecord = {
  parkedAt: string;
  function: string;
  streamArn: string;
  shardId: string;
  sequenceNumber: string;
  attempts: number;
  error: string;
  record: DynamoDBRecord;
};

export type StreamPollerOptions = {
  /** The function list stream entry: name (for logs, checkpoints and the context), handler file, filter patterns. */
  fn: { name: string; entry: string; filters: readonly FilterPattern[] };
  tableName: string;
  /** The function's handler; called before each invocation (it loads the module once, lazily). */
  loadHandler: () => StreamHandler;
  /** Default: in memory. */
  checkpoints?: CheckpointStore;
  /** JSON-lines file of the records set aside; without it they are only reported. */
  failuresFile?: string;
  /** Matching records per invocation (the deployed batchSize). */
  batchSize?: number;
  /** Retries of a failing record before it is set aside (the deployed retryAttempts). */
  retryAttempts?: number;
  /** Pause between polls of a stream with nothing new, and before a retry. */
  pollIntervalMs?: number;
  /** Longest pause after errors reaching the stream (doubling from pollIntervalMs). */
  maxBackoffMs?: number;
  /** An invocation running longer fails (the function's timeout). */
  timeoutMs?: number;
  region?: string;
  log?: (line: string) => void;
  warn?: (line: string) => void;
  /** Clients; by default made from the environment (DynamoDB Local serves the streams API on its own endpoint). */
  dynamodb?: DynamoDBClient;
  streams?: DynamoDBStreamsClient;
};

export type StreamPoller = {
  /** Resolves after the next complete poll, begun after the call, that found nothing new in any shard. */
  drained: () => Promise<void>;
  /** Stops polling: waits for the invocation in flight and its checkpoint. */
  stop: () => Promise<void>;
};

type ShardState = {
  id: string;
  parentId?: string;
  iterator?: string;
  /** Records fetched and not yet handled, in stream order. */
  buffer: DynamoDBRecord[];
  /** No NextShardIterator: nothing more will arrive. */
  closed: boolean;
  /** A batch of these sequence numbers threw: handle them one at a time until past the last. */
  singlyUntil?: string;
};

class HandlerLoadError extends Error {}

const sequenceOf = (record: DynamoDBRecord) => record.dynamodb?.SequenceNumber ?? '';
/** Stream sequence numbers are decimal strings of varying length. */
const compareSequence = (a: string, b: string) => (a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length);

const errorName = (e: unknown) => (e as { name?: string } | undefined)?.name;

/** The first record the handler reported as failed; 'batch' when the whole batch failed (as Lambda reads an invalid report). */
export const firstReportedFailure = (result: unknown, batch: readonly DynamoDBRecord[]): number | 'batch' | undefined => {
  if (!isObject(result)) return undefined;
  const failures = result.batchItemFailures;
  if (failures === undefined || failures === null) return undefined;
  if (!Array.isArray(failures)) return 'batch';
  let first: number | undefined;
  for (const failure of failures) {
    const id = isObject(failure) ? failure.itemIdentifier : undefined;
    const index = typeof id === 'string' && id !== '' ? batch.findIndex((record) => sequenceOf(record) === id) : -1;
    if (index < 0) return 'batch';
    first = first === undefined ? index : Math.min(first, index);
  }
  return first;
};

export const startStreamPoller = (options: StreamPollerOptions): StreamPoller => {
  const name = options.fn.name;
  const matches = compileEventFilter(options.fn.filters);
  const checkpoints = options.checkpoints ?? memoryCheckpoints();
  const batchSize = options.batchSize ?? 10;
  const retryAttempts = options.retryAttempts ?? 3;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const log = options.log ?? (() => undefined);
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dynamodb = options.dynamodb ?? new DynamoDBClient({});
  const streams =
    options.streams ??
    new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB_STREAMS || process.env.AWS_ENDPOINT_URL_DYNAMODB || undefined });

  let streamArn: string | undefined;
  let position: Map<string, string> = new Map();
  let shards = new Map<string, ShardState>();
  /** Failed attempts of the record at the head of a shard, by sequence number. */
  const attempts = new Map<string, number>();
  let stopping = false;
  let wake: (() => void) | undefined;
  const drainWaiters: Array<{ armed: boolean; resolve: () => void }> = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve();
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  const saveCheckpoint = () => {
    if (streamArn) checkpoints.save(name, { streamArn, shards: position });
  };

  /** The first `count` buffered records are done: checkpoint after the last of them. */
  const advance = (shard: ShardState, count: number) => {
    if (count <= 0) return;
    const done = shard.buffer.splice(0, count);
    for (const record of done) attempts.delete(sequenceOf(record));
    position.set(shard.id, sequenceOf(done[done.length - 1]!));
    saveCheckpoint();
  };

  const park = (shard: ShardState, record: DynamoDBRecord, tries: number, error: string) => {
    const parked: ParkedRecord = {
      parkedAt: new Date().toISOString(),
      function: name,
      streamArn: streamArn!,
      shardId: shard.id,
      sequenceNumber: sequenceOf(record),
      attempts: tries,
      error,
      record,
    };
    let where = '';
    if (options.failuresFile) {
      try {
        mkdirSync(path.dirname(options.failuresFile), { recursive: true, mode: 0o700 });
        appendFileSync(options.failuresFile, `${JSON.stringify(parked)}\n`, { mode: 0o600 });
        where = `; kept in ${options.failuresFile}`;
      } catch (e) {
        where = `; could not be written to ${options.failuresFile} (${(e as Error).message}): ${JSON.stringify(parked)}`;
      }
    }
    const keys = JSON.stringify(record.dynamodb?.Keys ?? {});
    warn(`${name}: set aside stream record ${parked.sequenceNumber} (${record.eventName} ${keys}) after ${tries} failed attempts: ${error}${where}`);
  };

  type Outcome = { ok: true } | { ok: false; failedAt: number | 'batch'; error: string };

  const invoke = async (batch: DynamoDBRecord[]): Promise<Outcome> => {
    let handler: StreamHandler;
    try {
      handler = options.loadHandler();
    } catch (e) {
      // Not the records' fault (a handler file not written yet, a syntax error): no attempt is counted.
      throw new HandlerLoadError(`${name}: cannot load ${options.fn.entry}: ${(e as Error).message}`);
    }
    const requestId = randomUUID();
    const context = buildContext({ name, entry: options.fn.entry, method: '', path: '' }, { awsRequestId: requestId, timeoutMs, region });
    const started = Date.now();
    const span = batch.length === 1 ? sequenceOf(batch[0]!) : `${sequenceOf(batch[0]!)}..${sequenceOf(batch[batch.length - 1]!)}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      });
      const result = await Promise.race([handler({ Records: batch }, context), timeout]);
      const failedAt = firstReportedFailure(result, batch);
      const ms = Date.now() - started;
      if (failedAt === undefined) {
        log(`${name} <- ${batch.length} stream record(s) ${span} -> ok (${ms} ms, request ${requestId})`);
        return { ok: true };
      }
      const error = failedAt === 'batch' ? 'invalid batchItemFailures in the response' : 'reported in batchItemFailures';
      log(`${name} <- ${batch.length} stream record(s) ${span} -> ${error} (${ms} ms, request ${requestId})`);
      return { ok: false, failedAt, error };
    } catch (e) {
      const error = (e as Error)?.message ?? String(e);
      log(`${name} <- ${batch.length} stream record(s) ${span} -> error: ${error} (${Date.now() - started} ms, request ${requestId})`);
      return { ok: false, failedAt: 'batch', error };
    } finally {
      clearTimeout(timer);
    }
  };

  /** Counts a failed attempt of the shard's first record; sets it aside when it has no retry left. */
  const failed = async (shard: ShardState, error: string) => {
    const record = shard.buffer[0]!;
    const tries = (attempts.get(sequenceOf(record)) ?? 0) + 1;
    if (tries > retryAttempts) {
      park(shard, record, tries, error);
      advance(shard, 1);
      return;
    }
    attempts.set(sequenceOf(record), tries);
    await sleep(pollIntervalMs);
  };

  /** Handles the shard's buffered records; true when any was handled. */
  const handleBuffer = async (shard: ShardState): Promise<boolean> => {
    let handled = false;
    while (shard.buffer.length > 0 && !stopping) {
      if (shard.singlyUntil && compareSequence(sequenceOf(shard.buffer[0]!), shard.singlyUntil) > 0) shard.singlyUntil = undefined;
      const limit = shard.singlyUntil ? 1 : batchSize;
      // The batch: the next `limit` matching records; the records that match nothing around them are done with it.
      const batch: DynamoDBRecord[] = [];
      const positions: number[] = [];
      let end = 0;
      while (end < shard.buffer.length && (batch.length < limit || !matches(shard.buffer[end]))) {
        const record = shard.buffer[end]!;
        if (matches(record)) {
          batch.push(record);
          positions.push(end);
        }
        end += 1;
      }
      if (batch.length === 0) {
        advance(shard, end);
        continue;
      }
      // Records before the batch's first are done already: the failure accounting looks at the buffer's head.
      advance(shard, positions[0]!);
      const offset = positions[0]!;
      const outcome = await invoke(batch);
      handled = true;
      if (outcome.ok) {
        advance(shard, end - offset);
      } else if (outcome.failedAt === 'batch' && batch.length > 1) {
        shard.singlyUntil = sequenceOf(batch[batch.length - 1]!);
        await sleep(pollIntervalMs);
      } else {
        advance(shard, outcome.failedAt === 'batch' ? 0 : positions[outcome.failedAt]! - offset);
        await failed(shard, outcome.error);
      }
    }
    return handled;
  };

  /** Fetches the next records of a shard into its buffer; true when any arrived. */
  const fetch = async (shard: ShardState): Promise<boolean> => {
    try {
      if (!shard.iterator) {
        const after = position.get(shard.id);
        const got = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.id,
            ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
        );
        shard.iterator = got.ShardIterator;
        if (!shard.iterator) {
          shard.closed = true;
          return false;
        }
      }
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
      shard.iterator = page.NextShardIterator;
      if (!page.NextShardIterator) shard.closed = true;
      const records = (page.Records ?? []).map((record) => toLambdaRecord(record, streamArn!, region));
      shard.buffer.push(...records);
      return records.length > 0;
    } catch (e) {
      switch (errorName(e)) {
        case 'ExpiredIteratorException':
          shard.iterator = undefined;
          return false;
        case 'TrimmedDataAccessException':
          warn(
            `${name}: records of shard ${shard.id} after ${position.get(shard.id) ?? 'its start'} were trimmed from the stream before being read; going on from the oldest left`,
          );
          shard.iterator = undefined;
          position.delete(shard.id);
          return false;
        case 'ResourceNotFoundException':
          shards.delete(shard.id);
          return false;
        default:
          throw e;
      }
    }
  };

  const listShards = async (arn: string): Promise<Shard[]> => {
    const all: Shard[] = [];
    let start: string | undefined;
    do {
      const page = await streams.send(new DescribeStreamCommand({ StreamArn: arn, ...(start ? { ExclusiveStartShardId: start } : {}) }));
      all.push(...(page.StreamDescription?.Shards ?? []));
      start = page.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return all;
  };

  /** One pass over the stream; true when records were fetched (so the next pass need not wait). */
  const poll = async (): Promise<boolean> => {
    const table = await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName }));
    const arn = table.Table?.LatestStreamArn;
    if (!arn || !table.Table?.StreamSpecification?.StreamEnabled) throw new Error(`table ${options.tableName} has no stream enabled`);
    if (arn !== streamArn) {
      const saved = checkpoints.load(name);
      if (saved && saved.streamArn !== arn) log(`${name}: the table has a new stream (${arn}); reading it from the start`);
      streamArn = arn;
      position = saved?.streamArn === arn ? saved.shards : new Map();
      shards = new Map();
      attempts.clear();
    }
    const listed = await listShards(arn);
    const ids = new Set(listed.map((s) => s.ShardId!));
    for (const id of shards.keys()) if (!ids.has(id)) shards.delete(id);
    for (const id of position.keys()) if (!ids.has(id)) position.delete(id);
    for (const s of listed) {
      if (!shards.has(s.ShardId!)) shards.set(s.ShardId!, { id: s.ShardId!, parentId: s.ParentShardId, buffer: [], closed: false });
    }
    let fetched = false;
    for (const shard of [...shards.values()]) {
      if (stopping) break;
      const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
      // A child shard continues its parent's records: only once the parent is read to its end.
      if (parent && !(parent.closed && parent.buffer.length === 0)) continue;
      if (shard.closed && shard.buffer.length === 0) continue;
      if (shard.buffer.length === 0 && (await fetch(shard))) fetched = true;
      if (await handleBuffer(shard)) fetched = true;
    }
    return fetched;
  };

  const loop = (async () => {
    let errors = 0;
    let lastError = '';
    while (!stopping) {
      for (const waiter of drainWaiters) waiter.armed = true;
      let delay = pollIntervalMs;
      try {
        const busy = await poll();
        if (lastError) log(`${name}: reading the stream again`);
        errors = 0;
        lastError = '';
        if (busy) delay = 0;
        else {
          for (const waiter of drainWaiters.filter((w) => w.armed)) {
            drainWaiters.splice(drainWaiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      } catch (e) {
        errors += 1;
        delay = Math.min(maxBackoffMs, pollIntervalMs * 2 ** errors);
        const message =
          e instanceof HandlerLoadError ? e.message : `${name}: cannot read the stream of ${options.tableName}: ${(e as Error)?.message ?? String(e)}`;
        if (message !== lastError) warn(`${message} (retrying, at most every ${maxBackoffMs / 1000} s)`);
        lastError = message;
      }
      if (delay > 0) await sleep(delay);
    }
  })();

  let stopped: Promise<void> | undefined;
  return {
    drained: () => new Promise<void>((resolve) => drainWaiters.push({ armed: false, resolve })),
    stop: () => {
      stopped ??= (async () => {
        stopping = true;
        wake?.();
        await loop;
        for (const waiter of drainWaiters.splice(0)) waiter.resolve();
        if (!options.dynamodb) dynamodb.destroy();
        if (!options.streams) streams.destroy();
      })();
      return stopped;
    },
  };
};
