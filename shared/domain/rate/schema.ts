/**
 * The rate request (spec 2.1–2.13, limits of part 8) as zod schemas. The same
 * schema validates POST /v1/rate (its route, shared/contract/rate.ts) and
 * feeds the OpenAPI document.
 *
 * The body as sent (`rateRequestBodySchema`) may name a piece's
 * `packagingType` by a code or an id; the service resolves those strings to
 * the catalog's objects (spec 2.5, see ./packaging.ts), giving a
 * `RateRequest`, whose pieces know the object shape only.
 */
import * as z from '../../zod';
import { dayNumber } from '../dates';
import { isIsoCurrencyCode } from '../currency';
import { jsonDepthExceeds, jsonBytes } from '../json';
import { RATE_LIMITS as L } from './limits';

/**
 * One schema per kind of leaf, built once and shared by every field of that
 * kind (parsing never changes a schema, and `.check` returns a new one), so
 * the function's cold start builds a few dozen leaves rather than hundreds.
 * `.register` labels the instance itself: the fields below that carry
 * metadata register a schema `.check` returned, never a shared leaf.
 */
const shared = <A extends unknown[], S>(make: (...args: A) => S): ((...args: A) => S) => {
  const built = new Map<string, S>();
  return (...args) => {
    const key = args.join(',');
    let schema = built.get(key);
    if (!schema) built.set(key, (schema = make(...args)));
    return schema;
  };
};

/** Free text and codes are bounded (RATE_LIMITS); every number is finite and in range. */
const text = shared((max: number = L.text) => z.string().check(z.maxLength(max)));
const code = shared(() => z.string().check(z.maxLength(L.code)));
// Negative values are left to min(0), so one wrong value is one problem.
const nonTiny = (value: number) => value <= 0 || value >= L.smallestPositive;
/** A whole count in min..max; past max it is one problem, not also "not a safe integer". */
const count = shared((min: number, max: number) => z.number().check(z.gte(min), z.lte(max, { abort: true }), z.int()));
/** A measure or amount: finite, 0..max, and either 0 or at least RATE_LIMITS.smallestPositive. */
const measure = shared((max: number) => z.number().check(z.gte(0), z.lte(max), z.refine(nonTiny, `must be 0 or at least ${L.smallestPositive}`)));

// Codes are accepted in either case and upper-cased, so carriers and the tax
// tables only ever see `CA`, `QC`, `CAD`.
const countryCode = z.string().check(z.regex(/^[A-Za-z]{2}$/, 'must be a 2-letter ISO country code'), z.toUpperCase());
const provinceCode = z.string().check(z.minLength(2), z.maxLength(4), z.toUpperCase());
// A currency must also be one ISO 4217 knows: `XYZ` has the shape but no
// carrier can quote in it, so it is the caller's 400, not a 422 NO_RATES.
const NOT_A_CURRENCY = 'must be an ISO 4217 currency code';
const currency = z
  .string()
  .check(z.regex(/^[A-Za-z]{3}$/, { message: NOT_A_CURRENCY, abort: true }), z.toUpperCase(), z.refine(isIsoCurrencyCode, NOT_A_CURRENCY))
  .register(z.globalRegistry, { description: 'An ISO 4217 currency code (e.g. CAD, USD), in either case; upper-cased' });

const ISO_DATE_OR_LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;

/** A real calendar date and time of day (Date.parse would roll 2024-02-30 over to March 1). */
export const isCalendarDateTime = (value: string): boolean => {
  const m = ISO_DATE_OR_LOCAL_DATE_TIME.exec(value);
  if (!m) return false;
  const [hour, minute, second] = m.slice(4).map((part) => Number(part ?? 0)) as [number, number, number];
  return !Number.isNaN(dayNumber(value)) && hour <= 23 && minute <= 59 && second <= 59;
};

const isoDateOrLocalDateTime = z.string().check(
  z.regex(ISO_DATE_OR_LOCAL_DATE_TIME, {
    message: 'must be an ISO date (YYYY-MM-DD) or a date-time without offset (YYYY-MM-DDTHH:MM[:SS])',
    // One problem, one message: a malformed string is not also reported as an invalid date.
    abort: true,
  }),
  z.refine(isCalendarDateTime, 'is not a valid calendar date or time'),
);

/**
 * A party's name, street line and city must say something: a carrier cannot
 * ship to or from a party without a name and a street line, and would drop a
 * blank city, so a blank one is the caller's 400 at rate, not a refusal at
 * ship (docs/decisions.md). `\S` is what `trim()` keeps.
 */
const filled = text().check(z.regex(/\S/, 'must not be empty or only whitespace'));

/** A party's own fields (spec 2.3), in the interface's order. */
const placeShape = {
  personName: filled,
  addressLine1: filled,
  countryCode,
  provinceCode: z.optional(provinceCode),
  companyName: z.optional(text()),
  phoneNumber: z.optional(text()),
  emailAddress: z.optional(text(L.email)),
  addressLine2: z.optional(text()),
  city: z.optional(filled),
  provinceName: z.optional(text()),
  postalCode: z.optional(text()),
  residential: z.optional(z.boolean()),
  timezone: z.optional(code()),
};
/** The caller's own fields of a party, after those of the carriers. */
const callerShape = {
  id: z.optional(code()),
  type: z.optional(z.enum(['shipping', 'broker', 'buyer'])),
};

export const addressSchema = z.object({ ...placeShape, ...callerShape });
export type Address = z.infer<typeof addressSchema>;

/**
 * An address with the fields carriers add to it (their profiles'
 * `addressFields`: Canada Post's `canadaPostId`, spec 2.3), each an optional
 * code, between the party's fields and the caller's own. Typed as the
 * address: what a carrier adds is stored with the request and read, if at
 * all, by that carrier's connector.
 */
export const addressSchemaWith = (carrierFields: readonly string[]): typeof addressSchema =>
  carrierFields.length === 0
    ? addressSchema
    : z.object({ ...placeShape, ...Object.fromEntries(carrierFields.map((name) => [name, z.optional(code())])), ...callerShape });

export const shippingOptionsSchema = z.object({
  shippingDate: isoDateOrLocalDateTime.clone().register(z.globalRegistry, {
    description: `ISO date or date-time without offset, from ${L.shippingDatePastDays} days before to ${L.shippingDateFutureDays} days after today (UTC)`,
  }),
  shippingDateTimezone: z.optional(code()),
  references: z.optional(z.object({ customer: z.optional(text()), order: z.optional(text()), invoice: z.optional(text()) })),
  insurance: z.optional(z.object({ amount: measure(L.amount), currency })),
  signature: z.optional(z.enum(['none', 'required', 'adult'])),
  nonConveyable: z.optional(z.boolean()),
  createReturnLabel: z.optional(z.boolean()),
  saturdayDelivery: z.optional(z.boolean()),
  packingSlipType: z.optional(code()),
  deliveryInstructions: z.optional(text()),
  addressValidation: z.optional(z.enum(['none', 'validate', 'strict'])).register(z.globalRegistry, {
    description:
      "Check the shipper and recipient before rating (docs/addresses.md). `none` (default): not checked. `validate`: the answer's `addressValidation` has both results, and `recipient.residential`, when not sent, is taken from the recipient's classification. `strict`: as `validate`, and an `invalid` address is refused with 422 `ADDRESS_INVALID` before any carrier is asked",
  }),
});

export const packagingTypeObjectSchema = z.object({
  code: code().check(z.minLength(1)),
  isEnvelope: z.optional(z.boolean()),
  name: z.optional(text()),
  id: z.optional(code()),
});
export type PackagingTypeRef = z.infer<typeof packagingTypeObjectSchema>;

/** packagingType as a caller sends it (spec 2.5): a packaging type code, a custom box UUID, or the object. */
export const packagingTypeInputSchema = z.union([
  code()
    .check(z.minLength(1))
    .register(z.globalRegistry, { description: 'A packaging type code (GET /v1/packaging-types `code`) or a company custom box `id` (UUID)' }),
  packagingTypeObjectSchema,
]);

const pieceShape = {
  quantity: count(1, L.packageCount),
  weight: measure(L.weight),
  length: measure(L.dimension),
  width: measure(L.dimension),
  height: measure(L.dimension),
  itemCount: z.optional(count(0, L.itemCount)),
};
export const pieceSchema = z.object({ ...pieceShape, packagingType: z.optional(packagingTypeObjectSchema) });
export type Piece = z.infer<typeof pieceSchema>;

/** Pieces are counted as quantity × piece, so the total package count is bounded, not only each quantity. */
const packagesOf = <P extends z.ZodMiniType<{ quantity: number }>>(piece: P) =>
  z
    .object({
      unitOfMeasure: z.enum(['imperial', 'metric']),
      pieces: z
        .array(piece)
        .check(z.minLength(1), z.maxLength(L.pieces))
        .register(z.globalRegistry, {
          description: `At most ${L.packageCount} packages in total: quantity summed over pieces. Each piece is rated as quantity × piece.`,
        }),
    })
    .check(
      z.superRefine((packages, ctx) => {
        // A piece over the limit on its own is already reported.
        if (packages.pieces.some((p) => !(p.quantity <= L.packageCount))) return;
        const total = packages.pieces.reduce((n, p) => n + p.quantity, 0);
        if (total > L.packageCount) {
          ctx.addIssue({
            code: 'custom',
            path: ['pieces'],
            message: `must not total more than ${L.packageCount} packages (quantity summed over pieces is ${total})`,
          });
        }
      }),
    );
export const packagesSchema = packagesOf(pieceSchema);
export type Packages = z.infer<typeof packagesSchema>;

export const internationalOptionsSchema = z.strictObject({
  documentsOnly: z.optional(z.boolean()),
  declaredValue: z.optional(z.strictObject({ value: measure(L.amount), currency })),
  billDutyTo: z.optional(z.enum(['sender', 'recipient', 'thirdParty'])),
  dutyAccountNumber: z.optional(code()),
  recipientTaxId: z.optional(code()),
  senderIsProducer: z.optional(z.boolean()),
  businessRelationship: z.optional(z.enum(['related', 'unrelated'])),
  exportType: z.optional(z.enum(['permanent', 'return', 'repair', 'returnRepair'])),
  brokerRequired: z.optional(z.boolean()),
  commercialInvoiceRequired: z.optional(z.boolean()),
  postShipmentDocumentUpload: z.optional(z.boolean()),
  requestEstimatedDutiesAndTaxes: z.optional(z.boolean()),
});
export type InternationalOptions = z.infer<typeof internationalOptionsSchema>;

const appointmentSchema = z.object({ appointmentDate: code(), appointmentTime: code() });
const sides = z.enum(['pickup', 'delivery', 'both']);
export const freightOptionsSchema = z.object({
  appointment: z.optional(text()),
  prebookedAppointment: z.optional(appointmentSchema),
  pickupAppointment: z.optional(appointmentSchema),
  tailgate: z.optional(sides),
  twoPersons: z.optional(sides),
  afterHours: z.optional(sides),
});
export type FreightOptions = z.infer<typeof freightOptionsSchema>;

const templateFlag = z.optional(z.nullable(z.union([code(), z.boolean(), count(-L.itemCount, L.itemCount)])));

export const invoiceItemSchema = z.strictObject({
  description: text(),
  quantity: count(1, L.invoiceItemQuantity),
  value: measure(L.amount),
  weight: measure(L.invoiceItemWeight),
  hsCode: z.optional(code()),
  countryOfManufacture: z.optional(code()),
  unitOfMeasure: z.optional(code()),
  // Accepted and unused (spec 2.9): any scalar, bounded all the same, since they are stored with the request.
  selectedTemplateId: templateFlag,
  shouldSaveAsTemplate: templateFlag,
  shouldUpdateTemplate: templateFlag,
});

export const commercialInvoiceSchema = z.strictObject({
  generalNote: z.optional(z.nullable(text(255))),
  customsValue: z.optional(measure(L.customsValue)),
  currency: z.optional(currency),
  unitOfMeasure: z.optional(z.enum(['imperial', 'metric'])),
  buyerRequired: z.optional(z.boolean()),
  invoiceItems: z.array(invoiceItemSchema).check(z.minLength(1), z.maxLength(L.invoiceItems)),
});
export type CommercialInvoice = z.infer<typeof commercialInvoiceSchema>;

export const notificationStatus = z.enum(['pending', 'intransit', 'delivered', 'cancelled']);
export const shippingNotificationOptionsSchema = z.strictObject({
  shippingNotificationStatuses: z.optional(z.array(notificationStatus).check(z.maxLength(notificationStatus.options.length))),
  shippingNotificationEmail: z.optional(z.email().check(z.maxLength(L.email))),
});

/**
 * billingOptions (spec 2.11) is outside the request schema proper: extra keys
 * pass and `soldTo` is not validated. Its three routing fields must still be
 * strings when present, because a mistyped `thirdPartyShipperNumber` silently
 * ignored would bill the organization's own account instead of the third party.
 * It is stored with the rate request (ship reads it), so the whole object is
 * bounded in depth and size.
 */
export const billingOptionsSchema = z
  .looseObject({
    type: z.optional(code()),
    thirdPartyShipperNumber: z.optional(code()),
    carrierCode: z.optional(code()),
    soldTo: z.optional(z.unknown()),
  })
  .register(z.globalRegistry, {
    description: `Not validated beyond its three routing fields (spec 2.11); at most ${L.billingOptionsDepth} levels deep and ${L.billingOptionsBytes} bytes as JSON`,
  })
  .check(
    z.superRefine((billing, ctx) => {
      if (jsonDepthExceeds(billing, L.billingOptionsDepth)) {
        ctx.addIssue({ code: 'custom', message: `must not be nested more than ${L.billingOptionsDepth} levels deep` });
      } else if (jsonBytes(billing) > L.billingOptionsBytes) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${L.billingOptionsBytes} bytes as JSON` });
      }
    }),
  );
export type BillingOptions = {
  type?: string;
  thirdPartyShipperNumber?: string;
  carrierCode?: string;
  soldTo?: unknown;
};

export const shippingTypeSchema = z.object({
  carrier: z.optional(code().check(z.minLength(1))),
  service: z.optional(code().check(z.minLength(1))),
});

export const sortSchema = z.object({
  by: z.enum(['price', 'date', 'value']),
  dir: z.optional(z.enum(['asc', 'desc'])),
});

/** The declared fields in the interface's order, with `packages` of the given piece schema and parties of the given address schema. */
const declaredFields = <P extends z.ZodMiniType>(packages: P, address: typeof addressSchema = addressSchema) => ({
  shippingOptions: shippingOptionsSchema,
  shipper: address,
  recipient: address,
  packages,
  internationalOptions: z.optional(internationalOptionsSchema),
  freightOptions: z.optional(freightOptionsSchema),
  commercialInvoice: z.optional(commercialInvoiceSchema),
  buyer: z.optional(address),
  broker: z.optional(address),
  shippingNotificationOptions: z.optional(shippingNotificationOptionsSchema),
  shippingType: z.optional(shippingTypeSchema),
  sort: z.optional(sortSchema),
});

/** The declared fields of the rate request, billingOptions aside. */
export const rateRequestFieldsSchema = z.object(declaredFields(packagesSchema));

/** The names of the declared fields plus billingOptions: what is stored of a rate request (docs/decisions.md). */
export const STORED_RATE_REQUEST_FIELDS = [...Object.keys(rateRequestFieldsSchema.shape), 'billingOptions'] as const;

/**
 * The body as a caller sends it (spec 2.5): the declared fields, a piece's
 * packagingType a code, an id or the object, and billingOptions. The root
 * accepts extra properties (spec 2.1), accepted and ignored: they are not
 * stored, and only the body limits (size, nesting) apply to them; nested
 * objects follow their own rules. The route validates with it, and it is the
 * documented request schema (openapi.json), with every carrier's address
 * fields (shared/contract/rate.ts).
 */
export const rateRequestBodySchemaWith = (carrierAddressFields: readonly string[]) =>
  z.looseObject({
    ...declaredFields(packagesOf(z.object({ ...pieceShape, packagingType: z.optional(packagingTypeInputSchema) })), addressSchemaWith(carrierAddressFields)),
    billingOptions: z.optional(billingOptionsSchema),
  });
/** The body without any carrier's address fields: its type is the same, whatever the fields (`addressSchemaWith`). */
export const rateRequestBodySchema = rateRequestBodySchemaWith([]);
/** A body the route has read: typed, its codes upper-cased, its packagingType strings not yet resolved. */
export type RateRequestBody = z.output<typeof rateRequestBodySchema>;

/**
 * The request once its packagingType strings are resolved, its declared
 * fields and billingOptions. Built from the declared fields rather than by
 * `Omit`-ing from the loose schema's type: `Omit` over a type with an index
 * signature keeps only the index signature, which typed every field `unknown`.
 */
export type RateRequest = z.infer<typeof rateRequestFieldsSchema> & { billingOptions?: BillingOptions };
export type ShippingType = z.infer<typeof shippingTypeSchema>;
export type SortOptions = z.infer<typeof sortSchema>;
