/** What the FedEx connector's tests share: a FedEx plan under one carrier account, and the simulator's account. */
import type { PricingPlan } from '../../../../shared/domain/entities';
import type { CarrierService } from '../../../../shared/domain/entities';
import { reference } from '../../../../shared/carriers/fedex/reference';
import { ACCOUNT } from '../../local/fedex/fixtures';

/** A FedEx plan of the simulator's account, under carrier account `carrierAccountId`. */
export const fedexPlan = (carrierAccountId = 'acct-fedex-1', accountNumber = ACCOUNT): PricingPlan => ({
  pricingGroupId: 'pg-1',
  carrierCode: 'FEDEX',
  account: { accountNumber },
  carrierAccountId,
  accountDiscountBp: 1000,
  customerDiscountBp: 500,
  services: [],
  currency: 'CAD',
});

/** Every FedEx service, enabled. */
export const fedexServices: CarrierService[] = reference.services;
