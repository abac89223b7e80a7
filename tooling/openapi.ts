/**
 * The OpenAPI document, generated from the route objects
 * (shared/contract/route.ts: each endpoint's method, path, scopes, schemas,
 * answers and own refusals with their error examples, spec part 2,
 * docs/decisions.md) through the function list (shared/functions.ts),
 * which lists them; the JSON Schemas are zod's own `z.toJSONSchema` of the
 * contract's schemas (./json-schemas.ts), the operations, shared answers and
 * headers are written here. `npm run openapi` writes openapi.json; a unit
 * test fails when it is stale, `npm test` lints it (redocly.yaml) and
 * compiles every schema with Ajv.
 *
 * Every operation documents every status the service can answer: the
 * function's own, the local runtime's (local/api-gateway.ts) and the
 * ones API Gateway answers itself on a deployed stage (lib/api.ts).
 */
import type { AnswerHeader, ErrorExample, OwnStatus, Route } from '../shared/contract/route';
import { routeOf } from '../shared/contract/routes';
import { envelope, errorBody } from '../shared/contract/shared-schemas';
import { webhookEvents } from '../shared/contract/webhook-events';
import { BODY_LIMITS } from '../shared/http/json-body';
import { httpFunctions, type HttpFunctionName, type HttpTrigger } from '../shared/functions';
import { componentRef, createJsonSchemas, type JsonSchema } from './json-schemas';

/** An OpenAPI response object. */
type ResponseConfig = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown; example?: unknown; examples?: unknown }>;
};
/** An operation, as far as its readers (tests, the typed client's generator) look into it. */
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
/** The JSON Schemas of this build of the document (./json-schemas.ts). */
type Schemas = ReturnType<typeof createJsonSchemas>;

/** Request body limit of the functions (answered 413 PAYLOAD_TOO_LARGE above it). */
const BODY_LIMIT = `${BODY_LIMITS.bytes / 1024} KiB`;
/** API Gateway's integration timeout, which the local runtime applies too. */
const TIMEOUT_SECONDS = 29;

const ref = (kind: 'schemas' | 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Response headers: `x-request-id` on every response (docs/decisions.md), declared once. */
const HEADERS = {
  RequestId: {
    description: 'Identifier of this request, to quote when reporting a problem (on a deployed stage, the API Gateway request id).',
    required: true,
    schema: { type: 'string' },
  },
  RequestIdUnlessGateway: {
    description:
      'Identifier of this request, set by the function or the local runtime. Absent when API Gateway answers by itself on a deployed stage (throttling, a body above its 10 MB limit, a failed or timed-out function), which sends `x-amzn-RequestId` instead.',
    required: false,
    schema: { type: 'string' },
  },
  AmznRequestId: {
    description: "API Gateway's request id (deployed stages only).",
    required: false,
    schema: { type: 'string' },
  },
  Allow: { description: 'The methods the path has, comma-separated.', required: true, schema: { type: 'string' } },
  RetryAfter: { description: 'Seconds to wait before retrying.', required: true, schema: { type: 'integer', minimum: 1 } },
  RetryAfterWhenBusy: { description: 'With `ORDER_BUSY` only: seconds to wait before retrying.', required: false, schema: { type: 'integer', minimum: 1 } },
  RetryAfterWhenInProgress: {
    description: 'With `SHIPMENT_IN_PROGRESS` only: seconds to wait before retrying.',
    required: false,
    schema: { type: 'integer', minimum: 1 },
  },
  Location: {
    description: 'Where to download the file: a presigned object-storage URL, valid a few minutes.',
    required: true,
    schema: { type: 'string', format: 'uri' },
  },
  ManifestReplayed: {
    description:
      '`true`: this close found nothing left to close and answers the manifests an earlier close of the same shipments (or the concurrent close it waited for) made.',
    required: true,
    schema: { type: 'string', enum: ['true'] as string[] },
  },
  IdempotentReplayed: {
    description: '`true` when this answer repeats a shipment made by an earlier request for the same rate response; absent on the request that made it.',
    required: false,
    schema: { type: 'string', enum: ['true'] as string[] },
  },
} as const;

const fromService = { 'x-request-id': ref('headers', 'RequestId') };
const fromServiceOrGateway = { 'x-request-id': ref('headers', 'RequestIdUnlessGateway'), 'x-amzn-RequestId': ref('headers', 'AmznRequestId') };

/** Examples by name; a single one is written as `example`. */
type ErrorExamples = Record<string, ErrorExample>;
const example = ({ code, message }: ErrorExample) => ({ error: { code, message } });

/** An error response: the Error body, with one example per way it can arise. */
const documentedError = (description: string, examples: ErrorExamples, headers: Record<string, { $ref: string }> = fromService): ResponseConfig => {
  const named = Object.entries(examples);
  return {
    description,
    headers,
    content: {
      'application/json': {
        ...(named.length === 1
          ? { example: example(named[0]![1]) }
          : { examples: Object.fromEntries(named.map(([name, e]) => [name, { value: example(e) }])) }),
        schema: ref('schemas', 'Error'),
      },
    },
  };
};

/** Error responses every operation shares, as components. */
const SHARED_RESPONSES: Record<string, ResponseConfig> = {
  Unauthorized: documentedError('Missing, malformed, unknown, inactive or expired API key, or a key of another integration type', {
    missing: { code: 'UNAUTHORIZED', message: 'Missing API key: send it in the X-API-Key header' },
    invalid: { code: 'UNAUTHORIZED', message: 'Invalid, inactive or expired API key' },
  }),
  MethodNotAllowed: {
    ...documentedError(
      'The path exists but not with the method used (local runtime; a deployed stage answers 404 `NOT_FOUND` instead). `Allow` lists the methods it has.',
      { methodNotAllowed: { code: 'METHOD_NOT_ALLOWED', message: 'DELETE is not allowed on /v1/carriers; allowed: GET' } },
    ),
    headers: { ...fromService, Allow: ref('headers', 'Allow') },
  },
  Throttled: documentedError(
    "Too many requests: the API key went over its per-key limit (requests per window; without a well-formed key, the caller's IP over its limit), enforced by the stage's WAF rate-based rules and, with the dev stage's numbers, in memory by `npm start`; or the stage's overall rate or burst limit was exceeded (API Gateway). `Retry-After` says how many seconds to wait; back off further if it repeats.",
    {
      perKey: { code: 'THROTTLED', message: 'Too many requests for this API key or address; retry after 60 seconds' },
      stage: { code: 'THROTTLED', message: 'Too Many Requests' },
    },
    { ...fromServiceOrGateway, 'Retry-After': ref('headers', 'RetryAfter') },
  ),
  Internal: documentedError(
    'Internal error; the message says nothing of the cause',
    { internal: { code: 'INTERNAL', message: 'Internal error' } },
    fromServiceOrGateway,
  ),
  BadGateway: documentedError(
    'The function failed without an answer, or answered something that is not a valid Lambda proxy result',
    { malformed: { code: 'INTERNAL', message: 'Malformed Lambda proxy response' } },
    fromServiceOrGateway,
  ),
  GatewayTimeout: documentedError(
    `The function did not answer within ${TIMEOUT_SECONDS} s: \`TIMEOUT\` from the local runtime, \`INTERNAL\` from API Gateway`,
    {
      localRuntime: { code: 'TIMEOUT', message: `The function did not answer within ${TIMEOUT_SECONDS * 1000} ms` },
      apiGateway: { code: 'INTERNAL', message: 'Endpoint request timed out' },
    },
    fromServiceOrGateway,
  ),
};

/** An answer's headers, by name, as references to the header components. */
const headerRefs = (headers: Record<string, AnswerHeader> | undefined) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, component]) => [name, ref('headers', component)]));

/** Every response of an operation, by status. */
const responsesOf = (trigger: HttpTrigger, doc: Route, schemas: Schemas): Record<string, ResponseConfig | { $ref: string }> => {
  const own = (status: OwnStatus) => {
    const e = doc.errors[status];
    if (!e) return {};
    const retryAfter = ref(
      'headers',
      e.retryAfter === 'busy' ? 'RetryAfterWhenBusy' : e.retryAfter === 'in-progress' ? 'RetryAfterWhenInProgress' : 'RetryAfter',
    );
    return { [status]: documentedError(e.description, e.examples, e.retryAfter ? { ...fromService, 'Retry-After': retryAfter } : fromService) };
  };
  const takesBody = trigger.body !== 'none';
  return {
    [doc.ok.status]: {
      description: doc.ok.description,
      headers: { ...fromService, ...headerRefs(doc.ok.headers) },
      ...(doc.ok.schema ? { content: { 'application/json': { schema: schemas.use(envelope(doc.ok.schema)) } } } : {}),
    },
    ...Object.fromEntries(
      Object.entries(doc.alternatives ?? {}).map(([status, alt]) => [
        status,
        {
          description: alt.description,
          headers: { ...fromService, ...headerRefs(alt.headers) },
          content: { 'application/json': { schema: schemas.use(envelope(alt.schema)) } },
        },
      ]),
    ),
    ...own(400),
    ...own(402),
    401: ref('responses', 'Unauthorized'),
    ...(trigger.scopes.length
      ? {
          403: documentedError(
            `The API key lacks the scope ${trigger.scopes.join(' or ')}${doc.errors[403] ? `; or ${doc.errors[403].description[0]!.toLowerCase()}${doc.errors[403].description.slice(1)}` : ''}`,
            {
              forbidden: { code: 'FORBIDDEN', message: `This API key lacks the required scope: ${trigger.scopes.join(' or ')}` },
              ...doc.errors[403]?.examples,
            },
          ),
        }
      : own(403)),
    ...own(404),
    405: ref('responses', 'MethodNotAllowed'),
    ...own(409),
    ...own(410),
    413: takesBody
      ? documentedError(
          `JSON body above ${BODY_LIMIT}, answered by the function itself. The local runtime refuses a body above 1 MiB before any function runs, a deployed stage's API Gateway one above its 10 MB limit, with the same code.`,
          {
            service: { code: 'PAYLOAD_TOO_LARGE', message: `request body exceeds ${BODY_LIMITS.bytes} bytes (${BODY_LIMIT})` },
            apiGateway: { code: 'PAYLOAD_TOO_LARGE', message: "request body exceeds API Gateway's 10 MB limit" },
          },
          fromServiceOrGateway,
        )
      : documentedError(
          'The request carries a body (a GET takes none) above what the local runtime (1 MiB) or API Gateway (10 MB) accepts',
          {
            service: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body exceeds 1048576 bytes' },
            apiGateway: { code: 'PAYLOAD_TOO_LARGE', message: "request body exceeds API Gateway's 10 MB limit" },
          },
          fromServiceOrGateway,
        ),
    ...(takesBody
      ? {
          415: documentedError('A body sent without `Content-Type: application/json`', {
            unsupported: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' },
          }),
        }
      : {}),
    ...own(422),
    429: ref('responses', 'Throttled'),
    500: ref('responses', 'Internal'),
    502: doc.errors[502] ? own(502)[502]! : ref('responses', 'BadGateway'),
    504: ref('responses', 'GatewayTimeout'),
  };
};

/** The stage names of lib/stages.ts (a unit test keeps them equal; shared/ does not import the CDK code). */
export const STAGE_NAMES = ['dev', 'prod'];

/**
 * Where the API answers. The path keys carry the `/v1` prefix themselves
 * (lib/api.ts adds each function path, `/v1/...`, under the stage's root), so
 * a server URL stops before it: the local runtime's origin, and a stage's
 * invoke URL, which ends with the stage name (the stack's `ApiUrl` output).
 * The local runtime listens on 127.0.0.1 only (local/runtime.ts), so `localhost`,
 * which may resolve to ::1 first, is not written.
 */
type Server = { url: string; description: string; variables: Record<string, { default: string; enum?: string[]; description: string }> };
export const SERVERS: Server[] = [
  {
    url: 'http://127.0.0.1:{port}',
    description: 'The local runtime (`npm start`); `PORT` moves it',
    variables: { port: { default: '3000', description: 'The PORT npm start was given (default 3000)' } },
  },
  {
    url: 'https://{restApiId}.execute-api.{region}.amazonaws.com/{stage}',
    description: "A deployed stage: the stack's `ApiUrl` output (`cdk deploy -c stage=<stage>`)",
    variables: {
      restApiId: { default: 'restApiId', description: "The REST API id, the first label of the stack's `ApiUrl` output" },
      region: { default: 'us-east-1', description: 'The AWS region the stage is deployed to' },
      stage: { default: 'dev', enum: STAGE_NAMES, description: 'The stage name (lib/stages.ts)' },
    },
  },
];

const scopeText = (name: HttpFunctionName): string => {
  const fn = httpFunctions().find((f) => f.name === name);
  if (!fn) throw new Error(`no HTTP function ${name} in the function list`);
  return fn.trigger.scopes.length ? `scope ${fn.trigger.scopes.map((s) => `\`${s}\``).join(' or ')}` : 'any valid key';
};

/**
 * info.description: the conventions and the typical call order of spec part
 * 1, as the /docs page shows it first. The scopes come from the function list.
 */
const GUIDE = [
  'Rate a parcel with every carrier of your pricing group, buy the label of the rate you pick, download the label file, track the shipment and cancel it before pickup.',
  '',
  'Every request sends `X-API-Key: <prefix>_api_<32 hex>`: a live key (prefix `ship` by default) or a test key (prefix `shiptest` by default). Successful responses wrap their content in `data`; errors are `{"error": {"code", "message", "details"?}}`. Every response carries `x-request-id`, except the answers API Gateway gives itself on a deployed stage, which carry `x-amzn-RequestId`. A key over its request limit gets 429 `THROTTLED` with `Retry-After` (seconds to wait).',
  '',
  '## Test and live keys',
  '',
  'A key is `live` or `test`, and its prefix says which. Both work the same way on every operation. What a test key rates and ships is test: sandbox carriers behave exactly as for a live key, live carriers are called in their own test environment, and the answers about it (rate, ship, labels, track, cancel) say `"mode": "test"` in `data` (`"live"` for a live key). A key never sees the other mode\'s rate responses or orders: they answer 404, as unknown ones do. Status e-mails of a test order have `[TEST] ` before the subject and a line saying it is a test shipment.',
  '',
  '## Typical call order',
  '',
  '1. **Get a key.** The operator creates one for your company: `npm run -s admin -- key create --company <companyId> [--scopes shipments:rate,shipments:create,...]` (printed once). Add `--mode test` for a test key. Locally, `npm start` prints a demo key and a demo test key, each with every scope. A key with no scopes listed has them all. A missing or invalid key is 401, a missing scope 403.',
  `2. **Discover** (optional, ${scopeText('packaging-types')}): \`GET /v1/packaging-types\` (a piece's \`packagingType\` is a default's \`code\` or a custom box's \`id\`), \`GET /v1/carriers\`, then \`GET /v1/carrier-services?carrierCode=<code>\` (codes for \`shippingType\`).`,
  `3. **Rate** (${scopeText('rate')}): \`POST /v1/rate\` with the shipment. Pick a \`rateResponseId\` from \`data.rates[]\`; a rate can be shipped for 24 hours.`,
  `4. **Ship** (${scopeText('ship')}): \`POST /v1/ship/{rateResponseId}\` with \`{}\` (or \`{"labelFormat": "ZPL"}\`). Keep \`orderId\`, \`trackingNumber\` and \`metadata.trackingUrl\`, and check \`data.status\`. Sending it again is safe: it answers the same order with \`Idempotent-Replayed: true\`.`,
  `5. **List the labels** (optional, ${scopeText('labels')}): \`GET /v1/labels/{orderId}\` answers \`available[]\` (ship already returned it in \`labels.available\`).`,
  `6. **Download a label file** (${scopeText('label-file')}): \`GET /v1/labels/{orderId}/{code}\` answers 302; its \`Location\` is a presigned URL of the PDF or ZPL file, valid a few minutes (ask again for a new one). Repeat per label type.`,
  `7. **Track** (${scopeText('track')}): \`GET /v1/track/{orderId}\` answers \`transitStatus\`, \`updated\` and the events.`,
  `8. **Cancel** (optional, ${scopeText('cancel')}): \`DELETE /v1/shipments/{orderId}\` before pickup; check \`data.status\` (\`cancelled\`). After pickup, or once on a manifest, it is 409.`,
  `9. **Close the day** (${scopeText('manifests-create')}): \`POST /v1/manifests\` with \`{"carrierCode": "CARRIERX"}\` puts the carrier's open shipments on a manifest (one per carrier account); download its PDF for the driver with \`GET /v1/manifests/{manifestId}/MANIFEST_PDF\` (302). Shipments made afterwards go on the next close.`,
].join('\n');

/** The events POSTed to a registered endpoint: OpenAPI 3.1's `webhooks`, one POST each (docs/webhooks.md). */
const webhookOperations = (schemas: Schemas) =>
  Object.fromEntries(
    Object.entries(webhookEvents).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `webhook-${type.replace('.', '-')}`,
          // Sent by this service, not called with an API key: the signature headers authenticate it.
          security: [],
          summary: `${type} event`,
          description: `Sent to every enabled endpoint subscribed to \`${type}\`, signed per Standard Webhooks. The same \`webhook-id\` comes with every attempt of one message; answer 2xx within 15 s, or it is retried for about a day; \`410 Gone\` disables the endpoint.`,
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: { required: true, content: { 'application/json': { schema: schemas.use(schema) } } },
          responses: { '200': { description: 'Received (any 2xx)' }, '410': { description: 'Gone: the endpoint is disabled' } },
        },
      },
    ]),
  );

/** A shared response as the document has always written it: its body's schema before the examples. */
const schemaFirst = (response: ResponseConfig): ResponseConfig =>
  response.content
    ? { ...response, content: Object.fromEntries(Object.entries(response.content).map(([type, { schema, ...rest }]) => [type, { schema, ...rest }])) }
    : response;

/**
 * A route's path or query parameters: one parameter per property of its
 * schema, the property's description beside its schema.
 */
const parametersOf = (where: 'path' | 'query', object: JsonSchema) => {
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(object.properties as Record<string, JsonSchema>).map(([name, schema]) => ({
    schema,
    required: where === 'path' || required.has(name),
    ...(schema.description ? { description: schema.description } : {}),
    name,
    in: where,
  }));
};

export const buildOpenApi = () => {
  const schemas = createJsonSchemas();
  // Error responses name it by reference; the contract leaves the error body unnamed.
  schemas.name('Error', errorBody);
  const parameterObjects: Array<{ where: 'path' | 'query'; object: JsonSchema; into: unknown[] }> = [];
  const paths: Record<string, Partial<Record<'get' | 'post' | 'delete', Operation>>> = {};
  for (const fn of httpFunctions()) {
    const route = routeOf(fn.name);
    const trigger: HttpTrigger = fn.trigger;
    const scopes = trigger.scopes.length ? `Required scope: ${trigger.scopes.join(' or ')}.` : 'Any valid API key.';
    const { params, query, body } = route.request;
    const responses = responsesOf(trigger, route, schemas);
    const parameters: unknown[] = [];
    if (params) parameterObjects.push({ where: 'path', object: schemas.use(params), into: parameters });
    if (query) parameterObjects.push({ where: 'query', object: schemas.use(query), into: parameters });
    paths[trigger.path] = {
      ...paths[trigger.path],
      [trigger.method.toLowerCase()]: {
        operationId: fn.name,
        summary: route.summary,
        description: `${fn.description}. ${scopes}`,
        security: [{ ApiKey: [] }],
        ...(params || query ? { parameters } : {}),
        ...(body ? { requestBody: { required: body.required, content: { 'application/json': { schema: schemas.use(body.schema) } } } } : {}),
        responses,
      },
    };
  }
  const webhooks = webhookOperations(schemas);
  const components = schemas.resolve();
  for (const { where, object, into } of parameterObjects) into.push(...parametersOf(where, object));

  return {
    openapi: '3.1.0',
    info: { title: 'Shipping rate-and-label API', version: '1.0.0', description: GUIDE },
    servers: SERVERS,
    components: {
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            'The API key: `<prefix>_api_` and 32 lowercase hex characters. A live key has the live prefix (`ship` unless the deployment sets API_KEY_PREFIX), a test key the test prefix (`shiptest` unless it sets API_KEY_TEST_PREFIX).',
        },
      },
      headers: HEADERS,
      responses: Object.fromEntries(Object.entries(SHARED_RESPONSES).map(([name, response]) => [name, schemaFirst(response)])),
      schemas: ordered(components, { paths, webhooks, responses: SHARED_RESPONSES }),
      parameters: {},
    },
    paths,
    webhooks,
  };
};

/**
 * The components in the order the document first meets them (the error
 * body, the webhook events, then the operations, answers before requests,
 * each followed by those it refers to), as it always listed them; a
 * component nothing refers to is left out.
 */
const ordered = (components: Record<string, JsonSchema>, document: { paths: unknown; webhooks: unknown; responses: unknown }): Record<string, JsonSchema> => {
  const order: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    // An operation's answers first, then its request.
    const entries = Object.entries(node).sort(([a], [b]) => Number(b === 'responses') - Number(a === 'responses'));
    for (const [key, value] of entries) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(componentRef(''))) {
        const id = value.slice(componentRef('').length);
        if (!order.includes(id)) {
          order.push(id);
          visit(components[id]);
        }
      } else visit(value);
    }
  };
  visit({ $ref: componentRef('Error') });
  visit(document.webhooks);
  visit(document.paths);
  visit(document.responses);
  return Object.fromEntries(order.map((id) => [id, components[id]!]));
};
