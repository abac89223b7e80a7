/** What an admin command reads and says besides its arguments and its JSON: stdin, and notes on stderr. */
import { MAX_CREDENTIALS_BYTES } from '../shared/secrets';
import { UsageError } from './errors';

export type AdminIo = {
  /** The credentials of `carrier-account add` come on stdin. */
  readStdin: () => Promise<Buffer>;
  /** A line for the operator beside the command's JSON (stderr): what the result means, never part of it. */
  note?: (line: string) => void;
};

/**
 * At most `limit` bytes of a stream, read to its end; refuses more, and
 * refuses a terminal (a credential typed there would be echoed on screen).
 */
export const readBoundedInput = (stream: NodeJS.ReadableStream & { isTTY?: boolean }, limit: number, what: string): Promise<Buffer> => {
  if (stream.isTTY) {
    return Promise.reject(
      new UsageError(
        `${what}: stdin is a terminal. Pipe the credentials JSON in (\`< credentials.json\`, or from a password manager), or give --credentials-file FILE`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) {
        cleanup();
        stream.pause();
        reject(new UsageError(`${what}: more than ${limit} bytes on stdin; credentials must be at most ${limit} bytes of JSON`));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
};

export const processIo: AdminIo = {
  readStdin: () => readBoundedInput(process.stdin, MAX_CREDENTIALS_BYTES, 'carrier-account add'),
  note: (line) => process.stderr.write(`admin: note: ${line}\n`),
};
