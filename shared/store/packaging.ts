/**
 * Packaging types: the shared default catalog (`PACKAGING#DEFAULT`) and each
 * company's custom boxes (`COMPANY#<id>`, category `Generic`).
 */
import { packagingTypeSchema, type PackagingType } from '../domain/types';
import { keys } from './keys';
import { memoReference } from './memo';
import { putItem, queryPrefix } from './table-ops';

export const listDefaultPackaging = (): Promise<PackagingType[]> =>
  memoReference('packaging:defaults', () => {
    const { pk, skPrefix } = keys.defaultPackagingPrefix();
    return queryPrefix(pk, skPrefix, packagingTypeSchema);
  });

export const listCompanyBoxes = async (companyId: string): Promise<PackagingType[]> => {
  const { pk, skPrefix } = keys.companyPackagingPrefix(companyId);
  const boxes = await queryPrefix(pk, skPrefix, packagingTypeSchema);
  // Defence in depth: a box is only ever the caller's own.
  return boxes.filter((b) => b.companyId === companyId);
};

/** Stores a new custom box of its company (built by domain/catalog.ts `newCustomBox`); never overwrites one. */
export const putCustomBox = async (box: PackagingType & { companyId: string }): Promise<void> => {
  await putItem({ ...keys.companyPackaging(box.companyId, box.id), entityType: 'packagingType', ...box }, { ifAbsent: true });
};
