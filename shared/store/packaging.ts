/**
 * Packaging types: the shared default catalog (`PACKAGING#DEFAULT`) and each
 * company's custom boxes (`COMPANY#<id>`, category `Generic`).
 */
import { randomUUID } from 'node:crypto';
import { packagingTypeSchema, type Dimension, type PackagingType } from '../domain/types';
import { AppError } from '../errors';
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

export type CreateCustomBoxInput = {
  name: string;
  length: number;
  width: number;
  height: number;
  weight?: number;
  isMetric?: boolean;
  isDefault?: boolean;
};

const CM_PER_IN = 2.54;
const round2 = (n: number) => Math.round(n * 100) / 100;

const fixedSide = (value: number, isMetric: boolean): Dimension => ({
  isFixed: true,
  value: isMetric
    ? { metric: value, imperial: round2(value / CM_PER_IN) }
    : { metric: round2(value * CM_PER_IN), imperial: value },
});

export const createCustomBox = async (companyId: string, input: CreateCustomBoxInput): Promise<PackagingType> => {
  for (const side of ['length', 'width', 'height'] as const) {
    if (!(Number.isFinite(input[side]) && input[side] > 0)) {
      throw new AppError(400, 'VALIDATION_FAILED', `${side} must be a number > 0`);
    }
  }
  if (input.weight !== undefined && !(Number.isFinite(input.weight) && input.weight >= 0)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'weight must be a number >= 0');
  }
  if (!input.name.trim()) throw new AppError(400, 'VALIDATION_FAILED', 'name is required');
  const isMetric = input.isMetric ?? false;
  const box: PackagingType = {
    id: randomUUID(),
    code: 'GENERIC_BOX',
    name: input.name,
    categoryName: 'Generic',
    carrierId: null,
    isEnvelope: false,
    isDefault: input.isDefault ?? false,
    isMetric,
    length: input.length,
    width: input.width,
    height: input.height,
    weight: input.weight ?? 0,
    dimensions: {
      length: fixedSide(input.length, isMetric),
      width: fixedSide(input.width, isMetric),
      height: fixedSide(input.height, isMetric),
    },
    createdDate: new Date().toISOString(),
    companyId,
  };
  await putItem({ ...keys.companyPackaging(companyId, box.id), entityType: 'packagingType', ...box }, { ifAbsent: true });
  return box;
};
