/**
 * The webhook endpoints (docs/webhooks.md): POST/GET /v1/webhooks, GET and
 * DELETE /v1/webhooks/{webhookId}, GET .../deliveries and POST
 * .../deliveries/{deliveryId}/retry; and the events sent to an endpoint, whose
 * `data` is the answer of the API call of the same moment.
 */
import * as z from '../zod';
import { DELIVERY_ID_PATTERN, MAX_WEBHOOKS_PER_COMPANY, WEBHOOK_EVENT_TYPES } from '../domain/webhooks';
import { uuidParam } from './shared-schemas';
import { defineRoute } from './route';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES).register(z.globalRegistry, {
  id: 'WebhookEventType',
  description:
    '`shipment.created` (data: the ship answer), `tracking.updated` (data: the track answer; on each change of `transitStatus` and each new tracking event), `shipment.cancelled` (data: the cancel answer), `manifest.created` (data: the manifest, once a close has put its orders on it and its documents are ready), `pickup.scheduled` (data: the pickup, once the carrier booked it), `pickup.cancelled` (data: the pickup, once cancelled at the carrier), `batch.completed` (data: the batch, once its last item has ended: `completed`, `completed_with_errors` or `cancelled`)',
});

export const webhookIdParam = uuidParam('The id `POST /v1/webhooks` returned');
export const webhookParams = z.object({ webhookId: webhookIdParam });
export const deliveryParams = z.object({
  webhookId: webhookIdParam,
  deliveryId: z
    .string()
    .check(z.regex(DELIVERY_ID_PATTERN, 'must be a delivery id (msg_ and 26 characters)'))
    .register(z.globalRegistry, { description: 'A delivery id (the `webhook-id` header it was sent with)' }),
});

export const createWebhookBody = z
  .strictObject({
    url: z
      .string()
      .check(z.minLength(1), z.maxLength(MAX_WEBHOOK_URL_LENGTH))
      .register(z.globalRegistry, {
        description: `Where events are POSTed: an \`https\` URL whose host resolves to public addresses only (at most ${MAX_WEBHOOK_URL_LENGTH} characters, no user name or password). The local runtime also accepts \`http\`, loopback and private addresses, never link-local or metadata ones, nor IPv6 forms that carry an IPv4 address.`,
        example: 'https://example.com/hooks/shipping',
      }),
    events: z
      .optional(z.array(webhookEventType).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length)))
      .register(z.globalRegistry, { description: 'The event types to send; every type when absent' }),
    description: z.optional(z.string().check(z.maxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH))),
  })
  .register(z.globalRegistry, { id: 'WebhookCreate' });
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhook = z
  .object({
    id: z.string().register(z.globalRegistry, { description: 'The endpoint id (a UUID)' }),
    url: z.string(),
    events: z.array(webhookEventType),
    description: z.nullable(z.string()),
    enabled: z.boolean().register(z.globalRegistry, { description: 'false once the endpoint answered `410 Gone`: nothing more is sent to it' }),
    createdDate: z.string(),
  })
  .register(z.globalRegistry, { id: 'Webhook' });
export type Webhook = z.infer<typeof webhook>;

export const createdWebhook = z
  .extend(webhook, {
    secret: z.string().register(z.globalRegistry, {
      description:
        'The signing secret, `whsec_` + base64 of 32 bytes: shown in this answer only. Verify `webhook-signature` with it (any Standard Webhooks library).',
    }),
  })
  .register(z.globalRegistry, { id: 'WebhookCreated' });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const webhookList = z.array(webhook).check(z.maxLength(MAX_WEBHOOKS_PER_COMPANY));

export const deletedWebhook = z.object({ id: z.string(), deleted: z.literal(true) }).register(z.globalRegistry, { id: 'WebhookDeleted' });
export type DeletedWebhook = z.infer<typeof deletedWebhook>;

export const delivery = z
  .object({
    id: z.string().register(z.globalRegistry, { description: 'The `webhook-id` of the message, the same on every attempt and retry' }),
    type: webhookEventType,
    createdDate: z.string(),
    attempts: z.number().check(z.int()),
    status: z.enum(['pending', 'delivered', 'failed']).register(z.globalRegistry, {
      description: '`pending` while attempts remain, `delivered` after a 2xx, `failed` after the last attempt, a `410 Gone`, or when the endpoint is gone',
    }),
    lastResponseStatus: z
      .nullable(z.number().check(z.int()))
      .register(z.globalRegistry, { description: "The endpoint's HTTP status at the last attempt; null when none answered" }),
    lastError: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'Why the last attempt got no answer (timeout, connection refused, address not allowed)' }),
    nextAttemptAt: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'WebhookDelivery' });
export type Delivery = z.infer<typeof delivery>;

export const deliveryList = z.array(delivery);
export const retryAccepted = z.object({ id: z.string(), status: z.literal('pending') }).register(z.globalRegistry, { id: 'WebhookRetryAccepted' });
export type RetryAccepted = z.infer<typeof retryAccepted>;

// The bodies POSTed to an endpoint are ./webhook-events.ts: the webhook functions need none of the answers they carry.

export const webhooksCreateRoute = /* @__PURE__ */ defineRoute({
  name: 'webhooks-create',
  method: 'POST',
  path: '/v1/webhooks',
  scopes: ['webhooks:manage'],
  description: 'Register a webhook endpoint; its signing secret is shown once',
  summary: 'Register a webhook endpoint; the answer shows its signing secret, once',
  request: { body: { schema: createWebhookBody, required: true } },
  ok: {
    status: 201,
    description:
      'The endpoint, with `secret` (shown only here). Events are POSTed to `url` signed per Standard Webhooks: headers `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret); the bodies are under `webhooks` in this document.',
    schema: createdWebhook,
  },
  errors: {
    400: {
      description:
        'Not a JSON object, an unknown property or event type, a field too long, or a URL refused (not https, credentials in it, a host that does not resolve or resolves to a loopback, private, link-local or metadata address)',
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
});

export const webhooksListRoute = /* @__PURE__ */ defineRoute({
  name: 'webhooks-list',
  method: 'GET',
  path: '/v1/webhooks',
  scopes: ['webhooks:manage'],
  description: "The company's webhook endpoints, without their secrets",
  summary: "List the company's webhook endpoints (no secrets)",
  request: {},
  ok: { status: 200, description: 'The endpoints, oldest first', schema: webhookList },
  errors: {},
});

export const webhookGetRoute = /* @__PURE__ */ defineRoute({
  name: 'webhook-get',
  method: 'GET',
  path: '/v1/webhooks/{webhookId}',
  scopes: ['webhooks:manage'],
  description: 'One webhook endpoint',
  summary: 'Read one webhook endpoint',
  request: { params: webhookParams },
  ok: { status: 200, description: 'The endpoint (no secret)', schema: webhook },
  errors: {
    400: { description: 'webhookId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
    404: { description: "No such endpoint, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'webhook not found' } } },
  },
});

export const webhookDeleteRoute = /* @__PURE__ */ defineRoute({
  name: 'webhook-delete',
  method: 'DELETE',
  path: '/v1/webhooks/{webhookId}',
  scopes: ['webhooks:manage'],
  description: 'Delete a webhook endpoint; nothing more is sent to it',
  summary: 'Delete a webhook endpoint',
  request: { params: webhookParams },
  ok: { status: 200, description: 'Deleted: nothing more is sent to it, and its pending deliveries end `failed`', schema: deletedWebhook },
  errors: {
    400: { description: 'webhookId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
    404: { description: "No such endpoint, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'webhook not found' } } },
  },
});

export const webhookDeliveriesRoute = /* @__PURE__ */ defineRoute({
  name: 'webhook-deliveries',
  method: 'GET',
  path: '/v1/webhooks/{webhookId}/deliveries',
  scopes: ['webhooks:manage'],
  description: "A webhook endpoint's latest deliveries, newest first",
  summary: "List an endpoint's latest deliveries, newest first",
  request: { params: webhookParams },
  ok: { status: 200, description: 'At most 50 deliveries, newest first; each is kept 30 days', schema: deliveryList },
  errors: {
    400: { description: 'webhookId is not a UUID', examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } } },
    404: { description: "No such endpoint, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'webhook not found' } } },
  },
});

export const webhookRetryRoute = /* @__PURE__ */ defineRoute({
  name: 'webhook-retry',
  method: 'POST',
  path: '/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
  scopes: ['webhooks:manage'],
  description: 'Send a webhook delivery again, with the same webhook-id',
  summary: 'Send a delivery again, with the same webhook-id and body',
  request: { params: deliveryParams },
  ok: {
    status: 202,
    description: 'Queued: attempted now. A delivered or failed delivery gets one attempt; a pending one keeps its schedule after it.',
    schema: retryAccepted,
  },
  errors: {
    400: {
      description: 'webhookId is not a UUID, or deliveryId not a delivery id',
      examples: { id: { code: 'VALIDATION_FAILED', message: 'webhookId must be a UUID' } },
    },
    404: { description: "No such endpoint or delivery, or another company's", examples: { notFound: { code: 'NOT_FOUND', message: 'delivery not found' } } },
    409: {
      description: 'The endpoint is disabled (it answered 410 Gone), or an attempt of this delivery is in flight right now',
      examples: { disabled: { code: 'WEBHOOK_CONFLICT', message: 'This endpoint is disabled (it answered 410 Gone); register it again to receive events' } },
      retryAfter: true,
    },
  },
});
