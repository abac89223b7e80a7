/**
 * The options of `carrier-account add`, in one place: what every carrier's
 * account has (carrier, number, name, credentials file, a contract id where
 * the carrier has contracts), and what the carriers' profiles say of their
 * own accounts (shared/carriers/profile.ts, `account`): a carrier's name of
 * the account number, an option of its own (Canada Post's
 * `--customer-number`), and which contract ids it takes. Nothing here names
 * a carrier.
 */
import { CARRIER_PROFILES } from '../shared/carriers/registry';
import { echoed } from '../shared/domain/text-clipping';
import { carriers } from '../shared/reference/carriers';
import type { OptionSpec, Options } from './command';
import { accountNumber, carrierCode, InvalidValue } from './values';

/** Longest account name: a label in `carrier-account list`, not a document. */
const MAX_NAME_LENGTH = 100;

const accounts = CARRIER_PROFILES.flatMap((p) => (p.account ? [{ code: p.code, name: p.reference.carrier.fullName.en, ...p.account }] : []));
/** The option of a carrier's name of the account number: "customer number" is `customer-number`. */
const optionOf = (label: string) => label.trim().toLowerCase().replace(/\s+/g, '-');

/** Each carrier's name of the account number, another name of `--account-number`. */
const ACCOUNT_NUMBER_NAMES: Options = Object.fromEntries(
  accounts.flatMap(({ name, accountNumberLabel }) =>
    accountNumberLabel === undefined
      ? []
      : [
          [
            optionOf(accountNumberLabel),
            {
              type: 'string',
              value: 'N',
              aliasOf: 'account-number',
              description: `${name}: the ${accountNumberLabel}, which is the account number`,
            } satisfies OptionSpec,
          ],
        ],
  ),
);

const withContracts = accounts.filter((a) => a.contractId);

export const CARRIER_ACCOUNT_OPTIONS = {
  carrier: { type: 'string', value: carriers.map((c) => c.code).join('|'), required: true, description: 'the carrier (any case)', parse: carrierCode },
  'account-number': { type: 'string', value: 'N', required: true, description: "the account's number with the carrier", parse: accountNumber },
  'contract-id': {
    type: 'string',
    value: 'C',
    description: withContracts.map(({ name, contractId }) => `${name}: the contract id of a contract account, ${contractId!.rule}`).join('; '),
  },
  name: {
    type: 'string',
    value: 'N',
    description: `a name for it, at most ${MAX_NAME_LENGTH} characters (default: the carrier and the number)`,
    parse: (value, option) => {
      if (value.length > MAX_NAME_LENGTH) throw new InvalidValue(`${option} must be at most ${MAX_NAME_LENGTH} characters`);
      return value;
    },
  },
  'credentials-file': { type: 'string', value: 'F', description: 'the file of the credentials JSON (left out: stdin, piped)' },
  ...ACCOUNT_NUMBER_NAMES,
} as const satisfies Options;

/** The contract id of an account of `carrierCode`, as its profile takes them; InvalidValue for a carrier without contracts or an id it refuses. */
export const contractIdOf = (carrierCode: string, value: string): string => {
  const contractId = accounts.find((a) => a.code === carrierCode)?.contractId;
  if (!contractId) throw new InvalidValue(`--contract-id: a ${carrierCode} account has no contract id`);
  if (!contractId.pattern.test(value))
    throw new InvalidValue(`--contract-id must be ${contractId.rule} (a contract id such as ${contractId.example}), got "${echoed(value)}"`);
  return value;
};

/** The help's line of what the profiles add: each carrier's name of the account number, and its contract id. */
export const CARRIER_ACCOUNT_HELP: readonly string[] = accounts
  .filter((a) => a.accountNumberLabel !== undefined || a.contractId)
  .map(
    ({ name, accountNumberLabel, contractId }) =>
      `(${name}: ${[
        ...(accountNumberLabel !== undefined ? [`--${optionOf(accountNumberLabel)} N is the same as --account-number`] : []),
        ...(contractId ? ['--contract-id for a contract account'] : []),
      ].join('; ')})`,
  );
