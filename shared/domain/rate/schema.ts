/**
 * The rate request (spec 2.1–2.13, limits of part 8) as zod schemas. The same
 * schemas validate POST /v1/rate and feed the OpenAPI document.
 *
 * `packagingType` strings are resolved to objects before this schema runs
 * (spec 2.5, see ./packaging.ts), so the schema only knows the object shape.
 */
import { z } from 'zod';

// Codes are accepted in either case and upper-cased, so carriers and the tax
// tables only ever see `CA`, `QC`, `CAD`.
const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be a 2-letter ISO country code')
  .toUpperCase();
const provinceCode = z.string().min(2).max(4).toUpperCase();
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
  .toUpperCase();

const ISO_DATE_OR_LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;

/** A real calendar date and time of day (Date.parse would roll 2024-02-30 over to March 1). */
export const isCalendarDateTime = (value: string): boolean => {
  const m = ISO_DATE_OR_LOCAL_DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
};

const isoDateOrLocalDateTime = z
  .string()
  .regex(ISO_DATE_OR_LOCAL_DATE_TIME, {
    message: 'must be an ISO date (YYYY-MM-DD) or a date-time without offset (YYYY-MM-DDTHH:MM[:SS])',
    // One problem, one message: a malformed string is not also reported as an invalid date.
    abort: true,
  })
  .refine(isCalendarDateTime, 'is not a valid calendar date or time');

export const addressSchema = z.object({
  personName: z.string(),
  addressLine1: z.string(),
  countryCode,
  provinceCode: provinceCode.optional(),
  companyName: z.string().optional(),
  phoneNumber: z.string().optional(),
  emailAddress: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  provinceName: z.string().optional(),
  postalCode: z.string().optional(),
  residential: z.boolean().optional(),
  timezone: z.string().optional(),
  canadaPostId: z.string().optional(),
  id: z.string().optional(),
  type: z.enum(['shipping', 'broker', 'buyer']).optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const shippingOptionsSchema = z.object({
  shippingDate: isoDateOrLocalDateTime,
  shippingDateTimezone: z.string().optional(),
  references: z
    .object({ customer: z.string().optional(), order: z.string().optional(), invoice: z.string().optional() })
    .optional(),
  insurance: z.object({ amount: z.number().min(0), currency }).optional(),
  signature: z.enum(['none', 'required', 'adult']).optional(),
  nonConveyable: z.boolean().optional(),
  createReturnLabel: z.boolean().optional(),
  saturdayDelivery: z.boolean().optional(),
  packingSlipType: z.string().optional(),
  deliveryInstructions: z.string().optional(),
});

export const packagingTypeObjectSchema = z.object({
  code: z.string().min(1),
  isEnvelope: z.boolean().optional(),
  name: z.string().optional(),
  id: z.string().optional(),
});
export type PackagingTypeRef = z.infer<typeof packagingTypeObjectSchema>;

export const pieceSchema = z.object({
  quantity: z.number().int().min(1),
  weight: z.number().min(0),
  length: z.number().min(0),
  width: z.number().min(0),
  height: z.number().min(0),
  packagingType: packagingTypeObjectSchema.optional(),
  itemCount: z.number().optional(),
});
export type Piece = z.infer<typeof pieceSchema>;

export const packagesSchema = z.object({
  unitOfMeasure: z.enum(['imperial', 'metric']),
  pieces: z.array(pieceSchema).min(1),
});
export type Packages = z.infer<typeof packagesSchema>;

export const internationalOptionsSchema = z.strictObject({
  documentsOnly: z.boolean().optional(),
  declaredValue: z.strictObject({ value: z.number(), currency }).optional(),
  billDutyTo: z.enum(['sender', 'recipient', 'thirdParty']).optional(),
  dutyAccountNumber: z.string().optional(),
  recipientTaxId: z.string().optional(),
  senderIsProducer: z.boolean().optional(),
  businessRelationship: z.enum(['related', 'unrelated']).optional(),
  exportType: z.enum(['permanent', 'return', 'repair', 'returnRepair']).optional(),
  brokerRequired: z.boolean().optional(),
  commercialInvoiceRequired: z.boolean().optional(),
  postShipmentDocumentUpload: z.boolean().optional(),
  requestEstimatedDutiesAndTaxes: z.boolean().optional(),
});
export type InternationalOptions = z.infer<typeof internationalOptionsSchema>;

const appointmentSchema = z.object({ appointmentDate: z.string(), appointmentTime: z.string() });
const sides = z.enum(['pickup', 'delivery', 'both']);
export const freightOptionsSchema = z.object({
  appointment: z.string().optional(),
  prebookedAppointment: appointmentSchema.optional(),
  pickupAppointment: appointmentSchema.optional(),
  tailgate: sides.optional(),
  twoPersons: sides.optional(),
  afterHours: sides.optional(),
});
export type FreightOptions = z.infer<typeof freightOptionsSchema>;

export const invoiceItemSchema = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  value: z.number(),
  weight: z.number(),
  hsCode: z.string().optional(),
  countryOfManufacture: z.string().optional(),
  unitOfMeasure: z.string().optional(),
  // Accepted and unused (spec 2.9).
  selectedTemplateId: z.unknown().optional(),
  shouldSaveAsTemplate: z.unknown().optional(),
  shouldUpdateTemplate: z.unknown().optional(),
});

export const commercialInvoiceSchema = z.strictObject({
  generalNote: z.string().max(255).nullable().optional(),
  customsValue: z.number().min(0).optional(),
  currency: currency.optional(),
  unitOfMeasure: z.enum(['imperial', 'metric']).optional(),
  buyerRequired: z.boolean().optional(),
  invoiceItems: z.array(invoiceItemSchema).min(1),
});
export type CommercialInvoice = z.infer<typeof commercialInvoiceSchema>;

export const notificationStatus = z.enum(['pending', 'intransit', 'delivered', 'cancelled']);
export const shippingNotificationOptionsSchema = z.strictObject({
  shippingNotificationStatuses: z.array(notificationStatus).optional(),
  shippingNotificationEmail: z.email().optional(),
});

/**
 * billingOptions (spec 2.11) is outside the request schema proper: extra keys
 * pass and `soldTo` is not validated. Its three routing fields must still be
 * strings when present, because a mistyped `thirdPartyShipperNumber` silently
 * ignored would bill the organization's own account instead of the third party.
 */
export const billingOptionsSchema = z.looseObject({
  type: z.string().optional(),
  thirdPartyShipperNumber: z.string().optional(),
  carrierCode: z.string().optional(),
  soldTo: z.unknown().optional(),
});
export type BillingOptions = {
  type?: string;
  thirdPartyShipperNumber?: string;
  carrierCode?: string;
  soldTo?: unknown;
};

export const shippingTypeSchema = z.object({
  carrier: z.string().min(1).optional(),
  service: z.string().min(1).optional(),
});

export const sortSchema = z.object({
  by: z.enum(['price', 'date', 'value']),
  dir: z.enum(['asc', 'desc']).optional(),
});

/** The declared fields of the rate request, billingOptions aside. */
export const rateRequestFieldsSchema = z.object({
  shippingOptions: shippingOptionsSchema,
  shipper: addressSchema,
  recipient: addressSchema,
  packages: packagesSchema,
  internationalOptions: internationalOptionsSchema.optional(),
  freightOptions: freightOptionsSchema.optional(),
  commercialInvoice: commercialInvoiceSchema.optional(),
  buyer: addressSchema.optional(),
  broker: addressSchema.optional(),
  shippingNotificationOptions: shippingNotificationOptionsSchema.optional(),
  shippingType: shippingTypeSchema.optional(),
  sort: sortSchema.optional(),
});

/** The root accepts extra properties (spec 2.1); nested objects follow their own rules. */
export const rateRequestSchema = rateRequestFieldsSchema.extend({ billingOptions: billingOptionsSchema.optional() }).loose();

/**
 * The validated request. Built from the declared fields rather than by
 * `Omit`-ing from the loose schema's type: `Omit` over a type with an index
 * signature keeps only the index signature, which typed every field `unknown`.
 */
export type RateRequest = z.infer<typeof rateRequestFieldsSchema> & { billingOptions?: BillingOptions };
export type ShippingType = z.infer<typeof shippingTypeSchema>;
export type SortOptions = z.infer<typeof sortSchema>;
