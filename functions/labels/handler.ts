/** GET /v1/labels/{orderId} (spec 4.6): the label types of the caller's order. */
import { httpHandler } from '../../shared/http/handler';
import { labelsOf } from '../../shared/services/label-list';
import { orderPreload } from '../../shared/services/order-preload';

export const handler = httpHandler('labels', async (event, caller) => ({
  data: await labelsOf(caller.company.companyId, event.pathParameters?.orderId ?? '', caller.mode),
}), orderPreload);
