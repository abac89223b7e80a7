/**
 * UPS, the first live carrier: its REST APIs (OAuth 2 client credentials,
 * Rating, Shipping with void and label recovery, Tracking), built from UPS's
 * published OpenAPI documents (./spec/). Every call is made under the
 * carrier account of the plan (rate, ship) or of the order (track, void),
 * in the mode of the API key: a test key reaches UPS's customer integration
 * environment, a live key production (./config.ts). The HTTP client
 * (./http.ts) is loaded on the first UPS call, so functions that never call
 * UPS never load it. Track Alert (./track-alert.ts) is its push
 * capability: `subscribe` subscribes over the same client, `authenticate`
 * and `parseEvents` read what UPS pushes to the generic inbound routes.
 * Address Validation Street Level (./address.ts) is its `validateAddresses`,
 * Pickup (./pickup.ts) its `pickups`.
 */
import { defineLiveConnector } from '../connector';
import type { LiveCall } from '../live-call';
import type { CarrierCallOptions } from '../../domain/carrier';
import type { UpsApi } from './api';
import { buildRate, upsRate } from './rate-operation';

/**
 * Ship, track and void (./operations.ts) and Track Alert (./track-alert.ts)
 * are loaded on their first call: a chunk of their own in a function bundle
 * (lib/bundling.ts), so the rate function never builds the schemas of UPS's
 * ship and track answers (about 6 ms of its cold import).
 */
const operations = () => import('./operations');

/** The HTTP client of one call's account and mode; a call without a registered account never reaches UPS. */
async function clientOf(options: CarrierCallOptions, call: LiveCall): Promise<UpsApi> {
  const account = options.account;
  if (!account?.carrierAccountId) throw call.unusable('UPS is called only under a registered UPS carrier account, and the pricing plan names none');
  const { createUpsApi } = await import('./http');
  return createUpsApi({ mode: options.mode ?? 'live', account, call });
}

export const ups = defineLiveConnector({
  buildRateRequest: buildRate,
  client: clientOf,
  rate: (request, api, { signal }) => upsRate(request, api, signal),
  ship: async (input, api, { signal }) => (await operations()).upsShip(input, api, signal),
  track: async (shipment, api, { signal }) => (await operations()).upsTrack(shipment, api, signal),
  cancel: async (shipment, api, { signal }) => (await operations()).upsVoid(shipment, api, signal),
  // What ./profile.ts declares.
  capabilities: {
    findShipments: {
      byReference: async (reference, api, { account, signal }) => (await operations()).upsFindShipments(reference, account?.accountNumber ?? '', api, signal),
    },
    // Track Alert: UPS pushes a subscribed package's events for 14 days; its pushes reach the generic inbound
    // routes with x-api-key beside our bearer token, one TrackingEventRequest a body.
    push: {
      subscribe: async (input, api, { signal }) => {
        const { subscribeTrackAlert, UPS_TRACK_ALERT_SUBSCRIPTION_MS } = await import('./track-alert');
        return { ...(await subscribeTrackAlert(input, api, signal)), lastsMs: UPS_TRACK_ALERT_SUBSCRIPTION_MS };
      },
      authenticate: async (headers, clientId) => (await import('./track-alert')).authenticateTrackAlertPush(headers, clientId),
      parseEvents: async (body) => (await import('./track-alert')).readTrackAlertPush(body),
    },
    // On-call pickups (./pickup.ts), loaded on the first pickup call.
    pickups: {
      availability: async (input, api, context) => (await import('./pickup')).upsPickupAvailability(input, api, context),
      create: async (input, api, context) => (await import('./pickup')).upsPickupCreate(input, api, context),
      find: async (lookup, api, context) => (await import('./pickup')).upsPickupFind(lookup, api, context),
      cancel: async (ref, api, context) => (await import('./pickup')).upsPickupCancel(ref, api, context),
    },
    // Address Validation Street Level (./address.ts), loaded on the first validation.
    validateAddresses: {
      validate: async (input, api, { signal }) => (await import('./address')).upsValidateAddresses(input, api, signal),
    },
  },
});
