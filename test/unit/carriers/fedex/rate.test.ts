/**
 * FedEx Rates and Transit Times: every request the builder makes validates
 * against the document's request schema, and the parser reads answers that
 * validate against its response schema (the simulator's, and the
 * document's examples).
 */
import { CarrierRefusal, type RateInput } from '../../../../shared/domain/carrier';
import { buildFedexRateRequest, parseFedexRate } from '../../../../shared/carriers/fedex/rate';
import type { RateRequest } from '../../../../shared/domain/rate/schema';
import { expectValid, requestValidator, responseValidator } from '../../../../local/fedex/spec';
import { londonRecipient, newYorkRecipient, piece, rateRequest, torontoShipper, vancouverRecipient, withOptions } from '../fixtures';
import { describeWithFedexDocuments } from '../../local/fedex/documents-present';
import { signedIn } from '../../local/fedex/simulator-fixtures';
import { fedexPlan, fedexServices } from './fixtures';

const input = (request: RateRequest, services = fedexServices): RateInput => ({ request, plan: fedexPlan(), services });
const montreal = {
  personName: 'Félix Tremblay',
  addressLine1: '1000 Rue De La Gauchetière O',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
  phoneNumber: '514 555 0199',
};

const CASES: Array<[string, RateRequest]> = [
  ['within Canada, one piece, imperial', rateRequest()],
  [
    'within Canada, three pieces of one line and another, metric',
    rateRequest({
      packages: {
        unitOfMeasure: 'metric',
        pieces: [piece('GENERIC_BOX', { quantity: 3, weight: 2.35, length: 30.5, width: 20, height: 15.25 }), piece('GENERIC_BOX', { weight: 18 })],
      },
    }),
  ],
  [
    'to Québec, residential, insured',
    withOptions(rateRequest({ recipient: { ...montreal, residential: true } }), { insurance: { amount: 250, currency: 'CAD' } }),
  ],
  [
    'transborder goods with a commercial invoice',
    rateRequest({
      recipient: newYorkRecipient,
      internationalOptions: { billDutyTo: 'recipient' },
      commercialInvoice: {
        currency: 'CAD',
        invoiceItems: [{ description: 'Brake pads', quantity: 4, value: 37.5, weight: 1.2, hsCode: '8708.30', countryOfManufacture: 'CA' }],
      },
    }),
  ],
  ['abroad, goods of a declared value', rateRequest({ recipient: londonRecipient, internationalOptions: { declaredValue: { value: 300, currency: 'CAD' } } })],
  [
    'abroad, documents only, an envelope',
    rateRequest({
      recipient: londonRecipient,
      internationalOptions: { documentsOnly: true },
      packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_ENVELOPE', { weight: 0.2, length: 0, width: 0, height: 0 })] },
    }),
  ],
];

describeWithFedexDocuments('FedEx rate request (contract: Rates and Transit Times, Full_Schema_Quote_Rate)', () => {
  const valid = requestValidator('rate');

  it.each(CASES)('%s: validates against the document', (_name, request) => {
    expectValid(valid, buildFedexRateRequest(input(request)).body);
  });

  it('asks every service, the account and list rates, and transit times', () => {
    const { path, body } = buildFedexRateRequest(input(rateRequest()));
    expect(path).toBe('/rate/v1/rates/quotes');
    expect(body.requestedShipment).not.toHaveProperty('serviceType');
    expect(body.requestedShipment.rateRequestType).toEqual(['ACCOUNT', 'LIST']);
    expect(body.rateRequestControlParameters.returnTransitTimes).toBe(true);
    expect(body.accountNumber.value).toBe(fedexPlan().account.accountNumber);
  });

  it('makes a piece of quantity 3 three FedEx pieces, insurance split between them', () => {
    const request = withOptions(rateRequest({ packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_BOX', { quantity: 3, weight: 2.35 })] } }), {
      insurance: { amount: 100, currency: 'CAD' },
    });
    const { body } = buildFedexRateRequest(input(request));
    expect(body.requestedShipment.totalPackageCount).toBe(3);
    expect(body.requestedShipment.requestedPackageLineItems.map((p) => p.declaredValue?.amount)).toEqual([33.34, 33.33, 33.33]);
    expect(body.requestedShipment.requestedPackageLineItems.every((p) => p.weight.units === 'KG' && p.weight.value === 2.4)).toBe(true);
  });

  it('sends Québec as FedEx keeps it (PQ), whatever code the caller gave', () => {
    for (const provinceCode of ['QC', 'PQ', 'qc']) {
      const { body } = buildFedexRateRequest(input(rateRequest({ recipient: { ...montreal, provinceCode } })));
      expect(body.requestedShipment.recipient.address.stateOrProvinceCode).toBe('PQ');
    }
    expect(buildFedexRateRequest(input(rateRequest({ shipper: { ...torontoShipper } }))).body.requestedShipment.shipper.address.stateOrProvinceCode).toBe('ON');
  });

  it("writes money in FedEx's currency codes, and reads a quote's back as ISO 4217", () => {
    const request = rateRequest({
      recipient: londonRecipient,
      commercialInvoice: { currency: 'GBP', invoiceItems: [{ description: 'Tea', quantity: 2, value: 12.5, weight: 0.5 }] },
    });
    const { body } = buildFedexRateRequest(input(request));
    expectValid(valid, body);
    expect(body.requestedShipment.customsClearanceDetail!.commodities[0]!.customsValue).toEqual({ amount: 25, currency: 'UKL' });
    const answer = {
      output: {
        rateReplyDetails: [
          {
            serviceType: 'INTERNATIONAL_ECONOMY',
            ratedShipmentDetails: [{ rateType: 'LIST', currency: 'NMP', totalBaseCharge: 100, totalNetFedExCharge: 100 }],
          },
        ],
      },
    };
    expect(parseFedexRate(answer, '2025-06-04')[0]).toMatchObject({ currency: 'MXN', charges: [expect.objectContaining({ amount: 10_000 })] });
  });

  it('refuses what FedEx cannot quote or ship: international goods without a value, non-conveyable freight, mixed FedEx packaging, an account of another shape, a shipper without a phone', () => {
    expect(() => buildFedexRateRequest(input(rateRequest({ recipient: londonRecipient })))).toThrow(CarrierRefusal);
    expect(() => buildFedexRateRequest(input(withOptions(rateRequest(), { nonConveyable: true })))).toThrow(CarrierRefusal);
    const mixed = rateRequest({
      packages: {
        unitOfMeasure: 'metric',
        pieces: [
          { ...piece('GENERIC_BOX'), packagingType: { code: 'FEDEX_PAK' } },
          { ...piece('GENERIC_BOX'), packagingType: { code: 'FEDEX_BOX' } },
        ],
      },
    });
    expect(() => buildFedexRateRequest(input(mixed))).toThrow(/one packaging type/);
    expect(() => buildFedexRateRequest({ request: rateRequest(), plan: fedexPlan('a', 'A1B2C3'), services: fedexServices })).toThrow(/9 digits/);
    const { phoneNumber: _none, ...shipper } = torontoShipper;
    expect(() => buildFedexRateRequest(input(rateRequest({ shipper })))).toThrow(/shipper’s phone number/);
  });
});

describeWithFedexDocuments('FedEx rate answer', () => {
  const rateAt = (request: RateRequest) => {
    const built = buildFedexRateRequest(input(request));
    const answer = signedIn().call('rate', built.body);
    expect(answer).toMatchObject({ status: 200 });
    expectValid(responseValidator('rate', 200), answer.body);
    return parseFedexRate(answer.body, built.body.requestedShipment.shipDateStamp, built.serviceCodes);
  };

  it('quotes every service within Canada: list charges, the account price beside them, named surcharges, taxes and transit', () => {
    const quotes = rateAt(rateRequest({ recipient: { ...vancouverRecipient, residential: true } }));
    expect(quotes.map((q) => q.serviceCode).sort()).toEqual([
      'FEDEX_2_DAY',
      'FEDEX_EXPRESS_SAVER',
      'FEDEX_FIRST_OVERNIGHT',
      'FEDEX_GROUND',
      'FEDEX_PRIORITY_OVERNIGHT',
      'FEDEX_STANDARD_OVERNIGHT',
    ]);
    const ground = quotes.find((q) => q.serviceCode === 'FEDEX_GROUND')!;
    expect(ground.currency).toBe('CAD');
    const names = ground.charges.map((c) => c.name.en);
    expect(names).toEqual(expect.arrayContaining(['Fuel Surcharge', 'Residential Delivery']));
    // No bare code stands for a surcharge's name.
    for (const c of ground.charges) expect(c.name.en).not.toMatch(/^[A-Z_]+$/);
    expect(ground.charges.find((c) => c.code === 'FEDEX_FUEL')?.type).toBe('fuel');
    const subtotal = ground.charges.reduce((s, c) => s + c.amount, 0);
    expect(ground.negotiatedSubtotal).toBeGreaterThan(0);
    expect(ground.negotiatedSubtotal).toBeLessThan(subtotal);
    expect(ground.taxes.map((t) => t.code)).toEqual(['GST']);
    // Ground gives transit days: a weekday after the Wednesday ship date, not guaranteed.
    expect(ground.commitment).toMatchObject({ commitDate: expect.stringMatching(/^2025-06-\d\d$/), guaranteed: false });
    expect(ground.commitment!.commitDate > '2025-06-04').toBe(true);
    const overnight = quotes.find((q) => q.serviceCode === 'FEDEX_PRIORITY_OVERNIGHT')!;
    expect(overnight.commitment).toMatchObject({ commitDate: '2025-06-06', commitTime: '10:30', guaranteed: true });
  });

  it('quotes transborder and abroad, several pieces in one request', () => {
    const request = rateRequest({
      recipient: newYorkRecipient,
      internationalOptions: { declaredValue: { value: 120, currency: 'CAD' } },
      packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX', { quantity: 3 })] },
    });
    expect(rateAt(request).map((q) => q.serviceCode)).toEqual(
      expect.arrayContaining(['FEDEX_GROUND', 'FEDEX_INTERNATIONAL_PRIORITY', 'FEDEX_INTERNATIONAL_ECONOMY']),
    );
    const abroad = rateAt(rateRequest({ recipient: londonRecipient, internationalOptions: { declaredValue: { value: 120, currency: 'CAD' } } }));
    expect(abroad.map((q) => q.serviceCode)).toContain('FEDEX_INTERNATIONAL_CONNECT_PLUS');
    expect(abroad.map((q) => q.serviceCode)).not.toContain('FEDEX_GROUND');
  });

  it('quotes only the services the plan enables', () => {
    const built = buildFedexRateRequest(
      input(
        rateRequest(),
        fedexServices.filter((s) => s.code === 'FEDEX_GROUND'),
      ),
    );
    const answer = signedIn().call('rate', built.body);
    expect(parseFedexRate(answer.body, '2025-06-04', built.serviceCodes).map((q) => q.serviceCode)).toEqual(['FEDEX_GROUND']);
  });

  it('refuses a malformed answer as a CarrierError, unbounded text included', () => {
    expect(() => parseFedexRate({ output: {} }, '2025-06-04')).toThrow(/malformed rate response/);
    const huge = {
      output: {
        rateReplyDetails: [
          {
            serviceType: 'FEDEX_GROUND',
            ratedShipmentDetails: [
              { rateType: 'LIST', currency: 'CAD', shipmentRateDetail: { surCharges: [{ type: 'X', description: 'x'.repeat(10_000), amount: 1 }] } },
            ],
          },
        ],
      },
    };
    expect(() => parseFedexRate(huge, '2025-06-04')).toThrow(/malformed/);
  });
});
