/** GET /v1/pickups/{pickupId}: one pickup; another company's or the other mode's is 404 (shared/services/pickups/). */
import { defaultRegistry } from '../../shared/carriers/registry';
import { pickupGetRoute } from '../../shared/contract/pickups';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createPickupService } from '../../shared/services/pickups';

const pickups = createPickupService({ registry: defaultRegistry, logger });

export const handler = httpHandler(pickupGetRoute, async ({ params }, caller) => ({
  data: await pickups.get(caller.company.companyId, caller.mode, params.pickupId),
}));
