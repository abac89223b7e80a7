/** GET /v1/manifests: the company's manifests of the key's mode, newest first, with a cursor (shared/services/manifests/). */
import { manifestsListRoute } from '../../shared/contract/manifests';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createManifestService } from '../../shared/services/manifests';

const unused = async (): Promise<never> => {
  throw new Error('the list renders nothing');
};
const manifests = createManifestService({ logger, render: unused });

export const handler = httpHandler(manifestsListRoute, async ({ query }, caller) => ({
  data: await manifests.list(caller.company.companyId, caller.mode, query),
}));
