/**
 * The tracking dispatcher (EventBridge, every minute): finds the checks that
 * are due in every shard of the tracking-due index at once, never a scan, and
 * queues them for the tracking workers (functions/tracking-check,
 * shared/services/tracking.ts dispatchDue). It writes nothing to the table; a
 * run that leaves due checks behind (backlog limit, time budget) leaves them
 * for the next run.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { defaultShipmentCarriers, type ShipmentCarriers } from '../../shared/carriers/shipment-carriers';
import { logger } from '../../shared/logger';
import { tracerLoader } from '../../shared/tracer';
import { createTrackingService, type DispatchOptions, type DispatchSummary, type TrackingDependencies } from '../../shared/services/tracking';

export const createTrackingRefreshHandler = (
  registry: ShipmentCarriers,
  options: Pick<TrackingDependencies, 'clock' | 'pace' | 'queue'> & { dispatch?: DispatchOptions } = {},
) => {
  const { dispatch, ...dependencies } = options;
  const tracking = createTrackingService({ registry, logger, ...dependencies });
  return middy(async (_event: ScheduledEvent, _context: Context): Promise<DispatchSummary> => {
    // Cleared after each run (resetKeys), like the Lambda context.
    logger.appendKeys({ function: 'tracking-refresh' });
    return tracking.dispatchDue(dispatch);
  })
    .use(tracerLoader())
    .use(injectLambdaContext(logger, { resetKeys: true }));
};

export const handler = createTrackingRefreshHandler(defaultShipmentCarriers);
