/**
 * The carrier accounts' credentials (shared/secrets.ts): the local file store
 * (round trip, modes, refusals) and Secrets Manager through Powertools
 * Parameters (read once per cache period, errors that never quote a secret).
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateSecretCommand, DeleteSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import {
  carrierCredentials,
  clearCredentialsCache,
  credentialsDestination,
  CredentialsUnavailable,
  deleteCarrierCredentials,
  InvalidCredentials,
  MAX_CREDENTIALS_BYTES,
  parseCredentials,
  storeCarrierCredentials,
} from '../../shared/secrets';

const SECRET = 'hunter2-Sup3rS3cret';
const CREDENTIALS = { clientId: 'client-1', clientSecret: SECRET };
const ID = '0b7a4c2e-1d3f-4a5b-8c6d-7e8f9a0b1c2d';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** The message of what `fn` throws (or rejects with). */
const failure = async (fn: () => unknown): Promise<Error> => {
  try {
    await fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('did not fail');
};

describe('parseCredentials', () => {
  it('takes a JSON object of strings', () => {
    expect(parseCredentials(JSON.stringify(CREDENTIALS), 'stdin')).toEqual(CREDENTIALS);
    expect(parseCredentials(Buffer.from('{"a":""}'), 'stdin')).toEqual({ a: '' });
  });

  it.each([
    ['', 'stdin: no credentials given (expected a JSON object of strings)'],
    ['  \n', 'stdin: no credentials given (expected a JSON object of strings)'],
    [`{"clientSecret": "${SECRET}"`, 'stdin: credentials are not valid JSON'],
    [`"${SECRET}"`, 'stdin: credentials must be a JSON object of strings, e.g. {"clientId": "...", "clientSecret": "..."}'],
    [`["${SECRET}"]`, 'stdin: credentials must be a JSON object of strings, e.g. {"clientId": "...", "clientSecret": "..."}'],
    ['{}', 'stdin: credentials must have at least one entry'],
    [`{"a": "${SECRET}", "pin": 1234, "b": {"c": "d"}}`, 'stdin: credentials every value must be a string (2 are not)'],
    [`{"": "${SECRET}"}`, 'stdin: credentials every name must be 1 to 128 characters'],
  ])('refuses %j without quoting it', (text, message) => {
    const error = (() => {
      try {
        parseCredentials(text, 'stdin');
      } catch (e) {
        return e as Error;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(InvalidCredentials);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain(SECRET);
  });

  it(`refuses more than ${MAX_CREDENTIALS_BYTES} bytes`, () => {
    const big = JSON.stringify({ key: 'x'.repeat(MAX_CREDENTIALS_BYTES) });
    expect(() => parseCredentials(big, 'f.json')).toThrow(
      new InvalidCredentials(`f.json: credentials must be at most ${MAX_CREDENTIALS_BYTES} bytes of JSON, got ${big.length}`),
    );
  });
});

describe('file store (local runtime)', () => {
  let dataDir: string;
  let dir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    dir = path.join(dataDir, 'secrets', 'carrier-accounts');
    process.env.CARRIER_SECRETS_DIR = dir;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const mode = (p: string) => statSync(p).mode & 0o777;

  it('round trip: written 0600 in a 0700 directory, read back, deleted', async () => {
    expect(credentialsDestination()).toEqual({ store: 'file', dir });
    const ref = await storeCarrierCredentials({ carrierAccountId: ID, carrierCode: 'CARRIERX' }, CREDENTIALS, { store: 'file', dir });
    expect(ref).toEqual({ store: 'file', name: ID });
    expect(JSON.stringify(ref)).not.toContain(SECRET);
    const file = path.join(dir, `${ID}.json`);
    expect(mode(file)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(readdirSync(dir)).toEqual([`${ID}.json`]); // no temporary file left
    await expect(carrierCredentials({ carrierAccountId: ID, credentialsRef: ref })).resolves.toEqual(CREDENTIALS);
    await deleteCarrierCredentials(ref);
    expect(readdirSync(dir)).toEqual([]);
    const gone = await failure(() => carrierCredentials({ carrierAccountId: ID, credentialsRef: ref }));
    expect(gone).toBeInstanceOf(CredentialsUnavailable);
    expect(gone.message).toBe(`credentials of carrier account ${ID} are not available: ${file} does not exist`);
    // Deleting again is no error.
    await deleteCarrierCredentials(ref);
  });

  it('tightens a directory that already exists with looser permissions', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    await storeCarrierCredentials({ carrierAccountId: ID, carrierCode: 'CARRIERX' }, CREDENTIALS, { store: 'file', dir });
    expect(mode(dir)).toBe(0o700);
  });

  it('never overwrites an existing file', async () => {
    await storeCarrierCredentials({ carrierAccountId: ID, carrierCode: 'CARRIERX' }, CREDENTIALS, { store: 'file', dir });
    await expect(storeCarrierCredentials({ carrierAccountId: ID, carrierCode: 'CARRIERX' }, { other: 'x' }, { store: 'file', dir })).rejects.toThrow();
    await expect(carrierCredentials({ carrierAccountId: ID, credentialsRef: { store: 'file', name: ID } })).resolves.toEqual(CREDENTIALS);
  });

  it('refuses a file others may read, a link, and a file that is not credentials, without quoting it', async () => {
    const ref = await storeCarrierCredentials({ carrierAccountId: ID, carrierCode: 'CARRIERX' }, CREDENTIALS, { store: 'file', dir });
    const file = path.join(dir, `${ID}.json`);
    chmodSync(file, 0o644);
    expect((await failure(() => carrierCredentials({ carrierAccountId: ID, credentialsRef: ref }))).message).toMatch(
      /is readable by others \(mode 644\); chmod 600 it$/,
    );
    chmodSync(file, 0o600);

    const linked = path.join(dir, 'linked.json');
    symlinkSync(file, linked);
    expect((await failure(() => carrierCredentials({ carrierAccountId: ID, credentialsRef: { store: 'file', name: 'linked' } }))).message).toMatch(
      /cannot be opened \(ELOOP\)$/,
    );

    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, `{"clientSecret": "${SECRET}"`, { mode: 0o600 });
    const error = await failure(() => carrierCredentials({ carrierAccountId: ID, credentialsRef: { store: 'file', name: 'broken' } }));
    expect(error).toBeInstanceOf(CredentialsUnavailable);
    expect(error.message).toBe(`credentials of carrier account ${ID} are not available: ${broken}: credentials are not valid JSON`);
    expect(error.message).not.toContain(SECRET);
  });

  it('a file reference outside the local runtime (no CARRIER_SECRETS_DIR) is a clear error', async () => {
    delete process.env.CARRIER_SECRETS_DIR;
    expect((await failure(() => carrierCredentials({ carrierAccountId: ID, credentialsRef: { store: 'file', name: ID } }))).message).toBe(
      `credentials of carrier account ${ID} are not available: its credentials are a file of the local runtime, and CARRIER_SECRETS_DIR is not set here`,
    );
  });

  it('never turns a name into a path outside the directory', async () => {
    await expect(carrierCredentials({ carrierAccountId: ID, credentialsRef: { store: 'file', name: '../../etc/passwd' } })).rejects.toThrow(
      'invalid credentials file name',
    );
  });
});

describe('Secrets Manager (deployed stage)', () => {
  const sm = mockClient(SecretsManagerClient);
  const NAME = `shipping-api/dev/carrier-accounts/${ID}`;
  const ref = { store: 'secretsmanager', name: NAME } as const;
  const account = { carrierAccountId: ID, credentialsRef: ref };

  beforeEach(() => {
    sm.reset();
    clearCredentialsCache();
    delete process.env.CARRIER_SECRETS_DIR;
    process.env.CARRIER_SECRET_PREFIX = 'shipping-api/dev/carrier-accounts';
    process.env.AWS_REGION = 'us-east-1';
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads the secret once per cache period (maxAge), then again', async () => {
    process.env.CARRIER_SECRET_CACHE_SECONDS = '300';
    sm.on(GetSecretValueCommand, { SecretId: NAME }).resolves({ SecretString: JSON.stringify(CREDENTIALS) });
    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    await expect(carrierCredentials(account)).resolves.toEqual(CREDENTIALS);
    const first = await carrierCredentials(account);
    first.clientSecret = 'changed by a caller';
    now.mockReturnValue(start + 299_000);
    await expect(carrierCredentials(account)).resolves.toEqual(CREDENTIALS);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    now.mockReturnValue(start + 301_000);
    await expect(carrierCredentials(account)).resolves.toEqual(CREDENTIALS);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('with CARRIER_SECRET_CACHE_SECONDS=0 reads at every call', async () => {
    process.env.CARRIER_SECRET_CACHE_SECONDS = '0';
    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify(CREDENTIALS) });
    await carrierCredentials(account);
    await carrierCredentials(account);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('refuses a secret outside the stage prefix before asking Secrets Manager', async () => {
    const error = await failure(() => carrierCredentials({ carrierAccountId: ID, credentialsRef: { store: 'secretsmanager', name: 'other-app/db-password' } }));
    expect(error.message).toBe(
      `credentials of carrier account ${ID} are not available: secret other-app/db-password is not under this stage's prefix shipping-api/dev/carrier-accounts/`,
    );
    expect(sm.calls()).toHaveLength(0);
  });

  it.each([
    [{ SecretString: `{"clientSecret": "${SECRET}"` }, `secret ${NAME} is not valid JSON`],
    [{ SecretString: `["${SECRET}"]` }, `secret ${NAME}: credentials must be a JSON object of strings, e.g. {"clientId": "...", "clientSecret": "..."}`],
    [{ SecretString: `{"clientSecret": "${SECRET}", "pin": 1}` }, `secret ${NAME}: credentials every value must be a string (1 is not)`],
  ])('a secret that is not credentials (%j) is refused without quoting it', async (output, reason) => {
    sm.on(GetSecretValueCommand).resolves(output);
    const error = await failure(() => carrierCredentials(account));
    expect(error).toBeInstanceOf(CredentialsUnavailable);
    expect(error.message).toBe(`credentials of carrier account ${ID} are not available: ${reason}`);
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack, cause: (error as { cause?: unknown }).cause })).not.toContain(SECRET);
  });

  it('a missing secret names the AWS error', async () => {
    sm.on(GetSecretValueCommand).rejects(Object.assign(new Error("Secrets Manager can't find the specified secret."), { name: 'ResourceNotFoundException' }));
    expect((await failure(() => carrierCredentials(account))).message).toBe(
      `credentials of carrier account ${ID} are not available: secret ${NAME} cannot be read (ResourceNotFoundException)`,
    );
  });

  it('the admin CLI creates the secret under the prefix and deletes it with a recovery window', async () => {
    sm.on(CreateSecretCommand).resolves({ Name: NAME });
    sm.on(DeleteSecretCommand).resolves({});
    expect(credentialsDestination()).toEqual({ store: 'secretsmanager', prefix: 'shipping-api/dev/carrier-accounts' });
    const stored = await storeCarrierCredentials({ carrierAccountId: ID, carrierCode: 'CARRIERX' }, CREDENTIALS, {
      store: 'secretsmanager',
      prefix: 'shipping-api/dev/carrier-accounts',
    });
    expect(stored).toEqual(ref);
    const [create] = sm.commandCalls(CreateSecretCommand);
    expect(create!.args[0].input).toMatchObject({ Name: NAME, SecretString: JSON.stringify(CREDENTIALS) });
    expect(JSON.stringify({ ...create!.args[0].input, SecretString: undefined })).not.toContain(SECRET);
    await deleteCarrierCredentials(ref);
    expect(sm.commandCalls(DeleteSecretCommand)[0]!.args[0].input).toEqual({ SecretId: NAME, RecoveryWindowInDays: 7 });
    sm.on(DeleteSecretCommand).rejects(Object.assign(new Error('gone'), { name: 'ResourceNotFoundException' }));
    await expect(deleteCarrierCredentials(ref)).resolves.toBeUndefined();
  });

  it('no destination without CARRIER_SECRETS_DIR or CARRIER_SECRET_PREFIX', () => {
    delete process.env.CARRIER_SECRET_PREFIX;
    expect(credentialsDestination()).toBeUndefined();
  });
});
