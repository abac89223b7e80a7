/**
 * The bounds of a rate request (docs/decisions.md, OWASP API4): what a caller may
 * send, so that no value makes a request hang, use memory in proportion to a
 * number it carries, or fail to be stored. docs/decisions.md and openapi.json state
 * the same numbers; both are generated from or checked against this object.
 *
 * Weights and lengths are in the unit of `packages.unitOfMeasure` (lb/in or
 * kg/cm). The maxima cover less-than-truckload freight (a handling unit of
 * 20,000 lb, 1,000 in); parcel carriers refuse far less, which is their
 * answer to give, not the schema's.
 *
 * The limits of every JSON body (size, nesting) are the HTTP layer's:
 * BODY_LIMITS in shared/http/json-body.ts.
 */
export const RATE_LIMITS = {
  /** Lines of `packages.pieces`. */
  pieces: 50,
  /** Total package count: `quantity` summed over pieces (carriers cap a multi-piece shipment at 200). */
  packageCount: 200,
  /** Weight of one piece (lb or kg). */
  weight: 20_000,
  /** One side of a piece (in or cm). */
  dimension: 1_000,
  /** `itemCount` of a piece. */
  itemCount: 1_000_000,
  /** Lines of `commercialInvoice.invoiceItems`. */
  invoiceItems: 100,
  /** `quantity` of an invoice line. */
  invoiceItemQuantity: 100_000,
  /** Weight of an invoice line (lb or kg). */
  invoiceItemWeight: 100_000,
  /** A money amount (insurance, declared value, invoice unit value), in major units. */
  amount: 1_000_000,
  /** `commercialInvoice.customsValue`, in major units. */
  customsValue: 100_000_000,
  /** Non-zero measures and amounts are at least this (DynamoDB and carriers take no sub-micro values). */
  smallestPositive: 0.001,
  /** Free text (names, address lines, notes, references), in characters. */
  text: 255,
  /** Codes and identifiers (packagingType code or id, shippingType, address id), in characters. */
  code: 64,
  /** `emailAddress` and `shippingNotificationEmail`, in characters (RFC 5321). */
  email: 254,
  /** `shippingOptions.shippingDate`: days before today (UTC) still accepted. */
  shippingDatePastDays: 7,
  /** `shippingOptions.shippingDate`: days after today (UTC) still accepted. */
  shippingDateFutureDays: 90,
  /** `billingOptions` as JSON, in bytes (it is stored with the rate request). */
  billingOptionsBytes: 4 * 1024,
  /** `billingOptions` nesting, in levels. */
  billingOptionsDepth: 8,
} as const;
