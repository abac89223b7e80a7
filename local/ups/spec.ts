/**
 * UPS's vendored OpenAPI documents (shared/carriers/ups/spec/) as Ajv
 * validators, for the connector's contract tests and the local UPS mock
 * (tooling: no function imports it). Each document's component
 * schemas are added under an id, so `#/components/schemas/...` references
 * resolve; OpenAPI-only keywords (`example`, `xml`, ...) are dropped.
 *
 * The dialect follows the document's `openapi` version: an OpenAPI 3.0
 * document's schemas are read by Ajv's default (draft-07) validator; an
 * OpenAPI 3.1 document (UPSTrackAlert.yaml) is JSON Schema 2020-12, read by
 * Ajv2020 (`const`, `oneOf` of titled constants, `$ref` beside other
 * keywords, `examples` as an annotation), and its YAML with the core schema
 * (JSON's data model: `9999-12-31` stays a string, as JSON would have it,
 * where js-yaml's default schema makes it a Date). Its examples (request,
 * response and webhook) are read by `requestExamples`, `responseExamples`
 * and `webhookExamples`.
 *
 * The documents are read with their errata patched
 * (shared/carriers/ups/errata.ts, docs/ups.md), as the connector's
 * generated types are made of them.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isOpenApi31, loadDocument, patchedDocument, type Json, type UpsDocument } from '../../shared/carriers/ups/errata';

const OPENAPI_ONLY = new Set(['example', 'examples', 'xml', 'nullable', 'deprecated', 'discriminator', 'externalDocs', 'readOnly', 'writeOnly']);

const strip = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !OPENAPI_ONLY.has(key))
      .map(([key, value]) => [key, strip(value)]),
  );
};

const ajvs = new Map<UpsDocument, Ajv | Ajv2020>();
const idOf = (document: UpsDocument) => `urn:ups:${document}`;

function ajvFor(document: UpsDocument): Ajv | Ajv2020 {
  let ajv = ajvs.get(document);
  if (ajv) return ajv;
  const schemas = strip(patchedDocument(document).components.schemas);
  ajv = isOpenApi31(loadDocument(document)) ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: idOf(document), components: { schemas } });
  ajvs.set(document, ajv);
  return ajv;
}

/** A validator of the component schema `name` of `document`. */
export function validatorFor(document: UpsDocument, name: string): ValidateFunction {
  const ajv = ajvFor(document);
  if (!(name in loadDocument(document).components.schemas)) throw new Error(`UPS ${document} has no schema ${name}`);
  return ajv.getSchema(`${idOf(document)}#/components/schemas/${name}`) ?? ajv.compile({ $ref: `${idOf(document)}#/components/schemas/${name}` });
}

const refName = (schema: Json | undefined): string => {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref?.startsWith('#/components/schemas/')) throw new Error(`not a component reference: ${JSON.stringify(schema)}`);
  return ref.slice('#/components/schemas/'.length);
};

/** A media type of a request or response: its schema, and its examples (a named map, or one `example`). */
type Media = { schema: Json; example?: Json; examples?: Record<string, { summary?: string; description?: string; value: Json }> };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

const operationOf = (document: UpsDocument, pathKey: string, method: string): Operation => {
  const op = loadDocument(document).paths[pathKey]?.[method] as Operation | undefined;
  if (!op) throw new Error(`UPS ${document} has no ${method.toUpperCase()} ${pathKey}`);
  return op;
};

/** A webhook of an OpenAPI 3.1 document: the request the API sends to its client. */
const webhookOf = (document: UpsDocument, webhook: string, method: string): Operation => {
  const op = loadDocument(document).webhooks?.[webhook]?.[method] as Operation | undefined;
  if (!op) throw new Error(`UPS ${document} has no webhook ${method.toUpperCase()} ${webhook}`);
  return op;
};

/** One example of a document: its name in the examples map (`example` for a lone one), its summary, its value. */
export type DocumentExample = { name: string; summary?: string; value: unknown };

const examplesOf = (media: Media | undefined, where: string): DocumentExample[] => {
  if (!media) throw new Error(`${where} has no such content`);
  const named = Object.entries(media.examples ?? {}).map(([name, e]) => ({ name, ...(e.summary ? { summary: e.summary } : {}), value: e.value }));
  return media.example === undefined ? named : [{ name: 'example', value: media.example }, ...named];
};

/** The request body schema of an operation (its component's name). */
export const requestSchemaName = (document: UpsDocument, pathKey: string, method = 'post', contentType = 'application/json'): string =>
  refName(operationOf(document, pathKey, method).requestBody?.content[contentType]?.schema);

/** The response schema of one status of an operation (its component's name). */
export const responseSchemaName = (document: UpsDocument, pathKey: string, status: string, method = 'post'): string =>
  refName(operationOf(document, pathKey, method).responses[status]?.content?.['application/json']?.schema);

/** The request body schema of a webhook (OpenAPI 3.1 `webhooks`; its component's name). */
export const webhookRequestSchemaName = (document: UpsDocument, webhook: string, method = 'post', contentType = 'application/json'): string =>
  refName(webhookOf(document, webhook, method).requestBody?.content[contentType]?.schema);

/** The examples the document gives of an operation's request body. */
export const requestExamples = (document: UpsDocument, pathKey: string, method = 'post', contentType = 'application/json'): DocumentExample[] =>
  examplesOf(operationOf(document, pathKey, method).requestBody?.content[contentType], `UPS ${document} ${method.toUpperCase()} ${pathKey} request`);

/** The examples the document gives of one status of an operation's answer. */
export const responseExamples = (document: UpsDocument, pathKey: string, status: string, method = 'post'): DocumentExample[] =>
  examplesOf(
    operationOf(document, pathKey, method).responses[status]?.content?.['application/json'],
    `UPS ${document} ${method.toUpperCase()} ${pathKey} ${status}`,
  );

/** The statuses an operation's answers are documented with (`200`, `400`, ...). */
export const responseStatuses = (document: UpsDocument, pathKey: string, method = 'post'): string[] =>
  Object.keys(operationOf(document, pathKey, method).responses);

/** The examples the document gives of a webhook's request body (Track Alert's pushed events). */
export const webhookExamples = (document: UpsDocument, webhook: string, method = 'post', contentType = 'application/json'): DocumentExample[] =>
  examplesOf(webhookOf(document, webhook, method).requestBody?.content[contentType], `UPS ${document} webhook ${webhook}`);

const parameterValidators = new Map<string, ValidateFunction>();
/** A validator of the schema of a component parameter (`#/components/parameters/<name>`), e.g. Track Alert's `type`. */
export function parameterValidatorFor(document: UpsDocument, name: string): ValidateFunction {
  const key = `${document}\u0000${name}`;
  let validate = parameterValidators.get(key);
  if (!validate) {
    const schema = loadDocument(document).components.parameters?.[name]?.schema;
    if (schema === undefined) throw new Error(`UPS ${document} has no parameter ${name}`);
    validate = ajvFor(document).compile(strip(structuredClone(schema)) as object);
    parameterValidators.set(key, validate);
  }
  return validate;
}

/** Every violation of `value` against `validate`, one line each; none when it validates. */
export function problemsOf(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** Throws, naming every violation, unless `value` validates (tests, and the mock's own answers). */
export function expectValid(validate: ValidateFunction, value: unknown): void {
  const problems = problemsOf(validate, value);
  if (problems.length > 0)
    throw new Error(
      `does not validate against ${String(validate.schema && (validate.schema as { $ref?: string }).$ref) || 'the schema'}:\n${problems.join('\n')}`,
    );
}
