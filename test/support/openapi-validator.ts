/**
 * Checks a real HTTP answer against the OpenAPI document, so the document
 * cannot silently lie (issue 11, item 1): the e2e helpers (test/support/e2e.ts)
 * run every answer of the runtime through it, the raw `api()` and the typed
 * client alike (`validationMiddleware`).
 *
 * An answer is found in the document by method, concrete path (matched to the
 * path templates, literal segments winning) and status (exact, then `4XX`,
 * then `default`). Then:
 * - the status must be documented for the operation, otherwise it fails;
 * - every header documented `required` must be there, and every documented
 *   header that is there must fit its schema (a number schema reads the text);
 * - a documented body: the content type must be one documented, and a JSON one
 *   must parse and fit its schema (Ajv, ajv-formats, `$ref` to components);
 * - no documented body (the 302 to a label file): the body must be empty.
 *   Non-JSON files (PDF, ZPL) come from the presigned URL, outside the API.
 *
 * Answers no operation covers are the router's own (local/api-gateway.ts):
 * - 429 for any path or method: the request limit answers before routing, as
 *   `#/components/responses/Throttled` (Error body, `Retry-After`);
 * - a path no template matches: 404 with the shared `Error` body (and the
 *   `RequestId` header when the document declares it); any other status fails;
 * - a known path with a method it lacks: 405 as `#/components/responses/
 *   MethodNotAllowed` (Error body, `Allow`), or 404 with the Error body (what a
 *   deployed stage answers); any other status fails.
 * Paths the runtime serves beside the API (the document itself, the docs
 * page) are named by the caller in `outsideDocument` and skipped.
 *
 * OpenAPI 3.0 schemas are JSON Schema draft-07 plus `nullable` (Ajv knows it
 * and requires `type` beside it) and `example`; the boolean
 * `exclusiveMinimum`/`exclusiveMaximum` of 3.0 become draft-07 numbers. A 3.1
 * document is JSON Schema 2020-12 already and goes to Ajv2020 as it is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Middleware } from 'openapi-fetch';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Obj>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown>; headers?: Record<string, unknown> };
};

/** One answer as the client saw it. `path` is the URL's pathname below the server URL, percent-encoding kept. */
export type ObservedResponse = { method: string; path: string; status: number; headers: Headers; body: string };

export class OpenApiMismatch extends Error {
  constructor(
    readonly response: Pick<ObservedResponse, 'method' | 'path' | 'status'>,
    readonly problems: string[],
  ) {
    super(`${response.method} ${response.path} answered ${response.status}, which the OpenAPI document does not describe:\n- ${problems.join('\n- ')}`);
    this.name = 'OpenApiMismatch';
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPONENTS_ID = 'openapi:components';

type Template = { template: string; regex: RegExp; literals: number; item: Obj };
type ResponseObject = { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> };
type HeaderObject = { required?: boolean; schema?: unknown };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/v1/labels/{orderId}/{labelType}` as a regex of one non-empty segment per parameter. */
const templateOf = (template: string, item: Obj): Template => {
  const parts = template.split(/(\{[^}]+\})/).filter(Boolean);
  const source = parts.map((p) => (/^\{[^}]+\}$/.test(p) ? '[^/]+' : escapeRegex(p))).join('');
  const literals = template.split('/').filter((segment) => segment && !segment.includes('{')).length;
  return { template, regex: new RegExp(`^${source}$`), literals, item };
};

/**
 * `closed`: an object schema with `properties` and no word on other
 * properties takes no others (see `closedObjects`).
 */
const closeObject = (node: Obj, out: Obj, closed: boolean) => {
  if (closed && isObj(node.properties) && !('additionalProperties' in node) && !('patternProperties' in node)) out.additionalProperties = false;
};

/** OpenAPI 3.0 → draft-07: component references into the components schema, boolean exclusive bounds as numbers. */
const toDraft07 = (node: unknown, closed = false): unknown => {
  if (Array.isArray(node)) return node.map((v) => toDraft07(v, closed));
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#\/components\/schemas\//, `${COMPONENTS_ID}#/definitions/`);
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') continue;
    else if ((key === 'properties' || key === 'patternProperties') && isObj(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toDraft07(v, closed)]));
    else if (key === 'example' || key === 'enum' || key === 'default' || key === 'const') out[key] = value;
    else out[key] = toDraft07(value, closed);
  }
  closeObject(node, out, closed);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (node[flag] === true) {
      out[flag] = node[bound];
      delete out[bound];
    }
  }
  return out;
};

/** 3.1: references into the components schema; the rest is 2020-12 already. */
const to2020 = (node: unknown, closed = false): unknown => {
  if (Array.isArray(node)) return node.map((v) => to2020(v, closed));
  if (!isObj(node)) return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string'
        ? v.replace(/^#\/components\/schemas\//, `${COMPONENTS_ID}#/$defs/`)
        : k === 'enum' || k === 'const' || k === 'examples'
          ? v
          : to2020(v, closed),
    ]),
  );
  closeObject(node, out, closed);
  return out;
};

const mediaTypeOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJsonMedia = (media: string) => media === 'application/json' || /^application\/[^/]+\+json$/.test(media);
const mediaMatches = (documented: string, actual: string) => {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [aType, aSubtype] = actual.split('/');
  return (type === '*' || type === aType) && (subtype === '*' || subtype === aSubtype);
};

export type OpenApiValidatorOptions = {
  /** Paths (below the server URL) the runtime serves beside the API's operations; their answers are not checked. */
  outsideDocument?: (path: string) => boolean;
  /**
   * An answer's object may carry only the properties its schema lists, where
   * the schema says nothing of others (no `additionalProperties`): a field the
   * service sends and the document omits is a lie by omission, which a client
   * generated from the document never sees. Off by default (JSON Schema's
   * open objects); the e2e helpers turn it on. Not for schemas combining
   * objects with allOf (each branch would refuse the other's properties).
   */
  closedObjects?: boolean;
};

export const createOpenApiValidator = (doc: OpenApiDocument, options: OpenApiValidatorOptions = {}) => {
  const version31 = doc.openapi.startsWith('3.1');
  if (!version31 && !doc.openapi.startsWith('3.0')) throw new Error(`OpenAPI ${doc.openapi} is not supported (3.0.x or 3.1.x)`);
  const closed = options.closedObjects ?? false;
  const convert = (schema: unknown) => (version31 ? to2020 : toDraft07)(schema, closed);
  const make = (coerceTypes: boolean) => {
    const ajv = version31 ? new Ajv2020({ strict: true, allErrors: true, coerceTypes }) : new Ajv({ strict: true, allErrors: true, coerceTypes });
    addFormats(ajv);
    ajv.addKeyword('example');
    const schemas = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => [name, convert(schema)]));
    ajv.addSchema(version31 ? { $id: COMPONENTS_ID, $defs: schemas } : { $id: COMPONENTS_ID, definitions: schemas });
    return ajv;
  };
  const bodies = make(false);
  // Header values are text: `Retry-After: 5` fits `{type: integer}`.
  const headerValues = make(true);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (ajv: Ajv | Ajv2020, key: string, schema: unknown): ValidateFunction => {
    const cacheKey = `${ajv === bodies ? 'body' : 'header'} ${key}`;
    let validate = compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(convert(schema ?? {}) as Obj);
      compiled.set(cacheKey, validate);
    }
    return validate;
  };

  const deref = <T>(v: unknown): T => {
    let node = v;
    for (let depth = 0; isObj(node) && typeof node.$ref === 'string'; depth++) {
      const match = /^#\/components\/(responses|headers|schemas)\/(.+)$/.exec(node.$ref);
      const target = match ? doc.components?.[match[1] as 'responses' | 'headers' | 'schemas']?.[match[2]!] : undefined;
      if (!match || target === undefined || depth > 10) throw new Error(`unresolved reference ${node.$ref}`);
      node = target;
    }
    return node as T;
  };

  const templates = Object.entries(doc.paths)
    .map(([template, item]) => templateOf(template, item))
    .sort((a, b) => b.literals - a.literals);
  const match = (pathname: string) => templates.find((t) => t.regex.test(pathname));

  const errorsText = (validate: ValidateFunction) =>
    (validate.errors ?? []).map(
      (e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
    );

  /** The problems of `observed` against one documented response. */
  const checkAgainst = (where: string, response: ResponseObject, observed: ObservedResponse): string[] => {
    const problems: string[] = [];
    for (const [name, ref] of Object.entries(response.headers ?? {})) {
      if (name.toLowerCase() === 'content-type') continue; // OpenAPI: described by `content`, ignored here.
      const header = deref<HeaderObject>(ref);
      const value = observed.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${where}: required header ${name} is missing`);
        continue;
      }
      const validate = compile(headerValues, `${where} header ${name}`, header.schema);
      if (!validate(value)) problems.push(`${where}: header ${name}: ${JSON.stringify(value)} ${errorsText(validate).join('; ')}`);
    }
    const content = response.content ?? {};
    const documented = Object.keys(content);
    if (documented.length === 0) {
      if (observed.body.length > 0)
        problems.push(`${where} documents no body, but the answer has ${observed.body.length} characters: ${observed.body.slice(0, 200)}`);
      return problems;
    }
    const actual = mediaTypeOf(observed.headers.get('content-type'));
    const media = documented.find((m) => mediaMatches(m, actual));
    if (!media) {
      problems.push(`${where}: content type ${JSON.stringify(actual)} is not one documented (${documented.join(', ')})`);
      return problems;
    }
    if (!isJsonMedia(actual)) return problems;
    let body: unknown;
    try {
      body = JSON.parse(observed.body);
    } catch {
      problems.push(`${where}: the ${media} body is not JSON: ${observed.body.slice(0, 200)}`);
      return problems;
    }
    const validate = compile(bodies, `${where} ${media}`, content[media]!.schema);
    if (!validate(body)) problems.push(...errorsText(validate).map((e) => `${where} body: ${e}`));
    return problems;
  };

  const errorResponse: ResponseObject = {
    headers: doc.components?.headers?.RequestId ? { 'x-request-id': { $ref: '#/components/headers/RequestId' } } : {},
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };

  /** Every way `observed` departs from the document; empty when it fits. */
  const check = (observed: ObservedResponse): string[] => {
    const pathname = observed.path.split('?')[0]!;
    if (options.outsideDocument?.(pathname)) return [];
    const method = observed.method.toLowerCase();
    const template = match(pathname);
    // The request limit answers before routing (local/api-gateway.ts, a stage's WAF): its 429 may come for any path.
    const throttled = doc.components?.responses?.Throttled;
    if (observed.status === 429 && throttled && !template?.item[method])
      return checkAgainst(`${observed.method.toUpperCase()} ${pathname} 429`, deref(throttled), observed);
    if (!template) {
      if (observed.status !== 404) return [`no path of the document matches ${pathname}, and the answer is ${observed.status}, not the router's 404`];
      return checkAgainst(`unknown path ${pathname} 404`, errorResponse, observed);
    }
    const operation = METHODS.includes(method) ? (template.item[method] as Obj | undefined) : undefined;
    if (!operation) {
      const where = `${observed.method.toUpperCase()} ${template.template} (no such operation)`;
      if (observed.status === 405 && doc.components?.responses?.MethodNotAllowed)
        return checkAgainst(`${where} 405`, deref(doc.components.responses.MethodNotAllowed), observed);
      if (observed.status === 404) return checkAgainst(`${where} 404`, errorResponse, observed);
      return [`${where}: answered ${observed.status}; a method the path lacks must be the router's 405 or 404`];
    }
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    const where = `${observed.method.toUpperCase()} ${template.template} ${observed.status}`;
    const documented = responses[String(observed.status)] ?? responses[`${String(observed.status)[0]}XX`] ?? responses.default;
    if (!documented) return [`${where}: status ${observed.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    return checkAgainst(where, deref<ResponseObject>(documented), observed);
  };

  const assertDocumented = (observed: ObservedResponse): void => {
    const problems = check(observed);
    if (problems.length) throw new OpenApiMismatch(observed, problems);
  };

  /** The statuses the operation of `method` on `pathname` documents; undefined when there is no such operation. */
  const statusesOf = (method: string, pathname: string): string[] | undefined => {
    const operation = match(pathname.split('?')[0]!)?.item[method.toLowerCase()] as Obj | undefined;
    return operation ? Object.keys(operation.responses ?? {}) : undefined;
  };

  return { check, assertDocumented, statusesOf, match: (pathname: string) => match(pathname)?.template };
};

export type OpenApiValidator = ReturnType<typeof createOpenApiValidator>;

/** Strips `basePath` (the server URL's own path, e.g. a stage name) from a request's pathname. */
export const pathBelow = (url: string, basePath: string): string => {
  const { pathname } = new URL(url);
  const base = basePath.replace(/\/+$/, '');
  return base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
};

/**
 * An openapi-fetch middleware that checks every answer of a typed client and
 * throws `OpenApiMismatch` (so the call fails) when the answer departs from
 * the document. A redirect the fetch followed is checked by its status only:
 * the operation must document a 3xx; the body is then the target's.
 */
export const validationMiddleware = (validator: OpenApiValidator): Middleware => ({
  async onResponse({ request, response, options }) {
    const path = pathBelow(request.url, new URL(options.baseUrl).pathname);
    if (response.redirected) {
      const statuses = validator.statusesOf(request.method, path) ?? [];
      if (!statuses.some((s) => /^3/.test(s))) {
        throw new OpenApiMismatch({ method: request.method, path, status: 302 }, [
          `the answer was a redirect, and the operation documents none (documented: ${statuses.join(', ')})`,
        ]);
      }
      return undefined;
    }
    validator.assertDocumented({ method: request.method, path, status: response.status, headers: response.headers, body: await response.clone().text() });
    return undefined;
  },
});

/** A validator of the repository's openapi.json. */
export const documentValidator = (options?: OpenApiValidatorOptions): OpenApiValidator =>
  createOpenApiValidator(JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as OpenApiDocument, options);
