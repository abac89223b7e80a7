/**
 * Carrier Y at ship time (spec 2.7, 2.9, 2.11, part 6): full
 * international forms built from the request, the sold-to party from
 * `billingOptions.soldTo`, and a ship notification when `intransit` is
 * requested with an e-mail.
 */
import { buildCarrierYShipRequest, DOCUMENTS_PLACEHOLDER_AMOUNT } from '../../../shared/carriers/carrier-y';
import { isValidCustomsDeclarationNumber } from '../../../shared/carriers/sandbox/numbers';
import { CarrierRefusal } from '../../../shared/domain/carrier';
import type { Address, CommercialInvoice, RateRequest } from '../../../shared/domain/rate/schema';
import { londonRecipient, newYorkRecipient, rateRequest, vancouverRecipient } from './fixtures';
import { noSignal, sandboxNetwork, shipInput, shipOnce } from './ship-fixtures';

const invoice: CommercialInvoice = {
  currency: 'USD',
  invoiceItems: [
    { description: 'Brake pads', quantity: 3, value: 19.99, weight: 2, hsCode: '8708.30', countryOfManufacture: 'de' },
    { description: 'Rotor', quantity: 2, value: 80.1, weight: 11 },
  ],
};

const goodsToNewYork = (overrides: Partial<RateRequest> = {}) => rateRequest({ recipient: newYorkRecipient, commercialInvoice: invoice, ...overrides });

const build = (request: RateRequest) => buildCarrierYShipRequest(shipInput('CARRIERY', request));
const formsOf = (request: RateRequest) => build(request).customs;
const refusal = (message: string) => new CarrierRefusal('CARRIERY', message);

const soldTo: Address = {
  personName: 'Eve Importer',
  companyName: 'Importers LLC',
  addressLine1: '1 Harbor Rd',
  city: 'Newark',
  provinceCode: 'NJ',
  postalCode: '07102',
  countryCode: 'US',
};

describe('carrier Y customs forms of international goods, built at ship time', () => {
  it('declare every invoice line: description, quantity, unit value, line weight in kg, HS code, country of manufacture', () => {
    expect(formsOf(goodsToNewYork())?.items).toEqual([
      { description: 'Brake pads', quantity: 3, unitValue: 19.99, lineWeightKg: 0.907, hsCode: '870830', originCountry: 'DE' },
      { description: 'Rotor', quantity: 2, unitValue: 80.1, lineWeightKg: 4.99, originCountry: 'CA' },
    ]);
  });

  it('total and currency are the invoice’s; reason SOLD, duties to the recipient, sold to the recipient by default', () => {
    expect(formsOf(goodsToNewYork())).toMatchObject({
      documentsOnly: false,
      currency: 'USD',
      total: { amount: 220.17, currency: 'USD' },
      reasonForExport: 'SOLD',
      dutiesPayer: { party: 'RECIPIENT' },
      soldTo: { personName: 'Cora Buyer', addressLines: ['350 5th Ave'], countryCode: 'US', provinceCode: 'NY', postalCode: '10118', city: 'New York' },
    });
  });

  it('invoice forms default to CAD (spec 2.9); metric invoice lines are taken as kg', () => {
    const forms = formsOf(
      goodsToNewYork({ commercialInvoice: { unitOfMeasure: 'metric', invoiceItems: [{ description: 'Gear', quantity: 1, value: 10, weight: 1.5 }] } }),
    );
    expect(forms).toMatchObject({ currency: 'CAD', total: { amount: 10, currency: 'CAD' }, items: [{ lineWeightKg: 1.5 }] });
  });

  it.each([
    ['return', 'RETURN'],
    ['repair', 'REPAIR'],
    ['returnRepair', 'RETURN_AFTER_REPAIR'],
    ['permanent', 'SOLD'],
  ] as const)('exportType %s is the reason for export %s', (exportType, reason) => {
    expect(formsOf(goodsToNewYork({ internationalOptions: { exportType } }))?.reasonForExport).toBe(reason);
  });

  it('carries the importer tax id, the business relationship, producer and note', () => {
    const forms = formsOf(
      goodsToNewYork({
        internationalOptions: { recipientTaxId: 'EIN-12', businessRelationship: 'related', senderIsProducer: true },
        commercialInvoice: { ...invoice, generalNote: ' Samples ' },
      }),
    );
    expect(forms).toMatchObject({ importerTaxId: 'EIN-12', relatedParties: true, senderIsProducer: true, note: 'Samples' });
  });

  it.each([
    [{ billDutyTo: 'sender' as const }, { party: 'SENDER' }],
    [
      { billDutyTo: 'thirdParty' as const, dutyAccountNumber: 'D-9' },
      { party: 'THIRD_PARTY', accountNumber: 'D-9' },
    ],
  ])('billDutyTo %j bills duties to %j', (internationalOptions, payer) => {
    expect(formsOf(goodsToNewYork({ internationalOptions }))?.dutiesPayer).toEqual(payer);
  });

  it('the shipment records the filed forms under a customs declaration number', async () => {
    const shipment = await shipOnce(shipInput('CARRIERY', goodsToNewYork()));
    expect(shipment.customs?.documentsOnly).toBe(false);
    expect(isValidCustomsDeclarationNumber(shipment.customs!.declarationNumber)).toBe(true);
  });
});

describe('carrier Y refuses goods it cannot declare, saying what is missing', () => {
  const ship = (request: RateRequest) => shipOnce(shipInput('CARRIERY', request));

  it('no commercial invoice', async () => {
    await expect(ship(rateRequest({ recipient: newYorkRecipient }))).rejects.toThrow(
      refusal(
        'CARRIERY needs commercialInvoice.invoiceItems to build the customs forms of an international shipment of goods (or internationalOptions.documentsOnly for documents)',
      ),
    );
  });

  it('a line without a description', async () => {
    const items = [invoice.invoiceItems[0]!, { ...invoice.invoiceItems[1]!, description: ' ' }];
    await expect(ship(goodsToNewYork({ commercialInvoice: { ...invoice, invoiceItems: items } }))).rejects.toThrow(
      refusal('CARRIERY cannot declare commercialInvoice.invoiceItems[1]: description is empty'),
    );
  });

  it('an HS code that is not 6 to 10 digits', async () => {
    const items = [{ ...invoice.invoiceItems[0]!, hsCode: '87A' }];
    await expect(ship(goodsToNewYork({ commercialInvoice: { ...invoice, invoiceItems: items } }))).rejects.toThrow(
      /invoiceItems\[0\]: hsCode must be a harmonized code of 6 to 10 digits/,
    );
  });

  it('a country of manufacture that is not a country code', async () => {
    const items = [{ ...invoice.invoiceItems[0]!, countryOfManufacture: 'Germany' }];
    await expect(ship(goodsToNewYork({ commercialInvoice: { ...invoice, invoiceItems: items } }))).rejects.toThrow(
      /invoiceItems\[0\]: countryOfManufacture must be a 2-letter ISO country code/,
    );
  });

  it('goods of no value', async () => {
    const items = [{ ...invoice.invoiceItems[0]!, value: 0 }];
    await expect(ship(goodsToNewYork({ commercialInvoice: { ...invoice, invoiceItems: items } }))).rejects.toThrow(/goods of no value/);
  });

  it('a third-party duties payer without its account', async () => {
    await expect(ship(goodsToNewYork({ internationalOptions: { billDutyTo: 'thirdParty' } }))).rejects.toThrow(
      refusal('CARRIERY bills duties to a third party only with internationalOptions.dutyAccountNumber'),
    );
  });

  it('the carrier itself refuses an international request that comes without forms', async () => {
    const { transports } = sandboxNetwork();
    const request = { ...build(goodsToNewYork()), customs: undefined };
    await expect(transports.CARRIERY.ship(request, noSignal())).rejects.toThrow(
      refusal('CARRIERY requires customs forms for a shipment from one country to another'),
    );
  });
});

describe('carrier Y documents-only forms', () => {
  it('declare no lines and the rate-time total: the placeholder in the plan currency', () => {
    expect(formsOf(rateRequest({ recipient: londonRecipient, internationalOptions: { documentsOnly: true } }))).toMatchObject({
      documentsOnly: true,
      reasonForExport: 'DOCUMENTS',
      items: [],
      total: { amount: DOCUMENTS_PLACEHOLDER_AMOUNT, currency: 'CAD' },
    });
  });

  it('declaredValue overrides the placeholder', () => {
    const request = rateRequest({ recipient: londonRecipient, internationalOptions: { documentsOnly: true, declaredValue: { value: 25.5, currency: 'GBP' } } });
    expect(formsOf(request)).toMatchObject({ currency: 'GBP', total: { amount: 25.5, currency: 'GBP' } });
  });

  it('need no commercial invoice, and the shipment says documents', async () => {
    const shipment = await shipOnce(shipInput('CARRIERY', rateRequest({ recipient: londonRecipient, internationalOptions: { documentsOnly: true } })));
    expect(shipment.customs?.documentsOnly).toBe(true);
  });
});

describe('carrier Y sold-to party (billingOptions.soldTo, spec 2.11)', () => {
  it('billingOptions.soldTo is the sold-to party of the forms', () => {
    expect(formsOf(goodsToNewYork({ billingOptions: { soldTo } }))?.soldTo).toEqual({
      personName: 'Eve Importer',
      companyName: 'Importers LLC',
      addressLines: ['1 Harbor Rd'],
      countryCode: 'US',
      provinceCode: 'NJ',
      postalCode: '07102',
      city: 'Newark',
    });
  });

  it('it wins over the buyer; the buyer wins over the recipient', () => {
    const buyer: Address = { ...soldTo, personName: 'Bo Buyer' };
    expect(formsOf(goodsToNewYork({ buyer, billingOptions: { soldTo } }))?.soldTo.personName).toBe('Eve Importer');
    expect(formsOf(goodsToNewYork({ buyer }))?.soldTo.personName).toBe('Bo Buyer');
  });

  it('is not validated by the API, so carrier Y refuses one that is not an address, naming the field', () => {
    const { countryCode: _omitted, ...noCountry } = soldTo;
    expect(() => build(goodsToNewYork({ billingOptions: { soldTo: noCountry } }))).toThrow(/billingOptions\.soldTo\.countryCode/);
    expect(() => build(goodsToNewYork({ billingOptions: { soldTo: 'Eve' } }))).toThrow(/needs billingOptions.soldTo as an address/);
    expect(() => build(goodsToNewYork({ billingOptions: { soldTo: { ...soldTo, personName: '' } } }))).toThrow(
      refusal(
        'CARRIERY needs billingOptions.soldTo as an address for the customs forms: billingOptions.soldTo.personName must not be empty or only whitespace',
      ),
    );
  });

  it('a domestic shipment has no forms, so neither an invoice nor soldTo is read', () => {
    expect(formsOf(rateRequest({ recipient: vancouverRecipient, commercialInvoice: invoice, billingOptions: { soldTo: 'not an address' } }))).toBeUndefined();
  });
});

describe('carrier Y ship notification (spec part 6)', () => {
  const withNotifications = (options: RateRequest['shippingNotificationOptions']) => rateRequest({ shippingNotificationOptions: options });

  it('registered when intransit is among the statuses and an e-mail is set, and recorded on the shipment', async () => {
    const request = withNotifications({ shippingNotificationStatuses: ['pending', 'intransit'], shippingNotificationEmail: 'ops@example.com' });
    expect(build(request).notification).toEqual({ email: 'ops@example.com', on: ['ON_SHIPMENT'] });
    await expect(shipOnce(shipInput('CARRIERY', request))).resolves.toMatchObject({
      notification: { email: 'ops@example.com', statuses: ['intransit'] },
    });
  });

  it.each([
    ['an e-mail without intransit', { shippingNotificationStatuses: ['delivered' as const], shippingNotificationEmail: 'ops@example.com' }],
    ['an e-mail and no statuses', { shippingNotificationEmail: 'ops@example.com' }],
    ['intransit without an e-mail', { shippingNotificationStatuses: ['intransit' as const] }],
    ['no notification options', undefined],
  ])('none with %s', async (_, options) => {
    expect(build(withNotifications(options)).notification).toBeUndefined();
    expect((await shipOnce(shipInput('CARRIERY', withNotifications(options)))).notification).toBeUndefined();
  });

  it('only carrier Y registers one', async () => {
    const request = withNotifications({ shippingNotificationStatuses: ['intransit'], shippingNotificationEmail: 'ops@example.com' });
    for (const code of ['CARRIERX', 'CARRIERZ', 'CARRIERF']) expect((await shipOnce(shipInput(code, request))).notification).toBeUndefined();
  });
});
