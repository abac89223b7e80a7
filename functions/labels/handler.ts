/** GET /v1/labels/{orderId} (spec 4.6): the label types of the caller's order. */
import { labelsRoute } from '../../shared/contract/labels';
import { httpHandler } from '../../shared/http/handler';
import { labelsOf } from '../../shared/services/label-list';
import { orderPreload } from '../../shared/services/order-preload';

export const handler = httpHandler(
  labelsRoute,
  async ({ params }, caller) => ({
    data: await labelsOf(caller.company.companyId, params.orderId, caller.mode),
  }),
  orderPreload,
);
