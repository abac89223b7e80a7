import { prepareRateRequest, requestForCarriers, type PrepareRateRequestInput } from '../../../../shared/domain/rate';
import { services } from '../../../../shared/reference/carriers';
import { appErrorOf, catalog, COMPANY_BOX, fullBody, minimalBody, readBody, validateRateRequest, withPath, FIXTURE_NOW } from './fixtures';

const GROUP = ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'];
/** The route reads the body, then the service prepares it. */
const prepare = (body: unknown, overrides: Partial<PrepareRateRequestInput> = {}) =>
  prepareRateRequest({
    body: readBody(body),
    company: { userId: 'user-1', blacklist: [] },
    packaging: catalog(),
    groupCarriers: GROUP,
    services,
    packagingRequiredBy: ['CARRIERX'],
    now: FIXTURE_NOW,
    ...overrides,
  });

describe('preparing POST /v1/rate before any carrier is asked', () => {
  test('a valid body gives the validated request and the carriers to quote', () => {
    const { request, carriers } = prepare(withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], COMPANY_BOX.id));
    expect(request.packages.pieces[0]?.packagingType).toEqual({ code: 'GENERIC_BOX', isEnvelope: false, name: COMPANY_BOX.name, id: COMPANY_BOX.id });
    expect(carriers).toEqual(GROUP);
  });

  test('an organization without a user cannot rate (400)', () => {
    expect(appErrorOf(() => prepare(minimalBody(), { company: { blacklist: [] } }))).toMatchObject({
      status: 400,
      message: 'organization has no user; rating requires one',
    });
  });

  test("the route's schema comes before packaging: a body without a shipper is refused for it, whatever its packagingType", () => {
    const body = withPath(withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], 'NOPE'), ['shipper'], undefined);
    expect(appErrorOf(() => prepare(body)).message).toBe('shipper is required');
  });

  test('an unknown packagingType string of a body the schema reads is packagingType not found', () => {
    expect(appErrorOf(() => prepare(withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], 'NOPE'))).message).toBe(
      'packagingType not found: NOPE',
    );
  });

  test('the shipping date is checked after packaging, on the service clock', () => {
    const body = withPath(withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], 'NOPE'), ['shippingOptions', 'shippingDate'], '2030-01-01');
    expect(appErrorOf(() => prepare(body)).message).toBe('packagingType not found: NOPE');
    expect(appErrorOf(() => prepare(withPath(minimalBody(), ['shippingOptions', 'shippingDate'], '2030-01-01'))).message).toMatch(
      /^shippingOptions\.shippingDate must be between /,
    );
  });

  test('schema problems come before the carrier X packagingType rule', () => {
    const body = withPath(withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], undefined), ['shipper'], undefined);
    expect(appErrorOf(() => prepare(body)).message).toBe('shipper is required');
  });

  test('the carrier X packagingType rule uses the carriers actually quoted', () => {
    const body = withPath(minimalBody(), ['packages', 'pieces', 0, 'packagingType'], undefined);
    expect(appErrorOf(() => prepare(body)).message).toBe('packages.pieces[0].packagingType is required for CARRIERX');
    expect(prepare({ ...body, shippingType: { carrier: 'CARRIERY' } }).carriers).toEqual(['CARRIERY']);
    expect(prepare({ ...body, shippingType: { service: 'CARRIERZ_EXPRESS' } }).carriers).toEqual(['CARRIERZ']);
  });

  test('a blacklisted third-party account is refused', () => {
    const body = { ...minimalBody(), billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: '123-456' } };
    expect(appErrorOf(() => prepare(body, { company: { userId: 'u', blacklist: ['123456'] } })).status).toBe(400);
  });

  test('carriers receive the request without commercialInvoice.generalNote; the stored request keeps it', () => {
    const { request, carrierRequest } = prepare(fullBody());
    expect(request.commercialInvoice?.generalNote).toBe('Gift');
    expect(carrierRequest.commercialInvoice).not.toHaveProperty('generalNote');
    expect(carrierRequest.commercialInvoice?.invoiceItems).toEqual(request.commercialInvoice?.invoiceItems);
  });

  test('a request without commercialInvoice reaches carriers unchanged', () => {
    const request = validateRateRequest(minimalBody(), FIXTURE_NOW);
    expect(requestForCarriers(request)).toBe(request);
  });

  test('nothing to quote is not an error here: the handler answers 422 NO_RATES', () => {
    expect(prepare({ ...minimalBody(), shippingType: { carrier: 'CARRIERQ' } }).carriers).toEqual([]);
  });
});
