/**
 * The webhook sweep (docs/webhooks.md, "Deliveries stuck"): every delivery
 * ends delivered or failed, even when no queue message moves it any more.
 *
 * On a deployed stage a message that kept failing (a worker that died
 * mid-attempt, the store or KMS failing) goes to the dead-letter queue after
 * 5 receipts, and a delivery written by a stream batch that gave up may never
 * have had one; its delivery stays pending. The sweep (EventBridge, locally
 * the timer) reads the sparse webhook-overdue index shard by shard, never a
 * scan, for pending deliveries whose next attempt is SWEEP_AFTER_SECONDS
 * behind, and for each that no live attempt holds:
 *
 * - counts the sweep and moves its entry on, in one conditional write that
 *   only one of two sweeps wins, then sends it a message with its current
 *   attempts: the worker attempts it as any other (its lease, its schedule),
 *   and a message of it still somewhere in the queue finds the attempts moved
 *   on and is dropped, or waits out the lease;
 * - after MAX_SWEEPS sweeps without an attempt in between, fails it instead
 *   (its messages fail every time): a retry by hand starts it again.
 *
 * A run stops at its time budget and leaves the rest to the next run; a
 * message that fails to send leaves its delivery to be found again one
 * SWEEP_AFTER_SECONDS later (the run throws, and says so).
 */
import { type LogPort, metrics, MetricUnit } from '../observability';
import { WEBHOOK_OVERDUE_SHARDS } from '../store/keys';
import { ConditionFailed } from '../store/table-ops';
import { ATTEMPT_LEASE_SECONDS, deliveryAt, failDelivery, MAX_SWEEPS, overdueDeliveries, sweepDelivery, type OverdueEntry } from '../store/webhooks';
import { deliveryQueue, type DeliveryMessage } from '../webhooks/queue';

/** Index entries read per query. */
const PAGE_SIZE = 100;
/** A run stops starting pages after this (the function's timeout is 15 s). */
export const SWEEP_BUDGET_MS = 10_000;
export const SWEEP_GAVE_UP = `not attempted: its queue messages kept failing (requeued ${MAX_SWEEPS} times by the sweep)`;

export type SweepSummary = { requeued: number; failed: number; more: boolean };

export type WebhookSweepDependencies = {
  clock?: () => Date;
  logger: LogPort;
  budgetMs?: number;
  pageSize?: number;
};

export const createWebhookSweep = ({ clock = () => new Date(), logger, budgetMs = SWEEP_BUDGET_MS, pageSize = PAGE_SIZE }: WebhookSweepDependencies) => {
  /** The message for a stuck delivery, or undefined when it is not (any more) to be swept; fails it after MAX_SWEEPS. */
  const sweepOne = async (entry: OverdueEntry, now: Date, staleBefore: Date, summary: SweepSummary): Promise<DeliveryMessage | undefined> => {
    const item = await deliveryAt(entry.key);
    // Moved since the index was read (an attempt, a retry, another sweep), or ended.
    if (!item || item.status !== 'pending' || item.overdueAt !== entry.overdueAt) return undefined;
    // An attempt in flight: it moves the delivery itself.
    if (item.attempt && item.attempt.startedAt >= staleBefore.toISOString()) return undefined;
    const log = {
      webhookId: item.webhookId,
      deliveryId: item.deliveryId,
      attempts: item.attempts,
      sweeps: item.sweeps ?? 0,
      nextAttemptAt: item.nextAttemptAt,
    };
    if ((item.sweeps ?? 0) >= MAX_SWEEPS) {
      if (await failDelivery(item, SWEEP_GAVE_UP, staleBefore, item)) {
        summary.failed += 1;
        metrics.addMetric('WebhookFailed', MetricUnit.Count, 1);
        logger.warn('webhook delivery failed by the sweep', log);
      }
      return undefined;
    }
    try {
      await sweepDelivery(item, now, staleBefore);
    } catch (e) {
      if (e instanceof ConditionFailed) return undefined;
      throw e;
    }
    logger.warn('webhook delivery requeued by the sweep', { ...log, deadAttempt: item.attempt !== undefined });
    return { companyId: item.companyId, webhookId: item.webhookId, deliveryId: item.deliveryId, attempts: item.attempts };
  };

  return {
    /** One run over every shard of the webhook-overdue index. */
    async sweep(): Promise<SweepSummary> {
      const started = Date.now();
      const now = clock();
      const staleBefore = new Date(now.getTime() - ATTEMPT_LEASE_SECONDS * 1000);
      const summary: SweepSummary = { requeued: 0, failed: 0, more: false };
      const drain = async (shard: number) => {
        let start: Record<string, unknown> | undefined;
        do {
          if (Date.now() - started > budgetMs) {
            summary.more = true;
            return;
          }
          const page = await overdueDeliveries(shard, now, pageSize, start);
          const messages = (await Promise.all(page.entries.map((entry) => sweepOne(entry, now, staleBefore, summary)))).filter((m) => m !== undefined);
          if (messages.length > 0) {
            await deliveryQueue().send(messages, 0);
            summary.requeued += messages.length;
            metrics.addMetric('WebhookSwept', MetricUnit.Count, messages.length);
          }
          start = page.next;
        } while (start);
      };
      await Promise.all(Array.from({ length: WEBHOOK_OVERDUE_SHARDS }, (_, shard) => drain(shard)));
      // A run that found nothing says nothing: locally the timer runs every few seconds.
      if (summary.requeued > 0 || summary.failed > 0 || summary.more) logger.info('webhook sweep', { ...summary });
      return summary;
    },
  };
};

export type WebhookSweep = ReturnType<typeof createWebhookSweep>;
