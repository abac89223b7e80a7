/**
 * tooling/json-schemas.ts: zod's own `z.toJSONSchema` writes the document's
 * schemas, a component by `$ref`, anything else in place, in the words
 * openapi.json has always used.
 */
import { createJsonSchemas } from '../../tooling/json-schemas';
import * as z from '../../shared/zod';

describe('the JSON Schemas of the OpenAPI document', () => {
  it('refers to a component by $ref and writes any other schema where it is used', () => {
    const named = z.object({ a: z.string() }).register(z.globalRegistry, { id: 'FixtureNamed' });
    const schemas = createJsonSchemas();
    const ref = schemas.use(named);
    const inPlace = schemas.use(z.object({ named, list: z.array(z.string()).check(z.minLength(1)) }));
    const components = schemas.resolve();
    expect(ref).toEqual({ $ref: '#/components/schemas/FixtureNamed' });
    expect(inPlace).toEqual({
      type: 'object',
      properties: { named: { $ref: '#/components/schemas/FixtureNamed' }, list: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      required: ['named', 'list'],
    });
    expect(components.FixtureNamed).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
  });

  it('writes zod in the document\'s words: enum for a literal, a type pair for "or null", no safe-integer bounds, no pattern beside a uuid format, metadata last', () => {
    const schemas = createJsonSchemas();
    const written = schemas.use(
      z.object({
        kind: z.literal('x'),
        count: z.nullable(z.number().check(z.int())),
        id: z.guid().register(z.globalRegistry, { description: 'an id' }),
        names: z.record(z.string(), z.string()),
      }),
    );
    schemas.resolve();
    expect(written.properties).toEqual({
      kind: { type: 'string', enum: ['x'] },
      count: { type: ['integer', 'null'] },
      id: { type: 'string', format: 'uuid', description: 'an id' },
      names: { type: 'object', additionalProperties: { type: 'string' } },
    });
    expect(Object.keys((written.properties as Record<string, object>).id!)).toEqual(['type', 'format', 'description']);
  });

  it('refuses a schema used in place inside another one used in place: it must be a component to be written once', () => {
    const schemas = createJsonSchemas();
    const inner = z.object({ b: z.string() });
    schemas.use(inner);
    schemas.use(z.object({ inner }));
    expect(() => schemas.resolve()).toThrow(/name it a component/);
  });
});
