/** What the UPS connector's tests share: a UPS pricing plan under one carrier account. */
import type { PricingPlan } from '../../../../shared/domain/entities';

/** A UPS plan of shipper number A1B2C3, under carrier account `carrierAccountId`. */
export const upsPlan = (carrierAccountId = 'acct-ups-1'): PricingPlan => ({
  pricingGroupId: 'pg-1',
  carrierCode: 'UPS',
  account: { accountNumber: 'A1B2C3' },
  carrierAccountId,
  accountDiscountBp: 1000,
  customerDiscountBp: 500,
  services: [],
  currency: 'CAD',
});
