/**
 * DELETE /v1/shipments/{orderId} (spec 4.9).
 */
import * as z from '../zod';
import { mode } from './shared-schemas';
import { orderIdParam } from './labels';
import { defineRoute } from './route';

export const cancelParams = z.object({ orderId: orderIdParam });

export const cancelResponse = z
  .object({
    orderId: z.string(),
    status: z.literal('cancelled'),
    cancelledAt: z.string().register(z.globalRegistry, { description: 'When the shipment was voided (ISO 8601)' }),
    mode,
  })
  .register(z.globalRegistry, { id: 'Cancellation' });
export type CancelResponse = z.infer<typeof cancelResponse>;

export const cancelRoute = /* @__PURE__ */ defineRoute({
  name: 'cancel',
  method: 'DELETE',
  path: '/v1/shipments/{orderId}',
  scopes: ['shipments:cancel'],
  description: 'Cancel (void) a shipment before pickup',
  summary: 'Cancel (void) a shipment before pickup',
  request: { params: cancelParams },
  ok: {
    status: 200,
    description:
      'The shipment is voided at the carrier and the order is `cancelled`; cancelling again answers the same. Its labels are void: GET /v1/labels/{orderId} then lists none.',
    schema: cancelResponse,
  },
  errors: {
    400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
    403: {
      description: "The order, of the key's mode, belongs to another company (as on the label endpoints); it is left untouched",
      examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } },
    },
    404: {
      description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)',
      examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } },
    },
    409: {
      description:
        'The shipment is in transit (or in exception) or delivered: it can no longer be cancelled (`NOT_CANCELLABLE`). Or, rarely, the order kept changing under concurrent requests while the cancel was being stored (`ORDER_BUSY`, with `Retry-After`): the carrier has voided the shipment, and cancelling again completes it.',
      examples: {
        notCancellable: { code: 'NOT_CANCELLABLE', message: 'The shipment is in transit; only a shipment not yet picked up can be cancelled' },
        busy: { code: 'ORDER_BUSY', message: 'The order is being changed by concurrent requests; retry shortly' },
      },
      retryAfter: 'busy',
    },
    502: {
      description: 'The carrier refused to void the shipment (its reason is in the message), failed or did not answer in time; the order is unchanged',
      examples: {
        refused: {
          code: 'CARRIER_ERROR',
          message: 'CARRIERX refused to cancel the shipment: CARRIERX cannot void 1Z...: picked up at 2026-11-23T16:00:00.000Z',
        },
      },
    },
  },
});
