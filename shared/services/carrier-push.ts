/**
 * The receiving side of pushed tracking, the same for every carrier that
 * pushes (docs/tracking.md, "Pushed tracking"; UPS Track Alert in
 * docs/ups.md): the token URL and the events URL of
 * `/v1/carriers/{carrier}/push/…`, which the carrier calls with the client
 * credentials this API issued for one of its carrier accounts (admin
 * `carrier-account push-credentials`). `{carrier}` is the carrier's code in
 * lower case; a carrier no connector serves, or whose connector does not
 * push, is 404 before anything else is read.
 *
 * - `token`: OAuth 2 client credentials (RFC 6749 4.4) with
 *   `client_secret_basic`: a short-lived bearer token (shared/domain/push-token.ts)
 *   for a client of an account of that carrier. Answers in RFC 6749 5.1 /
 *   5.2 shapes: 401 `invalid_client` with `WWW-Authenticate`, 400
 *   `invalid_request` or `unsupported_grant_type`.
 * - `events`: a bearer token we issued, unexpired, of an account of that
 *   carrier, and what the carrier's protocol adds (the connector's
 *   `push.authenticate`: UPS's `x-api-key`); a body the connector's
 *   `push.parseEvents` reads; for each package, the order its tracking number
 *   points at, which must be an order of the token's carrier account; then
 *   the same write as a polled report (`applyPushed`, idempotent). An
 *   unknown tracking number is answered 200 and logged: a carrier retries
 *   what it is not answered 2xx, and no retry can make the number known.
 *
 * Nothing here logs or answers a secret, a token or the body.
 */
import type { CarrierPort, PortCapability } from '../carriers/port';
import type { CarrierRegistry } from '../carriers/registry';
import { config } from '../config';
import { carrierAccountOfClient, issuePushToken, pushTokenValid, readPushToken, sameSecret } from '../domain/push-token';
import { echoed } from '../domain/text-clipping';
import type { TrackingReport } from '../domain/tracking';
import { AppError } from '../errors';
import type { LogPort } from '../observability';
import { getCarrierAccount } from '../store/carrier-accounts';
import { getOrder } from '../store/orders';
import { orderOfTrackingNumber } from '../store/tracking-schedule';
import type { CheckOutcome } from './tracking/context';

type Headers = Readonly<Record<string, string | undefined>>;
export type InboundAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type CarrierPushDependencies = {
  /** The carriers whose connectors read the pushes (shared/carriers/registry.ts). */
  carriers: CarrierRegistry;
  /** The tracking service's write of a pushed report (shared/services/tracking/push.ts). */
  applyPushed: (orderId: string, report: TrackingReport) => Promise<CheckOutcome>;
  /** The secret of a push client of an account of `carrierCode` (default: the account's stored push credentials, read through shared/secrets.ts). */
  secretOf?: (carrierAccountId: string, clientId: string, carrierCode: string) => Promise<string | undefined>;
  clock?: () => Date;
  logger: LogPort;
};

/** A token request's form body at most (`grant_type=client_credentials` and perhaps a scope). */
const MAX_FORM_BYTES = 4 * 1024;
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
/** What `{carrier}` can be at all: a carrier code in lower case. Anything else is no carrier, unread. */
const CARRIER_PARAMETER = /^[a-z0-9_-]{1,40}$/;

const realmOf = (carrier: CarrierPort) => `${carrier.code} push`;

const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}): InboundAnswer => ({
  status,
  body: { error, error_description: description },
  headers: { ...NO_STORE, ...headers },
});
const invalidClient = (carrier: CarrierPort, description: string) =>
  oauthError(401, 'invalid_client', description, { 'www-authenticate': `Basic realm="${realmOf(carrier)}", charset="UTF-8"` });

/** RFC 6749 2.3.1: the id and secret are form-encoded before Basic; undefined when the header is no Basic credential. */
const basicCredentials = (authorization: string | undefined): { clientId: string; clientSecret: string } | undefined => {
  const match = /^Basic[ ]+([A-Za-z0-9+/=]{1,1024})\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
};

const bodyBytes = (body: string | null | undefined, isBase64Encoded: boolean | undefined): Buffer =>
  body === null || body === undefined ? Buffer.alloc(0) : Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');

const unauthorized = (carrier: CarrierPort, description: string) =>
  new AppError(401, 'UNAUTHORIZED', `A valid bearer token of this API is required: ${description}`, {
    headers: { 'www-authenticate': `Bearer realm="${realmOf(carrier)}", error="invalid_token", error_description="${description}"` },
  });

export const createCarrierPushService = ({ carriers, applyPushed, secretOf = storedPushSecret, clock = () => new Date(), logger }: CarrierPushDependencies) => {
  /** The carrier of the path's `{carrier}` when its connector pushes; 404 otherwise (the value repeated in part only). */
  const pushingCarrier = (parameter: string | undefined): CarrierPort & { push: PortCapability<'push'> } => {
    const value = parameter ?? '';
    const carrier = CARRIER_PARAMETER.test(value) ? carriers.port(value) : undefined;
    if (!carrier || carrier.code.toLowerCase() !== value || !carrier.push) {
      throw new AppError(404, 'NOT_FOUND', `No carrier that pushes tracking events is called "${echoed(value)}"`);
    }
    return { ...carrier, push: carrier.push };
  };

  /** The client's secret, when the client id is the current one of an account of the carrier. */
  const secretOfClient = async (carrier: CarrierPort, clientId: string): Promise<{ carrierAccountId: string; secret: string } | undefined> => {
    const carrierAccountId = carrierAccountOfClient(clientId);
    if (!carrierAccountId) return undefined;
    const secret = await secretOf(carrierAccountId, clientId, carrier.code);
    return secret === undefined ? undefined : { carrierAccountId, secret };
  };

  return {
    /** POST to a carrier's token URL: `{carrier}`, then the headers and the raw body as API Gateway passes them. */
    async token(carrierParameter: string | undefined, headers: Headers, body: string | null, isBase64Encoded?: boolean): Promise<InboundAnswer> {
      const carrier = pushingCarrier(carrierParameter);
      const credentials = basicCredentials(headers.authorization);
      if (!credentials) return invalidClient(carrier, 'client authentication with HTTP Basic (client_secret_basic) is required');
      const client = await secretOfClient(carrier, credentials.clientId);
      // The same answer for an unknown client and a wrong secret; the comparison runs either way.
      const matches = sameSecret(credentials.clientSecret, client?.secret ?? '\u0000no client');
      if (!client || !matches) {
        logger.warn('push token refused', { carrierCode: carrier.code, reason: client ? 'wrong secret' : 'unknown client' });
        return invalidClient(carrier, 'unknown client or wrong secret');
      }
      const raw = bodyBytes(body, isBase64Encoded);
      if (raw.length > MAX_FORM_BYTES) return oauthError(400, 'invalid_request', `the form body exceeds ${MAX_FORM_BYTES} bytes`);
      if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test((headers['content-type'] ?? '').trim())) {
        return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
      }
      const form = new URLSearchParams(raw.toString('utf8'));
      const grants = form.getAll('grant_type');
      if (grants.length !== 1) return oauthError(400, 'invalid_request', 'grant_type must be given exactly once');
      if (grants[0] !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
      const issued = issuePushToken(credentials.clientId, client.secret, clock(), config.pushTokenSeconds);
      logger.info('push token issued', { carrierCode: carrier.code, carrierAccountId: client.carrierAccountId, expiresIn: issued.expiresIn });
      return { status: 200, body: { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn }, headers: NO_STORE };
    },

    /** POST to a carrier's events URL: what its connector reads as the reports of one or more packages. */
    async events(carrierParameter: string | undefined, headers: Headers, body: string | null, isBase64Encoded?: boolean): Promise<InboundAnswer> {
      const carrier = pushingCarrier(carrierParameter);
      const bearer = /^Bearer[ ]+(\S{1,1024})\s*$/i.exec(headers.authorization ?? '')?.[1];
      const claims = bearer === undefined ? undefined : readPushToken(bearer);
      if (!claims) throw unauthorized(carrier, 'no bearer token of this API');
      const own = await carrier.push.authenticate(headers, claims.clientId);
      if (!own.ok) throw unauthorized(carrier, own.reason);
      const client = await secretOfClient(carrier, claims.clientId);
      if (!client || !pushTokenValid(claims, client.secret, clock())) throw unauthorized(carrier, 'the token is expired, or not valid for this client');
      for (const warning of own.warnings ?? []) logger.warn(warning, { carrierCode: carrier.code, carrierAccountId: client.carrierAccountId });

      const parsed = await carrier.push.parseEvents(bodyBytes(body, isBase64Encoded), headers);
      if (!parsed.ok) {
        logger.warn('push event refused', { carrierCode: carrier.code, carrierAccountId: client.carrierAccountId, field: parsed.field, reason: parsed.reason });
        throw parsed.status === 413 ? new AppError(413, 'PAYLOAD_TOO_LARGE', parsed.message) : new AppError(400, 'VALIDATION_FAILED', parsed.message);
      }
      // Every package's order first: a body naming an order of another account writes nothing at all.
      const orders: Array<{ orderId: string; report: TrackingReport; key: string }> = [];
      for (const { trackingNumber, report, key } of parsed.reports) {
        // A carrier pushes its production's events only: a live order's (a test order is polled).
        const orderId = await orderOfTrackingNumber(carrier.code, trackingNumber, 'live');
        const stored = orderId === undefined ? undefined : await getOrder(orderId);
        if (!stored || stored.order.mode !== 'live') {
          logger.warn('push event for an unknown tracking number', { carrierCode: carrier.code, carrierAccountId: client.carrierAccountId, trackingNumber });
          continue;
        }
        if (stored.order.carrierCode !== carrier.code || stored.order.carrierAccountId !== client.carrierAccountId) {
          logger.warn('push event for an order of another carrier account', {
            carrierCode: carrier.code,
            carrierAccountId: client.carrierAccountId,
            orderId: stored.order.orderId,
          });
          throw new AppError(403, 'FORBIDDEN', 'The tracking number is not of an order of this carrier account');
        }
        orders.push({ orderId: stored.order.orderId, report: { transitStatus: report.transitStatus, events: report.events }, key });
      }
      for (const { orderId, report, key } of orders) {
        const outcome = await applyPushed(orderId, report);
        // An event pushed again has the same key and comes out `unchanged`: the order merges events by code and instant.
        logger.info('push event', { carrierCode: carrier.code, orderId, outcome, eventKey: key });
      }
      return { status: 200, body: { received: true } };
    },
  };
};

/**
 * The secret of `clientId` when it is the current push client of the
 * `carrierCode` account `carrierAccountId` (read each time: a rotation is
 * seen at once; Secrets Manager reads are cached per container by
 * shared/secrets.ts).
 */
async function storedPushSecret(carrierAccountId: string, clientId: string, carrierCode: string): Promise<string | undefined> {
  const account = await getCarrierAccount(carrierAccountId);
  const push = account?.pushCredentials;
  if (!account || account.carrierCode !== carrierCode || !push || push.clientId !== clientId) return undefined;
  const { carrierCredentials } = await import('../secrets');
  const secret = (await carrierCredentials({ carrierAccountId, credentialsRef: push.secretRef })).clientSecret;
  return secret || undefined;
}
