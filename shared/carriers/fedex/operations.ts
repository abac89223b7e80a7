/**
 * The FedEx operations over a client bound to one account and mode
 * (./api.ts): the choreography of FedEx calls behind one operation of the
 * carrier port, with the pure builders and parsers of ./rate.ts, ./ship.ts
 * and ./track.ts.
 *
 * Ship, exactly once without an idempotency key: every piece carries our
 * reference. When an earlier attempt may have bought the shipment
 * (`input.mayExist`), Track by reference is asked first and a shipment found
 * is adopted instead of buying a second one; the return has a reference of
 * its own (ours with `R`). FedEx has no label reprint in its Ship API: an
 * adopted shipment carries no FedEx label, and our label service draws its
 * labels (docs/fedex.md). What Track by reference lists before a label is
 * tendered is the limit of this (docs/fedex.md, "Track by reference before
 * a label is tendered").
 */
import { dayNumber, isoDate, utcDayNumber } from '../../domain/dates';
import {
  CarrierError,
  CarrierRefusal,
  NothingToAdopt,
  type CarrierQuote,
  type CarrierShipment,
  type CarrierTracking,
  type FoundPackage,
  type ShipInput,
  type ShipmentRef,
} from '../../domain/carrier';
import type { FedexApi } from './api';
import { bodyOf, FEDEX, fedexErrorCodes, reasonOf } from './errors';
import { parseFedexRate, type FedexRateRequest } from './rate';
import {
  buildFedexCancel,
  buildFedexShipRequests,
  FEDEX_CANCEL_PATH,
  FEDEX_SHIP_PATH,
  fedexReferenceOf,
  fedexShipmentOf,
  parseFedexShip,
  returnOf,
  type FedexShipBody,
  type FedexShipped,
} from './ship';
import {
  buildFedexReferenceSearch,
  buildFedexTrack,
  FEDEX_REFERENCE_PATH,
  FEDEX_TRACK_PATH,
  isAlreadyCancelled,
  parseFedexCancel,
  parseFedexReferenceSearch,
  parseFedexTrack,
} from './track';
import { FEDEX_VOID_WINDOW_DAYS } from './profile';

export async function fedexRate(request: FedexRateRequest, api: FedexApi, signal: AbortSignal): Promise<CarrierQuote[]> {
  const answer = await api.send({ method: 'POST', path: request.path, body: request.body, retryable: true, readOnly: true }, signal);
  return parseFedexRate(bodyOf(answer, 'rate the shipment'), request.body.requestedShipment.shipDateStamp, request.serviceCodes);
}

/** The tracking numbers FedEx lists under `reference` for the account, shipped between the dates. */
async function searchReference(
  api: FedexApi,
  reference: string,
  accountNumber: string,
  dates: { begin: string; end: string },
  signal: AbortSignal,
): Promise<string[]> {
  const answer = await api.send(
    {
      method: 'POST',
      path: FEDEX_REFERENCE_PATH,
      body: buildFedexReferenceSearch(reference, accountNumber, dates.begin, dates.end),
      retryable: true,
      readOnly: true,
    },
    signal,
  );
  return parseFedexReferenceSearch(bodyOf(answer, 'search the shipment reference', () => false));
}

const around = (date: string, before: number, after: number) => {
  const day = dayNumber(date);
  return { begin: isoDate(day - before), end: isoDate(day + after) };
};

/**
 * Buys the shipment, or adopts the one an earlier attempt bought: the first
 * `packageCount` numbers listed, the rest (a late answer's duplicate) left
 * to the reconciler. `adoptOnly`: never buy.
 */
async function buyOrAdopt(
  api: FedexApi,
  body: FedexShipBody,
  reference: string,
  options: { accountNumber: string; shipDate: string; mayExist: boolean; adoptOnly: boolean; packageCount: number },
  signal: AbortSignal,
): Promise<FedexShipped> {
  if (options.mayExist || options.adoptOnly) {
    const existing = await searchReference(api, reference, options.accountNumber, around(options.shipDate, 1, 1), signal);
    if (existing.length > 0) {
      const numbers = existing.slice(0, options.packageCount);
      return { masterTrackingNumber: numbers[0]!, pieces: numbers.map((trackingNumber) => ({ trackingNumber })) };
    }
    if (options.adoptOnly) throw new NothingToAdopt(FEDEX, reference);
  }
  // Not retryable: FedEx has no idempotency key, so only a 429 (answered before anything is done) is sent again.
  const answer = await api.send({ method: 'POST', path: FEDEX_SHIP_PATH, body, retryable: false }, signal);
  return parseFedexShip(bodyOf(answer, 'create the shipment'));
}

/** Cancels what a ship made before it failed part-way; a cancel that fails is left to the reconciler (the ship's error is one of unknown outcome). */
async function undo(api: FedexApi, accountNumber: string, trackingNumber: string, signal: AbortSignal): Promise<string> {
  try {
    await fedexCancel({ reference: '', trackingNumber }, accountNumber, api, signal);
    return `FedEx shipment ${trackingNumber} was cancelled`;
  } catch {
    return `FedEx shipment ${trackingNumber} could not be cancelled yet; the reconciler cancels it`;
  }
}

/**
 * Buys the shipment (or adopts it) and its return. A failure part-way
 * (FedEx answering fewer pieces than asked, the return refused or lost)
 * cancels what was made and is a CarrierError: the order gets nothing,
 * and what could not be cancelled is left to the reconciler.
 */
export async function fedexShip(input: ShipInput, api: FedexApi, signal: AbortSignal): Promise<CarrierShipment> {
  const requests = buildFedexShipRequests(input);
  const mayExist = input.mayExist === true;
  const adoptOnly = input.adoptOnly === true;
  const common = { accountNumber: requests.accountNumber, shipDate: requests.shipDate };
  const shipped = await buyOrAdopt(api, requests.shipment, requests.reference, { ...common, mayExist, adoptOnly, packageCount: requests.packageCount }, signal);
  if (shipped.pieces.length !== requests.packageCount) {
    const undone = await undo(api, requests.accountNumber, shipped.masterTrackingNumber, signal);
    throw new CarrierError(FEDEX, `FedEx answered ${shipped.pieces.length} packages for a shipment of ${requests.packageCount}; ${undone}`);
  }
  let returned: FedexShipped | undefined;
  if (requests.returnShipment) {
    try {
      // The outbound was just bought or adopted: the return may exist only if the outbound might have.
      returned = await buyOrAdopt(
        api,
        returnOf(requests.returnShipment, shipped.masterTrackingNumber),
        `${requests.reference}R`,
        { ...common, mayExist: mayExist || adoptOnly, adoptOnly: false, packageCount: 1 },
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw error;
      const undone = await undo(api, requests.accountNumber, shipped.masterTrackingNumber, signal);
      throw new CarrierError(FEDEX, `FedEx made the shipment but not its return label (${error instanceof Error ? error.message : String(error)}); ${undone}`);
    }
  }
  return fedexShipmentOf(input, shipped, returned);
}

/**
 * The packages FedEx lists under our reference for the account, the
 * return's after the outbound's, each in FedEx's order; a cancelled
 * shipment's are left out. Shipped from the void window back to ten days on
 * (FedEx ships up to ten days ahead).
 */
export async function fedexFindShipments(
  reference: string,
  accountNumber: string,
  api: FedexApi,
  signal: AbortSignal,
  now = new Date(),
): Promise<FoundPackage[]> {
  const today = isoDate(utcDayNumber(now));
  const dates = around(today, FEDEX_VOID_WINDOW_DAYS, 10);
  const ours = fedexReferenceOf(reference);
  const outbound = await searchReference(api, ours, accountNumber, dates, signal);
  const returned = await searchReference(api, `${ours}R`, accountNumber, dates, signal);
  return [
    ...outbound.map((trackingNumber) => ({ trackingNumber, role: 'outbound' as const })),
    ...returned.map((trackingNumber) => ({ trackingNumber, role: 'return' as const })),
  ];
}

export async function fedexTrack(shipment: ShipmentRef, api: FedexApi, signal: AbortSignal): Promise<CarrierTracking> {
  const answer = await api.send(
    { method: 'POST', path: FEDEX_TRACK_PATH, body: buildFedexTrack(shipment.trackingNumber), retryable: true, readOnly: true },
    signal,
  );
  return parseFedexTrack(
    bodyOf(answer, `track ${shipment.trackingNumber}`, () => false),
    shipment.trackingNumber,
  );
}

export async function fedexCancel(shipment: ShipmentRef, accountNumber: string, api: FedexApi, signal: AbortSignal): Promise<void> {
  const answer = await api.send(
    { method: 'PUT', path: FEDEX_CANCEL_PATH, body: buildFedexCancel(accountNumber, shipment.shipmentId ?? shipment.trackingNumber), retryable: true },
    signal,
  );
  if (answer.status >= 200 && answer.status < 300) return parseFedexCancel(answer.body);
  const reason = reasonOf(answer);
  // Cancelling a cancelled shipment succeeds (the port's rule): a retried cancel finds it cancelled.
  if (isAlreadyCancelled(reason) || fedexErrorCodes(answer.body).some((code) => /ALREADY\.CANCEL/i.test(code))) return;
  if (answer.status >= 400 && answer.status < 500) throw new CarrierRefusal(FEDEX, reason);
  throw new CarrierError(FEDEX, `FedEx could not cancel ${shipment.trackingNumber}: ${reason}`);
}
