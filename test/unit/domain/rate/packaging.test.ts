import fc from 'fast-check';
import { defaultRegistry } from '../../../../shared/carriers/registry';
import {
  assertPackagingTypeForQuotedCarriers,
  carriersToQuote,
  findPackagingType,
  carriersRequiringPackaging,
  resolvePackagingTypes,
  type RateRequestBody,
} from '../../../../shared/domain/rate';
import { AppError } from '../../../../shared/errors';
import type { PackagingType } from '../../../../shared/domain/entities';
import { appErrorOf, catalog, COMPANY_BOX, defaultPackaging, minimalBody, validateRateRequest, withPath, FIXTURE_NOW } from './fixtures';

/** What the registry says: carrier X's connector needs packagingType on every piece. */
const CARRIER_X_ONLY = defaultRegistry.packagingRequiredBy;

const GROUP = ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'];

/**
 * A read body with these packagingTypes, not read through the schema: the
 * resolution is held to its rules even for references the schema refuses
 * (longer than 64 characters), should it ever be given one.
 */
const bodyWithPieces = (packagingTypes: Array<string | { code: string }>) =>
  withPath(
    minimalBody(),
    ['packages', 'pieces'],
    packagingTypes.map((packagingType) => ({ quantity: 1, weight: 1, length: 1, width: 1, height: 1, packagingType })),
  ) as RateRequestBody;

const resolvedPackagingOf = (reference: string | { code: string }) =>
  resolvePackagingTypes(bodyWithPieces([reference]), catalog()).packages.pieces[0]?.packagingType;

const refOf = (entry: PackagingType) => ({ code: entry.code, isEnvelope: entry.isEnvelope, name: entry.name, id: entry.id });

describe('packagingType string resolution (spec 2.5)', () => {
  test('a packaging type code resolves to the default type with that code', () => {
    expect(resolvedPackagingOf('CARRIERX_PAK')).toEqual(refOf(defaultPackaging('CARRIERX_PAK')));
  });

  test('a UUID resolves to the company custom box with that id', () => {
    expect(resolvedPackagingOf(COMPANY_BOX.id)).toEqual(refOf(COMPANY_BOX));
  });

  test('a UUID of a shared default type (no company) resolves to it', () => {
    const envelope = defaultPackaging('GENERIC_ENVELOPE');
    expect(resolvedPackagingOf(envelope.id)).toEqual({ code: 'GENERIC_ENVELOPE', isEnvelope: true, name: envelope.name, id: envelope.id });
  });

  test('GENERIC_BOX resolves to the system default generic box, not to a company box sharing the code', () => {
    expect(resolvedPackagingOf('GENERIC_BOX')).toEqual(refOf(defaultPackaging('GENERIC_BOX')));
    expect(resolvedPackagingOf('GENERIC_BOX')).not.toEqual(expect.objectContaining({ id: COMPANY_BOX.id }));
  });

  test('a code never matches a Generic (company) box, even one listed among the defaults', () => {
    const defaults = [COMPANY_BOX, ...catalog().defaults];
    expect(findPackagingType('GENERIC_BOX', { defaults, companyBoxes: [] })).toEqual(defaultPackaging('GENERIC_BOX'));
  });

  test('company custom boxes are referenced by id only, never by code', () => {
    const ownCode = { ...COMPANY_BOX, id: '11111111-2222-4333-8444-555555555555', code: 'OUR_BOX' };
    expect(findPackagingType('OUR_BOX', { defaults: catalog().defaults, companyBoxes: [ownCode] })).toBeUndefined();
    expect(findPackagingType(ownCode.id, { defaults: catalog().defaults, companyBoxes: [ownCode] })).toBe(ownCode);
  });

  test('a UUID is matched without case', () => {
    expect(resolvedPackagingOf(COMPANY_BOX.id.toUpperCase())).toEqual(refOf(COMPANY_BOX));
  });

  test('an unknown code is a 400 "packagingType not found: <reference>"', () => {
    const error = appErrorOf(() => resolvePackagingTypes(bodyWithPieces(['CARRIERQ_CRATE']), catalog()));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'packagingType not found: CARRIERQ_CRATE' });
    expect(error.details).toEqual([{ path: 'packages.pieces[0].packagingType', message: 'packagingType not found: CARRIERQ_CRATE' }]);
  });

  test('a reference longer than any code or id (64) is repeated cut to 64 characters', () => {
    const error = appErrorOf(() => resolvePackagingTypes(bodyWithPieces(['X'.repeat(100_000)]), catalog()));
    expect(error.message).toBe(`packagingType not found: ${'X'.repeat(64)}…`);
  });

  test('a long reference is never cut inside an emoji', () => {
    const error = appErrorOf(() => resolvePackagingTypes(bodyWithPieces([`${'X'.repeat(63)}📦${'Y'.repeat(100)}`]), catalog()));
    expect(error.message).toBe(`packagingType not found: ${'X'.repeat(63)}…`);
  });

  test('an unknown id is a 400 "packagingType not found: <reference>"', () => {
    const id = '9f1c2d3e-4b5a-4c6d-8e7f-001122334455';
    expect(appErrorOf(() => resolvePackagingTypes(bodyWithPieces([id]), catalog())).message).toBe(`packagingType not found: ${id}`);
  });

  test("another organization's box is not found, even listed among the defaults: a default by id has no company", () => {
    const other = { ...COMPANY_BOX, id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', companyId: 'company-2', categoryName: 'Standard' };
    expect(findPackagingType(other.id, catalog())).toBeUndefined();
    expect(findPackagingType(other.id, { defaults: [...catalog().defaults, other], companyBoxes: [] })).toBeUndefined();
  });

  test('a company box outside category Generic is not usable by id', () => {
    const notGeneric = { ...COMPANY_BOX, categoryName: 'Standard' };
    expect(findPackagingType(COMPANY_BOX.id, { defaults: [], companyBoxes: [notGeneric] })).toBeUndefined();
  });

  test('codes are matched exactly as written', () => {
    expect(appErrorOf(() => resolvePackagingTypes(bodyWithPieces(['generic_box']), catalog())).message).toBe('packagingType not found: generic_box');
  });

  test('every unknown reference is reported, joined by "; "', () => {
    const error = appErrorOf(() => resolvePackagingTypes(bodyWithPieces(['NOPE', 'GENERIC_BOX', 'ALSO_NOPE']), catalog()));
    expect(error.message).toBe('packagingType not found: NOPE; packagingType not found: ALSO_NOPE');
    expect(error.details?.map((d) => d.path)).toEqual(['packages.pieces[0].packagingType', 'packages.pieces[2].packagingType']);
  });

  test('after resolution the same rules apply as for an inline object: the request validates', () => {
    const body = resolvePackagingTypes(bodyWithPieces(['CARRIERX_TUBE', COMPANY_BOX.id, { code: 'INLINE' }]), catalog());
    const pieces = validateRateRequest(body, FIXTURE_NOW).packages.pieces;
    expect(pieces.map((p) => p.packagingType?.code)).toEqual(['CARRIERX_TUBE', 'GENERIC_BOX', 'INLINE']);
  });

  test('an object is kept as the schema read it', () => {
    const inline = { code: 'CARRIERX_PAK' };
    expect(resolvedPackagingOf(inline)).toBe(inline);
  });

  test('the body given is not modified', () => {
    const body = bodyWithPieces(['GENERIC_BOX']);
    const before = structuredClone(body);
    resolvePackagingTypes(body, catalog());
    expect(body).toEqual(before);
  });

  test('only string references can throw, and only the 400', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.uuid(), fc.record({ code: fc.string() }))), (refs) => {
        try {
          resolvePackagingTypes(bodyWithPieces(refs), catalog());
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).status).toBe(400);
          expect(refs.some((r) => typeof r === 'string')).toBe(true);
        }
      }),
    );
  });
});

describe('when packagingType is required (spec 2.5)', () => {
  const requestWithoutPackaging = (shippingType?: Record<string, string>) => {
    const body = withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], undefined);
    return validateRateRequest(shippingType ? { ...body, shippingType } : body, FIXTURE_NOW);
  };
  const checkWith = (shippingType?: Record<string, string>) => {
    const request = requestWithoutPackaging(shippingType);
    return () => assertPackagingTypeForQuotedCarriers(request, carriersToQuote({ request, groupCarriers: GROUP }), CARRIER_X_ONLY);
  };
  const REQUIRED = 'packages.pieces[0].packagingType is required for CARRIERX';

  test('shippingType omitted: required on every piece', () => {
    expect(appErrorOf(checkWith()).message).toBe(REQUIRED);
  });
  test('carrier all: required', () => {
    expect(appErrorOf(checkWith({ carrier: 'all' })).message).toBe(REQUIRED);
  });
  test('carrier cheapest: required', () => {
    expect(appErrorOf(checkWith({ carrier: 'cheapest' })).message).toBe(REQUIRED);
  });
  test('carrier fastest: required', () => {
    expect(appErrorOf(checkWith({ carrier: 'fastest' })).message).toBe(REQUIRED);
  });
  test('carrier is the carrier X code: required', () => {
    expect(appErrorOf(checkWith({ carrier: 'CARRIERX' })).message).toBe(REQUIRED);
  });
  test('the only quoted carrier is another carrier: may be omitted', () => {
    expect(checkWith({ carrier: 'CARRIERY' })).not.toThrow();
  });

  test('the error is a 400 naming every piece without packagingType, joined by "; "', () => {
    const body = withPath(
      minimalBody(),
      ['packages', 'pieces'],
      [
        { quantity: 1, weight: 1, length: 1, width: 1, height: 1 },
        { quantity: 1, weight: 1, length: 1, width: 1, height: 1, packagingType: { code: 'GENERIC_BOX' } },
        { quantity: 1, weight: 1, length: 1, width: 1, height: 1 },
      ],
    );
    const error = appErrorOf(() => assertPackagingTypeForQuotedCarriers(validateRateRequest(body, FIXTURE_NOW), ['CARRIERX', 'CARRIERY'], CARRIER_X_ONLY));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(error.message).toBe('packages.pieces[0].packagingType is required for CARRIERX; packages.pieces[2].packagingType is required for CARRIERX');
  });

  test('present on every piece: nothing to report even with carrier X quoted', () => {
    expect(() => assertPackagingTypeForQuotedCarriers(validateRateRequest(minimalBody(), FIXTURE_NOW), GROUP, CARRIER_X_ONLY)).not.toThrow();
  });

  test('a pricing group without carrier X never requires it', () => {
    const request = requestWithoutPackaging({ carrier: 'all' });
    expect(carriersRequiringPackaging(carriersToQuote({ request, groupCarriers: ['CARRIERY', 'CARRIERZ'] }), CARRIER_X_ONLY)).toEqual([]);
  });
});
