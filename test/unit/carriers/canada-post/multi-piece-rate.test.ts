/**
 * Canada Post rates of an order of several parcels (docs/canada-post.md,
 * "Multi-piece"): each piece priced by its own Get Rates (its quantity
 * counted, never sent as one parcel), the scenarios valid against
 * rating.xsd, the quotes summed per service offered for every piece, the
 * slowest commitment, the coverage shared, the calls bounded in number and
 * in flight.
 */
import { canadaPostXmlProblems } from '../../../../local/canada-post/xsd';
import { CANADA_POST_MAX_PARCELS } from '../../../../shared/carriers/canada-post/mapping';
import {
  buildCanadaPostRateRequest,
  canadaPostRate,
  combineCanadaPostQuotes,
  mailingScenarioXml,
  RATE_CONCURRENCY,
} from '../../../../shared/carriers/canada-post/rate';
import type { CanadaPostApi } from '../../../../shared/carriers/canada-post/api';
import { CarrierRefusal, type CarrierQuote } from '../../../../shared/domain/carrier';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { piece, rateRequest, withOptions } from '../fixtures';
import { CONTRACT, CUSTOMER, montreal, priceQuote, priceQuotes, rateInputOf } from './fixtures';

const twoPieces = () =>
  rateRequest({
    recipient: montreal,
    packages: {
      unitOfMeasure: 'metric',
      pieces: [piece('GENERIC_BOX', { quantity: 2, weight: 2 }), piece('GENERIC_BOX', { weight: 5, length: 40, width: 30, height: 20 })],
    },
  });

const quote = (serviceCode: string, amounts: number[], commitment: CarrierQuote['commitment'], gstBp = 500): CarrierQuote => ({
  carrierCode: 'CANADAPOST',
  serviceCode,
  currency: 'CAD',
  fxRate: 1,
  charges: amounts.map((amount, i) => ({
    code: i === 0 ? `${serviceCode}_BASE` : 'CANADAPOST_FUEL',
    billingCode: 'X',
    name: { en: 'x', fr: 'x' },
    type: i === 0 ? 'base' : 'fuel',
    chips: [],
    amount,
  })),
  taxes: [{ code: 'GST', name: { en: 'GST', fr: 'TPS' }, rateBp: gstBp }],
  commitment,
});
const by = (commitDate: string, guaranteed = true) => ({ commitDate, commitTime: '23:59', timezoneCode: 'LOCAL', guaranteed });

describeWithCanadaPostSchemas('Canada Post rates of several parcels', () => {
  it('prices each piece once with its quantity, every scenario valid against rating.xsd', async () => {
    const request = buildCanadaPostRateRequest(rateInputOf(twoPieces()));
    expect(request.parcels.map((p) => p.count)).toEqual([2, 1]);
    expect(request.parcels.map((p) => (p.characteristics as { weight: string }).weight)).toEqual(['2.000', '5.000']);
    for (const parcel of request.parcels) {
      const xml = mailingScenarioXml(request, CONTRACT, parcel.characteristics);
      expect(await canadaPostXmlProblems(xml, 'rating.xsd')).toEqual([]);
      expect(xml).toContain(`<weight>${(parcel.characteristics as { weight: string }).weight}</weight>`);
    }
  });

  it('shares the coverage among the parcels, together at least the amount declared', () => {
    const request = buildCanadaPostRateRequest(rateInputOf(withOptions(twoPieces(), { insurance: { amount: 100, currency: 'CAD' } })));
    expect(mailingScenarioXml(request)).toContain('<option-code>COV</option-code><option-amount>33.34</option-amount>');
  });

  it('refuses a return label with several parcels (a return-spec goes with one shipment)', () => {
    expect(() => buildCanadaPostRateRequest(rateInputOf(withOptions(twoPieces(), { createReturnLabel: true })))).toThrow(/order of one parcel only/);
  });

  it(`refuses more than ${CANADA_POST_MAX_PARCELS} parcels (one shipment each)`, () => {
    const many = rateRequest({
      recipient: montreal,
      packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: CANADA_POST_MAX_PARCELS + 1 })] },
    });
    expect(() => buildCanadaPostRateRequest(rateInputOf(many))).toThrow(CarrierRefusal);
  });
});

describe('combineCanadaPostQuotes', () => {
  it('sums each charge over the parcels, keeps only services offered for every piece, and the slowest commitment', () => {
    const combined = combineCanadaPostQuotes([
      { quotes: [quote('CANADAPOST_EXPEDITED_PARCEL', [1000, 100], by('2025-06-05')), quote('CANADAPOST_PRIORITY', [3000, 300], by('2025-06-04'))], count: 2 },
      { quotes: [quote('CANADAPOST_EXPEDITED_PARCEL', [1500, 150], by('2025-06-06', false))], count: 1 },
    ]);
    expect(combined.map((q) => q.serviceCode)).toEqual(['CANADAPOST_EXPEDITED_PARCEL']);
    expect(combined[0]!.charges.map((c) => [c.code, c.amount])).toEqual([
      ['CANADAPOST_EXPEDITED_PARCEL_BASE', 3500],
      ['CANADAPOST_FUEL', 350],
    ]);
    expect(combined[0]!.commitment).toEqual(by('2025-06-06', false));
    expect(combined[0]!.taxes).toEqual([{ code: 'GST', name: { en: 'GST', fr: 'TPS' }, rateBp: 500 }]);
  });

  it('weights a tax that differs between parcels by their pre-tax prices; no commitment when a parcel has none', () => {
    const [combined] = combineCanadaPostQuotes([
      { quotes: [quote('CANADAPOST_EXPEDITED_PARCEL', [1000], by('2025-06-05'), 500)], count: 1 },
      { quotes: [quote('CANADAPOST_EXPEDITED_PARCEL', [3000], null, 1300)], count: 1 },
    ]);
    expect(combined!.taxes[0]!.rateBp).toBe(1100);
    expect(combined!.commitment).toBeNull();
  });
});

describe('canadaPostRate of several pieces', () => {
  it(`sends one Get Rates per piece, at most ${RATE_CONCURRENCY} at once, and answers the order's sum`, async () => {
    const pieces = Array.from({ length: 6 }, (_, i) => piece('GENERIC_BOX', { weight: i + 1 }));
    const request = buildCanadaPostRateRequest(rateInputOf(rateRequest({ recipient: montreal, packages: { unitOfMeasure: 'metric', pieces } })));
    let inFlight = 0;
    let most = 0;
    const weights: string[] = [];
    const api: CanadaPostApi = {
      mode: 'test',
      customerNumber: CUSTOMER,
      refundEmail: async () => undefined,
      async send(sent) {
        inFlight++;
        most = Math.max(most, inFlight);
        weights.push(/<weight>([^<]+)<\/weight>/.exec(sent.body!.xml)![1]!);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return {
          status: 200,
          contentType: 'application/vnd.cpc.ship.rate-v4+xml',
          body: Buffer.from(priceQuotes(priceQuote('DOM.EP', 'Expedited Parcel', { base: '10.00', due: '10.00' }))),
        };
      },
    };
    const quotes = await canadaPostRate(request, api, AbortSignal.timeout(5_000));
    expect(weights.sort()).toEqual(['1.000', '2.000', '3.000', '4.000', '5.000', '6.000']);
    expect(most).toBe(RATE_CONCURRENCY);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.charges.reduce((sum, c) => sum + c.amount, 0)).toBe(6000);
  });
});
