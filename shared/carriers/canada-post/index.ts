/**
 * Canada Post, the second live carrier: its REST web services over XML
 * (Get Rates, Create Shipment and Create Non-Contract Shipment with their
 * artifacts, Get Shipments, Void Shipment, Request Shipment Refund, Get
 * Tracking Details, the day's Transmit Shipments with Get Manifest(s), and
 * on-demand pickup requests), built from Canada Post's documentation and its XML
 * schemas (docs/canada-post.md). Every call is made under the carrier
 * account of the plan (rate, ship) or of the order (track, cancel), in the
 * mode of the API key: a test key reaches Canada Post's development
 * environment, a live key production (./config.ts). An account with a
 * contract id ships contract shipments, one without non-contract ones. The
 * HTTP client (./http.ts) is loaded on the first Canada Post call.
 */
import { defineLiveConnector } from '../connector';
import type { LiveCall } from '../live-call';
import type { CarrierCallOptions } from '../../domain/carrier';
import type { CanadaPostApi } from './api';
import { buildCanadaPostRateRequest, canadaPostRate } from './rate';
import { CANADA_POST_VOID_WINDOW_DAYS } from './profile';

/** Ship, track, cancel and the close (./operations.ts) load on their first call: the rate function never builds their schemas. */
const operations = () => import('./operations');
/** Pickups (./pickup.ts) load on their first call. */
const pickup = () => import('./pickup');

/** The HTTP client of one call's account and mode; a call without a registered account never reaches Canada Post. */
async function clientOf(options: CarrierCallOptions, call: LiveCall): Promise<CanadaPostApi> {
  const account = options.account;
  if (!account?.carrierAccountId)
    throw call.unusable('Canada Post is called only under a registered Canada Post carrier account, and the pricing plan names none');
  const { createCanadaPostApi } = await import('./http');
  return createCanadaPostApi({ mode: options.mode ?? 'live', account, call });
}

export const canadaPost = defineLiveConnector({
  buildRateRequest: buildCanadaPostRateRequest,
  client: clientOf,
  rate: (request, api, { signal }) => canadaPostRate(request, api, signal),
  ship: async (input, api, { signal }) => (await operations()).canadaPostShip(input, api, signal),
  track: async (shipment, api, { signal }) => (await operations()).canadaPostTrack(shipment, api, signal),
  cancel: async (shipment, api, { signal }) => (await operations()).canadaPostCancel(shipment, api, signal),
  // What ./profile.ts declares.
  capabilities: {
    findShipments: {
      byReference: async (reference, api, { signal }) => (await operations()).canadaPostFindShipments(reference, api, CANADA_POST_VOID_WINDOW_DAYS, signal),
    },
    closeOut: {
      close: async (input, api, { signal }) => (await operations()).canadaPostCloseOut(input, api, signal),
      find: async (reference, api, { signal }) => (await operations()).canadaPostFindCloseOuts(reference, api, signal),
    },
    refund: {
      request: async (shipment, api, { signal }) => (await operations()).canadaPostRequestRefund(shipment, api, signal),
    },
    pickups: {
      availability: async (input, api, { signal }) => (await pickup()).canadaPostPickupAvailability(input, api, signal),
      create: async (input, api, { signal }) => (await pickup()).canadaPostCreatePickup(input, api, signal),
      find: async (lookup, api, { signal }) => (await pickup()).canadaPostFindPickup(lookup, api, signal),
      cancel: async (ref, api, { signal }) => (await pickup()).canadaPostCancelPickup(ref, api, signal),
    },
  },
});
