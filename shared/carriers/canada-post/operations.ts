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
 * carry our reference in `customer-ref-1` (docs/canada-post.md).
 *
 * The day's close of a contract account transmits the groups its shipments
 * are in (Transmit Shipments), then fetches each manifest and its PDF; a
 * transmit whose answer was lost is found again in Get Manifests by the
 * customer-reference it carried (./manifest.ts). A non-contract account has
 * nothing to transmit. Once transmitted, a cancel is a refund request.
 *
 * Loaded on the first ship, track, void or close (./index.ts).
 */
import { CarrierError, CarrierRefusal, NothingToAdopt, type CarrierCloseOut, type CarrierDocument, type CarrierManifestDocument, type CarrierShipment, type CarrierTracking, type CloseOutInput, type FoundPackage, type ShipInput, type ShipmentRef } from '../../domain/carrier';
import type { CanadaPostAnswer, CanadaPostApi } from './api';
import { buildTransmitSetXml, customerReferenceOf, groupsPath, manifestPath, parseGroupIds, parseManifest, parseManifestDetails, parseManifestLinks, type CanadaPostManifest } from './manifest';
import { bodyOf, hasCode, reasonOf } from './messages';
import {
  buildCanadaPostShipRequest,
  canadaPostTrackingUrl,
  contractShipmentPath,
  nonContractShipmentPath,
  parseNonContractDetails,
  parseShipmentInfo,
  parseShipmentLinks,
  refundRequestXml,
  type CanadaPostLink,
  type CanadaPostShipment,
  type CanadaPostShipRequest,
} from './ship';
import { canadaPostTrackPath, parseCanadaPostTrack } from './track';
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
  const answer = await api.send({ method: 'GET', target: { path: contractShipmentPath(api.customerNumber), query }, accept: MEDIA.shipment, retryable: true }, signal);
  if (answer.status === 404) return [];
  const links = parseShipmentLinks(bodyOf(answer, 'search its shipments')).filter((l) => l.rel === 'shipment' || l.rel === 'self');
  const found: CanadaPostShipment[] = [];
  for (const link of links) found.push(await shipmentAt(api, link, MEDIA.shipment, signal));
  return found;
}

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace(/[-T:]/g, '');

/** The non-contract shipments listed for a query (a date range, or a PIN), each opened. */
async function nonContractShipments(api: CanadaPostApi, query: Record<string, string>, signal: AbortSignal): Promise<CanadaPostShipment[]> {
  const answer = await api.send({ method: 'GET', target: { path: nonContractShipmentPath(api.customerNumber), query }, accept: MEDIA.ncshipment, retryable: true }, signal);
  if (answer.status === 404) return [];
  const links = parseShipmentLinks(bodyOf(answer, 'search its shipments'));
  if (links.length > NON_CONTRACT_SEARCH_LIMIT) {
    throw new CarrierError(CANADAPOST, `Canada Post lists ${links.length} non-contract shipments in the range searched; at most ${NON_CONTRACT_SEARCH_LIMIT} are opened`);
  }
  const found: CanadaPostShipment[] = [];
  for (const link of links) found.push(await shipmentAt(api, link, MEDIA.ncshipment, signal));
  return found;
}

/** The non-contract shipments of a date range made under our reference (customer-ref-1 of their details), in Canada Post's order. */
async function nonContractByReference(api: CanadaPostApi, reference: string, from: Date, to: Date, signal: AbortSignal): Promise<CanadaPostShipment[]> {
  const listed = await nonContractShipments(api, { from: stamp(from), to: stamp(to) }, signal);
  const ours: CanadaPostShipment[] = [];
  for (const shipment of listed) {
    const details = linkOf(shipment, 'details');
    if (!details) continue;
    const read = parseNonContractDetails(bodyOf(await get(api, details, MEDIA.ncshipment, signal), 'read a shipment’s details'));
    if (read.reference === reference) ours.push(shipment);
  }
  return ours;
}

const DAY = 86_400_000;

/** The shipments an earlier attempt under `reference` may have bought. */
function existing(api: CanadaPostApi, request: CanadaPostShipRequest, shipTime: string, signal: AbortSignal): Promise<CanadaPostShipment[]> {
  if (request.kind === 'contract') return contractShipments(api, { requestId: request.reference }, signal);
  const at = Date.parse(shipTime);
  const base = Number.isNaN(at) ? Date.now() : at;
  return nonContractByReference(api, request.reference, new Date(base - DAY), new Date(base + 2 * DAY), signal);
}

const FORMATS: Readonly<Record<string, CarrierDocument['format']>> = { 'application/pdf': 'PDF', 'application/zpl': 'ZPL' };
const DOCUMENTS: readonly { rel: string; type: CarrierDocument['type'] }[] = [
  { rel: 'label', type: 'label' },
  { rel: 'returnLabel', type: 'returnLabel' },
  { rel: 'commercialInvoice', type: 'customsInvoice' },
];

/** Canada Post's artifacts of a shipment (Get Artifact of each link): its label, the return label, the customs form. */
async function documentsOf(api: CanadaPostApi, shipment: CanadaPostShipment, signal: AbortSignal): Promise<CarrierDocument[]> {
  const documents: CarrierDocument[] = [];
  for (const { rel, type } of DOCUMENTS) {
    const link = linkOf(shipment, rel);
    if (!link) continue;
    const format = FORMATS[link.mediaType.toLowerCase()] ?? 'PDF';
    const answer = await get(api, link, 'application/pdf', signal);
    if (answer.status < 200 || answer.status >= 300) throw new CarrierError(CANADAPOST, `Canada Post did not give the ${rel} of shipment ${shipment.shipmentId}: ${reasonOf(answer)}`);
    if (format === 'PDF' && !answer.body.subarray(0, 5).toString('latin1').startsWith('%PDF')) throw new CarrierError(CANADAPOST, `Canada Post's ${rel} of shipment ${shipment.shipmentId} is not a PDF`);
    if (answer.body.length === 0) throw new CarrierError(CANADAPOST, `Canada Post's ${rel} of shipment ${shipment.shipmentId} is empty`);
    documents.push(type === 'label' ? { type, packageIndex: 0, format, content: answer.body } : { type, format, content: answer.body });
  }
  if (!documents.some((d) => d.type === 'label')) throw new CarrierError(CANADAPOST, `Canada Post gave no label link for shipment ${shipment.shipmentId}`);
  return documents;
}

/**
 * Buys the shipment, or adopts the one an earlier attempt bought (the
 * first Canada Post lists under our reference; the reconciler voids the
 * others, shared/services/reconciliation.ts). `adoptOnly`: never buy;
 * NothingToAdopt when Canada Post holds nothing under the reference.
 */
export async function canadaPostShip(input: ShipInput, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierShipment> {
  const request = buildCanadaPostShipRequest(input, api.contractId);
  let shipment: CanadaPostShipment | undefined;
  if (input.mayExist === true || input.adoptOnly === true) {
    shipment = (await existing(api, request, input.shipTime, signal))[0];
    if (!shipment && input.adoptOnly === true) throw new NothingToAdopt(CANADAPOST, input.reference);
  }
  if (!shipment) {
    // Not retryable: Canada Post has no idempotency key; an attempt without a clear answer is resolved by the search above.
    const answer = await api.send(
      { method: 'POST', target: { path: request.path }, accept: request.mediaType, body: { contentType: request.mediaType, xml: request.xml }, retryable: false },
      signal,
    );
    shipment = parseShipmentInfo(bodyOf(answer, 'create the shipment'));
  }
  const documents = await documentsOf(api, shipment, signal);
  // A service without tracking gives no PIN: the shipment id stands for it (tracking then finds nothing).
  const trackingNumber = shipment.trackingPin ?? shipment.shipmentId;
  return {
    reference: input.reference,
    carrierCode: CANADAPOST,
    serviceCode: input.serviceCode,
    trackingNumber,
    pieceTrackingNumbers: [trackingNumber],
    trackingUrl: canadaPostTrackingUrl(trackingNumber),
    ...(shipment.returnTrackingPin ? { returnTrackingNumber: shipment.returnTrackingPin } : {}),
    ...(request.international ? { customs: { declarationNumber: shipment.shipmentId, documentsOnly: request.documentsOnly } } : {}),
    shipmentId: shipment.shipmentId,
    documents,
  };
}

/**
 * The packages Canada Post holds under our reference for the account: each
 * shipment's PIN (outbound) and its return PIN (return), in Canada Post's
 * order. A voided contract shipment is no longer listed. Non-contract
 * shipments are looked for among those of the last `windowDays` days.
 */
export async function canadaPostFindShipments(reference: string, api: CanadaPostApi, windowDays: number, signal: AbortSignal): Promise<FoundPackage[]> {
  const ours = canadaPostReferenceOf(reference);
  const now = Date.now();
  const shipments = api.contractId
    ? await contractShipments(api, { requestId: ours }, signal)
    : await nonContractByReference(api, ours, new Date(now - (windowDays + 1) * DAY), new Date(now + DAY), signal);
  return shipments.flatMap((s) => [
    { trackingNumber: s.trackingPin ?? s.shipmentId, role: 'outbound' as const },
    ...(s.returnTrackingPin ? [{ trackingNumber: s.returnTrackingPin, role: 'return' as const }] : []),
  ]);
}

/** Canada Post's tracking of a PIN; none yet (Canada Post's 404 before the first scan) is a pending shipment without events. */
export async function canadaPostTrack(shipment: ShipmentRef, api: CanadaPostApi, signal: AbortSignal): Promise<CarrierTracking> {
  const answer = await api.send({ method: 'GET', target: { path: canadaPostTrackPath(shipment.trackingNumber) }, accept: MEDIA.track, retryable: true }, signal);
  if (answer.status === 404) return { trackingNumber: shipment.trackingNumber, transitStatus: 'pending', events: [] };
  if (answer.status < 200 || answer.status >= 300) throw new CarrierError(CANADAPOST, `Canada Post could not track ${shipment.trackingNumber}: ${reasonOf(answer)}`);
  const { expectedDeliveryDate: _expected, ...tracking } = parseCanadaPostTrack(answer.body.toString('utf8'), shipment.trackingNumber);
  return tracking;
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
  if (!email) throw new CarrierRefusal(CANADAPOST, 'Canada Post refunds this shipment on request only, answered by e-mail: the carrier account’s credentials need a refundEmail');
  const media = kind === 'contract' ? MEDIA.shipment : MEDIA.ncshipment;
  const answer = await api.send(
    { method: 'POST', target: { link: link.href }, accept: link.mediaType || media, body: { contentType: link.mediaType || media, xml: refundRequestXml(kind, email) }, retryable: false },
    signal,
  );
  if (answer.status >= 200 && answer.status < 300) return;
  if (answer.status === 409 || hasCode(answer, REFUND_ALREADY_REQUESTED)) return;
  bodyOf(answer, 'refund the shipment');
}

/**
 * Cancels a shipment. A contract shipment not yet transmitted is voided
 * (DELETE its `self` link; not found counts as voided); once transmitted
 * (Canada Post's 8064), and for a non-contract shipment always, a refund is
 * requested through its `refund` link: Canada Post accepting the request is
 * the cancel's success (the refund itself follows after Canada Post checks
 * the label was not used).
 */
export async function canadaPostCancel(shipment: ShipmentRef, api: CanadaPostApi, signal: AbortSignal): Promise<void> {
  if (!api.contractId) {
    const found = await nonContractShipments(api, { trackingPIN: shipment.trackingNumber }, signal);
    const target = found.find((s) => s.shipmentId === shipment.shipmentId) ?? found[0];
    if (!target) throw new CarrierRefusal(CANADAPOST, `Canada Post holds no non-contract shipment ${shipment.trackingNumber} for this account`);
    return requestRefund(api, target, 'nonContract', signal);
  }
  const found = await contractShipments(api, { trackingPIN: shipment.trackingNumber }, signal);
  const target = found.find((s) => s.shipmentId === shipment.shipmentId) ?? found.find((s) => s.trackingPin === shipment.trackingNumber);
  // Voiding a voided shipment succeeds (the port's rule): Canada Post no longer lists a voided one.
  if (!target) return;
  const self = linkOf(target, 'self');
  if (!self) throw new CarrierError(CANADAPOST, `Canada Post gave no link to void shipment ${target.shipmentId}`);
  const answer = await api.send({ method: 'DELETE', target: { link: self.href }, accept: self.mediaType || MEDIA.shipment, retryable: true }, signal);
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
  if (hasCode(answer, TRANSMITTED)) return requestRefund(api, target, 'contract', signal);
  bodyOf(answer, 'void the shipment');
}

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
    const listed = await api.send({ method: 'GET', target: { path: contractShipmentPath(api.customerNumber), query: { groupId } }, accept: MEDIA.shipment, retryable: true }, signal);
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
  if (answer.status < 200 || answer.status >= 300) throw new CarrierError(CANADAPOST, `Canada Post did not give the PDF of manifest ${manifest.poNumber}: ${reasonOf(answer)}`);
  if (!answer.body.subarray(0, 5).toString('latin1').startsWith('%PDF')) throw new CarrierError(CANADAPOST, `Canada Post's manifest ${manifest.poNumber} is not a PDF`);
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
export async function canadaPostFindCloseOuts(reference: string, api: CanadaPostApi, signal: AbortSignal, now = new Date()): Promise<CarrierCloseOut | undefined> {
  if (!api.contractId) return undefined;
  const ours = customerReferenceOf(reference);
  const query = { start: day(new Date(now.getTime() - MANIFEST_SEARCH_DAYS * DAY)), end: day(now) };
  const answer = await api.send({ method: 'GET', target: { path: manifestPath(api.customerNumber), query }, accept: MEDIA.manifest, retryable: true }, signal);
  if (answer.status === 404) return undefined;
  const links = parseManifestLinks(bodyOf(answer, 'list its manifests'));
  if (links.length > MANIFEST_SEARCH_LIMIT) {
    throw new CarrierError(CANADAPOST, `Canada Post lists ${links.length} manifests in the last ${MANIFEST_SEARCH_DAYS} days; at most ${MANIFEST_SEARCH_LIMIT} are opened to find a transmit`);
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
  const pins = new Set(input.shipments.filter((s) => !s.shipmentId).map((s) => s.trackingNumber));
  const isOurs = (m: { shipmentId: string; pin?: string }) => ids.has(m.shipmentId) || (m.pin !== undefined && pins.has(m.pin));
  const groups = await openGroups(api, pins.size > 0, signal);
  const chosen = [...groups].filter(([, members]) => members.some(isOurs));
  if (chosen.length === 0) return nothingToTransmit();
  const excluded = chosen.flatMap(([, members]) => members.filter((m) => !isOurs(m)).map((m) => m.shipmentId));
  const xml = buildTransmitSetXml({ reference: input.reference, groupIds: chosen.map(([id]) => id), excludedShipmentIds: excluded, shipper: input.shipper });
  // Not retryable: a transmit of unknown outcome is resolved by Get Manifests (canadaPostFindCloseOuts), never by sending it again.
  const answer = await api.send(
    { method: 'POST', target: { path: manifestPath(api.customerNumber) }, accept: MEDIA.manifest, body: { contentType: MEDIA.manifest, xml }, retryable: false },
    signal,
  );
  const links = parseManifestLinks(bodyOf(answer, 'transmit the shipments'));
  if (links.length === 0) throw new CarrierError(CANADAPOST, 'Canada Post answered the transmit without a manifest');
  const manifests: CanadaPostManifest[] = [];
  for (const link of links) manifests.push(parseManifest(bodyOf(await get(api, link, MEDIA.manifest, signal), 'read a manifest')));
  return closeOutOf(api, manifests, signal);
}

/**
 * The cancel of a shipment on one of our manifests: a refund request, the
 * shipment being transmitted (contract) or a non-contract one (always
 * refunded). Accepted, or already requested, is the cancel's success.
 */
export async function canadaPostRequestRefund(shipment: ShipmentRef, api: CanadaPostApi, signal: AbortSignal): Promise<void> {
  if (!api.contractId) return canadaPostCancel(shipment, api, signal);
  const found = await contractShipments(api, { trackingPIN: shipment.trackingNumber }, signal);
  const target = found.find((s) => s.shipmentId === shipment.shipmentId) ?? found.find((s) => s.trackingPin === shipment.trackingNumber);
  if (!target) throw new CarrierRefusal(CANADAPOST, `Canada Post no longer lists shipment ${shipment.trackingNumber} for this account: no refund can be requested`);
  return requestRefund(api, target, 'contract', signal);
}
