/** GET /v1/carriers (spec 4.2, DESIGN.md §5): the carriers of the caller's pricing group. */
import { listGroupCarriers } from '../../shared/domain/catalog';
import { AppError } from '../../shared/errors';
import { httpHandler } from '../../shared/http/handler';
import { getPricingGroup, listCarriers } from '../../shared/store/catalog';

export const handler = httpHandler('carriers', async (_event, caller) => {
  const [group, catalog] = await Promise.all([getPricingGroup(caller.company.pricingGroupId), listCarriers()]);
  if (!group) throw new AppError(500, 'INTERNAL', `pricing group ${caller.company.pricingGroupId} is missing`);
  return { data: listGroupCarriers(group.carriers, catalog) };
});
