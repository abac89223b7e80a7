/**
 * DELETE /v1/pickups/{pickupId} (docs/pickups.md): cancels the pickup at its
 * carrier, then marks it cancelled. Cancelling again answers the same; a
 * carrier that will no longer cancel (past its cut-off) is 409
 * PICKUP_NOT_CANCELLABLE with its reason; any other failure is 502 and the
 * pickup is unchanged (cancelling a cancelled booking succeeds at the
 * carrier, so a retry is safe).
 */
import type { Pickup } from '../../contract/pickups';
import { CarrierRefusal } from '../../domain/carrier';
import type { KeyMode } from '../../domain/entities';
import type { Address } from '../../domain/rate/schema';
import { clipWithEllipsis } from '../../domain/text-clipping';
import { AppError } from '../../errors';
import { savePickup, type PickupRecord } from '../../store/pickups';
import { callCarrier } from '../carrier-call';
import { accountUnusable, isAccountNotConfigured, pickupCallOptions, type PickupContext } from './context';
import { ownPickup, REASON_MAX } from './reads';
import { pickupView } from './view';

/** The carrier's cancel of a booked pickup; throws what the carrier threw. */
export const cancelAtCarrier = async (context: Pick<PickupContext, 'registry' | 'settings'>, pickup: PickupRecord, confirmationNumber: string) => {
  const pickups = context.registry.port(pickup.carrierCode)?.pickups;
  if (!pickups) throw new Error(`${pickup.carrierCode} has no pickups capability`);
  const options = await pickupCallOptions(pickup);
  await callCarrier(
    pickup.carrierCode,
    context.settings.carrierCancelTimeoutMs,
    (signal) =>
      pickups.cancel(
        {
          reference: pickup.reference,
          confirmationNumber,
          date: pickup.pickupDate,
          address: pickup.location as Address,
          ...(pickup.carrierLocation ? { location: pickup.carrierLocation } : {}),
        },
        { ...options, signal },
      ),
    'pickup-cancel',
  );
};

export const createCancel =
  (context: PickupContext) =>
  async (companyId: string, mode: KeyMode, pickupId: string): Promise<Pickup> => {
    const pickup = await ownPickup(companyId, mode, pickupId);
    if (pickup.status === 'cancelled') return pickupView(pickup);
    if (pickup.status === 'booking') {
      throw new AppError(409, 'PICKUP_BUSY', 'This pickup is still being booked, or its booking is being settled with the carrier; retry shortly', {
        headers: { 'retry-after': '2' },
      });
    }
    if (pickup.status === 'failed' || !pickup.confirmationNumber) {
      throw new AppError(409, 'PICKUP_NOT_CANCELLABLE', 'This pickup was never booked: there is nothing to cancel');
    }
    try {
      await cancelAtCarrier(context, pickup, pickup.confirmationNumber);
    } catch (error) {
      const message = clipWithEllipsis(error instanceof Error ? error.message : String(error), REASON_MAX);
      context.logger.warn('pickup cancel failed', { pickupId: pickup.pickupId, carrierCode: pickup.carrierCode, detail: message });
      if (error instanceof CarrierRefusal) throw new AppError(409, 'PICKUP_NOT_CANCELLABLE', `${pickup.carrierCode} will not cancel the pickup: ${message}`);
      if (isAccountNotConfigured(error)) throw accountUnusable(pickup.carrierCode, message);
      throw new AppError(502, 'CARRIER_ERROR', `${pickup.carrierCode} could not cancel the pickup: ${message}. The pickup is unchanged: cancel again`, {
        expose: true,
      });
    }
    const cancelled: PickupRecord = { ...pickup, status: 'cancelled', cancelledAt: context.clock().toISOString() };
    await savePickup(cancelled);
    return pickupView(cancelled);
  };
