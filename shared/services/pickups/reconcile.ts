/**
 * One reconciliation round of a pickup booking whose outcome was unknown
 * (docs/reliability.md, "Pickups"), run by the tracking workers as the
 * orders' rounds are (functions/tracking-check): under the record's round
 * lease, the carrier is asked what it holds under the pickup's reference on
 * its day (`find`), and shared/domain/pickups.ts pickupReconcileStep says
 * what to do: adopt the booking into a pickup still `booking`, or cancel a
 * booking the pickup does not hold. Rounds go on, each twice as long after
 * the one before (at most a day), until the pickup holds its booking or the
 * day after the pickup's day; a pickup still `booking` then is `failed`.
 */
import type { CarrierPickup } from '../../domain/carrier';
import { CarrierRefusal } from '../../domain/carrier';
import { pickupReconcileOpen, pickupReconcileStep } from '../../domain/pickups';
import type { Address } from '../../domain/rate/schema';
import {
  claimPickupRound,
  ConditionFailed,
  finishPickupRound,
  getPickup,
  getPickupReconcile,
  releasePickupRound,
  savePickup,
  type PickupRecord,
} from '../../store/pickups';
import { callCarrier, failureKind } from '../carrier-call';
import type { RoundOutcome } from '../reconciliation';
import { cancelAtCarrier } from './cancel';
import { pickupCallOptions, type PickupContext } from './context';

/** How long a round may hold a record: a lookup and a cancel, each within the cancel timeout. */
const ROUND_LEASE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export type PickupRoundMessage = { companyId: string; pickupId: string; dueAt: string };

export const createPickupReconciler = (context: PickupContext) => {
  const { clock, logger, settings } = context;

  const find = async (pickup: PickupRecord): Promise<CarrierPickup | undefined> => {
    const pickups = context.registry.port(pickup.carrierCode)?.pickups;
    if (!pickups) return undefined;
    const options = await pickupCallOptions(pickup);
    return callCarrier(
      pickup.carrierCode,
      settings.carrierCancelTimeoutMs,
      (signal) => pickups.find({ reference: pickup.reference, date: pickup.pickupDate, address: pickup.location as Address }, { ...options, signal }),
      'pickup-find',
    );
  };

  /** The round's work: whether the pickup is settled for good, and the bookings cancelled so far. */
  const settle = async (pickup: PickupRecord, settled: string[], now: Date): Promise<boolean> => {
    const found = await find(pickup);
    const step = pickupReconcileStep(pickup, found, settled);
    if (step.action === 'adopt') {
      const { uncertain: _uncertain, ...rest } = pickup;
      await savePickup({
        ...rest,
        status: 'scheduled',
        confirmationNumber: step.found.confirmationNumber,
        window: { readyTime: step.found.window.readyTime, closeTime: step.found.window.closeTime },
        ...(step.found.charges ? { charges: step.found.charges } : {}),
        ...(step.found.location ? { carrierLocation: step.found.location } : {}),
      });
      logger.warn('pickup booking of unknown outcome adopted', { pickupId: pickup.pickupId, confirmationNumber: step.found.confirmationNumber });
      return true;
    }
    if (step.action === 'cancel') {
      try {
        await cancelAtCarrier(context, pickup, step.found.confirmationNumber);
        logger.warn('orphan pickup booking cancelled', { pickupId: pickup.pickupId, status: pickup.status, confirmationNumber: step.found.confirmationNumber });
      } catch (error) {
        if (!(error instanceof CarrierRefusal)) throw error;
        // Billable and out of our reach: the operator must hear of it.
        logger.error('orphan pickup booking the carrier will not cancel', {
          pickupId: pickup.pickupId,
          confirmationNumber: step.found.confirmationNumber,
          reason: error.message,
        });
      }
      settled.push(step.found.confirmationNumber);
      return false;
    }
    if (pickup.status === 'scheduled' && found?.confirmationNumber === pickup.confirmationNumber) return true;
    if (!pickupReconcileOpen(pickup.pickupDate, now) && pickup.status === 'booking') {
      await savePickup({ ...pickup, status: 'failed' });
      logger.warn('pickup booking of unknown outcome given up: the carrier never showed it', { pickupId: pickup.pickupId });
    }
    return false;
  };

  return {
    async reconcile(message: PickupRoundMessage): Promise<RoundOutcome> {
      const now = clock();
      const { companyId, pickupId } = message;
      const record = await getPickupReconcile(companyId, pickupId);
      if (!record) return 'missing';
      if (!record.dueAt || record.dueAt !== message.dueAt || Date.parse(record.dueAt) > now.getTime()) return 'busy';
      const token = context.newToken();
      try {
        await claimPickupRound(companyId, pickupId, { token, now, dueAt: record.dueAt, staleBefore: new Date(now.getTime() - ROUND_LEASE_MS) });
      } catch (error) {
        if (error instanceof ConditionFailed) return 'busy';
        throw error;
      }
      const settled = [...(record.settled ?? [])];
      let done: boolean;
      try {
        const pickup = await getPickup(companyId, pickupId);
        done = !pickup || (await settle(pickup, settled, now)) || !pickupReconcileOpen(pickup.pickupDate, now);
      } catch (error) {
        if (error instanceof ConditionFailed) {
          await releasePickupRound(companyId, pickupId, token);
          throw error;
        }
        // The carrier did not answer: asked again next round.
        logger.warn('pickup reconciliation round failed', {
          pickupId,
          reason: failureKind(error),
          detail: error instanceof Error ? error.message : String(error),
        });
        done = false;
      }
      const round = record.round + 1;
      const next = done ? undefined : new Date(now.getTime() + Math.min(DAY_MS, settings.shipReconcileAfterSeconds * 1000 * 2 ** record.round));
      await finishPickupRound(companyId, pickupId, token, { ...(next ? { next } : {}), round, settled, now });
      return done ? 'finished' : 'reconciled';
    },
  };
};

export type PickupReconciler = ReturnType<typeof createPickupReconciler>;
