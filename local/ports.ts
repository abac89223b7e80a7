/** Small helpers for local servers: free ports and waiting until something answers. */
import { createServer, type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resolves when `port` can be bound on `host`, rejects with EADDRINUSE (or another listen error) otherwise. */
export const assertPortFree = (port: number, host = '127.0.0.1'): Promise<void> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `probe` until it resolves to true, `abort` returns a reason to give
 * up, or `timeoutMs` passes. Probe errors count as "not yet".
 */
export const waitUntil = async (
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<void> => {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const reason = options.abort?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: no answer within ${Math.round(options.timeoutMs / 1000)} s`);
    await sleep(options.intervalMs ?? 100);
  }
};
