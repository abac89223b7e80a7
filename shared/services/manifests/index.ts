/**
 * End-of-day manifests (docs/manifests.md), one file a job: the close
 * (./close.ts, under its lease), finishing a manifest's orders (./take.ts),
 * the carrier's transmit (./transmit.ts), the manifest's PDF (./documents.ts),
 * the reads (./reads.ts) and the days a close may name (./dates.ts).
 */
import { createClose } from './close';
import { contextOf, type ManifestDependencies } from './context';
import { createManifestDocuments } from './documents';
import { getOne, listPage } from './reads';
import { createTake } from './take';
import { createTransmit } from './transmit';

export { CLOSE_STALE_SECONDS, CLOSE_WAIT_MS, type CloseResult } from './close';
export type { ManifestDependencies, ManifestRenderFn } from './context';
export { todayIn } from './dates';

export const createManifestService = (dependencies: ManifestDependencies) => {
  const context = contextOf(dependencies);
  const documents = createManifestDocuments(context);
  const take = createTake({ ...context, transmit: createTransmit(context), documents });
  return {
    /** POST /v1/manifests. */
    close: createClose({ ...context, take }),
    /** GET /v1/manifests. */
    list: listPage,
    /** GET /v1/manifests/{manifestId}: another company's, or the other mode's, is as unknown as none. */
    get: getOne,
    /** GET /v1/manifests/{manifestId}/{documentCode}: a 302 to the document, or the manifest for a code it does not have. */
    file: documents.file,
  };
};

export type ManifestService = ReturnType<typeof createManifestService>;
