/**
 * Canada Post Get Rates: every mailing scenario the builder makes validates
 * against rating.xsd; the parser reads price-quotes that validate against
 * it; one case per rule (units and precision, service families, refusals,
 * malformed answers).
 */
import { canadaPostXmlProblems } from '../../../../local/canada-post/xsd';
import { cmOf, kgOf, roundTo } from '../../../../shared/carriers/canada-post/mapping';
import { addBusinessDays, buildCanadaPostRateRequest, mailingScenarioXml, parseCanadaPostRate } from '../../../../shared/carriers/canada-post/rate';
import { CarrierError, CarrierRefusal } from '../../../../shared/domain/carrier';
import { describeWithCanadaPostSchemas } from '../../../support/canada-post-xsd';
import { londonRecipient as londonAddress, newYorkRecipient as newYorkAddress, piece, rateRequest, withOptions } from '../fixtures';

// Canada Post ships abroad only to a recipient with a phone number, so it rates only those.
const newYorkRecipient = { ...newYorkAddress, phoneNumber: '+1 212 555 0199' };
const londonRecipient = { ...londonAddress, phoneNumber: '+44 20 7946 0000' };
import { CONTRACT, montreal, priceQuote, priceQuotes, rateInputOf } from './fixtures';

const domestic = () => rateRequest({ recipient: montreal });

describeWithCanadaPostSchemas('Canada Post Get Rates against rating.xsd', () => {
  it.each([
    ['domestic, imperial', domestic(), undefined],
    ['domestic under a contract', domestic(), CONTRACT],
    ['to the United States with signature', withOptions(rateRequest({ recipient: newYorkRecipient }), { signature: 'required' }), undefined],
    [
      'international, metric, insured',
      withOptions(
        rateRequest({
          recipient: londonRecipient,
          packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { weight: 2.5, length: 30, width: 20, height: 10 })] },
        }),
        { insurance: { amount: 150, currency: 'CAD' } },
      ),
      undefined,
    ],
    [
      'an envelope (no sides), adult signature',
      withOptions(
        rateRequest({
          recipient: montreal,
          packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_ENVELOPE', { weight: 0.2, length: 0, width: 0, height: 0 })] },
        }),
        { signature: 'adult' },
      ),
      undefined,
    ],
    [
      'a mailing tube',
      rateRequest({
        recipient: montreal,
        packages: { unitOfMeasure: 'metric', pieces: [piece('CANADAPOST_MAILING_TUBE', { weight: 1, length: 90, width: 10, height: 10 })] },
      }),
      CONTRACT,
    ],
  ])('%s', async (_name, request, contractId) => {
    expect(await canadaPostXmlProblems(mailingScenarioXml(buildCanadaPostRateRequest(rateInputOf(request)), contractId), 'rating.xsd')).toEqual([]);
  });

  it('reads price-quotes that follow rating.xsd', async () => {
    const answer = priceQuotes(
      priceQuote('DOM.XP', 'Xpresspost', {
        base: '24.60',
        taxes: '<taxes><gst percent="5">0</gst><pst>0</pst><hst percent="13">3.72</hst></taxes>',
        due: '32.34',
        options: '<options><option><option-code>SO</option-code><option-name>Signature</option-name><option-price>2.75</option-price></option></options>',
        adjustments:
          '<adjustments><adjustment><adjustment-code>FUELSC</adjustment-code><adjustment-name>Fuel surcharge</adjustment-name><adjustment-cost>2.09</adjustment-cost><qualifier><percent>8.50</percent></qualifier></adjustment><adjustment><adjustment-code>AUTDISC</adjustment-code><adjustment-name>Automation discount</adjustment-name><adjustment-cost>-0.82</adjustment-cost></adjustment></adjustments>',
      }),
    );
    expect(await canadaPostXmlProblems(answer, 'rating.xsd')).toEqual([]);
    const [quote] = parseCanadaPostRate(answer);
    expect(quote).toMatchObject({ carrierCode: 'CANADAPOST', serviceCode: 'CANADAPOST_XPRESSPOST', currency: 'CAD', fxRate: 1 });
    expect(quote!.charges.map((c) => [c.code, c.type, c.amount])).toEqual([
      ['CANADAPOST_XPRESSPOST_BASE', 'base', 2460],
      ['CANADAPOST_OPTION_SO', 'accessorial', 275],
      ['CANADAPOST_FUEL', 'fuel', 209],
      ['CANADAPOST_ADJUSTMENT_AUTDISC', 'surcharge', -82],
    ]);
    // 24.60 + 2.75 + 2.09 - 0.82 = 28.62 = due less taxes; HST at Canada Post's 13 %.
    expect(quote!.taxes).toEqual([{ code: 'HST', name: { en: 'HST', fr: 'TVH' }, rateBp: 1300 }]);
    expect(quote!.commitment).toEqual({ commitDate: '2025-06-05', commitTime: '23:59', timezoneCode: 'LOCAL', guaranteed: true });
  });
});

describe('Canada Post Get Rates: rules', () => {
  it('converts to Canada Post precision: kg to 3 decimals, cm to 1, half away from zero on the decimal digits', () => {
    expect(kgOf(1, 'imperial')).toBe(0.454);
    expect(kgOf(2.2, 'imperial')).toBe(0.998);
    expect(kgOf(1.0005, 'metric')).toBe(1.001);
    expect(cmOf(12, 'imperial')).toBe(30.5);
    expect(cmOf(10.25, 'metric')).toBe(10.3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    const xml = mailingScenarioXml(buildCanadaPostRateRequest(rateInputOf(domestic())));
    expect(xml).toContain('<weight>1.814</weight>');
    expect(xml).toContain('<dimensions><length>30.5</length><width>25.4</width><height>20.3</height></dimensions>');
  });

  it('writes the elements in the documentation order, with the contract id after the customer number', () => {
    const xml = mailingScenarioXml(buildCanadaPostRateRequest(rateInputOf(domestic())), CONTRACT);
    const order = ['customer-number', 'contract-id', 'quote-type', 'expected-mailing-date', 'parcel-characteristics', 'origin-postal-code', 'destination'].map(
      (e) => xml.indexOf(`<${e}>`),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('asks a destination family: domestic postal code, US ZIP, international country', () => {
    expect(mailingScenarioXml(buildCanadaPostRateRequest(rateInputOf(domestic())))).toContain('<domestic><postal-code>H3B4W5</postal-code></domestic>');
    expect(mailingScenarioXml(buildCanadaPostRateRequest(rateInputOf(rateRequest({ recipient: newYorkRecipient }))))).toContain(
      '<united-states><zip-code>10118</zip-code></united-states>',
    );
    const intl = mailingScenarioXml(buildCanadaPostRateRequest(rateInputOf(rateRequest({ recipient: londonRecipient }))));
    expect(intl).toContain('<international><country-code>GB</country-code><postal-code>SW1A2AA</postal-code></international>');
    expect(intl).toContain('<option-code>RASE</option-code>');
  });

  it('quotes each family of services and drops codes it does not know', () => {
    const std = '<am-delivery>false</am-delivery><guaranteed-delivery>false</guaranteed-delivery><expected-transit-time>3</expected-transit-time>';
    const quotes = parseCanadaPostRate(
      priceQuotes(
        priceQuote('DOM.RP', 'Regular Parcel', { base: '10.00', due: '10.00' }, std),
        priceQuote('USA.EP', 'Expedited Parcel USA', { base: '20.00', due: '20.00' }, std),
        priceQuote('INT.IP.AIR', 'International Parcel Air', { base: '40.00', due: '40.00' }, std),
        priceQuote('DOM.NEW', 'New service', { base: '1.00', due: '1.00' }, std),
      ),
      '2025-06-06',
    );
    expect(quotes.map((q) => q.serviceCode)).toEqual(['CANADAPOST_REGULAR_PARCEL', 'CANADAPOST_EXPEDITED_PARCEL_USA', 'CANADAPOST_INTERNATIONAL_PARCEL_AIR']);
    // A transit time without a date: business days from the mailing date (Friday + 3 = Wednesday).
    expect(quotes[0]!.commitment).toMatchObject({ commitDate: '2025-06-11', guaranteed: false });
    expect(addBusinessDays('2025-06-06', 1)).toBe('2025-06-09');
  });

  it('computes a tax rate from its amount when Canada Post gives no percent, and keeps the rest of due as one line', () => {
    const [quote] = parseCanadaPostRate(
      priceQuotes(priceQuote('DOM.EP', 'Expedited Parcel', { base: '10.00', taxes: '<taxes><gst>0.55</gst><pst>0.77</pst></taxes>', due: '12.32' })),
    );
    expect(quote!.taxes).toEqual([
      { code: 'GST', name: { en: 'GST', fr: 'TPS' }, rateBp: 500 },
      { code: 'PST', name: { en: 'PST', fr: 'TVP' }, rateBp: 700 },
    ]);
    expect(quote!.charges.map((c) => [c.code, c.amount])).toEqual([
      ['CANADAPOST_EXPEDITED_PARCEL_BASE', 1000],
      ['CANADAPOST_OTHER', 100],
    ]);
  });

  it.each([
    [
      'more parcels than Canada Post makes shipments of in one order',
      rateRequest({ recipient: montreal, packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX', { quantity: 11 })] } }),
      /at most 10 in one order/,
    ],
    ['a shipper outside Canada', rateRequest({ shipper: { ...newYorkRecipient }, recipient: montreal }), /from Canada only/],
    ['a domestic recipient without a postal code', rateRequest({ recipient: { ...montreal, postalCode: undefined } }), /postal code/],
    ['a US recipient without a ZIP code', rateRequest({ recipient: { ...newYorkRecipient, postalCode: 'NY' } }), /ZIP/],
    [
      'a shipper without a phone (Create Shipment needs it)',
      rateRequest({ recipient: montreal, shipper: { ...rateRequest().shipper, phoneNumber: undefined } }),
      /shipper.phoneNumber/,
    ],
    ['a recipient abroad without a phone', rateRequest({ recipient: newYorkAddress }), /recipient.phoneNumber/],
    ['Saturday delivery', withOptions(domestic(), { saturdayDelivery: true }), /Saturday/],
    ['insurance in USD', withOptions(domestic(), { insurance: { amount: 10, currency: 'USD' } }), /CAD only/],
    ['non-conveyable freight', withOptions(domestic(), { nonConveyable: true }), /non-conveyable/],
    [
      'a parcel over 99.999 kg',
      rateRequest({ recipient: montreal, packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { weight: 120 })] } }),
      /at most 99.999 kg/,
    ],
  ])('refuses %s as a CarrierRefusal', (_name, request, reason) => {
    expect(() => buildCanadaPostRateRequest(rateInputOf(request))).toThrow(CarrierRefusal);
    expect(() => buildCanadaPostRateRequest(rateInputOf(request))).toThrow(reason);
  });

  it('refuses a plan whose account number is not a Canada Post customer number', () => {
    const input = rateInputOf(domestic());
    expect(() => buildCanadaPostRateRequest({ ...input, plan: { ...input.plan, account: { accountNumber: 'A1B2C3' } } })).toThrow(CarrierRefusal);
  });

  it('reads a malformed answer as a CarrierError', () => {
    expect(() => parseCanadaPostRate('not xml <')).toThrow(CarrierError);
    expect(() => parseCanadaPostRate(priceQuotes('<price-quote><service-code>DOM.RP</service-code></price-quote>'))).toThrow(CarrierError);
    expect(() => parseCanadaPostRate(priceQuotes(priceQuote('DOM.RP', 'Regular Parcel', { base: 'ten', due: '10.00' })))).toThrow(/malformed rate response/);
    expect(parseCanadaPostRate(priceQuotes())).toEqual([]);
  });
});
