/**
 * Whatever a caller wrote into a rate request (any Unicode up to 255
 * characters per field, ZPL commands, 200 packages), every document renders,
 * keeps its text inside its page, has exactly its pages, and the ZPL holds no
 * command the renderer did not write.
 */
import { StandardFontEmbedder } from '@cantoo/pdf-lib';
import fc from 'fast-check';
import type { RateRequest } from '../../../shared/domain/rate/schema';
import type { ShipmentDocument } from '../../../shared/labels/document';
import { renderDocument } from '../../../shared/labels/render';
import { billOfLadingPages } from '../../../shared/labels/renderers/bill-of-lading';
import { commercialInvoicePages } from '../../../shared/labels/renderers/commercial-invoice';
import { LABEL_SIZE, LEADING, LETTER_SIZE, STANDARD_FONTS, type Element } from '../../../shared/labels/renderers/layout';
import { returnLabelElements, shippingLabelElements } from '../../../shared/labels/renderers/parcel-label';
import { LABEL_TYPE_CODES } from '../../../shared/labels/catalog';
import { documentOf, freightRecord, hostile, hostileAddress, international, manyPieces, record, trackingNumbers } from './fixtures';
import { readPdf, unescapeFieldData, zplFormats } from './inspect';

/** Every free-text field of the request set to `text`. */
function hostileRequest(text: string, pieces = 1): RateRequest {
  const t = [...text].slice(0, 255).join('');
  const base = manyPieces(pieces, international());
  return {
    ...base,
    shipper: hostileAddress(t),
    recipient: { ...hostileAddress(t), countryCode: 'DE' },
    buyer: hostileAddress(t),
    billingOptions: { type: 'prepaid', soldTo: { ...hostileAddress(t), nested: { deeper: [t, { t }] }, constructor: t } },
    shippingOptions: {
      shippingDate: '2026-10-01',
      references: { customer: t, order: t, invoice: t },
      deliveryInstructions: t,
      signature: 'adult',
      createReturnLabel: true,
    },
    packages: {
      ...base.packages,
      pieces: base.packages.pieces.map((piece) => ({ ...piece, packagingType: { code: 'GENERIC_BOX', name: t } })),
    },
    internationalOptions: { recipientTaxId: [...t].slice(0, 64).join(''), exportType: 'returnRepair', billDutyTo: 'thirdParty' },
    commercialInvoice: {
      generalNote: t,
      currency: 'EUR',
      invoiceItems: Array.from({ length: 100 }, (_, i) => ({
        description: t,
        quantity: 100_000,
        value: 1_000_000,
        weight: 100_000 - i,
        hsCode: [...t].slice(0, 64).join(''),
        countryOfManufacture: [...t].slice(0, 64).join(''),
      })),
    },
    freightOptions: {
      appointment: t,
      tailgate: 'both',
      twoPersons: 'pickup',
      afterHours: 'delivery',
      pickupAppointment: { appointmentDate: t.slice(0, 64), appointmentTime: t.slice(0, 64) },
    },
  };
}

const hostileDocument = (text: string, pieces = 1): ShipmentDocument => {
  const freight = freightRecord(pieces);
  return documentOf(hostileRequest(text, pieces), {
    ...freight,
    carrier: { ...freight.carrier, name: text },
    service: { ...freight.service, name: text },
    trackingUrl: `https://track.example/${encodeURIComponent(text)}`,
    returnTrackingNumber: '794123456780000',
  });
};

/** The commands the renderer writes; anything else in a ZPL file came from somewhere else. */
const ZPL_COMMANDS =
  /^\^(CI28|PW\d+|LL\d+|LH0,0|FO\d+,\d+|A0N,\d+,\d+|FB\d+,1,0,[LCR],0|FR|FH|FD[\x20-\x7e]*|FS|GB\d+,\d+,\d+,B,0|BY\d,3,\d+|BCN,\d+,N,N,N,A)$/;

function expectWellFormedZpl(zpl: string, formats: number): void {
  expect(zpl).toMatch(/^[\x20-\x7e\n]*$/);
  expect(zpl).not.toContain('~');
  const parsed = zplFormats(zpl);
  expect(parsed).toHaveLength(formats);
  for (const format of parsed) {
    for (const command of format) expect(command).toMatch(ZPL_COMMANDS);
    // Every field is ^FH^FD…^FS: data never runs into another command.
    format.forEach((command, i) => {
      if (command.startsWith('^FD')) expect([format[i - 1], format[i + 1]]).toEqual(['^FH', '^FS']);
    });
  }
}

function expectInsidePage(elements: Element[], [pageWidth, pageHeight]: [number, number]): void {
  for (const e of elements) {
    expect(e.x).toBeGreaterThanOrEqual(0);
    expect(e.top).toBeGreaterThanOrEqual(0);
    expect(e.x + e.width).toBeLessThanOrEqual(pageWidth);
    if (e.kind === 'text') {
      // Measured by the PDF library itself, not by the layout's own measure.
      const font = StandardFontEmbedder.for(STANDARD_FONTS[e.font] as string as Parameters<typeof StandardFontEmbedder.for>[0]);
      expect(font.widthOfTextAtSize(e.text, e.size)).toBeLessThanOrEqual(e.width + 1e-9);
      expect(e.top + e.size * LEADING).toBeLessThanOrEqual(pageHeight);
    } else {
      expect(e.top + e.height).toBeLessThanOrEqual(pageHeight);
    }
  }
}

describe.each(Object.entries(hostile))('hostile text (%s) in every field', (_name, text) => {
  const document = hostileDocument(text, 3);

  it('every document type renders; labels have one page per package, the return label one', async () => {
    const pdf = async (code: string) => readPdf((await renderDocument(code, document)).body);
    expect((await pdf('SHIPPING_LABEL_PDF')).pageCount).toBe(3);
    expect((await pdf('RETURN_LABEL')).pageCount).toBe(1);
    expect((await pdf('COMMERCIAL_INVOICE')).pageCount).toBeGreaterThanOrEqual(1);
    expect((await pdf('BILL_OF_LADING')).pageCount).toBe(1);
    expect(LABEL_TYPE_CODES.length).toBe(5);
  });

  it('the ZPL has one format per package and no command of the text', async () => {
    const zpl = (await renderDocument('SHIPPING_LABEL_ZPL', document)).body.toString('latin1');
    expectWellFormedZpl(zpl, 3);
    if (text === hostile.zpl) {
      const fields = zplFormats(zpl)
        .flat()
        .filter((c) => c.startsWith('^FD'))
        .map((c) => unescapeFieldData(c.slice(3)));
      expect(fields.some((f) => f.startsWith('Evil ^XZ^XA^FO0,0^A0N,99,99^FDPWNED^FS~JR^XZ _5E \\& name'))).toBe(true);
    }
  });

  it('every text is inside its box and every box inside its page', () => {
    document.pieces.forEach((_, i) => expectInsidePage(shippingLabelElements(document, i), LABEL_SIZE));
    expectInsidePage(returnLabelElements(document), LABEL_SIZE);
    for (const page of commercialInvoicePages({ ...document, invoice: document.invoice! })) expectInsidePage(page, LETTER_SIZE);
    for (const page of billOfLadingPages({ ...document, billOfLadingNumber: document.billOfLadingNumber! })) expectInsidePage(page, LETTER_SIZE);
  });
});

describe('200 packages (the most a shipment has)', () => {
  const document = hostileDocument(hostile.zpl, 200);

  it('the PDF label has exactly 200 pages, each with its own tracking number', async () => {
    const pdf = await readPdf((await renderDocument('SHIPPING_LABEL_PDF', document)).body);
    expect(pdf.pageCount).toBe(200);
    pdf.pages.forEach((page, i) => expect(page.text).toContain(trackingNumbers(200)[i]));
  });

  it('the ZPL label has exactly 200 formats', async () => {
    expectWellFormedZpl((await renderDocument('SHIPPING_LABEL_ZPL', document)).body.toString('latin1'), 200);
  });

  it('the bill of lading lists them on rows that run over pages', async () => {
    const many = documentOf(
      {
        ...manyPieces(200),
        packages: {
          unitOfMeasure: 'imperial',
          pieces: Array.from({ length: 50 }, (_, i) => ({ quantity: 4, weight: i + 1, length: 10, width: 10, height: 10 })),
        },
      },
      freightRecord(200),
    );
    const pdf = await readPdf((await renderDocument('BILL_OF_LADING', many)).body);
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.pages.at(-1)!.text).toContain('TOTAL 200 handling units, 5,100 lb');
  });
});

it('any Unicode in the names renders a one-page label and a well-formed ZPL label', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 255 }), fc.string({ unit: 'grapheme', maxLength: 255 }), async (a, b) => {
      const document = documentOf(
        { ...international(), shipper: { ...hostileAddress(a), countryCode: 'CA' }, recipient: { ...hostileAddress(b), countryCode: 'FR' } },
        record(1),
      );
      expect((await readPdf((await renderDocument('SHIPPING_LABEL_PDF', document)).body)).pageCount).toBe(1);
      expectWellFormedZpl((await renderDocument('SHIPPING_LABEL_ZPL', document)).body.toString('latin1'), 1);
      expect((await readPdf((await renderDocument('COMMERCIAL_INVOICE', document)).body)).pageCount).toBe(1);
    }),
    { numRuns: 40 },
  );
});

it('any JSON as billingOptions.soldTo (not validated by the API) renders the invoice, naming at most its string fields', async () => {
  const addressFields = [
    'personName',
    'companyName',
    'addressLine1',
    'addressLine2',
    'city',
    'provinceCode',
    'provinceName',
    'postalCode',
    'countryCode',
    'phoneNumber',
  ];
  const soldTo = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.constantFrom(...addressFields, 'constructor', '__proto__', 'toString', 'hasOwnProperty'), fc.jsonValue({ maxDepth: 3 })),
  );
  await fc.assert(
    fc.asyncProperty(soldTo, async (value) => {
      const document = documentOf({ ...international(), billingOptions: { soldTo: value } }, record(1));
      const party = document.invoice?.soldTo;
      if (party) for (const v of Object.values(party)) expect(typeof v).toBe('string');
      expect((await readPdf((await renderDocument('COMMERCIAL_INVOICE', document)).body)).pageCount).toBe(1);
    }),
    { numRuns: 60 },
  );
});
