/**
 * The caller's order, as every order endpoint reads it (labels, label file,
 * track, cancel): a malformed id is 400, an unknown one 404, another
 * company's 403 (spec 4.7 and part 5 give 403 on the label endpoints; track
 * and cancel answer the same, so an integrator meets one rule).
 */
import { isUuid } from '../domain/ids';
import { AppError, forbidden, notFound } from '../errors';
import { getOrderOnce, type StoredOrder } from '../store/orders';

export const ownOrder = async (companyId: string, orderId: string): Promise<StoredOrder> => {
  if (!isUuid(orderId)) throw new AppError(400, 'VALIDATION_FAILED', 'orderId must be a UUID');
  const stored = await getOrderOnce(orderId);
  if (!stored) throw notFound('order not found');
  if (stored.order.companyId !== companyId) throw forbidden('This order belongs to another company');
  return stored;
};
