/**
 * The OpenAPI document, generated from three sources: the function manifest
 * (shared/manifest.ts: method, path, scopes, body policy), the contract's zod
 * schemas of requests and responses (shared/contract/), and `routeDocs` below,
 * which says for each route which of those schemas it takes and answers with
 * which status, and its own refusals with their error examples (spec part 2,
 * docs/decisions.md). `npm run openapi` writes openapi.json; a unit test fails
 * when it is stale, `npm test` lints it (redocly.yaml) and compiles every
 * schema with Ajv.
 *
 * Every operation documents every status the service can answer: the
 * function's own, the local runtime's (local/api-gateway.ts) and the
 * ones API Gateway answers itself on a deployed stage (lib/api.ts).
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { cancelParams, cancelResponse } from '../shared/contract/cancel';
import { carrierServicesQuery, carriersResponse, carrierServicesResponse, packagingTypesResponse } from '../shared/contract/catalog';
import { envelope, errorBody } from '../shared/contract/shared-schemas';
import { labelFileParams, labelList, labelsParams } from '../shared/contract/labels';
import { manifest, manifestCreateBody, manifestCreated, manifestFileParams, manifestList, manifestListQuery, manifestParams, MAX_MANIFEST_ORDERS } from '../shared/contract/manifests';
import { rateBody, rateResponse } from '../shared/contract/rate';
import { shipBody, shipParams, shipResponse } from '../shared/contract/ship';
import { trackParams, trackResponse } from '../shared/contract/track';
import {
  createdWebhook,
  createWebhookBody,
  deletedWebhook,
  deliveryList,
  deliveryParams,
  retryAccepted,
  webhook,
  webhookList,
  webhookParams,
} from '../shared/contract/webhooks';
import { webhookEvents } from '../shared/contract/webhook-events';
import { type ErrorCode } from '../shared/errors';
import { BODY_LIMITS } from '../shared/http/json-body';
import { httpFunctions, type HttpFunctionName, type HttpTrigger } from '../shared/manifest';
import { toClassic } from './zod-classic';

extendZodWithOpenApi(z);

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
  RetryAfterWhenInProgress: { description: 'With `SHIPMENT_IN_PROGRESS` only: seconds to wait before retrying.', required: false, schema: { type: 'integer', minimum: 1 } },
  Location: { description: 'Where to download the file: a presigned object-storage URL, valid a few minutes.', required: true, schema: { type: 'string', format: 'uri' } },
  ManifestReplayed: {
    description: '`true`: this close found nothing left to close and answers the manifests an earlier close of the same shipments (or the concurrent close it waited for) made.',
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

type ErrorExample = { code: ErrorCode; message: string };
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
        schema: ref('schemas', 'Error'),
        ...(named.length === 1
          ? { example: example(named[0]![1]) }
          : { examples: Object.fromEntries(named.map(([name, e]) => [name, { value: example(e) }])) }),
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
  Internal: documentedError('Internal error; the message says nothing of the cause', { internal: { code: 'INTERNAL', message: 'Internal error' } }, fromServiceOrGateway),
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

/** The statuses a route may document as its own refusals; auth, size, media type, throttling and 5xx are added from the trigger. */
type OwnStatus = 400 | 402 | 403 | 404 | 409 | 410 | 422 | 502;

/**
 * The contract's schemas are zod/mini (shared/zod.ts); each is converted to
 * classic zod (./zod-classic.ts) where it is handed to zod-to-openapi.
 */
type RouteDoc = {
  summary: string;
  /** Path parameters, exactly those of the manifest's path. */
  params?: z.core.$ZodObject;
  query?: z.core.$ZodObject;
  /** The JSON body, exactly when the manifest's body policy takes one (required or optional). */
  body?: z.core.$ZodType;
  ok: { status: number; description: string; schema?: z.core.$ZodType; headers?: Record<string, { $ref: string }> };
  /** Other successful answers (GET /v1/labels/{orderId}/{labelType} answers 200 with the list for an unknown type). */
  alternatives?: Record<number, { description: string; schema: z.core.$ZodType; headers?: Record<string, { $ref: string }> }>;
  /** The route's own refusals; a documented 502 replaces the shared one. `retryAfter`: the answer carries `Retry-After` (`busy`: only with ORDER_BUSY, `in-progress`: only with SHIPMENT_IN_PROGRESS). */
  errors: Partial<Record<OwnStatus, { description: string; examples: ErrorExamples; retryAfter?: true | 'busy' | 'in-progress' }>>;
};

/**
 * The OpenAPI half of each HTTP function's declaration in the manifest, by
 * name: the compiler refuses a function of the manifest without it, or a name
 * that is not one. It stays out of shared/manifest.ts, which every function
 * bundle imports, because it holds zod schemas made for zod-to-openapi.
 */
export const routeDocs: Record<HttpFunctionName, RouteDoc> = {
  'packaging-types': {
    summary: 'List packaging types: defaults first, then the company custom boxes',
    ok: { status: 200, description: 'Catalog entries', schema: envelope(packagingTypesResponse) },
    errors: {},
  },
  carriers: {
    summary: "List the carriers of the company's pricing group",
    ok: { status: 200, description: 'Carriers', schema: envelope(carriersResponse) },
    errors: {},
  },
  'carrier-services': {
    summary: 'List the enabled services of a carrier; the first entry is always `default`',
    query: carrierServicesQuery,
    ok: { status: 200, description: 'Services', schema: envelope(carrierServicesResponse) },
    errors: {
      400: { description: 'Missing carrierCode', examples: { missing: { code: 'VALIDATION_FAILED', message: 'carrierCode is required' } } },
      404: {
        description: "Carrier unknown or not in the company's pricing group",
        examples: { notFound: { code: 'NOT_FOUND', message: 'carrier not found in your pricing group: CARRIERQ' } },
      },
    },
  },
  ship: {
    summary: 'Buy the shipment of one rate response, exactly once',
    params: shipParams,
    body: shipBody,
    ok: {
      status: 200,
      description:
        'The shipment. Shipping the same rate response again answers the same order (same `orderId` and `trackingNumber`) with `Idempotent-Replayed: true`, also after the rate has expired.',
      schema: envelope(shipResponse),
      headers: { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') },
    },
    errors: {
      400: {
        description:
          "rateResponseId is not a UUID, the body is not a JSON object, or the rate request's third-party bill-to account is on the organization's blacklist (checked again at ship)",
        examples: {
          id: { code: 'VALIDATION_FAILED', message: 'rateResponseId must be a UUID' },
          blacklisted: { code: 'VALIDATION_FAILED', message: 'billingOptions.thirdPartyShipperNumber is not allowed for third-party billing by this organization' },
        },
      },
      402: {
        description: 'The organization is not on account billing (spec part 7)',
        examples: { billing: { code: 'ACCOUNT_BILLING_REQUIRED', message: 'Shipping needs an organization on account billing' } },
      },
      404: { description: "No such rate response, another company's, or one rated with a key of the other mode (test or live)", examples: { notFound: { code: 'NOT_FOUND', message: 'rate response not found' } } },
      409: {
        description:
          'Another request is shipping this rate response right now (`SHIPMENT_IN_PROGRESS`): retry after `Retry-After` seconds to get its shipment. Or the carrier account the rate was quoted under no longer serves your pricing group (`RATE_ACCOUNT_CHANGED`): nothing was bought; rate the shipment again',
        examples: {
          inProgress: { code: 'SHIPMENT_IN_PROGRESS', message: 'A shipment of this rate response is being created; retry shortly' },
          accountChanged: { code: 'RATE_ACCOUNT_CHANGED', message: 'The UPS carrier account this rate was quoted under no longer serves your pricing group; rate the shipment again' },
        },
        retryAfter: 'in-progress',
      },
      410: { description: 'The rate response has expired (rates live 24 hours)', examples: { expired: { code: 'RATE_EXPIRED', message: 'This rate expired at 2026-11-23T12:00:00.000Z; rate the shipment again' } } },
      422: {
        description: "The carrier refused the shipment as requested (its reason is in the message, for example an address it cannot serve); nothing was bought, and the rate response can be shipped again once the cause is fixed (rate again when the request must change)",
        examples: { rejected: { code: 'CARRIER_REJECTED', message: 'UPS rejected the shipment: 120100: Missing or invalid shipper number' } },
      },
      502: {
        description:
          'The carrier failed or did not answer in time; nothing was bought, and the rate response can be shipped again: the next ship asks the carrier first for a shipment the failed attempt may have made, so shipping again never buys twice',
        examples: { carrier: { code: 'CARRIER_ERROR', message: 'CARRIERX could not create the shipment: CARRIERX answered HTTP 500 Internal Server Error' } },
      },
    },
  },
  labels: {
    summary: 'List the label types of an order',
    params: labelsParams,
    ok: { status: 200, description: 'The label types; each `code` is a `labelType`. A cancelled shipment lists none (`available: []`): its labels are void.', schema: envelope(labelList) },
    errors: {
      400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
      403: { description: "The order, of the key's mode, belongs to another company (spec 4.7)", examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } } },
      404: { description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)', examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } } },
    },
  },
  'label-file': {
    summary: 'Download one label file: a redirect to a freshly presigned URL',
    params: labelFileParams,
    ok: {
      status: 302,
      description:
        'The file is ready: `Location` is a presigned URL of the file, valid a few minutes (LABEL_URL_MINUTES); call this endpoint again for a new one. The file is made on the first request and kept: of the documents the carrier issued with the shipment where it issued them (its ZPL labels joined in package order, its PDF labels merged, its label images placed one per 4×6 page), else drawn by the service.',
      headers: { Location: ref('headers', 'Location') },
    },
    alternatives: {
      200: {
        description: 'The label type is unknown or ambiguous for this order, or the shipment was cancelled (no label then): the list, as GET /v1/labels/{orderId}',
        schema: envelope(labelList),
      },
    },
    errors: {
      400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
      403: { description: "The order, of the key's mode, belongs to another company (spec 4.7)", examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } } },
      404: { description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)', examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } } },
    },
  },
  track: {
    summary: "Track an order: status, events, and how fresh they are",
    params: trackParams,
    ok: {
      status: 200,
      description:
        'The tracking. When the order is due (`nextCheckAt` passed, or never checked) the carrier is asked first, within a few seconds; otherwise the stored tracking is answered. A cancelled order shows `cancelled`.',
      schema: envelope(trackResponse),
    },
    errors: {
      400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
      403: { description: "The order, of the key's mode, belongs to another company (as on the label endpoints)", examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } } },
      404: { description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)', examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } } },
    },
  },
  cancel: {
    summary: 'Cancel (void) a shipment before pickup',
    params: cancelParams,
    ok: {
      status: 200,
      description:
        'The shipment is voided at the carrier and the order is `cancelled`; cancelling again answers the same. Its labels are void: GET /v1/labels/{orderId} then lists none.',
      schema: envelope(cancelResponse),
    },
    errors: {
      400: { description: 'orderId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'orderId must be a UUID' } } },
      403: { description: "The order, of the key's mode, belongs to another company (as on the label endpoints); it is left untouched", examples: { other: { code: 'FORBIDDEN', message: 'This order belongs to another company' } } },
      404: { description: 'No such order, or an order of the other mode (a test order to a live key, a live order to a test key)', examples: { notFound: { code: 'NOT_FOUND', message: 'order not found' } } },
      409: {
        description:
          'The shipment is in transit (or in exception) or delivered: it can no longer be cancelled (`NOT_CANCELLABLE`). Or, rarely, the order kept changing under concurrent requests while the cancel was being stored (`ORDER_BUSY`, with `Retry-After`): the carrier has voided the shipment, and cancelling again completes it.',
        examples: {
          notCancellable: { code: 'NOT_CANCELLABLE', message: 'The shipment is in transit; only a shipment not yet picked up can be cancelled' },
          busy: { code: 'ORDER_BUSY', message: 'The order is being changed by concurrent requests; retry shortly' },
        },
        retryAfter: 'busy',
      },
      502: {
        description: "The carrier refused to void the shipment (its reason is in the message), failed or did not answer in time; the order is unchanged",
        examples: { refused: { code: 'CARRIER_ERROR', message: 'CARRIERX refused to cancel the shipment: CARRIERX cannot void 1Z...: picked up at 2026-11-23T16:00:00.000Z' } },
      },
    },
  },
  rate: {
    summary: 'Rate a shipment with every quoted carrier; returns sanitized rates',
    body: rateBody,
    ok: { status: 200, description: 'Rates', schema: envelope(rateResponse) },
    errors: {
      400: {
        description:
          `Validation failed (messages \`<path> <text>\` joined with \`; \`), unknown packagingType, organization without user, blacklisted third-party account, empty body, malformed JSON or JSON nested more than ${BODY_LIMITS.depth} levels`,
        examples: {
          schema: { code: 'VALIDATION_FAILED', message: 'packages.pieces[0].weight must be >= 0; shipper.countryCode must be a 2-letter ISO country code' },
          packagingType: { code: 'VALIDATION_FAILED', message: 'packagingType not found: MY_BOX' },
          malformedJson: { code: 'VALIDATION_FAILED', message: 'request body is not valid JSON' },
        },
      },
      422: {
        description: 'No carrier returned a rate (code NO_RATES)',
        examples: { noRates: { code: 'NO_RATES', message: 'No rates were returned for this shipment: no carrier of your pricing group can quote this selection' } },
      },
    },
  },
  'webhooks-create': {
    summary: 'Register a webhook endpoint; the answer shows its signing secret, once',
    body: createWebhookBody,
    ok: {
      status: 201,
      description:
        'The endpoint, with `secret` (shown only here). Events are POSTed to `url` signed per Standard Webhooks: headers `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret); the bodies are under `webhooks` in this document.',
      schema: envelope(createdWebhook),
    },
    errors: {
      400: {
        description: 'Not a JSON object, an unknown property or event type, a field too long, or a URL refused (not https, credentials in it, a host that does not resolve or resolves to a loopback, private, link-local or metadata address)',
        examples: {
          url: { code: 'VALIDATION_FAILED', message: 'url only https URLs are accepted' },
          event: { code: 'VALIDATION_FAILED', message: 'events[0] must be one of shipment.created, tracking.updated, shipment.cancelled' },
        },
      },
      409: {
        description: 'The company has 10 endpoints already',
        examples: { limit: { code: 'WEBHOOK_LIMIT_REACHED', message: 'at most 10 webhook endpoints per company; delete one first' } },
      },
    },
  },
  'webhooks-list': {
    summary: "List the company's webhook endpoints (no secrets)",
    ok: { status: 200, description: 'The endpoints, oldest first', schema: envelope(webhookList) },
    errors: {},
  },
  'webhook-get': {
    summary: 'Read one webhook endpoint',
    params: webhookParams,
    ok: { status: 200, description: 'The endpoint (no secret)', schema: envelope(webhook) },
    errors: {
      400: { description: 'webhookId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
      404: { description: "No such endpoint, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'webhook not found' } } },
    },
  },
  'webhook-delete': {
    summary: 'Delete a webhook endpoint',
    params: webhookParams,
    ok: { status: 200, description: 'Deleted: nothing more is sent to it, and its pending deliveries end `failed`', schema: envelope(deletedWebhook) },
    errors: {
      400: { description: 'webhookId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
      404: { description: "No such endpoint, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'webhook not found' } } },
    },
  },
  'webhook-deliveries': {
    summary: "List an endpoint's latest deliveries, newest first",
    params: webhookParams,
    ok: { status: 200, description: 'At most 50 deliveries, newest first; each is kept 30 days', schema: envelope(deliveryList) },
    errors: {
      400: { description: 'webhookId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
      404: { description: "No such endpoint, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'webhook not found' } } },
    },
  },
  'manifests-create': {
    summary: "Close out the day with a carrier: its open shipments on a manifest",
    body: manifestCreateBody,
    ok: {
      status: 201,
      description:
        `The manifests this close made: one per carrier account the shipments were bought on. \`data\` is the first one, and \`data.manifests\` lists them all (the first included), so a caller with one account reads \`data\` alone. Each shipment is on one manifest at most; at most ${MAX_MANIFEST_ORDERS} orders per close (the oldest first), so a close again takes the rest. Shipments made after the close stay open for the next one. A parcel carrier that needs no carrier call (the sandbox parcel carriers, UPS, which manifests at ship) gets a manifest PDF drawn by this service; \`documents[].href\` downloads it.`,
      schema: envelope(manifestCreated),
    },
    alternatives: {
      200: {
        description:
          'A repeated close: nothing is left open for the day (or among the named orders), and this answers the manifests the earlier close made, with `Idempotent-Replayed: true`; likewise a close that waited for a concurrent close of the same carrier',
        schema: envelope(manifestCreated),
        headers: { 'Idempotent-Replayed': ref('headers', 'ManifestReplayed') },
      },
    },
    errors: {
      400: {
        description:
          'The body is not a manifest close (carrierCode missing or not a code, shipDate not a date within 30 days before and 7 after today, orderIds not UUIDs, more than the limit, or repeated), a named order is cancelled, or the carrier ships freight (CARRIERF: each shipment has its own bill of lading, and no manifest)',
        examples: {
          date: { code: 'VALIDATION_FAILED', message: 'shipDate must be from 30 days before today to 7 days after' },
          freight: { code: 'VALIDATION_FAILED', message: 'carrierCode CARRIERF ships freight: each shipment has its own bill of lading, and no manifest' },
        },
      },
      404: {
        description: "The carrier is not in the company's pricing group for the key's mode, or a named order is not one of the company's shipments of that carrier and mode",
        examples: { carrier: { code: 'NOT_FOUND', message: 'carrier not found in your pricing group: CARRIERQ' } },
      },
      409: {
        description: 'Another close of the same carrier and mode has been running for a while: retry after `Retry-After` seconds to get its manifests',
        examples: { inProgress: { code: 'MANIFEST_IN_PROGRESS', message: 'Another close of this carrier is running; retry shortly to get its manifest' } },
        retryAfter: true,
      },
      422: {
        description: 'Nothing to close: no open shipment of the carrier ships on or before shipDate (and no earlier close of that day to answer again)',
        examples: { nothing: { code: 'NOTHING_TO_MANIFEST', message: 'No open CARRIERX shipment to close for 2026-11-23' } },
      },
      502: {
        description:
          'A carrier that transmits its close failed or did not answer; the orders are on the manifest (status `closing`), and closing again finishes it, asking the carrier first what the failed call made',
        examples: { carrier: { code: 'CARRIER_ERROR', message: 'CANADAPOST could not close out the shipments: timeout. Closing again finishes this manifest' } },
      },
    },
  },
  'manifests-list': {
    summary: "List the company's manifests, newest ship date first",
    query: manifestListQuery,
    ok: { status: 200, description: "The manifests of the key's mode, a page at a time (`nextCursor`); a carrier filter may give a short page that still has a next one", schema: envelope(manifestList) },
    errors: {
      400: {
        description: 'A query parameter is malformed: a date that is not YYYY-MM-DD, `from` after `to`, a limit outside 1–50, or a cursor this list did not give',
        examples: { cursor: { code: 'VALIDATION_FAILED', message: 'cursor is not a cursor of this list' } },
      },
    },
  },
  'manifest-get': {
    summary: 'Get one manifest',
    params: manifestParams,
    ok: { status: 200, description: 'The manifest', schema: envelope(manifest) },
    errors: {
      400: { description: 'manifestId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'manifestId must be a UUID' } } },
      404: { description: "No such manifest, another company's, or one of the other mode", examples: { notFound: { code: 'NOT_FOUND', message: 'manifest not found' } } },
    },
  },
  'manifest-file': {
    summary: 'Download a manifest document: a redirect to a freshly presigned URL',
    params: manifestFileParams,
    ok: {
      status: 302,
      description: '`Location` is a presigned URL of the PDF, valid a few minutes (LABEL_URL_MINUTES); call this endpoint again for a new one. The carrier\'s own manifest where its close issued one, else the one this service drew.',
      headers: { Location: ref('headers', 'Location') },
    },
    alternatives: { 200: { description: 'The document code is not one of the manifest: the manifest, with its `documents`, as GET /v1/manifests/{manifestId}', schema: envelope(manifest) } },
    errors: {
      400: { description: 'manifestId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'manifestId must be a UUID' } } },
      404: { description: "No such manifest: another company's, or one of the other mode", examples: { notFound: { code: 'NOT_FOUND', message: 'manifest not found' } } },
      409: {
        description: 'The manifest is still closing (a close that stopped: closing the carrier again finishes it)',
        examples: { closing: { code: 'MANIFEST_IN_PROGRESS', message: 'This manifest is still closing; close the carrier again to finish it, then ask again' } },
        retryAfter: true,
      },
    },
  },
  'webhook-retry': {
    summary: 'Send a delivery again, with the same webhook-id and body',
    params: deliveryParams,
    ok: {
      status: 202,
      description: 'Queued: attempted now. A delivered or failed delivery gets one attempt; a pending one keeps its schedule after it.',
      schema: envelope(retryAccepted),
    },
    errors: {
      400: { description: 'webhookId is not a UUID, or deliveryId not a delivery id', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
      404: { description: "No such endpoint or delivery, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'delivery not found' } } },
      409: {
        description: 'The endpoint is disabled (it answered 410 Gone), or an attempt of this delivery is in flight right now',
        examples: { disabled: { code: 'WEBHOOK_CONFLICT', message: 'This endpoint is disabled (it answered 410 Gone); register it again to receive events' } },
        retryAfter: true,
      },
    },
  },
};

/** Every response of an operation, by status. */
const responsesOf = (trigger: HttpTrigger, doc: RouteDoc): Record<string, ResponseConfig | { $ref: string }> => {
  const own = (status: OwnStatus) => {
    const e = doc.errors[status];
    if (!e) return {};
    const retryAfter = ref('headers', e.retryAfter === 'busy' ? 'RetryAfterWhenBusy' : e.retryAfter === 'in-progress' ? 'RetryAfterWhenInProgress' : 'RetryAfter');
    return { [status]: documentedError(e.description, e.examples, e.retryAfter ? { ...fromService, 'Retry-After': retryAfter } : fromService) };
  };
  const takesBody = trigger.body !== 'none';
  return {
    [doc.ok.status]: {
      description: doc.ok.description,
      headers: { ...fromService, ...doc.ok.headers },
      ...(doc.ok.schema ? { content: { 'application/json': { schema: toClassic(doc.ok.schema) } } } : {}),
    },
    ...Object.fromEntries(
      Object.entries(doc.alternatives ?? {}).map(([status, alt]) => [
        status,
        { description: alt.description, headers: { ...fromService, ...alt.headers }, content: { 'application/json': { schema: toClassic(alt.schema) } } },
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
      ? { 415: documentedError('A body sent without `Content-Type: application/json`', { unsupported: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' } }) }
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
 * (lib/api.ts adds each manifest path, `/v1/...`, under the stage's root), so
 * a server URL stops before it: the local runtime's origin, and a stage's
 * invoke URL, which ends with the stage name (the stack's `ApiUrl` output).
 * The local runtime listens on 127.0.0.1 only (bin/local.ts), so `localhost`,
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
  if (!fn) throw new Error(`no HTTP function ${name} in the manifest`);
  return fn.trigger.scopes.length ? `scope ${fn.trigger.scopes.map((s) => `\`${s}\``).join(' or ')}` : 'any valid key';
};

/**
 * info.description: the conventions and the typical call order of spec part
 * 1, as the /docs page shows it first. The scopes come from the manifest.
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
const webhookOperations = () =>
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
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } })),
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${toClassic(schema).meta()!.id as string}` } } } },
          responses: { '200': { description: 'Received (any 2xx)' }, '410': { description: 'Gone: the endpoint is disabled' } },
        },
      },
    ]),
  );

export const buildOpenApi = () => {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      'The API key: `<prefix>_api_` and 32 lowercase hex characters. A live key has the live prefix (`ship` unless the deployment sets API_KEY_PREFIX), a test key the test prefix (`shiptest` unless it sets API_KEY_TEST_PREFIX).',
  });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent('headers', name, header);
  // Error responses name it by reference (the shared ones are plain OpenAPI objects). A clone: a schema made before extendZodWithOpenApi cannot be registered.
  registry.register('Error', toClassic(errorBody).clone());
  for (const [name, response] of Object.entries(SHARED_RESPONSES)) registry.registerComponent('responses', name, response as never);

  for (const fn of httpFunctions()) {
    const doc = (routeDocs as Partial<Record<string, RouteDoc>>)[fn.name];
    if (!doc) throw new Error(`no OpenAPI documentation for HTTP function ${fn.name}`);
    const trigger: HttpTrigger = fn.trigger;
    if ((trigger.body === 'none') !== (doc.body === undefined)) {
      throw new Error(`${fn.name}: a body schema is documented exactly when the manifest's body policy (${trigger.body}) takes a body`);
    }
    const scopes = trigger.scopes.length ? `Required scope: ${trigger.scopes.join(' or ')}.` : 'Any valid API key.';
    registry.registerPath({
      method: trigger.method.toLowerCase() as 'get' | 'post' | 'delete',
      path: trigger.path, // API Gateway and OpenAPI share the {param} syntax.
      operationId: fn.name,
      summary: doc.summary,
      description: `${fn.description}. ${scopes}`,
      security: [{ ApiKey: [] }],
      request: {
        ...(doc.params ? { params: toClassic(doc.params) } : {}),
        ...(doc.query ? { query: toClassic(doc.query) } : {}),
        ...(doc.body ? { body: { required: trigger.body === 'required', content: { 'application/json': { schema: toClassic(doc.body) } } } } : {}),
      },
      responses: responsesOf(trigger, doc),
    });
  }

  // The webhook bodies, named components that `webhooks` below refers to (clones, as for Error).
  for (const schema of Object.values(webhookEvents).map(toClassic)) registry.register(schema.meta()!.id as string, schema.clone());

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Shipping rate-and-label API', version: '1.0.0', description: GUIDE },
    servers: SERVERS,
  });
  return { ...document, webhooks: webhookOperations() };
};
