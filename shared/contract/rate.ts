/**
 * POST /v1/rate (spec 4.4): the request body as sent on the wire, which the
 * route validates (a piece's packagingType may be a code or a UUID string,
 * spec 2.5, which the rating service resolves), and the answer.
 */
import * as z from '../zod';
import { ADDRESS_FIELDS } from '../carriers/registry';
import { addressValidation } from './addresses';
import { rateRequestBodySchemaWith } from '../domain/rate/schema';
import { UNAVAILABLE_CODE_MEANINGS, UNAVAILABLE_CODES, UNAVAILABLE_MESSAGE_MAX } from '../domain/rate/unavailable';
import { localized, mode, money } from './shared-schemas';
import { BODY_LIMITS } from '../http/json-body';
import { defineRoute } from './route';

/** The body with every carrier's address fields (their profiles' `addressFields`). */
export const rateBody = rateRequestBodySchemaWith(ADDRESS_FIELDS).register(z.globalRegistry, { id: 'RateRequest' });

const tier = z.object({ subtotal: money, tax: money, total: money });

/** A rate's carrier; an entry of `unavailable` names its carrier the same way. */
const rateCarrier = z.object({ code: z.string(), fullName: localized, shortName: localized });

export const rateRecord = z
  .object({
    carrier: rateCarrier,
    service: z.object({
      code: z.string(),
      fullName: localized,
      shortName: localized,
      billingCode: z.string(),
      chips: z.array(z.string()),
      isDisabled: z.boolean(),
    }),
    commitment: z
      .nullable(z.object({ commitDate: z.string(), commitTime: z.string(), timezoneCode: z.string(), guaranteed: z.boolean() }))
      .register(z.globalRegistry, { description: 'null when the carrier gives no commitment' }),
    rate: z.object({
      charges: z.array(
        z.object({ chips: z.array(z.string()), code: z.string(), billingCode: z.string(), name: localized, type: z.string(), retail: money, account: money }),
      ),
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
  })
  .register(z.globalRegistry, { id: 'RateRecord' });
export type RateRecord = z.infer<typeof rateRecord>;

const unavailableCode = z.enum(UNAVAILABLE_CODES).register(z.globalRegistry, {
  description: `Why the carrier gave no rate: ${UNAVAILABLE_CODES.map((code) => `\`${code}\`: ${UNAVAILABLE_CODE_MEANINGS[code]}`).join('; ')}.`,
});

export const unavailableCarrier = z
  .object({
    carrier: rateCarrier,
    code: unavailableCode,
    message: z.string().register(z.globalRegistry, {
      description: `A sentence for a person: the carrier's own reason for \`REFUSED\` (at most ${UNAVAILABLE_MESSAGE_MAX} characters, nothing of our account in it), ours otherwise`,
    }),
  })
  .register(z.globalRegistry, {
    id: 'UnavailableCarrier',
    description: 'A carrier of the pricing group that gave no rate, and why',
    example: {
      carrier: {
        code: 'CARRIERY',
        fullName: { en: 'Carrier Y Parcel Services', fr: 'Services de colis Transporteur Y' },
        shortName: { en: 'Carrier Y', fr: 'Transporteur Y' },
      },
      code: 'TIMEOUT',
      message: 'the carrier did not answer within its timeout or the rating budget',
    },
  });
export type UnavailableCarrierRecord = z.infer<typeof unavailableCarrier>;

export const rateResponse = z.object({
  requestId: z.string(),
  mode,
  rates: z.array(rateRecord),
  unavailable: z.array(unavailableCarrier).register(z.globalRegistry, {
    description:
      "Every carrier of the pricing group that gave no rate, in the group's order, each once; empty when every carrier rated. A carrier whose rates the request's selection left out (`cheapest`, a service code) is not listed",
  }),
  addressValidation: z.optional(z.object({ shipper: addressValidation, recipient: addressValidation })).register(z.globalRegistry, {
    description:
      'The shipper and recipient as validated, when `shippingOptions.addressValidation` is `validate` or `strict` (docs/addresses.md); absent otherwise',
  }),
});
export type RateResponse = z.infer<typeof rateResponse>;

export const rateRoute = /* @__PURE__ */ defineRoute({
  name: 'rate',
  method: 'POST',
  path: '/v1/rate',
  scopes: ['shipments:rate'],
  description: 'Quote every carrier of the pricing group and return sanitized rates',
  summary: 'Rate a shipment with every quoted carrier; returns sanitized rates',
  request: { body: { schema: rateBody, required: true } },
  ok: { status: 200, description: 'Rates', schema: rateResponse },
  errors: {
    400: {
      description: `Validation failed (messages \`<path> <text>\` joined with \`; \`), unknown packagingType, organization without user, blacklisted third-party account, empty body, malformed JSON or JSON nested more than ${BODY_LIMITS.depth} levels`,
      examples: {
        schema: { code: 'VALIDATION_FAILED', message: 'packages.pieces[0].weight must be >= 0; shipper.countryCode must be a 2-letter ISO country code' },
        packagingType: { code: 'VALIDATION_FAILED', message: 'packagingType not found: MY_BOX' },
        malformedJson: { code: 'VALIDATION_FAILED', message: 'request body is not valid JSON' },
      },
    },
    422: {
      description:
        'No carrier returned a rate (code NO_RATES), or, with `shippingOptions.addressValidation: strict`, the shipper or recipient address is `invalid` (code ADDRESS_INVALID, naming the party and the messages; `details` has one entry per message), before any carrier is asked',
      examples: {
        noRates: { code: 'NO_RATES', message: 'No rates were returned for this shipment: no carrier of your pricing group can quote this selection' },
        addressInvalid: { code: 'ADDRESS_INVALID', message: 'The recipient address is invalid: postalCode 1234 is not a ZIP code (12345 or 12345-6789)' },
      },
    },
  },
});
