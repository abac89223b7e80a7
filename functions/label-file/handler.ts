/**
 * GET /v1/labels/{orderId}/{labelType} (spec 4.7): 302 to a freshly presigned
 * URL of the file, rendered once; 200 with the list for an unknown or
 * ambiguous type. The only function that loads the renderer.
 */
import { labelFileRoute } from '../../shared/contract/labels';
import { httpHandler } from '../../shared/http/handler';
import { logger } from '../../shared/observability';
import { createLabelService, type RenderFn } from '../../shared/services/labels';
import { labelFilePreload } from '../../shared/services/order-preload';

/**
 * The renderer and its PDF library are evaluated on the first request that
 * renders, not at cold start: most label requests find the file already stored.
 */
const renderLazily: RenderFn = async (code, document) => (await import('../../shared/labels/render')).renderDocument(code, document);

export const createLabelFileHandler = (render: RenderFn = renderLazily) => {
  const labels = createLabelService({ render, logger });
  return httpHandler(
    labelFileRoute,
    async ({ params }, caller) => {
      const answer = await labels.labelFile(caller.company.companyId, params.orderId, params.labelType, caller.mode);
      if (answer.kind === 'list') return { data: answer.data };
      return { status: 302, location: answer.location, headers: { 'cache-control': 'no-store' } };
    },
    labelFilePreload,
  );
};

export const handler = createLabelFileHandler();
