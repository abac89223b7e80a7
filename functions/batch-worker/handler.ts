/**
 * The batch worker (the batch-items queue, docs/batches.md): each message is
 * one item of a batch, shipped under the item's lease through the ship path
 * of POST /v1/ship (shared/services/batch-worker.ts). The queue is FIFO, one
 * message at a time per group (a carrier account's slot), so at most
 * BATCH_CONCURRENCY_PER_ACCOUNT items of an account run at once. A message
 * that throws (the store failed, the item is held by a worker not yet known
 * dead) is handed again after the visibility timeout; after its receipts it
 * goes to the dead-letter queue, whose alarm calls the operator.
 */
import { queueStepHandler } from '../../shared/batch-handler';
import { defaultRegistry, type CarrierRegistry } from '../../shared/carriers/registry';
import { logger } from '../../shared/observability';
import { createBatchWorker, parseBatchMessage, type BatchWorkerDependencies } from '../../shared/services/batch-worker';
import type { RatingService } from '../../shared/services/rating';
import { createShippingService, type ShippingDependencies } from '../../shared/services/shipping';

export const createBatchWorkerHandler = (
  registry: CarrierRegistry,
  options: Pick<ShippingDependencies, 'afterCarrierShip' | 'pushSubscriber'> & Pick<BatchWorkerDependencies, 'clock' | 'newId'> = {},
) => {
  const { afterCarrierShip, pushSubscriber, ...worker } = options;
  const shipping = createShippingService({
    registry,
    logger,
    ...(worker.clock ? { clock: worker.clock } : {}),
    ...(afterCarrierShip ? { afterCarrierShip } : {}),
    ...(pushSubscriber ? { pushSubscriber } : {}),
  });
  // The rating service (and the address validation it brings) loads with the first rating item only.
  let rating: Promise<Pick<RatingService, 'rate'>> | undefined;
  const batches = createBatchWorker({
    shipping,
    rating: () =>
      (rating ??= import('../../shared/services/rating').then(({ createRatingService }) =>
        createRatingService({ registry, logger, ...(worker.clock ? { clock: worker.clock } : {}) }),
      )),
    logger,
    ...worker,
  });
  return queueStepHandler({
    parse: parseBatchMessage,
    kind: 'a batch item',
    failed: 'batch item step failed',
    describe: (message) => ({ batchId: message.batchId, index: message.index }),
    run: (message) => batches.process(message),
  });
};

export const handler = createBatchWorkerHandler(defaultRegistry);
