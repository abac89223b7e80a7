/**
 * A local stand-in for the EventBridge schedule of a function list schedule entry
 * (lib/shipping-stack.ts): invokes the function's handler, in this process,
 * with the "Scheduled Event" EventBridge would send, at a fixed rate.
 *
 * Locally the rate is LOCAL_REFRESH_SECONDS (default 30 s), not the deployed
 * `everyMinutes`: a demo should see orders move within a minute, not wait for
 * the next five-minute mark. A tick that comes while the previous run is
 * still going is skipped, so one function never runs twice at once; a failed
 * run is reported and the next tick runs as usual.
 */
import { randomUUID } from 'node:crypto';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { buildContext } from './api-gateway';

export type ScheduledHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export const DEFAULT_LOCAL_REFRESH_SECONDS = 30;
const MAX_LOCAL_REFRESH_SECONDS = 24 * 60 * 60;

/** LOCAL_REFRESH_SECONDS: whole seconds between the runs of each schedule function, 1 to 86400, default 30. */
export const localRefreshSeconds = (env: NodeJS.ProcessEnv = process.env): number => {
  const raw = env.LOCAL_REFRESH_SECONDS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_LOCAL_REFRESH_SECONDS;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_LOCAL_REFRESH_SECONDS) {
    throw new Error(`LOCAL_REFRESH_SECONDS must be a whole number of seconds from 1 to ${MAX_LOCAL_REFRESH_SECONDS}, got "${raw}"`);
  }
  return seconds;
};

const ACCOUNT = '123456789012';
const TIMED_OUT = Symbol('timed out');

/** The event an EventBridge rate rule sends its target. */
export const scheduledEvent = (functionName: string, options: { region: string; now: Date; id?: string }): ScheduledEvent => ({
  version: '0',
  id: options.id ?? randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: ACCOUNT,
  // EventBridge writes whole seconds: 2026-05-01T12:00:00Z.
  time: `${options.now.toISOString().slice(0, 19)}Z`,
  region: options.region,
  resources: [`arn:aws:events:${options.region}:${ACCOUNT}:rule/local-${functionName}`],
  detail: {},
});

export type TimerOptions = {
  /** The function list schedule entry: name (for logs and the context) and handler file. */
  fn: { name: string; entry: string };
  intervalMs: number;
  /** The function's handler; called before each run (it loads the module once, lazily). */
  loadHandler: () => ScheduledHandler;
  /** A run taking longer is reported as failed (the function's timeout); the next one waits for it all the same. */
  timeoutMs?: number;
  region?: string;
  now?: () => Date;
  log?: (line: string) => void;
  warn?: (line: string) => void;
};

export type Timer = {
  /** Stops the ticks and waits for the run in flight. */
  stop: () => Promise<void>;
};

/** Starts ticking; the first run comes one interval after the start, as with a new EventBridge rule. */
export const startTimer = (options: TimerOptions): Timer => {
  const name = options.fn.name;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = async () => {
    const requestId = randomUUID();
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = options.loadHandler();
      const context = buildContext({ name, entry: options.fn.entry, method: '', path: '' }, { awsRequestId: requestId, timeoutMs, region });
      const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
      });
      const work = handler(scheduledEvent(name, { region, now: now() }), context);
      if ((await Promise.race([work, timedOut])) === TIMED_OUT) {
        warn(`${name} (schedule) ran longer than ${timeoutMs} ms (request ${requestId}); the next run waits for it`);
        await work;
      }
      log(`${name} <- scheduled event -> ok (${Date.now() - started} ms, request ${requestId})`);
    } catch (e) {
      warn(`${name} (schedule) failed (${Date.now() - started} ms, request ${requestId}): ${(e as Error)?.stack ?? String(e)}`);
    } finally {
      clearTimeout(timer);
    }
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      log(`${name}: the previous scheduled run is still going; skipping this one`);
      return;
    }
    running = run().finally(() => {
      running = undefined;
    });
  };
  const interval = setInterval(tick, options.intervalMs);

  return {
    stop: async () => {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
};
