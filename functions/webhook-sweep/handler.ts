/**
 * The webhook sweep (EventBridge, every 5 minutes; locally the timer): finds
 * the pending deliveries no queue message has moved for SWEEP_AFTER_SECONDS
 * in every shard of the webhook-overdue index at once, never a scan, and
 * queues them again for the delivery workers, or fails one whose messages
 * kept failing (shared/services/webhook-sweep.ts). A run that leaves some
 * behind (its time budget) leaves them for the next run.
 */
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { inInvocation, injectLambdaContext, logger, metrics, traceInvocation } from '../../shared/observability';
import { createWebhookSweep, type SweepSummary, type WebhookSweepDependencies } from '../../shared/services/webhook-sweep';

export const createWebhookSweepHandler = (options: Omit<WebhookSweepDependencies, 'logger'> = {}) => {
  const sweep = createWebhookSweep({ logger, ...options });
  const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<SweepSummary> => {
    // Cleared after each run (resetKeys), like the Lambda context.
    logger.appendKeys({ function: 'webhook-sweep' });
    try {
      return await sweep.sweep();
    } finally {
      // Only a run that swept something has a metric: logMetrics would warn of empty metrics on every quiet run.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  })
    .use(injectLambdaContext(logger))
    .use(traceInvocation());
  return inInvocation((event: ScheduledEvent, context: Context) => handler(event, context));
};

export const handler = createWebhookSweepHandler();
