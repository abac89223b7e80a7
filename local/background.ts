/**
 * The local runtime's functions that no HTTP request calls, from the
 * function list: a poller of the table's stream per stream function
 * (stream-poller.ts), a queue per queue function (delivery-queue.ts) and a
 * timer per schedule function (timer.ts), each loading its handler in this
 * process on first use, like the HTTP handlers.
 */
import { FUNCTIONS, type FunctionEntry } from '../shared/functions';
import { FIFO_QUEUES, useQueue } from '../shared/queues';
import { requireHandlerLoader } from './api-gateway';
import { startLocalQueue, type QueueHandler } from './delivery-queue';
import { dataPaths } from './runtime-files';
import { fileCheckpoints, startStreamPoller, type StreamHandler, type StreamPoller } from './stream-poller';
import { startTimer, type ScheduledHandler } from './timer';

/** Like the deployed functions' timeout (lib/stages.ts). */
const FUNCTION_TIMEOUT_MS = 15_000;
/** Like the deployed queue consumers' timeout (lib/shipping-stack.ts QUEUE_CONSUMER_TIMEOUT_SECONDS). */
const QUEUE_FUNCTION_TIMEOUT_MS = 30_000;

/** A running poller, queue or timer, stopped before the emulators. */
export type BackgroundFunction = { name: string; stop: () => Promise<void> };

/** The stream filters of a function cannot be applied locally: the runtime does not start. */
export class StreamFilterError extends Error {}

export type BackgroundOptions = {
  dataDir: string;
  tableName: string;
  region: string;
  refreshSeconds: number;
  log: (line: string) => void;
  warn: (line: string) => void;
};

/** Each function's handler module, required on first use (in this process, like the HTTP handlers). */
const loadFunctionHandler = requireHandlerLoader();
const handlerOf =
  <H>(f: FunctionEntry) =>
  (): H =>
    loadFunctionHandler({ name: f.name, entry: f.entry, method: f.trigger.kind, path: '' }) as unknown as H;

/**
 * Starts a poller per stream function, a queue per queue function and a
 * timer per schedule function of the function list, each added to `running`
 * as it starts (so a stop stops those started before a failure); returns the banner lines.
 */
export const startBackgroundFunctions = (options: BackgroundOptions, running: BackgroundFunction[]): string[] => {
  const { dataDir, region, log, warn } = options;
  const lines: string[] = [];
  const checkpoints = fileCheckpoints(dataPaths(dataDir).streamCheckpoints, warn);
  for (const f of FUNCTIONS) {
    const { trigger } = f;
    if (trigger.kind === 'stream') {
      let poller: StreamPoller;
      try {
        poller = startStreamPoller({
          fn: { name: f.name, entry: f.entry, filters: trigger.filters },
          tableName: options.tableName,
          loadHandler: handlerOf<StreamHandler>(f),
          checkpoints,
          failuresFile: dataPaths(dataDir).streamFailures,
          timeoutMs: FUNCTION_TIMEOUT_MS,
          region,
          log,
          warn,
        });
      } catch (e) {
        throw new StreamFilterError(`the stream filters of ${f.name} cannot be applied locally: ${(e as Error).message}`);
      }
      running.push({ name: f.name, stop: poller.stop });
      lines.push(`Stream     ${f.name} (filters: ${trigger.filters.length} pattern${trigger.filters.length === 1 ? '' : 's'})`);
    } else if (trigger.kind === 'queue') {
      const queue = startLocalQueue({
        name: trigger.queue,
        fn: { name: f.name, entry: f.entry, batchSize: trigger.batchSize, maxReceives: trigger.maxReceives },
        fifo: FIFO_QUEUES.includes(trigger.queue),
        loadHandler: handlerOf<QueueHandler>(f),
        file: dataPaths(dataDir).queue(trigger.queue),
        deadLetterFile: dataPaths(dataDir).queueDeadLetters,
        timeoutMs: QUEUE_FUNCTION_TIMEOUT_MS,
        region,
        log,
        warn,
      });
      // Every function of this process sends to it (shared/queues.ts).
      useQueue(trigger.queue, queue);
      running.push({ name: f.name, stop: queue.stop });
      lines.push(`Queue      ${trigger.queue} → ${f.name} (${queue.size()} message(s) waiting)`);
    } else if (trigger.kind === 'schedule') {
      const timer = startTimer({
        fn: { name: f.name, entry: f.entry },
        intervalMs: options.refreshSeconds * 1000,
        loadHandler: handlerOf<ScheduledHandler>(f),
        timeoutMs: FUNCTION_TIMEOUT_MS,
        region,
        log,
        warn,
      });
      running.push({ name: f.name, stop: timer.stop });
      lines.push(`Timer      ${f.name} every ${options.refreshSeconds} s (deployed: every ${trigger.everyMinutes} min; LOCAL_REFRESH_SECONDS)`);
    }
  }
  return lines;
};
