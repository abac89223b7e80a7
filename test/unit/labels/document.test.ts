import { documentLabelFacts, shipmentDocument } from '../../../shared/labels/document';
import { labelFactsOf } from '../../../shared/labels/types';
import { freightRecord, international, invoiceItems, rateRequest, record, recipient, shipper } from './fixtures';

describe('shipmentDocument: the document of a shipment from its order record and rate request', () => {
  it('expands every piece per quantity, in request order, with its packaging name', () => {
    const request = rateRequest({
      packages: {
        unitOfMeasure: 'metric',
        pieces: [
          { quantity: 2, weight: 5, length: 40, width: 30, height: 20, packagingType: { code: 'CARRIERX_PAK' } },
          { quantity: 1, weight: 1.25, length: 10, width: 10, height: 10 },
        ],
      },
    });
    const document = shipmentDocument(request, record(3));
    expect(document.unitOfMeasure).toBe('metric');
    expect(document.pieces).toEqual([
      { weight: 5, length: 40, width: 30, height: 20, packaging: 'CARRIERX_PAK' },
      { weight: 5, length: 40, width: 30, height: 20, packaging: 'CARRIERX_PAK' },
      { weight: 1.25, length: 10, width: 10, height: 10 },
    ]);
    expect(document.pieceTrackingNumbers).toHaveLength(3);
  });

  it('takes the parties, the shipping date and the references of the request', () => {
    const document = shipmentDocument(rateRequest(), record(1));
    expect(document.shipper).toEqual(shipper);
    expect(document.shippingDate).toBe('2026-10-01');
    expect(document.references).toEqual({ customer: 'CUST-1', order: 'PO-42' });
    expect(document.createReturnLabel).toBe(false);
    expect(document.createdDate).toBe('2026-10-01T14:03:00.000Z');
  });

  it('has the invoice of international goods: its items, the currency in upper case, the buyer as sold-to, the declaration number', () => {
    const buyer = { ...recipient, personName: 'Carol Buyer' };
    const document = shipmentDocument(international({ buyer }), record(1, { customsDeclarationNumber: 'CD12345678901' }));
    expect(document.invoice).toEqual({
      currency: 'USD',
      unitOfMeasure: 'imperial',
      invoiceItems,
      generalNote: 'Samples, no commercial value for the manual.',
      exportType: 'permanent',
      billDutyTo: 'recipient',
      soldTo: buyer,
      declarationNumber: 'CD12345678901',
    });
  });

  it('an invoice without a currency is in CAD (spec 2.9)', () => {
    const request = international();
    const document = shipmentDocument({ ...request, commercialInvoice: { invoiceItems } }, record(1));
    expect(document.invoice?.currency).toBe('CAD');
  });

  it('has no invoice for a domestic shipment or documents only', () => {
    expect(shipmentDocument(international({ recipient: { ...recipient, countryCode: 'CA' } }), record(1)).invoice).toBeUndefined();
    expect(shipmentDocument(international({ internationalOptions: { documentsOnly: true } }), record(1)).invoice).toBeUndefined();
  });

  it('leaves absent fields out rather than undefined', () => {
    const document = shipmentDocument(rateRequest(), record(1));
    const undefinedKeys = Object.entries(document).filter(([, v]) => v === undefined);
    expect(undefinedKeys).toEqual([]);
    expect(Object.keys(document.pieces[0]!)).not.toContain('undefined');
  });

  it.each([
    ['domestic parcel', rateRequest(), record(1)],
    ['international goods with a return label', international({ shippingOptions: { shippingDate: '2026-10-01', createReturnLabel: true } }), record(1)],
    ['freight', rateRequest(), freightRecord(1)],
  ])('its label facts are labelFactsOf its request (%s)', (_case, request, shipment) => {
    expect(documentLabelFacts(shipmentDocument(request, shipment))).toEqual(labelFactsOf(request, shipment.carrier.kind));
  });
});
