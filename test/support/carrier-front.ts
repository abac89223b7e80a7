/**
 * A carrier that says what a test makes it say: a local HTTP server in front
 * of a carrier stand-in (local/ups/mock-server.ts,
 * local/canada-post/mock-server.ts). Every request is passed on to the
 * stand-in unless `answer` answers it itself (a hostile document that echoes
 * the request's Authorization header, say); `rewrite` may change the
 * stand-in's answer. The stand-in's URL in a text answer becomes the
 * front's, so its links stay on the origin the client was given.
 */
import { createServer } from 'node:http';
import { mockServerKit, readBody } from '../../local/mock-http';

export type FrontRequest = { method: string; path: string; headers: Readonly<Record<string, string | undefined>>; body: string };
export type FrontAnswer = { status: number; contentType: string; body: string };

export type CarrierFront = {
  url: string;
  /** Answers a request in the stand-in's place; undefined passes it on. */
  answer?: (request: FrontRequest) => FrontAnswer | undefined;
  /** Changes the stand-in's answer to a request. */
  rewrite?: (request: FrontRequest, answer: FrontAnswer) => FrontAnswer;
  close(): Promise<void>;
};

/** The headers the live clients send that a stand-in reads. */
const PASSED = ['authorization', 'accept', 'accept-language', 'content-type', 'transid', 'transactionsrc', 'x-merchant-id'];

export async function startCarrierFront(behind: string): Promise<CarrierFront> {
  const kit = mockServerKit();
  const front: CarrierFront = { url: '', close: () => kit.close(server) };
  const server = createServer((req, res) => {
    const work = (async () => {
      const headers = Object.fromEntries(PASSED.map((name) => [name, req.headers[name] as string | undefined]));
      const request: FrontRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers,
        body: (await readBody(req, 4 * 1024 * 1024))?.toString('utf8') ?? '',
      };
      let answer = front.answer?.(request);
      if (!answer) {
        const passed = await fetch(`${behind}${request.path}`, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)),
          ...(request.body !== '' ? { body: request.body } : {}),
        });
        const contentType = passed.headers.get('content-type') ?? '';
        const bytes = Buffer.from(await passed.arrayBuffer());
        if (!/xml|json/i.test(contentType)) {
          res.writeHead(passed.status, { 'content-type': contentType });
          res.end(bytes);
          return;
        }
        answer = { status: passed.status, contentType, body: bytes.toString('utf8').replaceAll(behind, front.url) };
        if (front.rewrite) answer = front.rewrite(request, answer);
      }
      res.writeHead(answer.status, { 'content-type': answer.contentType });
      res.end(answer.body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    });
    kit.track(work);
  });
  front.url = await kit.listen(server, '127.0.0.1');
  return front;
}
