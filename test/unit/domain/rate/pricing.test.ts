import fc from 'fast-check';
import { allocateDiscount, applyBp, MAX_AMOUNT, priceQuote, TIERS, toMoney } from '../../../../shared/domain/rate';
import type { QuoteTax } from '../../../../shared/domain/carrier';
import { appErrorOf, charge, plan, quote } from './fixtures';

const HST: QuoteTax = { code: 'HST', name: { en: 'HST' }, rateBp: 1_300 };

describe('price tiers of a quote (spec 2.14)', () => {
  // 20.00 base + 3.33 fuel at list price; plan: 35 % account, 20 % customer discount; 13 % HST.
  const priced = priceQuote(quote('CARRIERX', 'CARRIERX_GROUND', { taxes: [HST] }), plan('CARRIERX'));

  test('retail is the carrier list price: the quote charge amounts', () => {
    expect(priced.charges.map((c) => c.retail)).toEqual([2_000, 333]);
    expect(priced.totals.retail).toEqual({ subtotal: 2_333, tax: 303, total: 2_636 });
  });

  test('account is the list price minus the plan account discount (negotiated carrier price)', () => {
    expect(priced.charges.map((c) => c.account)).toEqual([1_300, 216]);
    expect(priced.totals.account).toEqual({ subtotal: 1_516, tax: 197, total: 1_713 });
  });

  test('discounted is the list price minus the plan customer discount (customer price)', () => {
    expect(priced.charges.map((c) => c.discounted)).toEqual([1_600, 266]);
    expect(priced.totals.discounted).toEqual({ subtotal: 1_866, tax: 243, total: 2_109 });
  });

  test('the margin is discounted minus account, per charge and per component', () => {
    expect(priced.charges.map((c) => c.margin)).toEqual([300, 50]);
    expect(priced.margin).toEqual({ subtotal: 350, tax: 46, total: 396 });
  });

  test("where the carrier states the account's negotiated price, the account tier is that price and the customer discount is capped by it", () => {
    // UPS: list 23.33, negotiated 21.00 (a 9.99 % discount, less than the plan's 35 % and its 20 % customer discount).
    const negotiated = priceQuote(quote('UPS', 'UPS_GROUND', { taxes: [HST], negotiatedSubtotal: 2_100 }), plan('CARRIERX'));
    expect(negotiated.totals.account.subtotal).toBe(2_100);
    expect(negotiated.discountBp).toEqual({ account: 999, customer: 999 });
    expect(negotiated.totals.discounted.subtotal).toBe(2_100);
    // A negotiated price above the list, or none, leaves the plan's discount.
    for (const negotiatedSubtotal of [2_334, 0, undefined]) {
      expect(priceQuote(quote('UPS', 'UPS_GROUND', { negotiatedSubtotal }), plan('CARRIERX')).totals.account.subtotal).toBe(1_516);
    }
  });

  test('each tax applies its rate to the subtotal of each tier', () => {
    expect(priced.taxes).toEqual([{ ...HST, retail: 303, account: 197, discounted: 243 }]);
  });

  test('several taxes are rounded one by one and summed', () => {
    const taxes: QuoteTax[] = [
      { code: 'GST', name: { en: 'GST' }, rateBp: 500 },
      { code: 'QST', name: { en: 'QST' }, rateBp: 998 },
    ];
    const p = priceQuote(quote('CARRIERY', 'S', { charges: [charge('BASE', 1_111)], taxes }), { accountDiscountBp: 0, customerDiscountBp: 0 });
    // 55.55 → 56 and 110.88 → 111
    expect(p.taxes.map((t) => t.retail)).toEqual([56, 111]);
    expect(p.totals.retail).toEqual({ subtotal: 1_111, tax: 167, total: 1_278 });
  });

  test('discounted is never below account: the customer discount is capped at the account discount', () => {
    const p = priceQuote(quote('CARRIERX', 'S'), { accountDiscountBp: 3_000, customerDiscountBp: 5_000 });
    expect(p.totals.discounted).toEqual(p.totals.account);
    expect(p.discountBp).toEqual({ account: 3_000, customer: 3_000 });
  });

  test('a quote without charges or taxes prices to zero in every tier', () => {
    const p = priceQuote(quote('CARRIERX', 'S', { charges: [], taxes: [] }), plan('CARRIERX'));
    for (const tier of TIERS) expect(p.totals[tier]).toEqual({ subtotal: 0, tax: 0, total: 0 });
  });

  test('currency and fxRate are carried from the quote', () => {
    const p = priceQuote(quote('CARRIERX', 'S', { currency: 'USD', fxRate: 1.37 }), plan('CARRIERX'));
    expect(p).toMatchObject({ currency: 'USD', fxRate: 1.37 });
  });

  test.each([
    ['accountDiscountBp', { accountDiscountBp: 10_001, customerDiscountBp: 0 }],
    ['customerDiscountBp', { accountDiscountBp: 100, customerDiscountBp: -1 }],
    ['accountDiscountBp', { accountDiscountBp: 12.5, customerDiscountBp: 0 }],
  ])('a plan with %s outside 0–10 000 whole basis points is an internal error, not exposed', (_field, discounts) => {
    const error = appErrorOf(() => priceQuote(quote('CARRIERX', 'S'), discounts));
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL', expose: false });
  });

  test.each([12.5, Number.NaN, MAX_AMOUNT + 1])('a charge of %p minor units breaks the port contract: internal error', (amount) => {
    const error = appErrorOf(() => priceQuote(quote('CARRIERX', 'S', { charges: [charge('BASE', amount)] }), plan('CARRIERX')));
    expect(error).toMatchObject({ status: 500, code: 'INTERNAL', expose: false });
  });

  test('a tax rate outside 0–10 000 basis points is an internal error', () => {
    const taxes = [{ ...HST, rateBp: -5 }];
    expect(appErrorOf(() => priceQuote(quote('CARRIERX', 'S', { taxes }), plan('CARRIERX'))).status).toBe(500);
  });
});

describe('rounding to the cent', () => {
  test('amounts round half up', () => {
    expect(applyBp(5, 5_000)).toBe(3); // 2.5
    expect(applyBp(5, 4_999)).toBe(2); // 2.4995
    expect(applyBp(-5, 5_000)).toBe(-2); // -2.5, half up is towards +infinity
  });

  test('the discount is spread by largest remainder, so the charges sum to the rounded subtotal', () => {
    // 222.0111 + 222.0111 + 222.6778 = 666.7 → 667: the extra cent goes to the largest remainder.
    expect(allocateDiscount([333, 333, 334], 3_333)).toEqual([222, 222, 223]);
  });

  test('equal remainders give the extra cents to the earlier charges', () => {
    // 0.5 × 3 = 1.5 → 2
    expect(allocateDiscount([1, 1, 1], 5_000)).toEqual([1, 1, 0]);
  });

  test('credits (negative lines) are allocated the same way', () => {
    const parts = allocateDiscount([1_001, -333], 2_500);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(applyBp(668, 7_500));
  });
});

describe('money in responses', () => {
  test.each([
    [1_005, 10.05],
    [1, 0.01],
    [0, 0],
    [123_456_789, 1_234_567.89],
    [-250, -2.5],
  ])('%p minor units are %p', (minor, amount) => {
    expect(toMoney(minor, 'CAD')).toEqual({ amount, currency: 'CAD' });
  });

  test('zero is never negative zero', () => {
    expect(Object.is(toMoney(-0, 'CAD').amount, 0)).toBe(true);
  });

  test('amounts serialize with at most two decimals and convert back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_AMOUNT, max: MAX_AMOUNT }), (minor) => {
        const { amount } = toMoney(minor, 'CAD');
        expect(JSON.stringify(amount)).toMatch(/^-?\d+(\.\d{1,2})?(e\+\d+)?$/);
        expect(Math.round(amount * 100)).toBe(minor);
      }),
    );
  });
});

describe('every total equals its parts to the cent (property)', () => {
  const bp = fc.integer({ min: 0, max: 10_000 });
  const taxesArb = fc.array(
    fc.record({ code: fc.constantFrom('GST', 'PST', 'QST', 'HST'), name: fc.constant({ en: 'tax' }), rateBp: fc.integer({ min: 0, max: 2_500 }) }),
    { maxLength: 3 },
  );
  const chargesArb = (min: number) =>
    fc.array(
      fc.integer({ min, max: 5_000_000 }).map((amount) => charge('C', amount)),
      { maxLength: 8 },
    );

  test('charges sum to the subtotal, taxes to the tax, subtotal + tax to the total, in every tier', () => {
    fc.assert(
      fc.property(chargesArb(-50_000), taxesArb, bp, bp, (charges, taxes, accountDiscountBp, customerDiscountBp) => {
        const p = priceQuote(quote('CARRIERX', 'S', { charges, taxes }), { accountDiscountBp, customerDiscountBp });
        for (const tier of TIERS) {
          const t = p.totals[tier];
          expect(p.charges.reduce((s, c) => s + c[tier], 0)).toBe(t.subtotal);
          expect(p.taxes.reduce((s, x) => s + x[tier], 0)).toBe(t.tax);
          expect(t.total).toBe(t.subtotal + t.tax);
          for (const amount of [t.subtotal, t.tax, t.total, ...p.charges.map((c) => c[tier])]) expect(Number.isSafeInteger(amount)).toBe(true);
        }
        expect(p.margin.total).toBe(p.totals.discounted.total - p.totals.account.total);
        expect(p.charges.reduce((s, c) => s + c.margin, 0)).toBe(p.margin.subtotal);
      }),
      { numRuns: 1_000 },
    );
  });

  test('each tier is the exact discounted price rounded, and each charge is within a cent of its exact share', () => {
    fc.assert(
      fc.property(chargesArb(-50_000), bp, (charges, accountDiscountBp) => {
        const p = priceQuote(quote('CARRIERX', 'S', { charges, taxes: [] }), { accountDiscountBp, customerDiscountBp: 0 });
        const keep = 10_000 - accountDiscountBp;
        const exactTimes10k = p.totals.retail.subtotal * keep;
        expect(Math.abs(p.totals.account.subtotal * 10_000 - exactTimes10k)).toBeLessThanOrEqual(5_000);
        p.charges.forEach((c) => expect(Math.abs(c.account * 10_000 - c.retail * keep)).toBeLessThan(10_000));
      }),
      { numRuns: 1_000 },
    );
  });

  test('for list prices of zero or more: retail ≥ discounted ≥ account ≥ 0 in subtotal, tax and total', () => {
    fc.assert(
      fc.property(chargesArb(0), taxesArb, bp, bp, (charges, taxes, accountDiscountBp, customerDiscountBp) => {
        const { retail, discounted, account } = priceQuote(quote('CARRIERX', 'S', { charges, taxes }), {
          accountDiscountBp,
          customerDiscountBp,
        }).totals;
        for (const part of ['subtotal', 'tax', 'total'] as const) {
          expect(retail[part]).toBeGreaterThanOrEqual(discounted[part]);
          expect(discounted[part]).toBeGreaterThanOrEqual(account[part]);
          expect(account[part]).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  test('the public two-decimal amounts of a tier still add up', () => {
    fc.assert(
      fc.property(chargesArb(0), taxesArb, bp, (charges, taxes, accountDiscountBp) => {
        const p = priceQuote(quote('CARRIERX', 'S', { charges, taxes }), { accountDiscountBp, customerDiscountBp: accountDiscountBp });
        for (const tier of TIERS) {
          const cents = (minor: number) => Math.round(toMoney(minor, 'CAD').amount * 100);
          expect(cents(p.totals[tier].subtotal) + cents(p.totals[tier].tax)).toBe(cents(p.totals[tier].total));
        }
      }),
    );
  });
});
