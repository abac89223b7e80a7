/**
 * The scheduled tracking refresh (EventBridge, every few minutes): checks the
 * orders that are due through the active-orders index, never a scan
 * (shared/services/tracking.ts refreshDue). A run that leaves due orders
 * behind (batch size, time budget) leaves them for the next run.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { logger } from '../../shared/logger';
import { createTrackingService, type RefreshOptions, type RefreshSummary, type TrackingDependencies } from '../../shared/services/tracking';

export const createTrackingRefreshHandler = (
  registry: CarrierRegistry,
  options: Pick<TrackingDependencies, 'clock' | 'pace'> & { refresh?: RefreshOptions } = {},
) => {
  const { refresh, ...dependencies } = options;
  const tracking = createTrackingService({ registry, logger, ...dependencies });
  return middy(async (_event: ScheduledEvent, _context: Context): Promise<RefreshSummary> => {
    // Cleared after each run (resetKeys), like the Lambda context.
    logger.appendKeys({ function: 'tracking-refresh' });
    return tracking.refreshDue(refresh);
  }).use(injectLambdaContext(logger, { resetKeys: true }));
};

export const handler = createTrackingRefreshHandler(defaultRegistry);
