/**
 * The emulators together: DynamoDB Local (child process) and s3rver (in
 * process), either persistent under a data directory (npm start) or in
 * memory with a temporary S3 directory (integration tests). Both listen on
 * 127.0.0.1 only. A persistent data directory is made private (0700/0600)
 * at start; DynamoDB Local creates its files under umask 077, and s3rver,
 * which runs in this process, under the process's umask (bin/local.ts sets 077).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { dataPaths, securePrivateDataDir } from './runtime-files';
import { startDataDirS3Local, startS3Local, type S3Local } from './s3-local';

export type LocalStack = {
  dynamodb: DynamoDbLocal;
  s3: S3Local;
  /** Stops both emulators (and removes the temporary S3 directory of an in-memory stack). Safe to call twice. */
  stop: () => Promise<void>;
};

export type LocalStackOptions = {
  /** Persistent data directory; without it DynamoDB runs in memory and S3 in a temporary directory. */
  dataDir?: string;
  dynamodbPort?: number;
  /** DynamoDB Local's maximum heap (`-Xmx`); default DYNAMODB_LOCAL_HEAP, else 512m. */
  dynamodbHeap?: string;
  s3Port?: number;
  /** Where warnings go (default stderr): files that could not be made private, DynamoDB Local not on loopback. */
  warn?: (message: string) => void;
};

export const startLocalStack = async (options: LocalStackOptions = {}): Promise<LocalStack> => {
  const warn = options.warn ?? ((message: string) => process.stderr.write(`${message}\n`));
  const securePrivate = (dataDir: string) => {
    const problems = securePrivateDataDir(dataDir);
    if (problems.length > 0) warn(`warning: could not make these private to the user (0700/0600): ${problems.join(', ')}`);
  };
  let temporary: string | undefined;
  if (options.dataDir) securePrivate(options.dataDir);
  else temporary = mkdtempSync(path.join(os.tmpdir(), 'shipping-s3-'));
  const removeTemporary = () => {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  };

  let s3: S3Local | undefined;
  try {
    // On a data directory s3rver keeps its port from one start to the next: presigned label URLs name it.
    s3 = options.dataDir
      ? await startDataDirS3Local({ dataDir: options.dataDir, port: options.s3Port, warn })
      : await startS3Local({ directory: temporary!, port: options.s3Port });
    const dynamodb = await startDynamoDbLocal(
      options.dataDir
        ? { dbPath: dataPaths(options.dataDir).dynamodb, port: options.dynamodbPort, heap: options.dynamodbHeap, warn }
        : { inMemory: true, port: options.dynamodbPort, heap: options.dynamodbHeap, warn },
    );
    const started = s3;
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await Promise.allSettled([dynamodb.stop(), started.stop()]);
        removeTemporary();
      })());
    return { dynamodb, s3: started, stop };
  } catch (e) {
    await s3?.stop();
    removeTemporary();
    throw e;
  }
};
