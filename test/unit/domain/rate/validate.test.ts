import { formatPath, MAX_REPORTED_PROBLEMS } from '../../../../shared/domain/rate';
import { issuesToDetails } from '../../../../shared/domain/rate/validate';
import { appErrorOf, fullBody, minimalBody, validateRateRequest, withPath, FIXTURE_NOW } from './fixtures';

/** The message of the 400 for `body`, failing the test when the body is accepted. */
const messageOf = (body: unknown): string => {
  const error = appErrorOf(() => validateRateRequest(body, FIXTURE_NOW));
  expect(error.status).toBe(400);
  expect(error.code).toBe('VALIDATION_FAILED');
  return error.message;
};
const rejects = (path: (string | number)[], value: unknown, expected: string) => expect(messageOf(withPath(minimalBody(), path, value))).toBe(expected);
const accepts = (path: (string | number)[], value: unknown) =>
  expect(() => validateRateRequest(withPath(minimalBody(), path, value), FIXTURE_NOW)).not.toThrow();
const piece = (field: string) => ['packages', 'pieces', 0, field];

describe('the rate request (spec 2.1)', () => {
  test('a request with only the required fields is valid', () => {
    expect(validateRateRequest(minimalBody(), FIXTURE_NOW)).toMatchObject(minimalBody());
  });

  test('a request using every optional section is valid and keeps its values', () => {
    const request = validateRateRequest(fullBody(), FIXTURE_NOW);
    expect(request).toEqual(fullBody());
  });

  test.each(['shippingOptions', 'shipper', 'recipient', 'packages'])('%s is required', (field) => {
    rejects([field], undefined, `${field} is required`);
  });

  test('the root accepts extra properties and keeps them', () => {
    const request = validateRateRequest({ ...minimalBody(), clientTag: 'abc', nested: { x: 1 } }, FIXTURE_NOW);
    expect(request).toMatchObject({ clientTag: 'abc', nested: { x: 1 } });
  });

  test.each([null, [], 'a string', 42, true])('a body that is not an object (%p) is a 400 on the body, as for every route', (body) => {
    expect(messageOf(body)).toBe('body must be a JSON object');
  });

  test('a field of the wrong type names the expected and the received type', () => {
    rejects(['shipper', 'personName'], 42, 'shipper.personName must be a string, got number');
    rejects(['packages'], [], 'packages must be an object, got array');
    // What JSON.parse makes of 1e999 and -1e999.
    rejects(piece('weight'), Infinity, 'packages.pieces[0].weight must be a number, got Infinity');
    rejects(piece('weight'), -Infinity, 'packages.pieces[0].weight must be a number, got -Infinity');
    rejects(['shippingOptions', 'saturdayDelivery'], 'yes', 'shippingOptions.saturdayDelivery must be a boolean, got string');
  });

  test('every problem is reported, one `<path> <text>` each, joined by "; ", with details per problem', () => {
    const body = withPath(withPath(withPath(minimalBody(), piece('weight'), -1), ['recipient'], undefined), ['sort'], { by: 'speed' });
    const error = appErrorOf(() => validateRateRequest(body, FIXTURE_NOW));
    expect(error.message).toBe('recipient is required; packages.pieces[0].weight must be >= 0; sort.by must be one of: price, date, value');
    expect(error.details).toEqual([
      { path: 'recipient', message: 'is required' },
      { path: 'packages.pieces[0].weight', message: 'must be >= 0' },
      { path: 'sort.by', message: 'must be one of: price, date, value' },
    ]);
  });

  test(`no more than ${MAX_REPORTED_PROBLEMS} problems are listed, the rest are counted`, () => {
    const pieces = Array.from({ length: 30 }, () => ({ quantity: 0, weight: -1 }));
    const body = withPath(minimalBody(), ['packages', 'pieces'], pieces);
    const error = appErrorOf(() => validateRateRequest(body, FIXTURE_NOW));
    const problems = 30 * 5; // quantity, weight, length, width, height
    expect(error.details).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(error.message.split('; ')).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(error.message.endsWith(`; and ${problems - MAX_REPORTED_PROBLEMS} more problems`)).toBe(true);
  });
});

describe('paths in messages are in dot and bracket form', () => {
  test.each([
    [['packages', 'pieces', 0, 'weight'], 'packages.pieces[0].weight'],
    [['commercialInvoice', 'invoiceItems', 12, 'hsCode'], 'commercialInvoice.invoiceItems[12].hsCode'],
    [['a-b', 'c d'], '["a-b"]["c d"]'],
    [[], 'body'],
  ] as const)('%j is written %s', (path, written) => {
    expect(formatPath(path)).toBe(written);
  });
});

describe('shippingOptions (spec 2.2)', () => {
  test.each(['2025-03-14', '2025-03-14T09:30', '2025-03-14T09:30:15', '2025-03-14T09:30:15.123'])(
    'shippingDate %s (ISO date or date-time without offset) is valid',
    (date) => accepts(['shippingOptions', 'shippingDate'], date),
  );

  test.each(['2025-03-14T09:30:00Z', '2025-03-14T09:30:00+01:00', '14/03/2025', 'tomorrow', ''])(
    'shippingDate %p is not an ISO date or date-time without offset',
    (date) =>
      rejects(
        ['shippingOptions', 'shippingDate'],
        date,
        'shippingOptions.shippingDate must be an ISO date (YYYY-MM-DD) or a date-time without offset (YYYY-MM-DDTHH:MM[:SS])',
      ),
  );

  test.each(['2025-02-29', '2024-02-30', '2025-13-01', '2025-04-31', '2025-03-14T24:00', '2025-03-14T10:60'])(
    'shippingDate %s is well formed but not a real date or time: one problem',
    (date) => rejects(['shippingOptions', 'shippingDate'], date, 'shippingOptions.shippingDate is not a valid calendar date or time'),
  );

  test('shippingDate 2024-02-29 (leap day) is valid', () =>
    expect(() =>
      validateRateRequest(withPath(minimalBody(), ['shippingOptions', 'shippingDate'], '2024-02-29'), new Date('2024-02-28T23:00:00Z')),
    ).not.toThrow());

  describe('shippingDate lies within 7 days before and 90 days after today (UTC)', () => {
    const now = new Date('2026-11-22T18:00:00Z');
    const at = (date: string) => validateRateRequest(withPath(minimalBody(), ['shippingOptions', 'shippingDate'], date), now);
    const outside = 'shippingOptions.shippingDate must be between 2026-11-15 and 2027-02-20 (7 days before to 90 days after today, UTC)';
    test.each(['2026-11-15', '2026-11-22', '2026-11-22T23:59', '2027-02-20', '2027-02-20T23:59:59'])('%s is inside', (date) =>
      expect(() => at(date)).not.toThrow(),
    );
    test.each(['2026-11-14', '2026-11-14T23:59', '2027-02-21', '9999-12-31', '0000-01-01', '1970-01-01'])('%s is outside: 400 naming the window', (date) =>
      expect(appErrorOf(() => at(date)).message).toBe(outside),
    );
  });

  test('shippingDate is required', () => rejects(['shippingOptions', 'shippingDate'], undefined, 'shippingOptions.shippingDate is required'));

  test.each(['none', 'required', 'adult'])('signature %s is valid', (v) => accepts(['shippingOptions', 'signature'], v));
  test('signature outside none, required, adult is refused', () =>
    rejects(['shippingOptions', 'signature'], 'maybe', 'shippingOptions.signature must be one of: none, required, adult'));

  test('insurance currency is an ISO 4217 code', () => {
    rejects(['shippingOptions', 'insurance'], { amount: 10, currency: 'CA' }, 'shippingOptions.insurance.currency must be an ISO 4217 currency code');
    accepts(['shippingOptions', 'insurance'], { amount: 10, currency: 'CAD' });
  });
});

describe('addresses (spec 2.3)', () => {
  test.each(['shipper', 'recipient', 'buyer', 'broker'])('%s requires personName, addressLine1 and countryCode', (who) => {
    rejects([who], {}, `${who}.personName is required; ${who}.addressLine1 is required; ${who}.countryCode is required`);
  });

  // A carrier cannot ship to or from a party without a name and a street line, nor address one to a blank city:
  // refused here, at rate, rather than at ship or silently dropped from the carrier's request.
  const party = { personName: 'Ada', addressLine1: '1 Main St', countryCode: 'CA', city: 'Toronto' };
  describe.each(['shipper', 'recipient', 'buyer', 'broker'])('%s', (who) => {
    test.each([
      ['personName', ''],
      ['personName', '   '],
      ['addressLine1', '\t'],
      ['addressLine1', ' \n '],
      ['city', ''],
      ['city', '\u00a0 '],
    ])('%s %j (empty or only whitespace) is refused, naming the field', (field, value) =>
      rejects([who], { ...party, [field]: value }, `${who}.${field} must not be empty or only whitespace`),
    );
    test('a name, street line and city with surrounding spaces are kept as sent', () =>
      accepts([who], { ...party, personName: ' Ada ', addressLine1: ' 1 Main St', city: 'Toronto ' }));
  });
  test('city may still be omitted', () => accepts(['shipper', 'city'], undefined));

  test.each(['C', 'CAN', '12', 'C1'])('countryCode %p is not a 2-letter code', (code) =>
    rejects(['shipper', 'countryCode'], code, 'shipper.countryCode must be a 2-letter ISO country code'),
  );

  test('countryCode is accepted in lower case and upper-cased', () => {
    expect(validateRateRequest(withPath(minimalBody(), ['shipper', 'countryCode'], 'ca'), FIXTURE_NOW).shipper.countryCode).toBe('CA');
  });

  test('provinceCode has at least 2 characters', () => rejects(['shipper', 'provinceCode'], 'Q', 'shipper.provinceCode must have at least 2 characters'));
  test('provinceCode has at most 4 characters', () => rejects(['shipper', 'provinceCode'], 'QUEBC', 'shipper.provinceCode must have at most 4 characters'));
  test.each(['QC', 'NSW', 'ABCD'])('provinceCode %s (2 to 4 characters) is valid', (code) => accepts(['shipper', 'provinceCode'], code));
  test('provinceCode is upper-cased', () => {
    expect(validateRateRequest(withPath(minimalBody(), ['shipper', 'provinceCode'], 'qc'), FIXTURE_NOW).shipper.provinceCode).toBe('QC');
  });

  test('type is one of shipping, broker, buyer', () => rejects(['recipient', 'type'], 'seller', 'recipient.type must be one of: shipping, broker, buyer'));
});

describe('packages and pieces (spec 2.4, part 8)', () => {
  test('pieces has at least 1 piece', () => rejects(['packages', 'pieces'], [], 'packages.pieces must have at least 1 item'));
  test('pieces is required', () => rejects(['packages', 'pieces'], undefined, 'packages.pieces is required'));
  test('unitOfMeasure is imperial or metric', () => rejects(['packages', 'unitOfMeasure'], 'SI', 'packages.unitOfMeasure must be one of: imperial, metric'));
  test('a missing enum field is reported as required, not as a wrong value', () =>
    rejects(['packages', 'unitOfMeasure'], undefined, 'packages.unitOfMeasure is required'));

  test('quantity below 1 is refused', () => rejects(piece('quantity'), 0, 'packages.pieces[0].quantity must be >= 1'));
  test('quantity 1 is the lowest valid', () => accepts(piece('quantity'), 1));
  test('quantity is a whole number', () => rejects(piece('quantity'), 1.5, 'packages.pieces[0].quantity must be an integer'));

  test.each(['weight', 'length', 'width', 'height'])('%s below 0 is refused, 0 is valid', (field) => {
    rejects(piece(field), -0.01, `packages.pieces[0].${field} must be >= 0`);
    accepts(piece(field), 0);
  });

  test.each(['quantity', 'weight', 'length', 'width', 'height'])('piece %s is required', (field) =>
    rejects(piece(field), undefined, `packages.pieces[0].${field} is required`),
  );

  test('packagingType may be omitted by the schema (the carrier X rule is checked after it)', () => accepts(piece('packagingType'), undefined));
  test('an inline packagingType object needs a code', () =>
    rejects(piece('packagingType'), { name: 'box' }, 'packages.pieces[0].packagingType.code is required'));
  test('an inline packagingType object keeps code, isEnvelope, name and id', () => {
    const packagingType = { code: 'CARRIERX_PAK', isEnvelope: false, name: 'Pak', id: '5a3a5b83-6f1c-4103-968a-9a379df43251' };
    expect(validateRateRequest(withPath(minimalBody(), piece('packagingType'), packagingType), FIXTURE_NOW).packages.pieces[0]?.packagingType).toEqual(
      packagingType,
    );
  });
  test('a packagingType string is a code or an id, resolved from the catalog', () => {
    expect(validateRateRequest(withPath(minimalBody(), piece('packagingType'), 'GENERIC_BOX'), FIXTURE_NOW).packages.pieces[0]?.packagingType).toMatchObject({
      code: 'GENERIC_BOX',
    });
    rejects(piece('packagingType'), 'NOPE', 'packagingType not found: NOPE');
  });
  test('a packagingType string is a code or an id in length: 1 to 64 characters', () => {
    rejects(piece('packagingType'), '', 'packages.pieces[0].packagingType must have at least 1 character');
    rejects(piece('packagingType'), 'X'.repeat(65), 'packages.pieces[0].packagingType must have at most 64 characters');
  });
  test('a packagingType object is told as an object: its own fields named', () =>
    rejects(piece('packagingType'), { code: 3 }, 'packages.pieces[0].packagingType.code must be a string, got number'));
  test.each([
    [42, 'number'],
    [true, 'boolean'],
    [['GENERIC_BOX'], 'array'],
  ])('a packagingType that is neither (%p) names both kinds', (value, kind) =>
    rejects(piece('packagingType'), value, `packages.pieces[0].packagingType must be a string or an object, got ${kind}`),
  );
});

describe('internationalOptions (spec 2.7)', () => {
  test('an unknown property is refused', () =>
    rejects(['internationalOptions'], { documentsOnly: true, incoterm: 'DDP' }, 'internationalOptions has unknown property "incoterm"'));

  test('several unknown properties are one problem each', () =>
    rejects(['internationalOptions'], { a: 1, b: 2 }, 'internationalOptions has unknown property "a"; internationalOptions has unknown property "b"'));

  test('an empty object is valid', () => accepts(['internationalOptions'], {}));

  test('a key named __proto__ or constructor is an unknown property, with no hint borrowed from Object.prototype', () =>
    expect(issuesToDetails([{ code: 'unrecognized_keys', keys: ['__proto__', 'constructor'], path: [], message: '', input: {} }])).toEqual([
      { path: 'body', message: 'has unknown property "__proto__"' },
      { path: 'body', message: 'has unknown property "constructor"' },
    ]));

  test('declaredValue needs value', () =>
    rejects(['internationalOptions'], { declaredValue: { currency: 'USD' } }, 'internationalOptions.declaredValue.value is required'));
  test('declaredValue needs currency', () =>
    rejects(['internationalOptions'], { declaredValue: { value: 10 } }, 'internationalOptions.declaredValue.currency is required'));
  test('declaredValue currency is an ISO 4217 code, upper-cased', () => {
    rejects(
      ['internationalOptions'],
      { declaredValue: { value: 10, currency: 'US$' } },
      'internationalOptions.declaredValue.currency must be an ISO 4217 currency code',
    );
    const request = validateRateRequest(withPath(minimalBody(), ['internationalOptions'], { declaredValue: { value: 10, currency: 'usd' } }), FIXTURE_NOW);
    expect(request.internationalOptions?.declaredValue?.currency).toBe('USD');
  });

  test.each([
    ['billDutyTo', 'sender, recipient, thirdParty'],
    ['businessRelationship', 'related, unrelated'],
    ['exportType', 'permanent, return, repair, returnRepair'],
  ])('%s is one of %s', (field, values) => rejects(['internationalOptions'], { [field]: 'other' }, `internationalOptions.${field} must be one of: ${values}`));
});

describe('freightOptions (spec 2.8)', () => {
  test.each(['prebookedAppointment', 'pickupAppointment'])('%s needs both appointmentDate and appointmentTime', (field) => {
    rejects(['freightOptions'], { [field]: { appointmentDate: '2025-03-14' } }, `freightOptions.${field}.appointmentTime is required`);
    rejects(['freightOptions'], { [field]: { appointmentTime: '10:00' } }, `freightOptions.${field}.appointmentDate is required`);
    accepts(['freightOptions'], { [field]: { appointmentDate: '2025-03-14', appointmentTime: '10:00' } });
  });

  test.each(['tailgate', 'twoPersons', 'afterHours'])('%s is pickup, delivery or both', (field) =>
    rejects(['freightOptions'], { [field]: 'never' }, `freightOptions.${field} must be one of: pickup, delivery, both`),
  );
});

describe('commercialInvoice (spec 2.9, part 8)', () => {
  const item = { description: 'Book', quantity: 1, value: 10, weight: 1 };
  const invoice = (extra: Record<string, unknown>) => ({ invoiceItems: [item], ...extra });

  test('an unknown property is refused', () =>
    rejects(['commercialInvoice'], invoice({ shipperTaxId: 'X' }), 'commercialInvoice has unknown property "shipperTaxId"'));
  test('an unknown property of an invoice item is refused', () =>
    rejects(['commercialInvoice'], { invoiceItems: [{ ...item, lineTotal: 10 }] }, 'commercialInvoice.invoiceItems[0] has unknown property "lineTotal"'));
  test('the template flags of an item are accepted', () =>
    accepts(['commercialInvoice'], { invoiceItems: [{ ...item, selectedTemplateId: 't', shouldSaveAsTemplate: true, shouldUpdateTemplate: 1 }] }));

  test('generalNote of 255 characters is valid', () => accepts(['commercialInvoice'], invoice({ generalNote: 'n'.repeat(255) })));
  test('generalNote over 255 characters is refused', () =>
    rejects(['commercialInvoice'], invoice({ generalNote: 'n'.repeat(256) }), 'commercialInvoice.generalNote must have at most 255 characters'));
  test('generalNote may be null', () => accepts(['commercialInvoice'], invoice({ generalNote: null })));

  test('invoiceItems has at least 1 item', () =>
    rejects(['commercialInvoice'], { invoiceItems: [] }, 'commercialInvoice.invoiceItems must have at least 1 item'));
  test('invoiceItems is required when the object is present', () => rejects(['commercialInvoice'], {}, 'commercialInvoice.invoiceItems is required'));
  test.each(['description', 'quantity', 'value', 'weight'])('invoice item %s is required', (field) => {
    const { [field as keyof typeof item]: _omitted, ...rest } = item;
    rejects(['commercialInvoice'], { invoiceItems: [rest] }, `commercialInvoice.invoiceItems[0].${field} is required`);
  });

  test('customsValue is >= 0', () => {
    rejects(['commercialInvoice'], invoice({ customsValue: -1 }), 'commercialInvoice.customsValue must be >= 0');
    accepts(['commercialInvoice'], invoice({ customsValue: 0 }));
  });
  test('currency is an ISO 4217 code', () =>
    rejects(['commercialInvoice'], invoice({ currency: 'CADX' }), 'commercialInvoice.currency must be an ISO 4217 currency code'));
  test('unitOfMeasure is imperial or metric', () =>
    rejects(['commercialInvoice'], invoice({ unitOfMeasure: 'SI' }), 'commercialInvoice.unitOfMeasure must be one of: imperial, metric'));
});

describe('every currency field takes an ISO 4217 code, in either case', () => {
  const invoiceItems = [{ description: 'Book', quantity: 1, value: 10, weight: 1 }];
  /** Each currency field of the request, as [name, section path, section holding `currency`, read back]. */
  const fields = [
    [
      'shippingOptions.insurance.currency',
      ['shippingOptions', 'insurance'],
      (currency: unknown) => ({ amount: 10, currency }),
      (r: ReturnType<typeof validateRateRequest>) => r.shippingOptions.insurance?.currency,
    ],
    [
      'internationalOptions.declaredValue.currency',
      ['internationalOptions'],
      (currency: unknown) => ({ declaredValue: { value: 10, currency } }),
      (r: ReturnType<typeof validateRateRequest>) => r.internationalOptions?.declaredValue?.currency,
    ],
    [
      'commercialInvoice.currency',
      ['commercialInvoice'],
      (currency: unknown) => ({ invoiceItems, currency }),
      (r: ReturnType<typeof validateRateRequest>) => r.commercialInvoice?.currency,
    ],
  ] as const;
  const cases = (values: readonly string[]) => fields.flatMap((field) => values.map((value) => [field[0], value, field] as const));

  // Three letters, but no currency: every carrier would refuse it, so it is the caller's 400, not a 422 NO_RATES.
  test.each(cases(['XYZ', 'ABC', 'QQQ', 'xyz', 'CA', 'CADX', 'US$', '', ' CAD']))('%s %p is a 400 naming the field', (name, value, [, path, section]) => {
    rejects([...path], section(value), `${name} must be an ISO 4217 currency code`);
  });

  test.each(cases(['CAD', 'USD', 'EUR', 'GBP', 'JPY', 'CHF']))('%s %p is accepted', (_name, value, [, path, section, read]) => {
    expect(read(validateRateRequest(withPath(minimalBody(), [...path], section(value)), FIXTURE_NOW))).toBe(value);
  });

  test.each(cases(['cad', 'Usd', 'eUR']))('%s %p is accepted and upper-cased', (_name, value, [, path, section, read]) => {
    expect(read(validateRateRequest(withPath(minimalBody(), [...path], section(value)), FIXTURE_NOW))).toBe(value.toUpperCase());
  });

  test('the accepted codes are the ISO 4217 list that ships with Node (ICU), not a list of our own', () => {
    const icu = Intl.supportedValuesOf('currency');
    expect(icu.length).toBeGreaterThan(100);
    for (const code of icu) accepts(['shippingOptions', 'insurance'], { amount: 1, currency: code });
  });

  test('a currency of the wrong type is still a type problem', () =>
    rejects(['shippingOptions', 'insurance'], { amount: 1, currency: 840 }, 'shippingOptions.insurance.currency must be a string, got number'));
});

describe('shippingNotificationOptions (spec 2.10, part 6)', () => {
  test('unsubscribe is refused with a message saying so', () =>
    rejects(
      ['shippingNotificationOptions'],
      { shippingNotificationEmail: 'a@example.com', unsubscribe: true },
      'shippingNotificationOptions has unknown property "unsubscribe" (unsubscribe is not accepted; list only the statuses to notify in shippingNotificationStatuses)',
    ));
  test('any other unknown property is refused', () =>
    rejects(['shippingNotificationOptions'], { smsNumber: '555' }, 'shippingNotificationOptions has unknown property "smsNumber"'));
  test('statuses are pending, intransit, delivered, cancelled', () => {
    accepts(['shippingNotificationOptions'], { shippingNotificationStatuses: ['pending', 'intransit', 'delivered', 'cancelled'] });
    rejects(
      ['shippingNotificationOptions'],
      { shippingNotificationStatuses: ['intransit', 'lost'] },
      'shippingNotificationOptions.shippingNotificationStatuses[1] must be one of: pending, intransit, delivered, cancelled',
    );
  });
  test('the e-mail must be an e-mail address', () =>
    rejects(
      ['shippingNotificationOptions'],
      { shippingNotificationEmail: 'not-an-address' },
      'shippingNotificationOptions.shippingNotificationEmail must be a valid e-mail address',
    ));
});

describe('billingOptions (spec 2.11)', () => {
  test('is allowed at the root with extra keys and an unvalidated soldTo', () => {
    const billingOptions = { type: 'thirdParty', thirdPartyShipperNumber: 'A1', carrierCode: 'CARRIERY', soldTo: [1, 'x'], note: 'kept' };
    expect(validateRateRequest({ ...minimalBody(), billingOptions }, FIXTURE_NOW).billingOptions).toEqual(billingOptions);
  });
  test('its routing fields must be strings, never silently ignored', () =>
    rejects(['billingOptions'], { type: 'thirdParty', thirdPartyShipperNumber: 12345 }, 'billingOptions.thirdPartyShipperNumber must be a string, got number'));
});

describe('shippingType and sort (spec 2.12, 2.13)', () => {
  test('shippingType carrier and service are strings', () => {
    accepts(['shippingType'], { carrier: 'CARRIERY', service: 'CARRIERY_PRIORITY' });
    rejects(['shippingType'], { carrier: 7 }, 'shippingType.carrier must be a string, got number');
  });
  test('sort.by is required when sort is given', () => rejects(['sort'], { dir: 'asc' }, 'sort.by is required'));
  test('an invalid sort.by is a 400', () => rejects(['sort'], { by: 'distance' }, 'sort.by must be one of: price, date, value'));
  test('an invalid sort.dir is a 400', () => rejects(['sort'], { by: 'price', dir: 'up' }, 'sort.dir must be one of: asc, desc'));
  test.each(['price', 'date', 'value'])('sort.by %s without dir is valid', (by) => accepts(['sort'], { by }));
});

describe('bounds (docs/decisions.md): every value in a documented range, named when it is not', () => {
  const pieceLine = (quantity: number) => ({ quantity, weight: 1, length: 1, width: 1, height: 1, packagingType: { code: 'GENERIC_BOX' } });
  const invoiceItem = { description: 'Mug', quantity: 1, value: 10, weight: 0.5 };

  test.each([
    [piece('quantity'), 1e9, 'packages.pieces[0].quantity must be <= 200'],
    [piece('weight'), 1e308, 'packages.pieces[0].weight must be <= 20000'],
    [piece('length'), 1001, 'packages.pieces[0].length must be <= 1000'],
    [piece('weight'), 5e-324, 'packages.pieces[0].weight must be 0 or at least 0.001'],
    [piece('height'), 0.0009, 'packages.pieces[0].height must be 0 or at least 0.001'],
    [piece('itemCount'), 1e308, 'packages.pieces[0].itemCount must be <= 1000000'],
    [piece('itemCount'), 2.5, 'packages.pieces[0].itemCount must be an integer'],
    [['shippingOptions', 'insurance'], { amount: 1e7, currency: 'CAD' }, 'shippingOptions.insurance.amount must be <= 1000000'],
    [['shipper', 'personName'], 'x'.repeat(256), 'shipper.personName must have at most 255 characters'],
    [['shipper', 'emailAddress'], `${'a'.repeat(250)}@x.io`, 'shipper.emailAddress must have at most 254 characters'],
    [['shippingOptions', 'deliveryInstructions'], 'x'.repeat(400_000), 'shippingOptions.deliveryInstructions must have at most 255 characters'],
    [['shippingType'], { carrier: 'C'.repeat(65) }, 'shippingType.carrier must have at most 64 characters'],
    [['internationalOptions'], { declaredValue: { value: 1e308, currency: 'USD' } }, 'internationalOptions.declaredValue.value must be <= 1000000'],
  ])('%j = %p is refused: %s', (path, value, expected) => rejects(path as (string | number)[], value, expected));

  test('at most 50 piece lines', () => {
    rejects(
      ['packages', 'pieces'],
      Array.from({ length: 51 }, () => pieceLine(1)),
      'packages.pieces must have at most 50 items',
    );
    accepts(
      ['packages', 'pieces'],
      Array.from({ length: 50 }, () => pieceLine(1)),
    );
  });

  test('the total package count (quantity summed over pieces) is at most 200', () => {
    rejects(
      ['packages', 'pieces'],
      [pieceLine(150), pieceLine(51)],
      'packages.pieces must not total more than 200 packages (quantity summed over pieces is 201)',
    );
    accepts(['packages', 'pieces'], [pieceLine(150), pieceLine(50)]);
  });

  test('at most 100 invoice items, each counted in whole units', () => {
    rejects(
      ['commercialInvoice'],
      { invoiceItems: Array.from({ length: 101 }, () => invoiceItem) },
      'commercialInvoice.invoiceItems must have at most 100 items',
    );
    rejects(['commercialInvoice'], { invoiceItems: [{ ...invoiceItem, quantity: 1e9 }] }, 'commercialInvoice.invoiceItems[0].quantity must be <= 100000');
    rejects(['commercialInvoice'], { invoiceItems: [{ ...invoiceItem, quantity: 1.5 }] }, 'commercialInvoice.invoiceItems[0].quantity must be an integer');
  });

  test('billingOptions is bounded in depth and size, keys named like Object members included', () => {
    let deep: Record<string, unknown> = { city: 'x' };
    for (let i = 0; i < 10; i++) deep = { nested: deep };
    rejects(['billingOptions'], { soldTo: deep }, 'billingOptions must not be nested more than 8 levels deep');
    rejects(['billingOptions'], { soldTo: { note: 'x'.repeat(5000) } }, 'billingOptions must be at most 4096 bytes as JSON');
    const billingOptions = { soldTo: { constructor: 'x', toString: 1, __proto__: 'y' } };
    expect(validateRateRequest({ ...minimalBody(), billingOptions }, FIXTURE_NOW).billingOptions).toEqual(billingOptions);
  });
});
