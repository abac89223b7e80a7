/**
 * The UPS operations over a client bound to one account and mode (./api.ts):
 * the choreography of UPS calls behind one operation of the carrier port,
 * with the pure builders and parsers of ./rate.ts, ./ship.ts and ./track.ts.
 *
 * Ship, exactly once without an idempotency key: every package carries our
 * reference. When an earlier attempt may have bought the shipment
 * (`input.mayExist`), UPS Tracking is searched by that reference first and a
 * shipment found is adopted (its labels recovered) instead of buying a
 * second one; the return shipment has a reference of its own (the same with
 * `R`), found the same way. The ZPL label of each package is recovered after
 * the ship; the ship answer's GIF makes the PDF.
 *
 * Loaded on the first ship, track or void (./index.ts): the schemas of UPS's
 * ship and track answers are built then, never in the rate function.
 */
import { compact } from '../request-mapping';
import {
  CarrierError,
  CarrierRefusal,
  NothingToAdopt,
  type CarrierShipment,
  type CarrierTracking,
  type FoundPackage,
  type ShipInput,
  type ShipmentRef,
} from '../../domain/carrier';
import type { UpsApi } from './api';
import type { ReferenceSearchQuery } from './documents';
import { bodyOf, reasonOf } from './answers';
import { UPS } from './oauth';
import {
  buildUpsLabelRecovery,
  buildUpsShipRequests,
  parseUpsLabelRecovery,
  parseUpsShipResponse,
  UPS_RECOVERY_PATH,
  UPS_SHIP_PATH,
  upsShipmentOf,
  upsReferenceOf,
  upsVoidPath,
  type UpsShipBody,
  type UpsShipped,
} from './ship';
import { isAlreadyVoided, parseUpsReferenceSearch, parseUpsTrack, parseUpsVoid, UPS_TRACK_QUERY, upsReferencePath, upsTrackPath } from './track';

// Rating is ./rate-operation.ts (the rate function loads it alone); re-exported for the tests of every operation.
export { buildRate, upsRate } from './rate-operation';

/** The tracking numbers UPS holds under `reference` for the account; none when it has none. */
async function searchReference(api: UpsApi, reference: string, accountNumber: string, signal: AbortSignal): Promise<string[]> {
  const answer = await api.send(
    { method: 'GET', path: upsReferencePath(reference), query: { locale: 'en_US', shipperNum: accountNumber } satisfies ReferenceSearchQuery, retryable: true },
    signal,
  );
  if (answer.status === 404) return [];
  return parseUpsReferenceSearch(bodyOf(answer, 'search the shipment reference', () => false));
}

async function recoverLabels(api: UpsApi, trackingNumbers: readonly string[], format: 'ZPL' | 'GIF', signal: AbortSignal) {
  const labels = new Map<string, { format: string; content: Buffer }>();
  for (const trackingNumber of trackingNumbers) {
    const answer = await api.send({ method: 'POST', path: UPS_RECOVERY_PATH, body: buildUpsLabelRecovery(trackingNumber, format), retryable: true }, signal);
    for (const [number, label] of parseUpsLabelRecovery(bodyOf(answer, `recover the label of ${trackingNumber}`, () => false))) labels.set(number, label);
  }
  return labels;
}

/** A shipment UPS holds under a reference, as if just shipped: its GIF labels recovered. */
async function adopt(api: UpsApi, trackingNumbers: readonly string[], signal: AbortSignal): Promise<UpsShipped> {
  const gif = await recoverLabels(api, trackingNumbers, 'GIF', signal);
  return {
    // UPS's shipment identification number is its lead package's tracking number.
    shipmentId: trackingNumbers[0]!,
    packages: trackingNumbers.map((trackingNumber) => compact({ trackingNumber, label: gif.get(trackingNumber) })),
  };
}

/**
 * Buys the shipment, or adopts the one an earlier attempt bought. Several
 * shipments under one reference (a late answer and a retry's purchase) are
 * listed in the order UPS made them: the first `packageCount` packages are
 * the earliest shipment's, adopted; the reconciler voids the others
 * (shared/services/reconciliation.ts). `adoptOnly`: never buy; NothingToAdopt
 * when UPS holds nothing under the reference.
 */
async function buyOrAdopt(
  api: UpsApi,
  body: UpsShipBody,
  reference: string,
  accountNumber: string,
  options: { mayExist: boolean; adoptOnly: boolean; packageCount: number },
  signal: AbortSignal,
): Promise<UpsShipped> {
  if (options.mayExist || options.adoptOnly) {
    const existing = await searchReference(api, reference, accountNumber, signal);
    if (existing.length > 0) return adopt(api, existing.slice(0, options.packageCount), signal);
    if (options.adoptOnly) throw new NothingToAdopt(UPS, reference);
  }
  // Not retryable: UPS has no idempotency key, so only a 429 (answered before anything is done) is sent again.
  const answer = await api.send({ method: 'POST', path: UPS_SHIP_PATH, body, retryable: false }, signal);
  return parseUpsShipResponse(bodyOf(answer, 'create the shipment'));
}

const withReference = (body: UpsShipBody, reference: string): UpsShipBody => ({
  ...body,
  ShipmentRequest: {
    ...body.ShipmentRequest,
    Request: { ...body.ShipmentRequest.Request, TransactionReference: { CustomerContext: reference } },
    Shipment: {
      ...body.ShipmentRequest.Shipment,
      Package: body.ShipmentRequest.Shipment.Package.map((p) => ({ ...p, ReferenceNumber: [{ Value: reference }] })),
    },
  },
});

export async function upsShip(input: ShipInput, api: UpsApi, signal: AbortSignal): Promise<CarrierShipment> {
  const requests = buildUpsShipRequests(input);
  const accountNumber = requests.shipment.ShipmentRequest.Shipment.Shipper.ShipperNumber;
  const mayExist = input.mayExist === true;
  const adoptOnly = input.adoptOnly === true;
  const shipped = await buyOrAdopt(
    api,
    requests.shipment,
    requests.reference,
    accountNumber,
    { mayExist, adoptOnly, packageCount: requests.packageCount },
    signal,
  );
  if (shipped.packages.length !== requests.packageCount) {
    throw new CarrierError(UPS, `UPS answered ${shipped.packages.length} packages for a shipment of ${requests.packageCount}`);
  }
  let returned: UpsShipped | undefined;
  if (requests.returnShipment) {
    const returnReference = `${requests.reference}R`;
    // The outbound was just bought or adopted: the return may exist only if the outbound might have.
    // Adopting an outbound whose return was never bought buys the return: the order needs it, and the outbound exists.
    returned = await buyOrAdopt(
      api,
      withReference(requests.returnShipment, returnReference),
      returnReference,
      accountNumber,
      { mayExist: mayExist || adoptOnly, adoptOnly: false, packageCount: 1 },
      signal,
    );
  }
  const zpl = await recoverLabels(
    api,
    shipped.packages.map((p) => p.trackingNumber),
    'ZPL',
    signal,
  );
  return upsShipmentOf(input, shipped, zpl, returned);
}

/**
 * The packages UPS holds under our reference for the account, the return's
 * (`<reference>R`) after the outbound's, each in the order UPS made them; a
 * voided shipment is no longer listed.
 */
export async function upsFindShipments(reference: string, accountNumber: string, api: UpsApi, signal: AbortSignal): Promise<FoundPackage[]> {
  const ours = upsReferenceOf(reference);
  const outbound = await searchReference(api, ours, accountNumber, signal);
  const returned = await searchReference(api, `${ours}R`, accountNumber, signal);
  return [
    ...outbound.map((trackingNumber) => ({ trackingNumber, role: 'outbound' as const })),
    ...returned.map((trackingNumber) => ({ trackingNumber, role: 'return' as const })),
  ];
}

export async function upsTrack(shipment: ShipmentRef, api: UpsApi, signal: AbortSignal): Promise<CarrierTracking> {
  const answer = await api.send({ method: 'GET', path: upsTrackPath(shipment.trackingNumber), query: UPS_TRACK_QUERY, retryable: true }, signal);
  return parseUpsTrack(
    bodyOf(answer, `track ${shipment.trackingNumber}`, () => false),
    shipment.trackingNumber,
  );
}

export async function upsVoid(shipment: ShipmentRef, api: UpsApi, signal: AbortSignal): Promise<void> {
  const id = shipment.shipmentId ?? shipment.trackingNumber;
  const answer = await api.send({ method: 'DELETE', path: upsVoidPath(id), retryable: true }, signal);
  if (answer.status >= 200 && answer.status < 300) return parseUpsVoid(answer.body);
  const reason = reasonOf(answer);
  // Voiding a voided shipment succeeds (the port's rule): a retried void finds it voided.
  if (isAlreadyVoided(reason)) return;
  if (answer.status >= 400 && answer.status < 500) throw new CarrierRefusal(UPS, reason);
  throw new CarrierError(UPS, `UPS could not void ${id}: ${reason}`);
}
