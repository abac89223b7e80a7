/**
 * The local runtime (`npm start`, docs/architecture.md): DynamoDB Local and s3rver
 * with their data under DATA_DIR (default `.data/`), the reference data and a
 * demo company with an API key, and the unchanged HTTP handlers behind a
 * local API Gateway on 127.0.0.1:PORT (default 3000); the stream functions
 * fed from the table's stream (local/stream-poller.ts) and the schedule
 * functions run every LOCAL_REFRESH_SECONDS (default 30; local/timer.ts), in
 * this process like the HTTP handlers. Status e-mails go to files under
 * DATA_DIR/outbox unless EMAIL_OUTBOX_DIR says otherwise; the credentials of
 * carrier accounts are files under DATA_DIR/secrets/carrier-accounts.
 *
 * Everything it starts listens on 127.0.0.1 only, and everything it writes
 * under DATA_DIR is private to the user (umask 077, DATA_DIR 0700).
 *
 * Stopping (SIGINT, SIGTERM or SIGHUP, to npm, this process or the
 * whole process group; or a process that started it exiting, up to npm or
 * LOCAL_WATCH_PID: local/lifecycle.ts): the API
 * refuses connections (and closes open ones after their current response),
 * the stream pollers and timers stop, the requests and invocations in flight
 * finish (at most DRAIN_MS), then the emulators stop. A DynamoDB Local
 * that exits on its own stops the runtime with exit code 1. A crash still
 * ends DynamoDB Local (exit hook and watchdog in local/dynamodb-local.ts).
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { config, readEnvironment } from '../shared/config';
import { describeSandboxCarriers, type SandboxCarriersSetting } from '../shared/domain/sandbox-carriers';
import { configuredKeyPrefixes } from '../shared/http/auth';
import { createApiKey, getApiKeyByHash, hashApiKey } from '../shared/store/api-keys';
import { createCompany, getCompany } from '../shared/store/companies';
import { seedReferenceData } from '../shared/store/seed';
import { carriers as referenceCarriers } from '../shared/reference/carriers';
import { FUNCTIONS, type FunctionEntry } from '../shared/functions';
import { accessLogLine, createApiServer, localBodyTimeoutMs, manifestRoutes, requireHandlerLoader } from '../local/api-gateway';
import { applyEnv, localAwsEnv } from '../local/env';
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { dynamoDbLocalHeap } from '../local/dynamodb-local';
import { JavaMissingError } from '../local/java';
import { drainingGate, localWatchPid, watchLaunchers, type DrainingGate } from '../local/lifecycle';
import { assertPortFree } from '../local/ports';
import { ensureTableAndBucket } from '../local/provision';
import { describeLimits, localRequestLimiter, type RequestLimiter } from '../local/request-limiter';
import {
  dataPaths,
  isProcessAlive,
  readDemoFile,
  readRuntimeFile,
  removeRuntimeFile,
  resolveDataDir,
  writeDemoFile,
  writeRuntimeFile,
  type DemoFile,
} from '../local/runtime-files';
import { startLocalStack, type LocalStack } from '../local/stack';
import { startLocalQueue, type QueueHandler } from '../local/delivery-queue';
import { useQueue } from '../shared/queues';
import { fileCheckpoints, startStreamPoller, type StreamHandler, type StreamPoller } from '../local/stream-poller';
import { localRefreshSeconds, startTimer, type ScheduledHandler } from '../local/timer';

// The handlers are required as CommonJS; middy 7 is ESM-only.
allowRequireOfEsmOnlyPackages();

const DEMO_COMPANY_NAME = 'Demo Company';
/** How long a stop waits for the requests in flight. */
const DRAIN_MS = 5_000;
/** Like the deployed functions' timeout (lib/stages.ts). */
const FUNCTION_TIMEOUT_MS = 15_000;
/** Like the deployed queue consumers' timeout (lib/shipping-stack.ts QUEUE_CONSUMER_TIMEOUT_SECONDS). */
const QUEUE_FUNCTION_TIMEOUT_MS = 30_000;
/** A stop that takes longer than this (drain, then the emulators) exits anyway. */
const STOP_DEADLINE_MS = 15_000;

// Everything written under DATA_DIR (s3rver's label files, demo.json, runtime.json, DynamoDB Local's database) is the user's alone.
process.umask(0o077);

const out = (line = '') => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const portFromEnv = (name: string, fallback?: number): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (0-65535), got "${raw}"`);
  return port;
};

const sandboxCarrierCodes = referenceCarriers.filter((c) => c.network === 'sandbox').map((c) => c.code);

class StartupError extends Error {}

let stack: LocalStack | undefined;
let server: Server | undefined;
let gate: DrainingGate | undefined;
/** The stream pollers and timers, stopped before the emulators. */
const background: Array<{ name: string; stop: () => Promise<void> }> = [];
let runtimeFileWritten = false;
/** Set once main() watches the processes that started this one (local/lifecycle.ts). */
let stopWatchingLaunchers: () => void = () => undefined;
const dataDir = resolveDataDir();
const streamFailuresFile = dataPaths(dataDir).streamFailures;

/** Removes runtime.json only when it is this process's (never another runtime's). */
const removeOwnRuntimeFile = () => {
  if (!runtimeFileWritten) return;
  try {
    if (readRuntimeFile(dataDir)?.pid === process.pid) removeRuntimeFile(dataDir);
  } catch {
    removeRuntimeFile(dataDir);
  }
  runtimeFileWritten = false;
};

let stopping: Promise<void> | undefined;
let stopStartedAt = 0;
const shutdown = (reason: string, exitCode: number) => {
  if (stopping) {
    // One stop signal often arrives twice at once (Ctrl-C reaches the whole group, and npm passes it on again);
    // only a later one means "now": leave at once, the exit hook and the watchdog still end DynamoDB Local.
    if (reason.startsWith('SIG') && Date.now() - stopStartedAt > 1_000) {
      err(`${reason} again: exiting without waiting`);
      process.exit(1);
    }
    return;
  }
  stopStartedAt = Date.now();
  setTimeout(() => {
    err(`stopping took more than ${STOP_DEADLINE_MS / 1000} s: exiting`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  stopping = (async () => {
    out(`\nStopping (${reason})...`);
    stopWatchingLaunchers();
    const drainApi = async () => {
      if (!server || !gate) return;
      gate.close();
      if (gate.inFlight > 0) {
        out(`  waiting for ${gate.inFlight} request(s) in flight (at most ${DRAIN_MS / 1000} s)`);
        if (!(await gate.idle(DRAIN_MS))) err(`  ${gate.inFlight} request(s) still running after ${DRAIN_MS / 1000} s: closing their connections`);
      }
      server.closeAllConnections();
    };
    const stopBackground = async () => {
      const running = new Set(background.map((b) => b.name));
      const stopped = Promise.all(background.map((b) => b.stop().finally(() => running.delete(b.name))));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), DRAIN_MS)));
      if (await Promise.race([stopped.then(() => false), late])) err(`  ${[...running].join(', ')} still running after ${DRAIN_MS / 1000} s: stopping anyway`);
      clearTimeout(timer);
    };
    await Promise.all([drainApi(), stopBackground()]);
    await stack?.stop();
    removeOwnRuntimeFile();
  })()
    .catch((e: unknown) => {
      err(`error while stopping: ${(e as Error).message}`);
    })
    .finally(() => process.exit(exitCode));
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal, 0));
process.on('uncaughtException', (e) => {
  err(`uncaught exception: ${e.stack ?? e.message}`);
  shutdown('uncaught exception', 1);
});
process.on('unhandledRejection', (e) => {
  err(`unhandled rejection: ${(e as Error)?.stack ?? String(e)}`);
  shutdown('unhandled rejection', 1);
});
process.on('exit', removeOwnRuntimeFile);

/** A test key with every scope for the demo company. */
const demoTestKey = async (companyId: string): Promise<Pick<DemoFile, 'testKeyId' | 'testApiKey'>> => {
  const key = await createApiKey({ companyId, scopes: [], mode: 'test' });
  return { testKeyId: key.keyId, testApiKey: key.apiKey };
};

/**
 * The demo company and its keys of demo.json, or new ones on first start (or
 * when the table lost them). A demo.json from before test keys gets its test key now.
 */
const ensureDemo = async (): Promise<{ demo: DemoFile; created: boolean; testCreated: boolean }> => {
  const existing = readDemoFile(dataDir);
  if (existing) {
    const company = await getCompany(existing.companyId);
    const key = company ? await getApiKeyByHash(hashApiKey(existing.apiKey)) : undefined;
    if (company && key) {
      if (!key.active) err(`note: the demo API key ${existing.keyId} is revoked; create another with \`npm run -s admin -- key create --company ${existing.companyId}\``);
      const testKey = existing.testApiKey ? await getApiKeyByHash(hashApiKey(existing.testApiKey)) : undefined;
      if (testKey) {
        if (!testKey.active) err(`note: the demo test key ${existing.testKeyId} is revoked; create another with \`npm run -s admin -- key create --company ${existing.companyId} --mode test\``);
        return { demo: existing, created: false, testCreated: false };
      }
      const demo = { ...existing, ...(await demoTestKey(existing.companyId)) };
      writeDemoFile(dataDir, demo);
      return { demo, created: false, testCreated: true };
    }
    err(`note: ${dataPaths(dataDir).demo} names a company or key the table does not hold; creating a new demo company`);
  }
  const company = await createCompany({ name: DEMO_COMPANY_NAME, pricingGroupId: 'default', billing: 'account', withUser: true });
  const key = await createApiKey({ companyId: company.companyId, scopes: [] });
  const demo: DemoFile = {
    companyId: company.companyId,
    companyName: company.name,
    keyId: key.keyId,
    apiKey: key.apiKey,
    createdDate: company.createdDate,
    ...(await demoTestKey(company.companyId)),
  };
  writeDemoFile(dataDir, demo);
  return { demo, created: true, testCreated: true };
};

/** Each function's handler module, required on first use (in this process, like the HTTP handlers). */
const loadFunctionHandler = requireHandlerLoader();
const handlerOf =
  <H>(f: FunctionEntry) =>
  (): H =>
    loadFunctionHandler({ name: f.name, entry: f.entry, method: f.trigger.kind, path: '' }) as unknown as H;

/** A poller per stream function and a timer per schedule function of the function list; returns the banner lines. */
const startBackgroundFunctions = (options: { tableName: string; region: string; refreshSeconds: number }): string[] => {
  const lines: string[] = [];
  const checkpoints = fileCheckpoints(dataPaths(dataDir).streamCheckpoints, err);
  for (const f of FUNCTIONS) {
    const { trigger } = f;
    if (trigger.kind === 'stream') {
      let poller: StreamPoller;
      try {
        poller = startStreamPoller({
          fn: { name: f.name, entry: f.entry, filters: trigger.filters },
          tableName: options.tableName,
          loadHandler: handlerOf<StreamHandler>(f),
          checkpoints,
          failuresFile: streamFailuresFile,
          timeoutMs: FUNCTION_TIMEOUT_MS,
          region: options.region,
          log: out,
          warn: err,
        });
      } catch (e) {
        throw new StartupError(`the stream filters of ${f.name} cannot be applied locally: ${(e as Error).message}`);
      }
      background.push({ name: f.name, stop: poller.stop });
      lines.push(`Stream     ${f.name} (filters: ${trigger.filters.length} pattern${trigger.filters.length === 1 ? '' : 's'})`);
    } else if (trigger.kind === 'queue') {
      const queue = startLocalQueue({
        name: trigger.queue,
        fn: { name: f.name, entry: f.entry, batchSize: trigger.batchSize, maxReceives: trigger.maxReceives },
        loadHandler: handlerOf<QueueHandler>(f),
        file: dataPaths(dataDir).queue(trigger.queue),
        deadLetterFile: dataPaths(dataDir).queueDeadLetters,
        timeoutMs: QUEUE_FUNCTION_TIMEOUT_MS,
        region: options.region,
        log: out,
        warn: err,
      });
      // Every function of this process sends to it (shared/queues.ts).
      useQueue(trigger.queue, queue);
      background.push({ name: f.name, stop: queue.stop });
      lines.push(`Queue      ${trigger.queue} → ${f.name} (${queue.size()} message(s) waiting)`);
    } else if (trigger.kind === 'schedule') {
      const timer = startTimer({
        fn: { name: f.name, entry: f.entry },
        intervalMs: options.refreshSeconds * 1000,
        loadHandler: handlerOf<ScheduledHandler>(f),
        timeoutMs: FUNCTION_TIMEOUT_MS,
        region: options.region,
        log: out,
        warn: err,
      });
      background.push({ name: f.name, stop: timer.stop });
      lines.push(`Timer      ${f.name} every ${options.refreshSeconds} s (deployed: every ${trigger.everyMinutes} min; LOCAL_REFRESH_SECONDS)`);
    }
  }
  return lines;
};

const listen = (s: Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      s.off('error', reject);
      resolve((s.address() as AddressInfo).port);
    });
  });

const main = async () => {
  const port = portFromEnv('PORT', 3000)!;
  let refreshSeconds: number;
  let bodyTimeoutMs: number;
  let limiter: RequestLimiter;
  let dynamodbHeap: string;
  let sandboxCarriers: SandboxCarriersSetting;
  try {
    // npm does not pass SIGHUP on, and a launcher killed outright passes nothing on: watch the processes that
    // started this one (up to LOCAL_WATCH_PID when set), first of all.
    stopWatchingLaunchers = watchLaunchers((link) => shutdown(`process ${link.parent}, which started this runtime, is gone`, 0), { upTo: localWatchPid() });
    dynamodbHeap = dynamoDbLocalHeap();
    refreshSeconds = localRefreshSeconds();
    bodyTimeoutMs = localBodyTimeoutMs();
    limiter = localRequestLimiter(process.env, configuredKeyPrefixes());
    // Every function setting at once (shared/config.ts): a value out of range stops the start, naming each
    // variable, instead of failing each request that reads it.
    sandboxCarriers = readEnvironment().sandboxCarriers;
  } catch (e) {
    throw new StartupError((e as Error).message);
  }
  // Read by the e-mail sender when a handler sends: set before any handler module loads.
  const ownOutbox = !process.env.EMAIL_OUTBOX_DIR;
  if (ownOutbox) process.env.EMAIL_OUTBOX_DIR = dataPaths(dataDir).outbox;
  const outboxDir = process.env.EMAIL_OUTBOX_DIR!;
  // The carrier accounts' credentials, where `admin carrier-account add` (same DATA_DIR) writes them.
  process.env.CARRIER_SECRETS_DIR = dataPaths(dataDir).carrierSecrets;
  // Webhooks: the key that seals signing secrets, and URLs on this machine (http://127.0.0.1) allowed; never on a deployed stage.
  process.env.WEBHOOK_SECRET_KEY_FILE = dataPaths(dataDir).webhookSecretKey;
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS ??= 'true';
  const previous = (() => {
    try {
      return readRuntimeFile(dataDir);
    } catch {
      return undefined;
    }
  })();
  if (previous && isProcessAlive(previous.pid) && previous.pid !== process.pid) {
    throw new StartupError(`DATA_DIR ${dataDir} is in use by a running local runtime (pid ${previous.pid}, ${previous.apiUrl}). Stop it first, or set another DATA_DIR.`);
  }
  // Left by a runtime that did not exit cleanly.
  removeRuntimeFile(dataDir);
  if (port !== 0) {
    await assertPortFree(port).catch((e: NodeJS.ErrnoException) => {
      throw new StartupError(`PORT ${port} on 127.0.0.1 is not available (${e.code ?? e.message}). Set PORT to another port.`);
    });
  }

  out(`Starting DynamoDB Local and s3rver with data in ${dataDir} ...`);
  stack = await startLocalStack({
    dataDir,
    dynamodbPort: portFromEnv('DYNAMODB_PORT'),
    dynamodbHeap,
    s3Port: portFromEnv('S3_PORT'),
    warn: err,
  });
  // After startLocalStack made DATA_DIR private; the e-mails hold customers' addresses.
  if (ownOutbox) mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
  void stack.dynamodb.exited.then((exit) => {
    if (exit.expected) return;
    err(`DynamoDB Local (pid ${stack?.dynamodb.pid}) exited on its own (${exit.signal ?? `exit code ${exit.code}`}); stopping the runtime. Its last output:\n${exit.output}`);
    shutdown('DynamoDB Local exited', 1);
  });
  if (stopping) return;
  const tableName = config.tableName;
  const bucketName = config.bucketName;
  const region = process.env.AWS_REGION || 'us-east-1';
  applyEnv(localAwsEnv({ dynamodbEndpoint: stack.dynamodb.endpoint, s3Endpoint: stack.s3.endpoint, region, tableName, bucketName }));

  const provisioned = await ensureTableAndBucket({ tableName, bucketName });
  const seeded = await seedReferenceData();
  const { demo, created, testCreated } = await ensureDemo();
  if (stopping) return;

  server = createApiServer({
    region,
    limiter,
    bodyTimeoutMs,
    onResponse: (entry) => {
      out(accessLogLine(entry));
      // A client that left is one line: what failed after it had gone, nobody was answered with.
      if (entry.error && !entry.aborted) err(`  ${(entry.error as Error)?.stack ?? String(entry.error)}`);
    },
  });
  gate = drainingGate(server);
  const actualPort = await listen(server, port);
  if (stopping) return;
  const backgroundLines = startBackgroundFunctions({ tableName, region, refreshSeconds });
  const apiUrl = `http://127.0.0.1:${actualPort}/v1`;
  writeRuntimeFile(dataDir, {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    apiUrl,
    port: actualPort,
    region,
    tableName,
    bucketName,
    dynamodb: { endpoint: stack.dynamodb.endpoint, pid: stack.dynamodb.pid },
    s3: { endpoint: stack.s3.endpoint },
    outboxDir,
    sandboxCarriers,
  });
  runtimeFileWritten = true;

  out('');
  out('Shipping API, local runtime');
  out(`  Base URL   ${apiUrl}`);
  out(`  Demo key   ${demo.apiKey}   (${created ? 'new' : 'from demo.json'}; company "${demo.companyName}" ${demo.companyId}, pricing group default)`);
  out(`  Test key   ${demo.testApiKey}   (${testCreated ? 'new' : 'from demo.json'}; same company: test orders, marked "mode": "test", seen by test keys only)`);
  out(`  Try        curl -s -H 'X-API-Key: ${demo.apiKey}' ${apiUrl}/carriers`);
  out(`  Docs       http://127.0.0.1:${actualPort}/docs   (the document: ${apiUrl}/openapi.json; no key needed)`);
  out(`  Limits     ${describeLimits(limiter)}`);
  out(`  Sandbox    carriers ${sandboxCarrierCodes.join(', ')} answer ${describeSandboxCarriers(sandboxCarriers)} (SANDBOX_CARRIERS=${sandboxCarriers})`);
  out(`  Data       ${dataDir}`);
  out(`             table ${tableName}${provisioned.tableCreated ? ' (created)' : ''}, bucket ${bucketName}${provisioned.bucketCreated ? ' (created)' : ''}, reference data ${seeded.items} items`);
  out(`             DynamoDB Local ${stack.dynamodb.endpoint}, s3rver ${stack.s3.endpoint}`);
  if (stack.dynamodb.listenAddress === '127.0.0.1') out('             everything listens on 127.0.0.1 only; DATA_DIR is private to you (0700)');
  else out('             WARNING: DynamoDB Local listens on EVERY interface (see the warning above)');
  out(`  Admin      npm run -s admin -- help   (same DATA_DIR)`);
  out('  Routes');
  for (const route of manifestRoutes()) out(`             ${route.method.padEnd(6)} ${route.path}  (${route.name})`);
  for (const line of backgroundLines) out(`  ${line}`);
  out(`  E-mails    ${outboxDir}   (npm run -s admin -- outbox list)`);
  if (FUNCTIONS.some((f) => f.trigger.kind === 'stream')) out(`             stream records a function keeps failing on are set aside in ${streamFailuresFile}`);
  out('Ctrl-C (or SIGTERM/SIGHUP) stops everything, after the requests and invocations in flight.');
};

main().catch((e: unknown) => {
  if (e instanceof StartupError || e instanceof JavaMissingError) err(`npm start: ${e.message}`);
  else err(`npm start failed: ${(e as Error)?.stack ?? String(e)}`);
  shutdown('startup failed', 1);
});
