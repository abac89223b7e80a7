import { invoiceTotal } from '../../../shared/carriers/request-mapping';
import type { ShipmentDocument } from '../../../shared/labels/document';
import { InvalidShipmentDocument, renderDocument } from '../../../shared/labels/render';
import { LABEL_TYPES, UnknownLabelType } from '../../../shared/labels/catalog';
import { documentOf, freightRecord, international, invoiceItems, manyPieces, rateRequest, record, recipient, shipper, trackingNumbers } from './fixtures';
import { decodeCode128, readPdf, unescapeFieldData, zplFormats } from './inspect';

const LABEL_4X6 = { width: 288, height: 432 };
const LETTER = { width: 612, height: 792 };

const withReturn = (request = rateRequest()) => ({ ...request, shippingOptions: { ...request.shippingOptions, createReturnLabel: true } });

describe('shipping label, PDF', () => {
  const document = documentOf(manyPieces(3), record(3));

  it('is a PDF of one 4×6 inch page per package', async () => {
    const { body, contentType } = await renderDocument('SHIPPING_LABEL_PDF', document);
    expect(contentType).toBe('application/pdf');
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(body);
    expect(pdf.pageCount).toBe(3);
    for (const page of pdf.pages) expect({ width: page.width, height: page.height }).toEqual(LABEL_4X6);
  });

  it("each page has the package's tracking number as a Code 128 barcode and in text, and says which piece of how many it is", async () => {
    const pdf = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', document)).body);
    pdf.pages.forEach((page, i) => {
      expect(page.bars).toHaveLength(1);
      expect(decodeCode128(page.bars[0]!)).toBe(document.pieceTrackingNumbers[i]);
      expect(page.text).toContain(document.pieceTrackingNumbers[i]);
      expect(page.text).toContain(`${i + 1} OF 3`);
      expect(page.text).toContain(`Master ${document.trackingNumber}`);
    });
  });

  it('has sender, recipient, carrier, service, weight, dimensions and reference', async () => {
    const document = documentOf(rateRequest(), record(1));
    const [page] = (await readPdf((await renderDocument('SHIPPING_LABEL_PDF', document)).body)).pages;
    expect(page!.text).toEqual(
      expect.arrayContaining([
        'Carrier X Express',
        'Express 2Day',
        'Ship date 2026-10-01',
        shipper.personName,
        shipper.companyName,
        'Toronto, ON M5X 1A9',
        'Bob Receiver',
        'Montréal, QC H2X 1Y4',
        '12.5 lb',
        '12 × 10 × 8 in',
        'Ref: CUST-1 / PO-42',
        '1 OF 1',
        'Box',
        `Order ${document.orderId}`,
        document.trackingUrl,
      ]),
    );
    expect(page!.text.indexOf(shipper.personName)).toBeLessThan(page!.text.indexOf('Bob Receiver'));
    expect(page!.text.some((t) => t.startsWith('Master'))).toBe(false);
  });

  it('renders the same bytes for the same order (no clock), dated by the order', async () => {
    const a = await renderDocument('SHIPPING_LABEL_PDF', document);
    const b = await renderDocument('SHIPPING_LABEL_PDF', structuredClone(document));
    expect(a.body.equals(b.body)).toBe(true);
    expect((await readPdf(a.body)).created).toEqual(new Date('2026-10-01T14:03:00.000Z'));
  });
});

describe('shipping label, ZPL II', () => {
  const document = documentOf(manyPieces(3), record(3));

  it('is one ^XA…^XZ format per package, 4×6 inch at 203 dpi, UTF-8, ASCII only', async () => {
    const { body, contentType } = await renderDocument('SHIPPING_LABEL_ZPL', document);
    expect(contentType).toBe('application/x-zpl');
    const zpl = body.toString('latin1');
    expect(zpl).toMatch(/^[\x20-\x7e\n]*$/);
    const formats = zplFormats(zpl);
    expect(formats).toHaveLength(3);
    for (const format of formats) expect(format.slice(0, 4)).toEqual(['^CI28', '^PW812', '^LL1218', '^LH0,0']);
  });

  it("each format prints the package's tracking number as ^BC Code 128 and says which piece it is", async () => {
    const formats = zplFormats((await renderDocument('SHIPPING_LABEL_ZPL', document)).body.toString('latin1'));
    formats.forEach((format, i) => {
      const barcode = format.findIndex((c) => c.startsWith('^BC'));
      expect(format[barcode]).toMatch(/^\^BCN,\d+,N,N,N,A$/);
      expect(format[barcode - 1]).toMatch(/^\^BY[1-5],3,\d+$/);
      expect(format.slice(barcode + 1, barcode + 4)).toEqual(['^FH', `^FD${document.pieceTrackingNumbers[i]}`, '^FS']);
      const texts = format.filter((c) => c.startsWith('^FD')).map((c) => unescapeFieldData(c.slice(3)));
      expect(texts).toEqual(expect.arrayContaining([`${i + 1} OF 3`, 'Carrier X Express', shipper.personName, 'Bob Receiver']));
    });
  });

  it('says the same things as the PDF label', async () => {
    const pdf = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', document)).body);
    const formats = zplFormats((await renderDocument('SHIPPING_LABEL_ZPL', document)).body.toString('latin1'));
    formats.forEach((format, i) => {
      const texts = format.flatMap((c, at) => (c.startsWith('^FD') && !format[at - 2]!.startsWith('^BC') ? [unescapeFieldData(c.slice(3))] : []));
      expect(texts.sort()).toEqual([...pdf.pages[i]!.text].sort());
    });
  });
});

describe('commercial invoice', () => {
  const request = international();
  const document = documentOf(request, record(1, { customsDeclarationNumber: 'CD12345678901' }));

  it('is a Letter PDF with every item: description, HS code, country of manufacture, quantity, unit value, weight, line total', async () => {
    const { body, contentType } = await renderDocument('COMMERCIAL_INVOICE', document);
    expect(contentType).toBe('application/pdf');
    const pdf = await readPdf(body);
    expect(pdf.pageCount).toBe(1);
    expect({ width: pdf.pages[0]!.width, height: pdf.pages[0]!.height }).toEqual(LETTER);
    const text = pdf.pages[0]!.text;
    expect(text).toEqual(
      expect.arrayContaining(['COMMERCIAL INVOICE', 'SHIPPER / EXPORTER', 'CONSIGNEE', 'Currency USD', 'Customs declaration CD12345678901', 'Total (USD)']),
    );
    const rows = [
      ['1', 'Blue widget', '8479.89', 'CA', '3', '19.99', '1.5', '59.97'],
      ['2', 'Red gadget', '8543.70', 'CN', '2', '120.005', '4', '240.01'],
      ['3', 'Manual', '1', '0.00', '0.2', '0.00'],
    ];
    for (const row of rows) {
      const at = text.indexOf(row[1]!) - 1;
      expect(text.slice(at, at + row.length)).toEqual(row);
    }
  });

  it('totals the line totals to the cent in the invoice currency, as the carriers do', async () => {
    const text = (await readPdf((await renderDocument('COMMERCIAL_INVOICE', document)).body)).pages[0]!.text;
    expect(invoiceTotal(request.commercialInvoice!)).toEqual({ amount: 299.98, currency: 'USD' });
    expect(text).toContain('TOTAL USD 299.98');
    expect(text).toContain('3 items, quantity 6, weight 5.7 lb');
  });

  it('names billingOptions.soldTo as sold-to when set, not the buyer', async () => {
    const soldTo = {
      personName: 'Dana Importer',
      companyName: 'Importers LLC',
      addressLine1: '5 Harbor Way',
      city: 'Seattle',
      provinceCode: 'WA',
      postalCode: '98101',
      countryCode: 'US',
    };
    const request = international({ buyer: { ...recipient, personName: 'Carol Buyer' }, billingOptions: { type: 'prepaid', soldTo } });
    const text = (await readPdf((await renderDocument('COMMERCIAL_INVOICE', documentOf(request, record(1)))).body)).pages[0]!.text;
    const at = text.indexOf('SOLD TO');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(text.slice(at + 1, at + 6)).toEqual(['Dana Importer', 'Importers LLC', '5 Harbor Way', 'Seattle, WA 98101', 'US']);
    expect(text).not.toContain('Carol Buyer');
  });

  it.each([
    ['a number', 7],
    ['an array', [{ personName: 'In an array' }]],
    ['an object without a name', { addressLine1: 'Nowhere 1' }],
  ])('with billingOptions.soldTo that names no party (%s), renders and names the buyer', async (_what, soldTo) => {
    const request = international({ buyer: { ...recipient, personName: 'Carol Buyer' }, billingOptions: { soldTo } });
    const text = (await readPdf((await renderDocument('COMMERCIAL_INVOICE', documentOf(request, record(1)))).body)).pages[0]!.text;
    expect(text).toEqual(expect.arrayContaining(['SOLD TO', 'Carol Buyer']));
  });

  it('names the buyer as sold-to when there is one', async () => {
    const withBuyer = documentOf(international({ buyer: { ...recipient, personName: 'Carol Buyer' } }), record(1));
    const text = (await readPdf((await renderDocument('COMMERCIAL_INVOICE', withBuyer)).body)).pages[0]!.text;
    expect(text).toEqual(expect.arrayContaining(['SOLD TO', 'Carol Buyer']));
  });

  it('runs over pages when the items do, every row once, the total on the last page', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: 1, value: 1, weight: 1 }));
    const many = documentOf(international({ commercialInvoice: { currency: 'EUR', invoiceItems: items } }), record(1));
    const pdf = await readPdf((await renderDocument('COMMERCIAL_INVOICE', many)).body);
    expect(pdf.pageCount).toBeGreaterThan(1);
    const all = pdf.pages.flatMap((p) => p.text);
    for (const item of items) expect(all.filter((t) => t === item.description)).toHaveLength(1);
    expect(pdf.pages.at(-1)!.text).toContain('TOTAL EUR 100.00');
    pdf.pages.forEach((page, i) => expect(page.text.at(-1)).toMatch(new RegExp(`Page ${i + 1} of ${pdf.pageCount}$`)));
  });
});

describe('return label', () => {
  it('is one 4×6 page from the recipient back to the shipper, with the return tracking number as its barcode', async () => {
    const document = documentOf(withReturn(manyPieces(4)), record(4, { returnTrackingNumber: '794123456780000' }));
    const pdf = await readPdf((await renderDocument('RETURN_LABEL', document)).body);
    expect(pdf.pageCount).toBe(1);
    const page = pdf.pages[0]!;
    expect({ width: page.width, height: page.height }).toEqual(LABEL_4X6);
    expect(page.text).toEqual(
      expect.arrayContaining([
        'RETURN LABEL',
        'FROM',
        'SHIP TO',
        '4 PIECES',
        '794123456780000',
        'ORIGINAL SHIPMENT',
        document.trackingNumber,
        'Shipped 2026-10-01',
      ]),
    );
    expect(page.text.indexOf('Bob Receiver')).toBeLessThan(page.text.indexOf('SHIP TO'));
    expect(page.text.indexOf(shipper.personName)).toBeGreaterThan(page.text.indexOf('SHIP TO'));
    expect(decodeCode128(page.bars[0]!)).toBe('794123456780000');
  });

  it('without a return tracking number, its barcode is the shipment tracking number', async () => {
    const document = documentOf(withReturn(), record(1));
    const page = (await readPdf((await renderDocument('RETURN_LABEL', document)).body)).pages[0]!;
    expect(decodeCode128(page.bars[0]!)).toBe(document.trackingNumber);
  });
});

describe('bill of lading', () => {
  const document = documentOf(
    manyPieces(5, rateRequest({ freightOptions: { tailgate: 'delivery', pickupAppointment: { appointmentDate: '2026-10-01', appointmentTime: '09:00' } } })),
    freightRecord(5),
  );

  it('is a Letter PDF with the bill of lading number as a barcode, shipper, consignee, handling units and total weight', async () => {
    const { body, contentType } = await renderDocument('BILL_OF_LADING', document);
    expect(contentType).toBe('application/pdf');
    const pdf = await readPdf(body);
    expect(pdf.pageCount).toBe(1);
    const page = pdf.pages[0]!;
    expect({ width: page.width, height: page.height }).toEqual(LETTER);
    expect(decodeCode128(page.bars[0]!)).toBe('BOL12345678903');
    expect(page.text).toEqual(
      expect.arrayContaining([
        'BILL OF LADING',
        'BOL12345678903',
        'SHIPPER (FROM)',
        'CONSIGNEE (TO)',
        shipper.personName,
        'Bob Receiver',
        `PRO / tracking number ${document.trackingNumber}`,
        'Liftgate (tailgate): delivery',
        'Pickup appointment: 2026-10-01 09:00',
        'TOTAL 5 handling units, 12 kg',
      ]),
    );
    // Three packages of one size and two of another: two rows.
    const [a, b] = [page.text.indexOf('30 × 20 × 10 cm'), page.text.indexOf('30 × 20 × 11 cm')];
    expect(page.text.slice(a - 2, a + 4)).toEqual(['3', 'Package', '30 × 20 × 10 cm', '2', '6', trackingNumbers(5)[0]]);
    expect(page.text.slice(b - 2, b + 4)).toEqual(['2', 'Package', '30 × 20 × 11 cm', '3', '6', trackingNumbers(5)[3]]);
  });
});

describe('renderDocument refuses what a shipment does not have', () => {
  const domestic = documentOf(rateRequest(), record(1));

  it.each([
    ['an unknown code', 'LABEL', domestic],
    ['a code in another case', 'shipping_label_pdf', domestic],
    ['an inherited name', 'constructor', domestic],
    ['the commercial invoice of a domestic shipment', 'COMMERCIAL_INVOICE', domestic],
    ['the return label without createReturnLabel', 'RETURN_LABEL', domestic],
    ['the bill of lading of a parcel shipment', 'BILL_OF_LADING', domestic],
  ])('%s is UnknownLabelType', async (_case, code, document) => {
    await expect(renderDocument(code, document)).rejects.toBeInstanceOf(UnknownLabelType);
  });

  it('renders every type a shipment has, with its content type', async () => {
    const all = documentOf(international({ shippingOptions: { shippingDate: '2026-10-01', createReturnLabel: true } }), freightRecord(1));
    for (const type of Object.values(LABEL_TYPES)) {
      const rendered = await renderDocument(type.code, all);
      expect(rendered.contentType).toBe(type.contentType);
      expect(rendered.body.length).toBeGreaterThan(0);
    }
  });

  it.each<[string, (d: ShipmentDocument) => ShipmentDocument]>([
    ['fewer tracking numbers than packages', (d) => ({ ...d, pieceTrackingNumbers: d.pieceTrackingNumbers.slice(1) })],
    ['no package', (d) => ({ ...d, pieces: [], pieceTrackingNumbers: [] })],
    ['more packages than a shipment can have', (d) => ({ ...d, pieces: Array(201).fill(d.pieces[0]), pieceTrackingNumbers: trackingNumbers(201) })],
    ['a tracking number that is not alphanumeric', (d) => ({ ...d, pieceTrackingNumbers: ['123^XZ'] })],
    ['a freight shipment without its bill of lading number', (d) => ({ ...d, carrier: { ...d.carrier, kind: 'freight' } })],
  ])('an inconsistent document (%s) is InvalidShipmentDocument', async (_case, change) => {
    const code = _case.includes('freight') ? 'BILL_OF_LADING' : 'SHIPPING_LABEL_PDF';
    await expect(renderDocument(code, change(domestic))).rejects.toBeInstanceOf(InvalidShipmentDocument);
  });

  it('invoice items come from the request as they are', () => {
    expect(documentOf(international(), record(1)).invoice!.invoiceItems).toEqual(invoiceItems);
  });
});
