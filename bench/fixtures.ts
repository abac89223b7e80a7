/**
 * The request bodies the benchmarks rate, as a client sends them (packagingType
 * as a string reference). Both are answered by all four sandbox carriers of
 * the `default` pricing group, so every run does the same amount of work.
 */
import { sampleRateBody, shippingDateIn } from '../test/support/rate-body';
import { newYorkRecipient } from '../test/unit/carriers/fixtures';

export type Scenario = { name: string; description: string; body: Record<string, unknown> };

/** The sample request of events/: one box, Toronto → Montreal. */
export const domestic: Scenario = {
  name: 'domestic',
  description: 'CA→CA, 1 piece',
  body: sampleRateBody() as Record<string, unknown>,
};

/** Toronto → New York: three piece lines (four pieces), international options and a commercial invoice. */
export const international: Scenario = {
  name: 'international',
  description: 'CA→US, 4 pieces, customs',
  body: {
    shippingOptions: { shippingDate: shippingDateIn(1), signature: 'required', insurance: { amount: 900, currency: 'CAD' } },
    shipper: {
      personName: 'Alex Shipper',
      companyName: 'Maple Goods',
      addressLine1: '100 King St W',
      city: 'Toronto',
      provinceCode: 'ON',
      postalCode: 'M5X 1A9',
      countryCode: 'CA',
      phoneNumber: '+1 416 555 0100',
    },
    recipient: newYorkRecipient,
    packages: {
      unitOfMeasure: 'metric',
      pieces: [
        { quantity: 2, weight: 4.2, length: 40, width: 30, height: 25, packagingType: 'GENERIC_BOX' },
        { quantity: 1, weight: 11.5, length: 60, width: 40, height: 40, packagingType: 'GENERIC_BOX' },
        { quantity: 1, weight: 0.4, length: 32, width: 24, height: 2, packagingType: 'GENERIC_BOX' },
      ],
    },
    internationalOptions: {
      documentsOnly: false,
      declaredValue: { value: 650, currency: 'USD' },
      billDutyTo: 'recipient',
      businessRelationship: 'unrelated',
      exportType: 'permanent',
      commercialInvoiceRequired: true,
      requestEstimatedDutiesAndTaxes: true,
    },
    commercialInvoice: {
      generalNote: 'Wholesale order 4411',
      customsValue: 650,
      currency: 'USD',
      unitOfMeasure: 'metric',
      invoiceItems: [
        { description: 'Maple syrup, 1 L', quantity: 12, value: 25, weight: 1.2, hsCode: '1702.20', countryOfManufacture: 'CA' },
        { description: 'Wool blanket', quantity: 2, value: 175, weight: 2.3, hsCode: '6301.20', countryOfManufacture: 'CA' },
      ],
    },
  },
};

export const scenarios: readonly Scenario[] = [domestic, international];
