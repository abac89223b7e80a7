/**
 * Third-party billing at rate time (spec 2.11, part 7): who pays decides
 * nothing about the price, but a blacklisted bill-to account is refused before
 * any carrier is asked.
 */
import type { BillingOptions } from './schema';
import { validationError } from '../issues';

export const THIRD_PARTY = 'thirdParty';

export const isThirdPartyBilling = (billing: BillingOptions | undefined): boolean => billing?.type === THIRD_PARTY;

/** Account numbers compare without case, spaces or dashes: `ab-12 3` is `AB123`. */
export const normalizeAccountNumber = (account: string): string => account.replace(/[\s-]/g, '').toUpperCase();

/**
 * Throws 400 when third-party billing names no bill-to account, or one on the
 * organization's blacklist. Other billing types are not checked here.
 */
export const assertBillingAllowed = (billing: BillingOptions | undefined, blacklist: readonly string[]): void => {
  if (!isThirdPartyBilling(billing)) return;
  const account = billing?.thirdPartyShipperNumber;
  const path = 'billingOptions.thirdPartyShipperNumber';
  if (account === undefined || normalizeAccountNumber(account) === '') {
    throw validationError([{ path, message: `is required when billingOptions.type is ${THIRD_PARTY}` }]);
  }
  const refused = new Set(blacklist.map(normalizeAccountNumber));
  if (refused.has(normalizeAccountNumber(account))) {
    throw validationError([{ path, message: 'is not allowed for third-party billing by this organization' }]);
  }
};
