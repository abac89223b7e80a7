/**
 * POST /v1/manifests: closes out the day for one carrier (shared/services/manifests/).
 * A repeated close of the same shipments answers the same manifests with
 * `Idempotent-Replayed: true` and 200; a new close answers 201.
 */
import { manifestsCreateRoute } from '../../shared/contract/manifests';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createManifestService, type ManifestDependencies, type ManifestRenderFn } from '../../shared/services/manifests';
import { referencePreload } from '../../shared/services/preload';

/** The renderer and its PDF library load with the first close that draws a manifest. */
const renderLazily: ManifestRenderFn = async (document) => (await import('../../shared/labels/render')).renderManifest(document);

export const createManifestsCreateHandler = (options: Partial<ManifestDependencies> = {}) => {
  const manifests = createManifestService({ logger, render: renderLazily, ...options });
  return httpHandler(
    manifestsCreateRoute,
    async ({ body }, caller) => {
      const { data, replayed } = await manifests.close(caller.company, body, caller.mode);
      return replayed ? { data, headers: { 'idempotent-replayed': 'true' } } : { status: 201, data };
    },
    referencePreload,
  );
};

export const handler = createManifestsCreateHandler();
