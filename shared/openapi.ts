/**
 * The OpenAPI document, generated from the function manifest and the zod
 * schemas (STYLE.md: no second hand-written description of the request).
 * Response schemas are declared here once, from spec part 2 and DESIGN.md §5.
 * `npm run openapi` writes openapi.json; a unit test fails when it is stale.
 */
import { OpenAPIRegistry, OpenApiGeneratorV3, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { rateRequestSchema } from './domain/rate/schema';
import { httpFunctions, type HttpTrigger } from './manifest';
import { carrierItem, packagingItem } from './store/schemas';

extendZodWithOpenApi(z);

const localized = z.record(z.string(), z.string()).meta({ description: 'Localized text keyed by language code (en, fr)', example: { en: 'Ground', fr: 'Sol' } });
const money = z.object({ amount: z.number(), currency: z.string() });
// The public catalog shapes are the stored ones minus the store-only attributes.
const packagingEntry = packagingItem.omit({ companyId: true });
const carrierEntry = carrierItem;
const serviceEntry = z.object({ code: z.string(), shortName: localized, fullName: localized });

const tier = z.object({ subtotal: money, tax: money, total: money });
const rateRecord = z.object({
  carrier: z.object({ code: z.string(), fullName: localized, shortName: localized }),
  service: z.object({ code: z.string(), fullName: localized, shortName: localized, billingCode: z.string(), chips: z.array(z.string()), isDisabled: z.boolean() }),
  commitment: z
    .object({ commitDate: z.string(), commitTime: z.string(), timezoneCode: z.string(), guaranteed: z.boolean() })
    .nullable()
    .meta({ description: 'null when the carrier gives no commitment' }),
  rate: z.object({
    charges: z.array(
      z.object({ chips: z.array(z.string()), code: z.string(), billingCode: z.string(), name: localized, type: z.string(), retail: money, account: money }),
    ),
    totals: z.object({ retail: tier, discounted: tier, account: tier }),
    fxRate: z.number(),
  }),
  rateRequestId: z.string(),
  rateResponseId: z.string(),
  entityType: z.literal('rateResponse'),
  createdDate: z.string(),
  isBestPrice: z.boolean(),
  isBestChoice: z.boolean(),
  isFastDelivery: z.boolean(),
});

const errorBody = z.object({
  error: z.object({
    code: z.string().meta({ example: 'VALIDATION_FAILED' }),
    message: z.string(),
    details: z.array(z.object({ path: z.string().optional(), message: z.string() })).optional(),
  }),
});

const envelope = (schema: z.ZodType) => z.object({ data: schema });

type RouteDoc = {
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  ok: { status: number; description: string; schema?: z.ZodType };
  errors: Record<number, string>;
};

const AUTH_ERRORS = { 401: 'Missing, malformed, unknown, inactive or expired API key, or wrong integration type', 500: 'Internal error' };

/** Documentation of each HTTP function of the manifest, by name. */
export const routeDocs: Record<string, RouteDoc> = {
  'packaging-types': {
    summary: 'List packaging types: defaults first, then the company custom boxes',
    ok: { status: 200, description: 'Catalog entries', schema: envelope(z.array(packagingEntry)) },
    errors: AUTH_ERRORS,
  },
  carriers: {
    summary: "List the carriers of the company's pricing group",
    ok: { status: 200, description: 'Carriers', schema: envelope(z.array(carrierEntry)) },
    errors: AUTH_ERRORS,
  },
  'carrier-services': {
    summary: 'List the enabled services of a carrier; the first entry is always `default`',
    query: z.object({ carrierCode: z.string().meta({ description: 'A code from GET /v1/carriers (case-insensitive)' }) }),
    ok: { status: 200, description: 'Services', schema: envelope(z.array(serviceEntry)) },
    errors: { 400: 'Missing carrierCode', 404: "Carrier unknown or not in the company's pricing group", ...AUTH_ERRORS },
  },
  rate: {
    summary: 'Rate a shipment with every quoted carrier; returns sanitized rates',
    body: rateRequestSchema,
    ok: { status: 200, description: 'Rates', schema: envelope(z.object({ requestId: z.string(), rates: z.array(rateRecord) })) },
    errors: {
      400: 'Validation failed (messages `<path> <text>` joined with `; `), unknown packagingType, organization without user, blacklisted third-party account, malformed JSON',
      403: 'Missing scope shipments:rate',
      415: 'Content-Type is not application/json',
      422: 'No carrier returned a rate (code NO_RATES)',
      ...AUTH_ERRORS,
    },
  },
};

const toOpenApiPath = (path: string) => path; // API Gateway and OpenAPI share the {param} syntax.

export const buildOpenApi = () => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key' });
  const ErrorBody = registry.register('Error', errorBody);
  registry.register('RateRecord', rateRecord);
  registry.register('PackagingType', packagingEntry);

  for (const fn of httpFunctions()) {
    const doc = routeDocs[fn.name];
    if (!doc) throw new Error(`no OpenAPI documentation for HTTP function ${fn.name}`);
    const trigger: HttpTrigger = fn.trigger;
    const scopes = trigger.scopes.length ? `Required scope: ${trigger.scopes.join(' or ')}.` : 'Any valid API key.';
    registry.registerPath({
      method: trigger.method.toLowerCase() as 'get' | 'post' | 'delete',
      path: toOpenApiPath(trigger.path),
      operationId: fn.name,
      summary: doc.summary,
      description: `${fn.description}. ${scopes}`,
      security: [{ ApiKey: [] }],
      request: {
        ...(doc.query ? { query: doc.query } : {}),
        ...(doc.body ? { body: { required: true, content: { 'application/json': { schema: doc.body } } } } : {}),
      },
      responses: {
        [doc.ok.status]: {
          description: doc.ok.description,
          ...(doc.ok.schema ? { content: { 'application/json': { schema: doc.ok.schema } } } : {}),
        },
        ...Object.fromEntries(
          Object.entries(doc.errors).map(([status, description]) => [status, { description, content: { 'application/json': { schema: ErrorBody } } }]),
        ),
      },
    });
  }

  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Shipping rate-and-label API',
      version: '1.0.0',
      description:
        'Every request sends `X-API-Key: <prefix>_api_<32 hex>`. Successful responses wrap their content in `data`; errors are `{"error": {"code", "message", "details"?}}`. Every response carries `x-request-id`.',
    },
    servers: [{ url: 'http://127.0.0.1:3000', description: 'npm start' }],
  });
};
