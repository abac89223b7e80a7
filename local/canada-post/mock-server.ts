/**
 * A local Canada Post over HTTP (tooling: no function imports it): the
 * simulator (./simulator.ts) behind a server on 127.0.0.1, its `/rs`,
 * `/vis`, `/enab` (pickup requests) and `/ad` (pickup availability) paths at
 * the root, so `CANADAPOST_API_BASE_URL_TEST` (or `_LIVE`)
 * is its `url`. Every link in an answer is on that URL.
 *
 * Bounds: a request body over `maxBodyBytes` is answered 413 without being
 * read further, a path over `maxPathChars` 414; the simulator refuses a
 * DOCTYPE and deep nesting before any parser runs. A simulated lost answer
 * drops the connection; a late one answers after its delay (if the caller
 * still waits). `close()` ends every connection and every pending timer.
 */
import { createServer, type ServerResponse } from 'node:http';
import { mockServerKit, readBody } from '../mock-http';
import { createCanadaPostSimulator, messagesXml, type CanadaPostClient, type CanadaPostSimAnswer, type CanadaPostSimulator } from './simulator';

export type CanadaPostMockOptions = {
  clients: readonly CanadaPostClient[];
  simulator?: CanadaPostSimulator;
  port?: number;
  host?: string;
  /** Bytes of a request body read at most. */
  maxBodyBytes?: number;
  /** Characters of a request target (path and query) accepted at most. */
  maxPathChars?: number;
};

export type CanadaPostMock = {
  /** The base URL, for CANADAPOST_API_BASE_URL_TEST / _LIVE. */
  url: string;
  simulator: CanadaPostSimulator;
  /** Requests received, in order: method, path (at most 200 characters) and the status answered (none for a lost answer). */
  seen: { method: string; path: string; status?: number }[];
  close(): Promise<void>;
};

const xml = (status: number, body: string): CanadaPostSimAnswer => ({ status, contentType: 'application/xml', body: Buffer.from(body, 'utf8') });

export async function startCanadaPostMock(options: CanadaPostMockOptions): Promise<CanadaPostMock> {
  const { clients, host = '127.0.0.1', maxBodyBytes = 1024 * 1024, maxPathChars = 2048 } = options;
  const simulator = options.simulator ?? createCanadaPostSimulator({ clients });
  const seen: CanadaPostMock['seen'] = [];
  const kit = mockServerKit();
  let url = '';

  const reply = (res: ServerResponse, answer: CanadaPostSimAnswer, close = false) => {
    if (res.destroyed || res.headersSent) return;
    res.writeHead(answer.status, {
      'content-type': answer.contentType,
      'content-length': String(answer.body.length),
      ...(close ? { connection: 'close' } : {}),
    });
    res.end(answer.body);
  };

  const server = createServer((req, res) => {
    const work = (async () => {
      const target = req.url ?? '/';
      if (target.length > maxPathChars) {
        seen.push({ method: req.method ?? '', path: target.slice(0, 200), status: 414 });
        // The body is not read: the connection closes after the answer.
        return reply(res, xml(414, messagesXml([{ code: 'Server', description: `Request-URI over ${maxPathChars} characters` }])), true);
      }
      const parsed = new URL(target, 'http://canadapost.local');
      const body = await readBody(req, maxBodyBytes);
      if (body === undefined) {
        seen.push({ method: req.method ?? '', path: parsed.pathname.slice(0, 200), status: 413 });
        return reply(res, xml(413, messagesXml([{ code: 'Server', description: `Request body over ${maxBodyBytes} bytes` }])), true);
      }
      const entry: CanadaPostMock['seen'][number] = { method: req.method ?? '', path: parsed.pathname.slice(0, 200) };
      seen.push(entry);
      const headers: Record<string, string | undefined> = {
        authorization: req.headers.authorization,
        accept: req.headers.accept,
        'content-type': req.headers['content-type'],
      };
      try {
        const answer = await simulator.send({
          method: req.method ?? 'GET',
          path: parsed.pathname,
          query: Object.fromEntries(parsed.searchParams),
          headers,
          ...(body.length > 0 ? { body: body.toString('utf8') } : {}),
          baseUrl: url,
        });
        entry.status = answer.status;
        reply(res, answer);
      } catch (error) {
        // Canada Post acts and answers late, or the answer is lost, whether or not the caller still waits.
        const answered = (late: CanadaPostSimAnswer) => {
          entry.status = late.status;
          reply(res, late);
        };
        if (kit.fault(error, req, res, answered)) return;
        throw error;
      }
    })().catch((error: unknown) => {
      // A simulator bug (an answer that breaks its schema) is a 500 that says so, and is not hidden.
      process.stderr.write(`Canada Post mock: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!res.headersSent) reply(res, xml(500, messagesXml([{ code: 'Server', description: error instanceof Error ? error.message : String(error) }])));
      else res.destroy();
    });
    kit.track(work);
  });
  url = await kit.listen(server, host, options.port);
  return {
    url,
    simulator,
    seen,
    close: () => kit.close(server),
  };
}
