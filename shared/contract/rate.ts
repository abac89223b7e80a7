/**
 * POST /v1/rate (spec 4.4): the request body as sent on the wire (a piece's
 * packagingType may be a code or a UUID string, spec 2.5; the handler
 * resolves it before the domain's schema sees it) and the answer.
 */
import * as z from '../zod';
import { rateRequestBodySchema } from '../domain/rate/schema';
import { localized, mode, money } from './shared-schemas';

export const rateBody = rateRequestBodySchema.clone().register(z.globalRegistry, { id: 'RateRequest' });

const tier = z.object({ subtotal: money, tax: money, total: money });

export const rateRecord = z
  .object({
    carrier: z.object({ code: z.string(), fullName: localized, shortName: localized }),
    service: z.object({ code: z.string(), fullName: localized, shortName: localized, billingCode: z.string(), chips: z.array(z.string()), isDisabled: z.boolean() }),
    commitment: z.nullable(
      z.object({ commitDate: z.string(), commitTime: z.string(), timezoneCode: z.string(), guaranteed: z.boolean() })).register(z.globalRegistry, { description: 'null when the carrier gives no commitment' }),
    rate: z.object({
      charges: z.array(z.object({ chips: z.array(z.string()), code: z.string(), billingCode: z.string(), name: localized, type: z.string(), retail: money, account: money })),
      totals: z.object({ retail: tier, discounted: tier, account: tier }),
      fxRate: z.number(),
    }),
    rateRequestId: z.string(),
    rateResponseId: z.string(),
    entityType: z.literal('rateResponse'),
    createdDate: z.string(),
    isBestPrice: z.boolean(),
    isBestChoice: z.boolean(),
    isFastDelivery: z.boolean(),
  }).register(z.globalRegistry, { id: 'RateRecord' });
export type RateRecord = z.infer<typeof rateRecord>;

export const rateResponse = z.object({ requestId: z.string(), mode, rates: z.array(rateRecord) });
export type RateResponse = z.infer<typeof rateResponse>;
