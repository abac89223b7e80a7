/** Rate requests and shipment records to render label documents from. */
import type { Address, RateRequest } from '../../../shared/domain/rate/schema';
import { shipmentDocument, type ShipmentDocument, type ShipmentRecord } from '../../../shared/labels/document';

export const shipper: Address = {
  personName: 'Alice Sender',
  companyName: 'Acme Widgets Inc.',
  addressLine1: '100 King Street West',
  addressLine2: 'Suite 200',
  city: 'Toronto',
  provinceCode: 'ON',
  postalCode: 'M5X 1A9',
  countryCode: 'CA',
  phoneNumber: '+1 416 555 0100',
};

export const recipient: Address = {
  personName: 'Bob Receiver',
  addressLine1: '1 Infinite Loop',
  city: 'Cupertino',
  provinceCode: 'CA',
  postalCode: '95014',
  countryCode: 'US',
  phoneNumber: '+1 408 555 0199',
};

export const domestic: Address = { ...recipient, city: 'Montréal', provinceCode: 'QC', postalCode: 'H2X 1Y4', countryCode: 'CA' };

export function rateRequest(overrides: Partial<RateRequest> = {}): RateRequest {
  return {
    shippingOptions: { shippingDate: '2026-10-01', references: { customer: 'CUST-1', order: 'PO-42' } },
    shipper,
    recipient: domestic,
    packages: {
      unitOfMeasure: 'imperial',
      pieces: [{ quantity: 1, weight: 12.5, length: 12, width: 10, height: 8, packagingType: { code: 'GENERIC_BOX', name: 'Box' } }],
    },
    ...overrides,
  };
}

export const invoiceItems = [
  { description: 'Blue widget', quantity: 3, value: 19.99, weight: 1.5, hsCode: '8479.89', countryOfManufacture: 'CA' },
  { description: 'Red gadget', quantity: 2, value: 120.005, weight: 4, hsCode: '8543.70', countryOfManufacture: 'CN' },
  { description: 'Manual', quantity: 1, value: 0, weight: 0.2 },
];

export const international = (overrides: Partial<RateRequest> = {}): RateRequest =>
  rateRequest({
    recipient,
    internationalOptions: { billDutyTo: 'recipient', exportType: 'permanent' },
    commercialInvoice: { currency: 'usd', invoiceItems, generalNote: 'Samples, no commercial value for the manual.' },
    ...overrides,
  });

/** Tracking numbers as the sandbox issues them: digits, a sequence per package. */
export const trackingNumbers = (count: number): string[] => Array.from({ length: count }, (_, i) => `79412345678${String(i + 1).padStart(3, '0')}5`);

export function record(count: number, overrides: Partial<ShipmentRecord> = {}): ShipmentRecord {
  const pieces = trackingNumbers(count);
  return {
    orderId: '3f6c1d2e-8a4b-4c7d-9e0f-123456789abc',
    carrier: { code: 'CARRIERX', name: 'Carrier X Express', kind: 'parcel' },
    service: { code: 'CARRIERX_2_DAY', name: 'Express 2Day' },
    trackingNumber: pieces[0]!,
    pieceTrackingNumbers: pieces,
    trackingUrl: `https://track.example/carrierx/${pieces[0]}`,
    createdDate: '2026-10-01T14:03:00.000Z',
    ...overrides,
  };
}

export const freightRecord = (count: number): ShipmentRecord =>
  record(count, {
    carrier: { code: 'CARRIERF', name: 'Carrier F Freight (LTL)', kind: 'freight' },
    service: { code: 'CARRIERF_LTL', name: 'LTL Standard' },
    billOfLadingNumber: 'BOL12345678903',
  });

/** A request of `count` packages over a few piece lines. */
export function manyPieces(count: number, request: RateRequest = rateRequest()): RateRequest {
  const lines = [Math.ceil(count / 2), Math.floor(count / 2)].filter((n) => n > 0);
  return {
    ...request,
    packages: {
      unitOfMeasure: 'metric',
      pieces: lines.map((quantity, i) => ({ quantity, weight: 2 + i, length: 30, width: 20, height: 10 + i })),
    },
  };
}

export const documentOf = (
  request: RateRequest,
  shipment: ShipmentRecord = record(request.packages.pieces.reduce((n, p) => n + p.quantity, 0)),
): ShipmentDocument => shipmentDocument(request, shipment);

/** Text no font has, or that a careless ZPL writer would pass to the printer as commands. */
export const hostile = {
  long: 'W'.repeat(255),
  longWords: `${'Lorem ipsum dolor sit amet '.repeat(9)}`.slice(0, 255),
  emoji: '📦🚚 Ship it 👨‍👩‍👧 ✅',
  rtl: 'שלום עולם مرحبا بالعالم',
  cjk: '東京都千代田区千代田1-1',
  zpl: 'Evil ^XZ^XA^FO0,0^A0N,99,99^FDPWNED^FS~JR^XZ _5E \\& name',
  controls: 'Line\none\r\ttab\u0000nul\u200Bzero\u202Eoverride',
  accents: 'Łódź Straße Ærø Ångström ﬁne Ａ Ğ Đ',
};

/** An address whose every text field is `text`, cut to 255 characters. */
export const hostileAddress = (text: string): Address => {
  const t = [...text].slice(0, 255).join('');
  return {
    personName: t,
    companyName: t,
    addressLine1: t,
    addressLine2: t,
    city: t,
    provinceName: t,
    postalCode: t,
    countryCode: 'US',
    phoneNumber: t,
  };
};
