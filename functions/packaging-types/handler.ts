/** GET /v1/packaging-types (spec 4.1): defaults first, then the caller's custom boxes. */
import { listPackagingTypes } from '../../shared/domain/catalog';
import { httpHandler } from '../../shared/http/handler';
import { listCompanyBoxes, listDefaultPackaging } from '../../shared/store/packaging';

export const handler = httpHandler('packaging-types', async (_event, caller) => {
  const [defaults, boxes] = await Promise.all([listDefaultPackaging(), listCompanyBoxes(caller.company.companyId)]);
  return { data: listPackagingTypes(defaults, boxes) };
});
