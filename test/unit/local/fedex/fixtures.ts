/**
 * Requests to FedEx as a connector would build them: parties in Canada, the
 * US and abroad, pieces, and a rate, ship, track or reference request of
 * any shape.
 */
export const ACCOUNT = '740561073';
export const OTHER_ACCOUNT = '510087020';
export const NOW = new Date('2026-11-23T15:00:00.000Z');
export const TODAY = '2026-11-23';

type Party = { contact: { personName: string; phoneNumber: string; companyName?: string }; address: Record<string, unknown> };

export const party = (address: Record<string, unknown>, personName = 'Alex Martin'): Party => ({
  contact: { personName, phoneNumber: '4165550100', companyName: 'Example Ltd' },
  address,
});

export const TORONTO = { streetLines: ['100 Queen St W'], city: 'Toronto', stateOrProvinceCode: 'ON', postalCode: 'M5H2N1', countryCode: 'CA' };
export const MONTREAL = { streetLines: ['275 Rue Notre-Dame Est'], city: 'Montreal', stateOrProvinceCode: 'QC', postalCode: 'H2Y1C6', countryCode: 'CA' };
export const VANCOUVER = { streetLines: ['453 W 12th Ave'], city: 'Vancouver', stateOrProvinceCode: 'BC', postalCode: 'V5Y1V4', countryCode: 'CA' };
export const SEATTLE = { streetLines: ['600 4th Ave'], city: 'Seattle', stateOrProvinceCode: 'WA', postalCode: '98104', countryCode: 'US' };
export const PARIS = { streetLines: ['5 Rue de Lobau'], city: 'Paris', postalCode: '75004', countryCode: 'FR' };

export const piece = (kg = 2.5, references: { customerReferenceType: string; value: string }[] = []) => ({
  weight: { units: 'KG', value: kg },
  dimensions: { length: 30, width: 20, height: 10, units: 'CM' },
  ...(references.length > 0 ? { customerReferences: references } : {}),
});

export const reference = (value: string, type = 'CUSTOMER_REFERENCE') => ({ customerReferenceType: type, value });

/** A rate request from Toronto (or `from`) to `to`. */
export const rateBody = (
  to: Record<string, unknown> = MONTREAL,
  options: { from?: Record<string, unknown>; pieces?: unknown[]; serviceType?: string; list?: boolean; transit?: boolean } = {},
) => ({
  accountNumber: { value: ACCOUNT },
  ...(options.transit ? { rateRequestControlParameters: { returnTransitTimes: true } } : {}),
  requestedShipment: {
    shipper: { address: options.from ?? TORONTO },
    recipient: { address: to },
    pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
    ...(options.serviceType ? { serviceType: options.serviceType } : {}),
    packagingType: 'YOUR_PACKAGING',
    rateRequestType: options.list ? ['ACCOUNT', 'LIST'] : ['ACCOUNT'],
    shipDateStamp: TODAY,
    requestedPackageLineItems: options.pieces ?? [piece()],
  },
});

export const customs = () => ({
  dutiesPayment: { paymentType: 'SENDER' },
  commodities: [
    {
      description: 'Cotton t-shirts',
      countryOfManufacture: 'CA',
      quantity: 3,
      quantityUnits: 'PCS',
      unitPrice: { amount: 20, currency: 'CAD' },
      customsValue: { amount: 60, currency: 'CAD' },
      weight: { units: 'KG', value: 1.2 },
      harmonizedCode: '610910',
    },
  ],
});

export type ShipOptions = {
  to?: Record<string, unknown>;
  from?: Record<string, unknown>;
  serviceType?: string;
  pieces?: unknown[];
  imageType?: 'PDF' | 'ZPLII';
  labelResponseOptions?: 'LABEL' | 'URL_ONLY';
  international?: boolean;
  invoice?: boolean;
  returnOf?: string;
  shipDatestamp?: string;
  account?: string;
};

/** A ship request: one piece with our reference from Toronto to Montréal by FedEx Ground unless told otherwise. */
export const shipBody = (o: ShipOptions = {}) => ({
  labelResponseOptions: o.labelResponseOptions ?? 'LABEL',
  accountNumber: { value: o.account ?? ACCOUNT },
  requestedShipment: {
    shipDatestamp: o.shipDatestamp ?? TODAY,
    shipper: party(o.from ?? TORONTO, 'Shipping Desk'),
    recipients: [party(o.to ?? MONTREAL)],
    serviceType: o.serviceType ?? 'FEDEX_GROUND',
    packagingType: 'YOUR_PACKAGING',
    pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
    shippingChargesPayment: { paymentType: 'SENDER' },
    labelSpecification: { imageType: o.imageType ?? 'PDF', labelStockType: (o.imageType ?? 'PDF') === 'PDF' ? 'PAPER_4X6' : 'STOCK_4X6' },
    ...(o.international ? { customsClearanceDetail: customs() } : {}),
    ...(o.invoice
      ? {
          shippingDocumentSpecification: {
            shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
            commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } },
          },
        }
      : {}),
    ...(o.returnOf
      ? {
          shipmentSpecialServices: {
            specialServiceTypes: ['RETURN_SHIPMENT'],
            returnShipmentDetail: { returnType: 'PRINT_RETURN_LABEL', returnAssociationDetail: { trackingNumber: o.returnOf } },
          },
        }
      : {}),
    requestedPackageLineItems: o.pieces ?? [piece(2.5, [reference('order-0001')])],
  },
});

export const trackBody = (numbers: string[], detailed = true) => ({
  includeDetailedScans: detailed,
  trackingInfo: numbers.map((trackingNumber) => ({ trackingNumberInfo: { trackingNumber } })),
});

export const referenceBody = (value: string, extra: Record<string, unknown> = {}) => ({
  includeDetailedScans: true,
  referencesInformation: { type: 'CUSTOMER_REFERENCE', value, accountNumber: ACCOUNT, shipDateBegin: TODAY, shipDateEnd: TODAY, ...extra },
});
