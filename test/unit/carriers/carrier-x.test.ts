import { buildCarrierXRateRequest, carrierXPackagingType } from '../../../shared/carriers/carrier-x';
import { rateRequestBodySchema } from '../../../shared/domain/rate/schema';
import { londonRecipient, newYorkRecipient, piece, rateInput, rateRequest } from './fixtures';

const build = (request = rateRequest()) => buildCarrierXRateRequest(rateInput('CARRIERX', request));
const withPieces = (pieces: ReturnType<typeof piece>[], unitOfMeasure: 'imperial' | 'metric' = 'imperial') =>
  build(rateRequest({ packages: { unitOfMeasure, pieces } }));

describe('the fixture', () => {
  it('is a valid rate request', () => {
    expect(rateRequestBodySchema.safeParse(rateRequest()).success).toBe(true);
  });
});

describe('carrier X packaging mapping (spec 2.5)', () => {
  describe('any code with isEnvelope true → CARRIERX_ENVELOPE', () => {
    it('envelope only when the total piece count is 1', () => {
      const request = withPieces([piece('GENERIC_ENVELOPE', { weight: 0.2, length: 12.6, width: 9.4, height: 0.4 })]);
      expect(request.packagingType).toBe('CARRIERX_ENVELOPE');
      expect(request.totalPackageCount).toBe(1);
      expect(request.requestedPackageLineItems).toEqual([{ sequenceNumber: 1, groupPackageCount: 1, weight: { units: 'LB', value: 1 } }]);
    });

    it('envelope omits the dimensions and normalizes the weight to 0.5 kg in metric', () => {
      const request = withPieces([piece('GENERIC_ENVELOPE', { weight: 0.1, length: 32, width: 24, height: 1 })], 'metric');
      expect(request.packagingType).toBe('CARRIERX_ENVELOPE');
      expect(request.requestedPackageLineItems).toEqual([{ sequenceNumber: 1, groupPackageCount: 1, weight: { units: 'KG', value: 0.5 } }]);
    });

    it('any code marked isEnvelope counts as an envelope, not only the catalog envelope', () => {
      const custom = { ...piece('GENERIC_BOX'), packagingType: { code: 'COMPANY_DOCS', isEnvelope: true } };
      expect(withPieces([custom]).packagingType).toBe('CARRIERX_ENVELOPE');
    });

    it('an envelope with a quantity of 2 is YOUR_PACKAGING with its dimensions', () => {
      const request = withPieces([piece('GENERIC_ENVELOPE', { quantity: 2, weight: 0.2, length: 12.6, width: 9.4, height: 0.4 })]);
      expect(request.packagingType).toBe('YOUR_PACKAGING');
      expect(request.totalPackageCount).toBe(2);
      expect(request.requestedPackageLineItems).toEqual([
        {
          sequenceNumber: 1,
          groupPackageCount: 2,
          weight: { units: 'LB', value: 0.2 },
          dimensions: { units: 'IN', length: 12.6, width: 9.4, height: 0.4 },
        },
      ]);
    });

    it('two envelope pieces (total piece count 2) are YOUR_PACKAGING', () => {
      expect(withPieces([piece('GENERIC_ENVELOPE'), piece('GENERIC_ENVELOPE')]).packagingType).toBe('YOUR_PACKAGING');
    });
  });

  describe('CARRIERX_PAK and the pak family → CARRIERX_PAK', () => {
    it.each(['CARRIERX_PAK', 'CARRIERY_EXPRESS_PAK', 'CARRIERZ_PAD_PAK', 'CARRIERZ_PAK'])('all pieces %s → CARRIERX_PAK', (code) => {
      const request = withPieces([piece(code, { quantity: 2 })]);
      expect(request.packagingType).toBe('CARRIERX_PAK');
      expect(request.requestedPackageLineItems).toEqual([{ sequenceNumber: 1, groupPackageCount: 2, weight: { units: 'LB', value: 4 } }]);
    });

    it('pieces mixing codes of the pak family are still CARRIERX_PAK', () => {
      const pieces = ['CARRIERX_PAK', 'CARRIERY_EXPRESS_PAK', 'CARRIERZ_PAD_PAK', 'CARRIERZ_PAK'].map((c) => piece(c));
      expect(withPieces(pieces).packagingType).toBe('CARRIERX_PAK');
    });
  });

  describe('carrier X boxes → CARRIERX_BOX', () => {
    it.each(['CARRIERX_SMALL_BOX', 'CARRIERX_MEDIUM_BOX', 'CARRIERX_LARGE_BOX', 'CARRIERX_EXTRA_LARGE_BOX'])(
      'all pieces share %s → CARRIERX_BOX, sent on each piece',
      (code) => {
        const request = withPieces([piece(code), piece(code, { quantity: 2, weight: 6 })]);
        expect(request.packagingType).toBe('CARRIERX_BOX');
        expect(request.requestedPackageLineItems).toEqual([
          { sequenceNumber: 1, groupPackageCount: 1, weight: { units: 'LB', value: 4 }, packagingType: 'CARRIERX_BOX' },
          { sequenceNumber: 2, groupPackageCount: 2, weight: { units: 'LB', value: 6 }, packagingType: 'CARRIERX_BOX' },
        ]);
      },
    );

    it('boxes of different sizes do not share a code → YOUR_PACKAGING', () => {
      expect(withPieces([piece('CARRIERX_SMALL_BOX'), piece('CARRIERX_LARGE_BOX')]).packagingType).toBe('YOUR_PACKAGING');
    });
  });

  it('all pieces CARRIERX_TUBE → CARRIERX_TUBE, sent on each piece', () => {
    const request = withPieces([piece('CARRIERX_TUBE', { quantity: 2 })]);
    expect(request.packagingType).toBe('CARRIERX_TUBE');
    expect(request.requestedPackageLineItems.map((i) => [i.groupPackageCount, i.packagingType])).toEqual([[2, 'CARRIERX_TUBE']]);
    expect(request.requestedPackageLineItems.every((i) => i.dimensions === undefined)).toBe(true);
  });

  it('any other code (GENERIC_BOX) → YOUR_PACKAGING with each piece’s length, width, height and weight', () => {
    const request = withPieces(
      [piece('GENERIC_BOX', { weight: 3, length: 20, width: 15, height: 10 }), piece('GENERIC_BOX', { weight: 5, length: 30, width: 20, height: 10 })],
      'metric',
    );
    expect(request.packagingType).toBe('YOUR_PACKAGING');
    expect(request.requestedPackageLineItems).toEqual([
      { sequenceNumber: 1, groupPackageCount: 1, weight: { units: 'KG', value: 3 }, dimensions: { units: 'CM', length: 20, width: 15, height: 10 } },
      { sequenceNumber: 2, groupPackageCount: 1, weight: { units: 'KG', value: 5 }, dimensions: { units: 'CM', length: 30, width: 20, height: 10 } },
    ]);
  });

  it.each([
    ['pak and box', ['CARRIERX_PAK', 'CARRIERX_SMALL_BOX']],
    ['box and tube', ['CARRIERX_MEDIUM_BOX', 'CARRIERX_TUBE']],
    ['tube and pak', ['CARRIERX_TUBE', 'CARRIERZ_PAK']],
    ['envelope and pak', ['GENERIC_ENVELOPE', 'CARRIERX_PAK']],
    ['carrier box and generic box', ['CARRIERX_SMALL_BOX', 'GENERIC_BOX']],
  ])('mixed categories (%s) → YOUR_PACKAGING', (_, codes) => {
    const request = withPieces(codes.map((c) => piece(c)));
    expect(request.packagingType).toBe('YOUR_PACKAGING');
    expect(request.requestedPackageLineItems.every((i) => i.dimensions !== undefined && i.packagingType === undefined)).toBe(true);
  });

  it('a piece without packagingType (only possible when carrier X is not required) falls back to YOUR_PACKAGING', () => {
    const { packagingType: _, ...bare } = piece('CARRIERX_PAK');
    expect(carrierXPackagingType([bare, piece('CARRIERX_PAK')])).toBe('YOUR_PACKAGING');
  });

  it('each piece is one numbered line item of groupPackageCount = quantity packages; the total counts them all', () => {
    const request = withPieces([piece('GENERIC_BOX', { quantity: 3 }), piece('GENERIC_BOX', { quantity: 2, weight: 9 })]);
    expect(request.totalPackageCount).toBe(5);
    expect(request.requestedPackageLineItems.map((i) => [i.sequenceNumber, i.groupPackageCount, i.weight.value])).toEqual([
      [1, 3, 4],
      [2, 2, 9],
    ]);
  });

  it('a quantity of 200 is one line item, not 200 (work follows the size of the request, not its numbers)', () => {
    const request = withPieces([piece('GENERIC_BOX', { quantity: 200 })]);
    expect(request.requestedPackageLineItems).toHaveLength(1);
    expect(request.totalPackageCount).toBe(200);
  });
});

describe('carrier X international options (spec 2.7)', () => {
  const invoice = {
    currency: 'USD',
    invoiceItems: [
      { description: 'Brake pads', quantity: 3, value: 19.99, weight: 1 },
      { description: 'Rotor', quantity: 1, value: 80, weight: 3 },
    ],
  };

  it('duties are paid by the sender at rate time whenever internationalOptions has a key, whatever billDutyTo says', () => {
    for (const billDutyTo of ['recipient', 'thirdParty', 'sender'] as const) {
      const request = build(rateRequest({ recipient: newYorkRecipient, internationalOptions: { billDutyTo } }));
      expect(request.customsClearance?.dutiesPayment).toEqual({ paymentType: 'SENDER' });
    }
    const anyKey = build(rateRequest({ recipient: newYorkRecipient, internationalOptions: { senderIsProducer: false } }));
    expect(anyKey.customsClearance?.dutiesPayment).toEqual({ paymentType: 'SENDER' });
  });

  it('no customs clearance when internationalOptions is absent or empty', () => {
    expect(build(rateRequest({ recipient: newYorkRecipient })).customsClearance).toBeUndefined();
    expect(build(rateRequest({ recipient: newYorkRecipient, internationalOptions: {} })).customsClearance).toBeUndefined();
  });

  it('customs value is the invoice total (quantity × value summed) for goods', () => {
    const request = build(rateRequest({ recipient: newYorkRecipient, internationalOptions: { billDutyTo: 'recipient' }, commercialInvoice: invoice }));
    expect(request.customsClearance).toEqual({
      dutiesPayment: { paymentType: 'SENDER' },
      documentsOnly: false,
      customsValue: { amount: 139.97, currency: 'USD' },
    });
  });

  it('requestEstimatedDutiesAndTaxes is passed through as given', () => {
    const asked = build(rateRequest({ recipient: londonRecipient, internationalOptions: { requestEstimatedDutiesAndTaxes: true } }));
    expect(asked.requestEstimatedDutiesAndTaxes).toBe(true);
    const declined = build(rateRequest({ recipient: londonRecipient, internationalOptions: { requestEstimatedDutiesAndTaxes: false } }));
    expect(declined.requestEstimatedDutiesAndTaxes).toBe(false);
    expect('requestEstimatedDutiesAndTaxes' in build(rateRequest({ recipient: londonRecipient }))).toBe(false);
  });
});

describe('carrier X request', () => {
  it('carries the plan account and currency, the ship date and the enabled services only', () => {
    const input = rateInput('CARRIERX', rateRequest({ shippingOptions: { shippingDate: '2025-06-04T15:30' } }));
    const request = buildCarrierXRateRequest({ ...input, services: input.services.filter((s) => s.code === 'CARRIERX_GROUND') });
    expect(request).toMatchObject({
      accountNumber: 'SBX-CARRIERX-DEFAULT',
      preferredCurrency: 'CAD',
      serviceTypes: ['CARRIERX_GROUND'],
      shipDate: '2025-06-04',
      shipper: { countryCode: 'CA', stateOrProvinceCode: 'ON', postalCode: 'M5H1A1', residential: false },
    });
  });

  it('maps signature, Saturday delivery and insurance to special services', () => {
    const request = build(
      rateRequest({
        shippingOptions: { shippingDate: '2025-06-04', signature: 'adult', saturdayDelivery: true, insurance: { amount: 250, currency: 'cad' } },
      }),
    );
    expect(request.specialServices).toEqual({ signatureOption: 'ADULT', saturdayDelivery: true, declaredValue: { amount: 250, currency: 'CAD' } });
    expect(build().specialServices).toEqual({});
  });
});
