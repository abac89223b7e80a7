/**
 * Batches (docs/batches.md): POST /v1/batches, GET /v1/batches/{batchId},
 * GET .../items and POST .../cancel.
 */
import * as z from '../zod';
import { BATCH_BODY_BYTES, BATCH_ITEM_STATUSES, BATCH_ITEMS_PAGE, BATCH_STATUSES, MAX_BATCH_ITEMS } from '../domain/batch';
import { errorCode, mode, uuidParam } from './shared-schemas';
import { rateBody } from './rate';
import { defineRoute } from './route';

const MAX_REFERENCE_LENGTH = 100;
const reference = z.string().check(z.minLength(1), z.maxLength(MAX_REFERENCE_LENGTH));
const code = z.string().check(z.regex(/^[A-Z0-9_]{1,40}$/, 'must be a code (capital letters, digits and _)'));

const rateIdItem = z.strictObject({
  rateResponseId: uuidParam('A `rateResponseId` from POST /v1/rate, bought as POST /v1/ship would'),
  reference: z.optional(reference).register(z.globalRegistry, { description: 'Yours, echoed on the item' }),
});

const ratingItem = z.strictObject({
  rate: rateBody,
  select: z
    .strictObject({
      carrier: z.optional(code).register(z.globalRegistry, { description: "Only this carrier's rates" }),
      service: z.optional(code).register(z.globalRegistry, { description: 'Only this service code' }),
      rule: z
        .optional(z.enum(['cheapest', 'fastest'], { error: 'must be cheapest or fastest' }))
        .register(z.globalRegistry, { description: '`cheapest` (default): the lowest account total; `fastest`: the earliest commitment' }),
    })
    .register(z.globalRegistry, { description: 'Which of the quoted rates to buy' }),
  reference: z.optional(reference).register(z.globalRegistry, { description: 'Yours, echoed on the item' }),
});

export const batchItemInput = z.union([rateIdItem, ratingItem]).register(z.globalRegistry, {
  id: 'BatchItemInput',
  description: 'A rate to buy (`rateResponseId`), or a rate request quoted and bought in the worker (`rate` and `select`)',
});
export type BatchItemInput = z.infer<typeof batchItemInput>;

export const batchCreateBody = z
  .strictObject({
    items: z
      .array(batchItemInput)
      .check(
        z.minLength(1, 'must hold at least 1 item'),
        z.maxLength(MAX_BATCH_ITEMS, `must hold at most ${MAX_BATCH_ITEMS} items`),
        z.refine((items) => {
          const ids = items.flatMap((item) => ('rateResponseId' in item ? [item.rateResponseId.toLowerCase()] : []));
          return new Set(ids).size === ids.length;
        }, 'must not name a rateResponseId twice'),
      )
      .register(z.globalRegistry, { description: `1 to ${MAX_BATCH_ITEMS} items, shipped in the background; labels come in this order` }),
    labelFormat: z
      .optional(z.enum(['PDF', 'ZPL'], { error: 'must be PDF or ZPL' }))
      .register(z.globalRegistry, { description: "Each item's shipping label of this format is listed first, as POST /v1/ship's `labelFormat`" }),
    reference: z.optional(reference).register(z.globalRegistry, {
      description:
        'Yours: a POST with a reference this company already used (with a key of the same mode) answers that batch, with `Idempotent-Replayed: true`',
    }),
  })
  .register(z.globalRegistry, { id: 'BatchCreate', description: `At most ${BATCH_BODY_BYTES / 1024} KiB (this route only; every other route takes 128 KiB)` });
export type BatchCreateBody = z.infer<typeof batchCreateBody>;

const count = z.number().check(z.int());

export const batch = z
  .object({
    batchId: z.string(),
    status: z.enum(BATCH_STATUSES).register(z.globalRegistry, {
      description:
        '`queued` until the first item ends; `processing`; `completed` (every item shipped), `completed_with_errors` (some failed; see the items), `cancelled` (items not started were not shipped)',
    }),
    reference: z.nullable(z.string()),
    // Text, not a nullable enum: the JSON Schema the OpenAPI builder makes of a nullable enum leaves null out of its enum.
    labelFormat: z.nullable(z.string()).register(z.globalRegistry, { description: '`PDF` or `ZPL` as posted; null when not given' }),
    counts: z
      .object({ total: count, shipped: count, failed: count, cancelled: count, pending: count })
      .register(z.globalRegistry, { description: 'total = shipped + failed + cancelled + pending' }),
    mode,
    createdDate: z.string(),
    updatedDate: z.string(),
    completedDate: z.nullable(z.string()).register(z.globalRegistry, { description: 'When the last item ended; null before' }),
  })
  .register(z.globalRegistry, { id: 'Batch' });
export type Batch = z.infer<typeof batch>;

export const batchItem = z
  .object({
    index: count.clone().register(z.globalRegistry, { description: 'The item’s place in the posted `items`, from 0' }),
    status: z.enum(BATCH_ITEM_STATUSES),
    reference: z.nullable(z.string()),
    rateResponseId: z.nullable(z.string()).register(z.globalRegistry, { description: 'The rate bought (for a rating item, once chosen)' }),
    orderId: z.nullable(z.string()),
    trackingNumber: z.nullable(z.string()),
    error: z.nullable(z.object({ code: errorCode, message: z.string() })).register(z.globalRegistry, { description: 'Why a failed item failed' }),
  })
  .register(z.globalRegistry, { id: 'BatchItem' });
export type BatchItem = z.infer<typeof batchItem>;

export const batchItemList = z
  .object({
    items: z.array(batchItem).check(z.maxLength(BATCH_ITEMS_PAGE)),
    nextCursor: z.nullable(z.string()).register(z.globalRegistry, { description: 'Pass it as `cursor` for the next page; null on the last page' }),
  })
  .register(z.globalRegistry, { id: 'BatchItemList' });
export type BatchItemList = z.infer<typeof batchItemList>;

export const batchParams = z.object({ batchId: uuidParam('The id POST /v1/batches returned') });
export const batchItemsQuery = z.object({
  cursor: z
    .optional(z.string().check(z.regex(/^\d{1,4}$/, 'is not a cursor of this list')))
    .register(z.globalRegistry, { description: 'The `nextCursor` of the previous page' }),
});

const notFound = {
  description: "No such batch, another company's, or one made with a key of the other mode",
  examples: { notFound: { code: 'NOT_FOUND', message: 'batch not found' } },
} as const;
const badId = { description: 'batchId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'batchId must be a UUID' } } } as const;

export const batchesCreateRoute = /* @__PURE__ */ defineRoute({
  name: 'batches-create',
  method: 'POST',
  path: '/v1/batches',
  scopes: ['shipments:create'],
  description: 'Ship up to 1,000 items in the background, each exactly once, with one label file for all',
  summary: 'Ship up to 1,000 items in the background',
  request: { body: { schema: batchCreateBody, required: true, maxBytes: BATCH_BODY_BYTES } },
  ok: {
    status: 202,
    description:
      'Queued: the items ship in the background (GET the batch for its progress, its items for each outcome; `batch.completed` is sent to webhooks when the last ends). A repeat with the same `reference` answers the same batch with `Idempotent-Replayed: true`.',
    schema: batch,
    headers: { 'Idempotent-Replayed': 'IdempotentReplayed' },
  },
  errors: {
    400: {
      description: `The body is not a batch: no items or more than ${MAX_BATCH_ITEMS}, an item that is neither a rateResponseId nor a rate with select, a rateResponseId named twice`,
      examples: { tooMany: { code: 'VALIDATION_FAILED', message: `items must hold at most ${MAX_BATCH_ITEMS} items` } },
    },
  },
});

export const batchGetRoute = /* @__PURE__ */ defineRoute({
  name: 'batch-get',
  method: 'GET',
  path: '/v1/batches/{batchId}',
  scopes: ['shipments:create'],
  description: "A batch's status and counts",
  summary: "A batch's status and counts",
  request: { params: batchParams },
  ok: { status: 200, description: 'The batch', schema: batch },
  errors: { 400: badId, 404: notFound },
});

export const batchItemsRoute = /* @__PURE__ */ defineRoute({
  name: 'batch-items',
  method: 'GET',
  path: '/v1/batches/{batchId}/items',
  scopes: ['shipments:create'],
  description: "A batch's items and each one's outcome, in order",
  summary: "A batch's items, in order",
  request: { params: batchParams, query: batchItemsQuery },
  ok: { status: 200, description: `At most ${BATCH_ITEMS_PAGE} items a page, in the posted order`, schema: batchItemList },
  errors: {
    400: { description: 'batchId is not a UUID, or a cursor this list did not give', examples: badId.examples },
    404: notFound,
  },
});

export const batchCancelRoute = /* @__PURE__ */ defineRoute({
  name: 'batch-cancel',
  method: 'POST',
  path: '/v1/batches/{batchId}/cancel',
  scopes: ['shipments:create'],
  description: 'Stop the items of a batch not yet started',
  summary: 'Stop the items not yet started',
  request: { params: batchParams },
  ok: {
    status: 200,
    description:
      'The batch, `cancelled`: items not yet started end `cancelled` (not shipped, not counted as failed); items in flight finish. A batch already complete is answered as it is.',
    schema: batch,
  },
  errors: { 400: badId, 404: notFound },
});

export const batchLabelsParams = z.object({
  batchId: uuidParam('The id POST /v1/batches returned'),
  format: z.enum(['PDF', 'ZPL'], { error: 'must be PDF or ZPL' }).register(z.globalRegistry, { description: 'PDF (4×6 pages) or ZPL' }),
});

export const batchLabelsRendering = z
  .object({
    batchId: z.string(),
    format: z.enum(['PDF', 'ZPL']),
    status: z.literal('rendering'),
  })
  .register(z.globalRegistry, { id: 'BatchLabelsRendering' });
export type BatchLabelsRendering = z.infer<typeof batchLabelsRendering>;

export const batchLabelsRoute = /* @__PURE__ */ defineRoute({
  name: 'batch-labels',
  method: 'GET',
  path: '/v1/batches/{batchId}/labels/{format}',
  scopes: ['shipments:labels', 'shipments:create'],
  description: "One file of every shipped item's shipping label, in item order: rendered once, answered by a redirect to a fresh presigned URL",
  summary: 'Download every label of a batch as one file',
  request: { params: batchLabelsParams },
  ok: {
    status: 302,
    description:
      "`Location` is a presigned URL of the file, valid a few minutes (LABEL_URL_MINUTES); call this endpoint again for a new one. Each shipped item's shipping label in item order (a page per package); failed and cancelled items have none. Made on the first request after the batch ended, then served from storage.",
    headers: { Location: 'Location' },
  },
  alternatives: {
    202: {
      description: 'Another request is making the file right now: call again in a few seconds for the 302',
      schema: batchLabelsRendering,
    },
  },
  errors: {
    400: { description: 'batchId is not a UUID, or format is not PDF or ZPL', examples: badId.examples },
    404: {
      description: "No such batch, another company's, one made with a key of the other mode, or one none of whose items shipped (no label file)",
      examples: notFound.examples,
    },
    409: {
      description: 'The batch has items not yet ended: retry after `Retry-After` seconds',
      examples: { inProgress: { code: 'BATCH_IN_PROGRESS', message: 'This batch has items not yet ended; its label file is made once every item has' } },
      retryAfter: true,
    },
  },
});
