/**
 * The typed client of the shipping API: openapi-fetch over the types that
 * openapi-typescript generates from openapi.json (client/schema.d.ts, written
 * by `npm run openapi`; a unit test fails when it is stale). Paths, parameters,
 * bodies and answers are checked by the compiler against the document.
 *
 * ```ts
 * import { createShippingClient, type RateRequest } from 'shipping-api/client';
 *
 * const api = createShippingClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.SHIPPING_API_KEY! });
 * const rated = await api.POST('/v1/rate', { body: rateRequest });
 * if (rated.error) throw new Error(`${rated.response.status} ${rated.error.error.code}: ${rated.error.error.message}`);
 * const { rateResponseId } = rated.data.data.rates[0]!;
 * const shipped = await api.POST('/v1/ship/{rateResponseId}', { params: { path: { rateResponseId } }, body: {} });
 * const { orderId } = shipped.data!.data;
 * // The label file answers 302 to a presigned URL: read Location (Node's fetch), then download it.
 * const label = await api.GET('/v1/labels/{orderId}/{labelType}', {
 *   params: { path: { orderId, labelType: 'SHIPPING_LABEL_PDF' } },
 *   redirect: 'manual',
 * });
 * const pdf = await fetch(label.response.headers.get('location')!).then((r) => r.arrayBuffer());
 * const tracking = await api.GET('/v1/track/{orderId}', { params: { path: { orderId } } });
 * const cancelled = await api.DELETE('/v1/shipments/{orderId}', { params: { path: { orderId } } });
 * ```
 *
 * `baseUrl` is a server of the document: `http://127.0.0.1:3000` for
 * `npm start`, or a stage's `ApiUrl` output
 * (`https://<id>.execute-api.<region>.amazonaws.com/<stage>`). The paths
 * carry `/v1` themselves; a base URL ending in `/v1` (the interface's
 * `{base_url}/v1`) is taken without it, so both spellings work.
 *
 * Every answer is `{ data, error, response }`: `data` on 2xx, `error` (the
 * `{"error": {"code", "message"}}` body) on 4xx/5xx. A 302 of the label file
 * is neither (status 3xx, empty body): read `response.headers.get('location')`.
 * In a browser, `redirect: 'manual'` hides the Location; let fetch follow the
 * redirect with `parseAs: 'blob'` instead (the bucket must allow the origin).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

export type ShippingClient = Client<paths>;

export type ShippingClientOptions = {
  /** A server URL of the document; a trailing `/v1` or `/` is dropped (the paths start with `/v1`). */
  baseUrl: string;
  /** The API key, sent as `X-API-Key` on every request. */
  apiKey: string;
  /** A fetch of your own (tests, proxies, retries); defaults to the global fetch. */
  fetch?: (input: Request) => Promise<Response>;
};

/** The server URL without a trailing `/` or `/v1`: the document's paths begin with `/v1`. */
export const serverUrl = (baseUrl: string): string => baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');

/** A client whose every request carries the key as `X-API-Key`. */
export const createShippingClient = ({ baseUrl, apiKey, fetch }: ShippingClientOptions): ShippingClient => {
  if (!apiKey) throw new Error('createShippingClient: apiKey is required (the X-API-Key of every request)');
  const client = createClient<paths>({ baseUrl: serverUrl(baseUrl), ...(fetch ? { fetch } : {}) });
  const apiKeyHeader: Middleware = {
    onRequest({ request }) {
      request.headers.set('X-API-Key', apiKey);
      return request;
    },
  };
  client.use(apiKeyHeader);
  return client;
};

type Schemas = components['schemas'];
/** The `data` of an operation's answer for a status. */
type DataOf<Op extends keyof operations, Status extends number> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': { data: infer D } } }> ? D : never;

/** The body of POST /v1/rate (spec 2.1); a piece's packagingType may be a code or UUID string. */
export type RateRequest = Schemas['RateRequest'];
/** `data` of POST /v1/rate: `requestId` and the sanitized `rates[]`. */
export type RateResponse = DataOf<'rate', 200>;
/** One element of `rates[]`: its `rateResponseId` is what POST /v1/ship takes. */
export type RateRecord = Schemas['RateRecord'];
/** The body of POST /v1/ship/{rateResponseId} (optional). */
export type ShipRequest = NonNullable<operations['ship']['requestBody']>['content']['application/json'];
/** `data` of POST /v1/ship/{rateResponseId}: the shipment. */
export type ShipResponse = Schemas['Shipment'];
/** `data` of GET /v1/labels/{orderId}. */
export type LabelList = Schemas['LabelList'];
/** An element of `available[]`: its `code` is a `labelType`. */
export type LabelType = Schemas['LabelType'];
/** `data` of GET /v1/track/{orderId}. */
export type TrackResponse = Schemas['Tracking'];
/** `data` of DELETE /v1/shipments/{orderId}. */
export type CancelResponse = Schemas['Cancellation'];
/** An element of GET /v1/packaging-types (spec 2.6). */
export type PackagingType = Schemas['PackagingType'];
/** An element of GET /v1/carriers. */
export type Carrier = DataOf<'carriers', 200>[number];
/** An element of GET /v1/carrier-services (spec 2.15). */
export type CarrierService = DataOf<'carrier-services', 200>[number];
/** Every error body: `{"error": {"code", "message", "details"?}}`. */
export type ApiError = Schemas['Error'];
export type ErrorCode = Schemas['ErrorCode'];
