/**
 * UPS's vendored OpenAPI documents (./spec/) as read, with their errata
 * patched: what the connector's generated wire types are made of
 * (tooling/ups-types.ts, `npm run ups:types`) and what the contract tests and
 * the local UPS validate with (local/ups/spec.ts). Tooling only: node:fs and
 * js-yaml, imported by no function.
 *
 * Document errata (docs/ups.md) are patched by `ERRATA`: each names the one
 * keyword it removes or replaces, and `patchedDocument` checks it is still
 * there, so a corrected document makes the patch fail loudly instead of
 * lingering.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';

export type UpsDocument = 'OAuthClientCredentials' | 'Rating' | 'Shipping' | 'Tracking' | 'UPSTrackAlert' | 'AddressValidation' | 'Pickup';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Doc = {
  openapi: string;
  info?: { description?: string };
  paths: Record<string, Record<string, Json>>;
  /** OpenAPI 3.1: the requests the API makes to its client (Track Alert's pushed events). */
  webhooks?: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; parameters?: Record<string, { schema?: Json }> };
};

const SPEC_DIR = path.join(__dirname, 'spec');

/**
 * One keyword of one component schema (or of one of its properties) that the
 * document gets wrong, and why it is ignored (removed, or replaced by `replacement`).
 */
export type Erratum = { document: UpsDocument; schema: string; property?: string; keyword: string; expected: Json; replacement?: Json; why: string };

export const ERRATA: readonly Erratum[] = [
  {
    document: 'Rating',
    schema: 'PackageServiceOptions_DeclaredValue',
    property: 'MonetaryValue',
    keyword: 'minLength',
    expected: 8,
    why: 'minLength 8 = maxLength 8 contradicts its own description (maximum 21474836.47) and the Shipping document (1 to 19 characters)',
  },
  {
    document: 'Shipping',
    schema: 'LabelRecoveryRequest',
    keyword: 'required',
    expected: ['Request', 'TrackingNumbers', 'ReferenceValues'],
    replacement: ['Request'],
    why: 'TrackingNumbers (Roadie 1R numbers) and ReferenceValues are alternatives to TrackingNumber, as their own descriptions say ("Required if ... is not provided"); requiring all of them makes every small-package recovery invalid',
  },
  {
    document: 'Shipping',
    schema: 'LabelRecovery_LabelSpecification_LabelImageFormat',
    property: 'Code',
    keyword: 'minLength',
    expected: 4,
    why: 'minLength 4 refuses every value its own description lists (GIF, PDF, ZPL, EPL, SPL: three letters)',
  },
  {
    document: 'Shipping',
    schema: 'LabelImage_LabelImageFormat',
    property: 'Code',
    keyword: 'minLength',
    expected: 4,
    why: 'the answer side of the same error: minLength 4 refuses the values its description says UPS returns (GIF, PDF)',
  },
  {
    document: 'Pickup',
    schema: 'PickupCreationRequest_PickupDateInfo',
    property: 'PickupDate',
    keyword: 'minLength',
    expected: 4,
    replacement: 8,
    why: "its own description gives the format yyyyMMdd (8 characters), as Pickup Rate's PickupDate has it; length 4 refuses every date",
  },
  {
    document: 'Pickup',
    schema: 'PickupCreationRequest_PickupDateInfo',
    property: 'PickupDate',
    keyword: 'maxLength',
    expected: 4,
    replacement: 8,
    why: 'the other half of the same error (yyyyMMdd)',
  },
  {
    document: 'Pickup',
    schema: 'PickupCreationRequest_TotalWeight',
    property: 'Weight',
    keyword: 'minLength',
    expected: 6,
    why: 'minLength 6 = maxLength 6 refuses its own example (10.9: "one decimal digit is allowed"); the maximum length 6 stays',
  },
  {
    document: 'Pickup',
    schema: 'PickupRateRequest',
    property: 'ServiceDateOption',
    keyword: 'maxLength',
    expected: 1,
    replacement: 2,
    why: 'maxLength 1 refuses every value its own description lists (01, 02, 03) and its own example (02)',
  },
];

const cache = new Map<UpsDocument, Doc>();
/** The OpenAPI version a document declares (`3.0.1`, `3.1.0`), read before the document is parsed. */
const openApiVersionOf = (text: string): string => /^openapi:\s*['"]?(\d+\.\d+)/m.exec(text)?.[1] ?? '3.0';
export const isOpenApi31 = (doc: Doc): boolean => /^3\.1(\.|$)/.test(String(doc.openapi));

export function loadDocument(document: UpsDocument): Doc {
  let doc = cache.get(document);
  if (!doc) {
    // js-yaml, not the stricter \`yaml\`: Shipping.yaml's multi-line quoted descriptions carry tabs and
    // continuation lines at their key's indentation, which \`yaml\` refuses and js-yaml reads as UPS meant.
    const text = readFileSync(path.join(SPEC_DIR, `${document}.yaml`), 'utf8');
    // OpenAPI 3.1 is JSON Schema 2020-12 over JSON values: the core schema keeps dates as strings.
    doc = (openApiVersionOf(text) === '3.1' ? load(text, { schema: CORE_SCHEMA }) : load(text)) as Doc;
    cache.set(document, doc);
  }
  return doc;
}

/**
 * A copy of `document` with its errata patched (the validators' schemas, and
 * the types tooling/ups-types.ts generates for the connector); throws when
 * the document no longer says what an erratum corrects.
 */
export function patchedDocument(document: UpsDocument): Doc {
  const patched = structuredClone(loadDocument(document));
  const schemas = patched.components.schemas as Record<string, { properties?: Record<string, Record<string, Json>> }>;
  for (const erratum of ERRATA.filter((e) => e.document === document)) {
    const schema = schemas[erratum.schema] as Record<string, Json> | undefined;
    const holder = erratum.property === undefined ? schema : (schema?.properties as Record<string, Record<string, Json>> | undefined)?.[erratum.property];
    const where = `${erratum.schema}${erratum.property ? `.${erratum.property}` : ''}.${erratum.keyword}`;
    if (!holder || JSON.stringify(holder[erratum.keyword]) !== JSON.stringify(erratum.expected)) {
      throw new Error(`UPS ${document}: erratum ${where} is no longer in the document; drop it from ERRATA`);
    }
    if (erratum.replacement === undefined) delete holder[erratum.keyword];
    else holder[erratum.keyword] = erratum.replacement;
  }
  return patched;
}
