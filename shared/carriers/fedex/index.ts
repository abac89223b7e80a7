/**
 * FedEx, the third live carrier: its REST APIs (OAuth client credentials,
 * Rates and Transit Times, Ship with cancel, Track by number and by
 * reference, Address Validation, Pickup Request), built from FedEx's
 * OpenAPI documents, which stay outside the repository (docs/fedex.md).
 * Every call is made under the carrier account of the plan (rate, ship) or
 * of the order (track, cancel, pickups), in the mode of the API key: a test
 * key reaches FedEx's sandbox, a live key production (./config.ts). The HTTP client (./http.ts), the
 * operations (./operations.ts), the Ground close (./close.ts), address
 * validation (./address.ts) and pickups (./pickup.ts) are loaded on their
 * first call.
 */
import { defineLiveConnector } from '../connector';
import type { LiveCall } from '../live-call';
import type { CarrierCallOptions } from '../../domain/carrier';
import type { FedexApi } from './api';
import { buildFedexRateRequest } from './rate';

const operations = () => import('./operations');
const pickup = () => import('./pickup');

/** The HTTP client of one call's account and mode; a call without a registered account never reaches FedEx. */
async function clientOf(options: CarrierCallOptions, call: LiveCall): Promise<FedexApi> {
  const account = options.account;
  if (!account?.carrierAccountId) throw call.unusable('FedEx is called only under a registered FedEx carrier account, and the pricing plan names none');
  const { createFedexApi } = await import('./http');
  return createFedexApi({ mode: options.mode ?? 'live', account, call });
}

export const fedex = defineLiveConnector({
  buildRateRequest: buildFedexRateRequest,
  client: clientOf,
  rate: async (request, api, { signal }) => (await operations()).fedexRate(request, api, signal),
  ship: async (input, api, { signal }) => (await operations()).fedexShip(input, api, signal),
  track: async (shipment, api, { signal }) => (await operations()).fedexTrack(shipment, api, signal),
  cancel: async (shipment, api, { signal, account }) => (await operations()).fedexCancel(shipment, account?.accountNumber ?? '', api, signal),
  // What ./profile.ts declares.
  capabilities: {
    findShipments: {
      byReference: async (reference, api, { account, signal }) => (await operations()).fedexFindShipments(reference, account?.accountNumber ?? '', api, signal),
    },
    // Ground End of Day Close (./close.ts), loaded on the first close.
    closeOut: {
      close: async (input, api, { account, signal }) => (await import('./close')).fedexCloseOut(input, account?.accountNumber ?? '', api, signal),
      // FedEx keys a close by account and date, not by our reference: closing again is safe, and reprints the day (./close.ts).
      find: async () => undefined,
    },
    // Pickup Request API (./pickup.ts), loaded on the first pickup call.
    pickups: {
      availability: async (input, api, { account, signal }) => (await pickup()).fedexPickupAvailability(input, account?.accountNumber, api, signal),
      create: async (input, api, { account, signal }) => (await pickup()).fedexCreatePickup(input, account?.accountNumber, api, signal),
      cancel: async (ref, api, { account, signal }) => (await pickup()).fedexCancelPickup(ref, account?.accountNumber, api, signal),
      // FedEx keeps no reference of ours on a pickup and has no lookup of pickups: nothing to find (./pickup.ts).
      find: async () => undefined,
    },
    // Address Validation (./address.ts), loaded on the first validation.
    validateAddresses: {
      validate: async (input, api, { signal }) => (await import('./address')).fedexValidateAddresses(input, api, signal),
    },
  },
});
