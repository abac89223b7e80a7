/**
 * UPS, the first live carrier: its REST APIs (OAuth 2 client credentials,
 * Rating, Shipping with void and label recovery, Tracking), built from UPS's
 * published OpenAPI documents (./spec/). Every call is made under the
 * carrier account of the plan (rate, ship) or of the order (track, void),
 * in the mode of the API key: a test key reaches UPS's customer integration
 * environment, a live key production (./config.ts). The HTTP client
 * (./http.ts) is loaded on the first UPS call, so functions that never call
 * UPS never load it. Track Alert (./track-alert.ts) is the port's push
 * capability: `subscribePush` subscribes over the same client, `push` reads
 * what UPS pushes to the generic inbound routes.
 */
import { defineLiveConnector } from '../connector';
import type { LiveCall } from '../live-call';
import type { CarrierCallOptions } from '../port';
import type { UpsApi } from './api';
import { UPS } from './oauth';
import { buildRate, upsRate } from './rate-operation';
import { UPS_VOID_WINDOW_DAYS } from './profile';
import { reference } from './reference';

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
  code: UPS,
  kind: 'parcel',
  network: 'live',
  reference,
  // UPS's OAuth client credentials (an app of UPS's developer portal).
  credentialFields: ['clientId', 'clientSecret'],
  buildRateRequest: buildRate,
  client: clientOf,
  rate: upsRate,
  ship: async (input, api, signal) => (await operations()).upsShip(input, api, signal),
  track: async (shipment, api, signal) => (await operations()).upsTrack(shipment, api, signal),
  cancel: async (shipment, api, signal) => (await operations()).upsVoid(shipment, api, signal),
  // No idempotency key: a ship of unknown outcome is reconciled by a reference search (docs/reliability.md).
  findShipments: async (reference, accountNumber, api, signal) => (await operations()).upsFindShipments(reference, accountNumber, api, signal),
  voidWindowDays: UPS_VOID_WINDOW_DAYS,
  // Track Alert: UPS pushes a subscribed package's events for 14 days.
  subscribePush: async (input, client, signal) => {
    const { subscribeTrackAlert, UPS_TRACK_ALERT_SUBSCRIPTION_MS } = await import('./track-alert');
    return { ...(await subscribeTrackAlert(input, client, signal)), lastsMs: UPS_TRACK_ALERT_SUBSCRIPTION_MS };
  },
  // Its pushes, received by the generic inbound routes: x-api-key beside our bearer token, one TrackingEventRequest a body.
  push: {
    authenticate: async (headers, clientId) => (await import('./track-alert')).authenticateTrackAlertPush(headers, clientId),
    parseEvents: async (body) => (await import('./track-alert')).readTrackAlertPush(body),
  },
});
