import { createCarrierRegistry } from '../../../shared/carriers/registry';
import { createSandboxTransports } from '../../../shared/carriers/sandbox/network';
import { addBusinessDays, deliveryDate } from '../../../shared/carriers/sandbox/calendar';
import { timezoneOf, zoneOf } from '../../../shared/carriers/sandbox/geography';
import { billableWeightKg, dimensionalWeight, halfKilograms } from '../../../shared/carriers/sandbox/quotes';
import { TARIFFS } from '../../../shared/carriers/sandbox/tariffs';
import { canadianSalesTaxes } from '../../../shared/carriers/sandbox/tax';
import type { CarrierQuote, RateInput } from '../../../shared/domain/carrier';
import type { CarrierPort } from '../../../shared/carriers/port';
import type { Address, RateRequest } from '../../../shared/domain/rate/schema';
import {
  chargeAmount,
  chargeCodes,
  FRIDAY,
  londonRecipient,
  newYorkRecipient,
  piece,
  quotesOf,
  rateInput,
  rateRequest,
  torontoShipper,
  vancouverRecipient,
  WEDNESDAY,
  withOptions,
} from './fixtures';

const { port } = createCarrierRegistry(createSandboxTransports());
const carrier = (code: string): CarrierPort => port(code)!;

async function quote(code: string, request: RateRequest, serviceCode?: string): Promise<CarrierQuote> {
  const input = rateInput(code, request);
  const services = serviceCode ? input.services.filter((s) => s.code === serviceCode) : input.services.slice(0, 1);
  const [first] = await quotesOf(carrier(code), { ...input, services });
  if (!first) throw new Error(`no quote from ${code}`);
  return first;
}

const X = TARIFFS.CARRIERX!;

describe('zones', () => {
  const at = (countryCode: string, provinceCode?: string, postalCode?: string) => ({ countryCode, provinceCode, postalCode });
  it.each([
    ['same Canadian region', at('CA', 'ON'), at('CA', 'ON'), 'CA1'],
    ['Ontario to Quebec', at('CA', 'ON'), at('CA', 'QC'), 'CA2'],
    ['Ontario to British Columbia', at('CA', 'ON'), at('CA', 'BC'), 'CA3'],
    ['British Columbia to Newfoundland', at('CA', 'BC'), at('CA', 'NL'), 'CA5'],
    ['to the North', at('CA', 'ON'), at('CA', 'YT'), 'CA_REMOTE'],
    ['province from the first postal letter', at('CA', undefined, 'H3Z 2Y7'), at('CA', undefined, 'B3H 1A1'), 'CA2'],
    ['US same region', at('US', 'NY'), at('US', 'NJ'), 'US1'],
    ['US coast to coast', at('US', 'NY'), at('US', 'CA'), 'US3'],
    ['US region from the ZIP code', at('US', undefined, '10118'), at('US', undefined, '60601'), 'US2'],
    ['Canada to the US', at('CA', 'ON'), at('US', 'NY'), 'CA_US'],
    ['US to Canada', at('US', 'WA'), at('CA', 'BC'), 'CA_US'],
    ['international', at('CA', 'ON'), at('GB'), 'INTL'],
  ])('%s', (_, from, to, zone) => {
    expect(zoneOf(from, to)).toBe(zone);
  });

  it('a farther zone costs more', async () => {
    const near = await quote('CARRIERX', rateRequest({ recipient: { ...vancouverRecipient, provinceCode: 'ON', postalCode: 'K1A 0A6' } }));
    const far = await quote('CARRIERX', rateRequest());
    expect(chargeAmount(far, 'BASE')!).toBeGreaterThan(chargeAmount(near, 'BASE')!);
  });
});

describe('billable weight', () => {
  it('dimensional weight uses the carrier divisor of the piece’s unit', () => {
    expect(dimensionalWeight({ count: 1, unit: 'imperial', weight: 1, dimensions: { length: 10, width: 10, height: 13.9 } }, X.dimDivisor)).toBeCloseTo(10);
    expect(dimensionalWeight({ count: 1, unit: 'metric', weight: 1, dimensions: { length: 50, width: 40, height: 30 } }, X.dimDivisor)).toBe(12);
    expect(dimensionalWeight({ count: 1, unit: 'metric', weight: 1 }, X.dimDivisor)).toBe(0);
  });

  it('dimensional weight beats actual weight when larger', () => {
    const light = { count: 1, unit: 'metric' as const, weight: 1, dimensions: { length: 50, width: 40, height: 30 } };
    expect(billableWeightKg([light], X.dimDivisor)).toBe(12);
    const heavy = { ...light, weight: 20 };
    expect(billableWeightKg([heavy], X.dimDivisor)).toBe(20);
    const imperial = { count: 1, unit: 'imperial' as const, weight: 2, dimensions: { length: 20, width: 20, height: 20 } };
    expect(billableWeightKg([imperial], X.dimDivisor)).toBeCloseTo((8000 / 139) * 0.45359237, 6);
    expect(billableWeightKg([light, heavy], X.dimDivisor)).toBe(32);
  });

  it('counts a piece of count n as n identical pieces, without expanding it', () => {
    const piece = { count: 1, unit: 'metric' as const, weight: 3, dimensions: { length: 10, width: 10, height: 10 } };
    expect(billableWeightKg([{ ...piece, count: 7 }], X.dimDivisor)).toBe(
      billableWeightKg(
        Array.from({ length: 7 }, () => piece),
        X.dimDivisor,
      ),
    );
    expect(billableWeightKg([{ ...piece, count: 200 }], X.dimDivisor)).toBe(600);
  });

  it('is charged in started half kilograms, at least one', () => {
    expect(halfKilograms(0)).toBe(1);
    expect(halfKilograms(0.5)).toBe(1);
    expect(halfKilograms(0.51)).toBe(2);
    expect(halfKilograms(12)).toBe(24);
  });

  it('a large light box is priced at its dimensional weight', async () => {
    const metric = (w: number, l: number) =>
      rateRequest({ packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { weight: w, length: l, width: 40, height: 30 })] } });
    const bulky = await quote('CARRIERX', metric(1, 50)); // 12 kg dimensional
    const dense = await quote('CARRIERX', metric(12, 5)); // 12 kg actual, 1.2 kg dimensional
    const small = await quote('CARRIERX', metric(1, 5));
    expect(chargeAmount(bulky, 'BASE')).toBe(chargeAmount(dense, 'BASE'));
    expect(chargeAmount(bulky, 'BASE')!).toBeGreaterThan(chargeAmount(small, 'BASE')!);
  });

  it('carrier X packaging is priced on weight alone: its size is the carrier’s', async () => {
    const big = { weight: 2, length: 40, width: 40, height: 40 };
    const pak = await quote('CARRIERX', rateRequest({ packages: { unitOfMeasure: 'imperial', pieces: [piece('CARRIERX_PAK', big)] } }));
    const ownBox = await quote('CARRIERX', rateRequest({ packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX', big)] } }));
    expect(chargeAmount(ownBox, 'BASE')!).toBeGreaterThan(chargeAmount(pak, 'BASE')!);
  });
});

describe('base and fuel', () => {
  it('base is the zone row at the billable weight times the service price factor; fuel a share of it', async () => {
    // Toronto → Vancouver is CA3; 4 lb and 12×10×8 in (6.9 lb dimensional) bill 3.13 kg: 7 half kilograms.
    const input = rateInput('CARRIERX');
    for (const service of input.services) {
      const q = await quote('CARRIERX', rateRequest(), service.code);
      const [first, additional] = X.zones.CA3!;
      const base = Math.round(((first + 6 * additional) * service.priceFactorBp) / 10_000);
      expect(chargeAmount(q, 'BASE')).toBe(base);
      expect(chargeAmount(q, 'FUEL')).toBe(Math.round((base * X.fuelBp) / 10_000));
      expect(q.charges[0]).toMatchObject({ type: 'base', billingCode: service.billingCode });
    }
  });

  it('amounts are integer minor units in the plan currency with fxRate 1 for CAD', async () => {
    const q = await quote('CARRIERY', rateRequest({ shippingOptions: { shippingDate: WEDNESDAY, insurance: { amount: 123.45, currency: 'USD' } } }));
    expect(q.currency).toBe('CAD');
    expect(q.fxRate).toBe(1);
    expect(q.charges.every((c) => Number.isInteger(c.amount))).toBe(true);
  });

  it('a plan in another currency gets amounts converted and the fx rate', async () => {
    const input = rateInput('CARRIERZ');
    const usd: RateInput = { ...input, plan: { ...input.plan, currency: 'USD' } };
    const [cad] = await quotesOf(carrier('CARRIERZ'), input);
    const [inUsd] = await quotesOf(carrier('CARRIERZ'), usd);
    expect(inUsd?.currency).toBe('USD');
    expect(inUsd?.fxRate).toBe(1.37);
    expect(chargeAmount(inUsd, 'BASE')).toBe(Math.round(chargeAmount(cad, 'BASE')! / 1.37));
  });
});

describe('surcharges are present only when their option is set', () => {
  const residential: Address = { ...vancouverRecipient, residential: true };

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'])('residential recipient (%s)', async (code) => {
    expect(chargeCodes(await quote(code, rateRequest({ recipient: residential })))).toContain('RESIDENTIAL');
    expect(chargeCodes(await quote(code, rateRequest()))).not.toContain('RESIDENTIAL');
  });

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERZ'])('signature required and adult signature (%s)', async (code) => {
    const codes = async (signature: 'none' | 'required' | 'adult') => chargeCodes(await quote(code, withOptions(rateRequest(), { signature })));
    expect(await codes('required')).toEqual(expect.arrayContaining(['SIGNATURE']));
    expect(await codes('required')).not.toContain('ADULT_SIGNATURE');
    expect(await codes('adult')).toEqual(expect.arrayContaining(['ADULT_SIGNATURE']));
    expect(await codes('adult')).not.toContain('SIGNATURE');
    expect(await codes('none')).not.toEqual(expect.arrayContaining(['SIGNATURE']));
    expect(await codes('none')).not.toContain('ADULT_SIGNATURE');
  });

  it.each([
    ['CARRIERX', 'CARRIERX_PRIORITY_OVERNIGHT'],
    ['CARRIERY', 'CARRIERY_PRIORITY'],
    ['CARRIERZ', 'CARRIERZ_EXPRESS'],
  ])('Saturday delivery when the delivery lands on a Saturday (%s)', async (code, service) => {
    const friday = rateRequest({ shippingOptions: { shippingDate: FRIDAY } });
    const saturday = await quote(code, withOptions(friday, { saturdayDelivery: true }), service);
    expect(saturday.commitment?.commitDate).toBe('2025-06-07');
    expect(chargeCodes(saturday)).toContain('SATURDAY_DELIVERY');
    const monday = await quote(code, friday, service);
    expect(monday.commitment?.commitDate).toBe('2025-06-09');
    expect(chargeCodes(monday)).not.toContain('SATURDAY_DELIVERY');
  });

  it('no Saturday surcharge when the delivery is on a weekday anyway or the service has no Saturday delivery', async () => {
    const midweek = await quote(
      'CARRIERX',
      rateRequest({ shippingOptions: { shippingDate: WEDNESDAY, saturdayDelivery: true } }),
      'CARRIERX_PRIORITY_OVERNIGHT',
    );
    expect(midweek.commitment?.commitDate).toBe('2025-06-05');
    expect(chargeCodes(midweek)).not.toContain('SATURDAY_DELIVERY');
    const ground = await quote('CARRIERX', rateRequest({ shippingOptions: { shippingDate: FRIDAY, saturdayDelivery: true } }), 'CARRIERX_GROUND');
    expect(ground.commitment?.commitDate).toBe('2025-06-12');
    expect(chargeCodes(ground)).not.toContain('SATURDAY_DELIVERY');
  });

  it.each(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF'])('insurance per 100 of the insured amount (%s)', async (code) => {
    const insured = await quote(code, withOptions(rateRequest(), { insurance: { amount: 250, currency: 'CAD' } }));
    expect(chargeAmount(insured, 'INSURANCE')).toBe(3 * TARIFFS[code]!.insurancePer100);
    expect(chargeCodes(await quote(code, rateRequest()))).not.toContain('INSURANCE');
    expect(chargeCodes(await quote(code, withOptions(rateRequest(), { insurance: { amount: 0, currency: 'CAD' } })))).not.toContain('INSURANCE');
  });

  it('freight has no signature or Saturday service to charge', async () => {
    const q = await quote('CARRIERF', withOptions(rateRequest({ shippingOptions: { shippingDate: FRIDAY } }), { signature: 'adult', saturdayDelivery: true }));
    expect(chargeCodes(q)).toEqual(['BASE', 'FUEL']);
  });

  it('a quote with no option set has only base and fuel', async () => {
    for (const code of ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF']) {
      expect(chargeCodes(await quote(code, rateRequest()))).toEqual(['BASE', 'FUEL']);
    }
  });
});

describe('estimated duties and taxes (carrier X)', () => {
  const goods = (recipient: Address, requestEstimatedDutiesAndTaxes?: boolean) =>
    rateRequest({
      recipient,
      internationalOptions: { billDutyTo: 'recipient', ...(requestEstimatedDutiesAndTaxes === undefined ? {} : { requestEstimatedDutiesAndTaxes }) },
      commercialInvoice: { currency: 'CAD', invoiceItems: [{ description: 'Widget', quantity: 2, value: 50, weight: 1 }] },
    });

  it('adds an estimated duties charge for an international shipment when requested', async () => {
    const q = await quote('CARRIERX', goods(londonRecipient, true));
    const duties = q.charges.find((c) => c.code === 'ESTIMATED_DUTIES_TAXES');
    expect(duties).toMatchObject({ type: 'duties', amount: Math.round((10_000 * X.estimatedDutiesBp!.byCountry.GB!) / 10_000) });
  });

  it('no duties charge when not requested, or for a domestic shipment', async () => {
    expect(chargeCodes(await quote('CARRIERX', goods(londonRecipient)))).not.toContain('ESTIMATED_DUTIES_TAXES');
    expect(chargeCodes(await quote('CARRIERX', goods(londonRecipient, false)))).not.toContain('ESTIMATED_DUTIES_TAXES');
    expect(chargeCodes(await quote('CARRIERX', goods(vancouverRecipient, true)))).not.toContain('ESTIMATED_DUTIES_TAXES');
  });

  it('other carriers do not estimate duties', async () => {
    for (const code of ['CARRIERY', 'CARRIERZ']) {
      expect(chargeCodes(await quote(code, goods(newYorkRecipient, true)))).not.toContain('ESTIMATED_DUTIES_TAXES');
    }
  });
});

describe('Canadian sales tax by shipper province', () => {
  const taxesFrom = async (shipper: Address) => (await quote('CARRIERY', rateRequest({ shipper }))).taxes.map((t) => [t.code, t.rateBp]);

  it('Ontario: HST 13 %', async () => {
    expect(await taxesFrom(torontoShipper)).toEqual([['HST', 1300]]);
  });
  it('Alberta: GST 5 %', async () => {
    expect(await taxesFrom({ ...torontoShipper, provinceCode: 'AB', postalCode: 'T2P 1J9' })).toEqual([['GST', 500]]);
  });
  it('Quebec: GST 5 % and QST 9.975 % (998 whole basis points)', async () => {
    expect(await taxesFrom({ ...torontoShipper, provinceCode: 'QC', postalCode: 'H3B 1A7' })).toEqual([
      ['GST', 500],
      ['QST', 998],
    ]);
  });
  it('Nova Scotia: HST 14 %; the Atlantic provinces: HST 15 %', () => {
    expect(canadianSalesTaxes({ countryCode: 'CA', provinceCode: 'NS' }).map((t) => t.rateBp)).toEqual([1400]);
    for (const provinceCode of ['NB', 'NL', 'PE']) {
      expect(canadianSalesTaxes({ countryCode: 'CA', provinceCode }).map((t) => t.rateBp)).toEqual([1500]);
    }
  });
  it('the province comes from the postal code when the province code is missing', () => {
    expect(canadianSalesTaxes({ countryCode: 'CA', postalCode: 'K1A 0A6' }).map((t) => t.code)).toEqual(['HST']);
  });
  it('no tax for a US shipper', async () => {
    const shipper: Address = { ...newYorkRecipient, personName: 'US Shipper' };
    expect(await taxesFrom(shipper)).toEqual([]);
  });
  it('every rate is a whole number of basis points', () => {
    for (const provinceCode of ['AB', 'BC', 'MB', 'SK', 'ON', 'QC', 'NB', 'NS', 'PE', 'NL', 'YT', 'NT', 'NU']) {
      expect(canadianSalesTaxes({ countryCode: 'CA', provinceCode }).every((t) => Number.isInteger(t.rateBp))).toBe(true);
    }
  });
  it('tax applies whatever the carrier', async () => {
    for (const code of ['CARRIERX', 'CARRIERZ', 'CARRIERF']) {
      expect((await quote(code, rateRequest())).taxes.map((t) => t.code)).toEqual(['HST']);
    }
  });
});

describe('commitments', () => {
  it('skip weekends: Friday + 1 business day → Monday', () => {
    expect(addBusinessDays(FRIDAY, 1)).toBe('2025-06-09');
    expect(addBusinessDays(WEDNESDAY, 4)).toBe('2025-06-10');
    expect(addBusinessDays('2025-06-07', 1)).toBe('2025-06-09'); // shipped on a Saturday
  });

  it('Saturday delivery brings a delivery the weekend pushed to Monday forward to Saturday', () => {
    expect(deliveryDate(FRIDAY, 1, true)).toBe('2025-06-07');
    expect(deliveryDate('2025-06-05', 2, true)).toBe('2025-06-07');
    expect(deliveryDate(FRIDAY, 2, true)).toBe('2025-06-10');
    expect(deliveryDate('2025-06-07', 1, true)).toBe('2025-06-09');
    expect(deliveryDate(FRIDAY, 1, false)).toBe('2025-06-09');
  });

  it('the quote carries the commit date, the service’s commit time and guarantee, and the recipient’s time zone', async () => {
    const friday = rateRequest({ shippingOptions: { shippingDate: `${FRIDAY}T16:45` } });
    const overnight = await quote('CARRIERX', friday, 'CARRIERX_PRIORITY_OVERNIGHT');
    expect(overnight.commitment).toEqual({ commitDate: '2025-06-09', commitTime: '10:30', timezoneCode: 'PT', guaranteed: true });
    const ground = await quote('CARRIERX', friday, 'CARRIERX_GROUND');
    expect(ground.commitment).toEqual({ commitDate: '2025-06-12', commitTime: '23:59', timezoneCode: 'PT', guaranteed: false });
    const toNewYork = await quote('CARRIERZ', rateRequest({ recipient: newYorkRecipient }), 'CARRIERZ_STANDARD');
    expect(toNewYork.commitment?.timezoneCode).toBe('ET');
  });

  it.each([
    [{ countryCode: 'CA', provinceCode: 'BC' }, 'PT'],
    [{ countryCode: 'CA', provinceCode: 'AB' }, 'MT'],
    [{ countryCode: 'CA', provinceCode: 'MB' }, 'CT'],
    [{ countryCode: 'CA', provinceCode: 'QC' }, 'ET'],
    [{ countryCode: 'CA', provinceCode: 'NS' }, 'AT'],
    [{ countryCode: 'CA', provinceCode: 'NL' }, 'NT'],
    [{ countryCode: 'CA', postalCode: 'T5J 0N3' }, 'MT'],
    [{ countryCode: 'US', provinceCode: 'CA' }, 'PT'],
    [{ countryCode: 'US', provinceCode: 'TX' }, 'CT'],
    [{ countryCode: 'US', postalCode: '94105' }, 'PT'],
    [{ countryCode: 'GB' }, 'UTC'],
  ])('time zone code of %j is %s', (place, tz) => {
    expect(timezoneOf(place)).toBe(tz);
  });
});

describe('determinism', () => {
  it('the same input gives the same quotes, from this network or a fresh one', async () => {
    const request = rateRequest({
      recipient: { ...newYorkRecipient, residential: true },
      shippingOptions: { shippingDate: FRIDAY, signature: 'required', saturdayDelivery: true, insurance: { amount: 500, currency: 'CAD' } },
      internationalOptions: { requestEstimatedDutiesAndTaxes: true },
      commercialInvoice: { invoiceItems: [{ description: 'Widget', quantity: 4, value: 25, weight: 1 }] },
    });
    const fresh = createCarrierRegistry(createSandboxTransports());
    for (const code of ['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF']) {
      const once = await quotesOf(carrier(code), rateInput(code, request));
      const twice = await quotesOf(carrier(code), rateInput(code, request));
      const elsewhere = await quotesOf(fresh.port(code)!, rateInput(code, request));
      expect(once.length).toBeGreaterThan(0);
      expect(twice).toEqual(once);
      expect(elsewhere).toEqual(once);
    }
  });
});
