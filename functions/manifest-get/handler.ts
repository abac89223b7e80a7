/** GET /v1/manifests/{manifestId}: one manifest; another company's or the other mode's is 404 (shared/services/manifests/). */
import { manifestGetRoute } from '../../shared/contract/manifests';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createManifestService } from '../../shared/services/manifests';

const unused = async (): Promise<never> => {
  throw new Error('reading a manifest renders nothing');
};
const manifests = createManifestService({ logger, render: unused });

export const handler = httpHandler(manifestGetRoute, async ({ params }, caller) => ({
  data: await manifests.get(caller.company.companyId, caller.mode, params.manifestId),
}));
