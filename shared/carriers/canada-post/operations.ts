/**
 * The Canada Post operations over a client bound to one account and mode
 * (./api.ts): the choreography of Canada Post calls behind one operation of
 * the carrier port, with the pure builders and parsers of ./ship.ts and
 * ./track.ts. Every URL but the documented entry points (create, search,
 * track) is a link Canada Post returned: `self`, `details`, `label`,
 * `returnLabel`, `commercialInvoice`, `refund`.
 *
 * Exactly once without an idempotency key: a contract shipment carries our
 * reference as its `customer-request-id`; when an earlier attempt may have
 * bought it (`input.mayExist`), Get Shipments by that id comes first and a
 * shipment found is adopted (its label fetched again) instead of buying a
 * second one. A non-contract shipment cannot be searched by reference: Get
 * Non-Contract Shipments lists a date range, and each shipment's details
 * carry our reference in `customer-ref-1` (docs/canada-post.md). An order
 * of several parcels is one shipment per parcel, each under its own
 * reference, each looked up, adopted or bought alone ("Multi-piece").
 *
 * The day's close of a contract account transmits the groups its shipments
 * are in (Transmit Shipments), then fetches each manifest and its PDF; a
 * transmit whose answer was lost is found again in Get Manifests by the
 * customer-reference it carried (./manifest.ts). A non-contract account has
 * nothing to transmit. Once transmitted, a cancel is a refund request.
 *
 * Loaded on the first ship, track, void or close (./index.ts).
 */
import { leastAdvancedStatus, mergeEvents } from '../../domain/tracking';
import {
  CarrierError,
  CarrierRefusal,
  NothingToAdopt,
  type CarrierCloseOut,
  type CarrierDocument,
  type CarrierManifestDocument,
  type CarrierShipment,
  type CarrierTracking,
  type CloseOutInput,
  type FoundPackage,
  type ShipInput,
  type ShipmentRef,
} from '../../domain/carrier';
import type { CanadaPostAnswer, CanadaPostApi } from './api';
import {
  buildTransmitSetXml,
  customerReferenceOf,
  groupsPath,
  manifestPath,
  parseGroupIds,
  parseManifest,
  parseManifestDetails,
  parseManifestLinks,
  type CanadaPostManifest,
} from './manifest';
import { bodyOf, hasCode, reasonOf } from './messages';
import {
  buildCanadaPostShipRequest,
  canadaPostTrackingUrl,
  contractShipmentPath,
  nonContractShipmentPath,
  parseNonContractDetails,
  parseShipmentInfo,
  parcelReferenceOf,
  parseShipmentLinks,
  refundRequestXml,
  type CanadaPostLink,
  type CanadaPostShipment,
  type CanadaPostShipRequest,
} from './ship';
import { canadaPostTrackPath, parseCanadaPostTrack } from './track';
import { CANADA_POST_MAX_PARCELS } from './mapping';
import { mapBounded } from '../../bounded';
import { CANADAPOST, canadaPostReferenceOf, MEDIA } from './xml';

// Rating is ./rate.ts (the rate function loads it alone); re-exported for the tests of every operation.
export { buildCanadaPostRateRequest, canadaPostRate } from './rate';

/** At most this many shipments of a date range are opened to find a non-contract shipment by its reference. */
export const NON_CONTRACT_SEARCH_LIMIT = 50;

const linkOf = (shipment: CanadaPostShipment, rel: string): CanadaPostLink | undefined =>
  shipment.links.filter((l) => l.rel === rel).sort((a, b) => (a.index ?? 0) - (b.index ?? 0))[0];

async function get(api: CanadaPostApi, link: CanadaPostLink, fallback: string, signal: AbortSignal): Promise<CanadaPostAnswer> {
  return api.send({ method: 'GET', target: { link: link.href }, accept: link.mediaType || fallback, retryable: true }, signal);
}

/** The shipment a link of a search names (Get Shipment, or Get Non-Contract Shipment). */
async function shipmentAt(api: CanadaPostApi, link: CanadaPostLink, fallback: string, signal: AbortSignal): Promise<CanadaPostShipment> {
  return parseShipmentInfo(bodyOf(await get(api, link, fallback, signal), 'read a shipment'));
}

/** The contract shipments Canada Post holds under a query (`requestId` or `trackingPIN`), in its order; none when it has none. */
async function contractShipments(api: CanadaPostApi, query: Record<string, string>, signal: AbortSignal): Promise<CanadaPostShipment[]> {
  const answer = await api.send(
    { method: 'GET', target: { path: contractShipmentPath(api.customerNumber), query }, accept: MEDIA.shipment, retryable: true },
    signal,
  );
  if (answer.status === 404) return [];
  const links = parseShipmentLinks(bodyOf(answer, 'search its shipments')).filter((l) => l.rel === 'shipment' || l.rel === 'self');
  const found: CanadaPostShipment[] = [];
  for (const link of links) found.push(await shipmentAt(api, link, MEDIA.shipment, signal));
  return found;
}

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-T:]/g, '');

/** The non-contract shipments listed for a query (a date range, or a PIN), each opened. */
async function nonContractShipments(api: CanadaPostApi, query: Record<string, string>, signal: AbortSignal): Promise<CanadaPostShipment[]> {
  const answer = await api.send(
    { method: 'GET', target: { path: nonContractShipmentPath(api.customerNumber), query }, accept: MEDIA.ncshipment, retryable: true },
    signal,
  );
  if (answer.status === 404) return [];
  const links = parseShipmentLinks(bodyOf(answer, 'search its shipments'));
  if (links.length > NON_CONTRACT_SEARCH_LIMIT) {
    throw new CarrierError(
      CANADAPOST,
      `Canada Post lists ${links.length} non-contract shipments in the range searched; at most ${NON_CONTRACT_SEARCH_LIMIT} are opened`,
    );
  }
  const found: CanadaPostShipment[] = [];
  for (const link of links) found.push(await shipmentAt(api, link, MEDIA.ncshipment, signal));
  return found;
}

/**
 * The non-contract shipments of a date range whose reference (customer-ref-1
 * of their details) `isOurs` accepts, each with that reference, in Canada
 * Post's order; one whose refund was requested is no longer ours to adopt or void.
 */
async function nonContractByReference(
  api: CanadaPostApi,
  isOurs: (reference: string) => boolean,
  from: Date,
  to: Date,
  signal: AbortSignal,
): Promise<Array<{ reference: string; shipment: CanadaPostShipment }>> {
  const listed = await nonContractShipments(api, { from: stamp(from), to: stamp(to) }, signal);
  const ours: Array<{ reference: string; shipment: CanadaPostShipment }> = [];
  for (const shipment of listed) {
    const details = linkOf(shipment, 'details');
    if (!details) continue;
    const read = parseNonContractDetails(bodyOf(await get(api, details, MEDIA.ncshipment, signal), 'read a shipment’s details'));
    if (read.reference !== undefined && isOurs(read.reference) && !read.refunded) ours.push({ reference: read.reference, shipment });
  }
  return ours;
}

const DAY = 86_400_000;

/** At most this many reference searches of one order are in flight at once (one per parcel). */
const SEARCH_CONCURRENCY = 3;

/** The shipments earlier attempts may have bought under each parcel's reference, in Canada Post's order; a non-contract range is listed once for all. */
async function existing(
  api: CanadaPostApi,
  requests: readonly CanadaPostShipRequest[],
  shipTime: string,
  signal: AbortSignal,
): Promise<Map<string, CanadaPostShipment[]>> {
  const references = requests.map((r) => r.reference);
  if (requests[0]!.kind === 'contract') {
    const found = await mapBounded(references, SEARCH_CONCURRENCY, (requestId) => contractShipments(api, { requestId }, signal));
    return new Map(references.map((reference, i) => [reference, found[i]!]));
  }
  const at = Date.parse(shipTime);
  const base = Number.isNaN(at) ? Date.now() : at;
  const wanted = new Set(references);
  const listed = await nonContractByReference(api, (reference) => wanted.has(reference), new Date(base - DAY), new Date(base + 2 * DAY), signal);
  return new Map(references.map((reference) => [reference, listed.filter((l) => l.reference === reference).map((l) => l.shipment)]));
}

const FORMATS: Readonly<Record<string, CarrierDocument['format']>> = { 'application/pdf': 'PDF', 'application/zpl': 'ZPL' };
const DOCUMENTS: readonly { rel: string; type: CarrierDocument['type'] }[] = [
  { rel: 'label', type: 'label' },
  { rel: 'returnLabel', type: 'returnLabel' },
  { rel: 'commercialInvoice', type: 'customsInvoice' },
];

/** Canada Post's artifacts of a shipment (Get Artifact of each link): its label (of the order's package `packageIndex`), the return label, the customs form. */
async function documentsOf(api: CanadaPostApi, shipment: CanadaPostShipment, packageIndex: number, signal: AbortSignal): Promise<CarrierDocument[]> {
  const documents: CarrierDocument[] = [];
  for (const { rel, type } of DOCUMENTS) {
    const link = linkOf(shipment, rel);
    if (!link) continue;
    const format = FORMATS[link.mediaType.toLowerCase()] ?? 'PDF';
    const answer = await get(api, link, 'application/pdf', signal);
    if (answer.status < 200 || answer.status >= 300)
      throw new CarrierError(CANADAPOST, `Canada Post did not give the ${rel} of shipment ${shipment.shipmentId}: ${reasonOf(answer)}`);
    if (format === 'PDF' && !answer.body.subarray(0, 5).toString('latin1').startsWith('%PDF'))
      throw new CarrierError(CANADAPOST, `Canada Post's ${rel} of shipment ${shipment.shipmentId} is not a PDF`);
    if (answer.body.length === 0) throw new CarrierError(CANADAPOST, `Canada Post's ${rel} of shipment ${shipment.shipmentId} is empty`);
    documents.push(type === 'label' ? { type, packageIndex, format, content: answer.body } : { type, format, content: answer.body });
  }
  if (!documents.some((d) => d.type === 'label')) throw new CarrierError(CANADAPOST, `Canada Post gave no label link for shipment ${shipment.shipmentId}`);
  return documents;
}

/** Creates one parcel's shipment. Not retryable: Canada Post has no idempotency key; an attempt without a clear answer is resolved by the search of a retry. */
async function create(api: CanadaPostApi, request: CanadaPostShipRequest, signal: AbortSignal): Promise<CanadaPostShipment> {
  const answer = await api.send(
    { method: 'POST', target: { path: request.path }, accept: request.mediaType, body: { contentType: request.mediaType, xml: request.xml }, retryable: false },
    signal,
  );
  return parseShipmentInfo(bodyOf(answer, 'create the shipment'));
}

const pinOf = (shipment: CanadaPostShipment) => shipment.trackingPin ?? shipment.shipmentId;

/**
 * Canada Post refused parcel `failed` of the order after earlier parcels
 * were made: each is voided (refunded where Canada Post no longer voids),
 * last first, so what stays listed is always the order's first parcels. A
 * CarrierError (502) either way: nothing is left billable, or the shipments
 * that could not be voided are named and left to the reconciler (the
 * ship's record stays).
 */
async function undo(
  api: CanadaPostApi,
  made: readonly CanadaPostShipment[],
  failed: CanadaPostShipRequest,
  kind: CanadaPostShipRequest['kind'],
  refusal: CarrierRefusal,
  signal: AbortSignal,
): Promise<never> {
  const left: string[] = [];
  for (const shipment of [...made].reverse()) {
    try {
      await voidShipment(api, shipment, kind, signal);
    } catch {
      left.unshift(pinOf(shipment));
    }
  }
  const what = `Canada Post refused parcel ${failed.parcel + 1} of ${failed.parcels}: ${refusal.message}`;
  throw new CarrierError(
    CANADAPOST,
    left.length === 0
      ? `${what}; the ${made.length} parcel(s) made before it were voided`
      : `${what}; parcel(s) ${left.join(', ')} made before it could not be voided yet and are reconciled`,
  );
}

/**
 * Buys the order's shipments, one per parcel in piece order (a piece of
 * quantity 3 is three), each under its own reference, or adopts those an
 * earlier attempt bought (the first Canada Post lists under a parcel's
 * reference; the reconciler voids the others, shared/services/reconciliation.ts).
 * `adoptOnly`: never buy; NothingToAdopt unless Canada Post holds every
 * parcel's shipment. A refusal at a parcel after the first voids those made
 * and answers a CarrierError; an answer lost part-way leaves them for the
 * retry to adopt. The labels come in parcel order (`packageIndex`).
 */
export async function canadaPostShip(input: ShipInput, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierShipment> {
  const first = buildCanadaPostShipRequest(input, api.contractId);
  const requests = [first, ...Array.from({ length: first.parcels - 1 }, (_, i) => buildCanadaPostShipRequest(input, api.contractId, i + 1))];
  const found =
    input.mayExist === true || input.adoptOnly === true ? await existing(api, requests, input.shipTime, signal) : new Map<string, CanadaPostShipment[]>();
  if (input.adoptOnly === true && requests.some((r) => !found.get(r.reference)?.length)) throw new NothingToAdopt(CANADAPOST, input.reference);
  const made: CanadaPostShipment[] = [];
  const documents: CarrierDocument[] = [];
  for (const request of requests) {
    let shipment = found.get(request.reference)?.[0];
    if (!shipment) {
      try {
        shipment = await create(api, request, signal);
      } catch (error) {
        if (error instanceof CarrierRefusal && made.length > 0) await undo(api, made, request, first.kind, error, signal);
        throw error;
      }
    }
    made.push(shipment);
    documents.push(...(await documentsOf(api, shipment, request.parcel, signal)));
  }
  const master = made[0]!;
  // A service without tracking gives no PIN: the shipment id stands for it (tracking then finds nothing).
  const trackingNumber = pinOf(master);
  return {
    reference: input.reference,
    carrierCode: CANADAPOST,
    serviceCode: input.serviceCode,
    trackingNumber,
    pieceTrackingNumbers: made.map(pinOf),
    trackingUrl: canadaPostTrackingUrl(trackingNumber),
    ...(master.returnTrackingPin ? { returnTrackingNumber: master.returnTrackingPin } : {}),
    ...(first.international ? { customs: { declarationNumber: master.shipmentId, documentsOnly: first.documentsOnly } } : {}),
    shipmentId: master.shipmentId,
    documents,
  };
}

/**
 * The packages Canada Post holds under our reference for the account: each
 * shipment's PIN (outbound) and its return PIN (return), in Canada Post's
 * order, an order of several parcels' in parcel order. A voided contract
 * shipment is no longer listed. Contract: Get Shipments by our reference,
 * and when it lists none, by every parcel's reference an order may have
 * (`<reference>-1` … up to CANADA_POST_MAX_PARCELS, every one asked: a
 * parcel voided before another leaves a gap). Non-contract shipments are
 * looked for among those of the last `windowDays` days.
 */
export async function canadaPostFindShipments(reference: string, api: CanadaPostApi, windowDays: number, signal: AbortSignal): Promise<FoundPackage[]> {
  const ours = canadaPostReferenceOf(reference);
  const now = Date.now();
  const parcelReferences = Array.from({ length: CANADA_POST_MAX_PARCELS }, (_, i) => parcelReferenceOf(ours, i, CANADA_POST_MAX_PARCELS));
  let shipments: CanadaPostShipment[];
  if (api.contractId) {
    shipments = await contractShipments(api, { requestId: ours }, signal);
    if (shipments.length === 0)
      shipments = (await mapBounded(parcelReferences, SEARCH_CONCURRENCY, (requestId) => contractShipments(api, { requestId }, signal))).flat();
  } else {
    const wanted = new Set([ours, ...parcelReferences]);
    shipments = (await nonContractByReference(api, (r) => wanted.has(r), new Date(now - (windowDays + 1) * DAY), new Date(now + DAY), signal)).map(
      (l) => l.shipment,
    );
  }
  return shipments.flatMap((s) => [
    { trackingNumber: s.trackingPin ?? s.shipmentId, role: 'outbound' as const },
    ...(s.returnTrackingPin ? [{ trackingNumber: s.returnTrackingPin, role: 'return' as const }] : []),
  ]);
}

/** Canada Post's tracking of one PIN; none yet (Canada Post's 404 before the first scan) is a pending shipment without events. */
async function trackPin(pin: string, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierTracking> {
  const answer = await api.send({ method: 'GET', target: { path: canadaPostTrackPath(pin) }, accept: MEDIA.track, retryable: true }, signal);
  if (answer.status === 404) return { trackingNumber: pin, transitStatus: 'pending', events: [] };
  if (answer.status < 200 || answer.status >= 300) throw new CarrierError(CANADAPOST, `Canada Post could not track ${pin}: ${reasonOf(answer)}`);
  const { expectedDeliveryDate: _expected, ...tracking } = parseCanadaPostTrack(answer.body.toString('utf8'), pin);
  return tracking;
}

/** At most this many PINs of one order are tracked at once. */
const TRACK_CONCURRENCY = 3;

/**
 * Canada Post's tracking of the order: of its PIN, or of every parcel's
 * (at most TRACK_CONCURRENCY at once), their events merged newest first and
 * the order's status the least advanced parcel's (leastAdvancedStatus).
 */
export async function canadaPostTrack(shipment: ShipmentRef, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierTracking> {
  const pins = shipment.pieceTrackingNumbers ?? [shipment.trackingNumber];
  if (pins.length <= 1) return trackPin(shipment.trackingNumber, api, signal);
  const each = await mapBounded(pins, TRACK_CONCURRENCY, (pin) => trackPin(pin, api, signal));
  return {
    trackingNumber: shipment.trackingNumber,
    transitStatus: leastAdvancedStatus(each.map((t) => t.transitStatus)),
    events: mergeEvents(
      [],
      each.flatMap((t) => t.events),
    ),
  };
}

/** Canada Post's code when a refund was already requested for the shipment. */
const REFUND_ALREADY_REQUESTED = '7292';
/** Canada Post's code when a void comes after the transmit: a refund must be requested. */
const TRANSMITTED = '8064';

/** Asks for the refund of a shipment Canada Post will no longer void; accepted (or already asked) is the cancel's success. */
async function requestRefund(api: CanadaPostApi, shipment: CanadaPostShipment, kind: CanadaPostShipRequest['kind'], signal: AbortSignal): Promise<void> {
  const link = linkOf(shipment, 'refund');
  if (!link) throw new CarrierRefusal(CANADAPOST, `Canada Post offers no refund of shipment ${shipment.shipmentId}`);
  const email = await api.refundEmail();
  if (!email)
    throw new CarrierRefusal(
      CANADAPOST,
      'Canada Post refunds this shipment on request only, answered by e-mail: the carrier account’s credentials need a refundEmail',
    );
  const media = kind === 'contract' ? MEDIA.shipment : MEDIA.ncshipment;
  const answer = await api.send(
    {
      method: 'POST',
      target: { link: link.href },
      accept: link.mediaType || media,
      body: { contentType: link.mediaType || media, xml: refundRequestXml(kind, email) },
      retryable: false,
    },
    signal,
  );
  if (answer.status >= 200 && answer.status < 300) return;
  if (answer.status === 409 || hasCode(answer, REFUND_ALREADY_REQUESTED)) return;
  bodyOf(answer, 'refund the shipment');
}

/**
 * Voids a shipment Canada Post listed: a contract one not yet transmitted
 * by DELETE of its `self` link (not found counts as voided); once
 * transmitted (Canada Post's 8064), and a non-contract one always, a
 * refund is requested through its `refund` link.
 */
async function voidShipment(api: CanadaPostApi, target: CanadaPostShipment, kind: CanadaPostShipRequest['kind'], signal: AbortSignal): Promise<void> {
  if (kind === 'nonContract') return requestRefund(api, target, 'nonContract', signal);
  const self = linkOf(target, 'self');
  if (!self) throw new CarrierError(CANADAPOST, `Canada Post gave no link to void shipment ${target.shipmentId}`);
  const answer = await api.send({ method: 'DELETE', target: { link: self.href }, accept: self.mediaType || MEDIA.shipment, retryable: true }, signal);
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
  if (hasCode(answer, TRANSMITTED)) return requestRefund(api, target, 'contract', signal);
  bodyOf(answer, 'void the shipment');
}

/** Cancels one parcel's shipment, found by its PIN (and its id where we have it). */
async function cancelParcel(pin: string, shipmentId: string | undefined, api: CanadaPostApi, signal: AbortSignal): Promise<void> {
  if (!api.contractId) {
    const found = await nonContractShipments(api, { trackingPIN: pin }, signal);
    const target = found.find((s) => s.shipmentId === shipmentId) ?? found[0];
    if (!target) throw new CarrierRefusal(CANADAPOST, `Canada Post holds no non-contract shipment ${pin} for this account`);
    return requestRefund(api, target, 'nonContract', signal);
  }
  const found = await contractShipments(api, { trackingPIN: pin }, signal);
  const target = found.find((s) => s.shipmentId === shipmentId) ?? found.find((s) => s.trackingPin === pin);
  // Voiding a voided shipment succeeds (the port's rule): Canada Post no longer lists a voided one.
  if (!target) return;
  return voidShipment(api, target, 'contract', signal);
}

/** The refund of one parcel's contract shipment on one of our manifests. */
async function refundParcel(pin: string, shipmentId: string | undefined, api: CanadaPostApi, signal: AbortSignal): Promise<void> {
  if (!api.contractId) return cancelParcel(pin, shipmentId, api, signal);
  const found = await contractShipments(api, { trackingPIN: pin }, signal);
  const target = found.find((s) => s.shipmentId === shipmentId) ?? found.find((s) => s.trackingPin === pin);
  if (!target) throw new CarrierRefusal(CANADAPOST, `Canada Post no longer lists shipment ${pin} for this account: no refund can be requested`);
  return requestRefund(api, target, 'contract', signal);
}

/**
 * `each` of the order's parcels (the master with its shipment id), last
 * first, every one tried: the order is cancelled only when every parcel is.
 * One parcel's error is thrown as it is; of several, those that failed are
 * named, as a CarrierError when any outcome is unknown (the cancel is asked
 * again), else a CarrierRefusal. Those cancelled stay so: a retry finds
 * them voided (or their refund already asked) and finishes the rest.
 */
async function everyParcel(shipment: ShipmentRef, each: (pin: string, shipmentId: string | undefined) => Promise<void>): Promise<void> {
  const pins = shipment.pieceTrackingNumbers ?? [shipment.trackingNumber];
  if (pins.length <= 1) return each(shipment.trackingNumber, shipment.shipmentId);
  const failed: Array<{ pin: string; error: unknown }> = [];
  for (const pin of [...pins].reverse()) {
    try {
      await each(pin, pin === shipment.trackingNumber ? shipment.shipmentId : undefined);
    } catch (error) {
      failed.unshift({ pin, error });
    }
  }
  if (failed.length === 0) return;
  const reasons = failed.map((f) => `${f.pin}: ${f.error instanceof Error ? f.error.message : String(f.error)}`).join('; ');
  const message = `${failed.length} of ${pins.length} parcels not cancelled (${reasons})${failed.length < pins.length ? '; the others are' : ''}`;
  throw failed.every((f) => f.error instanceof CarrierRefusal) ? new CarrierRefusal(CANADAPOST, message) : new CarrierError(CANADAPOST, message);
}

/**
 * Cancels the order's shipment, or every parcel's. A contract shipment not
 * yet transmitted is voided (DELETE its `self` link; not found counts as
 * voided); once transmitted (Canada Post's 8064), and for a non-contract
 * shipment always, a refund is requested through its `refund` link: Canada
 * Post accepting the request is the cancel's success (the refund itself
 * follows after Canada Post checks the label was not used).
 */
export const canadaPostCancel = (shipment: ShipmentRef, api: CanadaPostApi, signal: AbortSignal): Promise<void> =>
  everyParcel(shipment, (pin, shipmentId) => cancelParcel(pin, shipmentId, api, signal));

// ---------------------------------------------------------------------------
// The day's close (contract shipping): Transmit Shipments, Get Manifest, Get Artifact.

/** At most this many manifests of Get Manifests' range are opened to find the one a lost transmit made. */
export const MANIFEST_SEARCH_LIMIT = 100;
/** Days before today that Get Manifests is asked about when a transmit's outcome is unknown. */
export const MANIFEST_SEARCH_DAYS = 7;

const day = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');
const SHIPMENT_ID_IN_LINK = /\/shipment\/([A-Za-z0-9]{1,32})$/;
const nothingToTransmit = (): CarrierCloseOut => ({ carrierManifestIds: [], documents: [] });

/** The shipments of each group not yet transmitted (Get Groups, then Get Shipments by group): shipment id → its PIN where it had to be read. */
async function openGroups(api: CanadaPostApi, needPins: boolean, signal: AbortSignal): Promise<Map<string, { shipmentId: string; pin?: string }[]>> {
  const answer = await api.send({ method: 'GET', target: { path: groupsPath(api.customerNumber) }, accept: MEDIA.shipment, retryable: true }, signal);
  const groups = new Map<string, { shipmentId: string; pin?: string }[]>();
  if (answer.status === 404) return groups;
  for (const groupId of parseGroupIds(bodyOf(answer, 'list its groups'))) {
    const listed = await api.send(
      { method: 'GET', target: { path: contractShipmentPath(api.customerNumber), query: { groupId } }, accept: MEDIA.shipment, retryable: true },
      signal,
    );
    const members: { shipmentId: string; pin?: string }[] = [];
    if (listed.status !== 404) {
      for (const link of parseShipmentLinks(bodyOf(listed, 'list a group’s shipments')).filter((l) => l.rel === 'shipment' || l.rel === 'self')) {
        // Canada Post's shipment links end with the shipment id; one that does not (or a PIN needed) is opened.
        const id = SHIPMENT_ID_IN_LINK.exec(new URL(link.href, 'https://canadapost.invalid').pathname)?.[1];
        if (id && !needPins) {
          members.push({ shipmentId: id });
          continue;
        }
        const shipment = await shipmentAt(api, link, MEDIA.shipment, signal);
        members.push({ shipmentId: shipment.shipmentId, ...(shipment.trackingPin ? { pin: shipment.trackingPin } : {}) });
      }
    }
    groups.set(groupId, members);
  }
  return groups;
}

/** Canada Post's PDF of a manifest (Get Artifact of its `artifact` link). */
async function manifestPdfOf(api: CanadaPostApi, manifest: CanadaPostManifest, signal: AbortSignal): Promise<Buffer> {
  const link = manifest.links.filter((l) => l.rel === 'artifact').sort((a, b) => (a.index ?? 0) - (b.index ?? 0))[0];
  if (!link) throw new CarrierError(CANADAPOST, `Canada Post gave no artifact link for manifest ${manifest.poNumber}`);
  const answer = await get(api, link, 'application/pdf', signal);
  if (answer.status < 200 || answer.status >= 300)
    throw new CarrierError(CANADAPOST, `Canada Post did not give the PDF of manifest ${manifest.poNumber}: ${reasonOf(answer)}`);
  if (!answer.body.subarray(0, 5).toString('latin1').startsWith('%PDF'))
    throw new CarrierError(CANADAPOST, `Canada Post's manifest ${manifest.poNumber} is not a PDF`);
  return answer.body;
}

/** Our close-out of Canada Post's manifests: their PO numbers, and each one's PDF in the same order. */
async function closeOutOf(api: CanadaPostApi, manifests: CanadaPostManifest[], signal: AbortSignal): Promise<CarrierCloseOut> {
  const documents: CarrierManifestDocument[] = [];
  for (const manifest of manifests) documents.push({ type: 'manifest', format: 'PDF', content: await manifestPdfOf(api, manifest, signal) });
  return { carrierManifestIds: manifests.map((m) => m.poNumber), documents };
}

/**
 * What Canada Post made under our manifest id: the manifests of the last
 * days (Get Manifests) whose details carry its customer-reference, with
 * their PDF; undefined when none does. A non-contract account transmits
 * nothing, so holds nothing.
 */
export async function canadaPostFindCloseOuts(
  reference: string,
  api: CanadaPostApi,
  signal: AbortSignal,
  now = new Date(),
): Promise<CarrierCloseOut | undefined> {
  if (!api.contractId) return undefined;
  const ours = customerReferenceOf(reference);
  const query = { start: day(new Date(now.getTime() - MANIFEST_SEARCH_DAYS * DAY)), end: day(now) };
  const answer = await api.send({ method: 'GET', target: { path: manifestPath(api.customerNumber), query }, accept: MEDIA.manifest, retryable: true }, signal);
  if (answer.status === 404) return undefined;
  const links = parseManifestLinks(bodyOf(answer, 'list its manifests'));
  if (links.length > MANIFEST_SEARCH_LIMIT) {
    throw new CarrierError(
      CANADAPOST,
      `Canada Post lists ${links.length} manifests in the last ${MANIFEST_SEARCH_DAYS} days; at most ${MANIFEST_SEARCH_LIMIT} are opened to find a transmit`,
    );
  }
  const matched: CanadaPostManifest[] = [];
  for (const link of links) {
    const manifest = parseManifest(bodyOf(await get(api, link, MEDIA.manifest, signal), 'read a manifest'));
    const details = manifest.links.find((l) => l.rel === 'details');
    if (!details) continue;
    const read = parseManifestDetails(bodyOf(await get(api, details, MEDIA.manifest, signal), 'read a manifest’s details'));
    if (read.customerReference === ours) matched.push(manifest);
  }
  return matched.length > 0 ? closeOutOf(api, matched, signal) : undefined;
}

/**
 * The day's close of our manifest at Canada Post. A contract account
 * transmits the groups our shipments are in (the others of those groups
 * excluded), then reads each manifest made and its PDF. A non-contract
 * account, or shipments no longer in any open group (voided, or transmitted
 * by other means), need no transmit: nothing is made, and the close prints
 * our own manifest. With `mayExist` (an earlier transmit's outcome is
 * unknown) Canada Post's manifests are searched first. The transmit is
 * never sent twice by the client.
 */
export async function canadaPostCloseOut(input: CloseOutInput, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierCloseOut> {
  if (!api.contractId) return nothingToTransmit();
  if (input.mayExist === true) {
    const found = await canadaPostFindCloseOuts(input.reference, api, signal);
    if (found) return found;
  }
  if (!input.shipper) throw new CarrierError(CANADAPOST, 'a Canada Post transmit needs the manifest’s shipper address');
  const ids = new Set(input.shipments.flatMap((s) => (s.shipmentId ? [s.shipmentId] : [])));
  // An order of several parcels: each parcel's shipment, found by its PIN (the order keeps the first one's id).
  const pins = new Set(
    input.shipments.flatMap((s) =>
      (s.pieceTrackingNumbers ?? (s.shipmentId ? [] : [s.trackingNumber])).filter((pin) => !(pin === s.trackingNumber && s.shipmentId)),
    ),
  );
  const isOurs = (m: { shipmentId: string; pin?: string }) => ids.has(m.shipmentId) || (m.pin !== undefined && pins.has(m.pin));
  const groups = await openGroups(api, pins.size > 0, signal);
  const chosen = [...groups].filter(([, members]) => members.some(isOurs));
  if (chosen.length === 0) return nothingToTransmit();
  const excluded = chosen.flatMap(([, members]) => members.filter((m) => !isOurs(m)).map((m) => m.shipmentId));
  const xml = buildTransmitSetXml({ reference: input.reference, groupIds: chosen.map(([id]) => id), excludedShipmentIds: excluded, shipper: input.shipper });
  // Not retryable: a transmit of unknown outcome is resolved by Get Manifests (canadaPostFindCloseOuts), never by sending it again.
  const answer = await api.send(
    {
      method: 'POST',
      target: { path: manifestPath(api.customerNumber) },
      accept: MEDIA.manifest,
      body: { contentType: MEDIA.manifest, xml },
      retryable: false,
    },
    signal,
  );
  const links = parseManifestLinks(bodyOf(answer, 'transmit the shipments'));
  if (links.length === 0) throw new CarrierError(CANADAPOST, 'Canada Post answered the transmit without a manifest');
  const manifests: CanadaPostManifest[] = [];
  for (const link of links) manifests.push(parseManifest(bodyOf(await get(api, link, MEDIA.manifest, signal), 'read a manifest')));
  return closeOutOf(api, manifests, signal);
}

/**
 * The cancel of a shipment on one of our manifests (every parcel's): a
 * refund request, the shipment being transmitted (contract) or a
 * non-contract one (always refunded). Accepted, or already requested, is
 * the cancel's success.
 */
export const canadaPostRequestRefund = (shipment: ShipmentRef, api: CanadaPostApi, signal: AbortSignal): Promise<void> =>
  everyParcel(shipment, (pin, shipmentId) => refundParcel(pin, shipmentId, api, signal));
