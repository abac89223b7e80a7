/**
 * The tracking dispatcher (EventBridge, every minute): finds the checks that
 * are due in every shard of the tracking-due index at once, never a scan, and
 * queues them for the tracking workers (functions/tracking-check,
 * shared/services/tracking/dispatch.ts). It writes nothing to the table; a
 * run that leaves due checks behind (backlog limit, time budget) leaves them
 * for the next run.
 */
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { inInvocation, injectLambdaContext, logger, traceInvocation } from '../../shared/observability';
import { runtimeWith, type RuntimeOverrides } from '../../shared/process-runtime';
import { createTrackingDispatcher, type DispatcherDependencies, type DispatchOptions, type DispatchSummary } from '../../shared/services/tracking/dispatch';

export const createTrackingRefreshHandler = (options: RuntimeOverrides & Pick<DispatcherDependencies, 'queue'> & { dispatch?: DispatchOptions } = {}) => {
  const { dispatch, queue, ...overrides } = options;
  const tracking = createTrackingDispatcher({ logger, ...runtimeWith(overrides), ...(queue ? { queue } : {}) });
  const handler = middy(async (_event: ScheduledEvent, _context: Context): Promise<DispatchSummary> => {
    // Cleared after each run (resetKeys), like the Lambda context.
    logger.appendKeys({ function: 'tracking-refresh' });
    return tracking.dispatchDue(dispatch);
  })
    .use(injectLambdaContext(logger))
    .use(traceInvocation());
  return inInvocation((event: ScheduledEvent, context: Context) => handler(event, context));
};

export const handler = createTrackingRefreshHandler();
