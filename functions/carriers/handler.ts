/** GET /v1/carriers (spec 4.2, docs/decisions.md): the carriers of the caller's pricing group. */
import { carriersRoute } from '../../shared/contract/catalog';
import { httpHandler } from '../../shared/http/handler';
import { carriersOf } from '../../shared/services/catalog';
import { referencePreload } from '../../shared/services/preload';

export const handler = httpHandler(carriersRoute, async (_input, caller) => ({ data: await carriersOf(caller.company, caller.mode) }), referencePreload);
