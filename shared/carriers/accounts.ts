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
 *   with the reason logged, ship answers 502 CARRIER_ERROR "carrier account
 *   not configured".
 */
import type { CarrierAccount } from '../domain/carrier';
import type { PricingPlan } from '../domain/types';
import type { Credentials } from '../secrets';
import { cachedCarrierAccount } from '../store/carrier-accounts';

/** The port's account (shared/domain/carrier.ts); `credentials()` rejects with CredentialsUnavailable (shared/secrets.ts). */
export type { CarrierAccount };

/**
 * A pricing plan names a carrier account that cannot be used. The message is
 * for logs (it names the account id, never a credential); what a client is
 * told is the caller's choice.
 */
export class CarrierAccountNotConfigured extends Error {
  override readonly name = 'CarrierAccountNotConfigured';
  readonly code = 'CARRIER_ACCOUNT_NOT_CONFIGURED';

  constructor(
    readonly carrierAccountId: string,
    readonly carrierCode: string,
    readonly reason: 'not-found' | 'other-carrier',
    readonly pricingGroupId?: string,
  ) {
    super(
      reason === 'not-found'
        ? `carrier account not configured: ${carrierCode} account ${carrierAccountId}${pricingGroupId ? ` (pricing group ${pricingGroupId})` : ''} does not exist`
        : `carrier account not configured: account ${carrierAccountId} is not a ${carrierCode} account${pricingGroupId ? ` (pricing group ${pricingGroupId})` : ''}`,
    );
  }
}

const NO_CREDENTIALS = async (): Promise<Credentials> => ({});

/**
 * The registered account `carrierAccountId`, cached per container like the
 * reference data; throws CarrierAccountNotConfigured when there is none (or,
 * given `carrierCode`, when it is another carrier's).
 */
export const carrierAccountById = async (carrierAccountId: string, expected: { carrierCode?: string; pricingGroupId?: string } = {}): Promise<CarrierAccount> => {
  const account = await cachedCarrierAccount(carrierAccountId);
  if (!account) throw new CarrierAccountNotConfigured(carrierAccountId, expected.carrierCode ?? 'carrier', 'not-found', expected.pricingGroupId);
  if (expected.carrierCode !== undefined && account.carrierCode !== expected.carrierCode) {
    throw new CarrierAccountNotConfigured(carrierAccountId, expected.carrierCode, 'other-carrier', expected.pricingGroupId);
  }
  return {
    carrierAccountId: account.carrierAccountId,
    carrierCode: account.carrierCode,
    accountNumber: account.accountNumber,
    // The secret store (and its AWS client) loads on the first read of credentials: sandbox calls never load it.
    credentials: async () => (await import('../secrets')).carrierCredentials(account),
  };
};

/** The account a plan's carrier calls are made under (see above). */
export const resolveCarrierAccount = async (plan: Pick<PricingPlan, 'pricingGroupId' | 'carrierCode' | 'account' | 'carrierAccountId'>): Promise<CarrierAccount> => {
  if (plan.carrierAccountId === undefined) {
    return { carrierCode: plan.carrierCode, accountNumber: plan.account.accountNumber, credentials: NO_CREDENTIALS };
  }
  return carrierAccountById(plan.carrierAccountId, { carrierCode: plan.carrierCode, pricingGroupId: plan.pricingGroupId });
};
