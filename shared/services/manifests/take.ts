/**
 * Finishing a manifest (docs/manifests.md): its orders taken, each once (a
 * cancel or another close may come first: each take is a transaction that
 * deletes the order's open entry), transmitted where the carrier wants it,
 * its PDF stored, marked closed; or abandoned when it took no order. And the
 * manifests an earlier close left `closing`, finished by the next one.
 */
import type { KeyMode } from '../../domain/entities';
import {
  closingManifestIds,
  dropOpenShipment,
  getManifest,
  listOpenShipments,
  saveManifest,
  takeForManifest,
  type ManifestRecord,
  type OpenShipment,
} from '../../store/manifests';
import { getOrder } from '../../store/orders';
import { ConditionFailed } from '../../store/table-ops';
import type { ManifestContext } from './context';
import { shipDateWindow } from './dates';
import type { createManifestDocuments } from './documents';
import type { createTransmit } from './transmit';

/** Orders taken at once. */
export const TAKE_CONCURRENCY = 8;

type TakeParts = Pick<ManifestContext, 'logger' | 'clock'> & {
  transmit: ReturnType<typeof createTransmit>;
  documents: ReturnType<typeof createManifestDocuments>;
};

export const createTake = ({ logger, clock, transmit, documents }: TakeParts) => {
  /**
   * Takes the manifest's orders, transmits them where the carrier wants it,
   * stores the PDF and marks it closed. When it took no order (nothing left),
   * it made no carrier call either: it is marked abandoned, and the answer is
   * undefined.
   */
  const finish = async (record: ManifestRecord, open: OpenShipment[]): Promise<ManifestRecord | undefined> => {
    const byId = new Map(open.map((s) => [s.orderId, s]));
    const taken = new Set<string>();
    const queue = [...record.orders];
    await Promise.all(
      Array.from({ length: TAKE_CONCURRENCY }, async () => {
        for (let orderId = queue.shift(); orderId; orderId = queue.shift()) {
          const shipment = byId.get(orderId);
          try {
            if (!shipment) throw new ConditionFailed([]);
            await takeForManifest(shipment, record.manifestId, record.shipDate);
            taken.add(orderId);
          } catch (error) {
            if (!(error instanceof ConditionFailed)) throw error;
            // Taken by this manifest already (a close finishing a dead one's), or gone to a cancel or to another manifest.
            const order = (await getOrder(orderId))?.order;
            if (order && order.manifestId === record.manifestId) taken.add(orderId);
            // An entry of a cancelled or vanished order (left by a refused void before 2026-11-28) would be listed by every close.
            else if (shipment && (!order || order.status === 'cancelled')) await dropOpenShipment(shipment);
          }
        }
      }),
    );
    const lines = record.lines.filter((l) => taken.has(l.orderId));
    if (lines.length === 0) {
      logger.warn('a manifest took no order: each was cancelled or closed meanwhile; abandoned', { manifestId: record.manifestId });
      const abandoned: ManifestRecord = { ...record, status: 'abandoned', orders: [], lines: [], packageCount: 0, totalWeightKg: 0 };
      delete abandoned.transmitUncertain;
      await saveManifest(abandoned);
      return undefined;
    }
    const packages = lines.flatMap((l) => l.packages);
    const kept: ManifestRecord = {
      ...record,
      orders: lines.map((l) => l.orderId),
      lines,
      packageCount: packages.length,
      totalWeightKg: Math.round(packages.reduce((sum, p) => sum + p.weightKg, 0) * 1000) / 1000,
    };
    const closeOut = await transmit(kept, byId);
    const stored = await documents.store(kept, closeOut);
    const closed: ManifestRecord = {
      ...kept,
      status: 'closed',
      documents: stored,
      carrierManifestIds: closeOut?.carrierManifestIds ?? [],
      closedAt: clock().toISOString(),
    };
    delete closed.transmitUncertain;
    await saveManifest(closed);
    return closed;
  };

  /**
   * The manifests an earlier close left `closing`, finished (or abandoned) by
   * this one before it closes anything: those a close that failed or died
   * named on the lease (`pending`), and any other `closing` manifest of the
   * carrier and mode with a ship date a close may name (one Query), so none
   * stays `closing` whatever the lease says. This close holds the lease: no
   * other close of them is running.
   */
  const resume = async (companyId: string, mode: KeyMode, carrierCode: string, pending: readonly string[], now: Date): Promise<ManifestRecord[]> => {
    const { first, last } = shipDateWindow(now);
    const closing = await closingManifestIds(companyId, mode, carrierCode, first, last);
    const done: ManifestRecord[] = [];
    let open: Promise<OpenShipment[]> | undefined;
    for (const manifestId of new Set([...pending, ...closing])) {
      const record = await getManifest(companyId, manifestId);
      // Finished before its close failed: that close's answer, not this one's.
      if (!record || record.status !== 'closing') continue;
      // Its open entries: the ones it has not taken yet are still there; those it took are found on their orders.
      open ??= listOpenShipments(companyId, mode, carrierCode);
      const finished = await finish(
        record,
        (await open).filter((s) => record.orders.includes(s.orderId)),
      );
      if (finished) done.push(finished);
    }
    return done;
  };

  return { finish, resume };
};
