/**
 * The carrier account a pricing plan's carrier calls are made under: its
 * number, and its credentials fetched only when a connector asks for them
 * (`credentials()`; sandbox carriers never do, so rating and shipping on the
 * sandbox network read no secret). The credentials come from the secret
 * store the account's reference names (shared/secrets.ts) and are never
 * kept on the plan, the account item, a rate record or an order.
 *
 * - A plan without `carrierAccountId` (the sandbox plans of the seed) is its
 *   own account: the plan's account number, no credentials.
 * - A plan naming an account that is gone, or that belongs to another
 *   carrier, throws CarrierAccountNotConfigured: rating skips that carrier
 *   with the reason logged, ship answers 409 RATE_ACCOUNT_CHANGED
 *   (`accountForRate`), a cancel 502 CARRIER_ERROR "carrier account not
 *   configured; the operator must fix the carrier account".
 * - An account whose credentials cannot be read makes `credentials()` reject
 *   with CarrierAccountNotConfigured too (reason `credentials`).
 *
 * An internal carrier-account id is the operator's, never a caller's: these
 * errors' messages name none (nor where a secret lives), since callers put
 * them in answers; the id and the reason go to the log line written here.
 */
import { unusableAccountMessage, type CarrierAccount } from '../domain/carrier';
import type { StoredRate } from '../domain/rate/stored';
import type { PricingPlan } from '../domain/entities';
import { AppError } from '../errors';
import { logger } from '../observability';
import type { Credentials } from '../secrets';
import { cachedCarrierAccount } from '../store/carrier-accounts';

/** The port's account (shared/domain/carrier.ts); `credentials()` rejects with CredentialsUnavailable (shared/secrets.ts). */
export type { CarrierAccount };

/**
 * A carrier account that cannot be used: gone, another carrier's, or its
 * credentials unreadable. The message names neither the account nor where
 * its secret lives (a caller may show it); the fields, and the log line
 * written where it is thrown, do.
 */
export class CarrierAccountNotConfigured extends Error {
  override readonly name = 'CarrierAccountNotConfigured';
  readonly code = 'CARRIER_ACCOUNT_NOT_CONFIGURED';

  constructor(
    readonly carrierAccountId: string,
    readonly carrierCode: string,
    readonly reason: 'not-found' | 'other-carrier' | 'credentials',
    readonly pricingGroupId?: string,
  ) {
    super(
      unusableAccountMessage(reason === 'credentials' ? 'carrier account not configured: its credentials are not available' : 'carrier account not configured'),
    );
  }
}

/**
 * Whether `error` says a carrier account cannot be used and the call did
 * nothing at the carrier: CarrierAccountNotConfigured, or a connector's
 * CarrierAccountUnusable (its credentials incomplete or refused;
 * shared/carriers/live-call.ts). By name: a second copy of a module in a
 * bundle would defeat instanceof.
 */
export const isAccountNotConfigured = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'CarrierAccountNotConfigured' || error.name === 'CarrierAccountUnusable');

/** Logs what a CarrierAccountNotConfigured leaves out of its message (the id, the reason), and returns it to throw. */
const notConfigured = (error: CarrierAccountNotConfigured, detail?: string): CarrierAccountNotConfigured => {
  const { carrierAccountId, carrierCode, reason, pricingGroupId } = error;
  logger.warn('carrier account not configured', {
    carrierAccountId,
    carrierCode,
    reason,
    ...(pricingGroupId ? { pricingGroupId } : {}),
    ...(detail ? { detail } : {}),
  });
  return error;
};

const NO_CREDENTIALS = async (): Promise<Credentials> => ({});

/**
 * The registered account `carrierAccountId`, cached per container like the
 * reference data; throws CarrierAccountNotConfigured when there is none (or,
 * given `carrierCode`, when it is another carrier's).
 */
export const carrierAccountById = async (
  carrierAccountId: string,
  expected: { carrierCode?: string; pricingGroupId?: string } = {},
): Promise<CarrierAccount> => {
  const account = await cachedCarrierAccount(carrierAccountId);
  if (!account) throw notConfigured(new CarrierAccountNotConfigured(carrierAccountId, expected.carrierCode ?? 'carrier', 'not-found', expected.pricingGroupId));
  if (expected.carrierCode !== undefined && account.carrierCode !== expected.carrierCode) {
    throw notConfigured(new CarrierAccountNotConfigured(carrierAccountId, expected.carrierCode, 'other-carrier', expected.pricingGroupId));
  }
  return {
    carrierAccountId: account.carrierAccountId,
    carrierCode: account.carrierCode,
    accountNumber: account.accountNumber,
    ...(account.contractId ? { contractId: account.contractId } : {}),
    credentials: async () => {
      // The secret store (and its AWS client) loads on the first read of credentials: sandbox calls never load it.
      const secrets = await import('../secrets');
      try {
        return await secrets.carrierCredentials(account);
      } catch (error) {
        // Its message names the account and the file or secret: the log's, not a connector's error.
        if (!(error instanceof secrets.CredentialsUnavailable)) throw error;
        throw notConfigured(new CarrierAccountNotConfigured(account.carrierAccountId, account.carrierCode, 'credentials'), error.message);
      }
    },
  };
};

/** The account a plan's carrier calls are made under (see above). */
export const resolveCarrierAccount = async (
  plan: Pick<PricingPlan, 'pricingGroupId' | 'carrierCode' | 'account' | 'carrierAccountId'>,
): Promise<CarrierAccount> => {
  if (plan.carrierAccountId === undefined) {
    return { carrierCode: plan.carrierCode, accountNumber: plan.account.accountNumber, credentials: NO_CREDENTIALS };
  }
  return carrierAccountById(plan.carrierAccountId, { carrierCode: plan.carrierCode, pricingGroupId: plan.pricingGroupId });
};

/**
 * The account a rate response is shipped under (docs/decisions.md, "A rate is
 * bought on the account it was quoted on"): the one it was quoted under, as
 * long as the pricing plan still names it and it still exists. Otherwise the
 * rate's price belongs to another account's contract: 409
 * RATE_ACCOUNT_CHANGED, rate again. Never the plan's new account at the old
 * price.
 */
export const accountForRate = async (
  rate: Pick<StoredRate, 'rateResponseId' | 'pricingGroupId' | 'carrierCode' | 'carrierAccountId'>,
  plan: Pick<PricingPlan, 'pricingGroupId' | 'carrierCode' | 'account' | 'carrierAccountId'>,
): Promise<CarrierAccount> => {
  const quotedUnder = rate.carrierAccountId;
  const changed = (reason: string) => {
    logger.warn('rate account changed', {
      rateResponseId: rate.rateResponseId,
      carrierCode: rate.carrierCode,
      pricingGroupId: rate.pricingGroupId,
      reason,
      ...(quotedUnder ? { quotedUnder } : {}),
      ...(plan.carrierAccountId ? { planAccount: plan.carrierAccountId } : {}),
    });
    return new AppError(
      409,
      'RATE_ACCOUNT_CHANGED',
      `The ${rate.carrierCode} carrier account this rate was quoted under no longer serves your pricing group; rate the shipment again`,
    );
  };
  if (quotedUnder !== plan.carrierAccountId) throw changed('the plan names another account');
  try {
    return await resolveCarrierAccount(plan);
  } catch (error) {
    if (!(error instanceof CarrierAccountNotConfigured)) throw error;
    throw changed('the account is gone');
  }
};
