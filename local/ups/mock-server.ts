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
 *   otherwise), UPS's `transId` and `transactionSrc` headers (400 without),
 *   then the simulator's answer. A simulated lost answer drops the connection.
 *
 * Listens on 127.0.0.1 (an ephemeral port unless given); `close()` ends every
 * connection. What it saw is kept for tests: every Authorization scheme and
 * path, never a token or a secret in a log.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { UpsRequest } from '../../shared/carriers/ups/api';
import { createUpsSimulator, LostAnswer, type UpsSimulator } from './simulator';
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

const upsError = (code: string, message: string) => JSON.stringify({ response: { errors: [{ code, message }] } });

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startUpsMock(options: UpsMockOptions): Promise<UpsMock> {
  const { clients, simulator = createUpsSimulator(), host = '127.0.0.1', tokenLifetimeSeconds = 14_399, now = Date.now, maxBodyBytes = 2 * 1024 * 1024 } = options;
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const seen: UpsMock['seen'] = [];
  const issued: string[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

  function token(req: IncomingMessage, res: ServerResponse, body: string) {
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const [clientId, clientSecret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':', 2) : [];
    const client = clients.find((c) => c.clientId === clientId && c.clientSecret === clientSecret);
    if (!client) return send(res, 401, upsError('10401', 'ClientId is Invalid'));
    if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) return send(res, 400, upsError('10400', 'Invalid/Missing Content-Type'));
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
    const problems = problemsOf(validatorFor('OAuthClientCredentials', responseSchemaName('OAuthClientCredentials', '/security/v1/oauth/token', '200')), answer);
    if (problems.length > 0) throw new Error(`the UPS mock's token answer breaks the document: ${problems.join('; ')}`);
    send(res, 200, JSON.stringify(answer));
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const entry = bearer ? tokens.get(bearer) : undefined;
    const authorized = entry !== undefined && entry.expiresAt > now();
    seen.push({ method: req.method ?? '', path: url.pathname, authorized });
    if (!authorized) return send(res, 401, upsError('250002', 'Invalid Authentication Information.'));
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
      ...(json !== undefined ? { body: json } : {}),
      retryable: false,
    };
    try {
      const answer = simulator.send(request);
      send(res, answer.status, JSON.stringify(answer.body), answer.status === 429 ? { 'retry-after': '0' } : {});
    } catch (error) {
      if (error instanceof LostAnswer) {
        req.socket.destroy();
        return;
      }
      throw error;
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://ups.local');
      const body = await readBody(req, maxBodyBytes);
      if (body === undefined) return send(res, 413, upsError('10413', 'Request body too large'));
      if (req.method === 'POST' && url.pathname === '/security/v1/oauth/token') return token(req, res, body);
      if (url.pathname.startsWith('/api/')) return api(req, res, url, body);
      send(res, 404, upsError('10404', `No resource ${url.pathname}`));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, upsError('10500', error instanceof Error ? error.message : String(error)));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  return {
    url,
    apiUrl: `${url}/api`,
    simulator,
    seen,
    issuedTokens: () => [...issued],
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
