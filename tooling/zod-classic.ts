/**
 * Classic zod schemas from zod/mini ones, for the tooling only.
 *
 * The runtime schemas under shared/ are built with `zod/mini`: classic zod's
 * method-laden classes cost every function cold-start time. zod-to-openapi
 * needs classic schemas (it calls `.meta()`, `.openapi()`, `.unwrap()`,
 * `.isOptional()`...), so the tooling turns the mini ones into classic ones
 * with `toClassic` before handing them to it. This file imports classic zod: it belongs to
 * the tooling and tests, never to a function bundle.
 *
 * Both flavours share zod's core: a schema is its `_zod.def`, and the classic
 * class of the same kind built from an equivalent def parses the same way. The
 * conversion rebuilds each schema with the classic class named by its most
 * specific trait (`ZodMiniUUID` -> `z.ZodUUID`), over a copy of its def whose
 * schemas are converted in turn, and carries its global-registry metadata
 * (id, description, examples...) over with classic `.meta()`.
 */
import * as z from 'zod';

type AnySchema = z.core.$ZodType;
type Def = Record<PropertyKey, unknown>;
type SchemaClass = new (def: Def) => AnySchema;

/**
 * The classic type of a converted schema: a classic schema stays as it is, an
 * object keeps its shape's types (the values are classic at runtime), and the
 * rest is a classic schema of the same input and output.
 */
export type Classic<T extends AnySchema> = T extends z.ZodType
  ? T
  : T extends z.core.$ZodObject<infer Shape, infer Config>
    ? z.ZodObject<Shape, Config>
    : z.ZodType<z.output<T>, z.input<T>>;

const isSchema = (value: unknown): value is AnySchema =>
  typeof value === 'object' && value !== null && (value as { _zod?: { traits?: unknown } })._zod?.traits instanceof Set && (value as AnySchema)._zod.traits.has('$ZodType');

const isClassic = (schema: AnySchema): boolean => schema._zod.traits.has('ZodType');

const isPlainObject = (value: unknown): value is Def => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A plain object whose enumerable own values are all schemas (an object's `shape`), read without running a getter. */
const isSchemaRecord = (value: unknown): value is Record<PropertyKey, AnySchema> => {
  if (!isPlainObject(value)) return false;
  const descriptors = Object.values(Object.getOwnPropertyDescriptors(value)).filter((d) => d.enumerable);
  return descriptors.length > 0 && descriptors.every((d) => !d.get && isSchema(d.value));
};

/**
 * Def properties copied as they are: checks (generators read only their defs,
 * and a refinement's mini schema runs the same inside a classic one), and
 * values that are not schemas.
 */
const KEPT = new Set<PropertyKey>(['checks', 'defaultValue', '_cachedInner']);

/** Classic classes by name whose mini or core trait does not simply drop its prefix. */
const ALIASES: Record<string, string> = { $ZodObjectJIT: 'ZodObject' };

/** The classic class of a mini or core schema: the one of its most specific trait, its constructor's own. */
const classicClass = (schema: AnySchema): SchemaClass => {
  const trait = [...schema._zod.traits][0] ?? '(none)';
  const name = ALIASES[trait] ?? trait.replace(/^(ZodMini|\$Zod)/, 'Zod');
  const candidate = (z as unknown as Record<string, unknown>)[name];
  if (name === trait || typeof candidate !== 'function' || !('init' in candidate)) {
    throw new Error(`toClassic: no classic zod class for the schema trait ${trait} (a ${schema._zod.def.type} schema)`);
  }
  return candidate as unknown as SchemaClass;
};

/** The schemas a def property holds: itself, the schemas of an array (union options, tuple items), or the values of a shape. */
const schemasIn = (value: unknown): AnySchema[] => {
  if (isSchema(value)) return [value];
  if (Array.isArray(value)) return value.filter(isSchema);
  if (isSchemaRecord(value)) return Object.values(value);
  return [];
};

/** The schemas directly below a schema, getters resolved: an object's shape as zod settles it, a lazy's inner schema. */
const childrenOf = (schema: AnySchema): AnySchema[] => {
  const def = schema._zod.def as unknown as Def;
  const children: AnySchema[] = [];
  for (const key of Reflect.ownKeys(def)) {
    if (KEPT.has(key)) continue;
    if (key === 'getter' && def.type === 'lazy') {
      const inner = (schema as z.core.$ZodLazy)._zod.innerType;
      if (isSchema(inner)) children.push(inner);
      continue;
    }
    children.push(...schemasIn(def[key]));
  }
  return children;
};

/** Converted schemas, by source: a schema met twice becomes one classic schema. */
const converted = new WeakMap<AnySchema, z.ZodType>();
/** Whether a schema and all below it are classic already (then it is its own conversion). */
const allClassic = new WeakMap<AnySchema, boolean>();
/** Schemas being built right now, to close a cycle that passes neither a shape nor a lazy (none known). */
const building = new Set<AnySchema>();

/**
 * Walks everything reachable from `root` not walked before: refuses a schema
 * with no classic class before anything is built, and marks which schemas
 * are classic all the way down (cycles included), so a classic schema is
 * rebuilt only when a mini one lies somewhere below it.
 */
const analyze = (root: AnySchema): void => {
  const seen = new Set<AnySchema>();
  const parents = new Map<AnySchema, AnySchema[]>();
  const dirty: AnySchema[] = [];
  const stack = [root];
  seen.add(root);
  while (stack.length) {
    const schema = stack.pop()!;
    if (!isClassic(schema)) {
      classicClass(schema);
      dirty.push(schema);
    }
    for (const child of childrenOf(schema)) {
      if (allClassic.has(child)) {
        if (!allClassic.get(child)) dirty.push(schema);
        continue;
      }
      const above = parents.get(child);
      if (above) above.push(schema);
      else parents.set(child, [schema]);
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
  }
  const mixed = new Set<AnySchema>();
  while (dirty.length) {
    const schema = dirty.pop()!;
    if (mixed.has(schema)) continue;
    mixed.add(schema);
    dirty.push(...(parents.get(schema) ?? []));
  }
  for (const schema of seen) allClassic.set(schema, !mixed.has(schema));
};

/** A def value with its schemas converted; anything else as it is. */
const convertValue = (value: unknown): unknown => {
  if (isSchema(value)) return convert(value);
  if (Array.isArray(value) && value.some(isSchema)) return value.map((item) => (isSchema(item) ? convert(item) : item));
  if (isSchemaRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, schema]) => [key, convert(schema)]));
  return value;
};

/**
 * An object's shape whose values convert on first read. Object shapes are
 * where recursive schemas close their loops (zod 4 writes them as getters),
 * so converting a value only when it is read lets the object exist first;
 * zod reads the shape at the first parse or when a generator walks it.
 */
const convertShape = (schema: AnySchema): Def => {
  const source = () => (schema._zod.def as unknown as { shape: Record<PropertyKey, AnySchema> }).shape;
  const shape: Def = {};
  for (const key of Reflect.ownKeys(source())) {
    if (!Object.getOwnPropertyDescriptor(source(), key)?.enumerable) continue;
    Object.defineProperty(shape, key, {
      get() {
        const value = convert(source()[key]!);
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
        return value;
      },
      enumerable: true,
      configurable: true,
    });
  }
  return shape;
};

/** A copy of a schema's def, its schemas converted: getters stay getters, a lazy's getter answers the converted inner schema. */
const convertDef = (schema: AnySchema): Def => {
  const source = schema._zod.def as unknown as Def;
  const def: Def = {};
  for (const key of Reflect.ownKeys(source)) {
    if (key === '_cachedInner') continue; // a lazy's memo of its source's inner schema
    const descriptor = Object.getOwnPropertyDescriptor(source, key)!;
    if (key === 'getter' && source.type === 'lazy') {
      def.getter = () => convert((schema as z.core.$ZodLazy)._zod.innerType);
    } else if (key === 'shape' && source.type === 'object') {
      def.shape = convertShape(schema);
    } else if (KEPT.has(key)) {
      Object.defineProperty(def, key, descriptor);
    } else if (descriptor.get) {
      const get = descriptor.get;
      Object.defineProperty(def, key, { get: () => convertValue(get.call(source)), enumerable: descriptor.enumerable, configurable: true });
    } else {
      def[key] = convertValue(descriptor.value);
    }
  }
  return def;
};

/** Per-schema state a factory sets outside the def (`instanceof`'s class and check, `stringbool`'s values), carried over. */
const carryInstanceState = (from: AnySchema, to: AnySchema): void => {
  const bag = from._zod.bag as Record<string, unknown>;
  const target = to._zod.bag as Record<string, unknown>;
  for (const key of Object.keys(bag)) if (!(key in target)) target[key] = bag[key];
  if (from._zod.def.type === 'custom' && bag.Class) (to._zod as { check?: unknown }).check = (from._zod as { check?: unknown }).check;
};

const convert = (schema: AnySchema): z.ZodType => {
  const done = converted.get(schema);
  if (done) return done;
  if (!allClassic.has(schema)) analyze(schema);
  if (allClassic.get(schema)) {
    converted.set(schema, schema as z.ZodType);
    return schema as z.ZodType;
  }
  if (building.has(schema)) return new z.ZodLazy({ type: 'lazy', getter: () => converted.get(schema)! });
  building.add(schema);
  try {
    const Class = isClassic(schema) ? (schema._zod.constr as unknown as SchemaClass) : classicClass(schema);
    const built = new Class(convertDef(schema)) as z.ZodType;
    const metadata = z.globalRegistry.get(schema);
    // Classic .meta() registers a clone, which is what callers get.
    const result = metadata && Object.keys(metadata).length ? built.meta(metadata) : built;
    carryInstanceState(schema, result);
    converted.set(schema, result);
    return result;
  } finally {
    building.delete(schema);
  }
};

/**
 * The classic-zod equivalent of a schema built with zod/mini, classic zod or
 * a mix: same parsing, same metadata. A schema classic all the way down is
 * returned as it is; otherwise every schema below is converted once (the same
 * source gives the same classic schema on every call). Throws, naming the
 * trait, on a schema kind classic zod has no class for.
 */
export function toClassic<T extends AnySchema>(schema: T): Classic<T> {
  return convert(schema) as unknown as Classic<T>;
}
