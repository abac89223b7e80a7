import { randomUUID } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { InvalidCredentials, MAX_CREDENTIALS_BYTES, parseCredentials, type Credentials } from '../../shared/secrets';
import { CARRIER_PROFILES } from '../../shared/carriers/registry';
import { CARRIER_ACCOUNT_HELP, CARRIER_ACCOUNT_OPTIONS, contractIdOf } from '../carrier-account-options';
import { defineCommand } from '../command';
import { AdminError, UsageError } from '../errors';
import type { AdminIo } from '../io';
import { storedCarrier } from '../lookups';

/** A credentials file: a regular file (no link followed) of at most MAX_CREDENTIALS_BYTES. */
const readCredentialsFile = (file: string): Buffer => {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    throw new UsageError(`carrier-account add: cannot read --credentials-file ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`carrier-account add: --credentials-file ${file} is not a regular file`);
    if (stat.size > MAX_CREDENTIALS_BYTES)
      throw new UsageError(`carrier-account add: --credentials-file ${file} is larger than ${MAX_CREDENTIALS_BYTES} bytes`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
};

const readCredentials = async (carrierCode: string, credentialsFile: string | undefined, io: AdminIo): Promise<Credentials> => {
  const source = credentialsFile ?? 'stdin';
  const text = credentialsFile !== undefined ? readCredentialsFile(credentialsFile) : await io.readStdin();
  let credentials: Credentials;
  try {
    credentials = parseCredentials(text, `carrier-account add: ${source}`);
  } catch (e) {
    if (e instanceof InvalidCredentials) throw new UsageError(e.message);
    throw e;
  }
  // A live carrier's profile names the fields it authenticates with: a typo is caught now, not at the first rate.
  const fields = CARRIER_PROFILES.find((p) => p.code === carrierCode)?.account?.credentialFields ?? [];
  const missing = fields.filter((field) => !credentials[field]?.trim());
  if (missing.length > 0) {
    throw new UsageError(`carrier-account add: ${source}: ${carrierCode} credentials need ${fields.join(' and ')}; missing ${missing.join(', ')}`);
  }
  return credentials;
};

export const carrierAccountAdd = defineCommand({
  kind: 'carrier-account-add',
  words: 'carrier-account add',
  options: CARRIER_ACCOUNT_OPTIONS,
  quiet: true,
  help: [
    ...CARRIER_ACCOUNT_HELP,
    `-> {"carrierAccountId"}   The credentials, a JSON object of strings (at most ${MAX_CREDENTIALS_BYTES / 1024} KiB),`,
    '   come from the file F or, without --credentials-file, from stdin (piped, never typed',
    '   at a terminal); never from an argument. Stored in a secret store, never in the table:',
    '   locally DATA_DIR/secrets/carrier-accounts/<id>.json (0600), on a stage the Secrets',
    '   Manager secret <CARRIER_SECRET_PREFIX>/<id>.',
  ],
  build: (v) => ({
    carrierCode: v.carrier,
    accountNumber: v['account-number'],
    ...(v.name !== undefined ? { name: v.name } : {}),
    ...(v['credentials-file'] !== undefined ? { credentialsFile: v['credentials-file'] } : {}),
    ...(v['contract-id'] !== undefined ? { contractId: contractIdOf(v.carrier, v['contract-id']) } : {}),
  }),
  run: async (command, { io }) => {
    const [{ credentialsDestination, deleteCarrierCredentials, storeCarrierCredentials }, { putCarrierAccount }] = await Promise.all([
      import('../../shared/secrets'),
      import('../../shared/store/carrier-accounts'),
    ]);
    const destination = credentialsDestination();
    if (!destination) {
      throw new AdminError(
        'carrier-account add: no secret store for the credentials. On a deployed stage set CARRIER_SECRET_PREFIX to the ' +
          "stack's CarrierSecretPrefix output; locally, run it while npm start is running (same DATA_DIR).",
      );
    }
    await storedCarrier(command.carrierCode);
    // Read (and checked) before anything is written.
    const credentials = await readCredentials(command.carrierCode, command.credentialsFile, io);
    const carrierAccountId = randomUUID();
    const credentialsRef = await storeCarrierCredentials({ carrierAccountId, carrierCode: command.carrierCode }, credentials, destination);
    try {
      await putCarrierAccount({
        carrierAccountId,
        carrierCode: command.carrierCode,
        accountNumber: command.accountNumber,
        ...(command.contractId ? { contractId: command.contractId } : {}),
        name: command.name ?? `${command.carrierCode} ${command.accountNumber}`,
        credentialsRef,
        createdDate: new Date().toISOString(),
      });
    } catch (e) {
      // No secret without its account.
      await deleteCarrierCredentials(credentialsRef).catch(() => undefined);
      throw e;
    }
    return { carrierAccountId };
  },
});
