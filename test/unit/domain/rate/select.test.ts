import fc from 'fast-check';
import { orderRates, selectRates } from '../../../../shared/domain/rate';
import { commitment, facts, factsArb } from './fixtures';

// X: cheapest overall, latest; Y: fastest, dearest; Z: middle price, middle date, two services.
const xGround = facts({ carrierCode: 'CARRIERX', serviceCode: 'CARRIERX_GROUND', discountedTotal: 1_000, commitment: commitment('2025-03-20') });
const yPriority = facts({ carrierCode: 'CARRIERY', serviceCode: 'CARRIERY_PRIORITY', discountedTotal: 5_000, commitment: commitment('2025-03-15', '12:00') });
const zStandard = facts({ carrierCode: 'CARRIERZ', serviceCode: 'CARRIERZ_STANDARD', discountedTotal: 2_000, commitment: commitment('2025-03-18') });
const zExpress = facts({ carrierCode: 'CARRIERZ', serviceCode: 'CARRIERZ_EXPRESS', discountedTotal: 4_000, commitment: commitment('2025-03-16') });
const rates = [zExpress, xGround, yPriority, zStandard];

describe('selection of the returned rates (spec 2.12, docs/decisions.md)', () => {
  test('carrier omitted, service omitted: treated as carrier all, every rate', () => {
    expect(selectRates(rates, {})).toEqual(rates);
  });

  test('carrier all (service ignored when omitted or default): every quoted rate', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'all' } })).toEqual(rates);
    expect(selectRates(rates, { shippingType: { carrier: 'all', service: 'default' } })).toEqual(rates);
  });

  test('carrier cheapest: a single rate, the lowest total price', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'cheapest' } })).toEqual([xGround]);
  });

  test('carrier fastest: a single rate, the earliest commitment date and time', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'fastest' } })).toEqual([yPriority]);
  });

  test('carrier code, service omitted: the cheapest rate of that carrier only', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'CARRIERZ' } })).toEqual([zStandard]);
  });

  test('any carrier with a service code: the first rate whose service code matches without case, across all carriers', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'all', service: 'carrierz_express' } })).toEqual([zExpress]);
    expect(selectRates(rates, { shippingType: { service: 'CarrierY_Priority' } })).toEqual([yPriority]);
    expect(selectRates(rates, { shippingType: { carrier: 'cheapest', service: 'CARRIERY_PRIORITY' } })).toEqual([yPriority]);
  });

  test('carrier code with a service code: selection by service only, the carrier filter is not applied', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'CARRIERX', service: 'CARRIERY_PRIORITY' } })).toEqual([yPriority]);
  });
});

describe('selection details', () => {
  test('a carrier code is matched without case', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'carrierZ' } })).toEqual([zStandard]);
  });

  test('keywords are matched without case', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'CHEAPEST' } })).toEqual([xGround]);
  });

  test('service default (any case) leaves the carrier rules in charge', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'CARRIERZ', service: 'DEFAULT' } })).toEqual([zStandard]);
  });

  test('no match gives no rate: unknown carrier, unknown service, no quotes', () => {
    expect(selectRates(rates, { shippingType: { carrier: 'CARRIERQ' } })).toEqual([]);
    expect(selectRates(rates, { shippingType: { service: 'CARRIERQ_WARP' } })).toEqual([]);
    expect(selectRates([], { shippingType: { carrier: 'cheapest' } })).toEqual([]);
    expect(selectRates([], {})).toEqual([]);
  });

  test('among several matches of a service code the first in the requested sort order wins (price ascending by default)', () => {
    const dear = facts({ carrierCode: 'CARRIERX', serviceCode: 'SHARED', discountedTotal: 900, commitment: commitment('2025-03-15') });
    const cheap = facts({ carrierCode: 'CARRIERY', serviceCode: 'SHARED', discountedTotal: 700, commitment: commitment('2025-03-19') });
    expect(selectRates([dear, cheap], { shippingType: { service: 'shared' } })).toEqual([cheap]);
    expect(selectRates([dear, cheap], { shippingType: { service: 'shared' }, sort: { by: 'date' } })).toEqual([dear]);
  });

  test('fastest: a rate without commitment never wins while another has one', () => {
    const noCommitmentCheap = facts({ discountedTotal: 1, commitment: null });
    expect(selectRates([noCommitmentCheap, zStandard], { shippingType: { carrier: 'fastest' } })).toEqual([zStandard]);
  });

  test('fastest when no rate has a commitment: the cheapest', () => {
    const a = facts({ discountedTotal: 300 });
    const b = facts({ discountedTotal: 200 });
    expect(selectRates([a, b], { shippingType: { carrier: 'fastest' } })).toEqual([b]);
  });

  test('fastest compares the time as well as the date', () => {
    const morning = facts({ commitment: commitment('2025-03-15', '10:30'), discountedTotal: 900 });
    const noon = facts({ commitment: commitment('2025-03-15', '12:00'), discountedTotal: 100 });
    expect(selectRates([noon, morning], { shippingType: { carrier: 'fastest' } })).toEqual([morning]);
  });

  test('cheapest ties go to the earlier commitment', () => {
    const late = facts({ discountedTotal: 500, commitment: commitment('2025-03-19') });
    const early = facts({ discountedTotal: 500, commitment: commitment('2025-03-16') });
    expect(selectRates([late, early], { shippingType: { carrier: 'cheapest' } })).toEqual([early]);
  });

  test('cheapest and fastest are the heads of the price and date orders, for any rates (property)', () => {
    fc.assert(
      fc.property(fc.array(factsArb, { maxLength: 8 }), (all) => {
        expect(selectRates(all, { shippingType: { carrier: 'cheapest' } })).toEqual(orderRates(all, { by: 'price' }).slice(0, 1));
        const [fastest] = selectRates(all, { shippingType: { carrier: 'fastest' } });
        if (all.some((r) => r.commitment)) expect(fastest?.commitment).not.toBeNull();
        const [cheapest] = selectRates(all, { shippingType: { carrier: 'cheapest' } });
        for (const r of all) expect(cheapest?.discountedTotal).toBeLessThanOrEqual(r.discountedTotal);
      }),
    );
  });
});
