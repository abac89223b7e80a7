import { RATE_LIMITS } from '../../../shared/domain/rate/limits';
import type { RateRequest } from '../../../shared/domain/rate/schema';
import { documentLabelFacts, shipmentDocument } from '../../../shared/labels/document';
import { labelFactsOf } from '../../../shared/labels/catalog';
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

describe("the invoice's sold-to party follows billingOptions.soldTo, else the buyer, else none (the consignee)", () => {
  const buyer = { ...recipient, personName: 'Carol Buyer' };
  const soldTo = {
    personName: 'Dana Importer',
    companyName: 'Importers LLC',
    addressLine1: '5 Harbor Way',
    addressLine2: 'Dock 3',
    city: 'Seattle',
    provinceCode: 'WA',
    postalCode: '98101',
    countryCode: 'US',
    phoneNumber: '+1 206 555 0123',
  };
  const soldToOf = (value: unknown, extra: Partial<RateRequest> = {}) =>
    shipmentDocument(international({ ...extra, billingOptions: { type: 'prepaid', soldTo: value } }), record(1)).invoice?.soldTo;

  it('billingOptions.soldTo when set, even with a buyer', () => {
    expect(soldToOf(soldTo, { buyer })).toEqual(soldTo);
    expect(soldToOf(soldTo)).toEqual(soldTo);
  });

  it('the buyer when billingOptions or its soldTo is absent or null', () => {
    expect(shipmentDocument(international({ buyer }), record(1)).invoice?.soldTo).toEqual(buyer);
    expect(soldToOf(undefined, { buyer })).toEqual(buyer);
    expect(soldToOf(null, { buyer })).toEqual(buyer);
  });

  it('no sold-to party (the consignee is the buyer) without either', () => {
    expect(soldToOf(undefined)).toBeUndefined();
    expect(shipmentDocument(international(), record(1)).invoice).not.toHaveProperty('soldTo');
  });

  it('only the string fields of an address are taken, trimmed; anything else in soldTo is left out', () => {
    expect(
      soldToOf({
        personName: '  Dana Importer ',
        companyName: 42,
        addressLine1: ['5 Harbor Way'],
        city: { name: 'Seattle' },
        countryCode: 'US',
        postalCode: null,
        residential: true,
        notes: 'not a field of an address',
        nested: { deeper: { personName: 'Mallory' } },
      }),
    ).toEqual({ personName: 'Dana Importer', countryCode: 'US' });
  });

  it('each field is cut to the text limit of a request field', () => {
    const long = `${'Ø'.repeat(RATE_LIMITS.text)}TAIL`;
    const taken = soldToOf({ personName: long, addressLine1: '📦'.repeat(300) });
    expect(taken?.personName).toBe('Ø'.repeat(RATE_LIMITS.text));
    // Cut at a character, never inside a surrogate pair.
    expect(taken?.addressLine1).toBe('📦'.repeat(RATE_LIMITS.text));
  });

  it.each([
    ['a number', 42],
    ['a string', 'Dana Importer'],
    ['a boolean', true],
    ['an array', [soldTo]],
    ['an empty object', {}],
    ['an object without a name', { addressLine1: '5 Harbor Way', countryCode: 'US' }],
    ['an object whose names are blank', { personName: '   ', companyName: '' }],
    ['an object whose names are not strings', { personName: { first: 'Dana' }, companyName: ['Importers'] }],
    ['deep nesting', { soldTo: { soldTo: { soldTo: { personName: 'Deep' } } } }],
  ])('soldTo that is %s names no party: the buyer instead, or none', (_what, value) => {
    expect(soldToOf(value, { buyer })).toEqual(buyer);
    expect(soldToOf(value)).toBeUndefined();
  });

  it('keys a plain object inherits (constructor, toString, __proto__) are never read as fields', () => {
    const parsed = JSON.parse(
      '{"__proto__": {"personName": "Polluted"}, "constructor": {"prototype": {"x": 1}}, "toString": "x", "companyName": "Real Co"}',
    ) as unknown;
    expect(soldToOf(parsed)).toEqual({ companyName: 'Real Co' });
    // Inherited properties are not the object's own fields either.
    const inherited = Object.create({ personName: 'Inherited' }) as Record<string, unknown>;
    expect(soldToOf(inherited, { buyer })).toEqual(buyer);
    expect(({} as Record<string, unknown>).personName).toBeUndefined();
  });
});
