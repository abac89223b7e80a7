/** GET /v1/packaging-types (spec 4.1): defaults first, then the caller's custom boxes. */
import { packagingTypesRoute } from '../../shared/contract/catalog';
import { httpHandler } from '../../shared/http/handler';
import { packagingTypesOf } from '../../shared/services/catalog';
import { packagingPreload } from '../../shared/services/preload';

export const handler = httpHandler(
  packagingTypesRoute,
  async (_input, caller) => ({ data: await packagingTypesOf(caller.company, caller.mode) }),
  packagingPreload,
);
