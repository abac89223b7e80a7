/** The manifests as the API reads them (docs/manifests.md): a page of the list, one manifest, and one of the company's and mode's by id. */
import type { Manifest, ManifestList, ManifestListQuery } from '../../contract/manifests';
import type { KeyMode } from '../../domain/entities';
import { notFound } from '../../errors';
import { getManifest, isManifestSortKey, listManifests, type ManifestRecord } from '../../store/manifests';
import { manifestView } from '../manifest-view';
import { badRequest } from './context';

/** The cursor of a page: the last manifest's sort key, opaque to the caller. */
const cursorOf = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
const sortKeyOf = (cursor: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) return undefined;
  return Buffer.from(cursor, 'base64url').toString('utf8');
};

/** One of the company's manifests in the key's mode: another company's, or the other mode's, is as unknown as none. */
export async function ownManifest(companyId: string, mode: KeyMode, manifestId: string): Promise<ManifestRecord> {
  const record = await getManifest(companyId, manifestId.toLowerCase());
  if (!record || record.mode !== mode) throw notFound('manifest not found');
  return record;
}

/** GET /v1/manifests. */
export async function listPage(companyId: string, mode: KeyMode, query: ManifestListQuery): Promise<ManifestList> {
  const { carrierCode, from, to, cursor } = query;
  const limit = query.limit ? Number(query.limit) : 20;
  let after: string | undefined;
  if (cursor !== undefined) {
    after = sortKeyOf(cursor);
    if (!after || !isManifestSortKey(companyId, mode, after)) throw badRequest('cursor', 'is not a cursor of this list');
  }
  const page = await listManifests(companyId, mode, {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(carrierCode ? { carrierCode: carrierCode.toUpperCase() } : {}),
    ...(after ? { after } : {}),
    limit,
  });
  return { manifests: await Promise.all(page.manifests.map(manifestView)), nextCursor: page.last ? cursorOf(page.last) : null };
}

/** GET /v1/manifests/{manifestId}. */
export const getOne = async (companyId: string, mode: KeyMode, manifestId: string): Promise<Manifest> =>
  manifestView(await ownManifest(companyId, mode, manifestId));
