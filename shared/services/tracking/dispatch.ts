/**
 * The tracking dispatcher (functions/tracking-refresh, docs/tracking.md):
 * reads every shard of the tracking-due index at once (Query pages, oldest
 * due first, never a Scan) and queues each due check for the tracking
 * workers (./check.ts). It writes nothing: a check queued twice (still due at
 * the next run) is claimed once, and an order a worker left (it died) is
 * still due, so the next run finds it again. A run queues no more than the
 * backlog allows, shared fairly between the shards.
 */
import type { DueCheck } from '../../domain/due-check';
import { queueOf, type QueuePort } from '../../queues';
import { TRACKING_SHARDS } from '../../store/keys';
import { dueChecks } from '../../store/tracking-schedule';
import type { TrackingContext } from './context';

export type DispatchSummary = {
  /** Checks queued by this run. */
  queued: number;
  /** Messages already waiting when the run began. */
  backlog: number;
  /** Whether due checks were left for the next run (backlog limit or time budget). */
  more: boolean;
};

/** A run's limits; each defaults to its setting (TRACKING_DISPATCH_BACKLOG, TRACKING_DISPATCH_BUDGET_MS) or the page size. */
export type DispatchOptions = { backlog?: number; budgetMs?: number; pageSize?: number };

export type DispatcherDependencies = TrackingContext & {
  /** Where the dispatcher queues checks (default: the tracking-checks queue, shared/queues.ts). */
  queue?: () => QueuePort<DueCheck>;
};

/** Due checks read from one shard at a time: one Query page (KEYS_ONLY entries of about 100 bytes, so well under 1 MB). */
const PAGE_SIZE = 1_000;

export const createTrackingDispatcher = ({
  clock,
  elapsedMs,
  logger,
  settings,
  queue = () => queueOf<DueCheck>('tracking-checks'),
}: DispatcherDependencies) => ({
  async dispatchDue(options: DispatchOptions = {}): Promise<DispatchSummary> {
    const limit = Math.max(0, options.backlog ?? settings.trackingDispatchBacklog);
    const budgetMs = options.budgetMs ?? settings.trackingDispatchBudgetMs;
    const pageSize = Math.max(1, Math.min(PAGE_SIZE, options.pageSize ?? PAGE_SIZE));
    const started = elapsedMs();
    const now = clock();
    const port = queue();
    const backlog = (await port.depth?.()) ?? 0;
    const summary: DispatchSummary = { queued: 0, backlog, more: false };
    const room = limit - backlog;
    if (room <= 0) {
      summary.more = true;
      logger.warn('tracking dispatch skipped: the tracking-checks queue is at its backlog limit', { backlog, limit });
      return summary;
    }
    const share = Math.max(1, Math.ceil(room / TRACKING_SHARDS));
    const drain = async (shard: number) => {
      let taken = 0;
      let start: Record<string, unknown> | undefined;
      do {
        if (elapsedMs() - started > budgetMs || taken >= share) {
          summary.more = true;
          return;
        }
        const page = await dueChecks(shard, now, Math.min(pageSize, share - taken), start);
        if (page.checks.length > 0) await port.send(page.checks, 0);
        taken += page.checks.length;
        summary.queued += page.checks.length;
        start = page.next;
      } while (start);
    };
    await Promise.all(Array.from({ length: TRACKING_SHARDS }, (_, shard) => drain(shard)));
    // A run that found nothing due says nothing: locally the timer runs every few seconds.
    if (summary.queued > 0) logger.info('tracking dispatch', { ...summary });
    return summary;
  },
});

export type TrackingDispatcher = ReturnType<typeof createTrackingDispatcher>;
