/**
 * The caller's order, as every order endpoint reads it (labels, label file,
 * track, cancel): the id is the route's, a UUID its schema read
 * (shared/contract/labels.ts `orderIdParam`); an unknown one is 404, another
 * company's 403 (spec 4.7 and part 5 give 403 on the label endpoints; track
 * and cancel answer the same, so an integrator meets one rule). An order of
 * the other mode (a test order to a live key, a live one to a test key) is
 * 404 like an unknown one, whoever owns it: a key never learns of the other
 * mode's orders.
 */
import type { KeyMode } from '../domain/entities';
import { forbidden, notFound } from '../errors';
import { getOrderOnce, type StoredOrder } from '../store/orders';

export const ownOrder = async (companyId: string, orderId: string, mode: KeyMode): Promise<StoredOrder> => {
  const stored = await getOrderOnce(orderId);
  if (!stored || stored.order.mode !== mode) throw notFound('order not found');
  if (stored.order.companyId !== companyId) throw forbidden('This order belongs to another company');
  return stored;
};
