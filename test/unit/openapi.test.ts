import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApi } from '../../tooling/openapi';
import { httpFunctions } from '../../shared/functions';
import { errorCodes } from '../../shared/errors';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every object of the document with its JSON pointer. */
const walk = (node: unknown, path = '#', out: Array<[string, Obj]> = []): Array<[string, Obj]> => {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${path}/${i}`, out));
  else if (isObj(node)) {
    out.push([path, node]);
    for (const [k, v] of Object.entries(node)) walk(v, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  }
  return out;
};

describe('the OpenAPI document', () => {
  const doc = buildOpenApi();
  const components = doc.components as unknown as { responses: Record<string, Obj>; headers: Record<string, Obj>; schemas: Record<string, Obj> };
  const deref = (v: unknown): Obj => {
    if (!isObj(v) || typeof v.$ref !== 'string') return v as Obj;
    const [, , kind, name] = v.$ref.split('/') as [string, string, 'responses' | 'headers' | 'schemas', string];
    return components[kind][name]!;
  };
  const operations = httpFunctions().map((fn) => ({
    fn,
    op: (doc.paths?.[fn.trigger.path] as Record<string, Obj>)[fn.trigger.method.toLowerCase()]!,
  }));

  it('documents every HTTP route of the manifest, with its method', () => {
    for (const fn of httpFunctions()) {
      const path = doc.paths?.[fn.trigger.path] as Record<string, unknown> | undefined;
      expect(path?.[fn.trigger.method.toLowerCase()]).toBeDefined();
    }
    expect(Object.keys(doc.paths ?? {})).toHaveLength(new Set(httpFunctions().map((f) => f.trigger.path)).size);
  });

  it('declares the X-API-Key header scheme, with the key formats of both modes', () => {
    expect(doc.components?.securitySchemes?.ApiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      description: expect.stringMatching(/`shiptest`/),
    });
    expect(doc.info.description).toContain('## Test and live keys');
  });

  it.each([
    ['/v1/rate', 'post'],
    ['/v1/ship/{rateResponseId}', 'post'],
    ['/v1/labels/{orderId}', 'get'],
    ['/v1/track/{orderId}', 'get'],
    ['/v1/shipments/{orderId}', 'delete'],
  ])('%s answers data.mode, live or test, required', (path, method) => {
    const operation = (doc.paths?.[path] as Record<string, Obj>)[method]!;
    const ok = Object.entries(operation.responses as Record<string, Obj>).find(([status]) => status === '200')![1] as Obj & {
      content: Record<string, { schema: Obj }>;
    };
    const data = deref((deref(ok.content['application/json']!.schema).properties as Record<string, Obj>).data!) as Obj & {
      properties: Record<string, Obj>;
      required: string[];
    };
    expect(data.required).toContain('mode');
    expect(deref(data.properties.mode!)).toMatchObject({ type: 'string', enum: ['live', 'test'] });
  });

  it('the committed openapi.json is up to date (run `npm run openapi`)', () => {
    const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('has no `nullable` without a `type` beside it (OpenAPI 3.0 gives it no meaning there)', () => {
    const typeless = walk(doc).filter(([, o]) => 'nullable' in o && o.type === undefined);
    expect(typeless.map(([path]) => path)).toEqual([]);
  });

  it('documents packagingType as the interface types it: a code or UUID string, or the object (spec 2.5)', () => {
    const body = deref((doc.paths?.['/v1/rate']?.post?.requestBody as Obj & { content: Record<string, { schema: Obj }> }).content['application/json']!.schema);
    const piece = ((body.properties as Obj).packages as Obj & { properties: { pieces: { items: { properties: Obj } } } }).properties.pieces.items;
    const packagingType = piece.properties.packagingType as { anyOf?: Obj[]; oneOf?: Obj[] };
    const branches = (packagingType.anyOf ?? packagingType.oneOf ?? []).map(deref);
    expect(branches.map((b) => b.type).sort()).toEqual(['object', 'string']);
    expect((branches.find((b) => b.type === 'object')!.required as string[]) ?? []).toContain('code');
  });

  it('enumerates exactly the error codes of shared/errors.ts', () => {
    expect(components.schemas.ErrorCode!.enum).toEqual(errorCodes);
    expect(((components.schemas.Error!.properties as Obj).error as { properties: Obj }).properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
  });

  describe.each(operations.map(({ fn, op }) => [`${fn.trigger.method} ${fn.trigger.path}`, fn, op] as const))('%s', (_name, fn, op) => {
    const responses = op.responses as Record<string, unknown>;
    it('documents every status the service can answer', () => {
      const ok = { 'webhooks-create': '201', 'webhook-retry': '202', 'batches-create': '202', 'batch-labels': '302' }[fn.name] ?? '200';
      const expected = [ok, '401', '405', '413', '429', '500', '502', '504'];
      if (fn.trigger.method === 'POST') expected.push('400');
      if (fn.trigger.body !== 'none') expected.push('415');
      if (fn.trigger.scopes.length > 0) expected.push('403');
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(expected));
    });
    it('declares x-request-id on every response, and Allow on 405', () => {
      for (const [status, response] of Object.entries(responses)) {
        const headers = deref(response).headers as Record<string, unknown> | undefined;
        expect([status, deref(headers?.['x-request-id'])?.schema]).toEqual([status, { type: 'string' }]);
      }
      expect(deref(responses['405']).headers).toHaveProperty('Allow');
    });
    it('answers every error with the Error body', () => {
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const content = deref(response).content as Record<string, { schema: unknown }>;
        expect([status, content['application/json']?.schema]).toEqual([status, { $ref: '#/components/schemas/Error' }]);
      }
    });
  });

  it('states the request body limit of POST routes', () => {
    const rate = doc.paths?.['/v1/rate']?.post?.responses as Record<string, Obj>;
    expect(rate['413']!.description).toMatch(/above 128 KiB/);
  });
});
