/**
 * The credentials of the carrier accounts, the one module that touches them.
 * A carrier account item holds only a reference (`credentialsRef`,
 * shared/domain/entities.ts); the credentials themselves, a JSON object of
 * strings, live in one of two stores:
 *
 * - `secretsmanager`, on a deployed stage: the secret
 *   `<carrierSecretPrefix>/<carrierAccountId>` of AWS Secrets Manager, read
 *   through Powertools Parameters (JSON transform) and cached per container
 *   CARRIER_SECRET_CACHE_SECONDS, so a warm function reads it once per period
 *   and a rotated secret is seen within it. The functions' role may read only
 *   the secrets under the stage's prefix (lib/shipping-stack.ts).
 * - `file`, in the local runtime: `<name>.json` in CARRIER_SECRETS_DIR
 *   (DATA_DIR/secrets/carrier-accounts), a 0600 file in a 0700 directory,
 *   read at each call (a local file read costs nothing worth caching).
 *
 * Nothing here logs, and no error it throws carries a credential: a JSON
 * parser's message quotes the text it failed on, so such errors are replaced,
 * never wrapped.
 */
import { chmodSync, closeSync, constants, fstatSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { CreateSecretCommand, DeleteSecretCommand, paginateListSecrets, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';
import type { CarrierAccountRecord, CredentialsRef } from './domain/entities';
import { lazy } from './lazy';
import { awsClientConfig, withoutSdkLogging } from './aws';
import { traced } from './observability';

/** A carrier account's credentials: names to values, e.g. `{"clientId": "...", "clientSecret": "..."}`. */
export type Credentials = Record<string, string>;

/** Largest credentials document accepted, in bytes of JSON (Secrets Manager takes 64 KiB; a PEM key fits well within this). */
export const MAX_CREDENTIALS_BYTES = 16 * 1024;
const MAX_ENTRIES = 64;
const MAX_NAME_LENGTH = 128;

/** Bad credentials given to the admin CLI (not JSON, not an object of strings, too large). The message never quotes them. */
export class InvalidCredentials extends Error {
  override readonly name = 'InvalidCredentials';
}

/** A carrier account's credentials could not be read. The message names the account and the reason, never a credential. */
export class CredentialsUnavailable extends Error {
  override readonly name = 'CredentialsUnavailable';

  constructor(
    readonly carrierAccountId: string,
    reason: string,
  ) {
    super(`credentials of carrier account ${carrierAccountId} are not available: ${reason}`);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The reason `value` is not a credentials object (a non-empty object of at
 * most MAX_ENTRIES non-empty names to strings), or undefined when it is one.
 * The reason names no entry: a name may be as private as its value.
 */
const credentialsProblem = (value: unknown): string | undefined => {
  if (!isPlainObject(value)) return 'must be a JSON object of strings, e.g. {"clientId": "...", "clientSecret": "..."}';
  const entries = Object.entries(value);
  if (entries.length === 0) return 'must have at least one entry';
  if (entries.length > MAX_ENTRIES) return `must have at most ${MAX_ENTRIES} entries`;
  if (entries.some(([name]) => name.trim() === '' || name.length > MAX_NAME_LENGTH)) return `every name must be 1 to ${MAX_NAME_LENGTH} characters`;
  const notText = entries.filter(([, v]) => typeof v !== 'string').length;
  if (notText > 0) return `every value must be a string (${notText} ${notText === 1 ? 'is' : 'are'} not)`;
  return undefined;
};

/** A copy, so a caller that changes it cannot change what the cache holds. */
const copyOf = (value: Record<string, unknown>): Credentials => Object.fromEntries(Object.entries(value)) as Credentials;

/**
 * The credentials in `text` (what the admin CLI was given); throws
 * InvalidCredentials, whose message names `source` and never the content.
 */
export const parseCredentials = (text: string | Buffer, source: string): Credentials => {
  const bytes = typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : text.length;
  if (bytes > MAX_CREDENTIALS_BYTES)
    throw new InvalidCredentials(`${source}: credentials must be at most ${MAX_CREDENTIALS_BYTES} bytes of JSON, got ${bytes}`);
  const raw = typeof text === 'string' ? text : text.toString('utf8');
  if (raw.trim() === '') throw new InvalidCredentials(`${source}: no credentials given (expected a JSON object of strings)`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new InvalidCredentials(`${source}: credentials are not valid JSON`);
  }
  const problem = credentialsProblem(value);
  if (problem) throw new InvalidCredentials(`${source}: credentials ${problem}`);
  return copyOf(value as Record<string, unknown>);
};

// ---- the local file store ----

const FILE_NAME = /^[A-Za-z0-9_-]{1,128}$/;

const secretsDir = (carrierAccountId: string): string => {
  const dir = config.carrierSecretsDir;
  if (!dir) {
    throw new CredentialsUnavailable(carrierAccountId, 'its credentials are a file of the local runtime, and CARRIER_SECRETS_DIR is not set here');
  }
  return dir;
};

const credentialsFile = (dir: string, name: string): string => {
  // The schema already refuses such a name; checked again where it becomes a path.
  if (!FILE_NAME.test(name)) throw new Error('invalid credentials file name');
  return path.join(dir, `${name}.json`);
};

const readFileCredentials = (carrierAccountId: string, name: string): Credentials => {
  const file = credentialsFile(secretsDir(carrierAccountId), name);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CredentialsUnavailable(carrierAccountId, code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be opened (${code ?? 'error'})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new CredentialsUnavailable(carrierAccountId, `${file} is not a regular file`);
    // As ssh does with a private key: a file others may read is refused, not used.
    if ((stat.mode & 0o077) !== 0)
      throw new CredentialsUnavailable(carrierAccountId, `${file} is readable by others (mode ${(stat.mode & 0o777).toString(8)}); chmod 600 it`);
    if (stat.size > MAX_CREDENTIALS_BYTES) throw new CredentialsUnavailable(carrierAccountId, `${file} is larger than ${MAX_CREDENTIALS_BYTES} bytes`);
    try {
      return parseCredentials(readFileSync(fd), file);
    } catch (e) {
      if (e instanceof InvalidCredentials) throw new CredentialsUnavailable(carrierAccountId, e.message);
      throw e;
    }
  } finally {
    closeSync(fd);
  }
};

/** Writes the credentials file of a new account: 0600, in a 0700 directory, complete or not at all, never over another file. */
const writeFileCredentials = (dir: string, name: string, credentials: Credentials): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const file = credentialsFile(dir, name);
  const temporary = `${file}.${process.pid}.tmp`;
  // wx: never through a file (or link) someone put there first.
  writeFileSync(temporary, `${JSON.stringify(credentials)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(temporary, 0o600);
    // A hard link appears complete, and fails (EEXIST) where a file exists; rename would replace it.
    linkSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
};

// ---- Secrets Manager ----

export const createSecretsManagerClient = (): SecretsManagerClient => traced(withoutSdkLogging(new SecretsManagerClient(awsClientConfig('secretsmanager'))));

const secretsManager: SecretsManagerClient = /* @__PURE__ */ lazy(() => createSecretsManagerClient());

/**
 * Powertools' provider over the project's client (its timeouts and retries;
 * `getSecret`'s default provider would build a client without them), one per
 * container: its cache is the per-container cache of the secrets.
 */
let provider: SecretsProvider | undefined;
const secretsProvider = (): SecretsProvider => (provider ??= new SecretsProvider({ awsSdkV3Client: createSecretsManagerClient() }));

/** Forgets the cached secrets and the provider (tests; a new container starts so). */
export const clearCredentialsCache = (): void => {
  provider = undefined;
};

const readSecretCredentials = async (carrierAccountId: string, name: string): Promise<Credentials> => {
  const prefix = config.carrierSecretPrefix;
  if (prefix !== undefined && !name.startsWith(`${prefix}/`)) {
    // The role could not read it anyway (its grant is the prefix); say so plainly instead of AccessDenied.
    throw new CredentialsUnavailable(carrierAccountId, `secret ${name} is not under this stage's prefix ${prefix}/`);
  }
  let value: unknown;
  try {
    value = await secretsProvider().get(name, { transform: 'json', maxAge: config.carrierSecretCacheSeconds });
  } catch (e) {
    // A TransformParameterError quotes the JSON parser, which quotes the secret: keep its name only.
    const error = e as { name?: string; cause?: { name?: string } };
    if (error.name === 'TransformParameterError') throw new CredentialsUnavailable(carrierAccountId, `secret ${name} is not valid JSON`);
    throw new CredentialsUnavailable(carrierAccountId, `secret ${name} cannot be read (${error.cause?.name ?? error.name ?? 'error'})`);
  }
  if (value === undefined) throw new CredentialsUnavailable(carrierAccountId, `secret ${name} has no value`);
  const problem = credentialsProblem(value);
  if (problem) throw new CredentialsUnavailable(carrierAccountId, `secret ${name}: credentials ${problem}`);
  return copyOf(value as Record<string, unknown>);
};

// ---- the account's credentials ----

/**
 * The credentials of a carrier account, from the store its reference names.
 * Throws CredentialsUnavailable (missing, unreadable, not an object of
 * strings); a connector calls this only when it talks to the carrier.
 */
export const carrierCredentials = async (account: Pick<CarrierAccountRecord, 'carrierAccountId' | 'credentialsRef'>): Promise<Credentials> => {
  const ref = account.credentialsRef;
  switch (ref.store) {
    case 'file':
      return readFileCredentials(account.carrierAccountId, ref.name);
    case 'secretsmanager':
      return readSecretCredentials(account.carrierAccountId, ref.name);
  }
};

/** Where the admin CLI puts new credentials: a local directory, or Secrets Manager under a stage's prefix. */
export type CredentialsDestination = { store: 'file'; dir: string } | { store: 'secretsmanager'; prefix: string };

/** The destination the environment names: CARRIER_SECRETS_DIR (local runtime) first, else CARRIER_SECRET_PREFIX (a stage). */
export const credentialsDestination = (): CredentialsDestination | undefined => {
  if (config.carrierSecretsDir) return { store: 'file', dir: config.carrierSecretsDir };
  if (config.carrierSecretPrefix) return { store: 'secretsmanager', prefix: config.carrierSecretPrefix.replace(/\/+$/, '') };
  return undefined;
};

/** Stores a new account's credentials and returns the reference the account item keeps. */
export const storeCarrierCredentials = async (
  account: Pick<CarrierAccountRecord, 'carrierAccountId' | 'carrierCode'>,
  credentials: Credentials,
  destination: CredentialsDestination,
  /** Another secret of the account (its push credentials): `<carrierAccountId>-<suffix>`, and what it is for. */
  other?: { suffix: string; purpose: string },
): Promise<CredentialsRef> => {
  const problem = credentialsProblem(credentials);
  if (problem) throw new InvalidCredentials(`credentials ${problem}`);
  const secretName = other ? `${account.carrierAccountId}-${other.suffix}` : account.carrierAccountId;
  if (destination.store === 'file') {
    writeFileCredentials(destination.dir, secretName, credentials);
    return { store: 'file', name: secretName };
  }
  const name = `${destination.prefix}/${secretName}`;
  await secretsManager.send(
    new CreateSecretCommand({
      Name: name,
      SecretString: JSON.stringify(credentials),
      Description: `${other?.purpose ?? 'Credentials'} of carrier account ${account.carrierAccountId} (${account.carrierCode}); read by the shipping API's carrier functions`,
      Tags: [
        { Key: 'carrierAccountId', Value: account.carrierAccountId },
        { Key: 'carrierCode', Value: account.carrierCode },
      ],
    }),
  );
  return { store: 'secretsmanager', name };
};

/** Days Secrets Manager keeps a deleted secret restorable (`aws secretsmanager restore-secret`); 7 is its minimum. */
export const SECRET_RECOVERY_DAYS = 7;

/** Deletes an account's credentials; one already gone is no error. */
export const deleteCarrierCredentials = async (ref: CredentialsRef, dir = config.carrierSecretsDir): Promise<void> => {
  if (ref.store === 'file') {
    if (!dir) throw new Error('CARRIER_SECRETS_DIR is not set: the credentials file of this account belongs to a local runtime');
    rmSync(credentialsFile(dir, ref.name), { force: true });
    return;
  }
  try {
    await secretsManager.send(new DeleteSecretCommand({ SecretId: ref.name, RecoveryWindowInDays: SECRET_RECOVERY_DAYS }));
  } catch (e) {
    if ((e as { name?: string }).name !== 'ResourceNotFoundException') throw e;
  }
};

/** The names a secret of account `carrierAccountId` goes by: its credentials, and its push credentials (`-push-<8 hex>`). */
const accountSecretName = (carrierAccountId: string) => new RegExp(`^${carrierAccountId.replace(/[^A-Za-z0-9]/g, '\\$&')}(-push-[0-9a-f]{8})?$`);

/**
 * Every secret of a removed account (admin `carrier-account remove`): the
 * ones its item names (credentials, push credentials) and any other under
 * its name that a push-credentials command interrupted between its steps
 * left behind: in the directory of the local files, or under the Secrets
 * Manager prefix its secrets live in (ListSecrets by name). Returns the
 * references deleted; one already gone is no error.
 */
export const deleteAccountSecrets = async (
  account: Pick<CarrierAccountRecord, 'carrierAccountId' | 'credentialsRef' | 'pushCredentials'>,
  dir = config.carrierSecretsDir,
): Promise<CredentialsRef[]> => {
  const named = [account.credentialsRef, ...(account.pushCredentials ? [account.pushCredentials.secretRef] : [])];
  const pattern = accountSecretName(account.carrierAccountId);
  const found: CredentialsRef[] = [];
  for (const store of new Set(named.map((ref) => ref.store))) {
    if (store === 'file') {
      if (!dir) continue;
      let files: string[] = [];
      try {
        files = readdirSync(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      for (const file of files) {
        const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : undefined;
        if (name !== undefined && pattern.test(name)) found.push({ store: 'file', name });
      }
      continue;
    }
    for (const prefix of new Set(named.filter((ref) => ref.store === 'secretsmanager').map((ref) => ref.name.slice(0, ref.name.lastIndexOf('/') + 1)))) {
      // Name filters match prefixes; the pattern keeps only this account's own names.
      for await (const page of paginateListSecrets(
        { client: secretsManager },
        { Filters: [{ Key: 'name', Values: [`${prefix}${account.carrierAccountId}`] }] },
      )) {
        for (const secret of page.SecretList ?? []) {
          if (secret.Name?.startsWith(prefix) && pattern.test(secret.Name.slice(prefix.length))) found.push({ store: 'secretsmanager', name: secret.Name });
        }
      }
    }
  }
  const all = [...named, ...found].filter((ref, i, refs) => refs.findIndex((r) => r.store === ref.store && r.name === ref.name) === i);
  for (const ref of all) await deleteCarrierCredentials(ref, dir);
  return all;
};
