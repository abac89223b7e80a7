/**
 * GET /v1/track/{orderId} (spec 4.8, docs/tracking.md): the caller's order
 * as stored, refreshed from its carrier first when it is due, under the
 * order's check lease as a worker's check is (./check.ts).
 */
import { isStale, toTrackResponse, type TrackResponse } from '../../domain/tracking';
import type { KeyMode } from '../../domain/entities';
import { ownOrder } from '../own-order';
import { checkUnderLease, type CheckDependencies } from './check';

export const createTrackReader = (dependencies: CheckDependencies) => ({
  /** The caller's order, refreshed first when it is due (within the track timeout). */
  async track(companyId: string, orderId: string, mode: KeyMode): Promise<TrackResponse> {
    const stored = await ownOrder(companyId, orderId, mode);
    const now = dependencies.clock();
    if (!isStale(stored.order, now)) return toTrackResponse(stored.order);
    // No due time: final meanwhile. An order a worker is checking answers its stored tracking, as on a
    // carrier failure; lastCheckedAt says how old it is.
    if (!stored.schedule?.dueAt) return toTrackResponse(stored.order);
    const { order } = await checkUnderLease(dependencies, stored, undefined, now, dependencies.settings.carrierTrackTimeoutMs);
    return toTrackResponse(order);
  },
});

export type TrackReader = ReturnType<typeof createTrackReader>;
