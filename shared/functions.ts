/**
 * The function list (docs/architecture.md): the one declaration of each function,
 * its trigger, the table items it may write and, for a stream trigger, which
 * records it receives. The CDK stack derives routes, grants, event sources and
 * schedules from it, the local runtime its router and the OpenAPI document its
 * operations; test/unit/functions.test.ts fails when they drift.
 *
 * An HTTP function's trigger (method, path, scopes, body policy) and
 * description are its route object's (shared/contract/route.ts), the one
 * description of its endpoint: this list adds what the endpoint does not say
 * (its handler module and its access). Reading every route object, this
 * module imports every endpoint's schemas: the deployed tooling (CDK, the
 * local runtime, the OpenAPI builder, tests) reads it, no function does
 * (test/unit/boundaries.test.ts); a function's HTTP wrapper takes its route
 * object itself.
 */
import { bodyPolicyOf, type BodyPolicy, type HttpMethod, type Route, type Scope } from './contract/route';
import { routeOf, type HttpFunctionName } from './contract/routes';
import { keys, PK_PREFIX } from './store/keys';

export type { BodyPolicy, HttpFunctionName, HttpMethod, Scope };

export type HttpTrigger = {
  kind: 'http';
  method: HttpMethod;
  /** API Gateway resource path, with `{param}` placeholders, under /v1. */
  path: string;
  /** Any one of these scopes is enough; empty means any valid key. */
  scopes: readonly Scope[];
  /** Whether the function reads a JSON body: never, always (400 when empty) or when sent (empty is `{}`). */
  body: BodyPolicy;
};

/** The trigger of an HTTP function: its route object's method, path, scopes and body policy. */
const httpTrigger = (route: Route): HttpTrigger => ({ kind: 'http', method: route.method, path: route.path, scopes: route.scopes, body: bodyPolicyOf(route) });

/** An HTTP function's entry: its route object (shared/contract/) says the rest. */
const http = (name: HttpFunctionName, access: Access, entry = `functions/${name}/handler.ts`): FunctionEntry => {
  const route = routeOf(name);
  return { name, entry, trigger: httpTrigger(route), access, description: route.description };
};

/**
 * A Lambda event filter pattern over a DynamoDB stream record (the JSON that
 * CDK's `FilterCriteria.filter` takes): Lambda invokes the function only with
 * records that match one of the trigger's patterns.
 */
export type StreamFilter = { readonly [field: string]: unknown };
export type StreamTrigger = { kind: 'stream'; filters: readonly StreamFilter[] };
export type ScheduleTrigger = { kind: 'schedule'; everyMinutes: number };
/**
 * Messages of one of the stack's queues (SQS deployed, local/delivery-queue.ts
 * locally), `batchSize` at a time, failures reported per message; after
 * `maxReceives` receipts a message goes to the queue's dead-letter queue.
 */
export type QueueTrigger = { kind: 'queue'; queue: QueueName; batchSize: number; maxReceives: number };
/**
 * An HTTP route a carrier calls to push us events (pushed tracking, any
 * carrier whose connector has the `push` capability): routed like an HTTP
 * trigger (API Gateway, the local runtime), but authenticated in the
 * function (client credentials we issued, then our bearer token, and what
 * the carrier's protocol adds) instead of an API key, and not part of the
 * integrators' interface, so not in openapi.json (docs/tracking.md,
 * "Pushed tracking", documents it).
 */
export type InboundTrigger = { kind: 'inbound'; method: 'POST'; path: string };
export type Trigger = HttpTrigger | StreamTrigger | ScheduleTrigger | QueueTrigger | InboundTrigger;

/**
 * The generic inbound routes of pushed tracking, one pair for every carrier
 * that pushes: `{carrier}` is its code in lower case. The token URL is ours
 * (OAuth client credentials issued for one carrier account); the events URL
 * hands the body to the carrier's connector.
 */
export const PUSH_ROUTES = { token: '/v1/carriers/{carrier}/push/token', events: '/v1/carriers/{carrier}/push/events' } as const;

/** One carrier's token URL and event URL under the API's base (what the operator enters in the carrier's portal). */
export const carrierPushPaths = (carrierCode: string): { token: string; events: string } => {
  const carrier = encodeURIComponent(carrierCode.toLowerCase());
  return { token: PUSH_ROUTES.token.replace('{carrier}', carrier), events: PUSH_ROUTES.events.replace('{carrier}', carrier) };
};

/** The stack's queues. */
export const QUEUES = ['webhook-deliveries', 'tracking-checks', 'batch-items'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Items only the operator writes (the admin CLI and the seed, with operator
 * credentials), never a function: API keys, companies with their boxes, the
 * reference data and the carrier accounts. No function entry may declare a
 * write that reaches them.
 */
export const OPERATOR_PREFIXES = [PK_PREFIX.apiKey, PK_PREFIX.apiKeyId, PK_PREFIX.company, PK_PREFIX.reference, PK_PREFIX.carrierAccount] as const;

/** Partition-key prefixes a function may write: everything that is not the operator's. */
export type WritablePrefix = Exclude<(typeof PK_PREFIX)[keyof typeof PK_PREFIX], (typeof OPERATOR_PREFIXES)[number]>;

/** What a function may do to the table, the label bucket and e-mail (least privilege in CDK). */
export type Access = {
  /** `read`: GetItem, Query and BatchGetItem on the table and its indexes; never Scan. */
  table: 'none' | 'read';
  /**
   * The partition-key prefixes of the items it may put, update or delete
   * (transactions included); IAM `dynamodb:LeadingKeys` fences the grant to them.
   * Empty for a function that only reads.
   */
  writes: readonly WritablePrefix[];
  bucket: 'none' | 'read' | 'readwrite';
  email?: boolean;
  /**
   * Calls carriers, so may read the credentials of the carrier accounts
   * (shared/secrets.ts): `secretsmanager:GetSecretValue` on the stage's
   * carrier-account secrets only, and their name prefix in the environment.
   */
  carrierSecrets?: boolean;
  /** Queues it sends messages to (`sqs:SendMessage` on them, and their URLs in the environment). */
  sends?: readonly QueueName[];
  /** Webhook signing secrets (shared/webhooks/secret-box.ts): `seal` new ones (KMS Encrypt), or `open` stored ones (KMS Decrypt). */
  webhookSecrets?: 'seal' | 'open';
};

export type FunctionEntry = {
  name: string;
  /** Path of the handler module, relative to the repository root, exporting `handler`. */
  entry: string;
  trigger: Trigger;
  access: Access;
  description: string;
};

/**
 * Stream records of an order whose status changed to one of `statuses`
 * (`transitStatus` values: pending, intransit, delivered, cancelled,
 * exception): an order created with it, or an order whose new status is it
 * and whose old one is not. Lambda filters cannot compare two fields, so
 * "changed" is one pattern per status, within Lambda's default quota of five
 * patterns per event source. Rate items, TTL deletions, `NOTIFY#` items and
 * order updates that keep the status (tracking checks) invoke nothing. The
 * order keeps its status in the `status` attribute.
 */
export const orderStatusChanges = (statuses: readonly string[]): StreamFilter[] => {
  const order = { pk: { S: [{ prefix: PK_PREFIX.order }] }, sk: { S: [keys.order('').sk] } };
  return [
    { eventName: ['INSERT'], dynamodb: { Keys: order, NewImage: { status: { S: [...statuses] } } } },
    ...statuses.map((status) => ({
      eventName: ['MODIFY'],
      dynamodb: { Keys: order, NewImage: { status: { S: [status] } }, OldImage: { status: { S: [{ 'anything-but': [status] }] } } },
    })),
  ];
};

/** Stream records of orders, made or changed: the webhook events function decides which change makes an event. */
export const orderChanges = (): StreamFilter[] => [
  { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [{ prefix: PK_PREFIX.order }] }, sk: { S: [keys.order('').sk] } } } },
];

/** Stream records of a manifest that became closed (docs/manifests.md): the `manifest.created` webhook event. */
export const manifestClosures = (): StreamFilter[] => [
  {
    eventName: ['MODIFY'],
    dynamodb: {
      Keys: { pk: { S: [{ prefix: PK_PREFIX.manifest }] }, sk: { S: [{ prefix: 'LIST#' }] } },
      NewImage: { status: { S: ['closed'] } },
      OldImage: { status: { S: [{ 'anything-but': ['closed'] }] } },
    },
  },
];

/** Stream records of a pickup that became scheduled or cancelled (docs/pickups.md): the `pickup.*` webhook events. */
export const pickupChanges = (): StreamFilter[] => [
  {
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: {
      Keys: { pk: { S: [{ prefix: PK_PREFIX.pickup }] }, sk: { S: [{ prefix: 'LIST#' }] } },
      NewImage: { status: { S: ['scheduled', 'cancelled'] } },
    },
  },
];

/**
 * Stream records of a batch whose end was written (docs/batches.md): the
 * `batch.completed` webhook event. The end is written once, with its
 * `completedDate`, so this passes each batch once.
 */
export const batchCompletions = (): StreamFilter[] => [
  {
    eventName: ['MODIFY'],
    dynamodb: {
      Keys: { pk: { S: [{ prefix: PK_PREFIX.batch }] }, sk: { S: [{ prefix: keys.batch('', '').sk }] } },
      NewImage: { completedDate: { S: [{ exists: true }] } },
      OldImage: { completedDate: { S: [{ exists: false }] } },
    },
  },
];

/** The statuses an e-mail can be asked for (spec 2.10 `shippingNotificationStatuses`); `exception` is not one. */
export const NOTIFICATION_STATUSES = ['pending', 'intransit', 'delivered', 'cancelled'] as const;

const entries: FunctionEntry[] = [
  http('packaging-types', { table: 'read', writes: [], bucket: 'none' }),
  http('carriers', { table: 'read', writes: [], bucket: 'none' }),
  http('carrier-services', { table: 'read', writes: [], bucket: 'none' }),
  // The rate request and responses; a carrier's validation of the shipper and recipient, cached (ADDRVAL#<companyId>).
  http('rate', { table: 'read', writes: [PK_PREFIX.rateRequest, PK_PREFIX.rateResponse, PK_PREFIX.addressValidation], bucket: 'none', carrierSecrets: true }),
  // The order, and the claim and order id on the rate response (shared/store/orders.ts); the carrier's own documents in the bucket;
  // for a carrier that pushes tracking, the tracking number's pointer to the order (TRACKNO#), written before subscribing.
  // and the order's entry among the company's open shipments (MANIFEST#<companyId> / OPEN#…), in the order's transaction.
  http('ship', {
    table: 'read',
    writes: [PK_PREFIX.order, PK_PREFIX.rateResponse, PK_PREFIX.trackingNumber, PK_PREFIX.manifest],
    bucket: 'readwrite',
    carrierSecrets: true,
  }),
  http('labels', { table: 'read', writes: [], bucket: 'none' }),
  // The render marker beside the order (ORDER#<id> / LABEL#<code>) and the label files.
  http('label-file', { table: 'read', writes: [PK_PREFIX.order], bucket: 'readwrite' }),
  // A stale order is refreshed from the carrier on read, and the refresh is stored.
  http('track', { table: 'read', writes: [PK_PREFIX.order], bucket: 'none', carrierSecrets: true }),
  // The order, and its entry among the open shipments (MANIFEST#<companyId> / OPEN#…), taken before the void.
  http('cancel', { table: 'read', writes: [PK_PREFIX.order, PK_PREFIX.manifest], bucket: 'none', carrierSecrets: true }),
  // The close lease, the open entries it takes, the manifests (MANIFEST#<companyId>); `manifestId` on each order taken;
  // the manifest PDF in the bucket; a carrier that transmits its close reads its account's credentials.
  http('manifests-create', { table: 'read', writes: [PK_PREFIX.order, PK_PREFIX.manifest], bucket: 'readwrite', carrierSecrets: true }),
  http('manifests-list', { table: 'read', writes: [], bucket: 'none' }),
  http('manifest-get', { table: 'read', writes: [], bucket: 'none' }),
  // A rendered manifest PDF gone from the bucket is drawn again from the manifest.
  http('manifest-file', { table: 'read', writes: [], bucket: 'readwrite' }),
  // Pickups ask their carrier with the plan's account (docs/pickups.md).
  http('pickups-availability', { table: 'read', writes: [], bucket: 'none', carrierSecrets: true }),
  // The create claim, the pickup and its pointer, the reconciliation record of its booking (PICKUP#<companyId>).
  http('pickups-create', { table: 'read', writes: [PK_PREFIX.pickup], bucket: 'none', carrierSecrets: true }),
  http('pickups-list', { table: 'read', writes: [], bucket: 'none' }),
  http('pickup-get', { table: 'read', writes: [], bucket: 'none' }),
  http('pickup-cancel', { table: 'read', writes: [PK_PREFIX.pickup], bucket: 'none', carrierSecrets: true }),
  {
    name: 'notify',
    entry: 'functions/notify/handler.ts',
    trigger: { kind: 'stream', filters: orderStatusChanges(NOTIFICATION_STATUSES) },
    // The NOTIFY#<status> markers beside the order (ORDER#<id>), written before each e-mail.
    access: { table: 'read', writes: [PK_PREFIX.order], bucket: 'none', email: true },
    description: 'Status e-mails, exactly once per order and status, from the table stream',
  },
  // The endpoint and the company's endpoint count (WEBHOOK#<companyId>).
  http('webhooks-create', { table: 'read', writes: [PK_PREFIX.webhook], bucket: 'none', webhookSecrets: 'seal' }),
  http('webhooks-list', { table: 'read', writes: [], bucket: 'none' }),
  http('webhook-get', { table: 'read', writes: [], bucket: 'none' }),
  http('webhook-delete', { table: 'read', writes: [PK_PREFIX.webhook], bucket: 'none' }),
  http('webhook-deliveries', { table: 'read', writes: [], bucket: 'none' }),
  http('webhook-retry', { table: 'read', writes: [PK_PREFIX.webhook], bucket: 'none', sends: ['webhook-deliveries'] }),
  // A carrier's validations, cached a day per company (ADDRVAL#<companyId>).
  http('addresses-validate', { table: 'read', writes: [PK_PREFIX.addressValidation], bucket: 'none', carrierSecrets: true }),
  // The batch, its parts and shards, the reference pointer (BATCH#<companyId>); it reads the rates' carrier accounts.
  http('batches-create', { table: 'read', writes: [PK_PREFIX.batch], bucket: 'none', sends: ['batch-items'] }),
  http('batch-get', { table: 'read', writes: [], bucket: 'none' }),
  http('batch-items', { table: 'read', writes: [], bucket: 'none' }),
  // The batch's status (BATCH#<companyId>).
  http('batch-cancel', { table: 'read', writes: [PK_PREFIX.batch], bucket: 'none' }),
  // The render marker of the batch's label file (BATCH#<companyId>) and the file in the bucket.
  http('batch-labels', { table: 'read', writes: [PK_PREFIX.batch], bucket: 'readwrite' }),
  {
    name: 'batch-worker',
    entry: 'functions/batch-worker/handler.ts',
    // One item a message: FIFO hands one message of a group at a time, and a batch of one keeps it so within the function.
    trigger: { kind: 'queue', queue: 'batch-items', batchSize: 1, maxReceives: 5 },
    // The item's lease, outcome and counts and the batch's end (BATCH#<companyId>); what a rating item's quote writes
    // (RATEREQ#, RATERESP#, ADDRVAL#) and what a ship writes (ORDER#, RATERESP#, TRACKNO#, MANIFEST#; its documents in the bucket).
    access: {
      table: 'read',
      writes: [
        PK_PREFIX.batch,
        PK_PREFIX.rateRequest,
        PK_PREFIX.rateResponse,
        PK_PREFIX.addressValidation,
        PK_PREFIX.order,
        PK_PREFIX.trackingNumber,
        PK_PREFIX.manifest,
      ],
      bucket: 'readwrite',
      carrierSecrets: true,
    },
    description: 'Ship the items of batches, each exactly once through the ship path, at most BATCH_CONCURRENCY_PER_ACCOUNT at once per carrier account',
  },
  {
    name: 'webhook-events',
    entry: 'functions/webhook-events/handler.ts',
    trigger: { kind: 'stream', filters: [...orderChanges(), ...manifestClosures(), ...pickupChanges(), ...batchCompletions()] },
    // The deliveries (WEBHOOK#<companyId> / DELIVERY#...), then a message each.
    access: { table: 'read', writes: [PK_PREFIX.webhook], bucket: 'none', sends: ['webhook-deliveries'] },
    description: 'Webhook events from the table stream: one delivery per subscribed endpoint',
  },
  {
    name: 'webhook-deliver',
    entry: 'functions/webhook-deliver/handler.ts',
    trigger: { kind: 'queue', queue: 'webhook-deliveries', batchSize: 10, maxReceives: 5 },
    access: { table: 'read', writes: [PK_PREFIX.webhook], bucket: 'none', sends: ['webhook-deliveries'], webhookSecrets: 'open' },
    description: 'Deliver webhook messages: signed, retried for about a day, never lost',
  },
  {
    name: 'webhook-sweep',
    entry: 'functions/webhook-sweep/handler.ts',
    trigger: { kind: 'schedule', everyMinutes: 5 },
    // Reads the webhook-overdue index, every shard at once; requeues a stuck delivery (WEBHOOK#<companyId> / DELIVERY#...) and sends its message.
    access: { table: 'read', writes: [PK_PREFIX.webhook], bucket: 'none', sends: ['webhook-deliveries'] },
    description: 'Find the webhook deliveries no queue message moves any more (dead-letter queue, dead worker) and queue them again',
  },
  {
    name: 'carrier-push-token',
    entry: 'functions/carrier-push-token/handler.ts',
    trigger: { kind: 'inbound', method: 'POST', path: PUSH_ROUTES.token },
    // Reads the carrier account and its push credentials' secret; writes nothing (a token is verified by its MAC).
    access: { table: 'read', writes: [], bucket: 'none', carrierSecrets: true },
    description: "A pushing carrier's token URL: a short-lived bearer token for the client credentials this API issued for one carrier account",
  },
  {
    name: 'carrier-push-events',
    entry: 'functions/carrier-push-events/handler.ts',
    trigger: { kind: 'inbound', method: 'POST', path: PUSH_ROUTES.events },
    // The order and its schedule (ORDER#<id>), the same write as a polled tracking report.
    access: { table: 'read', writes: [PK_PREFIX.order], bucket: 'none', carrierSecrets: true },
    description: "A carrier's pushed tracking events, read by its connector: written to the order as a polled tracking report is",
  },
  {
    name: 'tracking-refresh',
    entry: 'functions/tracking-refresh/handler.ts',
    trigger: { kind: 'schedule', everyMinutes: 1 },
    // Reads the tracking-due index, every shard at once, and queues the checks; writes nothing.
    access: { table: 'read', writes: [], bucket: 'none', sends: ['tracking-checks'] },
    description: 'Find the tracking checks that are due, shard by shard, and queue them for the tracking workers',
  },
  {
    name: 'tracking-check',
    entry: 'functions/tracking-check/handler.ts',
    // A message that keeps failing is dropped after 3 receipts: its order is still due and the dispatcher finds it again.
    trigger: { kind: 'queue', queue: 'tracking-checks', batchSize: 10, maxReceives: 3 },
    // The order and its schedule (ORDER#<id> / TRACK), under the schedule's check lease; the reconciliation rounds
    // (ORDER#<id> / RECONCILE#…, its audit trail), and what an adoption writes as a ship does: the order, the rate
    // response's claim and order id, the carrier's documents in the bucket and the tracking number's pointer.
    // An adopted order's entry among the open shipments too (MANIFEST#<companyId> / OPEN#…). A pickup's rounds: its
    // reconciliation record and the pickup it adopts a booking into or gives up (PICKUP#<companyId>).
    access: {
      table: 'read',
      writes: [PK_PREFIX.order, PK_PREFIX.rateResponse, PK_PREFIX.trackingNumber, PK_PREFIX.manifest, PK_PREFIX.pickup],
      bucket: 'readwrite',
      carrierSecrets: true,
    },
    description: 'Check the tracking of queued orders with their carriers, and reconcile carrier calls of unknown outcome',
  },
];

export const FUNCTIONS: readonly FunctionEntry[] = entries;

export const inboundFunctions = (): Array<FunctionEntry & { trigger: InboundTrigger }> =>
  FUNCTIONS.filter((f): f is FunctionEntry & { trigger: InboundTrigger } => f.trigger.kind === 'inbound');

export const httpFunctions = (): Array<FunctionEntry & { trigger: HttpTrigger }> =>
  FUNCTIONS.filter((f): f is FunctionEntry & { trigger: HttpTrigger } => f.trigger.kind === 'http');
