/**
 * DELETE /v1/shipments/{orderId} (spec 4.9, docs/tracking.md, docs/manifests.md):
 * voids the shipment at its carrier (or asks a refund of a manifested one),
 * then marks the order cancelled under its version, so a concurrent check,
 * push or advance is never lost; and the reconciler's word that a void of
 * unknown outcome went through (functions/tracking-check).
 */
import { isAccountNotConfigured } from '../carriers/accounts';
import type { CarrierRegistry } from '../carriers/registry';
import { CarrierRefusal } from '../domain/carrier';
import type { KeyMode, Order } from '../domain/entities';
import { cancelledUpdate, isCancellable, shipmentRefOf, toCancelResponse, type CancelResponse } from '../domain/tracking';
import { AppError } from '../errors';
import { dropOpenShipment, reopenShipment, takeForCancel } from '../store/manifests';
import { getOrder, OrderBusy } from '../store/orders';
import { dropRecord, recordAttempt } from '../store/reconciliation';
import { reschedule } from '../store/tracking-schedule';
import { callCarrier, failureKind } from './carrier-call';
import { ownOrder } from './own-order';
import { carrierCallsOf, writeOrder, type TrackingContext } from './tracking/context';

const notCancellable = (status: string) =>
  new AppError(409, 'NOT_CANCELLABLE', `The shipment is ${status === 'intransit' ? 'in transit' : status}; only a shipment not yet picked up can be cancelled`);

export type CancelDependencies = TrackingContext & { registry: CarrierRegistry };

export const createCancelService = (dependencies: CancelDependencies) => {
  const { clock, logger, settings } = dependencies;
  const { carrierOf, callOptionsOf } = carrierCallsOf(dependencies.registry);

  /** Writes the cancel of an order whose shipment the carrier has voided, and takes it out of the tracking-due index. */
  const storeCancelled = async (order: Order): Promise<{ response: CancelResponse; order: Order }> => {
    const now = clock();
    let written: Order;
    try {
      written = await writeOrder(dependencies, order, (current) =>
        current.status === 'pending' ? { update: cancelledUpdate(current, now), cancelledAt: now.toISOString() } : undefined,
      );
    } catch (error) {
      if (!(error instanceof OrderBusy)) throw error;
      // The carrier has voided it; voiding again is idempotent, so a retry completes the cancel.
      logger.error('cancel could not be stored under concurrent writes', { orderId: order.orderId });
      throw new AppError(409, 'ORDER_BUSY', 'The order is being changed by concurrent requests; retry shortly', { headers: { 'retry-after': '1' } });
    }
    if (written.status === 'cancelled') {
      // Out of the tracking-due index; a check holding the order finds it final when it re-reads.
      await reschedule(written, {});
      return { response: toCancelResponse(written), order: written };
    }
    // The carrier voided it, yet a check moved the order on meanwhile: the carrier's word on pickup came first.
    logger.error('order moved on while its shipment was voided', { orderId: order.orderId, status: written.status });
    throw notCancellable(written.status);
  };

  /**
   * The cancel of an order on a manifest (docs/manifests.md): handed to the
   * carrier at the day's close, it can no longer be voided. A carrier that
   * refunds instead (its `refund` capability: Canada Post) is asked for the refund,
   * and an accepted request cancels the order; every other carrier answers
   * 409 NOT_CANCELLABLE.
   */
  const cancelManifested = async (order: Order): Promise<CancelResponse> => {
    const refund = carrierOf(order).refund;
    if (!refund) {
      throw new AppError(
        409,
        'NOT_CANCELLABLE',
        `The shipment is on manifest ${order.manifestId} (ship date ${order.manifestShipDate ?? 'unknown'}): handed to ${order.carrierCode} at the day's close, it can no longer be voided`,
      );
    }
    const options = await callOptionsOf(order);
    try {
      await callCarrier(order.carrierCode, settings.carrierCancelTimeoutMs, (signal) => refund.request(shipmentRefOf(order), { ...options, signal }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError(502, 'CARRIER_ERROR', `${order.carrierCode} did not accept the refund request: ${message}`, { expose: true });
    }
    return (await storeCancelled(order)).response;
  };

  return {
    /**
     * Voids the shipment at the carrier, then marks the order cancelled.
     * Cancelling again answers the same; once picked up it is 409; a carrier
     * refusal or failure is 502 with the carrier's reason and the order
     * unchanged.
     */
    async cancel(companyId: string, orderId: string, mode: KeyMode): Promise<CancelResponse> {
      const stored = await ownOrder(companyId, orderId, mode);
      if (stored.order.status === 'cancelled') return toCancelResponse(stored.order);
      if (!isCancellable(stored.order.status)) throw notCancellable(stored.order.status);
      if (stored.order.manifestId) return cancelManifested(stored.order);
      const { order } = stored;
      // The order leaves the open shipments before the void, so no close takes it meanwhile (docs/manifests.md).
      const open = await takeForCancel(order);
      if (!open) {
        // None: a close took it a moment ago, an earlier cancel did, or it was shipped before manifests.
        const again = await getOrder(order.orderId);
        if (again?.order.manifestId) return cancelManifested(again.order);
      }
      // A clear refusal, or an account that cannot be used, voided nothing: the order is open to the next close again,
      // unless a concurrent cancel the carrier accepted has cancelled it meanwhile (the write's condition).
      const reopen = () =>
        open
          ? reopenShipment(open).catch((e: unknown) => logger.error('could not reopen a shipment for manifests', { orderId: order.orderId, error: e }))
          : undefined;
      try {
        const options = await callOptionsOf(order);
        await callCarrier(order.carrierCode, settings.carrierCancelTimeoutMs, (signal) =>
          carrierOf(order).cancel(shipmentRefOf(order), { ...options, signal }),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn('carrier cancel failed', { orderId: order.orderId, carrierCode: order.carrierCode, reason: failureKind(error), detail: message });
        if (error instanceof CarrierRefusal) {
          await reopen();
          // The carrier's reason is the integrator's to read: expose it, as a 4xx message is.
          throw new AppError(502, 'CARRIER_ERROR', `${order.carrierCode} refused to cancel the shipment: ${message}`, { expose: true });
        }
        // An account that cannot be used never reached the carrier: nothing was voided, nothing to reconcile.
        if (isAccountNotConfigured(error)) {
          await reopen();
          throw new AppError(502, 'CARRIER_ERROR', `${order.carrierCode} could not cancel the shipment: ${message}`, { expose: true });
        }
        // No clear answer: the carrier may have voided it. The reconciler asks again until it says voided
        // (the order is then cancelled) or refuses (docs/reliability.md); a cancel retried now asks at once.
        const now = clock();
        await recordAttempt(
          {
            kind: 'VOID',
            orderId: order.orderId,
            companyId: order.companyId,
            carrierCode: order.carrierCode,
            mode: order.mode,
            reference: order.rateResponseId,
            carrierAccountId: order.carrierAccountId,
            trackingNumber: order.trackingNumber,
            shipmentId: order.carrierShipmentId,
          },
          now,
          new Date(now.getTime() + settings.shipReconcileAfterSeconds * 1000),
        ).catch((e: unknown) => logger.error('could not record a void of unknown outcome', { orderId: order.orderId, error: e }));
        throw new AppError(
          502,
          'CARRIER_ERROR',
          `${order.carrierCode} could not cancel the shipment: ${message}. Its outcome is unknown: the void will be asked again until ${order.carrierCode} confirms it, and the order is then cancelled; retrying the cancel asks now`,
          { expose: true },
        );
      }
      const { response } = await storeCancelled(order);
      // Another cancel held the open entry; refused before this one's cancel was stored, it may have put it back.
      if (!open)
        await dropOpenShipment(order).catch((e: unknown) =>
          logger.error('could not drop the open entry of a cancelled order', { orderId: order.orderId, error: e }),
        );
      // A cancel of unknown outcome before this one left a void record: the carrier has now said voided.
      await dropRecord(order.orderId, 'VOID').catch((e: unknown) => logger.warn('could not drop a void record', { orderId: order.orderId, error: e }));
      return response;
    },

    /**
     * The reconciler's word that the carrier voided the order's shipment
     * after a cancel of unknown outcome: the order is cancelled as the cancel
     * would have done. The order as written; undefined when it is gone.
     */
    async confirmCancelled(orderId: string): Promise<Order | undefined> {
      const stored = await getOrder(orderId);
      if (!stored) return undefined;
      if (stored.order.status === 'cancelled') return stored.order;
      try {
        return (await storeCancelled(stored.order)).order;
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return (await getOrder(orderId))?.order;
        throw error;
      }
    },
  };
};

export type CancelService = ReturnType<typeof createCancelService>;
