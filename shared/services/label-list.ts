/**
 * The label list of an order (spec 4.6): what GET /v1/labels/{orderId}
 * answers, and what a label-file request answers when it offers no file
 * (./labels.ts). A module of its own so the labels function imports none of
 * the label-file service: a function's bundle is split into chunks
 * (lib/bundling.ts), and esbuild makes a chunk of every dynamic import of a
 * module it bundles, even one in code the function never runs, with what that
 * chunk shares (the S3 client) loaded at import.
 */
import type { LabelList } from '../contract/labels';
import type { KeyMode, Order } from '../domain/entities';
import { ownOrder } from './own-order';

/** A cancelled shipment's labels are void: none is offered (the list is empty, and a label file answers that list). */
export const listOf = (order: Order): LabelList => ({
  orderId: order.orderId,
  available: order.status === 'cancelled' ? [] : order.labels.map((l) => ({ ...l })),
  mode: order.mode,
});

/** The label list, without the renderer: what GET /v1/labels/{orderId} needs. */
export const labelsOf = async (companyId: string, orderId: string, mode: KeyMode): Promise<LabelList> =>
  listOf((await ownOrder(companyId, orderId, mode)).order);
