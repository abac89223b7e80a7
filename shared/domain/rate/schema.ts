/**
 * The rate request (spec 2.1–2.13, limits of part 8) as zod schemas. The same
 * schemas validate POST /v1/rate and feed the OpenAPI document.
 *
 * `packagingType` strings are resolved to objects before this schema runs
 * (spec 2.5, see ./packaging.ts), so the schema only knows the object shape.
 */
import { z } from 'zod';

const countryCode = z.string().regex(/^[A-Za-z]{2}$/, 'must be a 2-letter ISO country code');
const currency = z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code');
const isoDateOrLocalDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?$/,
    'must be an ISO date (YYYY-MM-DD) or a date-time without offset (YYYY-MM-DDTHH:MM[:SS])',
  )
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : `${v}Z`)), 'is not a valid date');

export const addressSchema = z.object({
  personName: z.string(),
  addressLine1: z.string(),
  countryCode,
  provinceCode: z.string().min(2).max(4).optional(),
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

/** Not validated by the schema (spec 2.11); read by the rate flow. */
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

export const rateRequestSchema = z.looseObject({
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
  billingOptions: z.unknown().optional(),
  shippingType: shippingTypeSchema.optional(),
  sort: sortSchema.optional(),
});
export type RateRequest = Omit<z.infer<typeof rateRequestSchema>, 'billingOptions'> & { billingOptions?: BillingOptions };
