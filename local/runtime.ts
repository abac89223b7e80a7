/**
 * The local runtime (`npm start`, docs/architecture.md): DynamoDB Local and s3rver
 * with their data under DATA_DIR (default `.data/`), the reference data and a
 * demo company with an API key, and the unchanged HTTP handlers behind a
 * local API Gateway on 127.0.0.1:PORT (default 3000); the stream functions
 * fed from the table's stream and the schedule functions run every
 * LOCAL_REFRESH_SECONDS (default 30), in this process like the HTTP handlers
 * (background.ts). Status e-mails go to files under DATA_DIR/outbox unless
 * EMAIL_OUTBOX_DIR says otherwise; the credentials of carrier accounts are
 * files under DATA_DIR/secrets/carrier-accounts.
 *
 * Stopping (SIGINT, SIGTERM or SIGHUP, to npm, this process or the whole
 * process group; or a process that started it exiting, up to npm or
 * LOCAL_WATCH_PID: lifecycle.ts) is stop.ts. A DynamoDB Local that exits on
 * its own stops the runtime with exit code 1. A crash still ends DynamoDB
 * Local (exit hook and watchdog in dynamodb-local.ts).
 */
import { inspect } from 'node:util';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { config, readEnvironment } from '../shared/config';
import type { SandboxCarriersSetting } from '../shared/domain/sandbox-carriers';
import { configuredKeyPrefixes } from '../shared/http/auth';
import { seedReferenceData } from '../shared/store/seed';
import { accessLogLine, createApiServer, localBodyTimeoutMs } from './api-gateway';
import { startBackgroundFunctions, StreamFilterError } from './background';
import { bannerLines } from './banner';
import { ensureDemo } from './demo';
import { dynamoDbLocalHeap } from './dynamodb-local';
import { applyEnv, localAwsEnv } from './env';
import { JavaMissingError } from './java';
import { drainingGate, localWatchPid, watchLaunchers } from './lifecycle';
import { assertPortFree } from './ports';
import { ensureTableAndBucket } from './provision';
import { localRequestLimiter, type RequestLimiter } from './request-limiter';
import { dataPaths, isProcessAlive, readRuntimeFile, removeRuntimeFile, resolveDataDir, writeRuntimeFile } from './runtime-files';
import { startLocalStack } from './stack';
import { createStopper, type RunningParts, type Stopper } from './stop';
import { localRefreshSeconds } from './timer';

/** A start refused for a reason the operator can fix: the message alone, without a stack trace. */
class StartupError extends Error {}

const out = (line = '') => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const portFromEnv = (name: string, fallback?: number): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  return port;
};

type Settings = {
  port: number;
  refreshSeconds: number;
  bodyTimeoutMs: number;
  limiter: RequestLimiter;
  dynamodbHeap: string;
  sandboxCarriers: SandboxCarriersSetting;
};

/** Every setting of the runtime and of the functions, read before anything starts: a bad one stops the start, naming it. */
const readSettings = (): Settings => {
  try {
    return {
      port: portFromEnv('PORT', 3000)!,
      dynamodbHeap: dynamoDbLocalHeap(),
      refreshSeconds: localRefreshSeconds(),
      bodyTimeoutMs: localBodyTimeoutMs(),
      limiter: localRequestLimiter(process.env, configuredKeyPrefixes()),
      // Every function setting at once (shared/config.ts): a value out of range stops the start, naming each
      // variable, instead of failing each request that reads it.
      sandboxCarriers: readEnvironment().sandboxCarriers,
    };
  } catch (e) {
    throw new StartupError((e as Error).message);
  }
};

/** The functions' settings that point into DATA_DIR, set before any handler module loads; the outbox directory, and whether it is ours to create. */
const pointFunctionsAtDataDir = (dataDir: string): { outboxDir: string; ownOutbox: boolean } => {
  // Read by the e-mail sender when a handler sends.
  const ownOutbox = !process.env.EMAIL_OUTBOX_DIR;
  if (ownOutbox) process.env.EMAIL_OUTBOX_DIR = dataPaths(dataDir).outbox;
  // The carrier accounts' credentials, where `admin carrier-account add` (same DATA_DIR) writes them.
  process.env.CARRIER_SECRETS_DIR = dataPaths(dataDir).carrierSecrets;
  // Webhooks: the key that seals signing secrets, and URLs on this machine (http://127.0.0.1) allowed; never on a deployed stage.
  process.env.WEBHOOK_SECRET_KEY_FILE = dataPaths(dataDir).webhookSecretKey;
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS ??= 'true';
  return { outboxDir: process.env.EMAIL_OUTBOX_DIR!, ownOutbox };
};

/** Refuses a DATA_DIR another running runtime uses, and clears the runtime.json of one that did not exit cleanly. */
const claimDataDir = (dataDir: string) => {
  const previous = (() => {
    try {
      return readRuntimeFile(dataDir);
    } catch {
      return undefined;
    }
  })();
  if (previous && isProcessAlive(previous.pid) && previous.pid !== process.pid) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is in use by a running local runtime (pid ${previous.pid}, ${previous.apiUrl}). Stop it first, or set another DATA_DIR.`,
    );
  }
  removeRuntimeFile(dataDir);
};

const listen = (s: Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      s.off('error', reject);
      resolve((s.address() as AddressInfo).port);
    });
  });

/** Starts every part in turn, each recorded in `parts` for a stop; gives up as soon as a stop has begun. */
const start = async (dataDir: string, parts: RunningParts, stopper: Stopper) => {
  try {
    // npm does not pass SIGHUP on, and a launcher killed outright passes nothing on: watch the processes that
    // started this one (up to LOCAL_WATCH_PID when set), first of all.
    parts.stopWatchingLaunchers = watchLaunchers((link) => stopper.shutdown(`process ${link.parent}, which started this runtime, is gone`, 0), {
      upTo: localWatchPid(),
    });
  } catch (e) {
    throw new StartupError((e as Error).message);
  }
  const settings = readSettings();
  const { outboxDir, ownOutbox } = pointFunctionsAtDataDir(dataDir);
  claimDataDir(dataDir);
  if (settings.port !== 0) {
    await assertPortFree(settings.port).catch((e: NodeJS.ErrnoException) => {
      throw new StartupError(`PORT ${settings.port} on 127.0.0.1 is not available (${e.code ?? e.message}). Set PORT to another port.`);
    });
  }

  out(`Starting DynamoDB Local and s3rver with data in ${dataDir} ...`);
  const stack = await startLocalStack({
    dataDir,
    dynamodbPort: portFromEnv('DYNAMODB_PORT'),
    dynamodbHeap: settings.dynamodbHeap,
    s3Port: portFromEnv('S3_PORT'),
    warn: err,
  });
  parts.stack = stack;
  // After startLocalStack made DATA_DIR private; the e-mails hold customers' addresses.
  if (ownOutbox) mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
  void stack.dynamodb.exited.then((exit) => {
    if (exit.expected) return;
    err(
      `DynamoDB Local (pid ${stack.dynamodb.pid}) exited on its own (${exit.signal ?? `exit code ${exit.code}`}); stopping the runtime. Its last output:\n${exit.output}`,
    );
    stopper.shutdown('DynamoDB Local exited', 1);
  });
  if (stopper.stopping()) return;
  const { tableName, bucketName } = config;
  const region = process.env.AWS_REGION || 'us-east-1';
  applyEnv(localAwsEnv({ dynamodbEndpoint: stack.dynamodb.endpoint, s3Endpoint: stack.s3.endpoint, region, tableName, bucketName }));

  const provisioned = await ensureTableAndBucket({ tableName, bucketName });
  const seeded = await seedReferenceData();
  const demo = await ensureDemo(dataDir, err);
  if (stopper.stopping()) return;

  const server = createApiServer({
    region,
    limiter: settings.limiter,
    bodyTimeoutMs: settings.bodyTimeoutMs,
    onResponse: (entry) => {
      out(accessLogLine(entry));
      // A client that left is one line: what failed after it had gone, nobody was answered with.
      if (entry.error && !entry.aborted) err(`  ${inspect(entry.error)}`);
    },
  });
  parts.server = server;
  parts.gate = drainingGate(server);
  const port = await listen(server, settings.port);
  if (stopper.stopping()) return;
  let backgroundLines: string[];
  try {
    backgroundLines = startBackgroundFunctions({ dataDir, tableName, region, refreshSeconds: settings.refreshSeconds, log: out, warn: err }, parts.background);
  } catch (e) {
    if (e instanceof StreamFilterError) throw new StartupError(e.message);
    throw e;
  }
  const apiUrl = `http://127.0.0.1:${port}/v1`;
  writeRuntimeFile(dataDir, {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    apiUrl,
    port,
    region,
    tableName,
    bucketName,
    dynamodb: { endpoint: stack.dynamodb.endpoint, pid: stack.dynamodb.pid },
    s3: { endpoint: stack.s3.endpoint },
    outboxDir,
    sandboxCarriers: settings.sandboxCarriers,
  });
  parts.runtimeFileWritten = true;

  const banner = bannerLines({
    apiUrl,
    port,
    demo: { file: demo.demo, created: demo.created, testCreated: demo.testCreated },
    limiter: settings.limiter,
    sandboxCarriers: settings.sandboxCarriers,
    dataDir,
    tableName,
    bucketName,
    provisioned,
    referenceItems: seeded.items,
    stack,
    backgroundLines,
    outboxDir,
    streamFailuresFile: dataPaths(dataDir).streamFailures,
  });
  for (const line of banner) out(line);
};

/** Runs the local runtime until a stop: its signals and crash handlers first, then the start. */
export const runLocalRuntime = (): void => {
  const dataDir = resolveDataDir();
  const parts: RunningParts = { background: [], runtimeFileWritten: false, stopWatchingLaunchers: () => undefined };
  const stopper = createStopper(dataDir, parts, { log: out, warn: err, exit: (code) => process.exit(code) });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stopper.shutdown(signal, 0));
  process.on('uncaughtException', (e) => {
    err(`uncaught exception: ${e.stack ?? e.message}`);
    stopper.shutdown('uncaught exception', 1);
  });
  process.on('unhandledRejection', (e) => {
    err(`unhandled rejection: ${(e as Error)?.stack ?? String(e)}`);
    stopper.shutdown('unhandled rejection', 1);
  });
  process.on('exit', stopper.removeOwnRuntimeFile);
  start(dataDir, parts, stopper).catch((e: unknown) => {
    if (e instanceof StartupError || e instanceof JavaMissingError) err(`npm start: ${e.message}`);
    else err(`npm start failed: ${(e as Error)?.stack ?? String(e)}`);
    stopper.shutdown('startup failed', 1);
  });
};
