/** GET /v1/pickups: the company's pickups of the key's mode, newest first, with a cursor (shared/services/pickups/). */
import { defaultRegistry } from '../../shared/carriers/registry';
import { pickupsListRoute } from '../../shared/contract/pickups';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createPickupService } from '../../shared/services/pickups';

const pickups = createPickupService({ registry: defaultRegistry, logger });

export const handler = httpHandler(pickupsListRoute, async ({ query }, caller) => ({
  data: await pickups.list(caller.company.companyId, caller.mode, query),
}));
