/**
 * A local stand-in for an SQS queue and its Lambda event source mapping
 * (lib/shipping-stack.ts, a manifest `queue` trigger): messages sent with a
 * delay, received by the queue function in this process in batches of the
 * trigger's size as SQS events, failures reported per message
 * (`batchItemFailures`) and handed again after the visibility timeout; after
 * `maxReceives` receipts a message is set aside in a JSON-lines dead-letter
 * file, as SQS moves it to the dead-letter queue.
 *
 * Durable: every message lives in a JSON file under DATA_DIR, rewritten
 * (write then rename) on each change, so a runtime stopped mid-retry finds
 * its messages again at the next start. Messages are handed in parallel:
 * one slow endpoint never holds up another's delivery. A FIFO queue
 * (shared/functions.ts FIFO_QUEUES) hands one message of a group at a time,
 * the oldest first, and keeps a message whose `dedupeId` it already holds once,
 * as SQS FIFO does.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueuePort } from '../shared/queues';
import { buildContext } from './api-gateway';

export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

type Stored = { id: string; body: string; visibleAt: number; receives: number; sentAt: number; group?: string; dedupeId?: string };

export type LocalQueueOptions = {
  name: string;
  fn: { name: string; entry: string; batchSize: number; maxReceives: number };
  loadHandler: () => QueueHandler;
  /** FIFO: each message's `group` and `dedupeId` (its JSON's fields) order and deduplicate it. */
  fifo?: boolean;
  /** The queue file; memory only without one (tests). */
  file?: string;
  /** Where messages that ran out of receipts go (JSON lines). */
  deadLetterFile?: string;
  /** Seconds a received message stays invisible when its handling failed. */
  visibilitySeconds?: number;
  timeoutMs?: number;
  region?: string;
  now?: () => number;
  log?: (line: string) => void;
  warn?: (line: string) => void;
};

export type LocalQueue = QueuePort<unknown> & {
  /** Messages waiting (visible or not). */
  size: () => number;
  /** Hands every visible message now; resolves when their handling ends (tests). */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
};

const load = (file: string | undefined, warn: (line: string) => void): Stored[] => {
  if (!file || !existsSync(file)) return [];
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(value) ? (value as Stored[]).filter((m) => typeof m?.id === 'string' && typeof m.body === 'string') : [];
  } catch (e) {
    warn(`the queue file ${file} is unreadable (${(e as Error).message}); starting empty`);
    return [];
  }
};

export const startLocalQueue = (options: LocalQueueOptions): LocalQueue => {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const visibilityMs = (options.visibilitySeconds ?? 30) * 1000;
  const messages = new Map<string, Stored>(load(options.file, warn).map((m) => [m.id, m]));
  const inFlight = new Set<Promise<void>>();
  /** FIFO: the groups with a message being handled. */
  const busyGroups = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const persist = () => {
    if (!options.file) return;
    mkdirSync(path.dirname(options.file), { recursive: true });
    const temporary = `${options.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify([...messages.values()]), { mode: 0o600 });
    renameSync(temporary, options.file);
  };

  const record = (m: Stored, region: string): SQSRecord => ({
    messageId: m.id,
    receiptHandle: `${m.id}:${m.receives}`,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receives),
      SentTimestamp: String(m.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:${region}:123456789012:${options.name}`,
    awsRegion: region,
  });

  const handle = async (batch: Stored[]) => {
    const region = options.region ?? 'us-east-1';
    let failed = new Set<string>(batch.map((m) => m.id));
    try {
      const handler = options.loadHandler();
      const context = buildContext(
        { name: options.fn.name, entry: options.fn.entry, method: 'queue', path: '' },
        { awsRequestId: randomUUID(), timeoutMs: options.timeoutMs ?? 30_000, region },
      );
      const result = await handler({ Records: batch.map((m) => record(m, region)) }, context);
      failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (e) {
      warn(`${options.fn.name}: the batch failed: ${(e as Error).message}`);
    }
    for (const m of batch) {
      if (!failed.has(m.id)) messages.delete(m.id);
      else if (m.receives >= options.fn.maxReceives) {
        messages.delete(m.id);
        if (options.deadLetterFile)
          appendFileSync(options.deadLetterFile, `${JSON.stringify({ queue: options.name, ...m, deadAt: new Date(now()).toISOString() })}\n`, { mode: 0o600 });
        warn(`${options.fn.name}: message ${m.id} failed ${m.receives} times: set aside${options.deadLetterFile ? ` in ${options.deadLetterFile}` : ''}`);
      } else m.visibleAt = now() + visibilityMs;
    }
    for (const m of batch) if (m.group !== undefined) busyGroups.delete(m.group);
    persist();
    schedule();
  };

  /** FIFO: the oldest message of each group, when it is due and its group is not busy. */
  const fifoDue = (due: Stored[]): Stored[] => {
    const heads = new Map<string, Stored>();
    for (const m of [...messages.values()].sort((a, b) => a.sentAt - b.sentAt)) if (m.group !== undefined && !heads.has(m.group)) heads.set(m.group, m);
    return due.filter((m) => m.group === undefined || (heads.get(m.group) === m && !busyGroups.has(m.group)));
  };

  const pump = () => {
    // Called by its timer or directly (drain): either way no other timer stays behind.
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const visible = [...messages.values()].filter((m) => m.visibleAt <= now()).sort((a, b) => a.visibleAt - b.visibleAt);
    const due = options.fifo ? fifoDue(visible) : visible;
    if (due.length > 0) {
      for (const m of due) {
        if (m.group !== undefined) busyGroups.add(m.group);
        m.receives += 1;
        // Invisible while handled; handled again after the timeout if this process dies now.
        m.visibleAt = now() + Math.max(visibilityMs, options.timeoutMs ?? 30_000);
      }
      persist();
      for (let i = 0; i < due.length; i += options.fn.batchSize) {
        const run = handle(due.slice(i, i + options.fn.batchSize)).finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
    }
    schedule();
  };

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    // A FIFO message waiting behind its group's busy head is handed when that head's handling ends (handle schedules again).
    const next = Math.min(...[...messages.values()].filter((m) => m.group === undefined || !busyGroups.has(m.group)).map((m) => m.visibleAt));
    if (!Number.isFinite(next)) {
      timer = undefined;
      return;
    }
    timer = setTimeout(pump, Math.max(0, Math.min(next - now(), 60_000)));
  };

  schedule();

  return {
    async send(batch: readonly unknown[], delaySeconds: number) {
      if (stopped) throw new Error(`the local queue ${options.name} is stopped`);
      const sentAt = now();
      const held = new Set([...messages.values()].map((m) => m.dedupeId));
      for (const message of batch) {
        const id = randomUUID();
        const fifo = options.fifo ? (message as { group: string; dedupeId: string }) : undefined;
        if (fifo && held.has(fifo.dedupeId)) continue;
        messages.set(id, {
          id,
          body: JSON.stringify(message),
          visibleAt: sentAt + (fifo ? 0 : Math.max(0, delaySeconds) * 1000),
          receives: 0,
          sentAt,
          ...(fifo ? { group: fifo.group, dedupeId: fifo.dedupeId } : {}),
        });
        if (fifo) held.add(fifo.dedupeId);
      }
      persist();
      schedule();
    },
    size: () => messages.size,
    depth: async () => messages.size,
    async drain() {
      pump();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
      persist();
    },
  };
};
