/** POST /v1/rate over HTTP against the `npm start` runtime, as an integrator would call it. */
import { api, companyWithKey, expectErrorBody } from '../support/e2e';
import { sampleRateBody } from '../support/rate-body';

const body = sampleRateBody();
const clone = () => JSON.parse(JSON.stringify(body));

type Money = { amount: number; currency: string };
type Rate = {
  carrier: { code: string };
  service: { code: string };
  commitment: { commitDate: string; commitTime: string } | null;
  rate: { totals: { discounted: { total: Money }; retail: { total: Money } } };
  rateResponseId: string;
  isBestPrice: boolean;
  isBestChoice: boolean;
  isFastDelivery: boolean;
};

const rate = async (payload: unknown, key?: string) => {
  const response = await api('/rate', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  return { response, rates: (response.json as { data?: { rates: Rate[] } }).data?.rates ?? [] };
};

const price = (r: Rate) => r.rate.totals.discounted.total.amount;
const when = (r: Rate) => (r.commitment ? `${r.commitment.commitDate}T${r.commitment.commitTime}` : '');

describe('POST /v1/rate over HTTP', () => {
  it('a CA→CA request returns rates from every carrier of the default group, distinct ids, cheapest first', async () => {
    const { response, rates } = await rate(body);
    expect(response.status).toBe(200);
    expect(new Set(rates.map((r) => r.carrier.code))).toEqual(new Set(['CARRIERX', 'CARRIERY', 'CARRIERZ', 'CARRIERF']));
    expect(new Set(rates.map((r) => r.rateResponseId)).size).toBe(rates.length);
    expect(rates.map(price)).toEqual(rates.map(price).sort((a, b) => a - b));
    expect(rates.filter((r) => r.isBestPrice).every((r) => price(r) === Math.min(...rates.map(price)))).toBe(true);
  });

  it('sort by date descending puts the latest commitment first, badges unchanged by the order', async () => {
    const { rates } = await rate({ ...clone(), sort: { by: 'date', dir: 'desc' } });
    const dated = rates.filter((r) => r.commitment).map(when);
    expect(dated).toEqual([...dated].sort().reverse());
    const fastest = rates.filter((r) => r.isFastDelivery).map(when);
    expect(fastest.length).toBeGreaterThan(0);
    expect(fastest.every((w) => w === [...dated].sort()[0])).toBe(true);
  });

  it('unavailable says why a carrier of the group gave no rate: not asked, or refused with its reason', async () => {
    const unavailableOf = (response: Awaited<ReturnType<typeof rate>>['response']) =>
      (response.json as { data: { unavailable: Array<{ carrier: { code: string }; code: string; message: string }> } }).data.unavailable.map((u) => [
        u.carrier.code,
        u.code,
        u.message,
      ]);
    const all = await rate(body);
    expect(unavailableOf(all.response)).toEqual([]);

    const onlyY = await rate({ ...clone(), shippingType: { carrier: 'CARRIERY' } });
    expect(
      unavailableOf(onlyY.response)
        .map(([code, why]) => [code, why])
        .sort(),
    ).toEqual([
      ['CARRIERF', 'NOT_APPLICABLE'],
      ['CARRIERX', 'NOT_APPLICABLE'],
      ['CARRIERZ', 'NOT_APPLICABLE'],
    ]);

    const freight = clone();
    freight.shippingOptions.nonConveyable = true;
    const refused = await rate(freight);
    expect(refused.rates.map((r) => r.carrier.code)).toEqual(expect.arrayContaining(['CARRIERF']));
    expect(unavailableOf(refused.response).sort()).toEqual(
      ['CARRIERX', 'CARRIERY', 'CARRIERZ'].map((code) => [code, 'REFUSED', `${code} is a parcel carrier and does not quote non-conveyable shipments`]),
    );
  });

  it('fastest returns a single rate with the earliest commitment', async () => {
    const all = (await rate(body)).rates;
    const { rates } = await rate({ ...clone(), shippingType: { carrier: 'fastest' } });
    expect(rates).toHaveLength(1);
    expect(when(rates[0]!)).toBe(all.map(when).filter(Boolean).sort()[0]);
  });

  it('a carrier code alone gives the cheapest rate of that carrier only', async () => {
    const all = (await rate(body)).rates.filter((r) => r.carrier.code === 'CARRIERZ');
    const { rates } = await rate({ ...clone(), shippingType: { carrier: 'CARRIERZ' } });
    expect(rates).toHaveLength(1);
    expect(rates[0]!.carrier.code).toBe('CARRIERZ');
    expect(price(rates[0]!)).toBe(Math.min(...all.map(price)));
  });

  it('a service code selects across carriers, case-insensitively, whatever the carrier says', async () => {
    const { rates } = await rate({ ...clone(), shippingType: { carrier: 'CARRIERX', service: 'carriery_expedited' } });
    expect(rates.map((r) => [r.carrier.code, r.service.code])).toEqual([['CARRIERY', 'CARRIERY_EXPEDITED']]);
  });

  it('packagingType is required on every piece when CARRIERX is quoted, optional when only another carrier is', async () => {
    const noPackaging = clone();
    delete noPackaging.packages.pieces[0].packagingType;
    const refused = await rate(noPackaging);
    expectErrorBody(refused.response, 400, 'VALIDATION_FAILED');
    expect((refused.response.json as { error: { message: string } }).error.message).toBe('packages.pieces[0].packagingType is required for CARRIERX');
    const onlyY = await rate({ ...noPackaging, shippingType: { carrier: 'CARRIERY' } });
    expect(onlyY.response.status).toBe(200);
    expect(onlyY.rates.map((r) => r.carrier.code)).toEqual(['CARRIERY']);
  });

  it('a parcel-group company never sees CARRIERF', async () => {
    const { apiKey } = await companyWithKey({ pricingGroup: 'parcel' });
    const { rates } = await rate(body, apiKey);
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.map((r) => r.carrier.code)).not.toContain('CARRIERF');
  });

  it('no response field the interface removes', async () => {
    const { response } = await rate(body);
    for (const banned of ['"pk"', '"sk"', 'isThirdParty', 'carrierAccount', 'credentials', 'margin', 'companyId', '"percentage"']) {
      expect(response.text).not.toContain(banned);
    }
  });

  it('an invalid sort is 400, a wrong content type 415', async () => {
    expectErrorBody((await rate({ ...clone(), sort: { by: 'weight' } })).response, 400, 'VALIDATION_FAILED');
    const wrongType = await api('/rate', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    expectErrorBody(wrongType, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
