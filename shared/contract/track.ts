/**
 * GET /v1/track/{orderId} (spec 4.8).
 */
import * as z from '../zod';
import { trackingEventCodeSchema } from '../domain/entities';
import { mode, transitStatus } from './shared-schemas';
import { orderIdParam } from './labels';

export const trackParams = z.object({ orderId: orderIdParam });

export const trackResponse = z
  .object({
    orderId: z.string(),
    trackingNumber: z.string(),
    carrier: z.string().register(z.globalRegistry, { description: 'Carrier code' }),
    transitStatus,
    updated: z.string().register(z.globalRegistry, { description: 'When `transitStatus` last changed (ISO 8601)' }),
    events: z
      .array(
        z.object({
          status: transitStatus,
          code: trackingEventCodeSchema,
          description: z.string().register(z.globalRegistry, { description: "The carrier's words, at most 256 characters (longer text is cut, ending with …)" }),
          location: z.nullable(z.string()).register(z.globalRegistry, { description: '"City, PR, CC" where the carrier scanned the package, at most 128 characters; null when the event has no place' }),
          occurredAt: z.string().register(z.globalRegistry, { description: 'ISO 8601' }),
        }),
      ).register(z.globalRegistry, { description: 'The journey so far, newest first (at most 50)' }),
    lastCheckedAt: z.nullable(z.string()).register(z.globalRegistry, {
      description:
        'When the carrier was last asked (ISO 8601); null until the first check. A read of a due order asks the carrier first; if the carrier does not answer, the stored tracking is answered and this says how old it is.',
    }),
    nextCheckAt: z.nullable(z.string()).register(z.globalRegistry, { description: 'When the tracking is next refreshed by the schedule (ISO 8601); null once the status is final' }),
    estimatedDelivery: z.nullable(
      z.object({ date: z.string(), time: z.string(), guaranteed: z.boolean() })).register(z.globalRegistry, { description: "The carrier's commitment at rating time; null when it committed to none" }),
    metadata: z.object({ trackingUrl: z.string() }),
    mode,
    manifest: z.nullable(z.object({ manifestId: z.string(), shipDate: z.string() })).register(z.globalRegistry, {
      description: "The end-of-day manifest the shipment is on (POST /v1/manifests); null until a close takes it. A manifested shipment was handed to the carrier and can no longer be voided",
    }),
  }).register(z.globalRegistry, { id: 'Tracking' });
export type TrackResponse = z.infer<typeof trackResponse>;
