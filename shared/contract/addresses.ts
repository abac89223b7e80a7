/**
 * POST /v1/addresses/validate (docs/addresses.md): addresses as the rate
 * request's shipper and recipient are written, each answered, in order, by
 * a carrier's address service or the built-in rules.
 */
import * as z from '../zod';
import { ADDRESS_FIELDS } from '../carriers/registry';
import { ADDRESS_MESSAGE_CODE_LIST, ADDRESS_MESSAGE_CODES } from '../domain/addresses/messages';
import { addressSchemaWith } from '../domain/rate/schema';
import { BODY_LIMITS } from '../http/json-body';
import { defineRoute } from './route';

/** The most addresses one request validates. */
export const MAX_ADDRESSES = 100;

/** An address as the rate request's shipper and recipient are written (with every carrier's address fields). */
const address = addressSchemaWith(ADDRESS_FIELDS);

export const addressValidateBody = z
  .object({
    addresses: z
      .array(address)
      .check(z.minLength(1, 'must hold at least one address'), z.maxLength(MAX_ADDRESSES, `must hold at most ${MAX_ADDRESSES} addresses`))
      .register(z.globalRegistry, { description: `From 1 to ${MAX_ADDRESSES} addresses, each as a rate request's shipper or recipient` }),
    carrierCode: z
      .optional(z.string().check(z.minLength(1), z.maxLength(32, { abort: true }), z.regex(/^[A-Za-z0-9_]+$/, 'must be a carrier code (letters and digits)')))
      .register(z.globalRegistry, {
        description:
          'The carrier whose address service validates them (a `code` of GET /v1/carriers that validates addresses), in either case; addresses of countries it does not cover get the built-in rules. Default: for each address, the first carrier of the pricing group that validates its country, else the built-in rules',
        example: 'CARRIERX',
      }),
  })
  .register(z.globalRegistry, { id: 'AddressValidationRequest' });
export type AddressValidateBody = z.infer<typeof addressValidateBody>;

const messageCode = z.enum(ADDRESS_MESSAGE_CODE_LIST).register(z.globalRegistry, {
  description: `What the message says: ${ADDRESS_MESSAGE_CODE_LIST.map((code) => `\`${code}\`: ${ADDRESS_MESSAGE_CODES[code]}`).join('; ')}.`,
});

export const addressValidation = z
  .object({
    status: z.enum(['verified', 'corrected', 'unverified', 'invalid']).register(z.globalRegistry, {
      description:
        '`verified`: a carrier found the address as written; `corrected`: a carrier, or a certain built-in rule, fixed it (the first suggestion); `unverified`: nothing known wrong, the street unconfirmed (the built-in rules never say more); `invalid`: a rule is broken, no suggestion',
    }),
    classification: z.enum(['residential', 'commercial', 'mixed', 'unknown']).register(z.globalRegistry, {
      description: 'As the carrier classifies the address; `unknown` from the built-in rules',
    }),
    suggestions: z.array(address).register(z.globalRegistry, { description: 'Normalised addresses, best first; empty when `invalid`' }),
    messages: z.array(z.object({ code: messageCode, message: z.string(), field: z.optional(z.string()) })),
    validatedBy: z.string().register(z.globalRegistry, { description: 'The carrier code whose address service answered, or `builtin`', example: 'builtin' }),
  })
  .register(z.globalRegistry, { id: 'AddressValidation' });

export const addressValidateResponse = z.object({
  results: z.array(addressValidation).register(z.globalRegistry, { description: 'One result per address, in the order of the request' }),
});
export type AddressValidateResponse = z.infer<typeof addressValidateResponse>;

export const addressesValidateRoute = /* @__PURE__ */ defineRoute({
  name: 'addresses-validate',
  method: 'POST',
  path: '/v1/addresses/validate',
  scopes: ['addresses:validate'],
  description: "Validate up to 100 addresses with a carrier's address service or the built-in rules",
  summary: 'Validate addresses',
  request: { body: { schema: addressValidateBody, required: true } },
  ok: { status: 200, description: 'One result per address, in order', schema: addressValidateResponse },
  errors: {
    400: {
      description: `Validation failed (an address as at rate, more than ${MAX_ADDRESSES} addresses), a carrierCode that is no carrier of the pricing group or does not validate addresses, empty body, malformed JSON or JSON nested more than ${BODY_LIMITS.depth} levels`,
      examples: {
        tooMany: { code: 'VALIDATION_FAILED', message: `addresses must hold at most ${MAX_ADDRESSES} addresses` },
        carrier: { code: 'VALIDATION_FAILED', message: 'carrierCode CANADAPOST does not validate addresses; leave it out to use the built-in rules' },
      },
    },
  },
});
