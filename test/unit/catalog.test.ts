import { carrierServicesResponse, carriersResponse, packagingEntry, packagingTypesResponse } from '../../shared/contract/catalog';
import {
  DEFAULT_SERVICE,
  listCarrierServices,
  listGroupCarriers,
  listPackagingTypes,
  newCustomBox,
  PACKAGING_FIELDS,
  toPublicPackaging,
} from '../../shared/domain/catalog-shaping';
import type { PackagingType } from '../../shared/domain/entities';
import { carriers, services } from '../../shared/reference/carriers';
import { defaultPackagingTypes } from '../../shared/reference/packaging';
import { pricingPlans } from '../../shared/reference/pricing-groups';

const box = (id: string, createdDate: string): PackagingType => ({
  id,
  code: 'GENERIC_BOX',
  name: `box ${id}`,
  categoryName: 'Generic',
  carrierId: null,
  isEnvelope: false,
  createdDate,
  companyId: 'c1',
  isDefault: false,
  isMetric: true,
  length: 10,
  width: 10,
  height: 10,
  weight: 1,
});

describe('packaging types (spec 2.6, 4.1)', () => {
  it('defaults come first, then company custom boxes, oldest first', () => {
    const out = listPackagingTypes([...defaultPackagingTypes].reverse(), [box('b2', '2026-02-02'), box('b1', '2026-01-01')]);
    expect(out.slice(0, defaultPackagingTypes.length).every((p) => p.categoryName !== 'Generic')).toBe(true);
    expect(out.slice(-2).map((p) => p.id)).toEqual(['b1', 'b2']);
  });
  it('the generic default types come before the carrier types', () => {
    const out = listPackagingTypes(defaultPackagingTypes, []);
    const firstCarrier = out.findIndex((p) => p.carrierId !== null);
    expect(out.slice(firstCarrier).every((p) => p.carrierId !== null)).toBe(true);
    expect(out[0]?.carrierId).toBeNull();
  });
  it('companyId never leaves the service', () => {
    expect(toPublicPackaging(box('b1', '2026-01-01'))).not.toHaveProperty('companyId');
  });
  it('answers exactly the fields of the contract, and every answer reads as the contract says', () => {
    expect([...PACKAGING_FIELDS].sort()).toEqual(Object.keys(packagingEntry.shape).sort());
    const out = listPackagingTypes(defaultPackagingTypes, [box('b1', '2026-01-01')]);
    expect(packagingTypesResponse.parse(out)).toEqual(out);
  });
  it('the shared GENERIC_BOX is not in category Generic, so Generic always marks a company box', () => {
    const generic = defaultPackagingTypes.find((p) => p.code === 'GENERIC_BOX');
    expect(generic?.categoryName).not.toBe('Generic');
    expect(defaultPackagingTypes.filter((p) => p.categoryName === 'Generic')).toEqual([]);
  });
  it('the catalog has the types the interface names, with dimension objects', () => {
    const codes = defaultPackagingTypes.map((p) => p.code);
    for (const code of [
      'GENERIC_BOX',
      'CARRIERX_PAK',
      'CARRIERX_SMALL_BOX',
      'CARRIERX_MEDIUM_BOX',
      'CARRIERX_LARGE_BOX',
      'CARRIERX_EXTRA_LARGE_BOX',
      'CARRIERX_TUBE',
      'CARRIERY_EXPRESS_PAK',
      'CARRIERZ_PAD_PAK',
      'CARRIERZ_PAK',
    ]) {
      expect(codes).toContain(code);
    }
    expect(defaultPackagingTypes.some((p) => p.isEnvelope)).toBe(true);
    for (const p of defaultPackagingTypes) {
      for (const side of ['length', 'width', 'height'] as const) {
        expect(p.dimensions?.[side]).toEqual({
          isFixed: expect.any(Boolean),
          value: { metric: expect.any(Number), imperial: p.dimensions?.[side].isFixed ? expect.any(Number) : null },
        });
      }
    }
  });
});

describe('carriers (docs/decisions.md)', () => {
  it('lists the carriers of the pricing group only', () => {
    const parcel = pricingPlans.filter((p) => p.pricingGroupId === 'parcel');
    expect(listGroupCarriers(parcel, carriers).map((c) => c.code)).toEqual(['CARRIERX', 'CARRIERY', 'CARRIERZ']);
  });
  it('parcel carriers first, then freight, each by code; a plan without a catalog carrier is left out', () => {
    const plans = ['CARRIERF', 'CARRIERZ', 'CARRIERX', 'NOPE'].map((carrierCode) => ({ carrierCode }));
    expect(listGroupCarriers(plans, carriers).map((c) => c.code)).toEqual(['CARRIERX', 'CARRIERZ', 'CARRIERF']);
  });
  it('carries localized en and fr names and the kind', () => {
    for (const c of listGroupCarriers([{ carrierCode: 'CARRIERX' }, { carrierCode: 'CARRIERF' }], carriers)) {
      expect(Object.keys(c.fullName).sort()).toEqual(['en', 'fr']);
      expect(Object.keys(c.shortName).sort()).toEqual(['en', 'fr']);
      expect(['parcel', 'freight']).toContain(c.kind);
    }
  });
  it("answers the contract's entries, nothing more", () => {
    const out = listGroupCarriers([{ carrierCode: 'CARRIERX' }, { carrierCode: 'CARRIERF' }], carriers);
    expect(carriersResponse.parse(out)).toEqual(out);
  });
});

describe('carrier services (spec 2.15, 4.3)', () => {
  const x = services.filter((s) => s.carrierCode === 'CARRIERX');
  it('the first entry always has code default', () => {
    expect(listCarrierServices(x, { services: [] })[0]).toEqual(DEFAULT_SERVICE);
    expect(listCarrierServices([], { services: [] })).toEqual([DEFAULT_SERVICE]);
  });
  it('disabled services are excluded', () => {
    expect(x.some((s) => s.isDisabled)).toBe(true);
    const codes = listCarrierServices(x, { services: [] }).map((s) => s.code);
    for (const s of x) expect(codes.includes(s.code)).toBe(!s.isDisabled);
  });
  it('a plan with a service list limits the services', () => {
    const codes = listCarrierServices(x, { services: ['CARRIERX_GROUND'] }).map((s) => s.code);
    expect(codes).toEqual(['default', 'CARRIERX_GROUND']);
  });
  it('entries carry only code, shortName and fullName', () => {
    for (const s of listCarrierServices(x, { services: [] })) {
      expect(Object.keys(s).sort()).toEqual(['code', 'fullName', 'shortName']);
    }
    expect(carrierServicesResponse.parse(listCarrierServices(x, { services: [] }))).toEqual(listCarrierServices(x, { services: [] }));
  });
  it('reference data: at least three services per parcel carrier and two for CARRIERF', () => {
    for (const code of ['CARRIERX', 'CARRIERY', 'CARRIERZ']) {
      expect(services.filter((s) => s.carrierCode === code && !s.isDisabled).length).toBeGreaterThanOrEqual(3);
    }
    expect(services.filter((s) => s.carrierCode === 'CARRIERF' && !s.isDisabled).length).toBeGreaterThanOrEqual(2);
  });
});

describe('a company custom box (spec 2.6)', () => {
  const at = { id: 'b-1', now: new Date('2026-11-22T10:00:00Z') };
  it('is a Generic GENERIC_BOX of its company with fixed dimensions in both units', () => {
    expect(newCustomBox('c-1', { name: 'Cube', length: 10, width: 10, height: 10 }, at)).toMatchObject({
      id: 'b-1',
      code: 'GENERIC_BOX',
      categoryName: 'Generic',
      carrierId: null,
      companyId: 'c-1',
      isMetric: false,
      weight: 0,
      createdDate: '2026-11-22T10:00:00.000Z',
      dimensions: { length: { isFixed: true, value: { imperial: 10, metric: 25.4 } } },
    });
  });
  it.each([
    [{ length: 0 }, 'length must be a number > 0'],
    [{ height: Number.NaN }, 'height must be a number > 0'],
    [{ weight: -1 }, 'weight must be a number >= 0'],
    [{ name: '  ' }, 'name is required'],
  ])('%p is a 400: %s', (override, message) => {
    expect(() => newCustomBox('c-1', { name: 'Cube', length: 10, width: 10, height: 10, ...override }, at)).toThrow(
      expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED', message }),
    );
  });
});
