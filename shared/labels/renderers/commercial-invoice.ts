/**
 * The commercial invoice of international goods (spec 2.9): exporter,
 * consignee, the party the goods are sold to when another one
 * (`billingOptions.soldTo`, else the buyer: see soldToOf in ../document), then one row per invoice item
 * (description, HS code, country of manufacture, quantity, unit value,
 * weight, line total) and the total in the invoice currency. Line totals and
 * the total are rounded to the cent as the carriers' invoice total is.
 */
import type { DocumentInvoice, DocumentInvoiceItem, DocumentParty, ShipmentDocument } from '../document';
import {
  addressLines,
  dateOf,
  formatCents,
  formatNumber,
  formatUnitValue,
  formatWeight,
  invoiceTotalCents,
  lineTotalCents,
  referenceLine,
  totalWeight,
  weightUnit,
} from './content';
import type { Element, Layout } from './layout';
import { columnHeadings, columnsOf, PAGE_MARGIN, PAGE_WIDTH, pagedElements } from './paged';

const HALF = PAGE_WIDTH / 2 - 6;

const COLUMNS = columnsOf([
  ['number', 22, 'right'],
  ['description', 190],
  ['hsCode', 66],
  ['origin', 44],
  ['quantity', 46, 'right'],
  ['value', 62, 'right'],
  ['weight', 46, 'right'],
  ['total', 64, 'right'],
] as const);

const EXPORT_TYPES: Record<NonNullable<DocumentInvoice['exportType']>, string> = {
  permanent: 'Permanent',
  return: 'Return',
  repair: 'Repair',
  returnRepair: 'Return after repair',
};
const DUTY_PAYERS: Record<NonNullable<DocumentInvoice['billDutyTo']>, string> = { sender: 'Sender', recipient: 'Recipient', thirdParty: 'Third party' };

function party(l: Layout, caption: string, address: DocumentParty, x: number, top: number, extra: string[] = []): void {
  l.frame(x, top, HALF, 100, 0.75);
  l.text(caption, x + 6, top + 5, { size: 7, font: 'bold', width: HALF - 12 });
  [...addressLines(address, { phone: true }), ...extra]
    .slice(0, 7)
    .forEach((line, i) => l.text(line, x + 6, top + 15 + i * 11, { size: 8.5, width: HALF - 12 }));
}

function facts(l: Layout, caption: string, lines: string[], x: number, top: number): void {
  l.frame(x, top, HALF, 90, 0.75);
  l.text(caption, x + 6, top + 5, { size: 7, font: 'bold', width: HALF - 12 });
  lines.slice(0, 7).forEach((line, i) => l.text(line, x + 6, top + 15 + i * 10.5, { size: 8, width: HALF - 12 }));
}

export function commercialInvoicePages(document: ShipmentDocument & { invoice: DocumentInvoice }): Element[][] {
  const invoice = document.invoice;
  const x = PAGE_MARGIN;
  const currency = invoice.currency;
  const invoiceNumber = document.references.invoice || document.orderId;
  const title = (l: Layout, text: string, size = 18) => {
    l.text(text, x, 36, { size, font: 'bold', width: PAGE_WIDTH / 2 });
    l.text(`Invoice ${invoiceNumber}`, x + PAGE_WIDTH / 2, 36, { size: 9, font: 'bold', width: PAGE_WIDTH / 2, align: 'right' });
    l.text(`Date ${dateOf(document.createdDate)}`, x + PAGE_WIDTH / 2, 48, { size: 8, width: PAGE_WIDTH / 2, align: 'right' });
  };
  return pagedElements<DocumentInvoiceItem>({
    firstHeader: (l) => {
      title(l, 'COMMERCIAL INVOICE');
      const meta = [
        `Via ${document.carrier.name}, ${document.service.name}`,
        `Tracking number ${document.trackingNumber}`,
        invoice.declarationNumber ? `Customs declaration ${invoice.declarationNumber}` : '',
      ].filter(Boolean);
      meta.forEach((line, i) => l.text(line, x, 62 + i * 10, { size: 8, width: PAGE_WIDTH }));
      party(l, 'SHIPPER / EXPORTER', document.shipper, x, 96);
      party(l, 'CONSIGNEE', document.recipient, x + HALF + 12, 96, invoice.recipientTaxId ? [`Tax ID ${invoice.recipientTaxId}`] : []);
      const shipment = [
        `Ship date ${dateOf(document.shippingDate)}`,
        `Packages ${document.pieces.length}, total weight ${formatWeight(totalWeight(document), document.unitOfMeasure)}`,
        `Currency ${currency}`,
        invoice.exportType ? `Reason for export: ${EXPORT_TYPES[invoice.exportType]}` : '',
        invoice.billDutyTo ? `Duties and taxes paid by: ${DUTY_PAYERS[invoice.billDutyTo]}` : '',
        referenceLine(document.references),
        `Order ${document.orderId}`,
      ].filter(Boolean);
      if (invoice.soldTo) {
        party(l, 'SOLD TO', invoice.soldTo, x, 202);
        facts(l, 'SHIPMENT', shipment, x + HALF + 12, 202);
        return 312;
      }
      facts(l, 'SHIPMENT', shipment, x, 202);
      return 302;
    },
    nextHeader: (l) => {
      title(l, 'COMMERCIAL INVOICE (continued)', 13);
      l.text(`Tracking number ${document.trackingNumber}`, x, 62, { size: 8, width: PAGE_WIDTH });
      return 80;
    },
    columns: (l, top) =>
      columnHeadings(l, COLUMNS, top, {
        number: '#',
        description: 'Description of goods',
        hsCode: 'HS code',
        origin: 'Origin',
        quantity: 'Quantity',
        value: `Unit value`,
        weight: `Weight (${weightUnit(invoice.unitOfMeasure)})`,
        total: `Total (${currency})`,
      }),
    rows: invoice.invoiceItems,
    rowHeight: 22,
    row: (l, item, index, top) => {
      const cell = (key: keyof typeof COLUMNS, text: string | undefined, font: 'regular' | 'mono' = 'regular') =>
        l.text(text, COLUMNS[key].x, top + 2, { size: 8, font, width: COLUMNS[key].width, align: COLUMNS[key].align });
      cell('number', String(index + 1));
      l.paragraph(item.description, COLUMNS.description.x, top + 2, { size: 8, width: COLUMNS.description.width, maxLines: 2 });
      cell('hsCode', item.hsCode);
      cell('origin', item.countryOfManufacture);
      cell('quantity', formatNumber(item.quantity));
      cell('value', formatUnitValue(item.value));
      cell('weight', formatNumber(item.weight));
      cell('total', formatCents(lineTotalCents(item)));
      l.rule(x, top + 21, PAGE_WIDTH, 0.25);
    },
    closingHeight: 150,
    closing: (l, top) => {
      const quantity = invoice.invoiceItems.reduce((sum, item) => sum + item.quantity, 0);
      const weight = invoice.invoiceItems.reduce((sum, item) => sum + item.weight, 0);
      l.rule(x, top + 2, PAGE_WIDTH, 1);
      l.text(`${invoice.invoiceItems.length} items, quantity ${formatNumber(quantity)}, weight ${formatWeight(weight, invoice.unitOfMeasure)}`, x, top + 8, {
        size: 8,
        width: PAGE_WIDTH / 2,
      });
      l.text(`TOTAL ${currency} ${formatCents(invoiceTotalCents(invoice))}`, x + PAGE_WIDTH / 2, top + 7, {
        size: 11,
        font: 'bold',
        width: PAGE_WIDTH / 2,
        align: 'right',
      });
      if (invoice.generalNote) {
        l.text('NOTE', x, top + 26, { size: 7, font: 'bold', width: PAGE_WIDTH });
        l.paragraph(invoice.generalNote, x, top + 35, { size: 8, width: PAGE_WIDTH, maxLines: 4 });
      }
      l.text('I declare that all the information contained in this invoice is true and correct.', x, top + 80, { size: 8, width: PAGE_WIDTH });
      l.rule(x, top + 130, 220, 0.5);
      l.text('Signature of shipper / exporter', x, top + 133, { size: 7, width: 220 });
      l.rule(x + 300, top + 130, 140, 0.5);
      l.text('Date', x + 300, top + 133, { size: 7, width: 140 });
    },
    footer: `Commercial invoice ${invoiceNumber}, order ${document.orderId}`,
  });
}
