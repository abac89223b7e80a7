import { CarrierError, CarrierRefusal, type RateInput } from '../../../../shared/domain/carrier';
import { buildUpsRateRequest, parseUpsRate, upsNegotiatedTotals, UPS_RATE_PATH } from '../../../../shared/carriers/ups/rate';
import type { RateRequest } from '../../../../shared/domain/rate/schema';
import { londonRecipient, newYorkRecipient, piece, rateRequest, torontoShipper, withOptions } from '../fixtures';
import { expectValid, requestSchemaName, responseSchemaName, validatorFor } from '../../../../local/ups/spec';
import { upsPlan } from './fixtures';

const RATE_PATH = '/rating/{version}/{requestoption}';
const plan = upsPlan();
const input = (request: RateRequest): RateInput => ({ request, plan, services: [] });
const validRequest = () => validatorFor('Rating', requestSchemaName('Rating', RATE_PATH));
const validResponse = () => validatorFor('Rating', responseSchemaName('Rating', RATE_PATH, '200'));

const usShipper = { ...newYorkRecipient, personName: 'Eve Sender', companyName: 'Empire Goods LLC', addressLine1: '1 Liberty Plaza', postalCode: '10006' };
const montrealRecipient = {
  personName: 'Félix Tremblay',
  addressLine1: '1000 Rue De La Gauchetière O',
  addressLine2: 'Bureau 2500',
  city: 'Montréal',
  provinceCode: 'QC',
  postalCode: 'H3B 4W5',
  countryCode: 'CA',
};

const CASES: Array<[string, RateRequest]> = [
  ['domestic Canada, imperial', rateRequest()],
  [
    'US to Canada goods, commercial invoice',
    rateRequest({
      shipper: usShipper,
      recipient: montrealRecipient,
      internationalOptions: { billDutyTo: 'recipient' },
      commercialInvoice: { currency: 'USD', invoiceItems: [{ description: 'Brake pads', quantity: 4, value: 37.5, weight: 1.2, hsCode: '8708.30' }] },
    }),
  ],
  [
    'Canada to UK documents only, metric',
    rateRequest({
      recipient: londonRecipient,
      internationalOptions: { documentsOnly: true },
      packages: { unitOfMeasure: 'metric', pieces: [piece('GENERIC_ENVELOPE', { weight: 0.2, length: 0, width: 0, height: 0 })] },
    }),
  ],
  [
    'residential, adult signature, Saturday, insured',
    withOptions(rateRequest({ recipient: { ...montrealRecipient, residential: true } }), {
      signature: 'adult',
      saturdayDelivery: true,
      insurance: { amount: 250, currency: 'CAD' },
      shippingDate: '2025-06-06T15:30',
    }),
  ],
  [
    'US domestic with signature (package level)',
    withOptions(rateRequest({ shipper: usShipper, recipient: { ...newYorkRecipient, residential: true } }), { signature: 'required' }),
  ],
  ['third-party billing', rateRequest({ billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: '9x8y7z', carrierCode: 'UPS' } })],
  [
    'several pieces, metric, with quantities and declared value',
    withOptions(
      rateRequest({
        recipient: newYorkRecipient,
        internationalOptions: { declaredValue: { value: 1200, currency: 'CAD' } },
        packages: {
          unitOfMeasure: 'metric',
          pieces: [piece('GENERIC_BOX', { quantity: 3, weight: 2.35, length: 30.5, width: 20, height: 15.25 }), piece('GENERIC_BOX', { weight: 18 })],
        },
      }),
      { insurance: { amount: 100, currency: 'CAD' } },
    ),
  ],
];

describe('UPS rate request (contract: Rating.yaml RATERequestWrapper)', () => {
  it.each(CASES)('%s validates against the document', (_name, request) => {
    const built = buildUpsRateRequest(input(request));
    expect(built.path).toBe(UPS_RATE_PATH);
    expectValid(validRequest(), built.body);
  });

  it('cuts 255-emoji names, address lines and cities to the lengths of the document without splitting an emoji', () => {
    const emoji = '📦'.repeat(255);
    const request = rateRequest({
      recipient: { ...montrealRecipient, personName: emoji, companyName: emoji, addressLine1: emoji, addressLine2: `x${emoji}`, city: emoji },
    });
    const body = buildUpsRateRequest(input(request)).body;
    expectValid(validRequest(), body);
    const json = JSON.stringify(body);
    // JSON.stringify escapes a lone surrogate as \udxxx; a whole emoji stays as it is.
    expect(json).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
    expect(json).toContain('📦'.repeat(15));
  });

  it('fails validation when the builder breaks a rule of the document (the check bites)', () => {
    const body = buildUpsRateRequest(input(rateRequest())).body;
    const broken = structuredClone(body);
    broken.RateRequest.Shipment.Shipper.ShipperNumber = 'TOO-LONG-1';
    expect(validRequest()(broken)).toBe(false);
    const noAddress = structuredClone(body) as { RateRequest: { Shipment: { ShipTo: { Address?: unknown } } } };
    delete noAddress.RateRequest.Shipment.ShipTo.Address;
    expect(validRequest()(noAddress)).toBe(false);
  });

  it('maps the domestic request: parties, account, packages in inches and pounds, pickup date', () => {
    const { Shipment, Request } = buildUpsRateRequest(input(rateRequest())).body.RateRequest;
    expect(Request).toEqual({ RequestOption: 'Shoptimeintransit', SubVersion: '2409' });
    expect(Shipment.Shipper).toEqual({
      Name: 'Maple Parts Inc.',
      AttentionName: 'Ada Shipper',
      ShipperNumber: 'A1B2C3',
      Address: { AddressLine: ['100 King St W'], City: 'Toronto', StateProvinceCode: 'ON', PostalCode: 'M5H1A1', CountryCode: 'CA' },
    });
    expect(Shipment.ShipTo.Address.ResidentialAddressIndicator).toBeUndefined();
    expect(Shipment.PaymentDetails?.ShipmentCharge).toEqual([{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }]);
    expect(Shipment.Package).toEqual([
      {
        PackagingType: { Code: '02', Description: 'Package' },
        Dimensions: { UnitOfMeasurement: { Code: 'IN', Description: 'Inches' }, Length: '12', Width: '10', Height: '8' },
        PackageWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '4' },
      },
    ]);
    expect(Shipment.ShipmentRatingOptions).toEqual({ NegotiatedRatesIndicator: '' });
    expect(Shipment.DeliveryTimeInformation).toEqual({ PackageBillType: '03', Pickup: { Date: '20250604' } });
    expect(Shipment.InvoiceLineTotal).toBeUndefined();
    expect(Shipment.ShipmentServiceOptions).toBeUndefined();
  });

  it('maps residential, adult signature at shipment level outside the US, Saturday, pickup time and insurance', () => {
    const { Shipment } = buildUpsRateRequest(input(CASES[3]![1])).body.RateRequest;
    expect(Shipment.ShipTo.Address.ResidentialAddressIndicator).toBe('');
    expect(Shipment.ShipmentServiceOptions).toEqual({ SaturdayDeliveryIndicator: '', DeliveryConfirmation: { DCISType: '2' } });
    expect(Shipment.Package[0]?.PackageServiceOptions).toEqual({ DeclaredValue: { CurrencyCode: 'CAD', MonetaryValue: '250.00' } });
    expect(Shipment.DeliveryTimeInformation?.Pickup).toEqual({ Date: '20250606', Time: '1530' });
  });

  it('puts a US domestic signature on each package', () => {
    const { Shipment } = buildUpsRateRequest(input(CASES[4]![1])).body.RateRequest;
    expect(Shipment.ShipmentServiceOptions).toBeUndefined();
    expect(Shipment.Package[0]?.PackageServiceOptions).toEqual({ DeliveryConfirmation: { DCISType: '2' } });
  });

  it('bills a third party by its account and country', () => {
    const { Shipment } = buildUpsRateRequest(input(CASES[5]![1])).body.RateRequest;
    expect(Shipment.PaymentDetails?.ShipmentCharge).toEqual([{ Type: '01', BillThirdParty: { AccountNumber: '9X8Y7Z', Address: { CountryCode: 'CA' } } }]);
  });

  it('declares international goods (InvoiceLineTotal) and documents', () => {
    const goods = buildUpsRateRequest(input(CASES[1]![1])).body.RateRequest.Shipment;
    expect(goods.InvoiceLineTotal).toEqual({ CurrencyCode: 'USD', MonetaryValue: '150.00' });
    expect(goods.DocumentsOnlyIndicator).toBeUndefined();
    expect(goods.ShipmentTotalWeight).toEqual({ UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '4' });
    const docs = buildUpsRateRequest(input(CASES[2]![1])).body.RateRequest.Shipment;
    expect(docs.DocumentsOnlyIndicator).toBe('');
    expect(docs.InvoiceLineTotal).toBeUndefined();
    expect(docs.DeliveryTimeInformation?.PackageBillType).toBe('02');
    expect(docs.Package).toEqual([
      {
        PackagingType: { Code: '01', Description: 'UPS Letter' },
        PackageWeight: { UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' }, Weight: '0.2' },
      },
    ]);
  });

  it('repeats a piece by its quantity and splits the insurance across the packages to the cent', () => {
    const { Shipment } = buildUpsRateRequest(input(CASES[6]![1])).body.RateRequest;
    expect(Shipment.Package).toHaveLength(4);
    expect(Shipment.Package[0]?.Dimensions).toEqual({
      UnitOfMeasurement: { Code: 'CM', Description: 'Centimeters' },
      Length: '30.5',
      Width: '20',
      Height: '15.25',
    });
    expect(Shipment.Package.map((p) => p.PackageWeight?.Weight)).toEqual(['2.4', '2.4', '2.4', '18']);
    expect(Shipment.Package.map((p) => p.PackageServiceOptions?.DeclaredValue?.MonetaryValue)).toEqual(['25.00', '25.00', '25.00', '25.00']);
    expect(Shipment.InvoiceLineTotal).toEqual({ CurrencyCode: 'CAD', MonetaryValue: '1200.00' });
    expect(Shipment.ShipmentTotalWeight?.Weight).toBe('25.1');
  });

  it.each<[string, RateRequest, RegExp]>([
    ['non-conveyable freight', withOptions(rateRequest(), { nonConveyable: true }), /non-conveyable/],
    ['international goods without a value', rateRequest({ recipient: newYorkRecipient }), /international goods only with their value/],
    [
      'a third-party account that is not a UPS one',
      rateRequest({ billingOptions: { type: 'thirdParty', thirdPartyShipperNumber: '12345678' } }),
      /6-character UPS account/,
    ],
    ['a postal code UPS cannot hold', rateRequest({ recipient: { ...torontoShipper, postalCode: '1234567890' } }), /recipient\.postalCode/],
  ])('refuses %s', (_name, request, reason) => {
    expect(() => buildUpsRateRequest(input(request))).toThrow(CarrierRefusal);
    expect(() => buildUpsRateRequest(input(request))).toThrow(reason);
  });

  it('refuses a plan whose account number is not a UPS one', () => {
    expect(() => buildUpsRateRequest({ ...input(rateRequest()), plan: { ...plan, account: { accountNumber: 'ACCT-0001' } } })).toThrow(/6 letters and digits/);
  });
});

const money = (value: string, currency = 'CAD') => ({ CurrencyCode: currency, MonetaryValue: value });
const ratedShipment = (code: string, extra: Record<string, unknown> = {}) => ({
  Service: { Code: code },
  BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '5.0' },
  TransportationCharges: money('24.10'),
  BaseServiceCharge: money('20.85'),
  ItemizedCharges: [{ Code: '375', Description: 'FUEL SURCHARGE', ...money('3.25') }],
  ServiceOptionsCharges: money('4.50'),
  TaxCharges: [{ Type: 'HST', MonetaryValue: '3.72' }],
  TotalCharges: money('28.60'),
  TotalChargesWithTaxes: money('32.32'),
  NegotiatedRateCharges: { TotalCharge: money('22.88') },
  RatedPackage: [{ Weight: '4.0', BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: '5.0' } }],
  ...extra,
});
const timeInTransit = (date: string, time: string | undefined, guaranteed: boolean) => ({
  PickupDate: '20250604',
  ServiceSummary: {
    Service: { Description: 'UPS Standard' },
    ...(guaranteed ? { GuaranteedIndicator: '' } : {}),
    EstimatedArrival: { Arrival: { Date: date, ...(time ? { Time: time } : {}) }, Pickup: { Date: '20250604' }, BusinessDaysInTransit: '2', DayOfWeek: 'FRI' },
  },
});
const response = (...rated: unknown[]) => ({
  RateResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } }, RatedShipment: rated },
});

describe('UPS rate response', () => {
  const standard = ratedShipment('11', { TimeInTransit: timeInTransit('20250606', '233000', false) });
  const express = ratedShipment('01', { TimeInTransit: timeInTransit('20250605', '1030', true) });
  const unknown = ratedShipment('96');
  const answer = response(standard, express, unknown);

  it('reads a realistic answer that validates against the document', () => {
    expectValid(validResponse(), answer);
    const quotes = parseUpsRate(answer);
    expect(quotes.map((q) => q.serviceCode)).toEqual(['UPS_STANDARD', 'UPS_NEXT_DAY_AIR']);
    const [quote] = quotes;
    expect(quote).toEqual({
      carrierCode: 'UPS',
      serviceCode: 'UPS_STANDARD',
      currency: 'CAD',
      fxRate: 1,
      charges: [
        { code: 'UPS_STANDARD_BASE', billingCode: '11', name: { en: 'Transportation', fr: 'Transportation' }, type: 'base', chips: [], amount: 2085 },
        { code: 'UPS_FUEL', billingCode: '375', name: { en: 'FUEL SURCHARGE', fr: 'FUEL SURCHARGE' }, type: 'fuel', chips: [], amount: 325 },
        { code: 'UPS_ACCESSORIALS', billingCode: 'ACC', name: { en: 'Service options', fr: 'Service options' }, type: 'accessorial', chips: [], amount: 450 },
      ],
      taxes: [{ code: 'HST', name: { en: 'HST', fr: 'HST' }, rateBp: 1301 }],
      commitment: { commitDate: '2025-06-06', commitTime: '23:30', timezoneCode: 'LOCAL', guaranteed: false },
      // UPS's negotiated total: the account tier's price.
      negotiatedSubtotal: 2288,
    });
    expect(quotes[1]?.commitment).toEqual({ commitDate: '2025-06-05', commitTime: '10:30', timezoneCode: 'LOCAL', guaranteed: true });
  });

  it('adds up to TotalCharges: an unexplained rest is one line', () => {
    const rated = ratedShipment('03', {
      BaseServiceCharge: undefined,
      ItemizedCharges: undefined,
      TransportationCharges: money('24.10'),
      TotalCharges: money('30.00'),
    });
    const cleaned = JSON.parse(JSON.stringify(response(rated))) as unknown;
    expectValid(validResponse(), cleaned);
    const [quote] = parseUpsRate(cleaned);
    expect(quote?.charges.map((c) => [c.code, c.amount])).toEqual([
      ['UPS_GROUND_BASE', 2410],
      ['UPS_ACCESSORIALS', 450],
      ['UPS_OTHER', 140],
    ]);
    expect(quote?.charges.reduce((s, c) => s + c.amount, 0)).toBe(3000);
    expect(quote?.commitment).toBeNull();
  });

  it('reads a single RatedShipment given as an object', () => {
    const one = { RateResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } }, RatedShipment: standard } };
    expect(parseUpsRate(one).map((q) => q.serviceCode)).toEqual(['UPS_STANDARD']);
  });

  it('gives the negotiated totals apart from the list quotes', () => {
    expect(upsNegotiatedTotals(answer)).toEqual(
      new Map([
        ['UPS_STANDARD', { currency: 'CAD', amount: 2288 }],
        ['UPS_NEXT_DAY_AIR', { currency: 'CAD', amount: 2288 }],
      ]),
    );
  });

  it.each<[string, unknown, RegExp]>([
    [
      'no RatedShipment',
      { RateResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } } } },
      /malformed rate response at RateResponse\.RatedShipment/,
    ],
    ['an amount that is not a number', response(ratedShipment('11', { TotalCharges: money('n/a') })), /malformed rate response at RateResponse\.RatedShipment/],
    [
      'a failed status',
      { RateResponse: { Response: { ResponseStatus: { Code: '0', Description: 'Failure' } }, RatedShipment: [] } },
      /did not rate the shipment: Failure/,
    ],
    ['two currencies in one quote', response(ratedShipment('11', { ServiceOptionsCharges: money('4.50', 'USD') })), /in CAD and USD at once/],
    ['an HTML error page', '<html>502</html>', /malformed rate response/],
  ])('answers %s with a CarrierError', (_name, raw, message) => {
    expect(() => parseUpsRate(raw)).toThrow(CarrierError);
    expect(() => parseUpsRate(raw)).toThrow(message);
  });
});
