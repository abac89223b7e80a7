/** GET /v1/manifests: the company's manifests of the key's mode, newest first, with a cursor (shared/services/manifests.ts). */
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/logger';
import { createManifestService } from '../../shared/services/manifests';

const unused = async (): Promise<never> => {
  throw new Error('the list renders nothing');
};
const manifests = createManifestService({ logger, render: unused });

export const handler = httpHandler('manifests-list', async (event, caller) => ({
  data: await manifests.list(caller.company.companyId, caller.mode, event.queryStringParameters),
}));
