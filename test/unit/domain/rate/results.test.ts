import fc from 'fast-check';
import { buildRateResults, toPublicRate, type BuildRateResultsInput, type InternalRateResponse } from '../../../../shared/domain/rate';
import { charge, commitment, quotedRate } from './fixtures';

const NOW = new Date('2025-03-14T15:00:00.000Z');
const idsFrom = (prefix: string) => {
  let n = 0;
  return () => `${prefix}-${(n += 1)}`;
};

const input = (overrides: Partial<BuildRateResultsInput> = {}): BuildRateResultsInput => ({
  requestId: 'req-1',
  companyId: 'company-1',
  request: {},
  quotes: [
    // 40.00 list, earliest; 10.00 list, latest; 25.00 list, middle.
    quotedRate('CARRIERX_PRIORITY_OVERNIGHT', { charges: [charge('BASE', 4_000)], commitment: commitment('2025-03-15', '10:30') }),
    quotedRate('CARRIERY_REGULAR', { charges: [charge('BASE', 1_000)], commitment: commitment('2025-03-21') }),
    quotedRate('CARRIERZ_EXPRESS_SAVER', { charges: [charge('BASE', 2_500)], commitment: commitment('2025-03-17', '18:00') }),
  ],
  now: NOW,
  lifetimeSeconds: 86_400,
  newId: idsFrom('rr'),
  ...overrides,
});

const KEYS = {
  rate: [
    'carrier',
    'commitment',
    'createdDate',
    'entityType',
    'isBestChoice',
    'isBestPrice',
    'isFastDelivery',
    'rate',
    'rateRequestId',
    'rateResponseId',
    'service',
  ],
  carrier: ['code', 'fullName', 'shortName'],
  service: ['billingCode', 'chips', 'code', 'fullName', 'isDisabled', 'shortName'],
  commitment: ['commitDate', 'commitTime', 'guaranteed', 'timezoneCode'],
  rateBody: ['charges', 'fxRate', 'totals'],
  charge: ['account', 'billingCode', 'chips', 'code', 'name', 'retail', 'type'],
  totals: ['account', 'discounted', 'retail'],
  tier: ['subtotal', 'tax', 'total'],
  money: ['amount', 'currency'],
};
const keysOf = (o: object) => Object.keys(o).sort();

describe('the rate record returned by POST /v1/rate (spec 2.14)', () => {
  const { public: rates, internal } = buildRateResults(input());
  const first = rates[0];
  if (!first) throw new Error('no rate');

  test('has exactly the public top-level fields', () => {
    for (const rate of rates) expect(keysOf(rate)).toEqual(KEYS.rate);
  });

  test('carrier is {code, fullName, shortName} with localized names', () => {
    expect(first.carrier).toEqual({
      code: 'CARRIERY',
      fullName: { en: 'Carrier Y Parcel Services', fr: 'Services de colis Transporteur Y' },
      shortName: { en: 'Carrier Y', fr: 'Transporteur Y' },
    });
  });

  test('service is {code, fullName, shortName, billingCode, chips, isDisabled}', () => {
    expect(keysOf(first.service)).toEqual(KEYS.service);
    expect(first.service).toEqual({
      code: 'CARRIERY_REGULAR',
      fullName: { en: 'Regular Parcel', fr: 'Colis standard' },
      shortName: { en: 'Regular', fr: 'Standard' },
      billingCode: 'YRG',
      chips: ['economy'],
      isDisabled: false,
    });
  });

  test('commitment is {commitDate, commitTime, timezoneCode, guaranteed}', () => {
    expect(first.commitment).toEqual({ commitDate: '2025-03-21', commitTime: '17:00', timezoneCode: 'ET', guaranteed: true });
    expect(keysOf(first.commitment ?? {})).toEqual(KEYS.commitment);
  });

  test('commitment is null when the carrier gave none', () => {
    const {
      public: [rate],
    } = buildRateResults(input({ quotes: [quotedRate('CARRIERZ_STANDARD', { commitment: null })] }));
    expect(rate?.commitment).toBeNull();
  });

  test('rate is {charges, totals, fxRate}', () => {
    expect(keysOf(first.rate)).toEqual(KEYS.rateBody);
    expect(first.rate.fxRate).toBe(1);
  });

  test('rate.charges[] keep chips, code, billingCode, name, type, retail, account, with money as {amount, currency}', () => {
    const [base, fuel] = buildRateResults(input({ quotes: [quotedRate('CARRIERX_GROUND')] })).public[0]?.rate.charges ?? [];
    expect(base).toEqual({
      chips: [],
      code: 'BASE',
      billingCode: 'B_BASE',
      name: { en: 'BASE', fr: 'BASE' },
      type: 'base',
      retail: { amount: 20, currency: 'CAD' },
      account: { amount: 13, currency: 'CAD' },
    });
    expect(fuel).toMatchObject({ type: 'fuel', retail: { amount: 3.33, currency: 'CAD' }, account: { amount: 2.16, currency: 'CAD' } });
  });

  test('rate.charges[] drop margin, discounted and percentage', () => {
    for (const c of rates.flatMap((r) => r.rate.charges)) {
      expect(keysOf(c)).toEqual(KEYS.charge);
      expect(c).not.toHaveProperty('margin');
      expect(c).not.toHaveProperty('discounted');
      expect(c).not.toHaveProperty('percentage');
      expect(keysOf(c.retail)).toEqual(KEYS.money);
    }
  });

  test('rate.totals has retail, discounted and account, each {subtotal, tax, total} of {amount, currency}', () => {
    expect(keysOf(first.rate.totals)).toEqual(KEYS.totals);
    for (const tier of Object.values(first.rate.totals)) {
      expect(keysOf(tier)).toEqual(KEYS.tier);
      for (const money of Object.values(tier)) expect(keysOf(money)).toEqual(KEYS.money);
    }
    // 10.00 list; Carrier Y plan 30 % account, 18 % customer; 13 % HST.
    expect(first.rate.totals).toEqual({
      retail: { subtotal: { amount: 10, currency: 'CAD' }, tax: { amount: 1.3, currency: 'CAD' }, total: { amount: 11.3, currency: 'CAD' } },
      discounted: { subtotal: { amount: 8.2, currency: 'CAD' }, tax: { amount: 1.07, currency: 'CAD' }, total: { amount: 9.27, currency: 'CAD' } },
      account: { subtotal: { amount: 7, currency: 'CAD' }, tax: { amount: 0.91, currency: 'CAD' }, total: { amount: 7.91, currency: 'CAD' } },
    });
  });

  test('rateRequestId, rateResponseId, entityType rateResponse, createdDate (ISO 8601)', () => {
    expect(first).toMatchObject({
      rateRequestId: 'req-1',
      rateResponseId: 'rr-1',
      entityType: 'rateResponse',
      createdDate: '2025-03-14T15:00:00.000Z',
    });
  });

  test('isBestPrice, isBestChoice, isFastDelivery are booleans', () => {
    for (const rate of rates) {
      for (const badge of [rate.isBestPrice, rate.isBestChoice, rate.isFastDelivery]) expect(typeof badge).toBe('boolean');
    }
  });

  test('carrier account data, pk, sk, isThirdParty, margins and other internal fields are absent', () => {
    for (const rate of rates) {
      for (const field of ['carrierAccount', 'account', 'pk', 'sk', 'isThirdParty', 'companyId', 'pricingGroupId', 'expiresAt', 'margin']) {
        expect(rate).not.toHaveProperty(field);
      }
      expect(rate.carrier).not.toHaveProperty('kind');
      expect(rate.rate).not.toHaveProperty('margin');
      expect(rate.rate).not.toHaveProperty('taxes');
      expect(rate.rate).not.toHaveProperty('discountBp');
      const text = JSON.stringify(rate);
      expect(text).not.toContain('SBX-');
      expect(text).not.toContain('sandbox-');
    }
  });

  test('the public record is picked from the internal one: a field added internally stays private', () => {
    const extended = { ...internal[0], secret: 'x', carrier: { ...internal[0]?.carrier, secret: 'y' } } as InternalRateResponse;
    expect(JSON.stringify(toPublicRate(extended))).not.toContain('secret');
  });
});

describe('the internal rate record stored for ship', () => {
  const { internal, public: rates } = buildRateResults(input({ request: { billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: 'TP-1' } } }));

  test('holds what ship needs: carrier account number, margins, company, group, third-party flag, expiry', () => {
    expect(internal[0]).toMatchObject({
      entityType: 'rateResponse',
      rateResponseId: 'rr-1',
      rateRequestId: 'req-1',
      companyId: 'company-1',
      pricingGroupId: 'default',
      carrierAccount: { accountNumber: 'SBX-CARRIERY-DEFAULT' },
      isThirdParty: true,
      createdDate: '2025-03-14T15:00:00.000Z',
      expiresAt: '2025-03-15T15:00:00.000Z',
      carrier: { code: 'CARRIERY', kind: 'parcel' },
      rate: { margin: { subtotal: 120, tax: 16, total: 136 } },
    });
  });

  test('never copies the carrier credentials', () => {
    expect(JSON.stringify(internal)).not.toContain('sandbox-');
    expect(internal[0]?.carrierAccount).toEqual({ accountNumber: 'SBX-CARRIERY-DEFAULT' });
  });

  test('one internal record per public rate, same order, same ids', () => {
    expect(internal.map((r) => r.rateResponseId)).toEqual(rates.map((r) => r.rateResponseId));
    expect(internal.map(toPublicRate)).toEqual(rates);
  });
});

describe('building the rate results: pricing → selection → sort → badges', () => {
  const codes = (r: { public: { service: { code: string } }[] }) => r.public.map((x) => x.service.code);

  test('all rates, price ascending by default, ids given in the returned order', () => {
    const result = buildRateResults(input());
    expect(codes(result)).toEqual(['CARRIERY_REGULAR', 'CARRIERZ_EXPRESS_SAVER', 'CARRIERX_PRIORITY_OVERNIGHT']);
    expect(result.public.map((r) => r.rateResponseId)).toEqual(['rr-1', 'rr-2', 'rr-3']);
  });

  test('the requested sort is applied', () => {
    const result = buildRateResults(input({ request: { sort: { by: 'date', dir: 'asc' } } }));
    expect(codes(result)).toEqual(['CARRIERX_PRIORITY_OVERNIGHT', 'CARRIERZ_EXPRESS_SAVER', 'CARRIERY_REGULAR']);
  });

  test('badges are computed over all returned rates and do not move them', () => {
    const result = buildRateResults(input({ request: { sort: { by: 'price', dir: 'desc' } } }));
    expect(result.public.map((r) => [r.service.code, r.isBestPrice, r.isFastDelivery])).toEqual([
      ['CARRIERX_PRIORITY_OVERNIGHT', false, true],
      ['CARRIERZ_EXPRESS_SAVER', false, false],
      ['CARRIERY_REGULAR', true, false],
    ]);
    // Carrier X has the largest customer discount (20 %; Y 18 %, Z 15 %), so the best value.
    expect(result.public.map((r) => r.isBestChoice)).toEqual([true, false, false]);
  });

  test('badges are computed over the rates actually returned: a single selected rate gets all three', () => {
    const result = buildRateResults(input({ request: { shippingType: { carrier: 'CARRIERZ' } } }));
    expect(result.public.map((r) => [r.service.code, r.isBestPrice, r.isBestChoice, r.isFastDelivery])).toEqual([['CARRIERZ_EXPRESS_SAVER', true, true, true]]);
  });

  test('selection by service code picks across carriers', () => {
    expect(codes(buildRateResults(input({ request: { shippingType: { carrier: 'CARRIERX', service: 'carriery_regular' } } })))).toEqual(['CARRIERY_REGULAR']);
  });

  test('no match: no rates and no ids used (the handler answers 422 NO_RATES)', () => {
    const newId = jest.fn(() => 'unused');
    const result = buildRateResults(input({ request: { shippingType: { carrier: 'CARRIERF' } }, newId }));
    expect(result.public).toEqual([]);
    expect(result.internal).toEqual([]);
    expect(newId).not.toHaveBeenCalled();
  });

  test('a quote breaking the port contract is left out and reported; the others are returned', () => {
    const bad = quotedRate('CARRIERZ_STANDARD', { charges: [charge('BASE', 10.5)] });
    const result = buildRateResults(input({ quotes: [...input().quotes, bad] }));
    expect(result.public).toHaveLength(3);
    expect(result.rejected).toEqual([{ carrierCode: 'CARRIERZ', serviceCode: 'CARRIERZ_STANDARD', reason: expect.stringContaining('10.5') }]);
  });

  test('a quote whose records disagree, or whose service is disabled, is left out and reported', () => {
    const wrongService = { ...quotedRate('CARRIERX_GROUND'), service: quotedRate('CARRIERY_REGULAR').service };
    const disabled = quotedRate('CARRIERX_FIRST_OVERNIGHT');
    const wrongPlan = { ...quotedRate('CARRIERZ_STANDARD'), plan: quotedRate('CARRIERY_REGULAR').plan };
    const result = buildRateResults(input({ quotes: [wrongService, disabled, wrongPlan] }));
    expect(result.public).toEqual([]);
    expect(result.rejected.map((r) => r.serviceCode)).toEqual(['CARRIERX_GROUND', 'CARRIERX_FIRST_OVERNIGHT', 'CARRIERZ_STANDARD']);
  });

  test('the same input gives the same output (time and ids are injected)', () => {
    expect(buildRateResults(input({ newId: idsFrom('a') }))).toEqual(buildRateResults(input({ newId: idsFrom('a') })));
  });

  test('for any quotes every public total equals its parts to the cent (property)', () => {
    const serviceCodes = ['CARRIERX_GROUND', 'CARRIERY_PRIORITY', 'CARRIERZ_STANDARD', 'CARRIERF_LTL_STANDARD'];
    const quotesArb = fc.array(
      fc.record({
        service: fc.constantFrom(...serviceCodes),
        amounts: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 5 }),
        rateBp: fc.integer({ min: 0, max: 1_500 }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(quotesArb, (specs) => {
        const quotes = specs.map((s) =>
          quotedRate(s.service, {
            charges: s.amounts.map((a, i) => charge(`C${i}`, a)),
            taxes: [{ code: 'T', name: { en: 'T' }, rateBp: s.rateBp }],
          }),
        );
        const cents = (m: { amount: number }) => Math.round(m.amount * 100);
        for (const rate of buildRateResults(input({ quotes })).public) {
          for (const tier of [rate.rate.totals.retail, rate.rate.totals.discounted, rate.rate.totals.account]) {
            expect(cents(tier.subtotal) + cents(tier.tax)).toBe(cents(tier.total));
          }
          expect(rate.rate.charges.reduce((s, c) => s + cents(c.retail), 0)).toBe(cents(rate.rate.totals.retail.subtotal));
          expect(rate.rate.charges.reduce((s, c) => s + cents(c.account), 0)).toBe(cents(rate.rate.totals.account.subtotal));
        }
      }),
    );
  });
});

describe('the carriers that rated (data.unavailable lists the others)', () => {
  test('a carrier with a priced rate counts even when the selection leaves it out', () => {
    expect(buildRateResults(input({ request: { shippingType: { carrier: 'cheapest' } } })).rated).toEqual(['CARRIERX', 'CARRIERY', 'CARRIERZ']);
  });

  test('a carrier whose every quote was rejected did not rate', () => {
    const disabled = quotedRate('CARRIERX_FIRST_OVERNIGHT');
    expect(buildRateResults(input({ quotes: [disabled, quotedRate('CARRIERY_REGULAR')] })).rated).toEqual(['CARRIERY']);
  });
});
