/**
 * GET /v1/labels/{orderId} and GET /v1/labels/{orderId}/{labelType}
 * (spec 4.6, 4.7).
 */
import * as z from '../zod';
import { labelTypeSchema } from '../domain/entities';
import { mode, uuidParam } from './shared-schemas';
import { defineRoute } from './route';

export const orderIdParam = uuidParam('An `orderId` from POST /v1/ship (UUID)');

export const labelsParams = z.object({ orderId: orderIdParam });
export const labelFileParams = z.object({
  orderId: orderIdParam,
  labelType: z
    .string()
    .register(z.globalRegistry, { description: 'A `code` of `labels.available[]` (any case), or a format (`pdf`, `zpl`) exactly one of them has' }),
});

export const labelEntry = labelTypeSchema.clone().register(z.globalRegistry, {
  id: 'LabelType',
  description: 'A label document of the order; `code` is the `labelType` of GET /v1/labels/{orderId}/{labelType}',
});
export type LabelEntry = z.infer<typeof labelEntry>;

export const labelList = z.object({ orderId: z.string(), available: z.array(labelEntry), mode }).register(z.globalRegistry, { id: 'LabelList' });
export type LabelList = z.infer<typeof labelList>;

export const labelsRoute = /* @__PURE__ */ defineRoute({
  name: 'labels',
  method: 'GET',
  path: '/v1/labels/{orderId}',
  scopes: ['shipments:labels', 'shipments:create'],
  description: 'The label types of an order',
  summary: 'List the label types of an order',
  request: { params: labelsParams },
  ok: {
    status: 200,
    description: 'The label types; each `code` is a `labelType`. A cancelled shipment lists none (`available: []`): its labels are void.',
    schema: labelList,
  },
  errors: {
    400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
    403: {
      description: "The order, of the key's mode, belongs to another company (spec 4.7)",
      examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } },
    },
    404: {
      description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)',
      examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } },
    },
  },
});

export const labelFileRoute = /* @__PURE__ */ defineRoute({
  name: 'label-file',
  method: 'GET',
  path: '/v1/labels/{orderId}/{labelType}',
  scopes: ['shipments:labels', 'shipments:create'],
  description: 'One label file: rendered once, answered by a redirect to a fresh presigned URL',
  summary: 'Download one label file: a redirect to a freshly presigned URL',
  request: { params: labelFileParams },
  ok: {
    status: 302,
    description:
      'The file is ready: `Location` is a presigned URL of the file, valid a few minutes (LABEL_URL_MINUTES); call this endpoint again for a new one. The file is made on the first request and kept: of the documents the carrier issued with the shipment where it issued them (its ZPL labels joined in package order, its PDF labels merged, its label images placed one per 4×6 page), else drawn by the service.',
    headers: { Location: 'Location' },
  },
  alternatives: {
    200: {
      description:
        'The label type is unknown or ambiguous for this order, or the shipment was cancelled (no label then): the list, as GET /v1/labels/{orderId}',
      schema: labelList,
    },
  },
  errors: {
    400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
    403: {
      description: "The order, of the key's mode, belongs to another company (spec 4.7)",
      examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } },
    },
    404: {
      description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)',
      examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } },
    },
  },
});
