/**
 * A local UPS over HTTP (tooling: no function imports it): UPS's OAuth token
 * endpoint at the host's root and the APIs under `/api`, answered by the
 * simulator (./simulator.ts), which validates every request against UPS's
 * documents. Point `UPS_API_BASE_URL_TEST` (or `_LIVE`) at `<url>/api`.
 *
 * - `POST /security/v1/oauth/token`: HTTP Basic client id and secret checked
 *   against `clients`, form body `grant_type=client_credentials`, an answer
 *   that validates against OAuthClientCredentials.yaml; tokens expire after
 *   `tokenLifetimeSeconds`.
 * - `/api/...`: a bearer token it issued (401 in UPS's error shape
 *   otherwise), UPS's `transId` and `transactionSrc` headers (400 without;
 *   Track Alert's VSS002 / VSS004 under `/api/track/{version}/subscription/`),
 *   then the simulator's answer; Pickup's AccountNumber and Prn headers go
 *   to the simulator with the request. A simulated lost answer drops the connection.
 * - `pushTrackAlert`: UPS's side of a Track Alert push (the document's
 *   webhook): a token by client credentials from the subscriber's token URL,
 *   then the event with that bearer token, `x-api-key` and UPS's User-Agent.
 *
 * Listens on 127.0.0.1 (an ephemeral port unless given); `close()` ends every
 * connection. What it saw is kept for tests: every Authorization scheme and
 * path, never a token or a secret in a log.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readBounded } from '../../shared/carriers/live-http';
import { mockServerKit, readBody } from '../mock-http';
import type { UpsAnswer, UpsRequest } from '../../shared/carriers/ups/api';
import { createUpsSimulator, trackAlertErrorMessage, type UpsSimulator } from './simulator';
import { problemsOf, responseSchemaName, validatorFor } from './spec';

export type UpsClient = { clientId: string; clientSecret: string };

export type UpsMockOptions = {
  clients: readonly UpsClient[];
  simulator?: UpsSimulator;
  port?: number;
  host?: string;
  tokenLifetimeSeconds?: number;
  now?: () => number;
  /** Bytes of a request body read at most. */
  maxBodyBytes?: number;
};

export type UpsMock = {
  url: string;
  /** The base URL of the APIs, for UPS_API_BASE_URL_TEST / _LIVE. */
  apiUrl: string;
  simulator: UpsSimulator;
  /** Requests received, in order: method, path, and whether they carried a valid token. */
  seen: { method: string; path: string; authorized: boolean }[];
  /** The tokens issued so far (a test searches logs and answers for them). */
  issuedTokens(): string[];
  /** Forgets every token: the next API call is answered 401. */
  revokeTokens(): void;
  close(): Promise<void>;
};

/** Track Alert's paths (its server is `{api}/track/{version}`). */
const TRACK_ALERT_PATH = /^\/api\/track\/[^/]+\/subscription\//;

const upsError = (code: string, message: string) => JSON.stringify({ response: { errors: [{ code, message }] } });

/** The headers Pickup's document defines beside UPS's transaction headers: Pending Status's AccountNumber, Cancel's Prn. */
function pickupHeaders(req: IncomingMessage): Pick<UpsRequest, 'headers'> {
  const headers: Record<string, string> = {};
  if (typeof req.headers.accountnumber === 'string') headers.AccountNumber = req.headers.accountnumber;
  if (typeof req.headers.prn === 'string') headers.Prn = req.headers.prn;
  return Object.keys(headers).length > 0 ? { headers } : {};
}

export async function startUpsMock(options: UpsMockOptions): Promise<UpsMock> {
  const {
    clients,
    simulator = createUpsSimulator(),
    host = '127.0.0.1',
    tokenLifetimeSeconds = 14_399,
    now = Date.now,
    maxBodyBytes = 2 * 1024 * 1024,
  } = options;
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const seen: UpsMock['seen'] = [];
  const issued: string[] = [];
  const kit = mockServerKit();

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

  function token(req: IncomingMessage, res: ServerResponse, body: string) {
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const [clientId, clientSecret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':', 2) : [];
    const client = clients.find((c) => c.clientId === clientId && c.clientSecret === clientSecret);
    if (!client) return send(res, 401, upsError('10401', 'ClientId is Invalid'));
    if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? ''))
      return send(res, 400, upsError('10400', 'Invalid/Missing Content-Type'));
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return send(res, 400, upsError('10400', 'Invalid grant_type'));
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { clientId: client.clientId, expiresAt: now() + tokenLifetimeSeconds * 1000 });
    issued.push(accessToken);
    const answer = {
      token_type: 'Bearer',
      issued_at: String(now()),
      client_id: client.clientId,
      access_token: accessToken,
      expires_in: String(tokenLifetimeSeconds),
      status: 'approved',
    };
    const problems = problemsOf(
      validatorFor('OAuthClientCredentials', responseSchemaName('OAuthClientCredentials', '/security/v1/oauth/token', '200')),
      answer,
    );
    if (problems.length > 0) throw new Error(`the UPS mock's token answer breaks the document: ${problems.join('; ')}`);
    send(res, 200, JSON.stringify(answer));
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const entry = bearer ? tokens.get(bearer) : undefined;
    const authorized = entry !== undefined && entry.expiresAt > now();
    seen.push({ method: req.method ?? '', path: url.pathname, authorized });
    if (!authorized) return send(res, 401, upsError('250002', 'Invalid Authentication Information.'));
    if (TRACK_ALERT_PATH.test(url.pathname) && (!req.headers.transid || !req.headers.transactionsrc)) {
      // Track Alert's own codes, in its PackageSubscriptionErrorResponse shape.
      const code = !req.headers.transid ? 'VSS002' : 'VSS004';
      return send(res, 400, JSON.stringify({ invalidTrackingNumbers: [], response: { errors: [{ code, message: trackAlertErrorMessage(code) }] } }));
    }
    if (!req.headers.transid || !req.headers.transactionsrc) return send(res, 400, upsError('10400', 'Missing transId or transactionSrc header'));
    let json: unknown;
    if (body !== '') {
      try {
        json = JSON.parse(body);
      } catch {
        return send(res, 400, upsError('10400', 'The request body is not valid JSON'));
      }
    }
    const request: UpsRequest = {
      method: (req.method ?? 'GET') as UpsRequest['method'],
      path: url.pathname.slice('/api'.length),
      query: Object.fromEntries(url.searchParams),
      ...pickupHeaders(req),
      ...(json !== undefined ? { body: json } : {}),
      retryable: false,
    };
    try {
      const answer = simulator.send(request);
      send(res, answer.status, JSON.stringify(answer.body), answer.status === 429 ? { 'retry-after': '0' } : {});
    } catch (error) {
      // UPS acts and answers late, or the answer is lost, whether or not the caller is still waiting.
      if (kit.fault<UpsAnswer>(error, req, res, (late) => send(res, late.status, JSON.stringify(late.body)))) return;
      throw error;
    }
  }

  const server = createServer((req, res) => {
    const work = (async () => {
      const url = new URL(req.url ?? '/', 'http://ups.local');
      const body = (await readBody(req, maxBodyBytes))?.toString('utf8');
      if (body === undefined) return send(res, 413, upsError('10413', 'Request body too large'));
      if (req.method === 'POST' && url.pathname === '/security/v1/oauth/token') return token(req, res, body);
      if (url.pathname.startsWith('/api/')) return api(req, res, url, body);
      send(res, 404, upsError('10404', `No resource ${url.pathname}`));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, upsError('10500', error instanceof Error ? error.message : String(error)));
      else res.destroy();
    });
    kit.track(work);
  });
  const url = await kit.listen(server, host, options.port);
  return {
    url,
    apiUrl: `${url}/api`,
    simulator,
    seen,
    issuedTokens: () => [...issued],
    revokeTokens: () => tokens.clear(),
    close: () => kit.close(server),
  };
}

/** Where a Track Alert subscriber receives pushes: its event URL, its token URL, and the client credentials it gave UPS. */
export type TrackAlertTarget = { url: string; tokenUrl: string; clientId: string; clientSecret: string };

export type TrackAlertPushOptions = {
  /** The whole push (token and event) gives up after this long. */
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof globalThis.fetch;
  /** Bytes of the subscriber's answers read at most. */
  maxAnswerBytes?: number;
};

/** RFC 6749 2.3.1: client id and secret are form-encoded before they are joined and base64-encoded. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** An answer's text, read up to `limit` bytes; past it the rest is not read and the push fails, saying so. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const body = await readBounded(response, limit);
  if (!body) throw new Error(`the subscriber answered HTTP ${response.status} with a body above ${limit} bytes`);
  return body.toString('utf8');
}

/**
 * Pushes one Track Alert event as UPS does (UPSTrackAlert.yaml, webhook
 * TrackingEvent, security `clientOauth2`): a token from `target.tokenUrl` by
 * OAuth 2 client credentials with `client_secret_basic`, then `body` POSTed
 * to `target.url` with `Authorization: Bearer <token>`, `x-api-key:
 * <clientId>` and `User-Agent: UPSPubSubTrackingService`. Resolves the
 * subscriber's answer to the event; rejects when the token is refused or the
 * push times out. No message carries the secret or the token.
 */
export async function pushTrackAlert(target: TrackAlertTarget, body: unknown, options: TrackAlertPushOptions = {}): Promise<{ status: number; body: string }> {
  const {
    timeoutMs = 10_000,
    fetch: fetchImpl = (...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args),
    maxAnswerBytes = 64 * 1024,
  } = options;
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  const tokenResponse = await fetchImpl(target.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${formEncode(target.clientId)}:${formEncode(target.clientSecret)}`, 'utf8').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    redirect: 'error',
    signal,
  });
  const tokenText = await boundedText(tokenResponse, maxAnswerBytes);
  if (!tokenResponse.ok) throw new Error(`the Track Alert token URL refused the client credentials (HTTP ${tokenResponse.status})`);
  let token: unknown;
  try {
    token = JSON.parse(tokenText);
  } catch {
    throw new Error('the Track Alert token URL answered a body that is not JSON');
  }
  const { access_token: accessToken, token_type: tokenType } = (token ?? {}) as { access_token?: unknown; token_type?: unknown };
  if (typeof accessToken !== 'string' || accessToken === '') throw new Error('the Track Alert token URL answered without an access_token');
  if (tokenType !== undefined && (typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer'))
    throw new Error('the Track Alert token URL answered a token that is not a bearer token');
  const response = await fetchImpl(target.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'x-api-key': target.clientId,
      'user-agent': 'UPSPubSubTrackingService',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
    redirect: 'error',
    signal,
  });
  return { status: response.status, body: await boundedText(response, maxAnswerBytes) };
}
