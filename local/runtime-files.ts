/**
 * Files the local runtime keeps under DATA_DIR:
 * - `demo.json`: the demo company and its API keys (a live one and a test
 *   one), written on first start and read on later ones;
 * - `runtime.json`: where the running stack is (emulator endpoints, table,
 *   bucket, API URL), written once it serves and removed on exit, so the admin
 *   CLI and tests can act on it;
 * - `ports.json`: the port s3rver had, taken again on the next start so that
 *   label URLs presigned before a restart keep working (local/s3-local.ts);
 * - `dynamodb/` (DynamoDB Local's files) and `s3/` (s3rver's files);
 * - `secrets/carrier-accounts/`: the credentials of the carrier accounts
 *   added with `admin carrier-account add`, one `<carrierAccountId>.json`
 *   each (shared/secrets.ts).
 *
 * All of it is private to the user: DATA_DIR and the folders in it 0700, the
 * files 0600 (the API keys, the whole table and the label files are in there).
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SANDBOX_CARRIERS_SETTINGS } from '../shared/domain/sandbox-carriers';
import * as z from '../shared/zod';

export const demoFileSchema = z.object({
  companyId: z.string().check(z.minLength(1)),
  companyName: z.string(),
  keyId: z.string().check(z.minLength(1)),
  apiKey: z.string().check(z.minLength(1)),
  createdDate: z.string(),
  /** The demo test key; absent from a demo.json written before test keys, and then added on the next start. */
  testKeyId: z.optional(z.string().check(z.minLength(1))),
  testApiKey: z.optional(z.string().check(z.minLength(1))),
});
export type DemoFile = z.infer<typeof demoFileSchema>;

export const runtimeFileSchema = z.object({
  /** The runtime's own process id, to tell a running stack from a file left by a crash. */
  pid: z.number().check(z.int(), z.positive()),
  startedAt: z.string(),
  apiUrl: z.string(),
  port: z.number().check(z.int()),
  region: z.string(),
  tableName: z.string(),
  bucketName: z.string(),
  dynamodb: z.object({ endpoint: z.string(), pid: z.number().check(z.int()) }),
  s3: z.object({ endpoint: z.string() }),
  /** Where the runtime's status e-mails go (EMAIL_OUTBOX_DIR, DATA_DIR/outbox by default), for `admin outbox list`. */
  outboxDir: z.optional(z.string()),
  /** SANDBOX_CARRIERS of the runtime: which keys its sandbox carriers answer, for the admin CLI to say. */
  sandboxCarriers: z.optional(z.enum(SANDBOX_CARRIERS_SETTINGS)),
});
export type RuntimeFile = z.infer<typeof runtimeFileSchema>;

/** The ports the emulators had on their last start, to have them again (only s3rver's: presigned URLs name it). */
export const portsFileSchema = z.object({ s3: z.number().check(z.int(), z.gte(1), z.lte(65535)) });
export type PortsFile = z.infer<typeof portsFileSchema>;

/** DATA_DIR, default `.data/` in the working directory, absolute. */
export const resolveDataDir = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string => path.resolve(cwd, env.DATA_DIR || '.data');

export const dataPaths = (dataDir: string) => ({
  dataDir,
  dynamodb: path.join(dataDir, 'dynamodb'),
  s3: path.join(dataDir, 's3'),
  demo: path.join(dataDir, 'demo.json'),
  runtime: path.join(dataDir, 'runtime.json'),
  /** The port s3rver had last time (local/s3-local.ts). */
  ports: path.join(dataDir, 'ports.json'),
  /** Status e-mails of the local runtime, one JSON file each (shared/notify/outbox.ts, `admin outbox list`). */
  outbox: path.join(dataDir, 'outbox'),
  /** Where the local stream poller keeps its place in each shard of the table's stream (local/stream-poller.ts). */
  streamCheckpoints: path.join(dataDir, 'stream-checkpoints.json'),
  /** Stream records a function kept failing on, one JSON line each (local/stream-poller.ts parks them here). */
  streamFailures: path.join(dataDir, 'stream-failures.jsonl'),
  /** Private files of the local runtime that stand in for a secret store. */
  secrets: path.join(dataDir, 'secrets'),
  /** The carrier accounts' credentials (CARRIER_SECRETS_DIR of the local runtime; shared/secrets.ts). */
  carrierSecrets: path.join(dataDir, 'secrets', 'carrier-accounts'),
  /** The key sealing webhook signing secrets (WEBHOOK_SECRET_KEY_FILE; shared/webhooks/secret-box.ts). */
  webhookSecretKey: path.join(dataDir, 'secrets', 'webhook-secret.key'),
  /** The local queues' messages (local/delivery-queue.ts), one file per queue. */
  queue: (name: string) => path.join(dataDir, `queue-${name}.json`),
  /** Queue messages that ran out of receipts, one JSON line each. */
  queueDeadLetters: path.join(dataDir, 'queue-dead-letters.jsonl'),
});

const readJson = <T>(file: string, schema: z.ZodMiniType<T>): T | undefined => {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success)
    throw new Error(`${file} is not in the expected format: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return result.data;
};

/** Mode bits for group and others: never set on anything under DATA_DIR. */
const GROUP_AND_OTHERS = 0o077;

/** The mode a private entry gets: group and others removed; a folder keeps rwx for its owner. */
export const privateMode = (mode: number, isDirectory: boolean): number => (mode & 0o7777 & ~GROUP_AND_OTHERS) | (isDirectory ? 0o700 : 0);

/**
 * Creates DATA_DIR (0700) and its folders, and takes group and other
 * permissions away from whatever the runtime keeps there (an older DATA_DIR,
 * or files created under a looser umask). Only DATA_DIR itself and the
 * runtime's own entries are touched, never other files a user keeps beside
 * them; symbolic links are left alone. Returns what could not be changed.
 */
export const securePrivateDataDir = (dataDir: string): string[] => {
  const paths = dataPaths(dataDir);
  const problems: string[] = [];
  const tighten = (entry: string, recursive: boolean) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    const wanted = privateMode(stat.mode, stat.isDirectory());
    if ((stat.mode & 0o7777) !== wanted) {
      try {
        chmodSync(entry, wanted);
      } catch (e) {
        problems.push(`${entry}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    if (recursive && stat.isDirectory()) for (const name of readdirSync(entry)) tighten(path.join(entry, name), true);
  };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(paths.dynamodb, { recursive: true, mode: 0o700 });
  mkdirSync(paths.s3, { recursive: true, mode: 0o700 });
  tighten(dataDir, false);
  tighten(paths.dynamodb, true);
  tighten(paths.s3, true);
  tighten(paths.demo, false);
  tighten(paths.runtime, false);
  tighten(paths.ports, false);
  tighten(paths.outbox, true);
  tighten(paths.streamCheckpoints, false);
  tighten(paths.streamFailures, false);
  tighten(paths.secrets, true);
  return problems;
};

/** Written to a temporary file and renamed, so a reader never sees half a file. */
const writeJson = (file: string, value: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
};

export const readDemoFile = (dataDir: string): DemoFile | undefined => readJson(dataPaths(dataDir).demo, demoFileSchema);
export const writeDemoFile = (dataDir: string, demo: DemoFile) => writeJson(dataPaths(dataDir).demo, demoFileSchema.parse(demo));

export const readPortsFile = (dataDir: string): PortsFile | undefined => readJson(dataPaths(dataDir).ports, portsFileSchema);
export const writePortsFile = (dataDir: string, ports: PortsFile) => writeJson(dataPaths(dataDir).ports, portsFileSchema.parse(ports));

export const readRuntimeFile = (dataDir: string): RuntimeFile | undefined => readJson(dataPaths(dataDir).runtime, runtimeFileSchema);
export const writeRuntimeFile = (dataDir: string, runtime: RuntimeFile) => writeJson(dataPaths(dataDir).runtime, runtimeFileSchema.parse(runtime));
export const removeRuntimeFile = (dataDir: string) => rmSync(dataPaths(dataDir).runtime, { force: true });

/** True when a process with this id exists (signal 0 only checks). */
export const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
