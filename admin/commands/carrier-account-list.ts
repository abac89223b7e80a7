import { defineCommand } from '../command';
import { plansByAccount } from '../lookups';

export const carrierAccountList = defineCommand({
  kind: 'carrier-account-list',
  words: 'carrier-account list',
  options: {},
  quiet: true,
  help: [
    '-> [{"carrierAccountId","carrierCode","accountNumber","name","credentialsRef","createdDate","usedBy"}]',
    '   (where the credentials live, never what they are; usedBy: the pricing groups whose plan names it)',
  ],
  build: () => ({}),
  run: async () => {
    const [{ listCarrierAccounts }, { loadReference }] = await Promise.all([
      import('../../shared/store/carrier-accounts'),
      import('../../shared/store/reference'),
    ]);
    const [accounts, reference] = await Promise.all([listCarrierAccounts(), loadReference()]);
    const usedBy = plansByAccount(reference.plansByGroup);
    return accounts.map((a) => ({
      carrierAccountId: a.carrierAccountId,
      carrierCode: a.carrierCode,
      accountNumber: a.accountNumber,
      name: a.name,
      credentialsRef: a.credentialsRef,
      createdDate: a.createdDate,
      usedBy: (usedBy.get(a.carrierAccountId) ?? []).map((p) => p.pricingGroupId).sort(),
    }));
  },
});
