/**
 * Every schema of openapi.json compiles with Ajv, and what the repository
 * itself sends and answers fits the documented schemas: every request body
 * under events/ (the README's sample body included) and the error bodies of
 * the functions and of the local runtime.
 *
 * OpenAPI 3.0 schemas are a dialect of JSON Schema draft 4/7: Ajv knows its
 * `nullable` (and refuses it without `type`), `example` is an annotation, and
 * the boolean `exclusiveMinimum`/`exclusiveMaximum` of 3.0 become draft-07 numbers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError } from '../../shared/errors';
import { errorHandler } from '../../shared/http/errors-middleware';
import { errorResponse } from '../../local/api-gateway';
import { httpFunctions, FUNCTIONS } from '../../shared/functions';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const root = join(__dirname, '..', '..');
const doc = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, Obj>>;
  components: { schemas: Record<string, Obj>; responses: Record<string, Obj>; headers: Record<string, Obj> };
};

/** An OpenAPI 3.0 schema as draft-07 JSON Schema; component references point into `$defs`. */
const toJsonSchema = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', '#/$defs/');
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') continue;
    else if (key === 'properties' && isObj(value)) out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
    else out[key] = toJsonSchema(value);
  }
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

const ajv = new Ajv({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addKeyword('example');
const $defs = Object.fromEntries(Object.entries(doc.components.schemas).map(([name, schema]) => [name, toJsonSchema(schema)]));
const compile = (schema: unknown): ValidateFunction => ajv.compile({ ...(toJsonSchema(schema) as Obj), $defs });

const deref = (v: unknown): Obj => {
  if (!isObj(v) || typeof v.$ref !== 'string') return v as Obj;
  const [, , kind, name] = v.$ref.split('/') as [string, string, 'responses' | 'headers' | 'schemas', string];
  return doc.components[kind][name]!;
};

/** Every schema of the document that describes a message, by where it is. */
const messageSchemas = (): Array<[string, unknown]> => {
  const out: Array<[string, unknown]> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as Obj[] | undefined) ?? []) out.push([`${where} parameter ${String(p.name)}`, p.schema]);
      const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
      for (const [type, media] of Object.entries(body?.content ?? {})) out.push([`${where} request ${type}`, media.schema]);
      for (const [status, response] of Object.entries(op.responses as Obj)) {
        const r = deref(response) as { content?: Record<string, { schema: unknown }>; headers?: Obj };
        for (const [type, media] of Object.entries(r.content ?? {})) out.push([`${where} ${status} ${type}`, media.schema]);
        for (const [name, header] of Object.entries(r.headers ?? {})) out.push([`${where} ${status} header ${name}`, deref(header).schema]);
      }
    }
  }
  return out;
};

const requestValidator = (method: string, path: string): ValidateFunction => {
  const op = doc.paths[path]?.[method.toLowerCase()];
  const schema = (op?.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON request body`);
  return compile(schema);
};

const problems = (validate: ValidateFunction) => ajv.errorsText(validate.errors, { separator: '\n' });

/** Compiled on first use, so that a schema that does not compile fails its tests, not the whole file. */
const errorSchema = (body: unknown) => {
  const validate = compile({ $ref: '#/components/schemas/Error' });
  return validate(body) ? '' : problems(validate);
};

describe('openapi.json and Ajv', () => {
  it.each(Object.keys(doc.components.schemas))('component schema %s compiles', (name) => {
    expect(() => compile(doc.components.schemas[name])).not.toThrow();
  });

  it('every request, response, parameter and header schema compiles', () => {
    const schemas = messageSchemas();
    expect(schemas.length).toBeGreaterThan(0);
    const failures = schemas.flatMap(([where, schema]) => {
      try {
        compile(schema);
        return [];
      } catch (e) {
        return [`${where}: ${(e as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });

  it('the README\'s sample body (events/rate-body.json, packagingType "GENERIC_BOX") fits the documented request schema', () => {
    const body = JSON.parse(readFileSync(join(root, 'events', 'rate-body.json'), 'utf8'));
    expect(body.packages.pieces[0].packagingType).toBe('GENERIC_BOX');
    const validate = requestValidator('POST', '/v1/rate');
    expect(validate(body) ? '' : problems(validate)).toBe('');
  });

  describe('the documented rate request schema', () => {
    const validate = (body: unknown) => requestValidator('POST', '/v1/rate')(body);
    const sample = () => JSON.parse(readFileSync(join(root, 'events', 'rate-body.json'), 'utf8'));
    const withPiece = (piece: Obj) => {
      const body = sample();
      body.packages.pieces[0] = { ...body.packages.pieces[0], ...piece };
      return body;
    };
    it('takes packagingType as a code, a custom box UUID or the object', () => {
      for (const packagingType of ['CARRIERX_PAK', '3f1c2b9e-8d5a-4c7e-9b1a-2f6d8e0c4a71', { code: 'GENERIC_BOX', isEnvelope: false }]) {
        expect([packagingType, validate(withPiece({ packagingType }))]).toEqual([packagingType, true]);
      }
    });
    it('refuses what the interface refuses', () => {
      for (const piece of [{ packagingType: 42 }, { packagingType: { name: 'no code' } }, { quantity: 0 }, { weight: -1 }]) {
        expect([piece, validate(withPiece(piece))]).toEqual([piece, false]);
      }
    });
    it('accepts extra root properties (spec 2.1)', () => {
      expect(validate({ ...sample(), somethingElse: { nested: [1, null] } })).toBe(true);
    });
  });

  it('every request body under events/ fits the documented request schema of its route', () => {
    const byFunction = new Map(httpFunctions().map((fn) => [fn.name, fn.trigger]));
    // The sample events of stream and schedule functions carry no request body.
    // The sample events of stream, queue and schedule functions (and their cases, `<function>.<case>.json`) carry no request body.
    const otherTriggers = new Set(FUNCTIONS.filter((fn) => fn.trigger.kind !== 'http').map((fn) => fn.name));
    const files = readdirSync(join(root, 'events')).filter((f) => f.endsWith('.json') && !otherTriggers.has(f.split('.')[0]!));
    let checked = 0;
    for (const file of files) {
      const content = JSON.parse(readFileSync(join(root, 'events', file), 'utf8'));
      let method: string;
      let path: string;
      let body: unknown;
      if (isObj(content) && typeof content.httpMethod === 'string' && typeof content.resource === 'string') {
        // An API Gateway proxy event: its body, if any, is the request body.
        if (content.body === null || content.body === undefined) continue;
        method = content.httpMethod;
        path = content.resource;
        const text = content.isBase64Encoded ? Buffer.from(content.body as string, 'base64').toString('utf8') : (content.body as string);
        body = JSON.parse(text);
      } else {
        // A bare body, named after its function: `<function>-body.json`.
        const trigger = byFunction.get(basename(file, '.json').replace(/-body$/, ''));
        if (!file.endsWith('-body.json') || !trigger) throw new Error(`events/${file} is neither an API Gateway event nor <function>-body.json`);
        method = trigger.method;
        path = trigger.path;
        body = content;
      }
      const validate = requestValidator(method, path);
      expect([file, validate(body) ? '' : problems(validate)]).toEqual([file, '']);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2); // events/rate-body.json and the body of events/rate.json
  });

  describe('error bodies fit the Error schema', () => {
    it('the local runtime (405, 413, 502, 504)', () => {
      const answers = [
        errorResponse(405, 'METHOD_NOT_ALLOWED', 'DELETE is not allowed', 'id', { allow: 'GET' }),
        errorResponse(413, 'PAYLOAD_TOO_LARGE', 'too large', 'id'),
        errorResponse(502, 'INTERNAL', 'Malformed Lambda proxy response', 'id'),
        errorResponse(504, 'TIMEOUT', 'late', 'id'),
      ];
      for (const answer of answers) {
        expect(answer.headers['x-request-id']).toBe('id');
        const body = JSON.parse(answer.body.toString('utf8'));
        expect(errorSchema(body)).toBe('');
      }
    });
    it('the functions, with and without details', async () => {
      const errors = [new AppError(400, 'VALIDATION_FAILED', 'bad', { details: [{ path: 'a.b', message: 'must be a number' }] }), new Error('boom')];
      for (const error of errors) {
        const request = { error, context: { requestId: 'id' }, response: undefined as unknown as { body: string } };
        await errorHandler().onError!(request as never);
        const body = JSON.parse(request.response.body);
        expect(errorSchema(body)).toBe('');
      }
    });
    it('an unknown code does not', () => {
      expect(errorSchema({ error: { code: 'SOMETHING_ELSE', message: 'x' } })).toMatch(/must be equal to one of the allowed values/);
    });
  });
});
