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
 * Loaded on the first ship, track or void (./index.ts).
 */
import { CarrierError, CarrierRefusal, NothingToAdopt, type CarrierDocument, type CarrierShipment, type CarrierTracking, type FoundPackage, type ShipInput, type ShipmentRef } from '../types';
import type { CanadaPostAnswer, CanadaPostApi } from './api';
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
