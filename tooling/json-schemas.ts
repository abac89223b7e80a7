/**
 * The JSON Schemas of the OpenAPI document, written by zod 4's own
 * `z.toJSONSchema` from the contract's zod/mini schemas (shared/contract/):
 * no conversion to classic zod, no generator walking zod's internals.
 *
 * A schema registered with an `id` (`.register(z.globalRegistry, { id })`)
 * is a component, `#/components/schemas/<id>`, and every use of it a `$ref`;
 * any other schema (an envelope, a body, the object of a route's path or
 * query parameters) is written where it is used. `use` hands back the object
 * to put in the document at once and fills it when `resolve` runs, so the
 * whole document converts in one pass and every component is written once.
 */
import type { ZodMiniType } from '../shared/zod';
import * as z from '../shared/zod';

export type JsonSchema = { [key: string]: unknown };

export const componentRef = (id: string) => `#/components/schemas/${id}`;

/** Metadata keys, written after a schema's own keywords (as the document always had them). */
const METADATA = ['description', 'example', 'examples'];
/** zod's bounds of `z.int()`, the safe integers: JSON Schema's `integer` says it (the document never spelled them). */
const SAFE_INTEGER_BOUNDS = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
/** Formats whose pattern zod writes beside them; the format says it (the document never spelled it). */
const FORMATS_WITH_PATTERN = new Set(['uuid', 'email']);

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One schema object as the document has always written it, the same meaning
 * in the same words: the metadata keys last; `$schema`, `$id` and `id`
 * dropped (the document is one); an array's `type` and `items` before its
 * bounds; a literal as a one-value `enum`; no
 * `propertyNames` of a record (JSON keys are strings); no bounds of the safe
 * integers, no pattern beside a format that says it; "this or null" as a
 * `type` pair (`["object", "null"]`), a nested `anyOf` flattened.
 */
const tidyOne = (schema: JsonSchema): JsonSchema => {
  const out: JsonSchema = { ...schema };
  delete out.$schema;
  delete out.$id;
  delete out.id;
  const options = out.anyOf;
  if (
    Array.isArray(options) &&
    options.length === 2 &&
    isObject(options[1]) &&
    Object.keys(options[1]).length === 1 &&
    options[1].type === 'null' &&
    isObject(options[0])
  ) {
    const [first] = options as [JsonSchema, JsonSchema];
    if (typeof first.type === 'string' && !('$ref' in first)) {
      delete out.anyOf;
      Object.assign(out, { ...first, type: [first.type, 'null'] }, Object.fromEntries(Object.entries(out).filter(([key]) => METADATA.includes(key))));
    } else if (Array.isArray(first.anyOf) && Object.keys(first).length === 1) {
      out.anyOf = [...first.anyOf, options[1]];
    }
  }
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  if (isObject(out.propertyNames) && Object.keys(out.propertyNames).length === 1 && out.propertyNames.type === 'string') delete out.propertyNames;
  if (
    (out.type === 'integer' || (Array.isArray(out.type) && out.type.includes('integer'))) &&
    out.minimum === SAFE_INTEGER_BOUNDS.minimum &&
    out.maximum === SAFE_INTEGER_BOUNDS.maximum
  ) {
    delete out.minimum;
    delete out.maximum;
  }
  if (typeof out.format === 'string' && FORMATS_WITH_PATTERN.has(out.format)) delete out.pattern;
  // An array's type and items before its bounds, as the document always had them.
  const own = Object.entries(out)
    .filter(([key]) => !METADATA.includes(key))
    .sort(([a], [b]) => Number(b === 'type') - Number(a === 'type') || Number(b === 'items') - Number(a === 'items'));
  const meta = Object.entries(out).filter(([key]) => METADATA.includes(key));
  return Object.fromEntries([...own, ...meta]);
};

/** Every schema object of a JSON Schema tidied (`properties` holds schemas by name, not keywords). */
const tidy = (value: unknown, inProperties = false): unknown => {
  if (Array.isArray(value)) return value.map((item) => tidy(item));
  if (!isObject(value)) return value;
  if (inProperties) return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, tidy(schema)]));
  const one = tidyOne(value);
  return Object.fromEntries(Object.entries(one).map(([key, v]) => [key, tidy(v, key === 'properties' || key === '$defs')]));
};

/** The components: every schema of the global registry that has an `id`. */
const componentSchemas = (): Map<string, ZodMiniType> => (z.globalRegistry as unknown as { _idmap: Map<string, ZodMiniType> })._idmap;

export const createJsonSchemas = () => {
  type Use = { schema: ZodMiniType; target: JsonSchema };
  const uses: Use[] = [];
  /** Named components outside the global registry (`Error`). */
  const named = new Map<string, ZodMiniType>();
  const idOf = (schema: ZodMiniType) => [...componentSchemas(), ...named].find(([, s]) => s === schema)?.[0];

  return {
    /** The schema object to write where `schema` is used: a `$ref` to a component, or an object `resolve` fills. */
    use(schema: ZodMiniType): JsonSchema {
      const id = idOf(schema);
      if (id) return { $ref: componentRef(id) };
      const target: JsonSchema = {};
      uses.push({ schema, target });
      return target;
    },
    /** Names `schema` a component `id` (a schema the contract leaves unnamed). */
    name(id: string, schema: ZodMiniType): void {
      named.set(id, schema);
    },
    /**
     * Fills every schema object `use` handed out and answers the components,
     * by id. One conversion of everything: the components and, under keys of
     * their own, the schemas used in place. Read as zod reads its input, as
     * the document always described the answers too: an object's unknown
     * properties are stripped, not refused, so none says
     * `additionalProperties: false` unless it is strict.
     */
    resolve(): Record<string, JsonSchema> {
      const registry = z.registry<{ id: string }>();
      for (const [id, schema] of [...componentSchemas(), ...named]) registry.add(schema, { id });
      const keys = new Map<ZodMiniType, string>();
      for (const { schema } of uses) if (!keys.has(schema)) keys.set(schema, `__use${keys.size}`);
      for (const [schema, key] of keys) registry.add(schema, { id: key });
      const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io: 'input', uri: componentRef, unrepresentable: 'throw', cycles: 'throw' });
      if ('__shared' in schemas) throw new Error(`schemas left outside the components: ${JSON.stringify(schemas.__shared).slice(0, 200)}`);
      const written = schemas as Record<string, JsonSchema>;
      for (const { schema, target } of uses) Object.assign(target, tidy(written[keys.get(schema)!]));
      const components = Object.fromEntries([...componentSchemas().keys(), ...named.keys()].map((id) => [id, tidy(written[id]) as JsonSchema]));
      if (JSON.stringify([components, uses.map((u) => u.target)]).includes(componentRef('__use')))
        throw new Error('a schema used in place is part of another one: name it a component');
      return components;
    },
  };
};
