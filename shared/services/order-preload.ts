/**
 * The preloads of the routes of one order (./preload.ts explains preloads):
 * a module of their own so that only those functions import the order store.
 */
import { getOrderOnce } from '../store/orders';
import { loadReference } from '../store/reference';
import type { Preload } from './preload';

/** The order of the path (its owner is checked once the caller is known). */
export const orderPreload: Preload = { beforeCaller: ({ pathParameters }) => getOrderOnce(pathParameters?.orderId ?? '') };

/** The order of the path and the reference data (carrier and service names of its documents). */
export const labelFilePreload: Preload = {
  beforeCaller: ({ pathParameters }) => Promise.all([getOrderOnce(pathParameters?.orderId ?? ''), loadReference()]),
};
