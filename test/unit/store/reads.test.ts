/**
 * The pieces that keep a request's DynamoDB round trips few and its writes
 * small: reads shared within a request, the reference partition sorted by
 * kind, the size DynamoDB bills, and the preloads started alongside auth.
 */
import { mockDynamo, GetCommand, QueryCommand } from '../../support/dynamo-mock';
import { toStoredRate } from '../../../shared/domain/rate';
import { authenticate, clearAuthCache } from '../../../shared/http/auth';
import { carriers, services } from '../../../shared/reference/carriers';
import { defaultPackagingTypes } from '../../../shared/reference/packaging';
import { pricingGroups, pricingPlans } from '../../../shared/reference/pricing-groups';
import { hashApiKey } from '../../../shared/store/api-keys';
import { itemSize, writeUnits } from '../../../shared/store/item-size';
import { keys } from '../../../shared/store/keys';
import { clearReferenceCache } from '../../../shared/store/memo';
import { rateItems } from '../../../shared/store/rates';
import { loadReference, toReferenceData } from '../../../shared/store/reference';
import { perRequest, withRequestScope } from '../../../shared/store/request-scope';
import { referenceItems } from '../../../shared/store/seed';
import { apiKeyRecordFor } from '../../support/records';

describe('reads shared within a request', () => {
  it('one read per key inside a scope, a read per call outside', async () => {
    const load = jest.fn(async () => 'x');
    await withRequestScope(async () => {
      const [a, b] = await Promise.all([perRequest('k', load), perRequest('k', load)]);
      expect([a, b]).toEqual(['x', 'x']);
      await perRequest('k', load);
      await perRequest('other', load);
    });
    expect(load).toHaveBeenCalledTimes(2);
    await perRequest('k', load);
    await perRequest('k', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('two requests at once never share a read', async () => {
    const load = jest.fn(async () => Math.random());
    const [a, b] = await Promise.all([withRequestScope(() => perRequest('k', load)), withRequestScope(() => perRequest('k', load))]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(a).not.toBe(b);
  });

  it('a failed read fails every caller of the request', async () => {
    const load = jest.fn(async () => Promise.reject(new Error('throttled')));
    await withRequestScope(async () => {
      await expect(perRequest('k', load)).rejects.toThrow('throttled');
      await expect(perRequest('k', load)).rejects.toThrow('throttled');
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the reference partition', () => {
  it('sorts the seeded items by kind, in code order, and ignores unknown kinds', () => {
    // As a Query returns them: in sort-key order.
    const items = [...referenceItems(), { pk: 'REFERENCE', sk: 'SOMETHING#new', x: 1 }].sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
    const data = toReferenceData(items);
    expect(data.carriers.map((c) => c.code)).toEqual([...carriers.map((c) => c.code)].sort());
    expect(data.servicesByCarrier.get('CARRIERX')?.map((s) => s.code)).toEqual(
      services
        .filter((s) => s.carrierCode === 'CARRIERX')
        .map((s) => s.code)
        .sort(),
    );
    expect(data.defaultPackaging).toHaveLength(defaultPackagingTypes.length);
    expect([...data.pricingGroups.keys()].sort()).toEqual(pricingGroups.map((g) => g.id).sort());
    for (const group of pricingGroups) {
      expect(data.plansByGroup.get(group.id)?.map((p) => p.carrierCode)).toEqual(
        pricingPlans
          .filter((p) => p.pricingGroupId === group.id)
          .map((p) => p.carrierCode)
          .sort(),
      );
    }
  });

  it('a malformed reference item fails loudly', () => {
    expect(() => toReferenceData([{ pk: 'REFERENCE', sk: 'CARRIER#X', code: 1 }])).toThrow();
  });

  it('every reference item lives in the one partition', () => {
    expect(new Set(referenceItems().map((i) => i.pk))).toEqual(new Set(['REFERENCE']));
  });
});

describe('item size as DynamoDB bills it', () => {
  it('counts names, UTF-8 strings, numbers by digits, binary, lists and maps', () => {
    expect(itemSize({ a: 'é' })).toBe(1 + 2);
    expect(itemSize({ n: 12345 })).toBe(1 + 4);
    expect(itemSize({ n: 0.5 })).toBe(1 + 2);
    expect(itemSize({ b: Buffer.alloc(10) })).toBe(1 + 10);
    expect(itemSize({ t: true, z: null })).toBe(2 + 2);
    expect(itemSize({ l: ['ab', 1] })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemSize({ m: { k: 'v' } })).toBe(1 + 3 + 1 + 1 + 1);
    expect(itemSize({ u: undefined })).toBe(0);
  });
  it('one write unit per started KB', () => {
    expect(writeUnits({ s: 'x'.repeat(1000) })).toBe(1);
    expect(writeUnits({ s: 'x'.repeat(1024) })).toBe(2);
    expect(writeUnits({})).toBe(1);
  });
});

describe('stored rate items', () => {
  const internal = {
    entityType: 'rateResponse' as const,
    rateResponseId: '4b0c8a52-3f0e-4d4e-9a51-1c2d3e4f5a6b',
    rateRequestId: '9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
    createdDate: '2026-11-22T12:00:00.000Z',
    expiresAt: '2026-11-23T12:00:00.000Z',
    companyId: '0e1d2c3b-4a59-4687-a6b5-c4d3e2f1a0b9',
    pricingGroupId: 'default',
    carrier: { code: 'CARRIERX', fullName: { en: 'Carrier X Express', fr: 'Carrier X Express' }, shortName: { en: 'X', fr: 'X' }, kind: 'parcel' as const },
    service: {
      code: 'CARRIERX_PRIORITY_OVERNIGHT',
      fullName: { en: 'Priority Overnight', fr: 'Priorité jour suivant' },
      shortName: { en: 'PO', fr: 'PO' },
      billingCode: 'X-PO',
      chips: ['fast'],
      isDisabled: false,
    },
    commitment: { commitDate: '2026-11-24', commitTime: '10:30', timezoneCode: 'America/Toronto', guaranteed: true },
    rate: {
      currency: 'CAD',
      fxRate: 1,
      charges: ['BASE', 'FUEL', 'RESIDENTIAL', 'ADULT_SIGNATURE', 'SATURDAY_DELIVERY', 'INSURANCE', 'DANGEROUS_GOODS', 'ESTIMATED_DUTIES_TAXES'].map(
        (code) => ({
          code,
          billingCode: `X-${code}`,
          name: { en: `${code} charge`, fr: `Frais ${code}` },
          type: 'surcharge',
          chips: [],
          retail: 123456,
          account: 104938,
          discounted: 111110,
          margin: 6172,
        }),
      ),
      taxes: [{ code: 'HST', name: { en: 'HST', fr: 'TVH' }, rateBp: 1300, retail: 96296, account: 81851, discounted: 86666 }],
      totals: {
        retail: { subtotal: 740736, tax: 96296, total: 837032 },
        account: { subtotal: 629628, tax: 81851, total: 711479 },
        discounted: { subtotal: 666660, tax: 86666, total: 753326 },
      },
      discountBp: { account: 1500, customer: 1000 },
      margin: { subtotal: 37032, tax: 4815, total: 41847 },
    },
    carrierAccount: { accountNumber: 'X-ACCT-0000000001' },
    isThirdParty: false,
    isBestPrice: true,
    isBestChoice: false,
    isFastDelivery: true,
  };

  it('a rate response with every charge the sandbox can add (eight) and long names is one write unit, and keeps no names or credentials', () => {
    // A test rate: its mode is the longer of the two.
    const [, response] = rateItems(
      {
        requestId: internal.rateRequestId,
        companyId: internal.companyId,
        request: {},
        createdDate: internal.createdDate,
        expiresAt: internal.expiresAt,
        mode: 'test',
      },
      [toStoredRate(internal as never, 'test')],
    );
    expect(itemSize(response!)).toBeLessThanOrEqual(1024);
    expect(response).toMatchObject({ pk: keys.rateResponse(internal.rateResponseId).pk, carrierCode: 'CARRIERX', accountNumber: 'X-ACCT-0000000001' });
    expect(JSON.parse(String((response as Record<string, unknown>).charges))).toHaveLength(8);
    const text = JSON.stringify(response);
    for (const absent of ['Priority Overnight', ' charge', 'Frais', 'credentials', 'fullName']) expect(text).not.toContain(absent);
  });

  it('the rate request is gzip-compressed: 200 similar pieces stay a few write units', () => {
    const pieces = Array.from({ length: 50 }, (_, i) => ({
      quantity: 4,
      weight: 12.5 + i,
      length: 40,
      width: 30,
      height: 20,
      packagingType: { code: 'GENERIC_BOX', name: 'Box' },
    }));
    const request = { shipper: { personName: 'Ann', addressLine1: '1 Main St', countryCode: 'CA' }, packages: { unitOfMeasure: 'metric', pieces } };
    const [item] = rateItems({ requestId: 'r', companyId: 'c', request, createdDate: internal.createdDate, expiresAt: internal.expiresAt, mode: 'test' }, []);
    expect(JSON.stringify(request).length).toBeGreaterThan(5000);
    expect(writeUnits(item!)).toBeLessThanOrEqual(2);
  });
});

describe('preloads started alongside authentication', () => {
  const ddbMock = mockDynamo();
  const KEY = 'ship_api_0123456789abcdef0123456789abcdef';
  beforeEach(() => {
    clearAuthCache();
    clearReferenceCache();
    ddbMock.reset();
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(GetCommand, { Key: keys.company(apiKeyRecordFor(KEY).companyId) }).resolves({
      Item: {
        companyId: apiKeyRecordFor(KEY).companyId,
        name: 'Acme',
        userId: 'u',
        pricingGroupId: 'default',
        billing: 'account',
        blacklist: [],
        createdDate: '2026-01-01T00:00:00Z',
      },
    });
    ddbMock
      .on(GetCommand, { Key: keys.apiKey(hashApiKey(KEY)) })
      .resolves({ Item: { ...keys.apiKey(hashApiKey(KEY)), ...apiKeyRecordFor(KEY, { scopes: ['shipments:rate'] }) } });
    ddbMock.on(QueryCommand).resolves({ Items: [] });
  });

  it('a malformed key starts nothing; a well-formed one starts the reference read (one Query of the reference partition)', async () => {
    const beforeCaller = jest.fn(async () => undefined);
    await expect(authenticate('ship_api_nothex', [], new Date(), { beforeCaller })).rejects.toMatchObject({ status: 401 });
    expect(beforeCaller).not.toHaveBeenCalled();
    await expect(authenticate(KEY, [], new Date(), { beforeCaller: loadReference })).resolves.toMatchObject({ company: { name: 'Acme' } });
    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'REFERENCE' });
  });

  it('company reads start only for a key that holds the scope, and their failure is not the 403', async () => {
    const withCompany = jest.fn(async () => Promise.reject(new Error('not awaited')));
    await expect(authenticate(KEY, ['shipments:cancel'], new Date(), { withCompany })).rejects.toMatchObject({ status: 403 });
    expect(withCompany).not.toHaveBeenCalled();
    await expect(authenticate(KEY, ['shipments:rate'], new Date(), { withCompany })).resolves.toMatchObject({ company: { name: 'Acme' } });
    expect(withCompany).toHaveBeenCalledWith(apiKeyRecordFor(KEY).companyId);
  });
});
