/**
 * What the local carrier stand-ins (./ups/mock-server.ts,
 * ./canada-post/mock-server.ts) share as HTTP servers: a body read up to a
 * bound, answers that land late on timers, and a close that ends every
 * connection and timer at once, so a test's afterAll never waits on a
 * keep-alive socket or a late answer, then waits for the requests already
 * being handled (a late answer that has begun to land, a schema validation
 * under way), so none of them runs on after its test file has ended.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A fault a simulator answers with: the connection is lost before the carrier answers (the request may have been acted on). */
export class LostAnswer extends Error {
  constructor(carrier: string) {
    super(`the connection was lost before ${carrier} answered`);
    this.name = 'LostAnswer';
  }
}

/** A fault a simulator answers with: the carrier acts and answers `delayMs` late (`land` does both), whether or not the caller still waits. */
export class LateAnswer<Answer = unknown> extends Error {
  constructor(
    carrier: string,
    readonly delayMs: number,
    readonly land: () => Answer | Promise<Answer>,
  ) {
    super(`${carrier} answers ${delayMs} ms late`);
    this.name = 'LateAnswer';
  }
}

/** The body, or undefined once it passes `limit` bytes (the rest is not kept). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export type MockServerKit = {
  /** Runs `run` after `delayMs`, unless the server is closed first. */
  later(run: () => void, delayMs: number): void;
  /** Counts `work` as a request being handled: `close()` waits for it to settle. */
  track(work: Promise<unknown>): void;
  /** Listens on `host` (`port`, or any free one) and gives the server's base URL. */
  listen(server: Server, host: string, port?: number): Promise<string>;
  /**
   * Serves a simulator's fault: a lost answer drops the connection, a late
   * one is acted on and answered (`reply`) after its delay, or the response
   * ended if landing it fails. False when `error` is no fault.
   */
  fault<Answer>(error: unknown, req: IncomingMessage, res: ServerResponse, reply: (late: Answer) => void): boolean;
  /** Drops every pending timer and connection, closes the server and waits for the work being handled to settle. */
  close(server: Server): Promise<void>;
};

export function mockServerKit(): MockServerKit {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const working = new Set<Promise<unknown>>();
  return {
    later(run, delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, delayMs);
      timers.add(timer);
    },
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      working.add(settled);
      void settled.then(() => working.delete(settled));
    },
    fault<Answer>(error: unknown, req: IncomingMessage, res: ServerResponse, reply: (late: Answer) => void) {
      if (error instanceof LostAnswer) {
        req.socket.destroy();
        return true;
      }
      if (!(error instanceof LateAnswer)) return false;
      const late = error as LateAnswer<Answer>;
      this.later(() => {
        this.track(
          Promise.resolve()
            .then(late.land)
            .then(
              (answer) => {
                if (!res.destroyed && !res.headersSent) reply(answer);
              },
              () => res.destroy(),
            ),
        );
      }, late.delayMs);
      return true;
    },
    async listen(server, host, port = 0) {
      server.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      return `http://${host}:${(server.address() as AddressInfo).port}`;
    },
    async close(server) {
      await new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      // Work that began before the close (its answer goes nowhere now) ends before the close does.
      while (working.size > 0) await Promise.all(working);
    },
  };
}
