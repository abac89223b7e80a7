/**
 * tooling/zod-classic.ts: a schema built with zod/mini, converted to classic
 * zod, parses exactly as the mini one (same success, output and issues), and
 * zod-to-openapi documents it exactly as the same schema written in classic
 * zod. Each fixture is written twice, once per flavour.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { toClassic } from '../../tooling/zod-classic';

extendZodWithOpenApi(z);

type Schema = z.core.$ZodType;
type Parser = { safeParse: (input: unknown) => { success: boolean; data?: unknown; error?: { issues: unknown[] } } };

/** What parsing answers: success, then the output or the issues. */
const outcome = (schema: Schema, input: unknown) => {
  const result = (schema as unknown as Parser).safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error!.issues };
};

/** The fixtures of the OpenAPI comparison, in one flavour. */
type Fixtures = { address: Schema; shipment: Schema; params: Schema; query: Schema; response: Schema; category: Schema };

type MiniCategoryShape = { name: zm.ZodMiniString; children: zm.ZodMiniOptional<zm.ZodMiniArray<zm.ZodMiniObject<MiniCategoryShape>>> };

const miniFixtures = (): Fixtures => {
  const address = zm
    .object({
      lines: zm.array(zm.string().check(zm.minLength(1), zm.maxLength(35))).check(zm.minLength(1), zm.maxLength(3)),
      postalCode: zm.optional(zm.string().check(zm.regex(/^[0-9A-Z -]{3,10}$/))),
      country: zm.string().check(zm.length(2), zm.describe('ISO 3166-1 alpha-2 country code')),
      residential: zm._default(zm.boolean(), false),
    })
    .register(zm.globalRegistry, { id: 'FixtureAddress', description: 'A postal address', example: { lines: ['1 Main St'], country: 'US' } });
  const contact = zm.object({
    name: zm.string().check(zm.minLength(1), zm.maxLength(100)),
    email: zm.email(),
    phone: zm.nullable(zm.string()),
    website: zm.optional(zm.url()),
  });
  const piece = zm
    .object({
      weight: zm.number().check(zm.positive(), zm.lte(150)),
      quantity: zm.int().check(zm.gte(1), zm.lte(99)),
      length: zm.number().check(zm.multipleOf(0.5), zm.lt(300)),
      dimensions: zm.tuple([zm.number(), zm.number(), zm.number()]),
    })
    .check(zm.meta({ id: 'FixturePiece', description: 'One piece of a parcel' }));
  const packaging = zm.discriminatedUnion('kind', [
    zm.object({ kind: zm.literal('box'), code: zm.enum(['small', 'large']) }).register(zm.globalRegistry, { id: 'FixtureBox' }),
    zm.object({ kind: zm.literal('envelope'), padded: zm.optional(zm.boolean()) }).register(zm.globalRegistry, { id: 'FixtureEnvelope' }),
  ]);
  const orderId = zm.uuid().clone().register(zm.globalRegistry, { description: 'The order id' });
  const category: zm.ZodMiniObject<MiniCategoryShape> = zm
    .object({
      name: zm.string(),
      get children() {
        return zm.optional(zm.array(category));
      },
    })
    .register(zm.globalRegistry, { id: 'FixtureCategory' });
  const shipment = zm.object({
    version: zm.literal('v1'),
    shipper: zm.extend(contact, { address }),
    recipient: zm.extend(contact, { address }),
    returnTo: zm.optional(zm.pick(contact, { name: true, email: true })),
    billing: zm.omit(contact, { website: true }),
    service: zm.enum(['ground', 'express']).clone().register(zm.globalRegistry, { description: 'The service', examples: ['ground'] }),
    reference: zm.union([zm.string().check(zm.maxLength(20)), zm.number()]),
    labels: zm.optional(zm.record(zm.string(), zm.string())),
    charges: zm.record(zm.enum(['base', 'fuel']), zm.number()),
    pieces: zm.array(piece).check(zm.minLength(1), zm.maxLength(10)),
    packaging,
    notes: zm.optional(zm.pipe(zm.string(), zm.transform((s: string) => s.trim()))),
    customs: zm.intersection(zm.object({ contents: zm.string() }), zm.object({ value: zm.nullable(zm.number()) })),
    category: zm.optional(category),
    insured: zm._default(zm.boolean(), false),
  });
  return {
    address,
    shipment,
    category,
    params: zm.object({ orderId }),
    query: zm.object({ carrierCode: zm.optional(zm.string().check(zm.minLength(2))), mode: zm._default(zm.enum(['test', 'live']), 'live') }),
    response: zm.object({ data: zm.object({ orderId, status: zm.enum(['created', 'cancelled']), from: address, to: address }) }),
  };
};

const classicFixtures = (): Fixtures => {
  const address = z
    .object({
      lines: z.array(z.string().min(1).max(35)).min(1).max(3),
      postalCode: z.string().regex(/^[0-9A-Z -]{3,10}$/).optional(),
      country: z.string().length(2).describe('ISO 3166-1 alpha-2 country code'),
      residential: z.boolean().default(false),
    })
    .meta({ id: 'FixtureAddress', description: 'A postal address', example: { lines: ['1 Main St'], country: 'US' } });
  const contact = z.object({
    name: z.string().min(1).max(100),
    email: z.email(),
    phone: z.string().nullable(),
    website: z.url().optional(),
  });
  const piece = z
    .object({
      weight: z.number().positive().lte(150),
      quantity: z.int().gte(1).lte(99),
      length: z.number().multipleOf(0.5).lt(300),
      dimensions: z.tuple([z.number(), z.number(), z.number()]),
    })
    .meta({ id: 'FixturePiece', description: 'One piece of a parcel' });
  const packaging = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('box'), code: z.enum(['small', 'large']) }).meta({ id: 'FixtureBox' }),
    z.object({ kind: z.literal('envelope'), padded: z.boolean().optional() }).meta({ id: 'FixtureEnvelope' }),
  ]);
  const orderId = z.uuid().meta({ description: 'The order id' });
  const category = z
    .object({
      name: z.string(),
      get children() {
        return z.array(category).optional();
      },
    })
    .meta({ id: 'FixtureCategory' });
  const shipment = z.object({
    version: z.literal('v1'),
    shipper: contact.extend({ address }),
    recipient: contact.extend({ address }),
    returnTo: contact.pick({ name: true, email: true }).optional(),
    billing: contact.omit({ website: true }),
    service: z.enum(['ground', 'express']).meta({ description: 'The service', examples: ['ground'] }),
    reference: z.union([z.string().max(20), z.number()]),
    labels: z.record(z.string(), z.string()).optional(),
    charges: z.record(z.enum(['base', 'fuel']), z.number()),
    pieces: z.array(piece).min(1).max(10),
    packaging,
    notes: z
      .string()
      .transform((s) => s.trim())
      .optional(),
    customs: z.intersection(z.object({ contents: z.string() }), z.object({ value: z.number().nullable() })),
    category: category.optional(),
    insured: z.boolean().default(false),
  });
  return {
    address,
    shipment,
    category,
    params: z.object({ orderId }),
    query: z.object({ carrierCode: z.string().min(2).optional(), mode: z.enum(['test', 'live']).default('live') }),
    response: z.object({ data: z.object({ orderId, status: z.enum(['created', 'cancelled']), from: address, to: address }) }),
  };
};

const document = (f: { [K in keyof Fixtures]: z.ZodType }) => {
  const registry = new OpenAPIRegistry();
  registry.register('FixtureShipment', f.shipment);
  registry.registerPath({
    method: 'post',
    path: '/shipments/{orderId}',
    operationId: 'ship',
    request: {
      params: f.params as z.ZodObject,
      query: f.query as z.ZodObject,
      body: { required: true, content: { 'application/json': { schema: f.shipment } } },
    },
    responses: {
      200: { description: 'The shipment', content: { 'application/json': { schema: f.response } } },
      201: { description: 'An address', content: { 'application/json': { schema: f.address } } },
    },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: '3.1.0', info: { title: 'Fixtures', version: '1.0.0' } });
};

const convertAll = (f: Fixtures) => Object.fromEntries(Object.entries(f).map(([name, schema]) => [name, toClassic(schema)])) as { [K in keyof Fixtures]: z.ZodType };

const validShipment = () => {
  const address = { lines: ['1 Main St'], country: 'US' };
  const contact = { name: 'Ann', email: 'ann@example.com', phone: null };
  return {
    version: 'v1',
    shipper: { ...contact, website: 'https://example.com', address },
    recipient: { ...contact, address: { ...address, postalCode: '10001', residential: true } },
    billing: contact,
    service: 'ground',
    reference: 42,
    charges: { base: 10, fuel: 1.5 },
    pieces: [{ weight: 2.5, quantity: 1, length: 10.5, dimensions: [1, 2, 3] }],
    packaging: { kind: 'box', code: 'small' },
    notes: '  fragile  ',
    customs: { contents: 'books', value: null },
    category: { name: 'media', children: [{ name: 'books', children: [] }, { name: 'music' }] },
  };
};

describe('toClassic', () => {
  describe('parses exactly as the mini schema', () => {
    const mini = miniFixtures();
    const classic = convertAll(mini);

    const shipmentInputs: Array<[string, unknown]> = [
      ['a valid shipment', validShipment()],
      ['not an object', 'shipment'],
      ['an empty object', {}],
      ['strings too long and short, a bad e-mail and URL', { ...validShipment(), shipper: { ...validShipment().shipper, name: '', email: 'ann', website: 'nope' } }],
      ['numbers out of range, not an integer, not a multiple', { ...validShipment(), pieces: [{ weight: -1, quantity: 1.5, length: 10.25, dimensions: [1, 2] }] }],
      ['too many pieces and address lines', { ...validShipment(), pieces: Array(11).fill(validShipment().pieces[0]), recipient: { ...validShipment().recipient, address: { lines: ['a', 'b', 'c', 'd'], country: 'USA' } } }],
      ['an unknown enum value, literal and discriminator', { ...validShipment(), version: 'v2', service: 'air', packaging: { kind: 'tube' } }],
      ['a union matching no option', { ...validShipment(), reference: 'x'.repeat(21) }],
      ['a record with a bad value and a missing key', { ...validShipment(), labels: { a: 1 }, charges: { base: 1 } }],
      ['an intersection half wrong', { ...validShipment(), customs: { contents: 1, value: 'x' } }],
      ['a bad nested category', { ...validShipment(), category: { name: 'media', children: [{ name: 1 }] } }],
      ['a postal code not matching the pattern', { ...validShipment(), shipper: { ...validShipment().shipper, address: { lines: ['x'], country: 'US', postalCode: 'ab' } } }],
    ];
    it.each(shipmentInputs)('shipment: %s', (_name, input) => {
      expect(outcome(classic.shipment, input)).toEqual(outcome(mini.shipment, input));
    });

    it('the valid shipment parses, with defaults applied and the transform run', () => {
      expect(classic.shipment).toBeInstanceOf(z.ZodObject);
      const result = outcome(classic.shipment, validShipment());
      expect(result.success).toBe(true);
      expect(result.data).toMatchObject({ insured: false, notes: 'fragile', shipper: { address: { residential: false } } });
    });

    const others: Array<[string, () => Schema, unknown[]]> = [
      ['catch', () => zm.object({ n: zm.catch(zm.number(), 0), s: zm.catch(zm.string(), () => 'fallback') }), [{ n: 'x', s: 1 }, { n: 2, s: 'a' }]],
      ['prefault', () => zm.prefault(zm.string().check(zm.minLength(2)), 'ab'), [undefined, 'a', 'abc']],
      ['exact optional', () => zm.object({ a: zm.exactOptional(zm.string()) }), [{}, { a: undefined }, { a: 'x' }]],
      ['nullish', () => zm.nullish(zm.int()), [null, undefined, 1, 1.5]],
      ['strict, loose and catchall objects', () => zm.tuple([zm.strictObject({ a: zm.string() }), zm.looseObject({ a: zm.string() }), zm.catchall(zm.object({}), zm.number())]), [[{ a: 'x', b: 1 }, { a: 'x', b: 1 }, { b: 1 }], [{ a: 'x' }, { a: 'x' }, { b: 'x' }]]],
      ['merge (a catchall getter)', () => zm.merge(zm.object({ a: zm.string() }), zm.strictObject({ b: zm.number() })), [{ a: 'x', b: 1 }, { a: 'x', b: 1, c: 2 }]],
      ['partial and required', () => zm.tuple([zm.partial(zm.object({ a: zm.string() })), zm.required(zm.object({ a: zm.optional(zm.string()) }))]), [[{}, {}], [{ a: 'x' }, { a: 'y' }]]],
      ['tuple with rest', () => zm.tuple([zm.string()], zm.number()), [['a', 1, 2], ['a', 'b'], []]],
      ['refine, superRefine and overwrite checks', () => zm.string().check(zm.refine((s) => s !== 'no', 'not no'), zm.superRefine((s, ctx) => { if (s.length > 3) ctx.addIssue({ code: 'custom', message: 'long' }); }), zm.trim()), [' ok ', 'no', 'longer']],
      ['lazy', () => { const tree: Schema = zm.lazy(() => zm.object({ v: zm.number(), next: zm.nullable(tree) })); return tree; }, [{ v: 1, next: { v: 2, next: null } }, { v: 1, next: { v: 'x', next: null } }]],
      ['instanceof', () => zm.instanceof(Date), [new Date(0), '2020-01-01']],
      ['stringbool', () => zm.stringbool(), ['yes', 'off', 'maybe']],
      ['codec', () => zm.codec(zm.iso.datetime(), zm.date(), { decode: (s: string) => new Date(s), encode: (d: Date) => d.toISOString() }), ['2020-01-01T00:00:00Z', 'nope']],
      ['formats', () => zm.tuple([zm.guid(), zm.ipv4(), zm.iso.date(), zm.base64(), zm.cuid2(), zm.e164()]), [['00000000-0000-0000-0000-000000000000', '1.2.3.4', '2020-01-31', 'aGk=', 'tz4a98xxat96iws9zmbrgj3a', '+15555555555'], ['x', 'y', 'z', '%', '-', '1']]],
      ['bigint, date, nan, null, undefined, any, unknown, symbol', () => zm.tuple([zm.bigint(), zm.date(), zm.nan(), zm.null(), zm.undefined(), zm.any(), zm.unknown(), zm.symbol()]), [[1n, new Date(0), NaN, null, undefined, 1, 2, Symbol('s')], [1, 'x', 1, 0, null, 1, 2, 's']]],
      ['never, void, nonoptional, success', () => zm.tuple([zm.optional(zm.never()), zm.void(), zm.nonoptional(zm.optional(zm.string())), zm.success(zm.string())]), [[undefined, undefined, 'a', 'b'], [1, 1, undefined, 1]]],
      ['map and set', () => zm.tuple([zm.map(zm.string(), zm.number()), zm.set(zm.int())]), [[new Map([['a', 1]]), new Set([1])], [new Map([['a', 'x']]), new Set([1.5])]]],
      ['template literal', () => zm.templateLiteral(['id-', zm.number()]), ['id-1', 'id-x']],
      ['readonly', () => zm.readonly(zm.object({ a: zm.string() })), [{ a: 'x' }, {}]],
      ['xor', () => zm.xor([zm.string(), zm.string().check(zm.minLength(2))]), ['a', 'ab', 1]],
      ['a classic schema holding mini ones', () => z.object({ a: zm.string().check(zm.minLength(2)), b: z.array(zm.int()) }), [{ a: 'ab', b: [1] }, { a: 'a', b: [1.5] }]],
    ];
    it.each(others)('%s', (_name, build, inputs) => {
      const schema = build();
      const converted = toClassic(schema);
      expect(converted).toBeInstanceOf(z.ZodType);
      for (const input of inputs) expect(outcome(converted, input)).toEqual(outcome(schema, input));
    });
  });

  describe('gives the same OpenAPI document as the same schemas in classic zod', () => {
    it('paths, parameters, components, $refs and metadata', () => {
      const fromMini = document(convertAll(miniFixtures()));
      const fromClassic = document(classicFixtures() as { [K in keyof Fixtures]: z.ZodType });
      expect(fromMini).toEqual(fromClassic);
      // The document does use what it is compared on.
      const schemas = fromClassic.components!.schemas!;
      expect(Object.keys(schemas).sort()).toEqual(['FixtureAddress', 'FixtureBox', 'FixtureCategory', 'FixtureEnvelope', 'FixturePiece', 'FixtureShipment']);
      const shipment = schemas.FixtureShipment as { properties: Record<string, { $ref?: string; allOf?: unknown; properties?: Record<string, { $ref?: string }> }> };
      expect(shipment.properties.shipper!.properties!.address).toEqual({ $ref: '#/components/schemas/FixtureAddress' });
      expect(shipment.properties.recipient!.properties!.address).toEqual({ $ref: '#/components/schemas/FixtureAddress' });
      expect(schemas.FixtureAddress).toMatchObject({ description: 'A postal address', properties: { country: { description: 'ISO 3166-1 alpha-2 country code', minLength: 2, maxLength: 2 } } });
      expect(fromClassic.paths!['/shipments/{orderId}']!.post!.parameters).toContainEqual(
        expect.objectContaining({ in: 'path', name: 'orderId', description: 'The order id', schema: expect.objectContaining({ format: 'uuid' }) }),
      );
    });
  });

  describe('identity', () => {
    it('converts a schema once: used twice, it is one classic schema', () => {
      const { address, response } = miniFixtures();
      const converted = toClassic(response) as unknown as z.ZodObject<{ data: z.ZodObject<{ from: z.ZodType; to: z.ZodType }> }>;
      const data = converted.shape.data.shape;
      expect(data.from).toBe(data.to);
      expect(data.from).toBe(toClassic(address));
      expect(toClassic(response)).toBe(converted);
    });

    it('returns a schema classic all the way down as it is, and rebuilds one that holds a mini schema', () => {
      const classic = z.object({ a: z.string(), b: z.lazy(() => z.number()) });
      expect(toClassic(classic)).toBe(classic);
      const mixed = z.object({ a: z.string(), b: z.optional(zm.string()) }).meta({ description: 'mixed' });
      const converted = toClassic(mixed) as unknown as z.ZodObject<{ a: z.ZodString; b: z.ZodOptional<z.ZodString> }>;
      expect(converted).not.toBe(mixed);
      expect(converted.shape.a).toBe(mixed.shape.a);
      expect(converted.shape.b).toBeInstanceOf(z.ZodOptional);
      expect(converted.shape.b.unwrap()).toBeInstanceOf(z.ZodString);
      expect(converted.meta()).toEqual({ description: 'mixed' });
    });

    it('keeps a recursive schema recursive, classic or mini, through getters and lazy', () => {
      type Node = z.ZodObject<{ v: z.core.$ZodType<number>; next: z.ZodOptional<Node> }>;
      const node: Node = z.object({
        v: zm.int(),
        get next() {
          return z.optional(node);
        },
      });
      const converted = toClassic(node);
      expect(converted).not.toBe(node);
      expect(converted.shape.next.unwrap()).toBe(converted);
      expect(converted.shape.v).toBeInstanceOf(z.ZodNumberFormat);
      for (const input of [{ v: 1, next: { v: 2 } }, { v: 1, next: { v: 2.5, next: {} } }]) expect(outcome(converted, input)).toEqual(outcome(node, input));
      const tree: z.core.$ZodType = zm.lazy(() => zm.array(tree));
      const lazy = toClassic(tree) as unknown as z.ZodLazy<z.ZodArray<z.ZodType>>;
      expect(lazy.unwrap().unwrap()).toBe(lazy);
    });

    it('picks the classic class from the traits', () => {
      expect(toClassic(zm.uuid())).toBeInstanceOf(z.ZodUUID);
      expect(toClassic(zm.email())).toBeInstanceOf(z.ZodEmail);
      expect(toClassic(zm.int())).toBeInstanceOf(z.ZodNumberFormat);
      expect(toClassic(zm.iso.datetime())).toBeInstanceOf(z.ZodISODateTime);
      expect(toClassic(zm.discriminatedUnion('k', [zm.object({ k: zm.literal('a') })]))).toBeInstanceOf(z.ZodDiscriminatedUnion);
      const string = toClassic(zm.string().check(zm.minLength(2), zm.maxLength(5))) as unknown as z.ZodString;
      expect([string.minLength, string.maxLength, string.isOptional()]).toEqual([2, 5, false]);
      expect((toClassic(zm.url()) as unknown as z.ZodURL).format).toBe('url');
    });

    it('names the trait of a schema classic zod has no class for', () => {
      const Odd = z.core.$constructor<z.core.$ZodType>('OddSchema', (inst, def) => z.core.$ZodType.init(inst, def));
      const odd = new Odd({ type: 'custom' });
      expect(() => toClassic(zm.object({ a: zm.array(odd) }))).toThrow('no classic zod class for the schema trait OddSchema');
    });
  });

  describe('metadata', () => {
    it('carries what the global registry holds, however it was registered', () => {
      const registered = zm.string().register(zm.globalRegistry, { id: 'FixtureRegistered', description: 'registered' });
      const checked = zm.number().check(zm.meta({ id: 'FixtureChecked', examples: [1] }), zm.describe('checked'));
      const cloned = zm.boolean().clone().register(zm.globalRegistry, { description: 'cloned', deprecated: true });
      const inherited = registered.check(zm.minLength(1));
      for (const schema of [registered, checked, cloned, inherited]) {
        const converted = toClassic(schema);
        expect(converted.meta()).toEqual(z.globalRegistry.get(schema));
        expect(z.globalRegistry.get(converted)).toEqual(z.globalRegistry.get(schema));
      }
      expect(toClassic(checked).meta()).toEqual({ id: 'FixtureChecked', examples: [1], description: 'checked' });
      expect(toClassic(inherited).meta()).toEqual({ description: 'registered' });
      expect(toClassic(cloned).description).toBe('cloned');
      expect(z.globalRegistry._idmap.get('FixtureRegistered')).toBe(toClassic(registered));
    });

    it('leaves a schema without metadata without it', () => {
      expect(toClassic(zm.string()).meta()).toBeUndefined();
    });
  });
});
