import { defineCommand } from '../command';
import { requireCompany } from '../lookups';
import { accountNumber } from '../values';

export const blacklistAdd = defineCommand({
  kind: 'blacklist-add',
  words: 'blacklist add',
  options: {
    company: { type: 'string', value: 'ID', required: true, description: 'the company' },
    account: { type: 'string', value: 'NUMBER', required: true, description: 'a third-party carrier account number it may not bill', parse: accountNumber },
  },
  help: ['-> {"companyId","account"}'],
  build: (v) => ({ companyId: v.company, account: v.account }),
  run: async ({ companyId, account }) => {
    await requireCompany(companyId);
    const { addToBlacklist } = await import('../../shared/store/companies');
    await addToBlacklist(companyId, account);
    return { companyId, account };
  },
});
