/**
 * GET /v1/track/{orderId} (spec 4.8).
 */
import * as z from 'zod';
import { trackingEventCodeSchema } from '../domain/types';
import { mode, transitStatus } from './common';
import { orderIdParam } from './labels';

export const trackParams = z.object({ orderId: orderIdParam });

export const trackResponse = z
  .object({
    orderId: z.string(),
    trackingNumber: z.string(),
    carrier: z.string().meta({ description: 'Carrier code' }),
    transitStatus,
    updated: z.string().meta({ description: 'When `transitStatus` last changed (ISO 8601)' }),
    events: z
      .array(
        z.object({
          status: transitStatus,
          code: trackingEventCodeSchema,
          description: z.string(),
          location: z.string().nullable().meta({ description: '"City, PR, CC" where the carrier scanned the package; null when the event has no place' }),
          occurredAt: z.string().meta({ description: 'ISO 8601' }),
        }),
      )
      .meta({ description: 'The journey so far, newest first (at most 50)' }),
    lastCheckedAt: z.string().nullable().meta({
      description:
        'When the carrier was last asked (ISO 8601); null until the first check. A read of a due order asks the carrier first; if the carrier does not answer, the stored tracking is answered and this says how old it is.',
    }),
    nextCheckAt: z.string().nullable().meta({ description: 'When the tracking is next refreshed by the schedule (ISO 8601); null once the status is final' }),
    estimatedDelivery: z
      .object({ date: z.string(), time: z.string(), guaranteed: z.boolean() })
      .nullable()
      .meta({ description: "The carrier's commitment at rating time; null when it committed to none" }),
    metadata: z.object({ trackingUrl: z.string() }),
    mode,
  })
  .meta({ id: 'Tracking' });
export type TrackResponse = z.infer<typeof trackResponse>;
