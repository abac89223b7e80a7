/**
 * FedEx's OpenAPI 3.0 documents as Ajv validators, for the FedEx connector's
 * contract tests and the local FedEx simulator (./simulator.ts). Tooling
 * only: no function imports it.
 *
 * The documents carry no licence, so they are never copied into the
 * repository: they are read where the operator keeps them, `FEDEX_SPEC_DIR`,
 * else the `carrier-specs/fedex` folder of the shared folder beside the
 * project (as Canada Post's schemas are, ../canada-post/xsd.ts).
 *
 * OpenAPI 3.0 is read as it is meant: a document's component schemas go to
 * Ajv unchanged but for the errata below, under an id of their own, so
 * `#/components/schemas/...` references resolve. `nullable` is Ajv's own
 * keyword, `discriminator` is on (a shape Ajv cannot read fails to compile),
 * `example`, `xml` and `externalDocs` are annotations (any other unknown
 * keyword fails to compile), and a `format` the document names that JSON
 * Schema does not know (`double` aside, FedEx writes `[YYYY-MM-DD]`, `HH:MM:SS`,
 * `file`) is an annotation too, as OpenAPI leaves formats open.
 *
 * FedEx writes each request body as a `oneOf` of its full schema and of
 * schemas that hold nothing but an `example` (its samples): taken literally
 * that `oneOf` refuses every body (an example-only schema accepts anything),
 * so the request schema of an operation is its full schema, and the samples
 * are its examples (`requestExamples`). `requestSchemaName` fails if a
 * sample ever carries a constraint.
 *
 * Errata (docs/fedex.md) are patched by `ERRATA`: each names the one keyword
 * it replaces or removes, and the patch fails loudly when the document no
 * longer says it. The documents' own examples break the schemas in many
 * places; `exampleProblems` reads an example as FedEx's JSON binding does
 * (a number where a string is documented and back, `null` as absent) and
 * `EXAMPLE_SLIPS` lists what is still wrong with each, so the tests hold both
 * to the documents.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** The FedEx APIs the connector and the simulator use, by the file FedEx publishes each in. */
export const FEDEX_DOCUMENT_FILES = {
  authorization: 'authorization--APIAuthorization-Resource.json',
  rates: 'rates-transit-times--RateQuotes-Resource.json',
  ship: 'ship--Shipment-Resource.json',
  trackNumbers: 'track--TrackingNumbers-Resource.json',
  trackReferences: 'track--ReferenceNumbers-Resource.json',
  groundClose: 'ground-eod-close--ShipmentCloseAPI-Resource.json',
  address: 'address-validation--Addresses-Resource.json',
  pickup: 'pickup-request--Pickup-Resource.json',
} as const;

export type FedexDocument = keyof typeof FEDEX_DOCUMENT_FILES;

/** The operations of those APIs the simulator serves, with their method and path as the documents write them. */
export const FEDEX_OPERATIONS = {
  token: { document: 'authorization', method: 'POST', path: '/oauth/token' },
  rate: { document: 'rates', method: 'POST', path: '/rate/v1/rates/quotes' },
  ship: { document: 'ship', method: 'POST', path: '/ship/v1/shipments' },
  cancel: { document: 'ship', method: 'PUT', path: '/ship/v1/shipments/cancel' },
  trackNumbers: { document: 'trackNumbers', method: 'POST', path: '/track/v1/trackingnumbers' },
  trackReferences: { document: 'trackReferences', method: 'POST', path: '/track/v1/referencenumbers' },
  groundClose: { document: 'groundClose', method: 'PUT', path: '/ship/v1/endofday/' },
  groundReprint: { document: 'groundClose', method: 'POST', path: '/ship/v1/endofday/' },
  addressResolve: { document: 'address', method: 'POST', path: '/address/v1/addresses/resolve' },
  pickupAvailability: { document: 'pickup', method: 'POST', path: '/pickup/v1/pickups/availabilities' },
  pickupCreate: { document: 'pickup', method: 'POST', path: '/pickup/v1/pickups' },
  pickupCancel: { document: 'pickup', method: 'PUT', path: '/pickup/v1/pickups/cancel' },
} as const satisfies Record<string, { document: FedexDocument; method: 'POST' | 'PUT'; path: string }>;

export type FedexOperation = keyof typeof FEDEX_OPERATIONS;

const withoutTrailingSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The operation a method and path name (a trailing slash or not, as FedEx's own `/ship/v1/endofday/`), if any. */
export function operationOf(method: string, requestPath: string): FedexOperation | undefined {
  const wanted = withoutTrailingSlash(requestPath);
  return (Object.keys(FEDEX_OPERATIONS) as FedexOperation[]).find(
    (name) => FEDEX_OPERATIONS[name].method === method.toUpperCase() && withoutTrailingSlash(FEDEX_OPERATIONS[name].path) === wanted,
  );
}

const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

/** Where the documents are looked for: FEDEX_SPEC_DIR, else the shared folder beside the project. */
export const fedexSpecDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.FEDEX_SPEC_DIR ? path.resolve(env.FEDEX_SPEC_DIR) : path.resolve(PROJECT_ROOT, '..', 'shared', 'carrier-specs', 'fedex');

/** The document files that are not where `fedexSpecDir` looks. */
export const missingFedexDocuments = (env: NodeJS.ProcessEnv = process.env): string[] =>
  Object.values(FEDEX_DOCUMENT_FILES).filter((file) => !existsSync(path.join(fedexSpecDir(env), file)));

/** Whether every document is there. */
export const fedexDocumentsAvailable = (env: NodeJS.ProcessEnv = process.env): boolean => missingFedexDocuments(env).length === 0;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaObject = { [key: string]: Json };
type Media = { schema?: SchemaObject; example?: Json; examples?: Record<string, { summary?: string; value: Json }> };
type Operation = { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, SchemaObject> } };

let loaded: { dir: string; docs: Map<FedexDocument, Doc> } | undefined;

/** A document as FedEx publishes it (parsed once per folder). Throws, naming the folder and FEDEX_SPEC_DIR, when it is not there. */
export function loadDocument(document: FedexDocument): Doc {
  const dir = fedexSpecDir();
  if (loaded?.dir !== dir) loaded = { dir, docs: new Map() };
  let doc = loaded.docs.get(document);
  if (!doc) {
    const file = path.join(dir, FEDEX_DOCUMENT_FILES[document]);
    if (!existsSync(file)) throw new Error(`FedEx's ${FEDEX_DOCUMENT_FILES[document]} is not in ${dir} (set FEDEX_SPEC_DIR)`);
    doc = JSON.parse(readFileSync(file, 'utf8')) as Doc;
    if (!/^3\.0(\.|$)/.test(String(doc.openapi))) throw new Error(`FedEx ${document}: OpenAPI ${doc.openapi}, where 3.0 is read`);
    loaded.docs.set(document, doc);
  }
  return doc;
}

/**
 * One keyword of one component schema (or of one of its properties) that a
 * document gets wrong, and why it is replaced by `replacement` (or removed).
 */
export type Erratum = { document: FedexDocument; schema: string; property?: string; keyword: string; expected: Json; replacement?: Json; why: string };

export const ERRATA: readonly Erratum[] = [
  {
    document: 'ship',
    schema: 'RequestedShipment_1',
    keyword: 'required',
    expected: [
      'labelSpecification',
      'packagingType',
      'pickupType',
      'recipients',
      'requestedPackageLineItems',
      'serviceType',
      'shipper',
      'shippingChargesPayment',
      'totalWeight',
    ],
    replacement: [
      'labelSpecification',
      'packagingType',
      'pickupType',
      'recipients',
      'requestedPackageLineItems',
      'serviceType',
      'shipper',
      'shippingChargesPayment',
    ],
    why: "totalWeight's own description says it only applies to international shipments, and 41 of the 43 ship examples leave it out",
  },
  {
    document: 'ship',
    schema: 'CustomsClearanceDetail',
    keyword: 'required',
    expected: ['commercialInvoice', 'commodities'],
    replacement: ['commodities'],
    why: "CommercialInvoice's own description makes it the electronic upload of invoice data (FedEx prints none unless asked through etdDetail); 11 international examples leave it out",
  },
  {
    document: 'ship',
    schema: 'Weight_4',
    property: 'units',
    keyword: 'enum',
    expected: ['KG'],
    replacement: ['KG', 'LB'],
    why: "a commodity's weight unit must be the packages' (its own description), which may be LB; the examples weigh commodities in LB",
  },
  {
    document: 'trackReferences',
    schema: 'ReferenceInformation',
    keyword: 'required',
    expected: ['shipDateBegin', 'shipDateEndDate', 'value'],
    replacement: ['value'],
    why: "the schema's own description defaults both dates (30 days back, one day on), and the end date's property is spelled shipDateEnd by its description and every example (shipDateEndDate nowhere else)",
  },
  {
    document: 'trackReferences',
    schema: 'AddressVO',
    keyword: 'required',
    expected: ['addressVerificationId', 'countryCode', 'streetLines'],
    why: "addressVerificationId is none of its properties, and the same track result in the Track by tracking number document (AddressVO1) requires nothing: FedEx's track answers give the shipper's and recipient's addresses without street lines",
  },
  {
    document: 'trackReferences',
    schema: 'ScanEvent',
    property: 'scanLocation',
    keyword: 'allOf',
    expected: [{ $ref: '#/components/schemas/LocationDetail_1' }],
    replacement: [{ $ref: '#/components/schemas/AddressVO' }],
    why: "a scan's location is an address in the Track by tracking number document (AddressVO1) and in FedEx's track answers; this document alone makes it a FedEx location with contact and type",
  },
];

/** `holder[keyword]` as the erratum expects it, patched; throws when the document no longer says it. */
function patch(schemas: Record<string, SchemaObject>, erratum: Erratum): void {
  const schema = schemas[erratum.schema];
  const holder = erratum.property === undefined ? schema : (schema?.properties as Record<string, SchemaObject> | undefined)?.[erratum.property];
  const where = `${erratum.schema}${erratum.property ? `.${erratum.property}` : ''}.${erratum.keyword}`;
  if (!holder || JSON.stringify(holder[erratum.keyword]) !== JSON.stringify(erratum.expected)) {
    throw new Error(`FedEx ${erratum.document}: erratum ${where} is no longer in the document; drop it from ERRATA`);
  }
  if (erratum.replacement === undefined) delete holder[erratum.keyword];
  else holder[erratum.keyword] = erratum.replacement;
}

/** A copy of a document's component schemas with its errata patched (throws when one no longer applies). */
export function patchedSchemas(document: FedexDocument): Record<string, SchemaObject> {
  const schemas = structuredClone(loadDocument(document).components.schemas);
  for (const erratum of ERRATA.filter((e) => e.document === document)) patch(schemas, erratum);
  return schemas;
}

/** OpenAPI 3.0's annotations that are no JSON Schema keyword. */
const OPENAPI_ANNOTATIONS = ['example', 'xml', 'externalDocs'];

/** Every `format` a schema tree names. */
const formatsOf = (node: Json, found = new Set<string>()): Set<string> => {
  if (Array.isArray(node)) node.forEach((n) => formatsOf(n, found));
  else if (node !== null && typeof node === 'object') {
    if (typeof node.format === 'string') found.add(node.format);
    Object.values(node).forEach((n) => formatsOf(n, found));
  }
  return found;
};

/**
 * An Ajv for OpenAPI 3.0 schemas: `nullable` and `discriminator` read, the
 * annotations allowed, any other unknown keyword refused; `coerce` converts
 * scalars as a lenient JSON binding would (used for FedEx's examples only).
 * `formats` are the formats the schemas name: those JSON Schema lacks are
 * annotations.
 */
export function openApiAjv(formats: Iterable<string>, coerce = false): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strictSchema: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    discriminator: true,
    coerceTypes: coerce,
  });
  ajv.addVocabulary(OPENAPI_ANNOTATIONS);
  addFormats(ajv);
  for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
  return ajv;
}

const idOf = (document: FedexDocument) => `urn:fedex:${document}`;
const ajvs = new Map<string, Ajv>();

function ajvFor(document: FedexDocument, coerce: boolean): Ajv {
  const key = `${fedexSpecDir()}\u0000${document}\u0000${coerce}`;
  let ajv = ajvs.get(key);
  if (!ajv) {
    const schemas = patchedSchemas(document);
    ajv = openApiAjv(formatsOf(schemas), coerce);
    // The document's components are the root's only content, reached by `#/components/schemas/...` references.
    ajv.addKeyword('components');
    ajv.addSchema({ $id: idOf(document), components: { schemas } });
    ajvs.set(key, ajv);
  }
  return ajv;
}

/** A validator of the component schema `name` of `document`, errata patched. */
export function validatorFor(document: FedexDocument, name: string, coerce = false): ValidateFunction {
  if (!(name in loadDocument(document).components.schemas)) throw new Error(`FedEx ${document} has no schema ${name}`);
  const ajv = ajvFor(document, coerce);
  const ref = `${idOf(document)}#/components/schemas/${name}`;
  return ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
}

const operationObject = (operation: FedexOperation): Operation => {
  const { document, method, path: opPath } = FEDEX_OPERATIONS[operation];
  const op = loadDocument(document).paths[opPath]?.[method.toLowerCase()];
  if (!op) throw new Error(`FedEx ${document} has no ${method} ${opPath}`);
  return op;
};

const refName = (schema: Json | undefined): string | undefined => {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
};

/** The media type an operation's request body is sent as (`application/json`, or the token's form). */
export const requestContentType = (operation: FedexOperation): string => {
  const content = operationObject(operation).requestBody?.content ?? {};
  const [type] = Object.keys(content);
  if (!type) throw new Error(`FedEx ${operation} has no request body`);
  return type;
};

/** The request body's schema in the document, and its sample schemas (each only an `example`). */
function requestSchemas(operation: FedexOperation): { full: string; samples: string[] } {
  const { document } = FEDEX_OPERATIONS[operation];
  const schemas = loadDocument(document).components.schemas;
  const media = operationObject(operation).requestBody?.content[requestContentType(operation)];
  const named = refName(media?.schema);
  const top = named ? schemas[named] : media?.schema;
  const members = Array.isArray(top?.oneOf) ? top.oneOf.map((m) => refName(m)) : [named];
  const [full, ...samples] = members;
  if (!full || samples.some((s) => s === undefined)) throw new Error(`FedEx ${operation}: a request schema that is not a component reference`);
  for (const sample of samples as string[]) {
    const extra = Object.keys(schemas[sample] ?? {}).filter((k) => k !== 'example' && k !== 'description');
    if (extra.length > 0) throw new Error(`FedEx ${operation}: the oneOf member ${sample} is not a sample (it has ${extra.join(', ')}); read it as a schema`);
  }
  return { full, samples: samples as string[] };
}

/** The component name of an operation's request body schema (its full schema). */
export const requestSchemaName = (operation: FedexOperation): string => requestSchemas(operation).full;

/** The validator of an operation's request body. */
export const requestValidator = (operation: FedexOperation): ValidateFunction =>
  validatorFor(FEDEX_OPERATIONS[operation].document, requestSchemaName(operation));

/** The statuses an operation's answers are documented with. */
export const responseStatuses = (operation: FedexOperation): string[] => Object.keys(operationObject(operation).responses);

/** The component name of the answer's schema for one documented status (none when the document has no such status). */
export const responseSchemaName = (operation: FedexOperation, status: number | string): string | undefined =>
  refName(operationObject(operation).responses[String(status)]?.content?.['application/json']?.schema);

/**
 * The validator of an answer of `status`: the document's schema of that
 * status; for an error status it does not list (429, 413), the error schema
 * of its 400 answer (or 401 for the token, which documents no 400), as every
 * FedEx error has the same shape.
 */
export function responseValidator(operation: FedexOperation, status: number): ValidateFunction {
  const { document } = FEDEX_OPERATIONS[operation];
  const name =
    responseSchemaName(operation, status) ?? (status >= 400 ? (responseSchemaName(operation, 400) ?? responseSchemaName(operation, 401)) : undefined);
  if (!name) throw new Error(`FedEx ${operation} documents no answer of status ${status}`);
  return validatorFor(document, name);
}

/** One example of a document: its name (the sample schema's, or the examples map's), and its value. */
export type DocumentExample = { name: string; value: unknown };

/** The document's examples of an operation's request body: its samples, the full schema's own example, the media type's examples. */
export function requestExamples(operation: FedexOperation): DocumentExample[] {
  const { document } = FEDEX_OPERATIONS[operation];
  const schemas = loadDocument(document).components.schemas;
  const { full, samples } = requestSchemas(operation);
  const media = operationObject(operation).requestBody?.content[requestContentType(operation)];
  return [
    ...(schemas[full]?.example !== undefined ? [{ name: full, value: schemas[full].example as unknown }] : []),
    ...samples.map((name) => ({ name, value: schemas[name]!.example })),
    ...Object.entries(media?.examples ?? {}).map(([name, e]) => ({ name, value: e.value })),
  ];
}

/** The document's examples of one status of an operation's answer. */
export function responseExamples(operation: FedexOperation, status: number | string): DocumentExample[] {
  const media = operationObject(operation).responses[String(status)]?.content?.['application/json'];
  return [
    ...(media?.example !== undefined ? [{ name: 'example', value: media.example as unknown }] : []),
    ...Object.entries(media?.examples ?? {}).map(([name, e]) => ({ name, value: e.value })),
  ];
}

const problemLine = (e: ErrorObject): string => `${e.instancePath || '/'} ${e.message ?? e.keyword}`;

/** Every violation of `value` against `validate`, one line each (`/path message`), without repeats; none when it validates. */
export function problemsOf(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : [...new Set((validate.errors ?? []).map(problemLine))];
}

/** Throws, naming every violation, unless `value` validates. */
export function expectValid(validate: ValidateFunction, value: unknown): void {
  const problems = problemsOf(validate, value);
  if (problems.length > 0)
    throw new Error(`does not validate against ${String((validate.schema as { $ref?: string }).$ref ?? 'the schema')}:\n${problems.join('\n')}`);
}

const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
};

/**
 * The problems of one of FedEx's examples of an operation's request, read
 * as FedEx's JSON binding reads a body: a scalar of another type converted
 * (`"postalCode": 38116`, `"includeDetailedScans": "true"`), `null` taken as
 * absent. The simulator reads requests strictly; this is for the documents'
 * examples, which break the schemas in those ways throughout.
 */
export function exampleProblems(operation: FedexOperation, example: unknown): string[] {
  const validate = validatorFor(FEDEX_OPERATIONS[operation].document, requestSchemaName(operation), true);
  return problemsOf(validate, withoutNulls(structuredClone(example)));
}

/** An example of a document that breaks its schema beyond what its JSON binding forgives, as `exampleProblems` words it. */
export type ExampleSlip = { operation: FedexOperation; example: string; problems: readonly string[]; why: string };

const LABEL_SPEC = [
  "/requestedShipment/labelSpecification must have required property 'imageType'",
  "/requestedShipment/labelSpecification must have required property 'labelStockType'",
];

export const EXAMPLE_SLIPS: readonly ExampleSlip[] = [
  {
    operation: 'rate',
    example: 'FDGSamplePayload-RateResourceDetails-IntraEurope',
    problems: ["/ must have required property 'accountNumber'"],
    why: 'a sample without the account every rate request names',
  },
  {
    operation: 'pickupAvailability',
    example: 'Check_Pickup_Availability_Domestic_Express',
    problems: ['/shipmentAttributes must be object'],
    why: 'shipmentAttributes written as a list of one',
  },
  {
    operation: 'pickupAvailability',
    example: 'Check_Pickup_Availability_International_Express',
    problems: ['/shipmentAttributes must be object'],
    why: 'shipmentAttributes written as a list of one',
  },
  {
    operation: 'ship',
    example: 'MinimumSamplePayload-ShipShipment',
    problems: [
      "/ must have required property 'labelResponseOptions'",
      "/requestedShipment/recipients/0 must have required property 'address'",
      "/requestedShipment/recipients/1 must have required property 'contact'",
      ...LABEL_SPEC,
    ],
    why: 'an older minimum sample: one recipient split in two list entries, an empty labelSpecification, no labelResponseOptions',
  },
  {
    operation: 'ship',
    example: 'MinimumSamplePayload-DomesticShipmentMPS',
    problems: [
      "/ must have required property 'labelResponseOptions'",
      "/requestedShipment/recipients/0 must have required property 'contact'",
      "/requestedShipment/recipients/1 must have required property 'address'",
      ...LABEL_SPEC,
    ],
    why: 'the same older minimum sample, for several pieces',
  },
  {
    operation: 'ship',
    example: 'SamplePayload-InternationalShipmentMPS',
    problems: ["/ must have required property 'labelResponseOptions'", ...LABEL_SPEC],
    why: 'the same older sample form',
  },
  { operation: 'ship', example: 'FDGSamplePayload-ShipShipment-intraEurope', problems: LABEL_SPEC, why: 'an empty labelSpecification' },
  {
    operation: 'ship',
    example: 'One_Rate_Shipment',
    problems: ["/requestedShipment/requestedPackageLineItems/0 must have required property 'weight'"],
    why: 'a One Rate piece without its weight',
  },
  {
    operation: 'ship',
    example: 'US_Domestic_Email_Return_Label_Shipment',
    problems: [
      "/requestedShipment must have required property 'labelSpecification'",
      "/requestedShipment/shipmentSpecialServices/returnShipmentDetail/returnEmailDetail must have required property 'allowedSpecialService'",
    ],
    why: 'an e-mailed return label, whose label FedEx draws later, without the label specification the schema requires',
  },
  {
    operation: 'ship',
    example: 'US_Domestic_Hold_At_Location_Adult_Signature_Option_Shipment',
    problems: ["/requestedShipment/shipmentSpecialServices/holdAtLocationDetail must have required property 'locationId'"],
    why: 'a hold at location without the location',
  },
  {
    operation: 'ship',
    example: 'Intra_India_Cash_on_Delivery_and_Delivery_on_Invoice_Acceptance',
    problems: ["/requestedShipment/shipmentSpecialServices/deliveryOnInvoiceAcceptanceDetail/recipient/contact must have required property 'companyName'"],
    why: 'a contact without the company its schema requires',
  },
  {
    operation: 'ship',
    example: 'SmartPost_Shipment_Return',
    problems: ["/requestedShipment/smartPostInfoDetail must have required property 'hubId'"],
    why: 'a Ground Economy return without its hub',
  },
];

/** One error of FedEx's error document. */
export type FedexErrorItem = { code: string; message: string; parameterList?: { key: string; value: string }[] };

/** FedEx's error document: `{ transactionId, customerTransactionId?, errors: [{ code, message, parameterList? }] }`. */
export type FedexErrorBody = { transactionId: string; customerTransactionId?: string; errors: FedexErrorItem[] };
