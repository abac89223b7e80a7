/**
 * `admin pricing-group set-plan --markup-percent`: a markup over the account
 * (negotiated) price, capped at the list price, stored as the plan's
 * customerDiscountBp.
 */
import fc from 'fast-check';
import { BP, customerDiscountForMarkup, priceQuote } from '../../../../shared/domain/rate';
import { charge, quote } from './fixtures';

describe('customerDiscountForMarkup', () => {
  it.each([
    // account discount, markup, customer discount
    [3500, 2000, 2200], // list 100 -> account 65 -> +20% = 78 -> 22% off list
    [3500, 0, 3500], // no markup: the customer pays the account price
    [0, 1000, 0], // no negotiated discount: capped at list
    [2000, 2500, 0], // 80 x 1.25 = 100: exactly list
    [2000, 5000, 0], // 80 x 1.5 = 120: capped at list
    [10000, 5000, 10000], // a free account stays free
    [3000, 1250, 2125], // 70 x 1.125 = 78.75
  ])('account discount %i bp with %i bp markup: customer discount %i bp', (accountBp, markupBp, customerBp) => {
    expect(customerDiscountForMarkup(accountBp, markupBp)).toBe(customerBp);
  });

  it('rounds so the customer price is never below the markup asked for (3333 bp account, 10% markup)', () => {
    // 6667 x 1.1 = 7333.7 bp of list: the customer pays 7334, 26.66% off list, never 26.67%.
    expect(customerDiscountForMarkup(3333, 1000)).toBe(2666);
  });

  it('refuses discounts and markups out of range', () => {
    expect(() => customerDiscountForMarkup(-1, 0)).toThrow(RangeError);
    expect(() => customerDiscountForMarkup(10001, 0)).toThrow(RangeError);
    expect(() => customerDiscountForMarkup(3500, -1)).toThrow(RangeError);
    expect(() => customerDiscountForMarkup(3500, 12.5)).toThrow(RangeError);
  });

  it('priced with the plan it gives, the customer subtotal is the account price plus the markup (to the cent and basis point), capped at list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: BP }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 100, max: 1_000_000 }),
        (accountBp, markupBp, amount) => {
          const customerBp = customerDiscountForMarkup(accountBp, markupBp);
          expect(customerBp).toBeGreaterThanOrEqual(0);
          expect(customerBp).toBeLessThanOrEqual(accountBp);
          const { totals } = priceQuote(quote('CARRIERX', 'CARRIERX_GROUND', { charges: [charge('BASE', amount)] }), {
            accountDiscountBp: accountBp,
            customerDiscountBp: customerBp,
          });
          // The exact price asked for: list x (1 - account discount) x (1 + markup), capped at list.
          const wanted = Math.min(amount, (((amount * (BP - accountBp)) / BP) * (BP + markupBp)) / BP);
          // Never below it but for the rounding to the cent; above it by at most that and one basis point of list.
          expect(totals.discounted.subtotal).toBeGreaterThanOrEqual(wanted - 0.5);
          expect(totals.discounted.subtotal - wanted).toBeLessThanOrEqual(0.5 + amount / BP);
          expect(totals.discounted.subtotal).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});
