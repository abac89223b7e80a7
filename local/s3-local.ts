/**
 * The S3 emulator (s3rver), run inside the calling process: it is a Koa app,
 * so there is no child to manage and it stops with its parent. Files live in
 * `directory` (persistent under DATA_DIR for npm start, a temp dir in tests).
 */
import S3rver from 's3rver';

export type S3Local = { endpoint: string; port: number; stop: () => Promise<void> };

export const startS3Local = async (options: { directory: string; port?: number }): Promise<S3Local> => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory: options.directory,
    silent: true,
    // Path-style only: the SDK clients set forcePathStyle when AWS_ENDPOINT_URL_S3 is set.
    vhostBuckets: false,
  });
  const address = await server.run();
  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    stop: () =>
      (stopping ??= (async () => {
        const closing = server.close();
        // Keep-alive sockets of SDK clients would hold close() open.
        server.httpServer?.closeAllConnections();
        await closing;
      })()),
  };
};
