/**
 * What the local carrier stand-ins (./ups/mock-server.ts,
 * ./canada-post/mock-server.ts) share as HTTP servers: a body read up to a
 * bound, answers that land late on timers, and a close that ends every
 * connection and timer at once, so a test's afterAll never waits on a
 * keep-alive socket or a late answer.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

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
  /** Listens on `host` (`port`, or any free one) and gives the server's base URL. */
  listen(server: Server, host: string, port?: number): Promise<string>;
  /** Drops every pending timer and connection, then closes the server. */
  close(server: Server): Promise<void>;
};

export function mockServerKit(): MockServerKit {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  return {
    later(run, delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, delayMs);
      timers.add(timer);
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
    close(server) {
      return new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
    },
  };
}
