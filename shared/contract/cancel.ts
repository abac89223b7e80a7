/**
 * DELETE /v1/shipments/{orderId} (spec 4.9).
 */
import * as z from '../zod';
import { mode } from './shared-schemas';
import { orderIdParam } from './labels';

export const cancelParams = z.object({ orderId: orderIdParam });

export const cancelResponse = z
  .object({ orderId: z.string(), status: z.literal('cancelled'), cancelledAt: z.string().register(z.globalRegistry, { description: 'When the shipment was voided (ISO 8601)' }), mode }).register(z.globalRegistry, { id: 'Cancellation' });
export type CancelResponse = z.infer<typeof cancelResponse>;
