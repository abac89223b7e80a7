/**
 * GET /v1/track/{orderId} (spec 4.8).
 */
import * as z from '../zod';
import { trackingEventCodeSchema } from '../domain/entities';
import { mode, transitStatus } from './shared-schemas';
import { orderIdParam } from './labels';
import { defineRoute } from './route';

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
          description: z
            .string()
            .register(z.globalRegistry, { description: "The carrier's words, at most 256 characters (longer text is cut, ending with …)" }),
          location: z.nullable(z.string()).register(z.globalRegistry, {
            description: '"City, PR, CC" where the carrier scanned the package, at most 128 characters; null when the event has no place',
          }),
          occurredAt: z.string().register(z.globalRegistry, { description: 'ISO 8601' }),
        }),
      )
      .register(z.globalRegistry, { description: 'The journey so far, newest first (at most 50)' }),
    lastCheckedAt: z.nullable(z.string()).register(z.globalRegistry, {
      description:
        'When the carrier was last asked (ISO 8601); null until the first check. A read of a due order asks the carrier first; if the carrier does not answer, the stored tracking is answered and this says how old it is.',
    }),
    nextCheckAt: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'When the tracking is next refreshed by the schedule (ISO 8601); null once the status is final' }),
    estimatedDelivery: z
      .nullable(z.object({ date: z.string(), time: z.string(), guaranteed: z.boolean() }))
      .register(z.globalRegistry, { description: "The carrier's commitment at rating time; null when it committed to none" }),
    metadata: z.object({ trackingUrl: z.string() }),
    mode,
    manifest: z.nullable(z.object({ manifestId: z.string(), shipDate: z.string() })).register(z.globalRegistry, {
      description:
        'The end-of-day manifest the shipment is on (POST /v1/manifests); null until a close takes it. A manifested shipment was handed to the carrier and can no longer be voided',
    }),
  })
  .register(z.globalRegistry, { id: 'Tracking' });
export type TrackResponse = z.infer<typeof trackResponse>;

export const trackRoute = /* @__PURE__ */ defineRoute({
  name: 'track',
  method: 'GET',
  path: '/v1/track/{orderId}',
  scopes: ['shipments:track'],
  description: 'The tracking of an order: status, events and how fresh they are',
  summary: 'Track an order: status, events, and how fresh they are',
  request: { params: trackParams },
  ok: {
    status: 200,
    description:
      'The tracking. When the order is due (`nextCheckAt` passed, or never checked) the carrier is asked first, within a few seconds; otherwise the stored tracking is answered. A cancelled order shows `cancelled`.',
    schema: trackResponse,
  },
  errors: {
    400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
    403: {
      description: "The order, of the key's mode, belongs to another company (as on the label endpoints)",
      examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } },
    },
    404: {
      description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)',
      examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } },
    },
  },
});
