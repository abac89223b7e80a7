/**
 * GET /v1/manifests/{manifestId}/{documentCode}: 302 to a freshly presigned
 * URL of the document, as a label file is (shared/services/manifests/).
 */
import { manifestFileRoute } from '../../shared/contract/manifests';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createManifestService, type ManifestRenderFn } from '../../shared/services/manifests';

/** Loaded only when a rendered PDF has gone from the bucket and is drawn again. */
const renderLazily: ManifestRenderFn = async (document) => (await import('../../shared/labels/render')).renderManifest(document);
const manifests = createManifestService({ logger, render: renderLazily });

export const handler = httpHandler(manifestFileRoute, async ({ params }, caller) => {
  const answer = await manifests.file(caller.company.companyId, caller.mode, params.manifestId, params.documentCode);
  if (answer.kind === 'manifest') return { data: answer.data };
  return { status: 302, location: answer.location, headers: { 'cache-control': 'no-store' } };
});
