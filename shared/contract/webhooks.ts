/**
 * The webhook endpoints (docs/webhooks.md): POST/GET /v1/webhooks, GET and
 * DELETE /v1/webhooks/{webhookId}, GET .../deliveries and POST
 * .../deliveries/{deliveryId}/retry; and the events sent to an endpoint, whose
 * `data` is the answer of the API call of the same moment.
 */
import * as z from '../zod';
import { DELIVERY_ID_PATTERN, MAX_WEBHOOKS_PER_COMPANY, WEBHOOK_EVENT_TYPES } from '../domain/webhooks';
import { uuidParam } from './shared-schemas';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES).register(z.globalRegistry, {
  id: 'WebhookEventType',
  description: '`shipment.created` (data: the ship answer), `tracking.updated` (data: the track answer; on each change of `transitStatus` and each new tracking event), `shipment.cancelled` (data: the cancel answer), `manifest.created` (data: the manifest, once a close has put its orders on it and its documents are ready)',
});

export const webhookIdParam = uuidParam('The id `POST /v1/webhooks` returned');
export const webhookParams = z.object({ webhookId: webhookIdParam });
export const deliveryParams = z.object({
  webhookId: webhookIdParam,
  deliveryId: z.string().check(z.regex(DELIVERY_ID_PATTERN, 'must be a delivery id (msg_ and 26 characters)')).register(z.globalRegistry, { description: 'A delivery id (the `webhook-id` header it was sent with)' }),
});

export const createWebhookBody = z
  .strictObject({
    url: z.string().check(z.minLength(1), z.maxLength(MAX_WEBHOOK_URL_LENGTH)).register(z.globalRegistry, {
      description: `Where events are POSTed: an \`https\` URL whose host resolves to public addresses only (at most ${MAX_WEBHOOK_URL_LENGTH} characters, no user name or password). The local runtime also accepts \`http\` and loopback addresses.`,
      example: 'https://example.com/hooks/shipping',
    }),
    events: z.optional(z.array(webhookEventType).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length))).register(z.globalRegistry, { description: 'The event types to send; every type when absent' }),
    description: z.optional(z.string().check(z.maxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH))),
  }).register(z.globalRegistry, { id: 'WebhookCreate' });
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhook = z
  .object({
    id: z.string().register(z.globalRegistry, { description: 'The endpoint id (a UUID)' }),
    url: z.string(),
    events: z.array(webhookEventType),
    description: z.nullable(z.string()),
    enabled: z.boolean().register(z.globalRegistry, { description: 'false once the endpoint answered `410 Gone`: nothing more is sent to it' }),
    createdDate: z.string(),
  }).register(z.globalRegistry, { id: 'Webhook' });
export type Webhook = z.infer<typeof webhook>;

export const createdWebhook = z.extend(webhook, {
    secret: z.string().register(z.globalRegistry, {
      description: 'The signing secret, `whsec_` + base64 of 32 bytes: shown in this answer only. Verify `webhook-signature` with it (any Standard Webhooks library).',
    }),
  }).register(z.globalRegistry, { id: 'WebhookCreated' });
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
    status: z.enum(['pending', 'delivered', 'failed']).register(z.globalRegistry, { description: '`pending` while attempts remain, `delivered` after a 2xx, `failed` after the last attempt, a `410 Gone`, or when the endpoint is gone' }),
    lastResponseStatus: z.nullable(z.number().check(z.int())).register(z.globalRegistry, { description: "The endpoint's HTTP status at the last attempt; null when none answered" }),
    lastError: z.nullable(z.string()).register(z.globalRegistry, { description: 'Why the last attempt got no answer (timeout, connection refused, address not allowed)' }),
    nextAttemptAt: z.nullable(z.string()),
  }).register(z.globalRegistry, { id: 'WebhookDelivery' });
export type Delivery = z.infer<typeof delivery>;

export const deliveryList = z.array(delivery);
export const retryAccepted = z.object({ id: z.string(), status: z.literal('pending') }).register(z.globalRegistry, { id: 'WebhookRetryAccepted' });
export type RetryAccepted = z.infer<typeof retryAccepted>;

// The bodies POSTed to an endpoint are ./webhook-events.ts: the webhook functions need none of the answers they carry.
