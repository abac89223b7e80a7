/**
 * Packaging types: the shared default catalog (reference data, ./reference.ts)
 * and each company's custom boxes (`COMPANY#<id>`, category `Generic`).
 */
import { packagingTypeSchema, type PackagingType } from '../domain/entities';
import { keys } from './keys';
import { loadReference } from './reference';
import { perRequest } from './request-scope';
import { putItem, queryPrefix } from './table-ops';

export const listDefaultPackaging = async (): Promise<PackagingType[]> => (await loadReference()).defaultPackaging;

/** The company's custom boxes; never cached across requests (a box created a moment ago is usable at once), shared within one. */
export const listCompanyBoxes = (companyId: string): Promise<PackagingType[]> =>
  perRequest(`boxes:${companyId}`, async () => {
    const { pk, skPrefix } = keys.companyPackagingPrefix(companyId);
    const boxes = await queryPrefix(pk, skPrefix, packagingTypeSchema);
    // Defence in depth: a box is only ever the caller's own.
    return boxes.filter((b) => b.companyId === companyId);
  });

/** Stores a new custom box of its company (built by domain/catalog-shaping.ts `newCustomBox`); never overwrites one. */
export const putCustomBox = async (box: PackagingType & { companyId: string }): Promise<void> => {
  await putItem({ ...keys.companyPackaging(box.companyId, box.id), entityType: 'packagingType', ...box }, { ifAbsent: true });
};
