/**
 * FedEx's OpenAPI documents as validators (local/fedex/spec.ts): where they
 * are looked for and what a suite does without them, how OpenAPI 3.0 is
 * read, the request schema of each operation, the documents' own examples
 * against their schemas (with the errata and the listed slips, each still
 * true), and strict validation of requests a connector builds.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ERRATA,
  EXAMPLE_SLIPS,
  exampleProblems,
  FEDEX_DOCUMENT_FILES,
  FEDEX_OPERATIONS,
  fedexSpecDir,
  loadDocument,
  missingFedexDocuments,
  openApiAjv,
  operationOf,
  patchedSchemas,
  problemsOf,
  requestExamples,
  requestSchemaName,
  requestValidator,
  responseExamples,
  responseStatuses,
  responseValidator,
  validatorFor,
  type FedexOperation,
} from '../../../../local/fedex/spec';
import { describeWithFedexDocuments, fedexDocumentsMode, skippedLine } from './documents-present';
import { ACCOUNT, MONTREAL, PARIS, SEATTLE, TODAY, customs, piece, rateBody, reference, referenceBody, shipBody, trackBody } from './fixtures';

const OPERATIONS = Object.keys(FEDEX_OPERATIONS) as FedexOperation[];
const FILES = Object.values(FEDEX_DOCUMENT_FILES);

describe('where the FedEx documents are looked for, and a suite without them', () => {
  let empty: string;
  let stubs: string;
  beforeAll(() => {
    empty = mkdtempSync(path.join(tmpdir(), 'fedex-none-'));
    stubs = mkdtempSync(path.join(tmpdir(), 'fedex-stubs-'));
    for (const file of FILES) writeFileSync(path.join(stubs, file), '{}');
  });
  afterAll(() => {
    rmSync(empty, { recursive: true, force: true });
    rmSync(stubs, { recursive: true, force: true });
  });

  it('FEDEX_SPEC_DIR when set, else carrier-specs/fedex in the shared folder beside the project', () => {
    expect(fedexSpecDir({ FEDEX_SPEC_DIR: empty })).toBe(empty);
    expect(fedexSpecDir({})).toBe(path.resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'carrier-specs', 'fedex'));
  });

  it('every document missing is named; a suite then skips saying so in one line, or fails under CI=true, and runs when all are there', () => {
    expect(missingFedexDocuments({ FEDEX_SPEC_DIR: empty })).toEqual(FILES);
    expect(fedexDocumentsMode({ FEDEX_SPEC_DIR: empty })).toBe('skip');
    expect(fedexDocumentsMode({ FEDEX_SPEC_DIR: empty, CI: 'true' })).toBe('fail');
    expect(fedexDocumentsMode({ FEDEX_SPEC_DIR: stubs, CI: 'true' })).toBe('run');
    const line = skippedLine('FedEx things', { FEDEX_SPEC_DIR: empty });
    expect(line).toBe(`skipped: "FedEx things": FedEx's OpenAPI documents are not in ${empty} (set FEDEX_SPEC_DIR)\n`);
    expect(line.trimEnd().split('\n')).toHaveLength(1);
  });

  it('loading a document that is not there fails naming the folder and FEDEX_SPEC_DIR', () => {
    const saved = process.env.FEDEX_SPEC_DIR;
    process.env.FEDEX_SPEC_DIR = empty;
    try {
      expect(() => loadDocument('ship')).toThrow(`FedEx's ship--Shipment-Resource.json is not in ${empty} (set FEDEX_SPEC_DIR)`);
    } finally {
      if (saved === undefined) delete process.env.FEDEX_SPEC_DIR;
      else process.env.FEDEX_SPEC_DIR = saved;
    }
  });
});

describe('OpenAPI 3.0 read as it is meant', () => {
  it('nullable admits null beside the type, and only where it is said', () => {
    const validate = openApiAjv([]).compile({ type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: 'string' } } });
    expect([validate({ a: null }), validate({ b: null }), validate({ a: 'x', b: 'y' })]).toEqual([true, false, true]);
  });

  it('a discriminator picks the oneOf member its property names', () => {
    const validate = openApiAjv([]).compile({
      type: 'object',
      discriminator: { propertyName: 'kind' },
      required: ['kind'],
      oneOf: [
        { properties: { kind: { const: 'box' }, side: { type: 'number' } }, required: ['side'] },
        { properties: { kind: { const: 'tube' }, length: { type: 'number' } }, required: ['length'] },
      ],
    });
    expect([validate({ kind: 'box', side: 3 }), validate({ kind: 'tube', side: 3 }), validate({ kind: 'bag' })]).toEqual([true, false, false]);
  });

  it('example, xml and externalDocs are annotations (a property named example stays a property); any other unknown keyword fails to compile', () => {
    const validate = openApiAjv([]).compile({
      type: 'object',
      example: { example: 1 },
      xml: { name: 'x' },
      externalDocs: { url: 'https://example.com' },
      properties: { example: { type: 'number' } },
    });
    expect([validate({ example: 1 }), validate({ example: 'one' })]).toEqual([true, false]);
    expect(() => openApiAjv([]).compile({ type: 'object', exmaple: 1 })).toThrow(/unknown keyword: "exmaple"/);
  });

  it('a format JSON Schema lacks is an annotation, a known one is checked; coercion converts scalars', () => {
    const validate = openApiAjv(['HH:MM:SS', 'double']).compile({
      type: 'object',
      properties: { t: { type: 'string', format: 'HH:MM:SS' }, n: { type: 'number', format: 'double' }, d: { type: 'string', format: 'date-time' } },
    });
    expect([validate({ t: 'whenever', n: 1.5 }), validate({ d: 'not a date' })]).toEqual([true, false]);
    const lenient = openApiAjv([], true).compile({ type: 'object', properties: { postalCode: { type: 'string' } } });
    const body = { postalCode: 38116 };
    expect(lenient(body)).toBe(true);
    expect(body.postalCode).toBe('38116');
  });
});

describe('the operations', () => {
  it('are found by method and path, with or without a trailing slash; anything else is none', () => {
    expect(operationOf('PUT', '/ship/v1/endofday/')).toBe('groundClose');
    expect(operationOf('put', '/ship/v1/endofday')).toBe('groundClose');
    expect(operationOf('POST', '/ship/v1/endofday')).toBe('groundReprint');
    expect(operationOf('PUT', '/ship/v1/shipments/cancel')).toBe('cancel');
    expect(operationOf('POST', '/ship/v1/shipments/cancel')).toBeUndefined();
    expect(operationOf('GET', '/track/v1/trackingnumbers')).toBeUndefined();
    expect(operationOf('POST', '/oauth/token')).toBe('token');
  });
});

describeWithFedexDocuments("FedEx's documents", () => {
  it('the request schema of each operation is its full schema; the other oneOf members hold only an example', () => {
    expect(Object.fromEntries(OPERATIONS.map((op) => [op, requestSchemaName(op)]))).toEqual({
      token: 'FullSchema',
      rate: 'Full_Schema_Quote_Rate',
      ship: 'Full_Schema_Ship',
      cancel: 'Full_Schema_Cancel_Shipment',
      trackNumbers: 'Full_Schema_Tracking_Numbers',
      trackReferences: 'Full_Schema_Tracking_References',
      groundClose: 'FullSchema_GEOD_PUT',
      groundReprint: 'FullSchema_Reprint_POST',
      addressResolve: 'Full_Schema_Validate_Address',
      pickupAvailability: 'Full_Schema_Pickup_Availability',
      pickupCreate: 'Full_Schema_Create_Pickup',
      pickupCancel: 'Full_Schema_Cancel_Pickup',
    });
  });

  it("every example of every request validates, read as FedEx's JSON binding reads it, but for the slips listed (each still there)", () => {
    const examples = OPERATIONS.flatMap((op) => requestExamples(op).map((e) => ({ op, ...e })));
    expect(examples.length).toBeGreaterThanOrEqual(70);
    const found = examples.map(({ op, name, value }) => [op, name, exampleProblems(op, value)] as const);
    const expected = examples.map(
      ({ op, name }) => [op, name, [...(EXAMPLE_SLIPS.find((s) => s.operation === op && s.example === name)?.problems ?? [])]] as const,
    );
    expect(found).toEqual(expected);
    for (const slip of EXAMPLE_SLIPS) expect(examples.some((e) => e.op === slip.operation && e.name === slip.example)).toBe(true);
  });

  it('read strictly, the examples break the schemas with numbers for strings (why the binding is modelled)', () => {
    const [example] = requestExamples('ship').filter((e) => e.name === 'US_Ground_Shipment');
    expect(problemsOf(requestValidator('ship'), example!.value)).toEqual(
      expect.arrayContaining(['/requestedShipment/shipper/address/postalCode must be string']),
    );
  });

  it('every example of every documented answer validates against its schema', () => {
    const answers = OPERATIONS.flatMap((op) => responseStatuses(op).flatMap((status) => responseExamples(op, status).map((e) => ({ op, status, ...e }))));
    expect(answers.length).toBeGreaterThanOrEqual(60);
    expect(answers.map(({ op, status, name, value }) => [op, status, name, problemsOf(responseValidator(op, Number(status)), value)])).toEqual(
      answers.map(({ op, status, name }) => [op, status, name, []]),
    );
  });

  it('an error status the document lists not (429, 413) is read with its 400 error schema, the token with its 401 one', () => {
    expect(responseValidator('ship', 429)).toBe(responseValidator('ship', 400));
    expect(responseValidator('token', 429)).toBe(responseValidator('token', 401));
    expect(() => responseValidator('ship', 202)).toThrow('FedEx ship documents no answer of status 202');
  });

  it('every erratum still applies, and a document that corrects one makes it fail loudly', () => {
    for (const document of new Set(ERRATA.map((e) => e.document))) expect(() => patchedSchemas(document)).not.toThrow();
    const corrected = mkdtempSync(path.join(tmpdir(), 'fedex-corrected-'));
    const saved = process.env.FEDEX_SPEC_DIR;
    try {
      for (const file of FILES) copyFileSync(path.join(fedexSpecDir(), file), path.join(corrected, file));
      const shipFile = path.join(corrected, FEDEX_DOCUMENT_FILES.ship);
      const doc = JSON.parse(readFileSync(shipFile, 'utf8')) as { components: { schemas: Record<string, { required: string[] }> } };
      doc.components.schemas.RequestedShipment_1!.required = doc.components.schemas.RequestedShipment_1!.required.filter((r) => r !== 'totalWeight');
      writeFileSync(shipFile, JSON.stringify(doc));
      process.env.FEDEX_SPEC_DIR = corrected;
      expect(() => patchedSchemas('ship')).toThrow('FedEx ship: erratum RequestedShipment_1.required is no longer in the document; drop it from ERRATA');
    } finally {
      if (saved === undefined) delete process.env.FEDEX_SPEC_DIR;
      else process.env.FEDEX_SPEC_DIR = saved;
      rmSync(corrected, { recursive: true, force: true });
    }
  });

  it.each([
    ['a domestic rate with list rates and transit times', 'rate', rateBody(MONTREAL, { list: true, transit: true })],
    ['a transborder rate of two pieces', 'rate', rateBody(SEATTLE, { pieces: [piece(1), piece(4)] })],
    ['a ship by Ground without totalWeight (erratum)', 'ship', shipBody()],
    [
      'an international ship without a commercial invoice, its goods weighed in LB (errata)',
      'ship',
      (() => {
        const body = shipBody({ to: PARIS, serviceType: 'FEDEX_INTERNATIONAL_PRIORITY', international: true });
        body.requestedShipment.customsClearanceDetail!.commodities[0]!.weight = { units: 'LB', value: 2.6 };
        return body;
      })(),
    ],
    [
      'a multi-piece ZPL ship with references',
      'ship',
      shipBody({ imageType: 'ZPLII', serviceType: 'PRIORITY_OVERNIGHT', pieces: [piece(1, [reference('a')]), piece(2, [reference('a')])] }),
    ],
    ['a return ship', 'ship', shipBody({ returnOf: '794900000016' })],
    ['a cancel', 'cancel', { accountNumber: { value: ACCOUNT }, trackingNumber: '794900000016', deletionControl: 'DELETE_ALL_PACKAGES' }],
    ['a track by numbers', 'trackNumbers', trackBody(['794900000016', '270100000016'])],
    ['a track by reference with shipDateEnd, as FedEx writes it (erratum)', 'trackReferences', referenceBody('order-0001')],
    ['a track by reference without dates (erratum)', 'trackReferences', { referencesInformation: { value: 'order-0001', accountNumber: ACCOUNT } }],
    ['a Ground close', 'groundClose', { closeReqType: 'GCDR', groundServiceCategory: 'GROUND', accountNumber: { value: ACCOUNT }, closeDate: TODAY }],
    ['an address resolution', 'addressResolve', { addressesToValidate: [{ address: { ...MONTREAL, streetLines: ['275 Rue Notre-Dame Est'] } }] }],
  ] as const)('%s validates strictly', (_what, op, body) => {
    expect(problemsOf(requestValidator(op), JSON.parse(JSON.stringify(body)))).toEqual([]);
  });

  it('strict validation refuses what a connector might get wrong, naming each problem', () => {
    const ship = shipBody() as unknown as { requestedShipment: Record<string, Record<string, unknown>> } & Record<string, unknown>;
    const broken = JSON.parse(JSON.stringify(ship)) as typeof ship;
    (broken.requestedShipment.shipper!.address as Record<string, unknown>).postalCode = 38116;
    broken.requestedShipment.labelSpecification!.labelStockType = 'PAPER_5X7';
    delete broken.accountNumber;
    broken.labelResponseOptions = 'PDF';
    expect(problemsOf(requestValidator('ship'), broken)).toEqual([
      "/ must have required property 'accountNumber'",
      '/requestedShipment/shipper/address/postalCode must be string',
      '/requestedShipment/labelSpecification/labelStockType must be equal to one of the allowed values',
      '/labelResponseOptions must be equal to one of the allowed values',
    ]);
    expect(problemsOf(requestValidator('trackReferences'), { referencesInformation: { accountNumber: ACCOUNT } })).toEqual([
      "/referencesInformation must have required property 'value'",
    ]);
    expect(
      problemsOf(requestValidator('rate'), { ...rateBody(), requestedShipment: { ...rateBody().requestedShipment, rateRequestType: ['CHEAPEST'] } }),
    ).toEqual(['/requestedShipment/rateRequestType/0 must be equal to one of the allowed values']);
  });

  it('the customs of an international ship name their commodities (the erratum keeps that requirement)', () => {
    const body = shipBody({ to: PARIS, international: true });
    const withoutGoods = { ...body, requestedShipment: { ...body.requestedShipment, customsClearanceDetail: { ...customs(), commodities: undefined } } };
    expect(problemsOf(validatorFor('ship', 'Full_Schema_Ship'), JSON.parse(JSON.stringify(withoutGoods)))).toEqual([
      "/requestedShipment/customsClearanceDetail must have required property 'commodities'",
    ]);
  });
});
