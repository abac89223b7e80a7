/**
 * Pickups (docs/pickups.md), one file a job: the create, exactly once per
 * request (./create.ts), the cancel (./cancel.ts), the reads and the
 * carrier's windows (./reads.ts), the reconciliation of a booking of unknown
 * outcome (./reconcile.ts), and the answer's shape (./view.ts).
 */
import { createCancel } from './cancel';
import { contextOf, type PickupDependencies } from './context';
import { createCreate } from './create';
import { createAvailability, getOne, listPage } from './reads';
import { createPickupReconciler, type PickupRoundMessage } from './reconcile';

export type { PickupDependencies } from './context';
export { CREATE_WAIT_MS } from './context';
export { CLAIM_STALE_SECONDS, type CreateResult } from './create';
export type { PickupRoundMessage } from './reconcile';

export const createPickupService = (dependencies: PickupDependencies) => {
  const context = contextOf(dependencies);
  const reconciler = createPickupReconciler(context);
  return {
    /** GET /v1/pickups/availability. */
    availability: createAvailability(context),
    /** POST /v1/pickups: `replayed` when it answers the pickup an identical request booked. */
    create: createCreate(context),
    /** GET /v1/pickups. */
    list: listPage,
    /** GET /v1/pickups/{pickupId}: another company's, or the other mode's, is as unknown as none. */
    get: getOne,
    /** DELETE /v1/pickups/{pickupId}. */
    cancel: createCancel(context),
    /** One reconciliation round of a booking of unknown outcome (the tracking workers). */
    reconcile: (message: PickupRoundMessage) => reconciler.reconcile(message),
  };
};

export type PickupService = ReturnType<typeof createPickupService>;
