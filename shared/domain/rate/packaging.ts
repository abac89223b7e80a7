/**
 * packagingType of a piece (spec 2.5): string references of a read body
 * resolved to the catalog's objects, and the requirement of the carriers
 * that need it on every piece (carrier X; its connector says so) checked
 * after it.
 */
import type { PackagingType } from '../entities';
import { AppError } from '../../errors';
import type { Piece, PackagingTypeRef, RateRequest, RateRequestBody } from './schema';
import { formatPath, validationError } from './validate';
import { isUuid } from '../ids';
import { echoed } from '../text-clipping';

/** Entries a reference may point to, already narrowed to the caller's organization. */
export type PackagingCatalog = {
  /** Shared catalog and carrier types (`PACKAGING#DEFAULT`). */
  defaults: PackagingType[];
  /** The caller's own custom boxes (`categoryName` `Generic`). */
  companyBoxes: PackagingType[];
};

const COMPANY_BOX_CATEGORY = 'Generic';

const toRef = (entry: PackagingType): PackagingTypeRef => ({
  code: entry.code,
  isEnvelope: entry.isEnvelope,
  name: entry.name,
  id: entry.id,
});

/**
 * A UUID is looked up by `id` among the caller's Generic boxes and the shared
 * defaults (UUIDs compare case-insensitively); anything else by `code` among
 * the defaults only, exactly as written (docs/decisions.md). Company boxes share the
 * `GENERIC_BOX` code, so a code never reaches them.
 */
export const findPackagingType = (reference: string, catalog: PackagingCatalog): PackagingType | undefined => {
  if (isUuid(reference)) {
    const id = reference.toLowerCase();
    const candidates = [
      ...catalog.companyBoxes.filter((box) => box.categoryName === COMPANY_BOX_CATEGORY),
      ...catalog.defaults.filter((entry) => entry.companyId === undefined),
    ];
    return candidates.find((entry) => entry.id.toLowerCase() === id);
  }
  return catalog.defaults.find((entry) => entry.categoryName !== COMPANY_BOX_CATEGORY && entry.code === reference);
};

/**
 * The body with every `packages.pieces[i].packagingType` string replaced by
 * its catalog object (the body is not modified). Unknown references: 400
 * `packagingType not found: <ref>`, one message per piece, joined with `; `.
 */
export const resolvePackagingTypes = (body: RateRequestBody, catalog: PackagingCatalog): RateRequest => {
  const missing: { path: string; message: string }[] = [];
  const pieces = body.packages.pieces.map((piece, i): Piece => {
    const { packagingType, ...rest } = piece;
    if (typeof packagingType !== 'string') return packagingType === undefined ? rest : { ...rest, packagingType };
    const found = findPackagingType(packagingType, catalog);
    if (!found) {
      missing.push({
        path: formatPath(['packages', 'pieces', i, 'packagingType']),
        message: `packagingType not found: ${echoed(packagingType)}`,
      });
      return rest;
    }
    return { ...rest, packagingType: toRef(found) };
  });
  if (missing.length > 0) {
    // The spec fixes this message without a path prefix; details keep the path.
    throw new AppError(400, 'VALIDATION_FAILED', missing.map((m) => m.message).join('; '), { details: missing });
  }
  return { ...body, packages: { ...body.packages, pieces } };
};

/** The quoted carriers that need packagingType on every piece, of `requiredBy` (the connectors that say so). */
export const carriersRequiringPackaging = (quotedCarriers: readonly string[], requiredBy: readonly string[]): string[] => {
  const requiring = new Set(requiredBy.map((code) => code.toUpperCase()));
  return quotedCarriers.map((code) => code.toUpperCase()).filter((code) => requiring.has(code));
};

/**
 * Throws 400 `packages.pieces[<i>].packagingType is required for <carrier>`,
 * one message per piece without it, when a carrier of `requiredBy` is quoted.
 */
export const assertPackagingTypeForQuotedCarriers = (request: RateRequest, quotedCarriers: readonly string[], requiredBy: readonly string[]): void => {
  const [carrier] = carriersRequiringPackaging(quotedCarriers, requiredBy);
  if (!carrier) return;
  const details = request.packages.pieces.flatMap((piece, i) =>
    piece.packagingType === undefined ? [{ path: formatPath(['packages', 'pieces', i, 'packagingType']), message: `is required for ${carrier}` }] : [],
  );
  if (details.length > 0) throw validationError(details);
};
