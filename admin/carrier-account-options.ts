/**
 * The options of `carrier-account add`, in one place: what every carrier's
 * account has (carrier, number, name, credentials file) and what only
 * Canada Post's has (the customer number, its name for the account number,
 * and the contract id). The carrier-specific ones belong to the carrier
 * profiles; this table is where they would be read from them.
 */
import { echoed } from '../shared/domain/text-clipping';
import { carriers } from '../shared/reference/carriers';
import type { Options } from './command';
import { accountNumber, carrierCode, InvalidValue } from './values';

/** Longest account name: a label in `carrier-account list`, not a document. */
const MAX_NAME_LENGTH = 100;

export const CARRIER_ACCOUNT_OPTIONS = {
  carrier: { type: 'string', value: carriers.map((c) => c.code).join('|'), required: true, description: 'the carrier (any case)', parse: carrierCode },
  'account-number': { type: 'string', value: 'N', required: true, description: "the account's number with the carrier", parse: accountNumber },
  'contract-id': {
    type: 'string',
    value: 'C',
    description: "Canada Post: the contract id of a contract account, 1 to 10 digits",
    // Canada Post refuses any other contract id at every rate and ship.
    parse: (value, option) => {
      if (!/^[0-9]{1,10}$/.test(value)) throw new InvalidValue(`${option} must be 1 to 10 digits (a contract id such as 42708517), got "${echoed(value)}"`);
      return value;
    },
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
  'customer-number': { type: 'string', value: 'N', aliasOf: 'account-number', description: 'Canada Post: the customer number, which is the account number' },
} as const satisfies Options;
