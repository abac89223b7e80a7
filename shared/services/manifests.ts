/**
 * End-of-day manifests (docs/manifests.md): POST /v1/manifests closes out a
 * carrier's open shipments of the key's company and mode, one manifest per
 * carrier account; the list, one manifest, and its documents by a 302.
 *
 * Exactly once (docs/decisions.md, "Manifests"): a close holds the close
 * lease of its carrier and mode (shared/store/manifests.ts), so two closes
 * of a day make one manifest: the second waits for the first and answers
 * its manifests (`replayed`), or answers 409 MANIFEST_IN_PROGRESS when it
 * runs long. Each order is taken by a transaction that deletes its open
 * entry, so it is on one manifest at most, and a cancel (which deletes the
 * entry before it voids) and a close never both win it. A close that died
 * is finished by the next one, which finds its manifests on the lease and
 * among the carrier's manifests still `closing`; one that can take no order
 * is abandoned.
 *
 * A carrier whose close-out is a call (`closeOut`: Canada Post, which
 * transmits a contract account's shipments and needs no call for a
 * non-contract one) is asked after the orders are taken; a call that ended
 * without a clear answer marks the manifest, and the next close asks the
 * carrier's own list (`findCloseOuts`) before transmitting again.
 */
import { randomUUID } from 'node:crypto';
import { carrierAccountById, isAccountNotConfigured } from '../carriers/accounts';
import { CARRIER_PROFILES, defaultShipmentCarriers } from '../carriers/shipment-carriers';
import { config } from '../config';
import {
  MANIFEST_DOCUMENT_CODES,
  MAX_MANIFEST_ORDERS,
  type Manifest,
  type ManifestCreateBody,
  type ManifestCreated,
  type ManifestList,
  type ManifestListQuery,
} from '../contract/manifests';
import { CarrierRefusal, type CarrierAdapter, type CarrierCallOptions, type CarrierCloseOut } from '../domain/carrier';
import { addressSchema, type Address } from '../domain/rate/schema';
import { echoed } from '../domain/text-clipping';
import type { Company, KeyMode } from '../domain/entities';
import { AppError, notFound } from '../errors';
import type { ManifestDocument, RenderedLabel } from '../labels/render';
import { labelFileExists, presignLabelFile, putLabelFile } from '../store/label-files';
import {
  claimClose,
  closeKey,
  closingManifestIds,
  completeClose,
  createManifest,
  dropOpenShipment,
  getManifest,
  getOpenShipments,
  isManifestSortKey,
  listManifests,
  listOpenShipments,
  notePending,
  readClose,
  saveManifest,
  takeForManifest,
  type CloseLease,
  type ManifestRecord,
  type OpenShipment,
} from '../store/manifests';
import { getOrder } from '../store/orders';
import { bucketDefinition } from '../store/table';
import { ConditionFailed } from '../store/table-ops';
import { callCarrier, failureKind } from './carrier-call';
import { loadCarrierContext } from './carrier-context';
import { manifestView } from './manifest-view';
import type { LogPort } from '../observability';

/** A close lease held longer than this belongs to a close that died: well past the function's 29 s. */
export const CLOSE_STALE_SECONDS = 60;
/** How long a close waits for a concurrent close of the same carrier before answering 409. */
export const CLOSE_WAIT_MS = 8_000;
/** Days before and after today a ship date may name. */
const SHIP_DATE_PAST_DAYS = 30;
const SHIP_DATE_FUTURE_DAYS = 7;
/** Carriers whose close must be a transmit (`closeOut`), as their profiles say: refused if the port given lacks it (a guard). */
const TRANSMIT_REQUIRED = new Set(CARRIER_PROFILES.filter((p) => p.transmits).map((p) => p.code));
/** Orders taken at once. */
const TAKE_CONCURRENCY = 8;
/** A close naming at most this many orders reads their open entries by key (one round of GetItems), a larger one Queries them all. */
const NAMED_READS_MAX = TAKE_CONCURRENCY;

export type ManifestRenderFn = (document: ManifestDocument) => Promise<RenderedLabel>;
/** The close-out capability of a carrier's connector (shared/domain/carrier.ts), where it has one. */
export type CloseOutCarrier = Pick<CarrierAdapter, 'closeOut' | 'findCloseOuts'>;

export type ManifestDependencies = {
  logger: LogPort;
  render: ManifestRenderFn;
  clock?: () => Date;
  newId?: () => string;
  /** The connector of a carrier that transmits its close, by code (Canada Post's; docs/manifests.md). */
  closeOutCarrier?: (carrierCode: string) => CloseOutCarrier | undefined;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const badRequest = (path: string, message: string) => new AppError(400, 'VALIDATION_FAILED', `${path} ${message}`, { details: [{ path, message }] });

/**
 * The date formatter of each zone, made once per container: making one costs
 * about 0.1 ms (ICU's zone data), and a close asked it for each open shipment
 * (hundreds). Undefined for a zone Intl does not know. Bounded, as zones come
 * from stored orders.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | undefined>();
const DAY_FORMATS_MAX = 1_000;
const dayFormatOf = (zone: string): Intl.DateTimeFormat | undefined => {
  if (dayFormats.has(zone)) return dayFormats.get(zone);
  if (dayFormats.size >= DAY_FORMATS_MAX) dayFormats.clear();
  let format: Intl.DateTimeFormat | undefined;
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    format = undefined;
  }
  dayFormats.set(zone, format);
  return format;
};

/** Today in an IANA zone, `YYYY-MM-DD` (UTC's for a zone Intl does not know). */
export const todayIn = (zone: string, now: Date): string => dayFormatOf(zone)?.format(now) ?? now.toISOString().slice(0, 10);

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const inProgress = () =>
  new AppError(409, 'MANIFEST_IN_PROGRESS', 'Another close of this carrier is running; retry shortly to get its manifest', { headers: { 'retry-after': '2' } });

const objectKeyOf = (companyId: string, manifestId: string) => `${bucketDefinition.labelPrefix}${companyId}/manifest-${manifestId}/MANIFEST_PDF.pdf`;

/** The cursor of a page: the last manifest's sort key, opaque to the caller. */
const cursorOf = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
const sortKeyOf = (cursor: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return undefined;
  return Buffer.from(cursor, 'base64url').toString('utf8');
};

export type CloseResult = { data: ManifestCreated; replayed: boolean };

export const createManifestService = ({
  logger,
  render,
  clock = () => new Date(),
  newId = randomUUID,
  closeOutCarrier = (code) => defaultShipmentCarriers.getAdapter(code) as CloseOutCarrier | undefined,
}: ManifestDependencies) => {
  const toManifest = (record: ManifestRecord): Promise<Manifest> => manifestView(record);

  const answerOf = async (records: ManifestRecord[]): Promise<ManifestCreated> => {
    const manifests = await Promise.all(records.map(toManifest));
    return { ...manifests[0]!, manifests };
  };

  const callOptions = async (record: ManifestRecord): Promise<Omit<CarrierCallOptions, 'signal'>> => ({
    mode: record.mode,
    ...(record.carrierAccountId ? { account: await carrierAccountById(record.carrierAccountId, { carrierCode: record.carrierCode }) } : {}),
  });

  /**
   * The carrier's part of a close, for a carrier that transmits: its own
   * manifests for ours. After a call of unknown outcome the carrier's list is
   * asked first, so the same shipments are never transmitted twice.
   */
  const transmit = async (record: ManifestRecord, open: ReadonlyMap<string, OpenShipment>): Promise<CarrierCloseOut | undefined> => {
    const carrier = closeOutCarrier(record.carrierCode);
    if (!carrier?.closeOut) return undefined;
    const options = await callOptions(record);
    // Each order's shipment: from its open entry, or, taken by a close that died before its transmit, from the order.
    const shipments = await Promise.all(
      record.lines.map(async (line) => {
        const entry = open.get(line.orderId);
        if (entry) return { orderId: entry.orderId, reference: entry.rateResponseId, trackingNumber: entry.trackingNumber, ...(entry.carrierShipmentId ? { shipmentId: entry.carrierShipmentId } : {}) };
        const order = (await getOrder(line.orderId))?.order;
        return { orderId: line.orderId, reference: order?.rateResponseId ?? '', trackingNumber: line.trackingNumber, ...(order?.carrierShipmentId ? { shipmentId: order.carrierShipmentId } : {}) };
      }),
    );
    const shipper = await shipperAddressOf(record.lines[0]!.orderId);
    if (record.transmitUncertain && carrier.findCloseOuts) {
      const found = await callCarrier(record.carrierCode, config.carrierShipTimeoutMs, (signal) => carrier.findCloseOuts!(record.manifestId, { ...options, signal }));
      if (found) return found;
    }
    try {
      return await callCarrier(record.carrierCode, config.carrierShipTimeoutMs, (signal) =>
        carrier.closeOut!(
          {
            reference: record.manifestId,
            shipDate: record.shipDate,
            shipments,
            ...(shipper ? { shipper } : {}),
            ...(record.transmitUncertain ? { mayExist: true } : {}),
          },
          { ...options, signal },
        ),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('carrier close-out failed', { manifestId: record.manifestId, carrierCode: record.carrierCode, reason: failureKind(error), detail: message });
      if (!(error instanceof CarrierRefusal) && !isAccountNotConfigured(error)) {
        await saveManifest({ ...record, transmitUncertain: true });
      }
      throw new AppError(502, 'CARRIER_ERROR', `${record.carrierCode} could not close out the shipments: ${message}. Closing again finishes this manifest`, { expose: true });
    }
  };

  /** The shipper's address as the order's rate request has it (the manifest's shipper is its first order's). */
  const shipperAddressOf = async (orderId: string): Promise<Address | undefined> => {
    const parsed = addressSchema.safeParse((await getOrder(orderId))?.request.shipper);
    return parsed.success ? parsed.data : undefined;
  };

  /** The manifest's PDF in the bucket: the carrier's own where it issued one, else ours. */
  const storeDocument = async (record: ManifestRecord, closeOut: CarrierCloseOut | undefined): Promise<ManifestRecord['documents']> => {
    const key = objectKeyOf(record.companyId, record.manifestId);
    const carrierPdfs = (closeOut?.documents ?? []).filter((d) => d.format === 'PDF').map((d) => d.content);
    if (carrierPdfs.length > 0) {
      // Several of the carrier's manifests (Canada Post may split a transmit): one PDF, one after the other.
      const content = carrierPdfs.length === 1 ? carrierPdfs[0]! : await (await import('../labels/render')).joinPdfs(carrierPdfs);
      await putLabelFile(key, content, 'application/pdf');
      return [{ code: 'MANIFEST_PDF', source: 'carrier', objectKey: key }];
    }
    const { loadReference } = await import('../store/reference');
    const carrier = (await loadReference()).carriers.find((c) => c.code === record.carrierCode);
    const file = await render({
      manifestId: record.manifestId,
      carrier: { code: record.carrierCode, name: carrier?.fullName.en ?? record.carrierCode },
      accountNumber: record.accountNumber,
      mode: record.mode,
      shipDate: record.shipDate,
      createdDate: record.createdDate,
      shipper: record.shipper,
      lines: record.lines,
    });
    await putLabelFile(key, file.body, file.contentType);
    return [{ code: 'MANIFEST_PDF', source: 'rendered', objectKey: key }];
  };

  /**
   * Takes the manifest's orders (each once: a cancel or another close may
   * have come first), transmits them where the carrier wants it, stores the
   * PDF and marks it closed. When it took no order (nothing left), it made no
   * carrier call either: it is marked abandoned, and the answer is undefined.
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
    const documents = await storeDocument(kept, closeOut);
    const closed: ManifestRecord = {
      ...kept,
      status: 'closed',
      documents,
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
    const todayUtc = now.toISOString().slice(0, 10);
    const closing = await closingManifestIds(companyId, mode, carrierCode, addDays(todayUtc, -SHIP_DATE_PAST_DAYS), addDays(todayUtc, SHIP_DATE_FUTURE_DAYS));
    const done: ManifestRecord[] = [];
    let open: Promise<OpenShipment[]> | undefined;
    for (const manifestId of new Set([...pending, ...closing])) {
      const record = await getManifest(companyId, manifestId);
      // Finished before its close failed: that close's answer, not this one's.
      if (!record || record.status !== 'closing') continue;
      // Its open entries: the ones it has not taken yet are still there; those it took are found on their orders.
      open ??= listOpenShipments(companyId, mode, carrierCode);
      const finished = await finish(record, (await open).filter((s) => record.orders.includes(s.orderId)));
      if (finished) done.push(finished);
    }
    return done;
  };

  /** A named order (`orderIds[i]`): one of the company's shipments of the carrier in the key's mode, not cancelled; else the close's 404 or 400. */
  const namedOrder = async (companyId: string, mode: KeyMode, carrierCode: string, orderId: string, i: number) => {
    const order = (await getOrder(orderId.toLowerCase()))?.order;
    if (!order || order.companyId !== companyId || order.mode !== mode || order.carrierCode !== carrierCode) {
      throw new AppError(404, 'NOT_FOUND', `order not found among your ${carrierCode} shipments: ${orderId}`, { details: [{ path: `orderIds[${i}]`, message: 'not found' }] });
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
  const checkNamedNotOpen = async (companyId: string, mode: KeyMode, carrierCode: string, orderIds: readonly string[], open: ReadonlySet<string>): Promise<void> => {
    const checks = orderIds.map((orderId, i) => (open.has(orderId.toLowerCase()) ? undefined : namedOrder(companyId, mode, carrierCode, orderId, i)));
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
  const closeHeld = async (
    ctx: { companyId: string; mode: KeyMode; carrierCode: string; shipDate?: string; orderIds?: string[]; now: Date; token: string; previous?: CloseLease },
  ): Promise<{ records: ManifestRecord[]; replayed: boolean; shipDate: string; pending: string[] }> => {
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
      ctx.shipDate ?? (allOpen.length > 0 ? [...new Set(allOpen.map((s) => s.zone))].map((zone) => todayIn(zone, now)).sort().at(-1)! : now.toISOString().slice(0, 10));
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
        const records = (await Promise.all(ctx.previous.manifestIds.map((id) => getManifest(companyId, id)))).filter((r): r is ManifestRecord => r !== undefined);
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
      lines: shipments.map((s) => ({ orderId: s.orderId, trackingNumber: s.trackingNumber, serviceCode: s.serviceCode, serviceName: s.serviceName, packages: s.packages })),
    }));
    // Named on the lease before they exist: a close that takes a dead one's lease over finishes them.
    await notePending(key, ctx.token, records.map((r) => r.manifestId));
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

  return {
    /** POST /v1/manifests. */
    async close(company: Pick<Company, 'companyId' | 'pricingGroupId'>, body: ManifestCreateBody, mode: KeyMode): Promise<CloseResult> {
      const carrierCode = body.carrierCode.toUpperCase();
      const now = clock();
      const context = await loadCarrierContext(company, mode);
      const carrier = context.carriers.find((c) => c.code === carrierCode);
      if (!carrier || !context.plans.some((p) => p.carrierCode === carrierCode)) throw notFound(`carrier not found in your pricing group: ${echoed(body.carrierCode)}`);
      if (carrier.kind === 'freight') {
        throw badRequest('carrierCode', `${carrierCode} ships freight: each shipment has its own bill of lading, and no manifest`);
      }
      // A carrier that bills on transmit (Canada Post contract shipments): no close of ours alone stands in for it (docs/manifests.md).
      if (TRANSMIT_REQUIRED.has(carrierCode) && !closeOutCarrier(carrierCode)?.closeOut) {
        throw badRequest('carrierCode', `${carrierCode} closes the day with a transmit to ${carrierCode}, which its connector does not offer here`);
      }
      const { shipDate, orderIds } = body;
      const todayUtc = now.toISOString().slice(0, 10);
      if (shipDate && (shipDate < addDays(todayUtc, -SHIP_DATE_PAST_DAYS) || shipDate > addDays(todayUtc, SHIP_DATE_FUTURE_DAYS))) {
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
          const records = (await Promise.all(lease.manifestIds.map((id) => getManifest(company.companyId, id)))).filter((r): r is ManifestRecord => r !== undefined);
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
          await claimClose(key, token, at, lease?.state === 'closed' ? { completedToken: lease.token } : { staleBefore: new Date(at.getTime() - CLOSE_STALE_SECONDS * 1000) });
        } catch (error) {
          if (!(error instanceof ConditionFailed)) throw error;
          continue;
        }
        if (stale) logger.warn('a close took over a stale close lease', { carrierCode, staleSince: lease!.at });
        let outcome: Awaited<ReturnType<typeof closeHeld>> | undefined;
        try {
          outcome = await closeHeld({ companyId: company.companyId, mode, carrierCode, ...(shipDate ? { shipDate } : {}), ...(orderIds ? { orderIds } : {}), now: at, token, ...(lease ? { previous: lease } : {}) });
        } finally {
          // Done, or failed: the lease is complete either way, naming what is left for the next close to finish.
          const pending = outcome ? outcome.pending : await readClose(key).then((l) => (l?.token === token ? (l.pending ?? []) : []), () => []);
          await completeClose(key, token, {
            manifestIds: outcome && !outcome.replayed ? outcome.records.map((r) => r.manifestId) : (lease?.manifestIds ?? []),
            shipDate: outcome?.shipDate ?? lease?.shipDate ?? '',
            pending,
          }).catch((error: unknown) => logger.error('could not complete a close lease', { carrierCode, error }));
        }
        return { data: await answerOf(outcome!.records), replayed: outcome!.replayed };
      }
    },

    /** GET /v1/manifests. */
    async list(companyId: string, mode: KeyMode, query: ManifestListQuery): Promise<ManifestList> {
      const { carrierCode, from, to, cursor } = query;
      const limit = query.limit ? Number(query.limit) : 20;
      let after: string | undefined;
      if (cursor !== undefined) {
        after = sortKeyOf(cursor);
        if (!after || !isManifestSortKey(companyId, mode, after)) throw badRequest('cursor', 'is not a cursor of this list');
      }
      const page = await listManifests(companyId, mode, { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(carrierCode ? { carrierCode: carrierCode.toUpperCase() } : {}), ...(after ? { after } : {}), limit });
      return { manifests: await Promise.all(page.manifests.map(toManifest)), nextCursor: page.last ? cursorOf(page.last) : null };
    },

    /** GET /v1/manifests/{manifestId}: another company's, or the other mode's, is as unknown as none. */
    async get(companyId: string, mode: KeyMode, manifestId: string): Promise<Manifest> {
      return toManifest(await ownManifest(companyId, mode, manifestId));
    },

    /** GET /v1/manifests/{manifestId}/{documentCode}: a fresh presigned URL of the document; the manifest (its documents) for an unknown code, as the label file answers its list. */
    async file(companyId: string, mode: KeyMode, manifestId: string, documentCode: string): Promise<{ kind: 'redirect'; location: string } | { kind: 'manifest'; data: Manifest }> {
      const record = await ownManifest(companyId, mode, manifestId);
      const code = documentCode.slice(0, 64).toUpperCase();
      if (!(MANIFEST_DOCUMENT_CODES as readonly string[]).includes(code)) return { kind: 'manifest', data: await toManifest(record) };
      // An abandoned manifest never has a document: the manifest says so, as for a code it does not have.
      if (record.status === 'abandoned') return { kind: 'manifest', data: await toManifest(record) };
      const document = record.documents.find((d) => d.code === code);
      if (record.status !== 'closed' || !document) {
        throw new AppError(409, 'MANIFEST_IN_PROGRESS', 'This manifest is still closing; close the carrier again to finish it, then ask again', { headers: { 'retry-after': '2' } });
      }
      // A rendered PDF gone from the bucket is drawn again from the manifest; a carrier's own is only kept.
      if (document.source === 'rendered' && !(await labelFileExists(document.objectKey))) await storeDocument(record, undefined);
      return { kind: 'redirect', location: await presignLabelFile(document.objectKey, `manifest-${record.carrierCode}-${record.shipDate}.pdf`, config.labelUrlMinutes * 60) };
    },
  };

  async function ownManifest(companyId: string, mode: KeyMode, manifestId: string): Promise<ManifestRecord> {
    const record = await getManifest(companyId, manifestId.toLowerCase());
    if (!record || record.mode !== mode) throw notFound('manifest not found');
    return record;
  }
};

export type ManifestService = ReturnType<typeof createManifestService>;
