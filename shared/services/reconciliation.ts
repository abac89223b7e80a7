/**
 * Reconciliation of carrier calls whose outcome is unknown
 * (docs/reliability.md): the rounds the tracking workers make of the records
 * of shared/store/reconciliation.ts, found due by the tracking dispatcher.
 *
 * - A ship record: the carrier is searched by our reference (its
 *   `findShipments` capability). Every package found that the rate's order did not
 *   adopt is voided, recorded on the order's audit trail, logged and
 *   counted (`OrphanShipmentsVoided`). When no order exists yet and the
 *   caller can still ship the rate, the shipment found is adopted as a
 *   caller's retry would (the shipping service's `adopt`, which never buys);
 *   when the rate was given up (expired, gone), what is found is voided too.
 * - A void record (a cancel whose void ended without a clear answer): the
 *   void is asked again until the carrier says voided (the order is then
 *   cancelled, as the cancel would have done) or refuses (recorded, and the
 *   order left as the carrier has it).
 *
 * Rounds come SHIP_RECONCILE_AFTER_SECONDS after the attempt, then twice as
 * far apart each time (at most a day) for as long as the carrier's void
 * window lasts, since a late shipment may surface at any time in it. Every
 * step is idempotent: a void of a voided shipment succeeds, an audit entry is
 * written once, and the packages already settled are kept on the record.
 */
import { randomUUID } from 'node:crypto';
import { carrierAccountById } from '../carriers/accounts';
import type { CarrierPort } from '../carriers/port';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import { CarrierRefusal, type CarrierCallOptions, type FoundPackage } from '../domain/carrier';
import type { Order } from '../domain/entities';
import type { LogPort } from '../observability';
import { getOrder, getShipState } from '../store/orders';
import { addAuditEntry, claimRound, finishRound, getRecord, releaseRound, type AuditEntry, type ReconcileRecord } from '../store/reconciliation';
import { ConditionFailed } from '../store/table-ops';
import { callCarrier, failureKind } from './carrier-call';
import type { DueCheck } from '../domain/due-check';
import { DEFAULT_VOID_WINDOW_DAYS, nextRoundAt, orphansOf } from '../domain/reconciliation';

/** What the shipping service's adoption came to (shared/services/shipping.ts `adopt`). */
export type AdoptOutcome = 'adopted' | 'shipped' | 'given-up' | 'busy' | 'none';

export type ReconciliationDependencies = {
  registry: CarrierRegistry;
  logger: LogPort;
  clock?: () => Date;
  newToken?: () => string;
  /** The shipping service's adoption of what the carrier holds under a rate's reference. */
  adopt: (companyId: string, rateResponseId: string) => Promise<AdoptOutcome>;
  /** Marks an order cancelled once its carrier confirmed the void (the tracking service's cancel write). */
  confirmCancelled: (orderId: string) => Promise<Order | undefined>;
  /** Counts an orphan voided (the `OrphanShipmentsVoided` metric). */
  orphanVoided?: (carrierCode: string) => void;
};

/** A reconciliation message of the tracking-checks queue (its schema: shared/domain/due-check.ts): the record and the due time it was found at. */
/** A queued round of an order's record (a pickup's is shared/services/pickups/reconcile.ts). */
export type ReconcileMessage = Required<Pick<DueCheck, 'orderId' | 'dueAt'>> & { reconcile: 'SHIP' | 'VOID' };

export type RoundOutcome = 'reconciled' | 'busy' | 'missing' | 'finished';

/** How long a round may hold a record: a search and a few voids, each within the cancel timeout. */
export const ROUND_LEASE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export const createReconciliationService = ({
  registry,
  logger,
  clock = () => new Date(),
  newToken = randomUUID,
  adopt,
  confirmCancelled,
  orphanVoided = () => undefined,
}: ReconciliationDependencies) => {
  const callOptionsOf = async (record: ReconcileRecord): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
    mode: record.mode,
    ...(record.carrierAccountId ? { account: await carrierAccountById(record.carrierAccountId, { carrierCode: record.carrierCode }) } : {}),
  });

  const audit = async (entry: Omit<AuditEntry, 'at'>, now: Date) => {
    const added = await addAuditEntry({ ...entry, at: now.toISOString() });
    if (added) logger.warn(`reconciliation: ${entry.action}`, { ...entry });
  };

  /** Voids one package found under the reference; `settled` when voided or refused for good, `unknown` to ask again next round. */
  const voidOrphan = async (
    record: ReconcileRecord,
    carrier: CarrierPort,
    options: Omit<CarrierCallOptions, 'signal'>,
    found: FoundPackage,
    auditOrderId: string,
    now: Date,
  ): Promise<'settled' | 'unknown'> => {
    const ref = { reference: record.reference, trackingNumber: found.trackingNumber, shipmentId: found.trackingNumber };
    try {
      await callCarrier(record.carrierCode, config.carrierCancelTimeoutMs, (signal) => carrier.cancel(ref, { ...options, signal }));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (error instanceof CarrierRefusal) {
        // Billable and beyond our reach: the operator must hear of it.
        logger.error('reconciliation: an orphan shipment could not be voided', {
          orderId: auditOrderId,
          carrierCode: record.carrierCode,
          trackingNumber: found.trackingNumber,
          detail,
        });
        await audit({ orderId: auditOrderId, action: 'void-refused', carrierCode: record.carrierCode, trackingNumber: found.trackingNumber, detail }, now);
        return 'settled';
      }
      logger.warn('reconciliation: void of an orphan failed; asked again next round', {
        orderId: auditOrderId,
        trackingNumber: found.trackingNumber,
        reason: failureKind(error),
        detail,
      });
      return 'unknown';
    }
    const entry = {
      orderId: auditOrderId,
      action: 'orphan-voided' as const,
      carrierCode: record.carrierCode,
      trackingNumber: found.trackingNumber,
      detail: `a ${found.role} shipment under reference ${record.reference} that no order adopted`,
    };
    if (await addAuditEntry({ ...entry, at: now.toISOString() })) {
      logger.warn('reconciliation: orphan shipment voided', { ...entry });
      orphanVoided(record.carrierCode);
    }
    return 'settled';
  };

  /** One round of a ship record: adopt when the rate has no order, then void every package no order holds. */
  const shipRound = async (record: ReconcileRecord, carrier: CarrierPort, now: Date): Promise<{ settled: string[] }> => {
    const settled = [...(record.voided ?? [])];
    const options = await callOptionsOf(record);
    let outcome: AdoptOutcome = 'shipped';
    let orderId = record.rateResponseId ? (await getShipState(record.rateResponseId))?.orderId : record.orderId;
    if (!orderId && record.rateResponseId) {
      outcome = await adopt(record.companyId, record.rateResponseId);
      orderId = (await getShipState(record.rateResponseId))?.orderId;
    }
    const order = orderId ? (await getOrder(orderId))?.order : undefined;
    if (outcome === 'adopted' && order) {
      await audit(
        {
          orderId: order.orderId,
          action: 'orphan-adopted',
          carrierCode: record.carrierCode,
          trackingNumber: order.trackingNumber,
          detail: 'a shipment bought by an attempt of unknown outcome, adopted as the order',
        },
        now,
      );
    }
    const found = await callCarrier(record.carrierCode, config.carrierTrackTimeoutMs, (signal) =>
      carrier.findShipments!.byReference(record.reference, { ...options, signal }),
    );
    const orphans = orphansOf(found, order, settled, outcome === 'given-up');
    for (const orphan of orphans) {
      if ((await voidOrphan(record, carrier, options, orphan, order?.orderId ?? record.orderId, now)) === 'settled') settled.push(orphan.trackingNumber);
    }
    return { settled };
  };

  /** One round of a void record: void again; the carrier's answer decides the order. True when settled. */
  const voidRound = async (record: ReconcileRecord, carrier: CarrierPort, now: Date): Promise<boolean> => {
    const stored = await getOrder(record.orderId);
    if (!stored || stored.order.status === 'cancelled') return true;
    const pieces = stored.order.pieceTrackingNumbers;
    const ref = {
      reference: record.reference,
      trackingNumber: record.trackingNumber ?? stored.order.trackingNumber,
      ...(record.shipmentId ? { shipmentId: record.shipmentId } : {}),
      ...(pieces.length > 1 ? { pieceTrackingNumbers: [...pieces] } : {}),
    };
    const options = await callOptionsOf(record);
    try {
      await callCarrier(record.carrierCode, config.carrierCancelTimeoutMs, (signal) => carrier.cancel(ref, { ...options, signal }));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (error instanceof CarrierRefusal) {
        await audit({ orderId: record.orderId, action: 'void-refused', carrierCode: record.carrierCode, trackingNumber: ref.trackingNumber, detail }, now);
        return true;
      }
      logger.warn('reconciliation: void failed again; asked again next round', { orderId: record.orderId, reason: failureKind(error), detail });
      return false;
    }
    const written = await confirmCancelled(record.orderId);
    await audit(
      {
        orderId: record.orderId,
        action: 'void-confirmed',
        carrierCode: record.carrierCode,
        trackingNumber: ref.trackingNumber,
        detail:
          written?.status === 'cancelled'
            ? 'the void of a cancel whose answer was lost, confirmed; the order is cancelled'
            : `voided at the carrier, yet the order is ${written?.status ?? 'gone'}`,
      },
      now,
    );
    return true;
  };

  return {
    /**
     * One round of the record a queued message names, under its lease: only
     * while the record is still due at the time the dispatcher found it.
     */
    async reconcile(message: ReconcileMessage): Promise<RoundOutcome> {
      const now = clock();
      const record = await getRecord(message.orderId, message.reconcile);
      if (!record) return 'missing';
      if (!record.dueAt || record.dueAt !== message.dueAt || Date.parse(record.dueAt) > now.getTime()) return 'busy';
      const token = newToken();
      try {
        await claimRound(record.orderId, record.kind, { token, now, dueAt: record.dueAt, staleBefore: new Date(now.getTime() - ROUND_LEASE_MS) });
      } catch (error) {
        if (error instanceof ConditionFailed) return 'busy';
        throw error;
      }
      const carrier = registry.port(record.carrierCode);
      const windowDays = carrier?.findShipments?.voidWindowDays ?? DEFAULT_VOID_WINDOW_DAYS;
      const windowEnd = new Date(Date.parse(record.since) + windowDays * DAY_MS);
      let settled = record.voided ?? [];
      let done = false;
      try {
        if (!carrier) {
          logger.error('reconciliation: no connector for the carrier; record dropped', { orderId: record.orderId, carrierCode: record.carrierCode });
          done = true;
        } else if (record.kind === 'SHIP') {
          if (!carrier.findShipments) done = true;
          else settled = (await shipRound(record, carrier, now)).settled;
        } else {
          done = await voidRound(record, carrier, now);
        }
      } catch (error) {
        // The carrier could not be searched, or the store failed: the record stays due and is asked again next round.
        const detail = error instanceof Error ? error.message : String(error);
        logger.warn('reconciliation round failed; asked again next round', { orderId: record.orderId, kind: record.kind, reason: failureKind(error), detail });
      }
      const next = done ? undefined : nextRoundAt(now, record.round, windowEnd, config.shipReconcileAfterSeconds);
      try {
        await finishRound(record.orderId, record.kind, token, { ...(next ? { next } : {}), round: record.round + 1, voided: settled, now });
      } catch (error) {
        if (!(error instanceof ConditionFailed)) {
          await releaseRound(record.orderId, record.kind, token);
          throw error;
        }
        logger.warn('reconciliation round outlived its lease', { orderId: record.orderId, kind: record.kind });
      }
      return next ? 'reconciled' : 'finished';
    },
  };
};

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
