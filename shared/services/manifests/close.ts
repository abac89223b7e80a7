/**
 * The day's close, POST /v1/manifests (docs/manifests.md): closes out a
 * carrier's open shipments of the key's company and mode, one manifest per
 * carrier account.
 *
 * Exactly once (docs/decisions.md, "Manifests"): a close holds the close
 * lease of its carrier and mode (shared/store/manifests.ts), so two closes
 * of a day make one manifest: the second waits for the first and answers
 * its manifests (`replayed`), or answers 409 MANIFEST_IN_PROGRESS when it
 * runs long. Each order is taken once (./take.ts), so it is on one manifest
 * at most, and a cancel (which deletes the entry before it voids) and a
 * close never both win it. A close that died is finished by the next one,
 * which finds its manifests on the lease and among the carrier's manifests
 * still `closing`; one that can take no order is abandoned.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CARRIER_PROFILES } from '../../carriers/registry';
import { MAX_MANIFEST_ORDERS, type ManifestCreateBody, type ManifestCreated } from '../../contract/manifests';
import type { Company, KeyMode } from '../../domain/entities';
import { echoed } from '../../domain/text-clipping';
import { AppError, notFound } from '../../errors';
import {
  claimClose,
  closeKey,
  completeClose,
  createManifest,
  getManifest,
  getOpenShipments,
  listOpenShipments,
  notePending,
  readClose,
  type CloseLease,
  type ManifestRecord,
  type OpenShipment,
} from '../../store/manifests';
import { batchProgress, getBatch } from '../../store/batches';
import { getOrder } from '../../store/orders';
import { ConditionFailed } from '../../store/table-ops';
import { loadCarrierContext } from '../carrier-context';
import { manifestView } from '../manifest-view';
import { badRequest, type ManifestContext } from './context';
import { shipDateWindow, SHIP_DATE_FUTURE_DAYS, SHIP_DATE_PAST_DAYS, todayIn } from './dates';
import { TAKE_CONCURRENCY, type createTake } from './take';

/** A close lease held longer than this belongs to a close that died: well past the function's 29 s. */
export const CLOSE_STALE_SECONDS = 60;
/** How long a close waits for a concurrent close of the same carrier before answering 409. */
export const CLOSE_WAIT_MS = 8_000;
/** Carriers whose close must be a call (`closeOut`), as their profiles declare: refused if the port given lacks it (a guard). */
const TRANSMIT_REQUIRED = new Set(CARRIER_PROFILES.filter((p) => p.capabilities.closeOut).map((p) => p.code));
/** A close naming at most this many orders reads their open entries by key (one round of GetItems), a larger one Queries them all. */
const NAMED_READS_MAX = TAKE_CONCURRENCY;

const inProgress = () =>
  new AppError(409, 'MANIFEST_IN_PROGRESS', 'Another close of this carrier is running; retry shortly to get its manifest', { headers: { 'retry-after': '2' } });

const answerOf = async (records: ManifestRecord[]): Promise<ManifestCreated> => {
  const manifests = await Promise.all(records.map(manifestView));
  return { ...manifests[0]!, manifests };
};

export type CloseResult = { data: ManifestCreated; replayed: boolean };

type CloseParts = Pick<ManifestContext, 'logger' | 'clock' | 'newId' | 'closeOutOf'> & { take: ReturnType<typeof createTake> };

export const createClose = ({ logger, clock, newId, closeOutOf, take }: CloseParts) => {
  const { finish, resume } = take;

  /** A named order (`orderIds[i]`): one of the company's shipments of the carrier in the key's mode, not cancelled; else the close's 404 or 400. */
  const namedOrder = async (companyId: string, mode: KeyMode, carrierCode: string, orderId: string, i: number) => {
    const order = (await getOrder(orderId.toLowerCase()))?.order;
    if (!order || order.companyId !== companyId || order.mode !== mode || order.carrierCode !== carrierCode) {
      throw new AppError(404, 'NOT_FOUND', `order not found among your ${carrierCode} shipments: ${orderId}`, {
        details: [{ path: `orderIds[${i}]`, message: 'not found' }],
      });
    }
    if (order.status === 'cancelled') throw badRequest(`orderIds[${i}]`, 'is a cancelled shipment: it goes on no manifest');
    return order;
  };

  /**
   * The named orders that are not open for this close, checked before it
   * writes anything: each must be one of the company's shipments of the
   * carrier and mode, not cancelled (404, 400 naming the first such, as
   * documented), so a mistyped id fails the close instead of leaving its
   * shipment off the driver's manifest unnoticed. One already on a manifest,
   * or shipping after the close's date, is left as it is.
   */
  const checkNamedNotOpen = async (
    companyId: string,
    mode: KeyMode,
    carrierCode: string,
    orderIds: readonly string[],
    open: ReadonlySet<string>,
  ): Promise<void> => {
    const checks = orderIds.map((orderId, i) => (open.has(orderId.toLowerCase()) ? Promise.resolve() : namedOrder(companyId, mode, carrierCode, orderId, i)));
    const settled = await Promise.allSettled(checks);
    // The first failing name by its place in the list, whichever answered first.
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  };

  /** The manifests an order list is already on, when none of the orders is open (a repeated close). */
  const manifestsOfOrders = async (companyId: string, mode: KeyMode, carrierCode: string, orderIds: readonly string[]): Promise<ManifestRecord[]> => {
    const ids = new Set<string>();
    for (const [i, orderId] of orderIds.entries()) {
      const order = await namedOrder(companyId, mode, carrierCode, orderId, i);
      if (!order.manifestId) throw new AppError(422, 'NOTHING_TO_MANIFEST', `order ${orderId} ships after the close's date or is not open to a manifest`);
      ids.add(order.manifestId);
    }
    const records = await Promise.all([...ids].map((id) => getManifest(companyId, id)));
    return records.filter((r): r is ManifestRecord => r !== undefined);
  };

  /** The close, under the lease: the dead close's manifests first, then the open shipments, one manifest per carrier account. */
  const closeHeld = async (ctx: {
    companyId: string;
    mode: KeyMode;
    carrierCode: string;
    shipDate?: string;
    orderIds?: string[];
    now: Date;
    token: string;
    previous?: CloseLease;
  }): Promise<{ records: ManifestRecord[]; replayed: boolean; shipDate: string; pending: string[] }> => {
    const { companyId, mode, carrierCode, now } = ctx;
    const key = closeKey(companyId, mode, carrierCode);
    const resumed = await resume(companyId, mode, carrierCode, ctx.previous?.pending ?? [], now);
    const named = ctx.orderIds ? new Set(ctx.orderIds.map((id) => id.toLowerCase())) : undefined;
    // A close of a day that names a few orders reads their entries, not every open entry of the carrier (hundreds, each parsed).
    const allOpen =
      named && ctx.shipDate && named.size <= NAMED_READS_MAX
        ? await getOpenShipments(companyId, mode, carrierCode, [...named])
        : await listOpenShipments(companyId, mode, carrierCode);
    // Today, where the body names no day: the latest date of the open shipments' zones.
    const shipDate =
      ctx.shipDate ??
      (allOpen.length > 0
        ? [...new Set(allOpen.map((s) => s.zone))]
            .map((zone) => todayIn(zone, now))
            .sort()
            .at(-1)!
        : now.toISOString().slice(0, 10));
    let open = allOpen.filter((s) => s.shipDate <= shipDate);
    if (named && ctx.orderIds) {
      open = open.filter((s) => named.has(s.orderId));
      if (open.length === 0 && resumed.length === 0) {
        return { records: await manifestsOfOrders(companyId, mode, carrierCode, ctx.orderIds), replayed: true, shipDate, pending: [] };
      }
      if (open.length < named.size) await checkNamedNotOpen(companyId, mode, carrierCode, ctx.orderIds, new Set(open.map((s) => s.orderId)));
    }
    open.sort((a, b) => (a.createdDate < b.createdDate ? -1 : a.createdDate > b.createdDate ? 1 : a.orderId < b.orderId ? -1 : 1));
    open = open.slice(0, MAX_MANIFEST_ORDERS);
    if (open.length === 0) {
      if (resumed.length > 0) return { records: resumed, replayed: false, shipDate, pending: [] };
      // The same close again: answer what the last one made for this day.
      if (ctx.previous?.state === 'closed' && ctx.previous.shipDate === shipDate && ctx.previous.manifestIds?.length) {
        const records = (await Promise.all(ctx.previous.manifestIds.map((id) => getManifest(companyId, id)))).filter(
          (r): r is ManifestRecord => r !== undefined,
        );
        if (records.length > 0) return { records, replayed: true, shipDate, pending: [] };
      }
      throw new AppError(422, 'NOTHING_TO_MANIFEST', `No open ${carrierCode} shipment to close for ${shipDate}`);
    }
    const byAccount = new Map<string, OpenShipment[]>();
    for (const s of open) byAccount.set(s.carrierAccountId, [...(byAccount.get(s.carrierAccountId) ?? []), s]);
    const records: ManifestRecord[] = [...byAccount.values()].map((shipments) => ({
      manifestId: newId(),
      companyId,
      mode,
      carrierCode,
      carrierAccountId: shipments[0]!.carrierAccountId,
      accountNumber: shipments[0]!.accountNumber,
      shipDate,
      status: 'closing',
      orders: shipments.map((s) => s.orderId),
      shipper: shipments[0]!.shipper,
      packageCount: 0,
      totalWeightKg: 0,
      carrierManifestIds: [],
      documents: [],
      createdDate: now.toISOString(),
      lines: shipments.map((s) => ({
        orderId: s.orderId,
        trackingNumber: s.trackingNumber,
        serviceCode: s.serviceCode,
        serviceName: s.serviceName,
        packages: s.packages,
      })),
    }));
    // Named on the lease before they exist: a close that takes a dead one's lease over finishes them.
    await notePending(
      key,
      ctx.token,
      records.map((r) => r.manifestId),
    );
    const made: ManifestRecord[] = [...resumed];
    const pending = records.map((r) => r.manifestId);
    for (const record of records) {
      await createManifest(record);
      const finished = await finish(record, open);
      pending.shift();
      if (finished) made.push(finished);
    }
    if (made.length === 0) {
      // A named order found cancelled at its take is the close's 400, as when it is found cancelled before.
      if (ctx.orderIds) await checkNamedNotOpen(companyId, mode, carrierCode, ctx.orderIds, new Set());
      throw new AppError(422, 'NOTHING_TO_MANIFEST', `No open ${carrierCode} shipment to close for ${shipDate}: each was cancelled or closed meanwhile`);
    }
    return { records: made, replayed: false, shipDate, pending };
  };

  /**
   * `batchId` in place of `orderIds` (docs/batches.md): the batch's shipped
   * orders of the carrier, in item order; beyond MAX_MANIFEST_ORDERS the
   * first that are still open, so a close again takes the rest.
   */
  const batchOrders = async (companyId: string, mode: KeyMode, batchId: string, carrierCode: string): Promise<string[]> => {
    const batch = await getBatch(companyId, batchId.toLowerCase());
    if (!batch || batch.mode !== mode) throw notFound('batch not found');
    const { items } = await batchProgress(companyId, batch.batchId);
    const orderIds = items
      .sort((a, b) => a.index - b.index)
      .flatMap((item) =>
        item.outcome?.status === 'shipped' && item.outcome.carrierCode === carrierCode && item.outcome.orderId ? [item.outcome.orderId] : [],
      );
    if (orderIds.length === 0) throw new AppError(422, 'NOTHING_TO_MANIFEST', `This batch has no shipped ${carrierCode} order`);
    if (orderIds.length <= MAX_MANIFEST_ORDERS) return orderIds;
    const open = new Set((await getOpenShipments(companyId, mode, carrierCode, orderIds)).map((s) => s.orderId));
    const stillOpen = orderIds.filter((id) => open.has(id));
    return (stillOpen.length > 0 ? stillOpen : orderIds).slice(0, MAX_MANIFEST_ORDERS);
  };

  /** POST /v1/manifests. */
  return async (company: Pick<Company, 'companyId' | 'pricingGroupId'>, body: ManifestCreateBody, mode: KeyMode): Promise<CloseResult> => {
    const carrierCode = body.carrierCode.toUpperCase();
    const now = clock();
    const context = await loadCarrierContext(company, mode);
    const carrier = context.carriers.find((c) => c.code === carrierCode);
    if (!carrier || !context.plans.some((p) => p.carrierCode === carrierCode))
      throw notFound(`carrier not found in your pricing group: ${echoed(body.carrierCode)}`);
    if (carrier.kind === 'freight') {
      throw badRequest('carrierCode', `${carrierCode} ships freight: each shipment has its own bill of lading, and no manifest`);
    }
    // A carrier that bills on transmit (Canada Post contract shipments): no close of ours alone stands in for it (docs/manifests.md).
    if (TRANSMIT_REQUIRED.has(carrierCode) && !closeOutOf(carrierCode)) {
      throw badRequest('carrierCode', `${carrierCode} closes the day with a transmit to ${carrierCode}, which its connector does not offer here`);
    }
    const { shipDate } = body;
    const orderIds = body.batchId ? await batchOrders(company.companyId, mode, body.batchId, carrierCode) : body.orderIds;
    const window = shipDateWindow(now);
    if (shipDate && (shipDate < window.first || shipDate > window.last)) {
      throw badRequest('shipDate', `must be from ${SHIP_DATE_PAST_DAYS} days before today to ${SHIP_DATE_FUTURE_DAYS} days after`);
    }

    const key = closeKey(company.companyId, mode, carrierCode);
    const deadline = Date.now() + CLOSE_WAIT_MS;
    let waitedOn: string | undefined;
    for (;;) {
      const lease = await readClose(key);
      const at = clock();
      // The close we waited for has finished: its manifests are this close's too.
      if (waitedOn && lease && lease.state === 'closed' && lease.token === waitedOn && lease.manifestIds?.length && !orderIds) {
        const records = (await Promise.all(lease.manifestIds.map((id) => getManifest(company.companyId, id)))).filter(
          (r): r is ManifestRecord => r !== undefined,
        );
        if (records.length > 0) return { data: await answerOf(records), replayed: true };
      }
      const stale = lease?.state === 'closing' && Date.parse(lease.at) < at.getTime() - CLOSE_STALE_SECONDS * 1000;
      if (lease?.state === 'closing' && !stale) {
        waitedOn = lease.token;
        if (Date.now() > deadline) throw inProgress();
        await sleep(150 + Math.floor(Math.random() * 100));
        continue;
      }
      const token = newId();
      try {
        await claimClose(
          key,
          token,
          at,
          lease?.state === 'closed' ? { completedToken: lease.token } : { staleBefore: new Date(at.getTime() - CLOSE_STALE_SECONDS * 1000) },
        );
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        continue;
      }
      if (stale) logger.warn('a close took over a stale close lease', { carrierCode, staleSince: lease.at });
      let outcome: Awaited<ReturnType<typeof closeHeld>> | undefined;
      try {
        outcome = await closeHeld({
          companyId: company.companyId,
          mode,
          carrierCode,
          ...(shipDate ? { shipDate } : {}),
          ...(orderIds ? { orderIds } : {}),
          now: at,
          token,
          ...(lease ? { previous: lease } : {}),
        });
      } finally {
        // Done, or failed: the lease is complete either way, naming what is left for the next close to finish.
        const pending = outcome
          ? outcome.pending
          : await readClose(key).then(
              (l) => (l?.token === token ? (l.pending ?? []) : []),
              () => [],
            );
        await completeClose(key, token, {
          manifestIds: outcome && !outcome.replayed ? outcome.records.map((r) => r.manifestId) : (lease?.manifestIds ?? []),
          shipDate: outcome?.shipDate ?? lease?.shipDate ?? '',
          pending,
        }).catch((error: unknown) => logger.error('could not complete a close lease', { carrierCode, error }));
      }
      return { data: await answerOf(outcome.records), replayed: outcome.replayed };
    }
  };
};
