/**
 * GET /v1/labels/{orderId} and GET /v1/labels/{orderId}/{labelType}
 * (spec 4.6, 4.7).
 */
import * as z from '../zod';
import { labelTypeSchema } from '../domain/entities';
import { mode, uuidParam } from './shared-schemas';

export const orderIdParam = uuidParam('An `orderId` from POST /v1/ship (UUID)');

export const labelsParams = z.object({ orderId: orderIdParam });
export const labelFileParams = z.object({
  orderId: orderIdParam,
  labelType: z.string().register(z.globalRegistry, { description: 'A `code` of `labels.available[]` (any case), or a format (`pdf`, `zpl`) exactly one of them has' }),
});

export const labelEntry = labelTypeSchema.clone().register(z.globalRegistry, { id: 'LabelType', description: 'A label document of the order; `code` is the `labelType` of GET /v1/labels/{orderId}/{labelType}' });
export type LabelEntry = z.infer<typeof labelEntry>;

export const labelList = z.object({ orderId: z.string(), available: z.array(labelEntry), mode }).register(z.globalRegistry, { id: 'LabelList' });
export type LabelList = z.infer<typeof labelList>;
