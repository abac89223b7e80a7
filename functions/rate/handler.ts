/** POST /v1/rate (spec 4.4): the rating service does the work (shared/services/rating.ts). */
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { rateRoute } from '../../shared/contract/rate';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { packagingPreload } from '../../shared/services/preload';
import { createRatingService } from '../../shared/services/rating';

export const createRateHandler = (registry: CarrierRegistry, clock?: () => Date) => {
  const rating = createRatingService({ registry, clock, logger });
  // The route reads the body with its schema; rating resolves its packaging against the defaults and the company's boxes.
  return httpHandler(rateRoute, async ({ body }, caller) => ({ data: await rating.rate(caller.company, body, caller.mode) }), packagingPreload);
};

export const handler = createRateHandler(defaultRegistry);
