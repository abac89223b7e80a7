/**
 * End-of-day manifests (docs/manifests.md, docs/decisions.md "Manifests"),
 * all in the company's partition `MANIFEST#<companyId>`:
 *
 * - `OPEN#<mode>#<carrier>#<orderId>`: a shipment not yet on a manifest,
 *   put in the ship's transaction with its order (a parcel carrier's only),
 *   with what its manifest line needs. A close finds the open shipments with
 *   one Query of that prefix (never a Scan), and takes each one in a
 *   transaction that deletes the entry (it must exist) and sets `manifestId`
 *   on the order (it must have none, and not be cancelled): a shipment is on
 *   one manifest at most, whatever the interleaving. A cancel deletes the
 *   entry before it voids, under the same condition, so a close and a cancel
 *   never both win one order; a refused void puts it back only while the
 *   order is still open, so a cancelled order never has one.
 * - `CLOSE#<mode>#<carrier>`: the close lease (shared/store/lease.ts): one
 *   close of a carrier and mode at a time; it names the manifests a close has
 *   begun (`pending`), so a close that takes over a dead one finishes them,
 *   and, once complete, those it made (`manifestIds`, `shipDate`).
 * - `LIST#<mode>#<shipDate>#<createdDate>#<manifestId>`: the manifest, so a
 *   Query lists a mode's manifests by ship date, newest first;
 *   `ID#<manifestId>` points at it.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { ddb, DeleteCommand, QueryCommand } from '../aws';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from '../zod';
import { config } from '../config';
import type { KeyMode } from '../domain/entities';
import { all, conditionOf, expressionOf, itemAbsent, itemExists, requestPlaceholders } from './expressions';
import { keys, type Key } from './keys';
import { defineLease } from './lease';
import { ConditionFailed, conditionalPut, conditionalUpdate, getItem, queryNewestFirst, queryPrefix, transactWrite, type TransactionWrite } from './table-ops';

/** One package of a manifest line: its tracking number and weight in kilograms. */
const packageSchema = z.object({ trackingNumber: z.string(), weightKg: z.number() });
const shipperSchema = z.object({
  name: z.string(),
  company: z.optional(z.string()),
  city: z.optional(z.string()),
  province: z.optional(z.string()),
  country: z.string(),
});
export type ManifestShipper = z.infer<typeof shipperSchema>;

/** What a manifest line of an order needs, kept while the order is open. */
export const openShipmentSchema = z.object({
  orderId: z.string(),
  companyId: z.string(),
  mode: z.enum(['live', 'test']),
  carrierCode: z.string(),
  /** '' for a sandbox plan without a registered account. */
  carrierAccountId: z.string(),
  accountNumber: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  trackingNumber: z.string(),
  carrierShipmentId: z.optional(z.string()),
  rateResponseId: z.string(),
  packages: z.array(packageSchema),
  /** The shipment's own shipping date (YYYY-MM-DD) and its shipper's zone (an IANA name). */
  shipDate: z.string(),
  zone: z.string(),
  shipper: shipperSchema,
  createdDate: z.string(),
});
export type OpenShipment = z.infer<typeof openShipmentSchema>;

const openKey = (s: Pick<OpenShipment, 'companyId' | 'mode' | 'carrierCode' | 'orderId'>) => keys.manifestOpen(s.companyId, s.mode, s.carrierCode, s.orderId);

/** The open entry, as a write of the ship's transaction. */
export const openShipmentPut = (shipment: OpenShipment): TransactionWrite => ({
  put: { ...openKey(shipment), entityType: 'manifestOpen', ...shipment },
  condition: itemAbsent(),
});

/** The company's open shipments of a carrier and mode: one Query (page after page). */
export const listOpenShipments = (companyId: string, mode: KeyMode, carrierCode: string): Promise<OpenShipment[]> => {
  const { pk, skPrefix } = keys.manifestOpenPrefix(companyId, mode, carrierCode);
  return queryPrefix(pk, skPrefix, openShipmentSchema);
};

/** The open entries of these orders of the company's carrier and mode, where they exist: one GetItem each, all at once. */
export const getOpenShipments = async (companyId: string, mode: KeyMode, carrierCode: string, orderIds: readonly string[]): Promise<OpenShipment[]> => {
  const found = await Promise.all(orderIds.map((orderId) => getItem(openKey({ companyId, mode, carrierCode, orderId }), openShipmentSchema)));
  return found.filter((s): s is OpenShipment => s !== undefined);
};

/**
 * Puts the order on manifest `manifestId`: deletes its open entry (which must
 * exist) and sets the manifest on the order (which must have none and not be
 * cancelled), together. ConditionFailed when a cancel or another close came first.
 */
export const takeForManifest = async (shipment: OpenShipment, manifestId: string, shipDate: string): Promise<void> => {
  const e = expressionOf();
  const changes = e.expression(e.update({ set: { manifestId, manifestShipDate: shipDate } }));
  const open = e.expression(all(e.exists('pk'), e.absent('manifestId'), e.compare('status', '<>', 'cancelled', 'cancelled')));
  await transactWrite([
    { delete: openKey(shipment), condition: itemExists() },
    { update: keys.order(shipment.orderId), changes, condition: open },
  ]);
};

/**
 * A cancel's claim on the order before it voids: deletes its open entry and
 * answers it (undefined when there was none: the order is on a manifest, an
 * earlier cancel took it).
 */
export const takeForCancel = async (order: { companyId: string; mode: KeyMode; carrierCode: string; orderId: string }): Promise<OpenShipment | undefined> => {
  try {
    const out = await ddb.send(new DeleteCommand({ TableName: config.tableName, Key: openKey(order), ...conditionOf(itemExists()), ReturnValues: 'ALL_OLD' }));
    const parsed = openShipmentSchema.safeParse(out.Attributes);
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
};

/**
 * Puts a cancel's entry back when the carrier refused the void, in one
 * transaction with the condition that the order is still open (not
 * cancelled, on no manifest): a concurrent cancel the carrier accepted may
 * have cancelled it meanwhile. False when the order is no longer open.
 */
export const reopenShipment = async (shipment: OpenShipment): Promise<boolean> => {
  const e = expressionOf();
  const open = e.expression(all(e.exists('pk'), e.absent('manifestId'), e.compare('status', '<>', 'cancelled', 'cancelled')));
  try {
    await transactWrite([openShipmentPut(shipment), { check: keys.order(shipment.orderId), condition: open }]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

/**
 * Deletes the order's open entry, if any: the order is cancelled (or gone),
 * and a cancelled order is final, so no condition is needed. What a cancel
 * that did not hold the entry does once it has cancelled the order (another
 * cancel, refused, may have put it back), and what a close does with an
 * entry it finds of a cancelled order.
 */
export const dropOpenShipment = async (order: { companyId: string; mode: KeyMode; carrierCode: string; orderId: string }): Promise<void> => {
  await ddb.send(new DeleteCommand({ TableName: config.tableName, Key: openKey(order) }));
};

/** One line of a manifest: an order and its packages. */
const lineSchema = z.object({
  orderId: z.string(),
  trackingNumber: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  packages: z.array(packageSchema),
});
export type ManifestLine = z.infer<typeof lineSchema>;

const documentSchema = z.object({ code: z.literal('MANIFEST_PDF'), source: z.enum(['rendered', 'carrier']), objectKey: z.string() });
export type ManifestDocumentRecord = z.infer<typeof documentSchema>;

export const manifestRecordSchema = z.object({
  manifestId: z.string(),
  companyId: z.string(),
  mode: z.enum(['live', 'test']),
  carrierCode: z.string(),
  carrierAccountId: z.string(),
  accountNumber: z.string(),
  shipDate: z.string(),
  /** `abandoned`: a close found none of its orders left to take, and it made no carrier call (docs/manifests.md). */
  status: z.enum(['closing', 'closed', 'abandoned']),
  /** While closing: the orders it means to take; once closed, those it took; none once abandoned. */
  orders: z.array(z.string()),
  shipper: shipperSchema,
  packageCount: z.number(),
  totalWeightKg: z.number(),
  carrierManifestIds: z.array(z.string()),
  documents: z.array(documentSchema),
  createdDate: z.string(),
  closedAt: z.optional(z.string()),
  /** A carrier close-out was asked and ended without a clear answer: the next close asks the carrier's list first. */
  transmitUncertain: z.optional(z.boolean()),
});
export type ManifestRecord = z.infer<typeof manifestRecordSchema> & { lines: ManifestLine[] };

const storedManifest = z.extend(manifestRecordSchema, { linesGzip: z.instanceof(Uint8Array) });
const pointerSchema = z.object({ listSk: z.string() });

const manifestKey = (m: Pick<ManifestRecord, 'companyId' | 'mode' | 'shipDate' | 'createdDate' | 'manifestId'>) =>
  keys.manifest(m.companyId, m.mode, m.shipDate, m.createdDate, m.manifestId);

const itemOf = (m: ManifestRecord) => {
  const { lines, ...fields } = m;
  // The lines (one per order, each with its packages) go gzipped: 200 orders of many packages stay well under 400 KB.
  return { ...manifestKey(m), entityType: 'manifest', ...fields, linesGzip: gzipSync(JSON.stringify(lines)) };
};

const recordOf = (item: unknown): ManifestRecord => {
  const { linesGzip, ...fields } = storedManifest.parse(item);
  return { ...fields, lines: z.array(lineSchema).parse(JSON.parse(gunzipSync(linesGzip).toString('utf8'))) };
};

/**
 * A closed manifest from a stream record's image (the `manifest.created`
 * event), without its lines (binary attributes arrive base64-encoded in a
 * Lambda event); undefined for any other item.
 */
export const manifestOfImage = (image: Record<string, unknown>): Omit<ManifestRecord, 'lines'> | undefined => {
  const item = unmarshall(image as Record<string, AttributeValue>);
  if (item.entityType !== 'manifest' || item.status !== 'closed') return undefined;
  const parsed = manifestRecordSchema.safeParse(item);
  return parsed.success ? parsed.data : undefined;
};

/** Writes a new manifest (closing) and its id pointer together. */
export const createManifest = async (m: ManifestRecord): Promise<void> => {
  await transactWrite([
    { put: itemOf(m), condition: itemAbsent() },
    { put: { ...keys.manifestId(m.companyId, m.manifestId), entityType: 'manifestId', listSk: manifestKey(m).sk }, condition: itemAbsent() },
  ]);
};

/** Writes the manifest as it now stands (it exists). */
export const saveManifest = async (m: ManifestRecord): Promise<void> => {
  await conditionalPut(itemOf(m), itemExists());
};

/** The company's manifest of that id, any mode; undefined when it has none. */
export const getManifest = async (companyId: string, manifestId: string): Promise<ManifestRecord | undefined> => {
  const pointer = await getItem(keys.manifestId(companyId, manifestId), pointerSchema, true);
  if (!pointer) return undefined;
  const item = await getItem({ pk: keys.manifestId(companyId, manifestId).pk, sk: pointer.listSk }, z.unknown(), true);
  return item ? recordOf(item) : undefined;
};

/** A position in the list: where the next page starts reading (absent: the list ends with this page). */
export type ManifestPage = { manifests: ManifestRecord[]; last?: string };

export { FILTERED_READ_ITEMS, MAX_LIST_READS } from './table-ops';

/**
 * One page of a mode's manifests, newest ship date first (then newest made),
 * ship dates from `from` to `to`, of `carrierCode` when given, after `after`
 * (a sort key of the same partition and mode). It reads until it holds one
 * manifest more than `limit` (then `last` is the page's last manifest) or the
 * list ends (no `last`). A carrier filter is a FilterExpression: each read
 * evaluates at most FILTERED_READ_ITEMS manifests (or 1 MB) and answers the
 * carrier's among them, so a page of a rare carrier may take several reads.
 * Past MAX_LIST_READS, a page that holds a manifest stops short, `last` where
 * it stopped reading.
 */
export const listManifests = async (
  companyId: string,
  mode: KeyMode,
  options: { from?: string; to?: string; carrierCode?: string; after?: string; limit: number },
): Promise<ManifestPage> => {
  const { pk, skPrefix } = keys.manifestListPrefix(companyId, mode);
  const low = `${skPrefix}${options.from ?? ''}`;
  // Every sort key of a ship date `to` starts with `<prefix><to>#`, and `$` sorts after `#`.
  const high = options.to ? `${skPrefix}${options.to}$` : `${skPrefix}\uffff`;
  const e = expressionOf();
  const keyCondition = e.expression(`${e.equals('pk', pk)} AND ${e.between('sk', low, high)}`);
  const filter = options.carrierCode ? e.expression(e.equals('carrierCode', options.carrierCode, 'carrier')) : undefined;
  const { items, last } = await queryNewestFirst(pk, keyCondition, {
    ...(filter ? { filter } : {}),
    ...(options.after ? { after: options.after } : {}),
    limit: options.limit,
  });
  return { manifests: items.map(recordOf), ...(last !== undefined ? { last } : {}) };
};

/**
 * The ids of a carrier's manifests of a mode still `closing`, ship dates from
 * `from` to `to`: one Query of the mode's manifests of those days (page after
 * page), filtered, projecting the id alone.
 */
export const closingManifestIds = async (companyId: string, mode: KeyMode, carrierCode: string, from: string, to: string): Promise<string[]> => {
  const { pk, skPrefix } = keys.manifestListPrefix(companyId, mode);
  const e = expressionOf();
  const keyCondition = e.expression(`${e.equals('pk', pk)} AND ${e.between('sk', `${skPrefix}${from}`, `${skPrefix}${to}$`)}`);
  const filter = e.expression(all(e.equals('carrierCode', carrierCode, 'carrier'), e.equals('status', 'closing')));
  const projection = e.expression(e.name('manifestId'));
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: keyCondition.expression,
        FilterExpression: filter.expression,
        ProjectionExpression: projection.expression,
        ...requestPlaceholders(keyCondition, filter, projection),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of out.Items ?? []) if (typeof item.manifestId === 'string') ids.push(item.manifestId);
    start = out.LastEvaluatedKey;
  } while (start);
  return ids;
};

/** Whether `sk` is a manifest sort key of that mode (a cursor's content is checked before it reaches DynamoDB). */
export const isManifestSortKey = (companyId: string, mode: KeyMode, sk: string): boolean =>
  sk.startsWith(keys.manifestListPrefix(companyId, mode).skPrefix) && sk.length <= 200;

const closeSchema = z.object({
  state: z.enum(['closing', 'closed']),
  token: z.string(),
  at: z.string(),
  pending: z.optional(z.array(z.string())),
  manifestIds: z.optional(z.array(z.string())),
  shipDate: z.optional(z.string()),
});
export type CloseLease = z.infer<typeof closeSchema>;

/** The close lease: an item lease, `closing` while held, `closed` once complete. */
const closeLease = defineLease({ kind: 'item', entityType: 'manifestClose', since: 'at', held: 'closing', done: 'closed', schema: closeSchema });

export const closeKey = (companyId: string, mode: KeyMode, carrierCode: string): Key => keys.manifestClose(companyId, mode, carrierCode);
export const readClose = (key: Key) => closeLease.read(key);

/** Claims the close lease: free, stale (held since before `staleBefore`), or the completed lease of `completedToken`. ConditionFailed otherwise. */
export const claimClose = (key: Key, token: string, now: Date, options: { staleBefore?: Date; completedToken?: string; stale?: CloseLease }) =>
  closeLease.claim(key, {
    token,
    now,
    ...(options.completedToken
      ? { takeOver: { token: options.completedToken, completed: true } }
      : options.stale
        ? { takeOver: { token: options.stale.token } }
        : { staleBefore: options.staleBefore }),
  });

/** Notes on the held lease the manifests this close has begun, before it writes them. */
export const notePending = async (key: Key, token: string, pending: readonly string[]): Promise<void> => {
  const e = expressionOf();
  const update = e.expression(e.update({ set: { pending } }));
  await conditionalUpdate(key, update, e.expression(`${e.equals('token', token)} AND ${e.equals('state', 'closing', 'held')}`));
};

/** Completes the close: what it made, for the replay of the same close; `pending` what the next close must finish. */
export const completeClose = (key: Key, token: string, result: { manifestIds: string[]; shipDate: string; pending: string[] }) =>
  closeLease.complete(key, token, { set: { manifestIds: result.manifestIds, shipDate: result.shipDate, pending: result.pending } });

export { ConditionFailed };
