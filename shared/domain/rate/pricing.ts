/**
 * The three price tiers of a quote (spec 2.14, docs/decisions.md), in integer minor
 * units:
 *
 * - `retail`: the carrier list price (the quote's charge amounts);
 * - `account`: list minus the plan's `accountDiscountBp`, the negotiated
 *   carrier price; where the carrier states the account's price
 *   (`negotiatedSubtotal`, UPS's negotiated rates), the discount that gives
 *   that price instead (to the nearest basis point, so the account subtotal
 *   is the carrier's to within a cent per 100 dollars);
 * - `discounted`: list minus the plan's `customerDiscountBp`, the customer
 *   price; never below `account` (the customer discount is capped at the
 *   account discount, so the service never sells under its own cost).
 *
 * Rounding: a tier subtotal is the exact discounted list subtotal rounded half
 * up; the discount is then spread over the charges by largest remainder
 * (ties to the earlier charge), so the charges of a tier always sum to its
 * subtotal. Each tax is its rate applied to the tier subtotal, rounded half up;
 * tax = sum of taxes; total = subtotal + tax. Every total equals its parts to
 * the cent by construction.
 */
import { AppError } from '../../errors';
import type { CarrierQuote, QuoteCharge, QuoteTax } from '../carrier';
import type { PricingPlan } from '../entities';

export const BP = 10_000;
/** Largest |amount| priced exactly: amount × 10 000 stays a safe integer. */
export const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / BP);

export type TierName = 'retail' | 'account' | 'discounted';
export const TIERS: readonly TierName[] = ['retail', 'account', 'discounted'];

export type TierTotals = { subtotal: number; tax: number; total: number };

/** A quote line priced in the three tiers; `margin` = discounted − account (internal only). */
export type PricedCharge = Omit<QuoteCharge, 'amount'> & Record<TierName, number> & { margin: number };
export type PricedTax = QuoteTax & Record<TierName, number>;

export type PricedQuote = {
  currency: string;
  fxRate: number;
  charges: PricedCharge[];
  taxes: PricedTax[];
  totals: Record<TierName, TierTotals>;
  /** Discounts actually applied (the customer one after the cap). */
  discountBp: { account: number; customer: number };
  /** discounted − account per component: what the service earns on this rate. */
  margin: TierTotals;
};

export type Money = { amount: number; currency: string };

/** Minor units to the response's `{amount, currency}` with two decimals (`1005` → `10.05`). */
export const toMoney = (minor: number, currency: string): Money => ({ amount: minor / 100 + 0, currency });

const internal = (message: string) => new AppError(500, 'INTERNAL', message, { expose: false });

/** Floor division with a non-negative remainder, exact for safe integers. */
const floorDivMod = (n: number, d: number): [number, number] => {
  let r = n % d;
  let q = (n - r) / d;
  if (r < 0) {
    r += d;
    q -= 1;
  }
  return [q, r];
};

/** n × bp / 10 000, rounded half up. */
export const applyBp = (n: number, bp: number): number => {
  const [q, r] = floorDivMod(n * bp, BP);
  return 2 * r >= BP ? q + 1 : q;
};

/**
 * Each amount × (10 000 − bp) / 10 000, as integers summing exactly to the
 * rounded discounted total: floors first, then one unit each to the largest
 * remainders (earlier index first on ties).
 */
export const allocateDiscount = (amounts: readonly number[], bp: number): number[] => {
  const keep = BP - bp;
  const target = applyBp(
    amounts.reduce((sum, a) => sum + a, 0),
    keep,
  );
  const parts = amounts.map((a) => floorDivMod(a * keep, BP));
  const floors = parts.map(([q]) => q);
  let units = target - floors.reduce((sum, q) => sum + q, 0);
  const byRemainder = parts.map(([, r], i) => ({ r, i })).sort((x, y) => y.r - x.r || x.i - y.i);
  for (const { r, i } of byRemainder) {
    if (units === 0 || r === 0) break;
    floors[i] = (floors[i] as number) + 1;
    units -= 1;
  }
  return floors;
};

const assertBp = (name: string, bp: number) => {
  if (!Number.isInteger(bp) || bp < 0 || bp > BP) throw internal(`${name} must be an integer between 0 and ${BP}, got ${bp}`);
};

const assertAmounts = (quote: CarrierQuote) => {
  const subtotal = quote.charges.reduce((sum, c) => sum + c.amount, 0);
  for (const amount of [...quote.charges.map((c) => c.amount), subtotal]) {
    if (!Number.isSafeInteger(amount) || Math.abs(amount) > MAX_AMOUNT) {
      throw internal(`quote ${quote.carrierCode}/${quote.serviceCode} has an amount that is not an integer number of minor units: ${amount}`);
    }
  }
};

/** The discount off the list that makes the carrier's negotiated price; undefined when there is none usable (absent, not below the list, or not positive). */
const negotiatedDiscountBp = (retail: readonly number[], negotiated: number | undefined): number | undefined => {
  const list = retail.reduce((sum, a) => sum + a, 0);
  if (negotiated === undefined || !Number.isSafeInteger(negotiated) || negotiated <= 0 || list <= 0 || negotiated > list) return undefined;
  return Math.round(((list - negotiated) * BP) / list);
};

/**
 * Prices a carrier quote with the plan of its carrier. Throws a 500 AppError
 * (not exposed) when the quote or the plan breaks the port's contract
 * (non-integer amounts, discounts or tax rates outside 0–10 000 bp).
 */
export const priceQuote = (quote: CarrierQuote, plan: Pick<PricingPlan, 'accountDiscountBp' | 'customerDiscountBp'>): PricedQuote => {
  assertBp('accountDiscountBp', plan.accountDiscountBp);
  assertBp('customerDiscountBp', plan.customerDiscountBp);
  for (const tax of quote.taxes) assertBp(`tax ${tax.code} rateBp`, tax.rateBp);
  assertAmounts(quote);

  const retail = quote.charges.map((c) => c.amount);
  const accountBp = negotiatedDiscountBp(retail, quote.negotiatedSubtotal) ?? plan.accountDiscountBp;
  const customerBp = Math.min(plan.customerDiscountBp, accountBp);
  const amounts: Record<TierName, number[]> = {
    retail,
    account: allocateDiscount(retail, accountBp),
    discounted: allocateDiscount(retail, customerBp),
  };

  const charges: PricedCharge[] = quote.charges.map((c, i) => {
    const account = amounts.account[i] as number;
    const discounted = amounts.discounted[i] as number;
    return {
      code: c.code,
      billingCode: c.billingCode,
      name: c.name,
      type: c.type,
      chips: c.chips,
      retail: c.amount,
      account,
      discounted,
      margin: discounted - account,
    };
  });

  const subtotals = {
    retail: retail.reduce((s, a) => s + a, 0),
    account: amounts.account.reduce((s, a) => s + a, 0),
    discounted: amounts.discounted.reduce((s, a) => s + a, 0),
  };
  const taxes: PricedTax[] = quote.taxes.map((t) => ({
    code: t.code,
    name: t.name,
    rateBp: t.rateBp,
    retail: applyBp(subtotals.retail, t.rateBp),
    account: applyBp(subtotals.account, t.rateBp),
    discounted: applyBp(subtotals.discounted, t.rateBp),
  }));
  const tier = (name: TierName): TierTotals => {
    const tax = taxes.reduce((s, t) => s + t[name], 0);
    return { subtotal: subtotals[name], tax, total: subtotals[name] + tax };
  };
  const totals = { retail: tier('retail'), account: tier('account'), discounted: tier('discounted') };

  return {
    currency: quote.currency,
    fxRate: quote.fxRate,
    charges,
    taxes,
    totals,
    discountBp: { account: accountBp, customer: customerBp },
    margin: {
      subtotal: totals.discounted.subtotal - totals.account.subtotal,
      tax: totals.discounted.tax - totals.account.tax,
      total: totals.discounted.total - totals.account.total,
    },
  };
};

/**
 * The plan's `customerDiscountBp` that sells at `markupBp` over the account
 * (negotiated) price, what `admin pricing-group set-plan --markup-percent`
 * stores: customer price = account price × (1 + markup), capped at the list
 * price. With account = list × (1 − a) and customer = list × (1 − c):
 * c = 1 − (1 − a)(1 + markup), at least 0. Rounded so the customer price is
 * never below the markup asked for (the discount rounds down).
 */
export const customerDiscountForMarkup = (accountDiscountBp: number, markupBp: number): number => {
  if (!Number.isInteger(accountDiscountBp) || accountDiscountBp < 0 || accountDiscountBp > BP)
    throw new RangeError(`accountDiscountBp must be an integer between 0 and ${BP}`);
  if (!Number.isInteger(markupBp) || markupBp < 0) throw new RangeError('markupBp must be a whole number of basis points, 0 or more');
  const [q, r] = floorDivMod((BP - accountDiscountBp) * (BP + markupBp), BP);
  const customerShare = r > 0 ? q + 1 : q;
  return Math.max(0, BP - customerShare);
};
