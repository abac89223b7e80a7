/**
 * The receiving side of UPS Track Alert (docs/ups.md, "Track Alert";
 * docs/tracking.md, "Pushed tracking"): the token URL and the event URL UPS
 * calls with the client credentials this API issued for a UPS carrier
 * account (admin `carrier-account push-credentials`).
 *
 * - `token`: OAuth 2 client credentials (RFC 6749 4.4) with
 *   `client_secret_basic`: a short-lived bearer token (shared/domain/push-token.ts).
 *   Answers in RFC 6749 5.1 / 5.2 shapes: 401 `invalid_client` with
 *   `WWW-Authenticate`, 400 `invalid_request` or `unsupported_grant_type`.
 * - `event`: a bearer token we issued, unexpired, whose client id is the
 *   `x-api-key`; a body `parseTrackAlertEvent` reads; the order the tracking
 *   number points at, which must be an order of the token's carrier account;
 *   then the same write as a polled report (`applyPushed`, idempotent).
 *   An unknown tracking number is answered 200 and logged: UPS retries what
 *   it is not answered 2xx, and no retry can make the number known.
 *
 * Nothing here logs or answers a secret, a token or the body.
 */
import { UPS } from '../carriers/ups/oauth';
import { parseTrackAlertEvent, TRACK_ALERT_LIMITS, trackAlertEventKey, UPS_TRACK_ALERT_USER_AGENT } from '../carriers/ups/track-alert';
import { config } from '../config';
import { carrierAccountOfClient, issuePushToken, pushTokenValid, readPushToken, sameSecret } from '../domain/push-token';
import type { TrackingReport } from '../domain/tracking';
import { AppError } from '../errors';
import type { LogAttributes } from '../logger';
import { getCarrierAccount } from '../store/carrier-accounts';
import { getOrder } from '../store/orders';
import { orderOfTrackingNumber } from '../store/tracking-schedule';
import type { CheckOutcome } from './tracking';

type Headers = Readonly<Record<string, string | undefined>>;
export type InboundAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type TrackAlertDependencies = {
  /** The tracking service's write of a pushed report (shared/services/tracking.ts). */
  applyPushed(orderId: string, report: TrackingReport): Promise<CheckOutcome>;
  /** The secret of a push client (default: the account's stored push credentials, read through shared/secrets.ts). */
  secretOf?: (carrierAccountId: string, clientId: string) => Promise<string | undefined>;
  clock?: () => Date;
  logger: { info(message: string, attributes: LogAttributes): void; warn(message: string, attributes: LogAttributes): void };
};

/** A token request's form body at most (`grant_type=client_credentials` and perhaps a scope). */
const MAX_FORM_BYTES = 4 * 1024;
const REALM = 'UPS Track Alert';
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}): InboundAnswer => ({
  status,
  body: { error, error_description: description },
  headers: { ...NO_STORE, ...headers },
});
const invalidClient = (description: string) => oauthError(401, 'invalid_client', description, { 'www-authenticate': `Basic realm="${REALM}", charset="UTF-8"` });

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

const bodyText = (body: string | null | undefined, isBase64Encoded: boolean | undefined): Buffer =>
  body === null || body === undefined ? Buffer.alloc(0) : Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');

const unauthorized = (description: string) =>
  new AppError(401, 'UNAUTHORIZED', 'A valid bearer token of this API and its client id as x-api-key are required', {
    headers: { 'www-authenticate': `Bearer realm="${REALM}", error="invalid_token", error_description="${description}"` },
  });

export const createUpsTrackAlertService = ({ applyPushed, secretOf = storedPushSecret, clock = () => new Date(), logger }: TrackAlertDependencies) => {
  /** The client's secret, when the client id is the current one of a UPS account. */
  const secretOfClient = async (clientId: string): Promise<{ carrierAccountId: string; secret: string } | undefined> => {
    const carrierAccountId = carrierAccountOfClient(clientId);
    if (!carrierAccountId) return undefined;
    const secret = await secretOf(carrierAccountId, clientId);
    return secret === undefined ? undefined : { carrierAccountId, secret };
  };

  return {
    /** POST to the token URL: headers and the raw body as API Gateway passes them. */
    async token(headers: Headers, body: string | null, isBase64Encoded?: boolean): Promise<InboundAnswer> {
      const credentials = basicCredentials(headers.authorization);
      if (!credentials) return invalidClient('client authentication with HTTP Basic (client_secret_basic) is required');
      const client = await secretOfClient(credentials.clientId);
      // The same answer for an unknown client and a wrong secret; the comparison runs either way.
      const matches = sameSecret(credentials.clientSecret, client?.secret ?? '\u0000no client');
      if (!client || !matches) {
        logger.warn('track alert token refused', { reason: client ? 'wrong secret' : 'unknown client' });
        return invalidClient('unknown client or wrong secret');
      }
      const raw = bodyText(body, isBase64Encoded);
      if (raw.length > MAX_FORM_BYTES) return oauthError(400, 'invalid_request', `the form body exceeds ${MAX_FORM_BYTES} bytes`);
      if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test((headers['content-type'] ?? '').trim())) {
        return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
      }
      const form = new URLSearchParams(raw.toString('utf8'));
      const grants = form.getAll('grant_type');
      if (grants.length !== 1) return oauthError(400, 'invalid_request', 'grant_type must be given exactly once');
      if (grants[0] !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'only grant_type=client_credentials is supported');
      const issued = issuePushToken(credentials.clientId, client.secret, clock(), config.pushTokenSeconds);
      logger.info('track alert token issued', { carrierAccountId: client.carrierAccountId, expiresIn: issued.expiresIn });
      return { status: 200, body: { access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn }, headers: NO_STORE };
    },

    /** POST to the event URL: one pushed TrackingEventRequest. */
    async event(headers: Headers, body: string | null, isBase64Encoded?: boolean): Promise<InboundAnswer> {
      const bearer = /^Bearer[ ]+(\S{1,1024})\s*$/i.exec(headers.authorization ?? '')?.[1];
      const claims = bearer === undefined ? undefined : readPushToken(bearer);
      if (!claims) throw unauthorized('no bearer token of this API');
      const apiKey = headers['x-api-key'];
      if (apiKey === undefined || !sameSecret(apiKey, claims.clientId)) throw unauthorized('x-api-key is not the client id of the token');
      const client = await secretOfClient(claims.clientId);
      if (!client || !pushTokenValid(claims, client.secret, clock())) throw unauthorized('the token is expired, or not valid for this client');
      if (headers['user-agent'] !== UPS_TRACK_ALERT_USER_AGENT) logger.warn('track alert push with an unexpected User-Agent', { carrierAccountId: client.carrierAccountId });

      const raw = bodyText(body, isBase64Encoded);
      if (raw.length > TRACK_ALERT_LIMITS.maxBytes) {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', `a Track Alert event is at most ${TRACK_ALERT_LIMITS.maxBytes} bytes`);
      }
      const parsed = parseTrackAlertEvent(raw.toString('utf8'));
      if (!parsed.ok) {
        logger.warn('track alert event refused', { carrierAccountId: client.carrierAccountId, field: parsed.error.field, reason: parsed.error.reason });
        throw new AppError(400, 'VALIDATION_FAILED', parsed.error.message);
      }
      const { trackingNumber, event, transitStatus } = parsed.value;
      // UPS pushes its production's events only: a live order's (a test order is polled).
      const orderId = await orderOfTrackingNumber(UPS, trackingNumber, 'live');
      const stored = orderId === undefined ? undefined : await getOrder(orderId);
      if (!stored || stored.order.mode !== 'live') {
        logger.warn('track alert event for an unknown tracking number', { carrierAccountId: client.carrierAccountId, trackingNumber });
        return { status: 200, body: { received: true } };
      }
      if (stored.order.carrierCode !== UPS || stored.order.carrierAccountId !== client.carrierAccountId) {
        logger.warn('track alert event for an order of another carrier account', { carrierAccountId: client.carrierAccountId, orderId: stored.order.orderId });
        throw new AppError(403, 'FORBIDDEN', 'The tracking number is not of an order of this carrier account');
      }
      const outcome = await applyPushed(stored.order.orderId, { transitStatus, events: [event] });
      // An event pushed again has the same key and comes out `unchanged`: the order merges events by code and instant.
      logger.info('track alert event', { orderId: stored.order.orderId, outcome, eventKey: trackAlertEventKey(parsed.value) });
      return { status: 200, body: { received: true } };
    },
  };
};

/**
 * The secret of `clientId` when it is the current push client of the UPS
 * account `carrierAccountId` (read each time: a rotation is seen at once;
 * Secrets Manager reads are cached per container by shared/secrets.ts).
 */
async function storedPushSecret(carrierAccountId: string, clientId: string): Promise<string | undefined> {
  const account = await getCarrierAccount(carrierAccountId);
  const push = account?.pushCredentials;
  if (!account || account.carrierCode !== UPS || !push || push.clientId !== clientId) return undefined;
  const { carrierCredentials } = await import('../secrets');
  const secret = (await carrierCredentials({ carrierAccountId, credentialsRef: push.secretRef })).clientSecret;
  return secret || undefined;
}
