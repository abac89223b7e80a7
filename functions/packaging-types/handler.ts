/** GET /v1/packaging-types (spec 4.1): defaults first, then the caller's custom boxes. */
import { httpHandler } from '../../shared/http/handler';
import { packagingTypesOf } from '../../shared/services/catalog';

export const handler = httpHandler('packaging-types', async (_event, caller) => ({ data: await packagingTypesOf(caller.company) }));
