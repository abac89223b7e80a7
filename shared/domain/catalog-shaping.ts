/**
 * Shaping of the catalog endpoints (spec 2.6, 2.15, 4.1–4.3). Pure: the
 * handlers pass in what the store read. The shapes are the contract's
 * (shared/contract/catalog.ts), the entries of the endpoints' answers.
 */
import type { CarrierEntry, PackagingEntry, ServiceEntry } from '../contract/catalog';
import { AppError } from '../errors';
import type { Carrier, CarrierService, Dimension, PackagingType, PricingPlan } from './entities';

/**
 * Output fields of a catalog entry (spec 2.6), by allow-list: pk, sk,
 * companyId, entityType never leave. Exactly the contract's fields
 * (test/unit/catalog.test.ts holds them equal).
 */
export const PACKAGING_FIELDS = [
  'id',
  'code',
  'name',
  'categoryName',
  'carrierId',
  'isEnvelope',
  'isDefault',
  'isMetric',
  'width',
  'height',
  'length',
  'weight',
  'dimensions',
  'createdDate',
] as const satisfies ReadonlyArray<keyof PackagingEntry>;

export const toPublicPackaging = (p: PackagingType): PackagingEntry => {
  const out: Record<string, unknown> = {};
  for (const field of PACKAGING_FIELDS) if (p[field] !== undefined) out[field] = p[field];
  return out as PackagingEntry;
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Defaults first (shared catalog: generic types, then carrier types by
 * carrier and name), then the caller's custom boxes, oldest first.
 */
export const listPackagingTypes = (defaults: PackagingType[], companyBoxes: PackagingType[]): PackagingEntry[] => {
  const sortedDefaults = [...defaults].sort(
    (a, b) =>
      Number(a.carrierId !== null) - Number(b.carrierId !== null) ||
      byText(a.carrierId ?? '', b.carrierId ?? '') ||
      byText(a.name, b.name) ||
      byText(a.id, b.id),
  );
  const sortedBoxes = [...companyBoxes].sort((a, b) => byText(a.createdDate ?? '', b.createdDate ?? '') || byText(a.name, b.name) || byText(a.id, b.id));
  return [...sortedDefaults, ...sortedBoxes].map(toPublicPackaging);
};

/**
 * The carriers of a pricing group: those it has a plan for (the plans are the
 * one source, as for rating and carrier-services) that exist in the catalog;
 * parcel carriers first, then freight, each by code.
 */
export const listGroupCarriers = (plans: Pick<PricingPlan, 'carrierCode'>[], catalog: Carrier[]): CarrierEntry[] => {
  const planned = new Set(plans.map((p) => p.carrierCode));
  return catalog
    .filter((c) => planned.has(c.code))
    .sort((a, b) => Number(a.kind === 'freight') - Number(b.kind === 'freight') || byText(a.code, b.code))
    .map((c) => ({ code: c.code, fullName: c.fullName, shortName: c.shortName, kind: c.kind }));
};

/** The entry that always comes first: `default` selects the cheapest service (spec 2.12). */
export const DEFAULT_SERVICE: ServiceEntry = {
  code: 'default',
  shortName: { en: 'Default', fr: 'Par défaut' },
  fullName: { en: 'Default: the cheapest service', fr: 'Par défaut : le service le moins cher' },
};

/** Services a plan enables: not disabled, and in the plan's list when it has one. */
export const enabledServices = (services: CarrierService[], plan: Pick<PricingPlan, 'services'>): CarrierService[] =>
  services.filter((s) => !s.isDisabled && (plan.services.length === 0 || plan.services.includes(s.code)));

/** Spec 4.3: `default` first, then the enabled services ordered by code. */
export const listCarrierServices = (services: CarrierService[], plan: Pick<PricingPlan, 'services'>): ServiceEntry[] => [
  DEFAULT_SERVICE,
  ...enabledServices(services, plan)
    .sort((a, b) => byText(a.code, b.code))
    .map((s) => ({ code: s.code, shortName: s.shortName, fullName: s.fullName })),
];

export type CustomBoxInput = {
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
  value: isMetric ? { metric: value, imperial: round2(value / CM_PER_IN) } : { metric: round2(value * CM_PER_IN), imperial: value },
});

/**
 * A company custom box (spec 2.6: category `Generic`, code `GENERIC_BOX`,
 * referenced by id), with fixed dimensions in both units. Sides must be > 0,
 * the weight >= 0 and the name not blank (400 otherwise).
 */
export const newCustomBox = (companyId: string, input: CustomBoxInput, { id, now }: { id: string; now: Date }): PackagingType & { companyId: string } => {
  for (const side of ['length', 'width', 'height'] as const) {
    if (!(Number.isFinite(input[side]) && input[side] > 0)) throw new AppError(400, 'VALIDATION_FAILED', `${side} must be a number > 0`);
  }
  if (input.weight !== undefined && !(Number.isFinite(input.weight) && input.weight >= 0)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'weight must be a number >= 0');
  }
  if (!input.name.trim()) throw new AppError(400, 'VALIDATION_FAILED', 'name is required');
  const isMetric = input.isMetric ?? false;
  return {
    id,
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
    dimensions: { length: fixedSide(input.length, isMetric), width: fixedSide(input.width, isMetric), height: fixedSide(input.height, isMetric) },
    createdDate: now.toISOString(),
    companyId,
  };
};
