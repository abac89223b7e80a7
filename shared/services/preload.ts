/**
 * What a route reads besides its caller, declared so the HTTP layer can start
 * those reads alongside authentication instead of after it
 * (shared/http/handler.ts). The service that needs a read later asks for the
 * same read and gets the one already under way (shared/store/request-scope.ts),
 * so a request waits on as few sequential round trips as its data allows:
 * the API key with the reference data, then the company with the company's
 * own items, then its writes. Started reads that nobody awaits (a 401, a 403)
 * are dropped; their failures are the awaiting service's to report.
 *
 * The preloads of an order are in ./order-preload.ts: importing the order
 * store builds its item schemas (and those of the rate, lease and tracking
 * stores it uses) at import, which the catalog functions never need.
 */
import { listCompanyBoxes } from '../store/packaging';
import { loadReference } from '../store/reference';

/** What a preload may read of the request: its path parameters. */
export type PreloadRequest = { pathParameters?: Record<string, string | undefined> | null };

export type Preload = {
  /** Reads that need nothing of the caller: started once the API key is well-formed, alongside its lookup. */
  beforeCaller?: (request: PreloadRequest) => Promise<unknown>;
  /** Reads of the caller's company: started once the key is known and has the scope, alongside the company read. */
  withCompany?: (companyId: string) => Promise<unknown>;
};

/** The reference data (carriers, services, default packaging, pricing plans). */
export const referencePreload: Preload = { beforeCaller: () => loadReference() };

/** The reference data, then the company's custom boxes. */
export const packagingPreload: Preload = { beforeCaller: () => loadReference(), withCompany: listCompanyBoxes };
