import { buildCarrierYRateRequest, DOCUMENTS_PLACEHOLDER_AMOUNT } from '../../../shared/carriers/carrier-y';
import { londonRecipient, newYorkRecipient, piece, rateInput, rateRequest } from './fixtures';

const build = (request = rateRequest()) => buildCarrierYRateRequest(rateInput('CARRIERY', request));

describe('carrier Y customs total at rate time (spec 2.7, 2.9)', () => {
  it('documents-only shipments get the placeholder total in the plan currency', () => {
    const request = build(rateRequest({ recipient: londonRecipient, internationalOptions: { documentsOnly: true } }));
    expect(request.customs).toEqual({ documentsOnly: true, total: { amount: DOCUMENTS_PLACEHOLDER_AMOUNT, currency: 'CAD' } });
    expect(DOCUMENTS_PLACEHOLDER_AMOUNT).toBe(1);
  });

  it('declaredValue overrides the documents-only placeholder total', () => {
    const request = build(
      rateRequest({
        recipient: londonRecipient,
        internationalOptions: { documentsOnly: true, declaredValue: { value: 25.5, currency: 'gbp' } },
      }),
    );
    expect(request.customs).toEqual({ documentsOnly: true, total: { amount: 25.5, currency: 'GBP' } });
  });

  it('goods carry the commercial invoice total: quantity × value summed over items', () => {
    const request = build(
      rateRequest({
        recipient: newYorkRecipient,
        internationalOptions: { billDutyTo: 'recipient' },
        commercialInvoice: {
          currency: 'USD',
          invoiceItems: [
            { description: 'Brake pads', quantity: 3, value: 19.99, weight: 1 },
            { description: 'Rotor', quantity: 2, value: 80.1, weight: 3 },
          ],
        },
      }),
    );
    expect(request.customs).toEqual({ documentsOnly: false, total: { amount: 220.17, currency: 'USD' } });
  });

  it('an invoice without a currency is in CAD, the invoice form default', () => {
    const request = build(
      rateRequest({ recipient: newYorkRecipient, commercialInvoice: { invoiceItems: [{ description: 'Gear', quantity: 1, value: 10, weight: 1 }] } }),
    );
    expect(request.customs?.total).toEqual({ amount: 10, currency: 'CAD' });
  });

  it('no customs without documentsOnly or an invoice', () => {
    expect(build().customs).toBeUndefined();
  });
});

describe('carrier Y request', () => {
  it('receives metric parcels, one entry per piece with its quantity, converted from imperial', () => {
    const request = build(
      rateRequest({ packages: { unitOfMeasure: 'imperial', pieces: [piece('GENERIC_BOX', { quantity: 2, weight: 10, length: 10, width: 5, height: 2 })] } }),
    );
    expect(request.parcels).toEqual([{ quantity: 2, weightKg: 4.536, dimensionsCm: { length: 25.4, width: 12.7, height: 5.1 } }]);
  });

  it('takes metric pieces as they are and leaves out dimensions that are all zero', () => {
    const request = build(
      rateRequest({ packages: { unitOfMeasure: 'metric', pieces: [piece('CARRIERY_EXPRESS_PAK', { weight: 1.2, length: 0, width: 0, height: 0 })] } }),
    );
    expect(request.parcels).toEqual([{ quantity: 1, weightKg: 1.2 }]);
  });

  it('maps signature, coverage and Saturday delivery to option codes', () => {
    const required = build(rateRequest({ shippingOptions: { shippingDate: '2025-06-04', signature: 'required' } }));
    expect(required.options).toEqual([{ code: 'SO' }]);
    const all = build(
      rateRequest({
        shippingOptions: { shippingDate: '2025-06-04', signature: 'adult', insurance: { amount: 300, currency: 'CAD' }, saturdayDelivery: true },
      }),
    );
    expect(all.options).toEqual([{ code: 'PA18' }, { code: 'COV', amount: 300, currency: 'CAD' }, { code: 'SAT' }]);
    expect(build().options).toEqual([]);
  });
});
