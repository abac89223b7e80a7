/**
 * The entities of the service, each as one zod schema with its inferred type
 * (docs/architecture.md: no second hand-written type). The store parses every item it
 * reads with these schemas, which strip store-only attributes (pk, sk,
 * entityType, expiry), so a malformed item fails loudly at the edge.
 *
 * Money inside the service is integer minor units (cents); it becomes a
 * two-decimal number only when a response is shaped.
 */
import * as z from '../zod';
import { flag, num, optionalText, text, texts } from './leaves';

/** Localized text keyed by language code (`en`, `fr`). */
export const localizedSchema = z.record(text, text);
export type Localized = z.infer<typeof localizedSchema>;

export const carrierKindSchema = z.enum(['parcel', 'freight']);
export type CarrierKind = z.infer<typeof carrierKindSchema>;

/**
 * Which network a carrier's calls reach: `sandbox`, the simulated network,
 * which needs no carrier account; `live`, the carrier's own API, which needs
 * one (a pricing plan of a live carrier names its carrier account).
 */
export const carrierNetworkSchema = z.enum(['sandbox', 'live']);
export type CarrierNetwork = z.infer<typeof carrierNetworkSchema>;

export const carrierSchema = z.object({
  code: text,
  fullName: localizedSchema,
  shortName: localizedSchema,
  kind: carrierKindSchema,
  /** Items stored before the flag existed are sandbox carriers. */
  network: z._default(carrierNetworkSchema, 'sandbox'),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const carrierServiceSchema = z.object({
  carrierCode: text,
  code: text,
  fullName: localizedSchema,
  shortName: localizedSchema,
  billingCode: text,
  chips: texts,
  isDisabled: flag,
  /** Transit days used by the sandbox network (business days). */
  transitDays: num,
  /** Time of day the commitment is due, HH:MM. */
  commitTime: text,
  guaranteed: flag,
  /** Multiplier in basis points applied to the carrier's base tariff (10000 = 1.0). */
  priceFactorBp: num,
});
export type CarrierService = z.infer<typeof carrierServiceSchema>;

export const dimensionSchema = z.object({
  isFixed: flag,
  value: z.object({ metric: num, imperial: z.nullable(num) }),
});
export type Dimension = z.infer<typeof dimensionSchema>;

export const packagingTypeSchema = z.object({
  id: text,
  code: text,
  name: text,
  categoryName: text,
  carrierId: z.nullable(text),
  isEnvelope: flag,
  dimensions: z.optional(z.object({ length: dimensionSchema, width: dimensionSchema, height: dimensionSchema })),
  /** Present on company custom boxes only. */
  isDefault: z.optional(flag),
  isMetric: z.optional(flag),
  width: z.optional(num),
  height: z.optional(num),
  length: z.optional(num),
  weight: z.optional(num),
  createdDate: optionalText,
  /** Set on company custom boxes; never leaves the service. */
  companyId: optionalText,
});
export type PackagingType = z.infer<typeof packagingTypeSchema>;

/** A pricing group: its carriers are the carriers it has a plan for (one source, the `PLAN#` items). */
export const pricingGroupSchema = z.object({ id: text, name: text });
export type PricingGroup = z.infer<typeof pricingGroupSchema>;

/**
 * Where a carrier account's credentials live, never the credentials
 * (shared/secrets.ts reads them): a secret of AWS Secrets Manager on a
 * deployed stage, named in full (`<carrierSecretPrefix>/<carrierAccountId>`),
 * or a private file of the local runtime, `<name>.json` in CARRIER_SECRETS_DIR.
 */
export const credentialsRefSchema = z.discriminatedUnion('store', [
  z.object({ store: z.literal('secretsmanager'), name: z.string().check(z.regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/)) }),
  // A bare file name: no separator, no `..`, so it stays inside the directory.
  z.object({ store: z.literal('file'), name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/)) }),
]);
export type CredentialsRef = z.infer<typeof credentialsRefSchema>;

/** A carrier account the operator registered (admin `carrier-account add`); pricing plans name it by id. */
export const carrierAccountSchema = z.object({
  carrierAccountId: text,
  carrierCode: text,
  accountNumber: text,
  /** The carrier's contract beside the account number (Canada Post's parcel services contract id); not a secret. */
  contractId: optionalText,
  name: text,
  credentialsRef: credentialsRefSchema,
  createdDate: text,
  /**
   * The credentials our API issued for the carrier's pushes to it (UPS Track
   * Alert's webhook credentials, admin `carrier-account push-credentials`):
   * the client id, and where its secret lives; never the secret.
   */
  pushCredentials: z.optional(z.object({ clientId: text, secretRef: credentialsRefSchema, createdDate: text })),
});
export type CarrierAccountRecord = z.infer<typeof carrierAccountSchema>;

/** The pricing plan of one carrier inside a pricing group. */
export const pricingPlanSchema = z.object({
  pricingGroupId: text,
  carrierCode: text,
  /**
   * The carrier account number quotes and shipments are made under. Plans
   * stored before carrier accounts existed also held credentials here: they
   * are dropped on read (the seed removes them from the item).
   */
  account: z.object({ accountNumber: text }),
  /**
   * The registered carrier account whose credentials the carrier's calls use
   * (shared/carriers/accounts.ts); absent for a sandbox carrier, which needs none.
   */
  carrierAccountId: optionalText,
  /** Negotiated discount off the carrier list price, basis points (account tier). */
  accountDiscountBp: num,
  /** Customer price = list price minus this discount, basis points (discounted tier); never below account. */
  customerDiscountBp: num,
  /** Service codes enabled in this plan; empty means every enabled service of the carrier. */
  services: texts,
  currency: text,
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const companySchema = z.object({
  companyId: text,
  name: text,
  /** The organization's user; rating is refused (400) without one. */
  userId: optionalText,
  pricingGroupId: text,
  billing: z.enum(['account', 'prepaid']),
  /** Third-party bill-to account numbers this company may not use. */
  blacklist: texts,
  createdDate: text,
});
export type Company = z.infer<typeof companySchema>;

/**
 * The mode of an API key, and of what it creates: a `test` key's rates and
 * orders are test ones (docs/decisions.md, "Test and live keys"). Items written before
 * modes existed have no `mode` and read as `live`.
 */
export const keyModeSchema = z.enum(['live', 'test']);
export type KeyMode = z.infer<typeof keyModeSchema>;

export const apiKeyRecordSchema = z.object({
  keyId: text,
  keyHash: text,
  companyId: text,
  integrationType: text,
  scopes: texts,
  active: flag,
  expiresAt: optionalText,
  createdDate: text,
  /** Must agree with the key's prefix (shared/http/auth.ts). */
  mode: z._default(keyModeSchema, 'live'),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

/** Where an order is in its journey (spec 4.8 `transitStatus`); `delivered` and `cancelled` are final. */
export const transitStatusSchema = z.enum(['pending', 'intransit', 'delivered', 'cancelled', 'exception']);
export type TransitStatus = z.infer<typeof transitStatusSchema>;

/**
 * What happened, in carrier-neutral words: the status rules and the refresh
 * cadence read the code (an order out for delivery is checked sooner), the
 * integrator reads `description`.
 */
export const trackingEventCodeSchema = z.enum(['LABEL_CREATED', 'PICKED_UP', 'DEPARTED', 'ARRIVED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION', 'CANCELLED']);
export type TrackingEventCode = z.infer<typeof trackingEventCodeSchema>;

/** One event of a shipment's journey (spec 4.8 `events[]`). */
export const trackingEventSchema = z.object({
  status: transitStatusSchema,
  code: trackingEventCodeSchema,
  description: text,
  /** "City, PR, CC" where the carrier scanned the package; absent for events without a place. */
  location: optionalText,
  /** ISO 8601. */
  occurredAt: text,
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** The carrier's delivery commitment of a rate or a shipment. */
export const commitmentSchema = z.object({
  commitDate: text, // YYYY-MM-DD
  commitTime: text, // HH:MM
  timezoneCode: text,
  guaranteed: flag,
});
export type Commitment = z.infer<typeof commitmentSchema>;

/** A document a carrier issued with a shipment, as the order lists it; its bytes are in the label bucket. */
/** Kinds of document a carrier issues: a package's label, the return label, a customs invoice. */
export const carrierDocumentTypeSchema = z.enum(['label', 'returnLabel', 'customsInvoice']);
/** Formats of the documents carriers issue: label printer languages, images and PDF. */
export const carrierDocumentFormatSchema = z.enum(['ZPL', 'PDF', 'PNG', 'GIF', 'JPEG']);

export const carrierDocumentRefSchema = z.object({
  type: carrierDocumentTypeSchema,
  format: carrierDocumentFormatSchema,
  packageIndex: z.optional(z.number().check(z.int(), z.gte(0))),
});
export type CarrierDocumentRef = z.infer<typeof carrierDocumentRefSchema>;

/** An entry of `labels.available[]` (docs/decisions.md). */
export const labelTypeSchema = z.object({ code: text, name: text, format: z.enum(['PDF', 'ZPL']), contentType: text });

/**
 * An order: one shipment bought from one rate response (docs/architecture.md). It keeps
 * what its labels, tracking and notifications need after the rate records
 * have expired; the rate request itself is kept with it by the store.
 */
export const orderSchema = z.object({
  orderId: text,
  companyId: text,
  rateResponseId: text,
  rateRequestId: text,
  pricingGroupId: text,
  carrierCode: text,
  serviceCode: text,
  trackingNumber: text,
  /** One per physical package, in piece order; the first is the master. */
  pieceTrackingNumbers: texts,
  trackingUrl: text,
  /** The carrier's own id of the shipment, which track and void send back (absent where the carrier issues none). */
  carrierShipmentId: optionalText,
  /** The registered carrier account that bought the shipment: track and void go through it, whatever the plan says later. */
  carrierAccountId: optionalText,
  /** The documents the carrier issued, kept in the label bucket (shared/store/carrier-documents.ts); absent where it issued none. */
  carrierDocuments: z.optional(z.array(carrierDocumentRefSchema)),
  billOfLadingNumber: optionalText,
  /** With `createReturnLabel`: the prepaid return's tracking number. */
  returnTrackingNumber: optionalText,
  /** International goods: the customs declaration the carrier filed. */
  customsDeclarationNumber: optionalText,
  status: transitStatusSchema,
  labels: z.array(labelTypeSchema),
  /** What the company pays (the discounted tier), minor units. */
  price: z.object({ currency: text, total: num }),
  /** Status e-mails (spec 2.10, part 6): where, and for which statuses. */
  notification: z.object({ email: optionalText, statuses: z.array(transitStatusSchema) }),
  createdDate: text,
  /** The carrier's delivery commitment from the rate; null when it committed to none (and on orders older than tracking). */
  commitment: z._default(z.nullable(commitmentSchema), null),
  /** The journey so far, newest first, at most MAX_TRACKING_EVENTS (shared/domain/tracking.ts). */
  events: z._default(z.array(trackingEventSchema), []),
  /** When `status` last changed (ISO 8601); the createdDate until the first change. */
  updated: optionalText,
  /** When the carrier was last asked for the tracking; absent until the first check. */
  lastCheckedAt: optionalText,
  /** When the tracking is due to be checked again; absent once the status is final. */
  nextCheckAt: optionalText,
  /** When the shipment was cancelled (voided at the carrier). */
  cancelledAt: optionalText,
  /** Optimistic lock: every update of the order's tracking or status requires the version it read and adds one. */
  version: z._default(z.number().check(z.int()), 0),
  /** The mode of the key that shipped it (from its rate response); only keys of this mode see the order. */
  mode: z._default(keyModeSchema, 'live'),
  /** The end-of-day manifest it is on (docs/manifests.md) and that manifest's ship date; set once, by the close that took it. */
  manifestId: optionalText,
  manifestShipDate: optionalText,
});
export type Order = z.infer<typeof orderSchema>;
