/**
 * The S3 emulator (s3rver), run inside the calling process: it is a Koa app,
 * so there is no child to manage and it stops with its parent. Files live in
 * `directory` (persistent under DATA_DIR for npm start, a temp dir in tests).
 *
 * On a DATA_DIR it keeps its port across restarts (startDataDirS3Local): a
 * presigned label URL names the endpoint, so a new port on each start would
 * break every URL handed out before a restart. The port is the one the OS
 * picked on the first start, remembered in DATA_DIR/ports.json, rather than a
 * fixed default: two runtimes on other DATA_DIRs (parallel CI jobs, a
 * developer's second checkout) then never collide on it.
 */
import S3rver from 's3rver';
import { assertPortFree } from './ports';
import { dataPaths, readPortsFile, writePortsFile } from './runtime-files';

export type S3Local = { endpoint: string; port: number; stop: () => Promise<void> };

const ADDRESS = '127.0.0.1';

/** Starts s3rver on `port` (0 or absent: a free port the OS picks). A port that is taken rejects with its `code` (EADDRINUSE). */
export const startS3Local = async (options: { directory: string; port?: number }): Promise<S3Local> => {
  const port = options.port ?? 0;
  // s3rver reports a listen error as an 'error' event nobody listens to (an uncaught exception), not as a
  // rejection: check first. Another program would have to take the port in the instant between the two.
  if (port !== 0) {
    await assertPortFree(port, ADDRESS).catch((e: NodeJS.ErrnoException) => {
      throw Object.assign(new Error(`s3rver: port ${port} on ${ADDRESS} is not available (${e.code ?? e.message})`), { code: e.code });
    });
  }
  const server = new S3rver({
    address: ADDRESS,
    port,
    directory: options.directory,
    silent: true,
    // Path-style only: the SDK clients set forcePathStyle when AWS_ENDPOINT_URL_S3 is set.
    vhostBuckets: false,
  });
  const address = await server.run();
  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://${ADDRESS}:${address.port}`,
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

/** The port s3rver had on the last start with this DATA_DIR; none when there was none or the file is unreadable (with a warning). */
const rememberedPort = (dataDir: string, warn: (message: string) => void): number | undefined => {
  try {
    return readPortsFile(dataDir)?.s3;
  } catch (e) {
    warn(`warning: ignoring ${dataPaths(dataDir).ports} (${(e as Error).message}); s3rver takes a new port`);
    return undefined;
  }
};

/** s3rver in DATA_DIR/s3 on the port given, else the remembered one (a new one, with a warning, when that is taken), else a new one. */
const startOnDataDirPort = async (options: { dataDir: string; port?: number; warn: (message: string) => void }): Promise<S3Local> => {
  const directory = dataPaths(options.dataDir).s3;
  if (options.port !== undefined) return startS3Local({ directory, port: options.port });
  const remembered = rememberedPort(options.dataDir, options.warn);
  if (remembered === undefined) return startS3Local({ directory });
  try {
    return await startS3Local({ directory, port: remembered });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw e;
    const s3 = await startS3Local({ directory });
    options.warn(
      `warning: s3rver's port ${remembered} (from ${dataPaths(options.dataDir).ports}) is taken (${code}): it now listens on ${s3.endpoint}; ` +
        'label URLs presigned before this start no longer work (ask GET /v1/labels again)',
    );
    return s3;
  }
};

/**
 * s3rver for a persistent DATA_DIR (`npm start`), files in DATA_DIR/s3: on
 * `port` when given (S3_PORT; taken is an error), else on the port it had
 * last time, else on a free port. A remembered port that is taken now gives a
 * free port and a warning, since URLs presigned before then stop working.
 * The port it runs on is remembered for the next start.
 */
export const startDataDirS3Local = async (options: { dataDir: string; port?: number; warn: (message: string) => void }): Promise<S3Local> => {
  const s3 = await startOnDataDirPort(options);
  try {
    writePortsFile(options.dataDir, { s3: s3.port });
  } catch (e) {
    options.warn(`warning: could not remember s3rver's port in ${dataPaths(options.dataDir).ports} (${(e as Error).message}); the next start may take another`);
  }
  return s3;
};
