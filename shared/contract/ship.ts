/**
 * POST /v1/ship/{rateResponseId} (spec 4.5).
 */
import * as z from '../zod';
import { localized, mode, transitStatus, uuidParam } from './shared-schemas';
import { labelEntry } from './labels';
import { defineRoute } from './route';

export const shipParams = z.object({ rateResponseId: uuidParam('A `rateResponseId` from POST /v1/rate (UUID)') });

/** Optional; `{}` or empty. Other fields are ignored. */
export const shipBody = z
  .looseObject({
    labelFormat: z.optional(z.enum(['PDF', 'ZPL'], { error: 'must be PDF or ZPL' })).register(z.globalRegistry, {
      description:
        'Lists the shipping label of this format first. A carrier that issues one label format per shipment (Canada Post, for a contract account) issues this one; the other format is then drawn by the service',
    }),
  })
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
    pieces: z
      .array(z.object({ trackingNumber: z.string() }))
      .register(z.globalRegistry, { description: 'One per physical package (quantities expanded), in piece order; the first is `trackingNumber`' }),
    createdDate: z.string(),
    mode,
  })
  .register(z.globalRegistry, { id: 'Shipment' });
export type ShipResponse = z.infer<typeof shipResponse>;

export const shipRoute = /* @__PURE__ */ defineRoute({
  name: 'ship',
  method: 'POST',
  path: '/v1/ship/{rateResponseId}',
  scopes: ['shipments:create'],
  description: 'Buy the shipment of one rate response, exactly once',
  summary: 'Buy the shipment of one rate response, exactly once',
  request: { params: shipParams, body: { schema: shipBody, required: false } },
  ok: {
    status: 200,
    description:
      'The shipment. Shipping the same rate response again answers the same order (same `orderId` and `trackingNumber`) with `Idempotent-Replayed: true`, also after the rate has expired.',
    schema: shipResponse,
    headers: { 'Idempotent-Replayed': 'IdempotentReplayed' },
  },
  errors: {
    400: {
      description:
        "rateResponseId is not a UUID, the body is not a JSON object, or the rate request's third-party bill-to account is on the organization's blacklist (checked again at ship)",
      examples: {
        id: { code: 'VALIDATION_FAILED', message: 'rateResponseId must be a UUID' },
        blacklisted: {
          code: 'VALIDATION_FAILED',
          message: 'billingOptions.thirdPartyShipperNumber is not allowed for third-party billing by this organization',
        },
      },
    },
    402: {
      description: 'The organization is not on account billing (spec part 7)',
      examples: { billing: { code: 'ACCOUNT_BILLING_REQUIRED', message: 'Shipping needs an organization on account billing' } },
    },
    404: {
      description: "No such rate response, another company's, or one rated with a key of the other mode (test or live)",
      examples: { notFound: { code: 'NOT_FOUND', message: 'rate response not found' } },
    },
    409: {
      description:
        'Another request is shipping this rate response right now (`SHIPMENT_IN_PROGRESS`): retry after `Retry-After` seconds to get its shipment. Or the carrier account the rate was quoted under no longer serves your pricing group (`RATE_ACCOUNT_CHANGED`): nothing was bought; rate the shipment again',
      examples: {
        inProgress: { code: 'SHIPMENT_IN_PROGRESS', message: 'A shipment of this rate response is being created; retry shortly' },
        accountChanged: {
          code: 'RATE_ACCOUNT_CHANGED',
          message: 'The UPS carrier account this rate was quoted under no longer serves your pricing group; rate the shipment again',
        },
      },
      retryAfter: 'in-progress',
    },
    410: {
      description: 'The rate response has expired (rates live 24 hours)',
      examples: { expired: { code: 'RATE_EXPIRED', message: 'This rate expired at 2026-11-23T12:00:00.000Z; rate the shipment again' } },
    },
    422: {
      description:
        'The carrier refused the shipment as requested (its reason is in the message, for example an address it cannot serve); nothing was bought, and the rate response can be shipped again once the cause is fixed (rate again when the request must change)',
      examples: { rejected: { code: 'CARRIER_REJECTED', message: 'UPS rejected the shipment: 120100: Missing or invalid shipper number' } },
    },
    502: {
      description:
        'The carrier failed or did not answer in time; nothing was bought, and the rate response can be shipped again: the next ship asks the carrier first for a shipment the failed attempt may have made, so shipping again never buys twice',
      examples: { carrier: { code: 'CARRIER_ERROR', message: 'CARRIERX could not create the shipment: CARRIERX answered HTTP 500 Internal Server Error' } },
    },
  },
});
