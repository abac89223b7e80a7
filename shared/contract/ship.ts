/**
 * POST /v1/ship/{rateResponseId} (spec 4.5).
 */
import * as z from '../zod';
import { localized, mode, transitStatus, uuidParam } from './shared-schemas';
import { labelEntry } from './labels';

export const shipParams = z.object({ rateResponseId: uuidParam('A `rateResponseId` from POST /v1/rate (UUID)') });

/** Optional; `{}` or empty. Other fields are ignored. */
export const shipBody = z
  .looseObject({ labelFormat: z.optional(z.enum(['PDF', 'ZPL'])).register(z.globalRegistry, { description: 'Lists the shipping label of this format first' }) })
  .register(z.globalRegistry, { description: 'Optional; `{}` or empty. Billing comes from the rate request (`billingOptions`), never from here.' });
export type ShipBody = z.infer<typeof shipBody>;

export const shipResponse = z
  .object({
    orderId: z.string(),
    rateResponseId: z.string(),
    trackingNumber: z.string().register(z.globalRegistry, { description: 'The master tracking number (the first package)' }),
    status: transitStatus.clone().register(z.globalRegistry, { description: '`pending` once the label exists' }),
    carrier: z.object({ code: z.string(), fullName: localized, shortName: localized }),
    service: z.object({ code: z.string(), fullName: localized, shortName: localized }),
    metadata: z.object({ trackingUrl: z.string() }),
    labels: z.object({ available: z.array(labelEntry) }),
    pieces: z.array(z.object({ trackingNumber: z.string() })).register(z.globalRegistry, { description: 'One per physical package (quantities expanded), in piece order; the first is `trackingNumber`' }),
    createdDate: z.string(),
    mode,
  }).register(z.globalRegistry, { id: 'Shipment' });
export type ShipResponse = z.infer<typeof shipResponse>;
