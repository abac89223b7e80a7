/**
 * End-of-day manifests (docs/manifests.md): POST /v1/manifests closes out a
 * carrier's open shipments, GET /v1/manifests lists the company's manifests,
 * GET /v1/manifests/{manifestId} answers one and
 * GET /v1/manifests/{manifestId}/{documentCode} redirects to a document.
 */
import * as z from '../zod';
import { mode, uuidParam } from './shared-schemas';

/** Orders one close takes at most (a caller names at most this many; more open ones wait for the next close). */
export const MAX_MANIFEST_ORDERS = 200;
/** Manifests one page of the list holds at most. */
export const MAX_MANIFEST_PAGE = 50;
export const MANIFEST_DOCUMENT_CODES = ['MANIFEST_PDF'] as const;

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
/** A calendar date `YYYY-MM-DD`; the window around today is the service's (it needs the clock). */
export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD', abort: true }), z.refine(isCalendarDate, 'must be a calendar date'));
const carrierCode = z.string().check(z.minLength(1), z.maxLength(32, { abort: true }), z.regex(/^[A-Za-z0-9_]+$/, 'must be a carrier code (letters and digits)'));

export const manifestCreateBody = z
  .object({
    carrierCode: carrierCode.clone().register(z.globalRegistry, { description: 'The carrier whose open shipments to close (a `code` of GET /v1/carriers), in either case', example: 'CARRIERX' }),
    shipDate: z.optional(isoDate.clone()).register(z.globalRegistry, {
      description:
        "The day the shipments leave, from 30 days before today to 7 days after. Default: today in the shippers' zone (each open shipment's shipper `timezone`, else its `shippingDateTimezone`, else UTC; with several zones, the latest of their todays). Shipments whose own shipping date is after it stay open.",
      example: '2026-11-23',
    }),
    orderIds: z.optional(z.array(z.guid()).check(z.minLength(1), z.maxLength(MAX_MANIFEST_ORDERS))).register(z.globalRegistry, {
      description: `Close only these orders (at most ${MAX_MANIFEST_ORDERS}); every open shipment of the carrier when absent (the ${MAX_MANIFEST_ORDERS} oldest: a close again takes the rest)`,
    }),
  })
  .register(z.globalRegistry, { id: 'ManifestCreate' });
export type ManifestCreateBody = z.infer<typeof manifestCreateBody>;

export const manifestIdParam = uuidParam('The id POST /v1/manifests returned');
export const manifestParams = z.object({ manifestId: manifestIdParam });
export const manifestFileParams = z.object({
  manifestId: manifestIdParam,
  documentCode: z.string().register(z.globalRegistry, { description: 'A document `code` of the manifest: `MANIFEST_PDF`' }),
});

export const manifestListQuery = z.object({
  carrierCode: z.optional(carrierCode.clone()).register(z.globalRegistry, { description: "Only this carrier's manifests" }),
  from: z.optional(isoDate.clone()).register(z.globalRegistry, { description: 'Ship dates from this day on (YYYY-MM-DD)' }),
  to: z.optional(isoDate.clone()).register(z.globalRegistry, { description: 'Ship dates up to this day (YYYY-MM-DD)' }),
  limit: z.optional(z.string().check(z.regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 50'))).register(z.globalRegistry, { description: `Manifests per page, 1 to ${MAX_MANIFEST_PAGE} (default 20)` }),
  cursor: z.optional(z.string().check(z.maxLength(512))).register(z.globalRegistry, { description: 'The `nextCursor` of the previous page' }),
});

export const manifestDocument = z.object({
  code: z.enum(MANIFEST_DOCUMENT_CODES),
  format: z.literal('PDF'),
  source: z.enum(['rendered', 'carrier']).register(z.globalRegistry, { description: '`rendered`: drawn by this service; `carrier`: the carrier\'s own manifest' }),
  href: z.string().register(z.globalRegistry, { description: 'GET it (302 to a presigned URL of the file)' }),
});

export const manifest = z
  .object({
    manifestId: z.string(),
    carrier: z.object({ code: z.string(), name: z.string() }),
    carrierAccount: z.nullable(z.object({ accountNumber: z.string() })).register(z.globalRegistry, { description: 'The carrier account the shipments were bought on; null for a sandbox plan without one' }),
    mode,
    shipDate: z.string(),
    status: z.enum(['closing', 'closed']).register(z.globalRegistry, {
      description: '`closed`: the orders are on it and its documents ready; `closing`: a close still running (or one that stopped and that the next close of the carrier finishes)',
    }),
    orders: z.array(z.string()).register(z.globalRegistry, { description: 'The orders on it, oldest first; an order is on one manifest at most' }),
    packageCount: z.number().check(z.int()),
    totalWeightKg: z.number(),
    carrierManifestIds: z.array(z.string()).register(z.globalRegistry, { description: "The carrier's own manifest ids, for a carrier the close transmits to; empty otherwise" }),
    documents: z.array(manifestDocument),
    createdDate: z.string(),
    closedAt: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Manifest' });
export type Manifest = z.infer<typeof manifest>;

export const manifestCreated = z
  .extend(manifest, {
    manifests: z.array(manifest).register(z.globalRegistry, {
      description:
        'Every manifest this close made or answers, one per carrier account (the first is the one the top-level fields describe); more than one when the shipments were bought on several carrier accounts',
    }),
  })
  .register(z.globalRegistry, { id: 'ManifestCreated' });
export type ManifestCreated = z.infer<typeof manifestCreated>;

export const manifestList = z
  .object({
    manifests: z.array(manifest),
    nextCursor: z.nullable(z.string()).register(z.globalRegistry, { description: 'Pass it as `cursor` for the next page; null on the last page' }),
  })
  .register(z.globalRegistry, { id: 'ManifestList' });
export type ManifestList = z.infer<typeof manifestList>;
