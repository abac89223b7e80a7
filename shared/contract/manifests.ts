/**
 * End-of-day manifests (docs/manifests.md): POST /v1/manifests closes out a
 * carrier's open shipments, GET /v1/manifests lists the company's manifests,
 * GET /v1/manifests/{manifestId} answers one and
 * GET /v1/manifests/{manifestId}/{documentCode} redirects to a document.
 */
import * as z from '../zod';
import { carrierCode, isoDate, mode, namesEachOnce, uuidParam } from './shared-schemas';
import { defineRoute } from './route';

/** Orders one close takes at most (a caller names at most this many; more open ones wait for the next close). */
export const MAX_MANIFEST_ORDERS = 200;
/** Manifests one page of the list holds at most. */
export const MAX_MANIFEST_PAGE = 50;
export const MANIFEST_DOCUMENT_CODES = ['MANIFEST_PDF'] as const;

const LIMIT_MESSAGE = `must be a whole number from 1 to ${MAX_MANIFEST_PAGE}`;
export const manifestCreateBody = z
  .object({
    carrierCode: carrierCode.clone().register(z.globalRegistry, {
      description: 'The carrier whose open shipments to close (a `code` of GET /v1/carriers), in either case',
      example: 'CARRIERX',
    }),
    shipDate: z.optional(isoDate.clone()).register(z.globalRegistry, {
      description:
        "The day the shipments leave, from 30 days before today to 7 days after. Default: today in the shippers' zone (each open shipment's shipper `timezone`, else its `shippingDateTimezone`, else UTC; with several zones, the latest of their todays). Shipments whose own shipping date is after it stay open.",
      example: '2026-11-23',
    }),
    orderIds: z
      .optional(z.array(z.guid()).check(z.minLength(1), z.maxLength(MAX_MANIFEST_ORDERS), z.refine(namesEachOnce, 'must not name an order twice')))
      .register(z.globalRegistry, {
        description: `Close only these orders (at most ${MAX_MANIFEST_ORDERS}); every open shipment of the carrier when absent (the ${MAX_MANIFEST_ORDERS} oldest: a close again takes the rest)`,
      }),
    batchId: z.optional(z.guid()).register(z.globalRegistry, {
      description: `In place of \`orderIds\`: the shipped orders of this batch (POST /v1/batches) with this carrier (beyond ${MAX_MANIFEST_ORDERS}, the first in item order still open: a close again takes the rest)`,
    }),
  })
  .check(z.refine((body) => !(body.orderIds && body.batchId), { message: 'must not come with orderIds', path: ['batchId'] }))
  .register(z.globalRegistry, { id: 'ManifestCreate' });
export type ManifestCreateBody = z.infer<typeof manifestCreateBody>;

export const manifestIdParam = uuidParam('The id POST /v1/manifests returned');
export const manifestParams = z.object({ manifestId: manifestIdParam });
export const manifestFileParams = z.object({
  manifestId: manifestIdParam,
  documentCode: z.string().register(z.globalRegistry, { description: 'A document `code` of the manifest: `MANIFEST_PDF`' }),
});

export const manifestListQuery = z
  .object({
    carrierCode: z.optional(carrierCode.clone()).register(z.globalRegistry, { description: "Only this carrier's manifests" }),
    from: z.optional(isoDate.clone()).register(z.globalRegistry, { description: 'Ship dates from this day on (YYYY-MM-DD)' }),
    to: z.optional(isoDate.clone()).register(z.globalRegistry, { description: 'Ship dates up to this day (YYYY-MM-DD)' }),
    limit: z
      .optional(
        z.string().check(
          z.regex(/^[1-9]\d{0,2}$/, LIMIT_MESSAGE),
          z.refine((limit) => Number(limit) <= MAX_MANIFEST_PAGE, LIMIT_MESSAGE),
        ),
      )
      .register(z.globalRegistry, { description: `Manifests per page, 1 to ${MAX_MANIFEST_PAGE} (default 20)` }),
    cursor: z.optional(z.string().check(z.maxLength(512))).register(z.globalRegistry, { description: 'The `nextCursor` of the previous page' }),
  })
  .check(z.refine((query) => !(query.from && query.to && query.from > query.to), { message: 'must not be after to', path: ['from'] }));
export type ManifestListQuery = z.infer<typeof manifestListQuery>;

export const manifestDocument = z.object({
  code: z.enum(MANIFEST_DOCUMENT_CODES),
  format: z.literal('PDF'),
  source: z
    .enum(['rendered', 'carrier'])
    .register(z.globalRegistry, { description: "`rendered`: drawn by this service; `carrier`: the carrier's own manifest" }),
  href: z.string().register(z.globalRegistry, { description: 'GET it (302 to a presigned URL of the file)' }),
});

export const manifest = z
  .object({
    manifestId: z.string(),
    carrier: z.object({ code: z.string(), name: z.string() }),
    carrierAccount: z
      .nullable(z.object({ accountNumber: z.string() }))
      .register(z.globalRegistry, { description: 'The carrier account the shipments were bought on; null for a sandbox plan without one' }),
    mode,
    shipDate: z.string(),
    status: z.enum(['closing', 'closed', 'abandoned']).register(z.globalRegistry, {
      description:
        '`closed`: the orders are on it and its documents ready; `closing`: a close still running (or one that stopped and that the next close of the carrier finishes); `abandoned`: a close found none of its orders left to take (each was cancelled or closed on another manifest before it took them), so it holds no order, made no carrier call and has no document, for good',
    }),
    orders: z
      .array(z.string())
      .register(z.globalRegistry, { description: 'The orders on it, oldest first (none when abandoned); an order is on one manifest at most' }),
    packageCount: z.number().check(z.int()),
    totalWeightKg: z.number(),
    carrierManifestIds: z
      .array(z.string())
      .register(z.globalRegistry, { description: "The carrier's own manifest ids, for a carrier the close transmits to; empty otherwise" }),
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
    nextCursor: z.nullable(z.string()).register(z.globalRegistry, {
      description:
        'Pass it as `cursor` for the next page; null on the last page. A page without manifests is always the last; a page with a carrier filter may be short and still have a next one',
    }),
  })
  .register(z.globalRegistry, { id: 'ManifestList' });
export type ManifestList = z.infer<typeof manifestList>;

export const manifestsCreateRoute = /* @__PURE__ */ defineRoute({
  name: 'manifests-create',
  method: 'POST',
  path: '/v1/manifests',
  scopes: ['shipments:manifest'],
  description: "Close out the day: the carrier's open shipments on one manifest per carrier account, each shipment on one manifest at most",
  summary: 'Close out the day with a carrier: its open shipments on a manifest',
  request: { body: { schema: manifestCreateBody, required: true } },
  ok: {
    status: 201,
    description: `The manifests this close made: one per carrier account the shipments were bought on. \`data\` is the first one, and \`data.manifests\` lists them all (the first included), so a caller with one account reads \`data\` alone. Each shipment is on one manifest at most; at most ${MAX_MANIFEST_ORDERS} orders per close (the oldest first), so a close again takes the rest. Shipments made after the close stay open for the next one. A parcel carrier that needs no carrier call (the sandbox parcel carriers, UPS, which manifests at ship) gets a manifest PDF drawn by this service; \`documents[].href\` downloads it.`,
    schema: manifestCreated,
  },
  alternatives: {
    200: {
      description:
        'A repeated close: nothing is left open for the day (or among the named orders), and this answers the manifests the earlier close made, with `Idempotent-Replayed: true`; likewise a close that waited for a concurrent close of the same carrier',
      schema: manifestCreated,
      headers: { 'Idempotent-Replayed': 'ManifestReplayed' },
    },
  },
  errors: {
    400: {
      description:
        'The body is not a manifest close (carrierCode missing or not a code, shipDate not a date within 30 days before and 7 after today, orderIds not UUIDs, more than the limit, or repeated), a named order is cancelled, or the carrier ships freight (CARRIERF: each shipment has its own bill of lading, and no manifest)',
      examples: {
        date: { code: 'VALIDATION_FAILED', message: 'shipDate must be from 30 days before today to 7 days after' },
        freight: { code: 'VALIDATION_FAILED', message: 'carrierCode CARRIERF ships freight: each shipment has its own bill of lading, and no manifest' },
      },
    },
    404: {
      description:
        "The carrier is not in the company's pricing group for the key's mode, a named order is not one of the company's shipments of that carrier and mode, or `batchId` names no batch of the company and mode",
      examples: { carrier: { code: 'NOT_FOUND', message: 'carrier not found in your pricing group: CARRIERQ' } },
    },
    409: {
      description: 'Another close of the same carrier and mode has been running for a while: retry after `Retry-After` seconds to get its manifests',
      examples: { inProgress: { code: 'MANIFEST_IN_PROGRESS', message: 'Another close of this carrier is running; retry shortly to get its manifest' } },
      retryAfter: true,
    },
    422: {
      description:
        'Nothing to close: no open shipment of the carrier ships on or before shipDate (and no earlier close of that day to answer again), or the batch named has no shipped order of the carrier',
      examples: { nothing: { code: 'NOTHING_TO_MANIFEST', message: 'No open CARRIERX shipment to close for 2026-11-23' } },
    },
    502: {
      description:
        'A carrier that transmits its close failed or did not answer; the orders are on the manifest (status `closing`), and closing again finishes it, asking the carrier first what the failed call made',
      examples: { carrier: { code: 'CARRIER_ERROR', message: 'CANADAPOST could not close out the shipments: timeout. Closing again finishes this manifest' } },
    },
  },
});

export const manifestsListRoute = /* @__PURE__ */ defineRoute({
  name: 'manifests-list',
  method: 'GET',
  path: '/v1/manifests',
  scopes: ['shipments:manifest'],
  description: "The company's manifests of the key's mode, newest ship date first, a page at a time",
  summary: "List the company's manifests, newest ship date first",
  request: { query: manifestListQuery },
  ok: {
    status: 200,
    description:
      "The manifests of the key's mode, a page at a time (`nextCursor`); a carrier filter may give a short page that still has a next one, and a page without manifests ends the list",
    schema: manifestList,
  },
  errors: {
    400: {
      description: 'A query parameter is malformed: a date that is not YYYY-MM-DD, `from` after `to`, a limit outside 1–50, or a cursor this list did not give',
      examples: { cursor: { code: 'VALIDATION_FAILED', message: 'cursor is not a cursor of this list' } },
    },
  },
});

export const manifestGetRoute = /* @__PURE__ */ defineRoute({
  name: 'manifest-get',
  method: 'GET',
  path: '/v1/manifests/{manifestId}',
  scopes: ['shipments:manifest'],
  description: 'One manifest: its orders, totals and documents',
  summary: 'Get one manifest',
  request: { params: manifestParams },
  ok: { status: 200, description: 'The manifest', schema: manifest },
  errors: {
    400: { description: 'manifestId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'manifestId must be a UUID' } } },
    404: {
      description: "No such manifest, another company's, or one of the other mode",
      examples: { notFound: { code: 'NOT_FOUND', message: 'manifest not found' } },
    },
  },
});

export const manifestFileRoute = /* @__PURE__ */ defineRoute({
  name: 'manifest-file',
  method: 'GET',
  path: '/v1/manifests/{manifestId}/{documentCode}',
  scopes: ['shipments:manifest'],
  description: 'One document of a manifest: a redirect to a fresh presigned URL',
  summary: 'Download a manifest document: a redirect to a freshly presigned URL',
  request: { params: manifestFileParams },
  ok: {
    status: 302,
    description:
      "`Location` is a presigned URL of the PDF, valid a few minutes (LABEL_URL_MINUTES); call this endpoint again for a new one. The carrier's own manifest where its close issued one, else the one this service drew.",
    headers: { Location: 'Location' },
  },
  alternatives: {
    200: {
      description:
        'The document code is not one of the manifest, or the manifest is `abandoned` (it has no document, and never will): the manifest, with its `documents`, as GET /v1/manifests/{manifestId}',
      schema: manifest,
    },
  },
  errors: {
    400: { description: 'manifestId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'manifestId must be a UUID' } } },
    404: {
      description: "No such manifest: another company's, or one of the other mode",
      examples: { notFound: { code: 'NOT_FOUND', message: 'manifest not found' } },
    },
    409: {
      description: 'The manifest is still closing (a close that stopped: closing the carrier again finishes it)',
      examples: { closing: { code: 'MANIFEST_IN_PROGRESS', message: 'This manifest is still closing; close the carrier again to finish it, then ask again' } },
      retryAfter: true,
    },
  },
});
