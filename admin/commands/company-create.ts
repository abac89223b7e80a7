import { pricingGroups } from '../../shared/reference/pricing-groups';
import { defineCommand } from '../command';
import { InvalidValue } from '../values';

const GROUP_IDS = pricingGroups.map((g) => g.id);

export const companyCreate = defineCommand({
  kind: 'company-create',
  words: 'company create',
  options: {
    name: { type: 'string', value: 'N', required: true, description: 'the company name' },
    'pricing-group': {
      type: 'string',
      value: GROUP_IDS.join('|'),
      description: 'the pricing group whose plans price its rates (default: default)',
      parse: (value) => {
        if (!GROUP_IDS.includes(value)) throw new InvalidValue(`unknown pricing group "${value}"; known: ${GROUP_IDS.join(', ')}`);
        return value;
      },
    },
    billing: {
      type: 'string',
      value: 'account|prepaid',
      description: 'how it pays (default: account)',
      parse: (value, option): 'account' | 'prepaid' => {
        if (value !== 'account' && value !== 'prepaid') throw new InvalidValue(`${option} must be account or prepaid, got "${value}"`);
        return value;
      },
    },
    'no-user': { type: 'boolean', description: 'without the user the company is created with' },
  },
  help: ['-> {"companyId"}'],
  build: (v) => ({ name: v.name, pricingGroupId: v['pricing-group'] ?? 'default', billing: v.billing ?? 'account', withUser: !v['no-user'] }),
  run: async (command) => {
    const { createCompany } = await import('../../shared/store/companies');
    const { name, pricingGroupId, billing, withUser } = command;
    const company = await createCompany({ name, pricingGroupId, billing, withUser });
    return { companyId: company.companyId };
  },
});
