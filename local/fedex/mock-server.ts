/**
 * A local FedEx over HTTP (tooling: no function imports it): FedEx's token
 * endpoint and APIs at the root of one host, as `apis-sandbox.fedex.com`
 * serves them, answered by the simulator (./simulator.ts), which checks the
 * form, the bearer token and the body of every request against FedEx's
 * documents. A FedEx base URL setting points at its `url`.
 *
 * - `POST /oauth/token`: the form as FedEx documents it (client credentials,
 *   or an integrator's or parent's with the child's key).
 * - `/rate/...`, `/ship/...`, `/track/...`, `/address/...`, `/pickup/...`: a
 *   bearer token the simulator issued (401 in FedEx's error document
 *   otherwise), then the simulator's answer. A simulated lost answer drops
 *   the connection; a late one answers after its delay, if the caller still
 *   waits.
 * - `GET /sim/documents/<key>`: a label or invoice asked for as `URL_ONLY`.
 *
 * Bounds: a body over `maxBodyBytes` is answered 413 without being read
 * further, a request target over `maxPathChars` 414. Listens on 127.0.0.1
 * (an ephemeral port unless given); `close()` ends every connection and
 * timer. What it saw is kept for tests: method, path and whether a valid
 * token came with it, never a header, a token or a secret.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mockServerKit, readBody } from '../mock-http';
import { createFedexSimulator, type FedexClient, type FedexSimAnswer, type FedexSimulator } from './simulator';

export type FedexMockOptions = ({ clients: readonly FedexClient[]; simulator?: undefined } | { simulator: FedexSimulator; clients?: undefined }) & {
  port?: number;
  host?: string;
  /** Bytes of a request body read at most. */
  maxBodyBytes?: number;
  /** Characters of a request target (path and query) accepted at most. */
  maxPathChars?: number;
};

export type FedexMock = {
  /** The base URL of the token endpoint and the APIs. */
  url: string;
  simulator: FedexSimulator;
  /** Requests received, in order: method, path (at most 200 characters), whether they carried a token the simulator would take, and the status answered (none for a lost answer). */
  seen: { method: string; path: string; authorized: boolean; status?: number }[];
  /** The tokens issued so far (a test searches logs and answers for them). */
  issuedTokens(): string[];
  /** Forgets every token: the next API call is answered 401. */
  revokeTokens(): void;
  close(): Promise<void>;
};

const DOCUMENTS = /^\/sim\/documents\/([\w-]{1,80})$/;

export async function startFedexMock(options: FedexMockOptions): Promise<FedexMock> {
  const { host = '127.0.0.1', maxBodyBytes = 2 * 1024 * 1024, maxPathChars = 2048 } = options;
  const simulator = options.simulator ?? createFedexSimulator({ clients: options.clients });
  const seen: FedexMock['seen'] = [];
  const kit = mockServerKit();
  let url = '';

  const reply = (res: ServerResponse, status: number, body: string | Buffer, contentType = 'application/json', close = false) => {
    if (res.destroyed || res.headersSent) return;
    res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), ...(close ? { connection: 'close' } : {}) });
    res.end(body);
  };
  const replyAnswer = (res: ServerResponse, answer: FedexSimAnswer, close = false) =>
    reply(res, answer.status, JSON.stringify(answer.body), 'application/json', close);

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    let path: string;
    try {
      path = new URL(target.slice(0, maxPathChars + 1), 'http://fedex.local').pathname;
    } catch {
      path = '/';
    }
    const entry: FedexMock['seen'][number] = { method, path: path.slice(0, 200), authorized: simulator.authorized(req.headers.authorization) };
    seen.push(entry);
    if (target.length > maxPathChars) {
      entry.status = 414;
      // The body is not read: the connection closes after the answer.
      return replyAnswer(res, simulator.refusal({ method, path }, 414, 'SIM.URI.TOO.LONG', `Request target over ${maxPathChars} characters`), true);
    }
    const document = method === 'GET' ? DOCUMENTS.exec(path) : null;
    if (document) {
      const found = simulator.document(document[1]!);
      entry.status = found ? 200 : 404;
      return found
        ? reply(res, 200, found.bytes, found.contentType)
        : replyAnswer(res, simulator.refusal({ method, path }, 404, 'NOT.FOUND.ERROR', 'No such document.'));
    }
    const body = await readBody(req, maxBodyBytes);
    if (body === undefined) {
      entry.status = 413;
      return replyAnswer(res, simulator.refusal({ method, path }, 413, 'SIM.PAYLOAD.TOO.LARGE', `Request body over ${maxBodyBytes} bytes`), true);
    }
    const headers = {
      authorization: req.headers.authorization,
      'content-type': req.headers['content-type'],
      'x-customer-transaction-id': typeof req.headers['x-customer-transaction-id'] === 'string' ? req.headers['x-customer-transaction-id'] : undefined,
      'x-locale': typeof req.headers['x-locale'] === 'string' ? req.headers['x-locale'] : undefined,
    };
    try {
      const answer = simulator.send({ method, path, headers, ...(body.length > 0 ? { body: body.toString('utf8') } : {}), baseUrl: url });
      entry.status = answer.status;
      replyAnswer(res, answer);
    } catch (error) {
      // FedEx acts and answers late, or the answer is lost, whether or not the caller still waits.
      const answered = (late: FedexSimAnswer) => {
        entry.status = late.status;
        replyAnswer(res, late);
      };
      if (kit.fault(error, req, res, answered)) return;
      throw error;
    }
  }

  const server = createServer((req, res) => {
    kit.track(
      serve(req, res).catch((error: unknown) => {
        // A simulator bug (an answer that breaks its schema) is a 500 that says so, and is not hidden.
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`FedEx mock: ${message}\n`);
        if (!res.headersSent) reply(res, 500, JSON.stringify({ transactionId: 'fedex-mock', errors: [{ code: 'SIM.SIMULATOR.FAILURE', message }] }));
        else res.destroy();
      }),
    );
  });
  url = await kit.listen(server, host, options.port);
  return {
    url,
    simulator,
    seen,
    issuedTokens: () => simulator.issuedTokens(),
    revokeTokens: () => simulator.revokeTokens(),
    close: () => kit.close(server),
  };
}
