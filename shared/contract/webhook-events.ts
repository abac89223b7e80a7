/**
 * The events sent to a webhook endpoint (docs/webhooks.md), whose `data` is
 * the answer of the API call of the same moment: the OpenAPI document's
 * `webhooks`. Apart from ./webhooks.ts, which the webhook functions import at
 * run time, so they do not build the ship, track and cancel answers' schemas.
 */
import * as z from '../zod';
import type { WEBHOOK_EVENT_TYPES } from '../domain/webhooks';
import { cancelResponse } from './cancel';
import { batch } from './batches';
import { manifest } from './manifests';
import { pickup } from './pickups';
import { shipResponse } from './ship';
import { trackResponse } from './track';

/** The bodies POSTed to an endpoint (OpenAPI `webhooks`). */
const event = <T extends z.ZodMiniType>(type: (typeof WEBHOOK_EVENT_TYPES)[number], data: T, id: string) =>
  z
    .object({ type: z.literal(type), timestamp: z.string().register(z.globalRegistry, { description: 'When the event happened (ISO 8601)' }), data })
    .register(z.globalRegistry, { id });

export const webhookEvents = {
  'shipment.created': event('shipment.created', shipResponse, 'ShipmentCreatedEvent'),
  'tracking.updated': event('tracking.updated', trackResponse, 'TrackingUpdatedEvent'),
  'shipment.cancelled': event('shipment.cancelled', cancelResponse, 'ShipmentCancelledEvent'),
  'manifest.created': event('manifest.created', manifest, 'ManifestCreatedEvent'),
  'pickup.scheduled': event('pickup.scheduled', pickup, 'PickupScheduledEvent'),
  'pickup.cancelled': event('pickup.cancelled', pickup, 'PickupCancelledEvent'),
  'batch.completed': event('batch.completed', batch, 'BatchCompletedEvent'),
} as const;
